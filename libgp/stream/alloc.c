/*
 * Allocation that exits on failure, for every layer of libgp and the
 * tools (declared in stream.h): one copy of each.
 */
#include <sys/mman.h>

#include <err.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stream/stream.h"

#define HUGE_PAGE	((uintptr_t)2 << 20)

/*
 * A large array asks for huge pages where it has whole ones
 * (madvise(2) MADV_HUGEPAGE, which the kernel may ignore): the analysis
 * and the report reach into arrays of tens of megabytes at random, and
 * with 4 KB pages a tenth of gp's time on a million arcs went to page
 * faults and the TLB.
 */
static void
bigarray(void *p, size_t n, size_t size)
{
	uintptr_t lo, hi;

	if (size == 0 || n > SIZE_MAX / size || n * size < HUGE_PAGE)
		return;
	lo = ((uintptr_t)p + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
	hi = ((uintptr_t)p + n * size) & ~(HUGE_PAGE - 1);
	if (lo < hi)
		(void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
}

void *
gp_xcalloc(size_t n, size_t size)
{
	void *p;

	if ((p = calloc(n ? n : 1, size)) == NULL)
		err(1, NULL);
	bigarray(p, n, size);
	return p;
}

void *
gp_xreallocarray(void *p, size_t n, size_t size)
{
	if ((p = reallocarray(p, n ? n : 1, size)) == NULL)
		err(1, NULL);
	bigarray(p, n, size);
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
