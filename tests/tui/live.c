/* 8 threads calling hot() and cold() for argv[1] seconds. */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static volatile long sink;
static double secs;

static void hot(int n) { int i; for (i = 0; i < n * 50; i++) sink += i; }
static void cold(int n) { sink += n; }

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void *
run(void *arg)
{
	double t0 = now();
	int i = 0;

	while (now() - t0 < secs) {
		hot(i % 100);
		cold(i++);
	}
	return arg;
}

int
main(int argc, char **argv)
{
	pthread_t t[8];
	int i, n = argc > 2 ? atoi(argv[2]) : 8;

	secs = argc > 1 ? atof(argv[1]) : 5;
	for (i = 0; i < n; i++)
		pthread_create(&t[i], NULL, run, NULL);
	for (i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	return 0;
}
