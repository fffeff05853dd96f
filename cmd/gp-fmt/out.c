/*
 * gp-fmt: the report's output buffer and its number formatting (out.h).
 *
 * fmt_fixed() gives what glibc's printf gives for "%.Pf": the decimal
 * value of the double, exactly, rounded to P places half to even (the
 * default rounding mode).  The double is m * 2^e with an integer m of
 * 53 bits; m * 10^P * 2^e is split exactly, in 128-bit integers, into its
 * integer part and the fraction left over, and the fraction is compared
 * with one half.  Values too large for that (10^P times the value at or
 * above 2^64), infinities and NaNs go to snprintf.
 */
#include <err.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stream/stream.h"
#include "out.h"

typedef unsigned __int128 u128;

_Thread_local char	 out_buf[OUT_BUFSZ];
_Thread_local size_t	 out_n;
static _Thread_local struct outmem *capture;

void
out_flush(void)
{
	struct outmem *m = capture;

	if (out_n == 0)
		return;
	if (m != NULL) {
		if (m->cap - m->n < out_n) {
			m->cap = m->n + out_n > 2 * m->cap ? m->n + out_n :
			    2 * m->cap;
			if ((m->p = realloc(m->p, m->cap)) == NULL)
				err(1, NULL);
		}
		memcpy(m->p + m->n, out_buf, out_n);
		m->n += out_n;
	} else if (fwrite(out_buf, 1, out_n, stdout) != out_n)
		err(1, "stdout");
	out_n = 0;
}

void
out_capture(struct outmem *m)
{
	out_flush();
	capture = m;
}

void
out_memlong(const char *s, size_t n)
{
	size_t k;

	while (n > 0) {
		if (out_n == OUT_BUFSZ)
			out_flush();
		k = OUT_BUFSZ - out_n;
		if (k > n)
			k = n;
		memcpy(out_buf + out_n, s, k);
		out_n += k;
		s += k;
		n -= k;
	}
}

void
out_padlong(int n)
{
	int k;

	while (n > 0) {
		k = n < OUT_SHORT ? n : OUT_SHORT;
		out_pad(k);
		n -= k;
	}
}

size_t
out_s(const char *s, int width, int prec, int left)
{
	size_t len;

	len = prec >= 0 ? strnlen(s, (size_t)prec) : strlen(s);
	if (!left && (size_t)width > len)
		out_pad(width - (int)len);
	out_mem(s, len);
	if (left && (size_t)width > len)
		out_pad(width - (int)len);
	return len;
}

static const char pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233"
    "34353637383940414243444546474849505152535455565758596061626364656667"
    "6869707172737475767778798081828384858687888990919293949596979899";

void
out_u(uint64_t v, int width, int left)
{
	char b[24], *s;
	int len;

	s = gp_udec(b + sizeof(b), v);
	len = (int)(b + sizeof(b) - s);
	if (!left && width > len)
		out_pad(width - len);
	out_mem(s, (size_t)len);
	if (left && width > len)
		out_pad(width - len);
}

void
out_d(long v)
{
	char b[24], *s;

	if (v < 0) {
		s = gp_udec(b + sizeof(b), -(uint64_t)v);
		*--s = '-';
	} else
		s = gp_udec(b + sizeof(b), (uint64_t)v);
	out_mem(s, (size_t)(b + sizeof(b) - s));
}

size_t
fmt_fixed(char *buf, size_t size, double v, int prec)
{
	static const uint64_t p10[] = { 1, 10, 100, 1000, 10000, 100000,
	    1000000, 10000000, 100000000, 1000000000 };
	char b[48], *s;
	uint64_t bits, m, scale, ip, fp;
	u128 a, q, r, half;
	size_t n;
	double x;
	int e, i;

	if (!isfinite(v) || prec < 0 || prec > 9)
		return (size_t)snprintf(buf, size, "%.*f", prec, v);
	x = fabs(v);
	scale = p10[prec];
	q = 0;
	if (x != 0) {
		/* x = m * 2^e */
		memcpy(&bits, &x, sizeof(bits));
		e = (int)(bits >> 52);
		m = bits & ((1ULL << 52) - 1);
		if (e != 0)
			m |= 1ULL << 52;
		else
			e = 1;			/* subnormal */
		e -= 1075;
		if (e > 10)			/* x >= 2^63 */
			return (size_t)snprintf(buf, size, "%.*f", prec, v);
		if (e >= 0)
			q = ((u128)m << e) * scale;
		else if (-e < 100) {		/* else below 2^-46: 0 */
			a = (u128)m * scale;
			q = a >> -e;
			r = a & (((u128)1 << -e) - 1);
			half = (u128)1 << (-e - 1);
			if (r > half || (r == half && (q & 1)))
				q++;
		}
		if (q >> 64 != 0)
			return (size_t)snprintf(buf, size, "%.*f", prec, v);
	}
	s = b + sizeof(b);
	switch (prec) {			/* the report's, by constants */
	case 2:
		ip = (uint64_t)q / 100;
		s -= 3;
		s[0] = '.';
		memcpy(s + 1, pairs + 2 * ((uint64_t)q % 100), 2);
		break;
	case 1:
		ip = (uint64_t)q / 10;
		s -= 2;
		s[0] = '.';
		s[1] = (char)('0' + (uint64_t)q % 10);
		break;
	default:
		ip = (uint64_t)q / scale;
		fp = (uint64_t)q % scale;
		for (i = 0; i < prec; i++) {
			*--s = (char)('0' + fp % 10);
			fp /= 10;
		}
		if (prec > 0)
			*--s = '.';
		break;
	}
	s = gp_udec(s, ip);
	if (signbit(v))
		*--s = '-';
	n = (size_t)(b + sizeof(b) - s);
	if (n < size) {
		memcpy(buf, s, n);
		buf[n] = '\0';
	}
	return n;
}

void
out_f(double v, int width, int prec)
{
	char b[64];
	size_t n;

	if ((n = fmt_fixed(b, sizeof(b), v, prec)) >= sizeof(b)) {
		out_printf("%*.*f", width, prec, v);	/* a huge value */
		return;
	}
	if ((size_t)width > n)
		out_pad(width - (int)n);
	out_mem(b, n);
}

int
out_printf(const char *fmt, ...)
{
	va_list ap;
	char b[512], *big;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(b, sizeof(b), fmt, ap);
	va_end(ap);
	if (n < 0)
		err(1, "vsnprintf");
	if ((size_t)n < sizeof(b)) {
		out_mem(b, (size_t)n);
		return n;
	}
	if ((big = malloc((size_t)n + 1)) == NULL)
		err(1, NULL);
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	out_mem(big, (size_t)n);
	free(big);
	return n;
}
