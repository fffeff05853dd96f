/*
 * A fast path for gp_fmtdbl(): a double as the first of "%.15g", "%.16g"
 * and "%.17g" that reads back as the same double, the very bytes printf
 * gives, without printf and mostly without strtod.
 *
 * The value is scaled to a 17-digit integer with exact 128-bit integer
 * arithmetic (the fraction left over is kept exactly) and rounded to 15,
 * 16 or 17 digits half to even as glibc's printf rounds.  For the values
 * a profile is mostly made of, fractions from 1e-6 to 2^53, a candidate
 * is checked exactly in the same integers: it reads back as the double
 * when it is nearer to it than half a unit in its last place (ties go to
 * an even significand).  Other values check a candidate with one
 * correctly rounded IEEE operation when both of its parts are exact
 * doubles (Clinger's fast path), else with strtod.  Values it does not
 * cover (below 1e-6 or at or above 2^74, infinities, NaNs) are left to
 * the caller: it returns 0.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stream/stream.h"

typedef unsigned __int128 u128;

static const double exact10[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
	1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

static u128	p10[39];		/* 10^0 .. 10^38 */

static u128
pow10u(int k)
{
	int i;

	if (p10[0] == 0) {
		p10[0] = 1;
		for (i = 1; i < 39; i++)
			p10[i] = p10[i - 1] * 10;
	}
	return p10[k];
}

/*
 * The digits of v's first 17 significant digits, truncated (F, with
 * 10^16 <= F < 10^17), the decimal exponent of the first digit, and how
 * the rest compares with half a unit of the 17th digit (cmp: -1, 0, 1)
 * and whether it is zero (exact).  Returns -1 if out of range.
 */
static int
digits17(double v, uint64_t *fp, int *xp, int *restp, int *exactp)
{
	uint64_t m;
	u128 a, f, r, d, half;
	int e2, x, k, shift;

	m = (uint64_t)ldexp(frexp(v, &e2), 53);	/* v = m * 2^(e2 - 53) */
	e2 -= 53;
	if (e2 > 74 - 53 || v < 1e-6)
		return -1;
	/* floor(log10(v)), or one off: v is in [2^(e2+52), 2^(e2+53)) */
	x = (int)floor((e2 + 52) * 0.30102999566398120);
	for (int tries = 0; tries < 3; tries++) {
		k = 16 - x;			/* F = floor(v * 10^k) */
		if (e2 >= 0) {
			a = (u128)m << e2;
			if (k >= 0) {
				f = a * pow10u(k);
				r = 0;
				d = 1;
			} else {
				d = pow10u(-k);
				f = a / d;
				r = a % d;
			}
			/* rest = r / d */
			half = d;		/* compare 2r with d */
			r *= 2;
		} else {
			shift = -e2;
			if (k > 22) {		/* perhaps x is one short */
				x++;
				continue;
			}
			if (k < 0 || shift > 120)
				return -1;
			a = (u128)m * pow10u(k);
			f = a >> shift;
			r = a & (((u128)1 << shift) - 1);
			half = (u128)1 << (shift - 1);
		}
		if (f < (u128)10000000000000000ULL) {
			x--;
			continue;
		}
		if (f >= (u128)100000000000000000ULL) {
			x++;
			continue;
		}
		*fp = (uint64_t)f;
		*xp = x;
		*restp = r < half ? -1 : r > half;
		*exactp = r == 0;
		return 0;
	}
	return -1;
}

/* F rounded to p digits: the digits (10^(p-1) <= q < 10^p), exponent. */
static uint64_t
roundto(uint64_t f, int rest, int exact, int p, int *xp)
{
	static const uint64_t div[] = { 1, 10, 100 };
	uint64_t q, d, h;
	int s = 17 - p, up;

	q = f / div[s];
	d = f % div[s];
	if (s == 0)
		up = rest > 0 || (rest == 0 && (q & 1));
	else {
		h = div[s] / 2;
		if (d != h)
			up = d > h;
		else
			up = !exact || (q & 1);
	}
	if (up) {
		q++;
		if (q == (p == 17 ? 100000000000000000ULL :
		    p == 16 ? 10000000000000000ULL : 1000000000000000ULL)) {
			q /= 10;
			(*xp)++;
		}
	}
	return q;
}

