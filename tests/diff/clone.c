/*
 * clone.c: a static function gcc copies for its constant argument
 * (scale.constprop.0 at -O2), for gp-diff's matching of a function's
 * copies; built with -fno-ipa-cp it stays scale.
 */
#include <stdlib.h>

volatile long sink;

static __attribute__((noinline)) long
scale(long n, int k)
{
	long s = 0;

	for (long i = 0; i < n; i++)
		s += (i * k) ^ sink;
	return s;
}

int
main(int argc, char *argv[])
{
	long n = argc > 1 ? atol(argv[1]) : 1000;

	for (int i = 0; i < 100; i++)
		sink += scale(n, 3);
	return 0;
}
