/*
 * Work done in a signal handler, for the gprof compatibility tests: a
 * SIGALRM handler driven by an interval timer calls functions of its own,
 * while main keeps busy until enough signals have been handled.  The
 * handler has no caller in the call graph.  Runs for about 0.3 s.
 */
#include <sys/time.h>

#include <signal.h>
#include <stdio.h>
#include <string.h>

static volatile unsigned long sink;
static volatile sig_atomic_t ticks;

static void
crunch(int n)
{
	int i;

	for (i = 0; i < n; i++)
		sink += i * 3;
}

void
in_handler(int n)
{
	crunch(n);
	crunch(n / 2);
}

static void
on_alarm(int sig)
{
	(void)sig;
	in_handler(400000);
	ticks++;
}

void
busy(void)
{
	int i;

	for (i = 0; i < 100000; i++)
		sink += i;
}

int
main(void)
{
	struct itimerval it;
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGALRM, &sa, NULL) == -1)
		return 1;
	memset(&it, 0, sizeof(it));
	it.it_interval.tv_usec = 5000;
	it.it_value.tv_usec = 5000;
	if (setitimer(ITIMER_REAL, &it, NULL) == -1)
		return 1;
	while (ticks < 50)
		busy();
	memset(&it, 0, sizeof(it));
	setitimer(ITIMER_REAL, &it, NULL);
	printf("%lu\n", (unsigned long)ticks);
	return 0;
}
