/*
 * The plugin search path and plugin options' numbers (search.h): libc
 * only, no allocation; compiled into libgp and into libgprt.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"

/* The runtime is never instrumented; neither is what it compiles in. */
#ifdef __GNUC__
#define NOINSTR	__attribute__((__no_instrument_function__))
#else
#define NOINSTR
#endif

NOINSTR void
gp_search_start(struct gp_search *s, const char *path)
{
	s->p = path != NULL ? path : "";
}

NOINSTR int
gp_search_next(struct gp_search *s, char *dir, size_t dirsz, char *why,
    size_t whysz)
{
	const char *e;
	size_t n;

	for (;;) {
		if (*s->p == '\0')
			return 0;
		e = s->p;
		n = strcspn(e, ":");
		s->p = e[n] == ':' ? e + n + 1 : e + n;
		if (n == 0)
			continue;	/* empty: nothing, never "." */
		if (e[0] != '/') {
			snprintf(why, whysz, "\"%.*s\" ignored: not an absolute "
			    "path", (int)(n < 200 ? n : 200), e);
			return -1;
		}
		if (n >= dirsz) {
			snprintf(why, whysz, "\"%.*s...\" ignored: longer than "
			    "a path", 200, e);
			return -1;
		}
		memcpy(dir, e, n);
		dir[n] = '\0';
		return 1;
	}
}

NOINSTR int
gp_search_name(const char *s, size_t n)
{
	size_t i;

	if (n == 0 || n > 64)
		return 0;
	for (i = 0; i < n; i++)
		if (!(s[i] >= 'a' && s[i] <= 'z') &&
		    !(s[i] >= '0' && s[i] <= '9') && s[i] != '-' && s[i] != '_')
			return 0;
	return 1;
}

NOINSTR int
gp_search_num(const char *key, const char *val, double min, double max,
    double *v, char *why, size_t whysz)
{
	char *end;
	double d;

	d = strtod(val, &end);
	if (end == val || *end != '\0' || !isfinite(d) || d < min ||
	    d > max) {
		snprintf(why, whysz, "%s=%s: not a number from %.15g to %.15g",
		    key, val, min, max);
		return -1;
	}
	*v = d;
	return 0;
}
