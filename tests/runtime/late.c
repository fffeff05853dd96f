/*
 * Calls still open when the process ends.
 *
 *	late loop	work() spins for 0.3 s, calling a short function at
 *			every turn, then the process kills itself from
 *			inside work(): its calls record no time after
 *			their first checkpoint (GPRT_FLUSH set long)
 *	late wait exit	a thread blocks inside waitforever() for good;
 *	late wait kill	main spins 0.3 s after it blocked, then exit(3)
 *			or SIGKILL
 *
 * The open calls must be closed at the end of the process, not at the
 * last time their thread recorded.
 */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile long sink;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int ready;

__attribute__((__no_instrument_function__)) static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void
tick(long i)
{
	sink += i;
}

static void
work(void)
{
	double t0 = now();
	long i, n = 0;

	while (now() - t0 < 0.3) {
		for (i = 0; i < 2000; i++)
			sink += i;
		tick(n++);
	}
	kill(getpid(), SIGKILL);
}

static void
waitforever(void)
{
	pthread_mutex_lock(&mu);
	ready = 1;
	pthread_cond_broadcast(&cv);
	for (;;)
		pthread_cond_wait(&cv, &mu);
}

static void *
bg(void *arg)
{
	(void)arg;
	waitforever();
	return NULL;
}

static void
spin(void)
{
	double t0 = now();

	while (now() - t0 < 0.3)
		sink++;
}

int
main(int argc, char *argv[])
{
	pthread_t th;

	if (argc > 1 && strcmp(argv[1], "loop") == 0) {
		work();
		return 1;
	}
	if (pthread_create(&th, NULL, bg, NULL) != 0)
		return 2;
	pthread_mutex_lock(&mu);
	while (!ready)
		pthread_cond_wait(&cv, &mu);
	pthread_mutex_unlock(&mu);
	spin();
	if (argc > 2 && strcmp(argv[2], "kill") == 0)
		kill(getpid(), SIGKILL);
	exit(0);
}
