/*
 * What the companion file's writers of records (compemit.c) and of a
 * gmon.out (compgmon.c) share; no one else's.
 */
#ifndef GP_GPRT_COMPINT_H
#define GP_GPRT_COMPINT_H

#include <stddef.h>
#include <stdint.h>

#include "gprt/companion.h"

/* The executable's text range for a histogram, as glibc rounds it. */
void		 gp_gprt_exerange(const struct gp_gprt *, uint64_t *low,
		    uint64_t *high, uint64_t *nbins);
/* The executable's arcs, merged over threads: from, self, count. */
uint64_t	*gp_gprt_exearcs(const struct gp_gprt *, size_t *np);
/* Is this host little-endian? */
int		 gp_gprt_hostle(void);

#endif /* GP_GPRT_COMPINT_H */
