/*
 * Functions for hand-written calling-context streams (ctx_test.sh): the
 * tests name them by their addresses, which nm(1) tells; the program is
 * never run.
 */
int	a(int);
int	b(int);

int
b(int x)
{
	return x + 1;
}

int
a(int x)
{
	return b(x) * 2;
}

int
main(int argc, char *argv[])
{
	(void)argv;
	return a(argc) + b(argc);
}
