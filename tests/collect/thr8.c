/*
 * 8 threads, each its own mix of recursion and calls from two sites
 * (collect_test.sh, threads): a tree and a timeline each.
 */
#include <pthread.h>
#include <stdio.h>

#define NTHR	8

static volatile long sink;

static void
leaf(long i)
{
	sink += i;
}

static long
fib(int n)
{
	leaf(n);
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static void *
run(void *arg)
{
	long i, k = (long)arg;

	for (i = 0; i < 1000 * (k + 1); i++)
		leaf(i);
	fib(10 + (int)k);
	leaf(k);
	return NULL;
}

int
main(void)
{
	pthread_t t[NTHR];
	long i;

	for (i = 0; i < NTHR; i++)
		if (pthread_create(&t[i], NULL, run, (void *)i) != 0)
			return 1;
	for (i = 0; i < NTHR; i++)
		pthread_join(t[i], NULL);
	printf("%ld\n", sink);
	return 0;
}
