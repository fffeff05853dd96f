/*
 * tstat: time a shell command for the benchmarks.
 *
 * usage: tstat [-n runs] command
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
	fprintf(stderr, "usage: tstat [-n runs] command\n");
	exit(1);
}

int
main(int argc, char *argv[])
{
	struct rusage ru;
	double *wall, t, cpu, best;
	long runs = 1, maxrss = 0, i;
	char *end;
	pid_t pid;
	int ch, st;

	while ((ch = getopt(argc, argv, "n:")) != -1)
		switch (ch) {
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
