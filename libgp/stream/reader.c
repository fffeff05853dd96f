/*
 * The gp-stream(5) reader: records, their fields, bounded number parsing
 * and the one-line messages that name a bad field (stream.h).
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

/*
 * The buffers' sizes may be given at build time: the fuzz targets use
 * small ones, so that refills come every few records (and ASan's large
 * allocations do not slow every input down).
 */
#ifndef RBUFSZ
#define RBUFSZ		(1 << 18)
#endif
#define MAXLINE		(64L << 20)	/* a longer line is an error */


struct gp_reader *
gp_ropen(int fd, const char *name)
{
	struct gp_reader *r;

	if ((r = calloc(1, sizeof(*r))) == NULL ||
	    (r->name = strdup(name)) == NULL ||
	    (r->buf = malloc(RBUFSZ)) == NULL)
		err(1, NULL);
	r->fd = fd;
	r->cap = RBUFSZ;
	return r;
}

struct gp_reader *
gp_ropenfile(const char *path)
{
	struct gp_reader *r;
	int fd;

	if (strcmp(path, "-") == 0)
		return gp_ropen(STDIN_FILENO, "<stdin>");
	if ((fd = open(path, O_RDONLY)) == -1)
		err(1, "%s", path);
	r = gp_ropen(fd, path);
	r->ownfd = 1;
	return r;
}

void
gp_rclose(struct gp_reader *r)
{
	if (r == NULL)
		return;
	if (r->ownfd)
		close(r->fd);
	free(r->name);
	free(r->buf);
	free(r);
}

const char *
gp_rname(const struct gp_reader *r)
{
	return r->name;
}

void
gp_recfree(struct gp_rec *rec)
{
	free(rec->f);
	rec->f = NULL;
	rec->nf = rec->fcap = 0;
}

/* Fill the buffer; returns the number of new bytes, 0 at EOF. */
static size_t
rfill(struct gp_reader *r)
{
	ssize_t n;

	if (r->start > 0 && r->start == r->end)
		r->start = r->end = 0;
	if (r->end == r->cap) {
		if (r->start > 0) {
			memmove(r->buf, r->buf + r->start, r->end - r->start);
			r->end -= r->start;
			r->start = 0;
		} else {
			if ((long)r->cap >= MAXLINE)
				errx(1, "%s:%ld: line longer than %ld bytes",
				    r->name, r->lineno + 1, MAXLINE);
			r->cap *= 2;
			if ((r->buf = realloc(r->buf, r->cap)) == NULL)
				err(1, NULL);
		}
	}
	for (;;) {
		n = read(r->fd, r->buf + r->end, r->cap - r->end);
		if (n >= 0)
			break;
		if (errno != EINTR)
			err(1, "%s", r->name);
	}
	r->end += n;
	return n;
}

static void
growfields(struct gp_rec *rec)
{
	rec->fcap = rec->fcap ? rec->fcap * 2 : 16;
	rec->f = reallocarray(rec->f, rec->fcap, sizeof(*rec->f));
	if (rec->f == NULL)
		err(1, NULL);
}

static inline void
addfield(struct gp_rec *rec, char *p)
{
	if (rec->nf == rec->fcap)
		growfields(rec);
	rec->f[rec->nf++] = p;
}

/* The fields of a line: each tab ends one and starts the next. */
static void
split(struct gp_rec *rec, char *line, size_t len)
{
	char *p = line, *end = line + len;
#ifdef __SSE2__
	const __m128i tab = _mm_set1_epi8('\t');
	unsigned mask;
	int i;
#endif

	rec->nf = 0;
	addfield(rec, p);
#ifdef __SSE2__
	for (; end - p >= 16; p += 16) {
		mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(
		    _mm_loadu_si128((const __m128i *)(void *)p), tab));
		for (; mask != 0; mask &= mask - 1) {
			i = __builtin_ctz(mask);
			p[i] = '\0';
			addfield(rec, p + i + 1);
		}
	}
#endif
	for (; p < end; p++)
		if (*p == '\t') {
			*p = '\0';
			addfield(rec, p + 1);
		}
}

