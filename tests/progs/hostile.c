/*
 * Programs hostile to a profiling runtime, one per argument (gprt(3),
 * Hostile programs).  Each counts its calls of work() and prints how
 * many it made, for the test to compare with the profile.
 *
 *	daemon DIR	closes every descriptor, the companion file's
 *			included, takes descriptor 256 and more for files
 *			of its own, changes to DIR, then starts threads
 *			whose tables need the file to grow
 *	sigprof		its own SIGPROF handler and ITIMER_PROF timer
 *	coro		coroutines switching stacks with swapcontext(3)
 *	threads		300 short-lived threads, up to 64 at once
 *	forkthr		fork(2) from a second thread; the child calls
 *			childwork() and exits
 */
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>

#define NWORK	100000

static volatile long sink;
static volatile sig_atomic_t nprof;
static long made;			/* calls of work() */
static pthread_mutex_t lk = PTHREAD_MUTEX_INITIALIZER;

static void
work(long i)
{
	sink += i;
}

static void
loop(long n)
{
	long i;

	for (i = 0; i < n; i++)
		work(i);
	pthread_mutex_lock(&lk);
	made += n;
	pthread_mutex_unlock(&lk);
}

static void *
thr(void *arg)
{
	loop((long)(intptr_t)arg);
	return NULL;
}

/* n threads of k calls each, at most w at once */
static void
threads(int n, int w, long k)
{
	pthread_t t[64];
	int i, j;

	for (i = 0; i < n; i += w) {
		for (j = 0; j < w && i + j < n; j++)
			if (pthread_create(&t[j], NULL, thr,
			    (void *)(intptr_t)k) != 0)
				exit(2);
		for (j = 0; j < w && i + j < n; j++)
			pthread_join(t[j], NULL);
	}
}

static int
daemonlike(const char *dir)
{
	struct rlimit rl;
	FILE *out;
	long fd, max;
	int i;

	loop(NWORK);
	max = getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < 65536 ?
	    (long)rl.rlim_cur : 65536;
	out = fdopen(dup(STDOUT_FILENO), "w");
	for (fd = 0; fd < max; fd++)
		if (out == NULL || fd != fileno(out))
			close((int)fd);
	if (chdir(dir) == -1)
		return 2;
	/* the descriptors the runtime had, reused for files of the program */
	for (i = 0; i < 8; i++)
		if (open("junk", O_RDWR | O_CREAT, 0666) == -1)
			return 2;
	for (fd = 250; fd < 270; fd++)
		dup2(3, (int)fd);
	threads(32, 32, NWORK);
	loop(NWORK);
	if (out != NULL)
		fprintf(out, "%ld\n", made);
	return 0;
}

static void
onprof(int sig)
{
	(void)sig;
	nprof++;
}

static int
sigprof(void)
{
	struct itimerval it = { { 0, 1000 }, { 0, 1000 } };
	struct sigaction sa;

	loop(NWORK);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = onprof;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	sigaction(SIGPROF, &sa, NULL);
	setitimer(ITIMER_PROF, &it, NULL);
	while (nprof < 20)
		loop(NWORK);
	printf("%ld\n", made);
	return 0;
}

static ucontext_t umain, uco[2];
static char stk[2][256 << 10];

static void
coro(int id)
{
	int i;

	for (i = 0; i < 1000; i++) {
		loop(10);
		swapcontext(&uco[id], id == 0 ? &uco[1] : &umain);
	}
}

static int
coros(void)
{
	int i, k;

	for (i = 0; i < 2; i++) {
		getcontext(&uco[i]);
		uco[i].uc_stack.ss_sp = stk[i];
		uco[i].uc_stack.ss_size = sizeof(stk[i]);
		uco[i].uc_link = &umain;
		makecontext(&uco[i], (void (*)(void))coro, 1, i);
	}
	/* main resumes coroutine 0, which passes to 1, which comes back */
	for (k = 0; k < 1000; k++) {
		loop(10);
		swapcontext(&umain, &uco[0]);
	}
	printf("%ld\n", made);
	return 0;
}

static void
childwork(void)
{
	sink++;
}

static void *
forker(void *arg)
{
	pid_t pid;
	int st, i;

	(void)arg;
	loop(NWORK);
	if ((pid = fork()) == -1)
		exit(2);
	if (pid == 0) {
		for (i = 0; i < 1000; i++)
			childwork();
		exit(0);
	}
	if (waitpid(pid, &st, 0) == -1 || !WIFEXITED(st) ||
	    WEXITSTATUS(st) != 0)
		exit(3);
	return NULL;
}

static int
forkthr(void)
{
	pthread_t t;

	loop(NWORK);
	if (pthread_create(&t, NULL, forker, NULL) != 0)
		return 2;
	pthread_join(t, NULL);
	loop(NWORK);
	printf("%ld\n", made);
	return 0;
}

int
main(int argc, char *argv[])
{
	if (argc > 2 && strcmp(argv[1], "daemon") == 0)
		return daemonlike(argv[2]);
	if (argc > 1 && strcmp(argv[1], "sigprof") == 0)
		return sigprof();
	if (argc > 1 && strcmp(argv[1], "coro") == 0)
		return coros();
	if (argc > 1 && strcmp(argv[1], "threads") == 0) {
		threads(300, 64, 1000);
		printf("%ld\n", made);
		return 0;
	}
	if (argc > 1 && strcmp(argv[1], "forkthr") == 0)
		return forkthr();
	fprintf(stderr, "usage: hostile daemon dir | sigprof | coro | "
	    "threads | forkthr\n");
	return 1;
}
