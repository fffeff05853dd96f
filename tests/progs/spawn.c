/*
 * A program for the perf and callgrind readers' checks against perf
 * report and callgrind_annotate: qsort(3) of generated numbers (glibc's
 * merge sort, whose recursion is the clone msort_with_tmp.part.0, calling
 * back cmp()), then a command run by the shell (system(3)), a child
 * process that perf follows.  Arguments: the number of items (default
 * 1000000), the command (default: a loop in the shell).
 */
#include <stdio.h>
#include <stdlib.h>

static int
cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

int
main(int argc, char **argv)
{
	const char *cmd = "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done";
	unsigned s = 1;
	int *v, i, n, r;

	n = argc > 1 ? atoi(argv[1]) : 1000000;
	if (n < 1 || (v = calloc((size_t)n, sizeof(*v))) == NULL)
		return 1;
	if (argc > 2)
		cmd = argv[2];
	for (r = 0; r < 5; r++) {
		for (i = 0; i < n; i++)
			v[i] = (int)((s = s * 1103515245 + 12345) >> 8);
		qsort(v, (size_t)n, sizeof(*v), cmp);
	}
	if (system(cmd) != 0)
		return 1;
	printf("%d\n", v[n / 2]);
	free(v);
	return 0;
}
