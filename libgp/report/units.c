/*
 * gprof's unit for the per-call columns, shared by gp-fmt's flat
 * profile and gp-view's.
 */
#include "report/units.h"

/*
 * The SI prefixes gprof picks the per-call unit from.  When none fits
 * (hz is 0, say), gprof reads the entry past the end of its table: in the
 * gprof 2.40 of Debian 12 that is the bytes of the string "<unknown>...",
 * the prefix '<' and a scale of 1.0877989367040056e+243.  The last entry
 * here is that one, so that such profiles print as there.
 */
#define NSI	11
#define MILLI	5
static const struct {
	char	 prefix;
	double	 scale;
} si[NSI + 1] = {
	{ 'T', 1e-12 }, { 'G', 1e-09 }, { 'M', 1e-06 }, { 'K', 1e-03 },
	{ ' ', 1 }, { 'm', 1e+03 }, { 'u', 1e+06 }, { 'n', 1e+09 },
	{ 'p', 1e+12 }, { 'f', 1e+15 }, { 'a', 1e+18 },
	{ '<', 1.0877989367040056e+243 },
};

int
gp_si_unit(double top, int bsd, double *scale)
{
	double t;
	int log;

	log = 0;
	if (bsd)
		log = MILLI;
	else if (top > 0.0)
		for (log = 0; log < NSI; log++) {
			t = si[log].scale * top;
			if (t >= 1.0 && t < 1000.0)
				break;
		}
	*scale = si[log].scale;
	return si[log].prefix;
}
