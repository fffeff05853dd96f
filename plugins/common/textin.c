/*
 * Helpers of the text input formats (textin.h).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "textin.h"

int
textin_open(struct textin *t, const unsigned char *buf, size_t len,
    unsigned long *lines)
{
	const unsigned char *q;

	memset(t, 0, sizeof(*t));
	t->p = buf;
	t->end = buf + len;
	if (len > 0 && buf[len - 1] != '\n') {
		*lines = 1;
		for (q = buf; q < t->end; q++)
			if (*q == '\n')
				(*lines)++;
		return -1;
	}
	return 0;
}

int
textin_next(struct textin *t, const char **why)
{
	const unsigned char *nl;
	size_t n;

	if (t->p >= t->end)
		return 0;
	t->lineno++;
	if ((nl = memchr(t->p, '\n', (size_t)(t->end - t->p))) == NULL)
		nl = t->end;
	n = (size_t)(nl - t->p);
	if (n + 1 > t->cap) {
		free(t->line);
		t->cap = n + 1;
		if ((t->line = malloc(t->cap)) == NULL) {
			t->cap = 0;
			*why = "out of memory";
			return -1;
		}
	}
	memcpy(t->line, t->p, n);
	t->line[n] = '\0';
	t->p = nl + 1;
	if (memchr(t->line, '\0', n) != NULL) {
		*why = "a NUL byte: not a text file";
		return -1;
	}
	if (n > 0 && t->line[n - 1] == '\r')
		t->line[--n] = '\0';
	t->len = n;
	return 1;
}

void
textin_close(struct textin *t)
{
	free(t->line);
	t->line = NULL;
	t->cap = 0;
}

/* The shortest %g of v that reads back as v. */
static void
dbl(char *buf, size_t n, double v)
{
	int prec;

	for (prec = 15; prec < 17; prec++) {
		snprintf(buf, n, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			return;
	}
	snprintf(buf, n, "%.17g", v);
}

void
textin_emit(const struct gp_host *h, struct gp_ctx *ctx, const char *kind,
    const char *fmt, ...)
{
	char bufs[16][64];
	const char *f[16];
	va_list ap;
	int64_t o;
	int n = 0;

	va_start(ap, fmt);
	for (; *fmt != '\0' && n < 16; fmt++, n++) {
		f[n] = bufs[n];
		switch (*fmt) {
		case 'u':
			snprintf(bufs[n], sizeof(bufs[n]), "%" PRIu64,
			    va_arg(ap, uint64_t));
			break;
		case 'x':
			snprintf(bufs[n], sizeof(bufs[n]), "0x%" PRIx64,
			    va_arg(ap, uint64_t));
			break;
		case 'o':
			o = va_arg(ap, int64_t);
			bufs[n][0] = '\0';
			if (o >= 0)
				snprintf(bufs[n], sizeof(bufs[n]), "%" PRId64,
				    o);
			break;
		case 'd':
			dbl(bufs[n], sizeof(bufs[n]), va_arg(ap, double));
			break;
		default:
			f[n] = va_arg(ap, const char *);
			break;
		}
	}
	va_end(ap);
	h->input->emit(ctx, kind, n, f);
}

int
textin_u64(const char *s, int base, uint64_t *v, const char **end)
{
	uint64_t n = 0;
	unsigned d;
	const char *p;

	for (p = s;; p++) {
		if (*p >= '0' && *p <= '9')
			d = (unsigned)(*p - '0');
		else if (base == 16 && *p >= 'a' && *p <= 'f')
			d = (unsigned)(*p - 'a' + 10);
		else if (base == 16 && *p >= 'A' && *p <= 'F')
			d = (unsigned)(*p - 'A' + 10);
		else
			break;
		if (n > (UINT64_MAX - d) / (unsigned)base)
			return -2;
		n = n * (unsigned)base + d;
	}
	*end = p;
	if (p == s)
		return -1;
	*v = n;
	return 0;
}
