/* longjmp out of instrumented calls, many times. */
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;
static volatile long sink;

static void
inner(int i)
{
	sink += i;
	longjmp(env, 1);
}

static void
outer(int i)
{
	inner(i);
}

static void
after(void)
{
	sink++;
}

int
main(void)
{
	volatile int i;

	for (i = 0; i < 100000; i++) {
		if (setjmp(env) == 0)
			outer(i);
		after();
	}
	printf("%ld\n", sink);
	return 0;
}
