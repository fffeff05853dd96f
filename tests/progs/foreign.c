/*
 * A program for the perf and callgrind readers: known call counts, two
 * functions that take most of the time, a call into libm, and with an
 * argument a second thread named "worker".  noipa: no call may be
 * merged or dropped, so that every build makes the same calls.
 */
#define _GNU_SOURCE
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

volatile double sink;

__attribute__((noipa)) static double
leaf(int n)
{
	double s = 0;
	int i;

	for (i = 0; i < n; i++)
		s += i * 0.25;
	return s;
}

__attribute__((noipa)) double
work_a(int n)
{
	return leaf(n) + leaf(n / 2);
}

__attribute__((noipa)) double
work_b(int n)
{
	double s = 0;
	int i;

	for (i = 0; i < 3; i++)
		s += work_a(n);
	return s;
}

__attribute__((noipa)) double
busy(long n)
{
	volatile double s = 0;
	long i;

	for (i = 0; i < n; i++)
		s += i * 0.5;
	return s;
}

__attribute__((noipa)) double
maths(int n)
{
	double s = 0;
	int i;

	for (i = 0; i < n; i++)
		s += cbrt(i + 0.5);
	return s;
}

static long scale = 1;

static void *
worker(void *a)
{
	(void)a;
	/* named first, so that every sample of it has its name */
	pthread_setname_np(pthread_self(), "worker");
	sink += busy(200000 * scale) + work_a(10000);
	return NULL;
}

int
main(int argc, char **argv)
{
	pthread_t t;
	int i, threads = argc > 2;

	if (argc > 1)
		scale = atol(argv[1]);
	if (threads)
		pthread_create(&t, NULL, worker, NULL);
	for (i = 0; i < 4; i++)
		sink += work_b(150000 * scale);
	sink += busy(600000 * scale);
	sink += maths(30000 * scale);
	if (threads)
		pthread_join(t, NULL);
	printf("%g\n", (double)sink);
	return 0;
}
