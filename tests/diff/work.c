/*
 * work.c: a program whose calls depend on its argument, for gp-diff:
 * "work N" calls leaf N * 1000 times through twice, steady 500 times,
 * and, for N > 5 only, extra N times (absent from smaller runs); for
 * N <= 5 only, small once.  leaf and extra take long enough to be
 * sampled.
 */
#include <stdlib.h>

volatile long sink;

void
leaf(long i)
{
	for (int j = 0; j < 3000; j++)
		sink += i ^ j;
}

void
twice(long n)
{
	for (long i = 0; i < n; i++)
		leaf(i);
}

void
steady(void)
{
	for (int i = 0; i < 1000; i++)
		sink ^= i;
}

void
extra(void)
{
	for (int i = 0; i < 5000000; i++)
		sink += i;
}

void
small(void)
{
	sink++;
}

int
main(int argc, char *argv[])
{
	long n = argc > 1 ? atol(argv[1]) : 3;

	twice(n * 1000);
	for (int i = 0; i < 500; i++)
		steady();
	if (n > 5)
		for (long i = 0; i < n; i++)
			extra();
	else
		small();
	return 0;
}
