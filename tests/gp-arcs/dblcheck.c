/*
 * dblcheck N SEED: gp_fmtdbl_fast (libgp/stream/number.c) writes N doubles of
 * several kinds exactly as the first of "%.15g", "%.16g", "%.17g" that
 * reads back, or declines; prints how many it did and how many differ.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stream/stream.h"

static uint64_t s = 88172645463325252ULL;

static uint64_t
rnd(void)
{
	s ^= s << 13;
	s ^= s >> 7;
	s ^= s << 17;
	return s;
}

static void
ref(char *buf, double v)
{
	int prec;

	for (prec = 15; prec <= 17; prec++) {
		snprintf(buf, 40, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
}

int
main(int argc, char *argv[])
{
	long i, n, bad = 0, done = 0;
	char a[64], b[64];
	uint64_t r;
	size_t k;
	double v;

	if (argc != 3)
		return 2;
	n = atol(argv[1]);
	s += strtoull(argv[2], NULL, 10) * 2654435761ULL;
	for (i = 0; i < n; i++) {
		r = rnd();
		switch (i % 7) {
		case 0:		/* any bits */
			memcpy(&v, &r, sizeof(v));
			break;
		case 1:		/* quotients */
			v = (double)(r % 100000) / (double)(1 + rnd() % 1000);
			break;
		case 2:		/* short binary fractions: ties */
			v = ldexp((double)(r >> 11), (int)(rnd() % 140) - 100);
			break;
		case 3:
			v = (double)(r % 1000) * 0.01;
			break;
		case 4:		/* gprof-like credits */
			v = (double)(r % 7 + 1) * (1.0 / 1.99675) *
			    (double)(rnd() % 50);
			break;
		case 5:		/* near powers of ten */
			v = pow(10, (int)(r % 40) - 10) *
			    (1 + (double)(rnd() % 3) * 0.5);
			break;
		default:	/* next to powers of ten */
			v = nextafter(pow(10, (int)(r % 30) - 8),
			    rnd() & 1 ? INFINITY : 0);
			break;
		}
		if (rnd() & 1)
			v = -v;
		if ((k = gp_fmtdbl_fast(a, v)) == 0)
			continue;
		done++;
		ref(b, v);
		if (strcmp(a, b) != 0 || k != strlen(a)) {
			if (bad++ < 10)
				printf("%a: %s, printf %s\n", v, a, b);
		}
	}
	printf("%ld done, %ld bad\n", done, bad);
	return bad != 0 || done < n / 2;
}
