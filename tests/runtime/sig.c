/*
 * A signal handler running instrumented code thousands of times a second,
 * interrupting the hooks themselves most of the time.
 */
#include <sys/time.h>

#include <signal.h>
#include <stdio.h>

static volatile long sink, nsig;

static void
inhandler(void)
{
	sink++;
}

static void
handler(int sig)
{
	nsig++;
	inhandler();
}

static void
work(long i)
{
	sink += i;
}

int
main(void)
{
	struct itimerval it = { { 0, 50 }, { 0, 50 } };
	long i;

	signal(SIGALRM, handler);
	setitimer(ITIMER_REAL, &it, NULL);
	for (i = 0; i < 3000000; i++)
		work(i);
	signal(SIGALRM, SIG_IGN);
	printf("%ld\n", nsig);
	return 0;
}
