/*
 * A signal handler that leaves with siglongjmp(3), thousands of times a
 * second, so most often from inside the hooks, which it leaves half done.
 * The calls made after the last jump, deeper on the stack than the hooks
 * it left, must all be counted.  Prints the calls of after() made and the
 * jumps taken.
 */
#include <sys/time.h>

#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

static volatile sig_atomic_t jumps;
static volatile long sink;
static sigjmp_buf env;

static void
jump(int sig)
{
	(void)sig;
	jumps++;
	siglongjmp(env, 1);
}

static void
work(long i)
{
	sink += i;
}

static void
after(int d)
{
	sink -= d;
	if (d > 0)
		after(d - 1);
}

int
main(void)
{
	struct itimerval it = { { 0, 100 }, { 0, 100 } }, off;
	volatile long i;
	long n;

	signal(SIGALRM, jump);
	setitimer(ITIMER_REAL, &it, NULL);
	for (i = 0; jumps < 200 && i < 100000000; i++) {
		if (sigsetjmp(env, 1) != 0)
			continue;
		work(i);
	}
	memset(&off, 0, sizeof(off));
	setitimer(ITIMER_REAL, &off, NULL);
	signal(SIGALRM, SIG_IGN);
	for (n = 0; n < 1000; n++)
		after(29);
	printf("%ld %d\n", n * 30, (int)jumps);
	return 0;
}
