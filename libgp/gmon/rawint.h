/*
 * The raw layer's own: what its files (raw.c, rawrec.c, sum.c) share
 * and no one else.
 */
#ifndef GP_GMON_RAWINT_H
#define GP_GMON_RAWINT_H

#include <stddef.h>

#include "gmon/raw.h"

/* Summing's index of arcs, (from, self) -> arc (sum.c). */
struct gp_arcidx {
	size_t		*slot;		/* arc index + 1, 0 if empty */
	size_t		 mask;
	size_t		 n;
};


/* Room for n more items in p, of cap, growing (raw.c). */
void	*gp_raw_grow(void *p, size_t *cap, size_t n, size_t size);

#endif /* GP_GMON_RAWINT_H */
