/*
 * twin.c: a static function "work" with the same name in two files: the
 * test copies this file to a.c and b.c and builds them with -DRUN=run_a
 * and -DRUN=run_b and N, the work each does, and the main with -DMAIN.
 */
#ifdef MAIN
void	run_a(void);
void	run_b(void);

int
main(void)
{
	run_a();
	run_b();
	return 0;
}
#else
static volatile long sink;

static __attribute__((noinline)) void
work(long n)
{
	for (long i = 0; i < n; i++)
		sink += i ^ sink;
}

void
RUN(void)
{
	work(N);
}
#endif
