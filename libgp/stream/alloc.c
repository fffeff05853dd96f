/*
 * Allocation that exits on failure, for every layer of libgp and the
 * tools (declared in stream.h): one copy of each.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "stream/stream.h"

void *
gp_xcalloc(size_t n, size_t size)
{
	void *p;

	if ((p = calloc(n ? n : 1, size)) == NULL)
		err(1, NULL);
	return p;
}

void *
gp_xreallocarray(void *p, size_t n, size_t size)
{
	if ((p = reallocarray(p, n ? n : 1, size)) == NULL)
		err(1, NULL);
	return p;
}

void *
gp_xgrow(void *p, size_t *cap, size_t n, size_t first, size_t size)
{
	size_t c;

	if (n < *cap)
		return p;
	c = *cap ? 2 * *cap : first;
	if (c <= n)
		c = n + 1;
	p = gp_xreallocarray(p, c, size);
	*cap = c;
	return p;
}

char *
gp_xstrdup(const char *s)
{
	char *d;

	if ((d = strdup(s != NULL ? s : "")) == NULL)
		err(1, NULL);
	return d;
}