/* Take the next line out of the buffer, or NULL at EOF. */
static char *
rline(struct gp_reader *r, size_t *lenp)
{
	char *nl, *line;
	size_t scanned = 0;

	for (;;) {
		nl = memchr(r->buf + r->start + scanned, '\n',
		    r->end - r->start - scanned);
		if (nl != NULL)
			break;
		scanned = r->end - r->start;
		if (r->eof || rfill(r) == 0) {
			r->eof = 1;
			if (r->start == r->end)
				return NULL;
			errx(1, "%s:%ld: last line has no newline "
			    "(stream cut short?)", r->name, r->lineno + 1);
		}
		/* rfill may have moved the data to the front */
	}
	line = r->buf + r->start;
	*nl = '\0';
	*lenp = nl - line;
	r->start = nl + 1 - r->buf;
	r->lineno++;
	return line;
}

int
gp_read(struct gp_reader *r, struct gp_rec *rec)
{
	char *line;
	size_t len;

	rec->r = r;
	for (;;) {
		if ((line = rline(r, &len)) == NULL) {
			if (r->lineno == 0)
				errx(1, "%s: empty stream: no \"%s\" header "
				    "(did the stage before fail?)", r->name,
				    GP_STREAM_MAGIC);
			return 0;
		}
		rec->lineno = r->lineno;
		split(rec, line, len);
		r->line = line;
		r->len = len;
		if (strcmp(rec->f[0], GP_STREAM_MAGIC) == 0) {
			uint64_t v;

			if (rec->nf < 2 || gp_parseu64(rec->f[1], &v) != 0 ||
			    v != GP_STREAM_VERSION)
				gp_recerr(rec, "stream version %s not known "
				    "(this reader knows version %d)",
				    rec->nf < 2 ? "(none)" : rec->f[1],
				    GP_STREAM_VERSION);
			continue;
		}
		if (r->lineno == 1)
			errx(1, "%s:1: not a gp-stream: the first line must "
			    "be \"%s<TAB>%d\"", r->name, GP_STREAM_MAGIC,
			    GP_STREAM_VERSION);
		if (rec->f[0][0] == '\0')
			gp_recerr(rec, "empty record kind");
		return 1;
	}
}

int
gp_iskind(const struct gp_rec *rec, const char *kind)
{
	return strcmp(rec->f[0], kind) == 0;
}

/*
 * A message on stderr with the input's control bytes escaped as in the
 * stream (gp-stream(5)): a CR or an escape sequence from a hostile input
 * is shown, not obeyed.  Backslashes stay as they are.
 */
static void
putesc(const char *s)
{
	char buf[4 + 1];		/* gp_escape's worst case */
	size_t n;

	for (; *s != '\0'; s++) {
		if ((unsigned char)*s >= 0x20 && *s != 0x7f) {
			fputc(*s, stderr);
			continue;
		}
		n = gp_escape(buf, s, 1);
		fwrite(buf, 1, n, stderr);
	}
}

static void
vrecmsg(const struct gp_rec *rec, const char *fmt, va_list ap)
{
	char *m;

	fprintf(stderr, "%s: ", program_invocation_short_name);
	putesc(rec->r != NULL ? rec->r->name : "<stream>");
	fprintf(stderr, ":%ld: ", rec->lineno);
	putesc(rec->nf > 0 ? rec->f[0] : "");
	fputs(": ", stderr);
	if (vasprintf(&m, fmt, ap) == -1)
		m = NULL;
	putesc(m != NULL ? m : fmt);
	free(m);
	fputc('\n', stderr);
}

void
gp_recerr(const struct gp_rec *rec, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vrecmsg(rec, fmt, ap);
	va_end(ap);
	exit(1);
}

void
gp_recwarn(const struct gp_rec *rec, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vrecmsg(rec, fmt, ap);
	va_end(ap);
}

void
gp_need(const struct gp_rec *rec, int n)
{
	if (rec->nf < n)
		gp_recerr(rec, "%d fields, expected at least %d", rec->nf, n);
}

static const char *
field(const struct gp_rec *rec, int i)
{
	if (i >= rec->nf)
		gp_recerr(rec, "field %d missing", i + 1);
	return rec->f[i];
}

