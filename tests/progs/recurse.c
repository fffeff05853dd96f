/*
 * Recursion and cycles for the gprof compatibility tests: a self-recursive
 * function, a two-function cycle, a three-function cycle whose members
 * also call themselves, a function reached only from inside a cycle, a
 * static function, and a function that is never called.  Every function
 * does some work of its own.  Runs for about 0.3 s.
 */
#include <stdio.h>
#include <stdlib.h>

static volatile unsigned long sink;

#define WORK(n) do {							\
	int i_;								\
	for (i_ = 0; i_ < (n); i_++)					\
		sink += i_;						\
} while (0)

static void
spin(int n)
{
	WORK(n);
}

int
fib(int n)
{
	WORK(400);
	spin(300);
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

int odd(int);

int
even(int n)
{
	WORK(3000);
	spin(5000);
	return n == 0 ? 1 : odd(n - 1);
}

int
odd(int n)
{
	WORK(6000);
	spin(4000);
	return n == 0 ? 0 : even(n - 1);
}

int ping(int);
int pong(int);

static void
leaf(int n)
{
	WORK(n);
}

int
pang(int n)
{
	if (n % 7 == 0)
		return pang(n - 1);
	WORK(2000);
	leaf(9000);
	return n <= 0 ? 0 : ping(n - 1);
}

int
pong(int n)
{
	if (n % 5 == 0 && n > 0)
		return pong(n - 1);
	WORK(4000);
	spin(3000);
	return n <= 0 ? 0 : pang(n - 1);
}

int
ping(int n)
{
	WORK(1500);
	spin(500);
	return n <= 0 ? 0 : pong(n - 1);
}

void
never_called(void)
{
	spin(1);
}

int
main(int argc, char **argv)
{
	int i, s;

	s = 0;
	WORK(2000000);
	for (i = 0; i < 60; i++)
		s += even(100);
	for (i = 0; i < 40; i++)
		s += ping(90);
	s += fib(21);
	if (argc > 5)
		never_called();
	printf("%d\n", s);
	return 0;
}
