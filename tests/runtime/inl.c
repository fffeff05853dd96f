/*
 * inl.c: inlined functions under -finstrument-functions.  gcc and clang
 * call the hooks for inlined calls too, from the enclosing body: sq and
 * mid are inlined into outer, mid makes a real call to leaf.  The calls:
 * main -> outer 1, outer -> mid N, mid -> sq N, mid -> leaf N, and the
 * time of outer includes all of theirs.
 */
#include <stdlib.h>

#define N	200000

volatile int sink;

__attribute__((noinline)) int
leaf(int x)
{
	for (int i = 0; i < 20; i++)
		sink += x;
	return x + 1;
}

static inline __attribute__((always_inline)) int
sq(int x)
{
	return x * x;
}

static inline __attribute__((always_inline)) int
mid(int x)
{
	return leaf(x) + sq(x);
}

__attribute__((noinline)) long
outer(int n)
{
	long s = 0;

	for (int i = 0; i < n; i++)
		s += mid(i);
	return s;
}

int
main(void)
{
	return outer(N) == 42;
}