/* Hexadecimal digit values, 16 for the other bytes. */
static const unsigned char hexval16[256] = {
	16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
	16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
	16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 16, 16, 16, 16, 16,
	16, 10, 11, 12, 13, 14, 15, 16, 16, 16, 16, 16, 16, 16, 16, 16,
	16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
	16, 10, 11, 12, 13, 14, 15, 16, 16, 16, 16, 16, 16, 16, 16, 16,
	16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
	16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
	16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
	16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
	16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
	16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
	16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
	16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
	16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
};

int
gp_parsehex(const char *s, uint64_t *vp)
{
	const unsigned char *u;
	uint64_t v = 0;
	unsigned c;
	int n;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	u = (const unsigned char *)s;
	for (n = 0; (c = hexval16[u[n]]) < 16; n++)
		v = v << 4 | c;
	/* other bytes, none, or more than 64 bits (leading zeros aside) */
	if (u[n] != '\0' || n == 0)
		return -1;
	if (n > 16) {
		while (*u == '0' && n > 16) {
			u++;
			n--;
		}
		if (n > 16)
			return -1;
	}
	*vp = v;
	return 0;
}

int
gp_parseu64(const char *s, uint64_t *vp)
{
	uint64_t v = 0;
	unsigned c;
	int n;

	/* up to 19 digits cannot overflow */
	for (n = 0; n < 19 && (c = (unsigned)(s[n] - '0')) < 10; n++)
		v = v * 10 + c;
	if (n == 0)
		return -1;
	for (s += n; *s != '\0'; s++) {
		c = (unsigned)(*s - '0');
		if (c >= 10 || v > (UINT64_MAX - c) / 10)
			return -1;
		v = v * 10 + c;
	}
	*vp = v;
	return 0;
}

int
gp_parsedbl(const char *s, double *vp)
{
	char *end;
	double v;

	if (*s == '\0')
		return -1;
	if (gp_parsedbl_fast(s, vp) == 0)
		return 0;
	errno = 0;
	v = strtod(s, &end);
	if (*end != '\0' || (errno == ERANGE && isinf(v)))
		return -1;
	*vp = v;
	return 0;
}

uint64_t
gp_fhex(const struct gp_rec *rec, int i)
{
	uint64_t v;

	if (gp_parsehex(field(rec, i), &v) != 0)
		gp_recerr(rec, "field %d: bad address '%s'", i + 1, rec->f[i]);
	return v;
}

uint64_t
gp_fu64max(const struct gp_rec *rec, int i, uint64_t max)
{
	uint64_t v;

	if (gp_parseu64(field(rec, i), &v) != 0)
		gp_recerr(rec, "field %d: bad number '%s'", i + 1, rec->f[i]);
	if (v > max)
		gp_recerr(rec, "field %d: %s is larger than %ju", i + 1,
		    rec->f[i], (uintmax_t)max);
	return v;
}

uint64_t
gp_fu64(const struct gp_rec *rec, int i)
{
	return gp_fu64max(rec, i, UINT64_MAX);
}

int64_t
gp_fi64(const struct gp_rec *rec, int i)
{
	const char *s = field(rec, i);
	uint64_t v;

	if (s[0] == '-') {
		if (gp_parseu64(s + 1, &v) != 0 || v > (uint64_t)INT64_MAX + 1)
			gp_recerr(rec, "field %d: bad number '%s'", i + 1, s);
		return v == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)v;
	}
	return (int64_t)gp_fu64max(rec, i, INT64_MAX);
}

double
gp_fdbl(const struct gp_rec *rec, int i)
{
	double v;

	if (gp_parsedbl(field(rec, i), &v) != 0)
		gp_recerr(rec, "field %d: bad number '%s'", i + 1, rec->f[i]);
	return v;
}

int
gp_fempty(const struct gp_rec *rec, int i)
{
	return field(rec, i)[0] == '\0';
}

char *
gp_fstr(const struct gp_rec *rec, int i)
{
	char *s;

	if ((s = strdup(field(rec, i))) == NULL)
		err(1, NULL);
	if (gp_unescape(s) != 0)
		gp_recerr(rec, "field %d: bad escape in '%s'", i + 1,
		    rec->f[i]);
	return s;
}
