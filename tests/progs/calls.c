/* Call patterns for comparing libgprt's call counts with gcc -pg's. */
#include <stdio.h>
#include <stdlib.h>

static volatile long sink;

static void
leaf(int i)
{
	sink += i;
}

static long
fib(int n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static int odd(int);

static int
even(int n)
{
	return n == 0 ? 1 : odd(n - 1);
}

static int
odd(int n)
{
	return n == 0 ? 0 : even(n - 1);
}

static void
op_add(int i)
{
	sink += i;
}

static void
op_sub(int i)
{
	sink -= i;
	leaf(i);
}

static void (*const ops[])(int) = { op_add, op_sub };

static int
cmp(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

void
twosites(void)
{
	leaf(1);
}

int
main(void)
{
	int a[64], i;

	for (i = 0; i < 64; i++)
		a[i] = 64 - i;
	qsort(a, 64, sizeof(a[0]), cmp);	/* calls from libc: dropped */
	for (i = 0; i < 1000; i++)
		leaf(i);
	for (i = 0; i < 300; i++)
		ops[i % 3 == 0](i);
	twosites();
	twosites();
	for (i = 0; i < 7; i++)
		twosites();
	printf("%ld %d %d\n", fib(18), even(31), odd(40));
	return 0;
}
