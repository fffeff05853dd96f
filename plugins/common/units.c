/*
 * A profile's units, and numbers as formats write them (units.h).
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "units.h"

const char *
event_unit(const struct gp_profile *p)
{
	if (p->dimen == NULL || p->dimen[0] == '\0' ||
	    strcmp(p->dimen, "seconds") == 0)
		return NULL;
	return p->dimen;
}

const char *
unit_refused(const struct gp_profile *p, const char *unit, const char *times,
    char *buf, size_t len)
{
	if (event_unit(p) != NULL)
		snprintf(buf, len, "unit=%.64s: not %.64s or samples: the "
		    "profile counts %.64s, not time", unit, event_unit(p),
		    event_unit(p));
	else
		snprintf(buf, len, "unit=%.64s: not %s", unit, times);
	return buf;
}

double
unit_ns(const struct gp_profile *p)
{
	return event_unit(p) != NULL ? 1 : 1e9;
}

double
unit_scale(const struct gp_profile *p, const char *unit)
{
	double hz = p->hz > 0 ? p->hz : 1;

	if (strcmp(unit, "samples") == 0)
		return 1;
	if (event_unit(p) != NULL)
		return strcmp(unit, event_unit(p)) == 0 ? 1 / hz : 0;
	if (strcmp(unit, "s") == 0)
		return 1 / hz;
	if (strcmp(unit, "ms") == 0)
		return 1e3 / hz;
	if (strcmp(unit, "us") == 0)
		return 1e6 / hz;
	if (strcmp(unit, "ns") == 0)
		return 1e9 / hz;
	return 0;
}

char *
fmt_double(char *buf, double v)
{
	int prec;

	if (v == 0) {
		strcpy(buf, "0");
		return buf;
	}
	for (prec = 15; prec <= 17; prec++) {
		snprintf(buf, 32, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return buf;
}

struct frac {
	double		 f;
	size_t		 i;
};

static int
byfrac(const void *a, const void *b)
{
	const struct frac *x = a, *y = b;

	if (x->f != y->f)
		return x->f > y->f ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

void
round_sum(const double *w, unsigned long long *iw, size_t n)
{
	struct frac *fr;
	unsigned long long floors, target;
	double sum;
	size_t i;

	sum = 0;
	floors = 0;
	for (i = 0; i < n; i++) {
		sum += w[i];
		/* counts a stream may declare: none below 0 or beyond 2^63 */
		iw[i] = !(w[i] > 0) ? 0 : w[i] >= 0x1p63 ? 1ULL << 63 :
		    (unsigned long long)floor(w[i]);
		floors = floors + iw[i] < floors ? ULLONG_MAX : floors + iw[i];
	}
	if (!(sum < 0x1p63))
		return;		/* no rounding left to share out */
	target = (unsigned long long)llround(sum);
	if (target <= floors)
		return;
	if ((fr = calloc(n, sizeof(*fr))) == NULL) {
		/* Out of memory: give the rest to the heaviest. */
		size_t k = 0;

		for (i = 1; i < n; i++)
			if (w[i] > w[k])
				k = i;
		iw[k] += target - floors;
		return;
	}
	for (i = 0; i < n; i++) {
		fr[i].f = w[i] - floor(w[i]);
		fr[i].i = i;
	}
	if (n > 1)
		qsort(fr, n, sizeof(*fr), byfrac);
	for (i = 0; i < n && floors < target; i++, floors++)
		iw[fr[i].i]++;
	free(fr);
}