/*
 * Does q * 10^(x - p + 1) read back as v?  1 or 0, or -1 if only strtod
 * can tell.
 */
static int
readsback(double v, uint64_t q, int x, int p)
{
	int e = x - p + 1;
	double c;

	if (q <= (1ULL << 53) && e >= -22 && e <= 22) {
		c = (double)q;
		return (e >= 0 ? c * exact10[e] : c / exact10[-e]) == v;
	}
	return -1;
}

static const char pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233"
    "34353637383940414243444546474849505152535455565758596061626364656667"
    "6869707172737475767778798081828384858687888990919293949596979899";

/* v < 10^8 in 8 digits, leading zeros and all. */
static void
put8(char *d, uint32_t v)
{
	uint32_t a = v / 10000, b = v % 10000;

	memcpy(d, pairs + 2 * (a / 100), 2);
	memcpy(d + 2, pairs + 2 * (a % 100), 2);
	memcpy(d + 4, pairs + 2 * (b / 100), 2);
	memcpy(d + 6, pairs + 2 * (b % 100), 2);
}

/* "%.{p}g" of q * 10^(x - p + 1), q having p digits (p <= 17). */
static size_t
format(char *buf, int neg, uint64_t q, int x, int p)
{
	char d17[17], *dg, *s = buf;
	uint32_t hi;
	int n, i;

	/* q's 17 digits, leading zeros and all, 8 at a time */
	hi = (uint32_t)(q / 100000000);
	put8(d17 + 9, (uint32_t)(q % 100000000));
	put8(d17 + 1, hi % 100000000);
	d17[0] = '0' + hi / 100000000;
	dg = d17 + 17 - p;
	for (n = p; n > 1 && dg[n - 1] == '0'; n--)
		;
	if (neg)
		*s++ = '-';
	if (x < -4 || x >= p) {
		*s++ = dg[0];
		if (n > 1) {
			*s++ = '.';
			memcpy(s, dg + 1, n - 1);
			s += n - 1;
		}
		*s++ = 'e';
		*s++ = x < 0 ? '-' : '+';
		if (x < 0)
			x = -x;
		if (x >= 100)
			*s++ = '0' + x / 100;
		*s++ = '0' + x / 10 % 10;
		*s++ = '0' + x % 10;
	} else if (x >= 0) {
		for (i = 0; i <= x; i++)
			*s++ = i < n ? dg[i] : '0';
		if (n > x + 1) {
			*s++ = '.';
			memcpy(s, dg + x + 1, n - x - 1);
			s += n - x - 1;
		}
	} else {
		*s++ = '0';
		*s++ = '.';
		for (i = -1; i > x; i--)
			*s++ = '0';
		memcpy(s, dg, n);
		s += n;
	}
	*s = '\0';
	return s - buf;
}

/*
 * The fast path for 1e-6 <= v < 2^53, not an integer: v = m * 2^-sh
 * exactly, and v * 10^k = f + r * 2^-sh with f of 17 digits.  A candidate
 * c of p digits, c * 10^(17-p) = f + d in the frame of f, is within half
 * a unit of v's last place when |d * 2^sh - r| < 10^k / 2 (a quarter
 * below a power of two, where the unit below is half as large).  Returns
 * 0 if v is out of its range.
 */
/*
 * Does q of p digits, f's first p digits rounded (q * div = f + d), read
 * back as v?  div (100 or 10) is a constant where this is inlined.
 */
static inline int
near(uint64_t m, uint64_t f, u128 r, int sh, u128 lim, uint64_t *qp,
    uint64_t div)
{
	uint64_t q, lo;
	u128 t, ad;
	int below;

	q = f / div;
	lo = f % div;
	q += lo > div / 2 || (lo == div / 2 && (r != 0 || (q & 1)));
	/* ad = |(q * div - f) * 2^sh - r|; below: the candidate is below v */
	if (q * div >= f) {
		t = (u128)(q * div - f) << sh;
		below = t < r;
		ad = below ? r - t : t - r;
	} else {
		ad = ((u128)(f - q * div) << sh) + r;
		below = 1;
	}
	if (below && m == 1ULL << 52)
		ad *= 2;			/* the unit below is half */
	*qp = q;
	return 2 * ad < lim || (2 * ad == lim && !(m & 1));
}

