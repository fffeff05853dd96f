/*
 * Two worker threads that block every signal, as xz's do, and spend
 * about half a second of CPU each in instrumented code while the main
 * thread waits: SIGPROF cannot interrupt them, so the histogram gets no
 * sample from them, and the profile must say so (gprt(3)).
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <time.h>

static volatile long sink;

static void
work(long i)
{
	sink += i;
}

static double
cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void *
worker(void *arg)
{
	long i;

	for (i = 0; cpu() < 0.5; i++)
		work(i);
	return arg;
}

int
main(void)
{
	pthread_t t[2];
	sigset_t all, old;
	int i;

	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	for (i = 0; i < 2; i++)
		if (pthread_create(&t[i], NULL, worker, NULL) != 0)
			return 1;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	for (i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	printf("%ld\n", sink > 0 ? 2L : 0L);
	return 0;
}
