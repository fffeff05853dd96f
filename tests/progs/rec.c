/*
 * Recursion (deep too), mutual recursion and a three-function cycle, some
 * work in each function, for the checks on measured times.  With an argument
 * "kill" it kills itself with SIGKILL deep inside the recursion.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static volatile long sink;
static int killme, nfib;

static void
spin(int n)
{
	int i;

	for (i = 0; i < n; i++)
		sink += i;
}

static long
fib(int n)
{
	spin(3);
	if (killme && ++nfib > 5000 && n == 2)
		kill(getpid(), SIGKILL);
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static int odd(int);

static int
even(int n)
{
	spin(5);
	return n == 0 ? 1 : odd(n - 1);
}

static int
odd(int n)
{
	spin(7);
	return n == 0 ? 0 : even(n - 1);
}

static void c3(int);

static void
c1(int n)
{
	spin(2);
	if (n > 0)
		c3(n - 1);
}

static void
c2(int n)
{
	spin(4);
	if (n > 0)
		c1(n - 1);
}

static void
c3(int n)
{
	spin(6);
	if (n > 0)
		c2(n - 1);
}

/* Deep enough for the shadow stack to grow, several times. */
static void
deep(int n)
{
	spin(1);
	if (n > 0)
		deep(n - 1);
}

int
main(int argc, char *argv[])
{
	int i;

	killme = argc > 1 && strcmp(argv[1], "kill") == 0;
	for (i = 0; i < 20; i++) {
		even(40 + i);
		c1(30 + i);
	}
	deep(3000);
	deep(3000);
	printf("%ld\n", fib(20));
	return 0;
}
