/* The second file of the test program: a static with a name p_main.c uses too. */
#include "p.h"

static int
local(int n)
{
	int i;

	for (i = 0; i < n; i++)
		sink += i ^ 3;
	return n;
}

int
helper(int n)
{
	WORK(n / 4);
	return local(n) + local(n / 2);
}
