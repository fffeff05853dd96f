/*
 * The gp-stream(5) writer: records into a buffer, numbers formatted
 * without printf (stream.h).
 */
#include <sys/types.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "stream/stream.h"
#include "stream/streamint.h"

/* The write buffer's size may be given at build time (the fuzz targets). */
#ifndef WBUFSZ
#define WBUFSZ		(1 << 16)
#endif
/* gp_wstrn() asks room for 1024 bytes escaped. */
_Static_assert(WBUFSZ > 4 * 1024 + 1, "WBUFSZ too small");

struct gp_writer {
	int		 fd;
	int		 nf;
	size_t		 n;
	char		 buf[WBUFSZ];
};

static const char hexdig[] = "0123456789abcdef";

static const char digpairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233"
    "34353637383940414243444546474849505152535455565758596061626364656667"
    "6869707172737475767778798081828384858687888990919293949596979899";

char *
gp_udec(char *end, uint64_t v)
{
	while (v >= 100) {
		end -= 2;
		memcpy(end, digpairs + 2 * (v % 100), 2);
		v /= 100;
	}
	if (v >= 10) {
		end -= 2;
		memcpy(end, digpairs + 2 * v, 2);
	} else
		*--end = '0' + v;
	return end;
}

/* v in decimal into buf (>= 20 bytes, not NUL-ended); returns length. */
static size_t
fmtu64(char *buf, uint64_t v)
{
	static const uint64_t pow10[] = { 1, 10, 100, 1000, 10000, 100000,
	    1000000, 10000000, 100000000, 1000000000, 10000000000ULL,
	    100000000000ULL, 1000000000000ULL, 10000000000000ULL,
	    100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
	    100000000000000000ULL, 1000000000000000000ULL,
	    10000000000000000000ULL };
	size_t n;

	if (v < 10) {
		buf[0] = '0' + v;
		return 1;
	}
	for (n = 2; n < 20 && v >= pow10[n]; n++)
		;
	gp_udec(buf + n, v);
	return n;
}

size_t
gp_fmtdbl(char *buf, double v)
{
	double back;
	int prec, n;

	if (v == 0) {
		if (signbit(v)) {
			memcpy(buf, "-0", 3);
			return 2;
		}
		memcpy(buf, "0", 2);
		return 1;
	}
	if (fabs(v) < 9007199254740992.0 && v == (double)(int64_t)v) {
		n = 0;
		if (v < 0)
			buf[n++] = '-';
		n += fmtu64(buf + n, (uint64_t)fabs(v));
		buf[n] = '\0';
		return n;
	}
	if ((n = gp_fmtdbl_fast(buf, v)) > 0)
		return n;
	for (prec = 15; prec <= 17; prec++) {
		n = snprintf(buf, 32, "%.*g", prec, v);
		back = strtod(buf, NULL);
		if (back == v || isnan(v))
			break;
	}
	return n;
}

/* Writer. */

struct gp_writer *
gp_wopen(int fd)
{
	struct gp_writer *w;

	if ((w = malloc(sizeof(*w))) == NULL)
		err(1, NULL);
	w->fd = fd;
	w->nf = 0;
	w->n = 0;
	gp_wkind(w, GP_STREAM_MAGIC);
	gp_wu64(w, GP_STREAM_VERSION);
	gp_weol(w);
	return w;
}

void
gp_xwrite(int fd, const void *buf, size_t len, const char *what)
{
	size_t off = 0;
	ssize_t n;

	while (off < len) {
		n = write(fd, (const char *)buf + off, len - off);
		if (n == -1) {
			if (errno == EINTR)
				continue;
			err(1, "%s", what);
		}
		off += n;
	}
}

void
gp_wflush(struct gp_writer *w)
{
	gp_xwrite(w->fd, w->buf, w->n, "write");
	w->n = 0;
}

void
gp_wclose(struct gp_writer *w)
{
	if (w == NULL)
		return;
	gp_wflush(w);
	free(w);
}

/* Room for n more bytes. */
static char *
wroom(struct gp_writer *w, size_t n)
{
	if (w->n + n > sizeof(w->buf))
		gp_wflush(w);
	return w->buf + w->n;
}

static void
wsep(struct gp_writer *w)
{
	if (w->nf++ > 0) {
		wroom(w, 1);
		w->buf[w->n++] = '\t';
	}
}

static void
wbytes(struct gp_writer *w, const char *s, size_t len)
{
	size_t k;

	while (len > 0) {
		wroom(w, 1);
		k = sizeof(w->buf) - w->n;
		if (k > len)
			k = len;
		memcpy(w->buf + w->n, s, k);
		w->n += k;
		s += k;
		len -= k;
	}
}

void
gp_wkind(struct gp_writer *w, const char *kind)
{
	w->nf = 0;
	gp_wraw(w, kind);
}

