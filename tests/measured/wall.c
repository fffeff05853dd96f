/*
 * Time a PC-sampling profiler cannot see: a function that sleeps.  And
 * time it can: a busy loop, called from two places.
 */
#include <unistd.h>

static volatile long sink;

static void
nap(void)
{
	usleep(100000);
}

static void
spin(long n)
{
	long i;

	for (i = 0; i < n; i++)
		sink += i;
}

static void
worker(int k)
{
	spin(1000000L * k);
}

int
main(void)
{
	int i;

	for (i = 1; i <= 3; i++)
		worker(i);
	spin(1000);
	nap();
	nap();
	return 0;
}
