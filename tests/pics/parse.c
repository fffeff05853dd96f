/*
 * A parser-like program for the picture tests: a recursive-descent cycle
 * (expr -> term -> factor -> expr), spin() called from four places with
 * very different time per call, and one hot call of work() among 42,001.
 */
#include <stdio.h>
#include <stdlib.h>

static volatile unsigned long sink;

void
spin(long n)
{
	long i;

	for (i = 0; i < n; i++)
		sink += (unsigned long)i * 7;
}

void
work(long n)
{
	spin(n);
}

int
lex(int i)
{
	spin(300);			/* many cheap calls */
	return i % 5;
}

int parse_expr(int);

int
parse_factor(int d)
{
	if (d > 0 && d % 2 == 0)
		return parse_expr(d - 1) + 1;
	return lex(d);
}

int
parse_term(int d)
{
	spin(2000);			/* fewer, dearer calls */
	return parse_factor(d) * 2;
}

int
parse_expr(int d)
{
	return parse_term(d) + parse_factor(d);
}

void
loop(void)
{
	long i;

	for (i = 0; i < 42000; i++)
		work(1);		/* 42,000 calls that cost nothing */
}

int
main(int argc, char **argv)
{
	long scale = argc > 1 ? strtol(argv[1], NULL, 10) : 1;
	int i, r = 0;

	for (i = 0; i < 3000 * scale + 1; i++)
		r += parse_expr(4);
	loop();
	work(90000000L * scale);	/* one call: a third of the run */
	spin(30000000L * scale);	/* main's own call of spin */
	printf("%d %lu\n", r, sink);
	return 0;
}
