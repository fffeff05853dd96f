/* 8 threads making a million calls each. */
#include <pthread.h>
#include <stdio.h>

#define NTHR	8
#define NCALL	1000000

static volatile long sink;

static void
work(long i)
{
	sink += i;
}

static void *
run(void *arg)
{
	long i;

	for (i = 0; i < NCALL; i++)
		work(i);
	return arg;
}

int
main(void)
{
	pthread_t t[NTHR];
	int i;

	for (i = 0; i < NTHR; i++)
		if (pthread_create(&t[i], NULL, run, NULL) != 0)
			return 1;
	for (i = 0; i < NTHR; i++)
		pthread_join(t[i], NULL);
	printf("%ld\n", sink);
	return 0;
}
