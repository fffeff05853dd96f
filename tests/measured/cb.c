/*
 * A comparator called back by qsort(3), code not instrumented, and once
 * directly by main: most of its calls have no caller in the program.
 * leaf is called both under the comparator and from main.
 */
#include <stdio.h>
#include <stdlib.h>

static volatile double sink;

void
leaf(int n)
{
	double s = 0;
	int i;

	for (i = 0; i < n; i++)
		s += i * 0.5;
	sink = s;
}

int
cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	leaf(400);
	return (x > y) - (x < y);
}

int
main(void)
{
	enum { N = 20000 };
	int *v, i, r;

	if ((v = malloc(N * sizeof(*v))) == NULL)
		return 1;
	for (i = 0; i < N; i++)
		v[i] = (i * 7919) % N;
	qsort(v, N, sizeof(*v), cmp);
	r = cmp(&v[0], &v[1]);
	for (i = 0; i < 100000; i++)
		leaf(400);
	printf("%d %d %d\n", v[0], v[N - 1], r);
	free(v);
	return 0;
}
