/*
 * A small program for gmon-cat's tests to profile: a few levels of
 * calls, a cycle, and enough work to leave histogram samples.
 * Usage: work [rounds]
 */
#include <stdio.h>
#include <stdlib.h>

static volatile unsigned long sink;

static void odd(int);

static void
leaf(unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++)
		sink += i * i;
}

static void
even(int n)
{
	if (n > 0)
		odd(n - 1);
	else
		leaf(1000);
}

static void
odd(int n)
{
	if (n > 0)
		even(n - 1);
	else
		leaf(2000);
}

static void
mid(unsigned n)
{
	int i;

	for (i = 0; i < 10; i++)
		leaf(n);
}

int
main(int argc, char *argv[])
{
	unsigned long k, rounds;

	rounds = argc > 1 ? strtoul(argv[1], NULL, 10) : 100;
	for (k = 0; k < rounds; k++) {
		mid(20000);
		even(5);
	}
	printf("%lu\n", sink);
	return 0;
}
