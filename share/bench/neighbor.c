/*
 * neighbor MS: a process beside a measured one doing what gp-top's
 * snapshots do to the machine but not to the program: each second, MS
 * milliseconds of CPU time copying memory of its own (4 MB over and
 * over), then sleep.  top.sh's control: what any such neighbor costs a
 * program on a machine whose processors share caches and a power
 * budget.  Runs until killed.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SZ	(4u << 20)

static double
cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int
main(int argc, char **argv)
{
	char *a, *b, *end;
	double ms, t0;

	if (argc != 2)
		errx(1, "usage: neighbor ms");
	ms = strtod(argv[1], &end);
	if (end == argv[1] || *end != '\0' || !(ms > 0 && ms < 1000))
		errx(1, "%s: not a number of milliseconds above 0 and under 1000",
		    argv[1]);
	if ((a = malloc(SZ)) == NULL || (b = malloc(SZ)) == NULL)
		err(1, "malloc");
	memset(b, 1, SZ);
	for (;;) {
		t0 = cpu();
		while ((cpu() - t0) * 1000 < ms) {
			memcpy(a, b, SZ);
			b[a[SZ / 2] & 1]++;
		}
		usleep((useconds_t)(1000000 - ms * 1000));
	}
	return 0;
}
