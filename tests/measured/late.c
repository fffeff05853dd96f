/*
 * A thread that goes on calling while main exits: its calls after
 * gmon.out is written are in the companion file only.
 */
#include <pthread.h>
#include <stdlib.h>

static volatile long calls;

static void
work(void)
{
	calls++;
}

static void *
loop(void *arg)
{
	for (;;)
		work();
	return arg;
}

int
main(void)
{
	pthread_t t;

	if (pthread_create(&t, NULL, loop, NULL) != 0)
		return 1;
	while (calls < 100000)
		;
	exit(0);
}
