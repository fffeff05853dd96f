/*
 * Test driver for the gp-stream(5) reader and writer in libgp/stream/.
 *
 *	streamcheck copy	copy stdin to stdout through gp_read/gp_wrec
 *	streamcheck fields	print each record's fields unescaped, one a line
 *	streamcheck dbl N SEED	format and parse N random doubles, report
 *				any that do not come back bit for bit
 *	streamcheck esc		escape and unescape every byte string of
 *				length 1 and 2, report any that differ
 *	streamcheck num KIND	parse each stdin line's first field as
 *				KIND (hex, u64, i64, dbl) and print it back
 */
#include <err.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stream/stream.h"

static int
copy(int unesc)
{
	struct gp_reader *r;
	struct gp_writer *w;
	struct gp_rec rec;
	char *s;
	int i;

	memset(&rec, 0, sizeof(rec));
	r = gp_ropen(STDIN_FILENO, "<stdin>");
	w = gp_wopen(STDOUT_FILENO);
	while (gp_read(r, &rec)) {
		if (!unesc) {
			gp_wrec(w, &rec);
			continue;
		}
		for (i = 0; i < rec.nf; i++) {
			s = gp_fstr(&rec, i);
			gp_wkind(w, "field");
			gp_wu64(w, i);
			gp_wstr(w, s);
			gp_weol(w);
			free(s);
		}
	}
	gp_wclose(w);
	gp_recfree(&rec);
	gp_rclose(r);
	return 0;
}

static int
dbl(long n, unsigned seed)
{
	char buf[40];
	double v, back;
	uint64_t bits, bits2;
	long i, bad = 0;

	srandom(seed);
	for (i = 0; i < n; i++) {
		bits = (uint64_t)random() << 42 ^ (uint64_t)random() << 21 ^
		    (uint64_t)random();
		switch (i % 4) {
		case 0:		/* any finite double */
			memcpy(&v, &bits, sizeof(v));
			if (v != v || v - v != 0)
				continue;
			break;
		case 1:		/* sample-like values */
			v = (double)(bits % 100000) / 1.99675;
			break;
		case 2:		/* small fractions */
			v = (double)(bits % 1000) * 0.01;
			break;
		default:	/* integers */
			v = (double)(bits % 10000000);
			break;
		}
		gp_fmtdbl(buf, v);
		if (gp_parsedbl(buf, &back) != 0) {
			printf("unparsable %s\n", buf);
			bad++;
			continue;
		}
		memcpy(&bits, &v, sizeof(v));
		memcpy(&bits2, &back, sizeof(back));
		if (bits != bits2) {
			printf("%a -> %s -> %a\n", v, buf, back);
			bad++;
		}
	}
	printf("%ld bad\n", bad);
	return bad != 0;
}

static int
esc(void)
{
	char src[3], enc[16];
	int a, b, len, bad = 0;

	for (a = 1; a < 256; a++)
		for (b = 0; b < 256; b++) {
			src[0] = a;
			src[1] = b;
			src[2] = '\0';
			len = b == 0 ? 1 : 2;
			gp_escape(enc, src, len);
			if (strpbrk(enc, "\t\n") != NULL) {
				printf("raw control in %02x%02x\n", a, b);
				bad++;
			}
			if (gp_unescape(enc) != 0 || strcmp(enc, src) != 0) {
				printf("%02x%02x does not come back\n", a, b);
				bad++;
			}
		}
	printf("%d bad\n", bad);
	return bad != 0;
}

static int
num(const char *kind)
{
	struct gp_reader *r;
	struct gp_rec rec;

	memset(&rec, 0, sizeof(rec));
	r = gp_ropen(STDIN_FILENO, "<stdin>");
	while (gp_read(r, &rec)) {
		if (strcmp(kind, "hex") == 0)
			printf("%#jx\n", (uintmax_t)gp_fhex(&rec, 1));
		else if (strcmp(kind, "u64") == 0)
			printf("%ju\n", (uintmax_t)gp_fu64(&rec, 1));
		else if (strcmp(kind, "i64") == 0)
			printf("%jd\n", (intmax_t)gp_fi64(&rec, 1));
		else
			printf("%a\n", gp_fdbl(&rec, 1));
	}
	gp_recfree(&rec);
	gp_rclose(r);
	return 0;
}

int
main(int argc, char *argv[])
{
	if (argc < 2)
		errx(1, "usage: streamcheck copy|fields|dbl|esc|num");
	if (strcmp(argv[1], "copy") == 0)
		return copy(0);
	if (strcmp(argv[1], "fields") == 0)
		return copy(1);
	if (strcmp(argv[1], "dbl") == 0 && argc == 4)
		return dbl(strtol(argv[2], NULL, 10),
		    (unsigned)strtoul(argv[3], NULL, 10));
	if (strcmp(argv[1], "esc") == 0)
		return esc();
	if (strcmp(argv[1], "num") == 0 && argc == 3)
		return num(argv[2]);
	errx(1, "usage: streamcheck copy|fields|dbl|esc|num");
}
