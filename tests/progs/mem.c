/* Allocations with known sizes, a leak, a failure, a cross-thread free. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

static void *keep[2];

static void
leak(void)
{
	keep[0] = malloc(1000);
	keep[1] = calloc(10, 30);
}

static void
churn(void)
{
	char *p;
	int i;

	for (i = 0; i < 50; i++) {
		p = malloc(64);
		p = realloc(p, 128);
		free(p);
	}
}

static void
fail(void)
{
	void *p;

	if ((p = malloc(SIZE_MAX / 2)) != NULL)
		abort();
}

static void *
tfree(void *p)
{
	free(p);
	return NULL;
}

static void
cross(void)
{
	pthread_t t;
	void *p;

	p = malloc(500);
	if (pthread_create(&t, NULL, tfree, p) != 0)
		abort();
	pthread_join(t, NULL);
}

int
main(void)
{
	leak();
	churn();
	fail();
	cross();
	return 0;
}
