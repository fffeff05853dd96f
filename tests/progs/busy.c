/* CPU time in three functions, 6:3:1, in main or in N threads. */
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>

static volatile double sink;

__attribute__((noinline)) static void
spin(long n)
{
	double x = 0;
	long i;

	for (i = 0; i < n; i++)
		x += (double)i * 0.5;
	sink += x;
}

__attribute__((noinline)) void alpha(long n) { long i; double x = 0; for (i = 0; i < 6 * n; i++) x += i * 0.25; sink += x; }
__attribute__((noinline)) void beta(long n) { long i; double x = 0; for (i = 0; i < 3 * n; i++) x += i * 0.75; sink += x; }
__attribute__((noinline)) void gamma_(long n) { spin(n); }

static long N;

static void *
run(void *arg)
{
	int r;

	for (r = 0; r < 20; r++) {
		alpha(N);
		beta(N);
		gamma_(N);
	}
	return arg;
}

int
main(int argc, char **argv)
{
	pthread_t t[64];
	int i, nt = argc > 1 ? atoi(argv[1]) : 0;

	N = argc > 2 ? atol(argv[2]) : 5000000;
	if (nt == 0)
		run(NULL);
	for (i = 0; i < nt && i < 64; i++)
		pthread_create(&t[i], NULL, run, NULL);
	for (i = 0; i < nt && i < 64; i++)
		pthread_join(t[i], NULL);
	printf("%g\n", sink);
	return 0;
}