static size_t
fmtfrac(char *buf, int neg, double v)
{
	/* 10^-7 .. 10^17, rounded: they only steer the first guess */
	static const double tens[] = { 1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2,
	    1e-1, 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	    1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17 };
	uint64_t bits, m, f, q;
	u128 a, r, half, lim;
	int e2, sh, x, k, p, tries;

	memcpy(&bits, &v, sizeof(bits));
	e2 = (int)(bits >> 52 & 0x7ff);
	if (e2 == 0 || v < 1e-6)
		return 0;
	(void)pow10u(0);			/* fills p10 */
	m = (bits & ((1ULL << 52) - 1)) | 1ULL << 52;
	sh = 1075 - e2;				/* v = m * 2^-sh */
	if (sh <= 0)
		return 0;
	/* floor(log10(v)): v is in [2^(52-sh), 2^(53-sh)) */
	x = ((52 - sh) * 78913) >> 18;
	if (x >= -7 && x < 17 && v >= tens[x + 8])
		x++;
	for (tries = 0;; tries++) {
		k = 16 - x;
		if (tries == 3 || k < 0 || k > 22)
			return 0;
		a = (u128)m * p10[k];
		f = (uint64_t)(a >> sh);
		if (f < 10000000000000000ULL)
			x--;
		else if (f >= 100000000000000000ULL)
			x++;
		else
			break;
	}
	r = a & (((u128)1 << sh) - 1);
	lim = p10[k];			/* twice the half unit, in 2^-sh */
	if (near(m, f, r, sh, lim, &q, 100))
		p = 15;
	else if (near(m, f, r, sh, lim, &q, 10))
		p = 16;
	else {
		half = (u128)1 << (sh - 1);
		q = f + (r > half || (r == half && (f & 1)));
		p = 17;
	}
	if (q == (p == 17 ? 100000000000000000ULL : p == 16 ?
	    10000000000000000ULL : 1000000000000000ULL)) {
		q /= 10;
		x++;
	}
	return format(buf, neg, q, x, p);
}

size_t
gp_fmtdbl_fast(char *buf, double v)
{
	uint64_t f, q;
	int x, xp, rest, exact, p, neg, ok;
	size_t n = 0;

	if (!isfinite(v) || v == 0)
		return 0;
	neg = v < 0;
	if ((n = fmtfrac(buf, neg, fabs(v))) > 0)
		return n;
	if (digits17(fabs(v), &f, &x, &rest, &exact) != 0)
		return 0;
	for (p = 15; p <= 17; p++) {
		xp = x;
		q = roundto(f, rest, exact, p, &xp);
		ok = p == 17 ? 1 : readsback(fabs(v), q, xp, p);
		if (ok == 0)
			continue;
		n = format(buf, neg, q, xp, p);
		if (ok == 1 || strtod(buf + neg, NULL) == fabs(v))
			return n;
	}
	return n;
}

/*
 * A fast path for gp_parsedbl(): strtod's correctly rounded value of a
 * plain decimal, [-]digits[.digits][e[+-]digits], of at most 19
 * significant digits M and a decimal exponent E (the value is M * 10^E)
 * from -22 to 19, without strtod.  When M < 2^53 and |E| <= 22 one IEEE
 * multiplication or division of exact doubles rounds it (Clinger's fast
 * path); else M * 10^E (E >= 0) or M * 2^s / 10^-E (E < 0, s putting the
 * top bit of M * 2^s at bit 127, which leaves at least 54 bits in the
 * quotient) is done in exact 128-bit integers and rounded to 53 bits,
 * half to even, the remainder of the division deciding ties.  Returns
 * -1 for anything else (other forms, more digits, other exponents, "inf",
 * "nan", bad text): the caller asks strtod.
 */
static int
bitlen(u128 v)
{
	uint64_t hi = (uint64_t)(v >> 64);

	if (hi != 0)
		return 128 - __builtin_clzll(hi);
	return v == 0 ? 0 : 64 - __builtin_clzll((uint64_t)v);
}

