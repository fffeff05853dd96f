/*
 * The same few paths taken N times (the argument): a calling-context
 * tree's size must not follow N (collect_test.sh, flat).
 */
#include <stdio.h>
#include <stdlib.h>

static volatile long sink;

static void
leaf(int i)
{
	sink += i;
}

static void
mid(int i)
{
	leaf(i);
	if (i % 3 == 0)
		leaf(i + 1);
}

static long
fib(int n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

int
main(int argc, char *argv[])
{
	long i, n;

	n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000;
	for (i = 0; i < n; i++) {
		mid((int)i);
		leaf((int)i);
	}
	printf("%ld\n", fib(argc > 2 ? (int)strtol(argv[2], NULL, 10) : 10));
	return 0;
}
