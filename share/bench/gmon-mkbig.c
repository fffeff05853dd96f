/*
 * gmon-mkbig: write a large GNU gmon.out file for share/bench/gmon-cat.sh:
 * one histogram of NBINS bins (a quarter of them zero) and NARCS arcs
 * between pseudo-random call sites and 65536 functions, 64-bit
 * little-endian, as glibc writes them.
 *
 * usage: gmon-mkbig file nbins narcs
 */
#include <err.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state = 88172645463325252ULL;

static uint64_t
rnd(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return state;
}

static void
put(FILE *f, uint64_t v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		putc((int)(v >> (8 * i) & 0xff), f);
}

int
main(int argc, char *argv[])
{
	uint64_t low = 0x400000, high, nbins, narcs, i, text;
	char dimen[15];
	FILE *f;

	if (argc != 4)
		errx(1, "usage: gmon-mkbig file nbins narcs");
	nbins = strtoull(argv[2], NULL, 10);
	narcs = strtoull(argv[3], NULL, 10);
	if (nbins > UINT32_MAX)
		errx(1, "too many bins");
	if ((f = fopen(argv[1], "w")) == NULL)
		err(1, "%s", argv[1]);
	text = 4 * nbins;
	high = low + text;
	fwrite("gmon", 1, 4, f);
	put(f, 1, 4);
	put(f, 0, 12);
	putc(0, f);
	put(f, low, 8);
	put(f, high, 8);
	put(f, nbins, 4);
	put(f, 100, 4);
	memset(dimen, 0, sizeof(dimen));
	strcpy(dimen, "seconds");
	fwrite(dimen, 1, sizeof(dimen), f);
	putc('s', f);
	for (i = 0; i < nbins; i++)
		put(f, rnd() % 4 == 0 ? 0 : rnd() % 2000 + 1, 2);
	for (i = 0; i < narcs; i++) {
		putc(1, f);
		put(f, low + rnd() % text, 8);
		put(f, low + (rnd() % 65536) * (text / 65536), 8);
		put(f, rnd() % 1000000 + 1, 4);
	}
	if (fclose(f) != 0)
		err(1, "%s", argv[1]);
	return 0;
}
