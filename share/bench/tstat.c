/*
 * tstat: time a shell command for the benchmarks.
 *
 * usage: tstat [-n runs] command
 *        tstat [-n runs] -p command base
 *
 * Runs "sh -c command" runs times (default 1) and prints one line:
 *
 *	best median cpu maxrss
 *
 * the best and the median wall time of the runs and the least CPU time
 * (user and system, the command's processes together) of a run, in
 * seconds, and the largest resident set of a process of the command in
 * KiB (from wait4: the largest of the shell and each process it waited
 * for).  Exits 1 if a run fails.
 *
 * -p: paired, command and base in turn (command, base, command, ...),
 * and prints
 *
 *	ratio cpuratio median basemedian
 *
 * the median over the pairs of command's wall time over base's, the
 * same of CPU times, and each one's median wall time: taking the ratio
 * pair by pair keeps it meaningful when the machine's speed drifts.
 * Base may fail (gprof stops on some profiles): its time still counts.
 */
#include <sys/types.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double
tv(const struct timeval *t)
{
	return (double)t->tv_sec + (double)t->tv_usec * 1e-6;
}

static int
cmpd(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void
usage(void)
{
	fprintf(stderr, "usage: tstat [-n runs] command\n"
	    "       tstat [-n runs] -p command base\n");
	exit(1);
}

/* One run of sh -c cmd: its wall time, CPU time in *cpu, its status. */
static double
run1(const char *cmd, double *cpu, long *maxrss, int *ok)
{
	struct rusage ru;
	double t;
	pid_t pid;
	int st;

	t = now();
	if ((pid = fork()) == -1)
		err(1, "fork");
	if (pid == 0) {
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	while (wait4(pid, &st, 0, &ru) == -1)
		if (errno != EINTR)
			err(1, "wait4");
	t = now() - t;
	*ok = WIFEXITED(st) && WEXITSTATUS(st) == 0;
	*cpu = tv(&ru.ru_utime) + tv(&ru.ru_stime);
	if (ru.ru_maxrss > *maxrss)
		*maxrss = ru.ru_maxrss;
	return t;
}

static double
median(double *v, long n)
{
	qsort(v, (size_t)n, sizeof(*v), cmpd);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static int
paired(long runs, const char *a, const char *b)
{
	double *r, *rc, *wa, *wb, ca, cb;
	long i, rss = 0;
	int ok;

	if ((r = calloc((size_t)runs, sizeof(*r))) == NULL ||
	    (rc = calloc((size_t)runs, sizeof(*rc))) == NULL ||
	    (wa = calloc((size_t)runs, sizeof(*wa))) == NULL ||
	    (wb = calloc((size_t)runs, sizeof(*wb))) == NULL)
		err(1, NULL);
	for (i = 0; i < runs; i++) {
		wa[i] = run1(a, &ca, &rss, &ok);
		if (!ok)
			errx(1, "failed: %s", a);
		wb[i] = run1(b, &cb, &rss, &ok);
		r[i] = wb[i] > 0 ? wa[i] / wb[i] : 0;
		rc[i] = cb > 0 ? ca / cb : 0;
	}
	printf("%.4f %.4f %.6f %.6f\n", median(r, runs), median(rc, runs),
	    median(wa, runs), median(wb, runs));
	return 0;
}

int
main(int argc, char *argv[])
{
	struct rusage ru;
	double *wall, t, cpu, best;
	long runs = 1, maxrss = 0, i;
	char *end;
	pid_t pid;
	int ch, st, pflag = 0;

	while ((ch = getopt(argc, argv, "n:p")) != -1)
		switch (ch) {
		case 'p':
			pflag = 1;
			break;
		case 'n':
			errno = 0;
			runs = strtol(optarg, &end, 10);
			if (*optarg == '\0' || *end != '\0' || errno != 0 ||
			    runs < 1 || runs > 100000)
				errx(1, "%s: bad number of runs", optarg);
			break;
		default:
			usage();
		}
	argc -= optind;
	argv += optind;
	if (pflag) {
		if (argc != 2)
			usage();
		return paired(runs, argv[0], argv[1]);
	}
	if (argc != 1)
		usage();
	if ((wall = calloc((size_t)runs, sizeof(*wall))) == NULL)
		err(1, NULL);
	best = -1;
	for (i = 0; i < runs; i++) {
		t = now();
		if ((pid = fork()) == -1)
			err(1, "fork");
		if (pid == 0) {
			execl("/bin/sh", "sh", "-c", argv[0], (char *)NULL);
			_exit(127);
		}
		while (wait4(pid, &st, 0, &ru) == -1)
			if (errno != EINTR)
				err(1, "wait4");
		wall[i] = now() - t;
		if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
			errx(1, "failed: %s", argv[0]);
		cpu = tv(&ru.ru_utime) + tv(&ru.ru_stime);
		if (best < 0 || cpu < best)
			best = cpu;
		if (ru.ru_maxrss > maxrss)
			maxrss = ru.ru_maxrss;
	}
	qsort(wall, (size_t)runs, sizeof(*wall), cmpd);
	printf("%.6f %.6f %.6f %ld\n", wall[0], wall[runs / 2], best, maxrss);
	return 0;
}