/* q * 2^-sh, q having more than 53 bits, rounded; rest: bits below q. */
static double
round53(u128 q, int rest, int sh)
{
	u128 low, half;
	uint64_t mant;
	int t;

	t = bitlen(q) - 53;
	if (t <= 0)
		return ldexp((double)(uint64_t)q, -sh);
	mant = (uint64_t)(q >> t);
	low = q & (((u128)1 << t) - 1);
	half = (u128)1 << (t - 1);
	if (low > half || (low == half && (rest || (mant & 1))))
		mant++;
	return ldexp((double)mant, t - sh);
}

/*
 * *vp, near m / 10^k (k <= 22), made the double nearest to it: a double
 * c = M * 2^-sh is when |m * 2^sh - M * 10^k| < 10^k / 2 (a quarter below
 * a power of two), ties to an even M; else the neighbour on m's side is
 * tried.  Returns -1 if it gives up.
 */
static int
settle(uint64_t m, int k, double *vp)
{
	uint64_t bits, mm;
	u128 t, u, ad, lim;
	int sh, tries, below;

	lim = pow10u(k);
	memcpy(&bits, vp, sizeof(bits));
	for (tries = 0; tries < 4; tries++) {
		sh = 1075 - (int)(bits >> 52 & 0x7ff);
		if ((bits >> 52 & 0x7ff) == 0 || sh < 0 || sh > 126 - 53)
			return -1;
		mm = (bits & ((1ULL << 52) - 1)) | 1ULL << 52;
		if (bitlen(m) + sh > 127)
			return -1;
		t = (u128)m << sh;
		u = (u128)mm * lim;
		below = t < u;			/* m / 10^k is below c */
		ad = below ? u - t : t - u;
		if (below && mm == 1ULL << 52)
			ad *= 2;		/* the unit below is half */
		if (ad < lim &&
		    (2 * ad < lim || (2 * ad == lim && !(mm & 1)))) {
			memcpy(vp, &bits, sizeof(bits));
			return 0;
		}
		bits += below ? -1 : 1;
	}
	return -1;
}

int
gp_parsedbl_fast(const char *s, double *vp)
{
	uint64_t m = 0;
	u128 n, d;
	const char *p, *q;
	unsigned c;
	int neg, nd, sig, e = 0, x = 0, xneg = 0, xd = 0, sh;
	double v;

	if ((neg = *s == '-'))
		s++;
	/* the digits, leading zeros aside, into m (checked: <= 19) */
	for (p = s; *p == '0'; p++)
		;
	for (q = p; (c = (unsigned)(*q - '0')) < 10; q++)
		m = m * 10 + c;
	sig = (int)(q - p);
	nd = (int)(q - s);
	s = q;
	if (*s == '.') {
		p = ++s;
		if (sig == 0)
			while (*s == '0')
				s++;
		for (q = s; (c = (unsigned)(*q - '0')) < 10; q++)
			m = m * 10 + c;
		sig += (int)(q - s);
		nd += (int)(q - p);
		e = -(int)(q - p);
		s = q;
	}
	if (sig > 19)
		return -1;
	if (nd == 0)
		return -1;
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '-' || *s == '+')
			xneg = *s++ == '-';
		for (; *s >= '0' && *s <= '9'; s++)
			if (++xd > 4)
				return -1;
			else
				x = x * 10 + (*s - '0');
		if (xd == 0)
			return -1;
		e += xneg ? -x : x;
	}
	if (*s != '\0')
		return -1;
	if (m == 0)
		v = 0.0;
	else if (m <= (1ULL << 53) && e >= -22 && e <= 22)
		v = e >= 0 ? (double)m * exact10[e] : (double)m / exact10[-e];
	else if (e >= 0 && e <= 19) {
		n = (u128)m * pow10u(e);
		v = round53(n, 0, 0);
	} else if (e < 0 && e >= -22) {
		v = (double)m / exact10[-e];	/* an ulp or two off */
		if (settle(m, -e, &v) != 0) {
			sh = 128 - bitlen(m);
			n = (u128)m << sh;
			d = pow10u(-e);
			v = round53(n / d, n % d != 0, sh);
		}
	} else
		return -1;
	*vp = neg ? -v : v;
	return 0;
}
