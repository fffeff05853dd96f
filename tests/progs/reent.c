/*
 * A program whose malloc(3) notices being entered again before it
 * returns, as happens when a signal handler allocates: it says so and
 * exits 3.  Each call spins some 20 microseconds first, so that a
 * sampler's SIGPROF lands inside it nearly every time; in main and in
 * T threads made one after another.
 *
 * reent T N: T threads, N mallocs and frees each.
 */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

extern void	*__libc_malloc(size_t);
extern void	*__libc_calloc(size_t, size_t);
extern void	*__libc_realloc(void *, size_t);
extern void	 __libc_free(void *);

static _Thread_local int depth;
static volatile unsigned long sink;

static void
enter(void)
{
	static const char msg[] = "reent: malloc entered again\n";
	unsigned long i;

	if (depth++ > 0) {
		(void)write(2, msg, sizeof(msg) - 1);
		_exit(3);
	}
	for (i = 0; i < 20000; i++)
		sink += i;
}

void *
malloc(size_t n)
{
	void *p;

	enter();
	p = __libc_malloc(n);
	depth--;
	return p;
}

void *
calloc(size_t n, size_t m)
{
	void *p;

	enter();
	p = __libc_calloc(n, m);
	depth--;
	return p;
}

void *
realloc(void *q, size_t n)
{
	void *p;

	enter();
	p = __libc_realloc(q, n);
	depth--;
	return p;
}

void
free(void *p)
{
	__libc_free(p);
}

static long N;

static void *
churn(void *arg)
{
	long i;

	for (i = 0; i < N; i++)
		free(malloc(16 + (size_t)i % 64));
	return arg;
}

int
main(int argc, char **argv)
{
	pthread_t t;
	int i, nt = argc > 1 ? atoi(argv[1]) : 0;

	N = argc > 2 ? atol(argv[2]) : 10000;
	churn(NULL);
	for (i = 0; i < nt; i++) {
		if (pthread_create(&t, NULL, churn, NULL) != 0)
			return 1;
		pthread_join(t, NULL);
	}
	return 0;
}