/* The number writers, inlined into wfields() as well as called. */
static inline void
whex(struct gp_writer *w, uint64_t v)
{
	char *p;
	int digits, i;

	digits = v == 0 ? 1 : (67 - __builtin_clzll(v)) / 4;
	p = wroom(w, digits + 3);
	if (w->nf++ > 0)
		*p++ = '\t';
	*p++ = '0';
	*p++ = 'x';
	for (i = digits - 1; i >= 0; i--)
		*p++ = hexdig[(v >> (i * 4)) & 15];
	w->n = p - w->buf;
}

static inline void
wu64(struct gp_writer *w, uint64_t v)
{
	char *p;

	p = wroom(w, 21);
	if (w->nf++ > 0)
		*p++ = '\t';
	w->n = p + fmtu64(p, v) - w->buf;
}

void
gp_whex(struct gp_writer *w, uint64_t v)
{
	whex(w, v);
}

void
gp_wu64(struct gp_writer *w, uint64_t v)
{
	wu64(w, v);
}

void
gp_wi64(struct gp_writer *w, int64_t v)
{
	char *p;

	wsep(w);
	p = wroom(w, 21);
	if (v < 0) {
		*p = '-';
		w->n += 1 + fmtu64(p + 1, -(uint64_t)v);
	} else
		w->n += fmtu64(p, v);
}

void
gp_wdbl(struct gp_writer *w, double v)
{
	char buf[40];

	wsep(w);
	wbytes(w, buf, gp_fmtdbl(buf, v));
}

void
gp_wstrn(struct gp_writer *w, const char *s, size_t len)
{
	size_t i, run;

	wsep(w);
	for (i = 0; i < len; i += run) {
		run = len - i;
		if (run > 1024)
			run = 1024;
		w->n += gp_escape(wroom(w, 4 * run + 1), s + i, run);
	}
}

void
gp_wstr(struct gp_writer *w, const char *s)
{
	gp_wstrn(w, s != NULL ? s : "", s != NULL ? strlen(s) : 0);
}

void
gp_wraw(struct gp_writer *w, const char *s)
{
	wsep(w);
	wbytes(w, s, strlen(s));
}

void
gp_weol(struct gp_writer *w)
{
	wroom(w, 1);
	w->buf[w->n++] = '\n';
	w->nf = 0;
}

/*
 * A field for each letter of fmt (stream.h): a switch over a short
 * string, the number writers inlined.  Inlined into both callers, so
 * that the arguments are read where va_start() was: a few instructions
 * a field more than the calls it stands for.
 */
static inline __attribute__((__always_inline__)) void
wfields(struct gp_writer *w, const char *fmt, va_list ap)
{
	const char *s;

	for (; *fmt != '\0'; fmt++) {
		switch (*fmt) {
		case 'u':
			wu64(w, va_arg(ap, uint64_t));
			break;
		case 'i':
			gp_wi64(w, va_arg(ap, int64_t));
			break;
		case 'x':
			whex(w, va_arg(ap, uint64_t));
			break;
		case 'd':
			gp_wdbl(w, va_arg(ap, double));
			break;
		case 's':
			gp_wstr(w, va_arg(ap, const char *));
			break;
		case 'n':
			s = va_arg(ap, const char *);
			gp_wstrn(w, s, va_arg(ap, size_t));
			break;
		case 'r':
			gp_wraw(w, va_arg(ap, const char *));
			break;
		default:
			errx(1, "gp_wfields: field type '%c'", *fmt);
		}
	}
}

void
gp_wfields(struct gp_writer *w, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	wfields(w, fmt, ap);
	va_end(ap);
}

void
gp_wrecf(struct gp_writer *w, const char *kind, const char *fmt, ...)
{
	va_list ap;

	gp_wkind(w, kind);
	va_start(ap, fmt);
	wfields(w, fmt, ap);
	va_end(ap);
	gp_weol(w);
}

void
gp_wrec(struct gp_writer *w, const struct gp_rec *rec)
{
	size_t len;
	char *p;
	int i;

	w->nf = 0;
	/*
	 * A record as gp_read() left it: its line, the tabs made NULs.  The
	 * line goes out whole, with the tabs back.
	 */
	if (rec->r != NULL && rec->nf > 0 && rec->f[0] == rec->r->line &&
	    (len = rec->r->len) + 1 <= sizeof(w->buf)) {
		p = wroom(w, len + 1);
		memcpy(p, rec->f[0], len);
		for (i = 1; i < rec->nf; i++)
			p[rec->f[i] - 1 - rec->f[0]] = '\t';
		p[len] = '\n';
		w->n += len + 1;
		return;
	}
	for (i = 0; i < rec->nf; i++)
		gp_wraw(w, rec->f[i]);
	gp_weol(w);
}
