/*
 * Pointers to their positions in an array (pos.h).
 */
#include <stdint.h>
#include <stdlib.h>

#include "pos.h"

static int
byptr(const void *a, const void *b)
{
	const struct pos *x = a, *y = b;

	return (uintptr_t)x->ptr < (uintptr_t)y->ptr ? -1 :
	    (uintptr_t)x->ptr > (uintptr_t)y->ptr;
}

struct pos *
pos_make(const void *const *v, size_t n)
{
	struct pos *pv;
	size_t i;

	if ((pv = calloc(n + 1, sizeof(*pv))) == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		pv[i].ptr = v[i];
		pv[i].i = i;
	}
	if (n > 1)
		qsort(pv, n, sizeof(*pv), byptr);
	return pv;
}

long
pos_find(const struct pos *v, size_t n, const void *ptr)
{
	struct pos key;
	const struct pos *r;

	key.ptr = ptr;
	r = bsearch(&key, v, n, sizeof(*v), byptr);
	return r != NULL ? (long)r->i : -1;
}
