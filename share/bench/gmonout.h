/*
 * What the gmon.out generators of the benchmarks share (gmongen.c,
 * gmon-mkbig.c): a xorshift generator, so that a seed makes the same file
 * everywhere, and the records of a GNU gmon.out, 64-bit little-endian as
 * glibc writes them on x86-64.
 */
#ifndef GP_BENCH_GMONOUT_H
#define GP_BENCH_GMONOUT_H

#include <stdint.h>
#include <stdio.h>

static uint64_t rnd_state = 88172645463325252ULL;

static uint64_t
rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return rnd_state;
}

/* v in n bytes, little-endian. */
static void
put(FILE *f, uint64_t v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		putc((int)(v >> (8 * i) & 0xff), f);
}

/*
 * The file's header and the header of its histogram record: nbins bins
 * over [low, high), rate per second; the bins, put(f, count, 2) each,
 * follow.
 */
static void
put_histhdr(FILE *f, uint64_t low, uint64_t high, uint64_t nbins,
    uint64_t rate)
{
	fwrite("gmon", 1, 4, f);
	put(f, 1, 4);			/* version */
	put(f, 0, 12);
	putc(0, f);			/* GMON_TAG_TIME_HIST */
	put(f, low, 8);
	put(f, high, 8);
	put(f, nbins, 4);
	put(f, rate, 4);
	fwrite("seconds\0\0\0\0\0\0\0\0s", 1, 16, f);
}

/* An arc record: a call from the site from to the function self. */
static void
put_arc(FILE *f, uint64_t from, uint64_t self, uint64_t count)
{
	putc(1, f);			/* GMON_TAG_CG_ARC */
	put(f, from, 8);
	put(f, self, 8);
	put(f, count, 4);
}

#endif /* GP_BENCH_GMONOUT_H */
