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

#include "gmonout.h"

int
main(int argc, char *argv[])
{
	uint64_t low = 0x400000, high, nbins, narcs, i, text, from, self;
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
	put_histhdr(f, low, high, nbins, 100);
	for (i = 0; i < nbins; i++)
		put(f, rnd() % 4 == 0 ? 0 : rnd() % 2000 + 1, 2);
	for (i = 0; i < narcs; i++) {
		/* drawn in this order, whatever the order of arguments */
		from = low + rnd() % text;
		self = low + (rnd() % 65536) * (text / 65536);
		put_arc(f, from, self, rnd() % 1000000 + 1);
	}
	if (fclose(f) != 0)
		err(1, "%s", argv[1]);
	return 0;
}
