/* 8 threads allocating and freeing, some blocks freed by another thread. */
#include <pthread.h>
#include <stdlib.h>

#define NTHR	8
#define NALLOC	20000

static void *handoff[NTHR][NALLOC / 10];

static void *
run(void *arg)
{
	long me = (long)arg, i;
	char *p;

	for (i = 0; i < NALLOC; i++) {
		p = malloc((size_t)(i % 100) + 1);
		if (p == NULL)
			abort();
		if (i % 10 == 0)
			handoff[me][i / 10] = p;
		else
			free(p);
	}
	return NULL;
}

static void *
drain(void *arg)
{
	long me = (long)arg, i;

	for (i = 0; i < NALLOC / 10; i++)
		free(handoff[(me + 1) % NTHR][i]);
	return NULL;
}

int
main(void)
{
	pthread_t t[NTHR];
	long i;

	for (i = 0; i < NTHR; i++)
		pthread_create(&t[i], NULL, run, (void *)i);
	for (i = 0; i < NTHR; i++)
		pthread_join(t[i], NULL);
	for (i = 0; i < NTHR; i++)
		pthread_create(&t[i], NULL, drain, (void *)i);
	for (i = 0; i < NTHR; i++)
		pthread_join(t[i], NULL);
	return 0;
}
