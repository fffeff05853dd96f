/*
 * A program for the gp option-matrix tests: self recursion, a two-member
 * cycle, a static function whose name another file uses too, functions
 * never called (one calling others), and functions spread over several
 * lines.  Every function
 * does some work of its own.  Runs for about 0.2 s.
 */
#include <stdio.h>

#include "p.h"

volatile unsigned long sink;

static int
local(int n)
{
	int i;

	for (i = 0; i < n; i++)
		sink += i;
	return n;
}

int
rec(int n)
{
	WORK(2000);
	if (n <= 0)
		return 0;
	return rec(n - 1) + 1;
}

int
ping(int n)
{
	WORK(3000);
	return n <= 0 ? 0 : pong(n - 1);
}

int
pong(int n)
{
	WORK(5000);
	return n <= 0 ? 1 : ping(n - 1);
}

/* Never called; its calls are found by gprof -c only. */
int
unreached(int n)
{
	WORK(n);
	return rec(n) + never(n);
}

int
never(int n)
{
	WORK(n);
	return n;
}

int
main(int argc, char *argv[])
{
	long t;
	int i;

	t = 0;
	for (i = 0; i < 400; i++) {
		t += local(40000);
		t += helper(30000);
		t += rec(20);
	}
	for (i = 0; i < 40; i++)
		t += ping(20);
	printf("%ld\n", t + argc + (argv[0] == NULL));
	return 0;
}
