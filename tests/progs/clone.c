/*
 * A clone and an inlined function, as the compiler makes them at -O2,
 * for the perf and callgrind readers: crunch() reads one member of the
 * structure it is given, so GCC passes that member alone to a copy it
 * names crunch.isra.0 (IPA-SRA), a static name gprof's symbol rules drop;
 * step() is inlined into it, and perf script --call-graph dwarf prints
 * both as "(inlined)" frames (crunch under its debugging information's
 * name).  warm(), just before it in the text, takes the rest of the time.
 * The argument is the loop's length.
 */
#include <stdio.h>
#include <stdlib.h>

struct job {
	long	 pad[8];
	long	 n;
	long	 pad2[8];
};

static inline __attribute__((always_inline)) unsigned long
step(unsigned long s, long i)
{
	return (s ^ (unsigned long)i) * 0x9e3779b97f4a7c15UL >> 7;
}

static __attribute__((noinline)) unsigned long
crunch(const struct job *j)
{
	unsigned long s = 1;
	long i;

	for (i = 0; i < j->n; i++)
		s = step(s, i);
	return s;
}

static __attribute__((noinline)) unsigned long
warm(long n)
{
	unsigned long s = 0;
	long i;

	for (i = 0; i < n; i++)
		s += (unsigned long)i * (unsigned long)i;
	return s;
}

int
main(int argc, char **argv)
{
	struct job j = { { 0 }, 0, { 0 } };
	unsigned long s = 0;
	int k;

	j.n = argc > 1 ? atol(argv[1]) : 100000000;
	for (k = 0; k < 4; k++)
		s += crunch(&j) + warm(j.n / 4);
	printf("%lu\n", s);
	return 0;
}
