/*
 * demo.c: a small program to profile with gptools.
 *
 * It evaluates arithmetic expressions with a recursive-descent parser
 * (expr, term and factor call each other: a cycle in the call graph),
 * sorts numbers with a recursive quicksort, and counts primes by trial
 * division.  It runs for about 0.3 s.
 *
 *	cc -pg -o demo demo.c && ./demo
 *	gmon-cat gmon.out | gp-sym demo | gp-hist | gp-arcs | gp-fmt
 */
#include <stdio.h>
#include <stdlib.h>

static const char *pos;

static long	expr(void);

static long
number(void)
{
	long n = 0;

	while (*pos >= '0' && *pos <= '9')
		n = n * 10 + (*pos++ - '0');
	return n;
}

static long
factor(void)
{
	long v;

	if (*pos == '(') {
		pos++;
		v = expr();
		pos++;			/* ')' */
		return v;
	}
	return number();
}

static long
term(void)
{
	long v = factor();

	while (*pos == '*') {
		pos++;
		v *= factor();
	}
	return v;
}

static long
expr(void)
{
	long v = term();

	while (*pos == '+' || *pos == '-')
		if (*pos++ == '+')
			v += term();
		else
			v -= term();
	return v;
}

long
evaluate(const char *s)
{
	pos = s;
	return expr();
}

static void
swap(int *a, int *b)
{
	int t = *a;

	*a = *b;
	*b = t;
}

void
quicksort(int *v, int n)
{
	int i, last;

	if (n < 2)
		return;
	swap(&v[0], &v[n / 2]);
	for (last = 0, i = 1; i < n; i++)
		if (v[i] < v[0])
			swap(&v[++last], &v[i]);
	swap(&v[0], &v[last]);
	quicksort(v, last);
	quicksort(v + last + 1, n - last - 1);
}

int
is_prime(long n)
{
	long d;

	if (n < 2)
		return 0;
	for (d = 2; d * d <= n; d++)
		if (n % d == 0)
			return 0;
	return 1;
}

int
main(void)
{
	static int v[200000];
	long sum = 0, primes = 0, n;
	int i;

	for (i = 0; i < 150000; i++)
		sum += evaluate("(1+2*(3+4*(5+6)))*7-(8*(9+10)-11)+12*13");
	srand(1);
	for (i = 0; i < 200000; i++)
		v[i] = rand();
	quicksort(v, 200000);
	for (n = 0; n < 500000; n++)
		primes += is_prime(n);
	printf("sum %ld, smallest %d, %ld primes\n", sum, v[0], primes);
	return 0;
}
