/*
 * gprof -s (--sum): the profile gprof writes to gmon.sum.
 */
#ifndef GP_GMONSUM_H
#define GP_GMONSUM_H

#include "analysis/profile.h"
#include "sym/symspec.h"

/*
 * Write the raw and symbol layers of p to path as gprof -s writes
 * gmon.sum: the histograms as read (summed), then the arcs as gprof
 * tallies them (both ends looked up in the symbol table, arcs named by
 * -k dropped, the same parent and child added up) with each end moved to
 * its symbol's address, parent by parent in address order and each
 * parent's arcs newest first; then the basic-block records.  format is
 * gprof's -O: "auto" or "magic" (GNU layout), "bsd" (old BSD, or 4.4BSD
 * if the rate is not the system's), "4.4bsd"; NULL is "auto".  The GNU
 * header's spare bytes are zero.
 */
void	gp_sum_write(const char *path, const struct gp_prof *p,
	    const struct gp_specs *, const char *format);

/*
 * gprof's cg_tally: the raw arcs by symbol (ids), in the order gprof
 * makes them, the counts of the same parent and child added up, arcs
 * named by the specs' -k (and -q, -Q FROM/TO) left out; specs may be
 * NULL.  newest[] (room for every symbol) gets each parent's newest arc,
 * the arcs' next its next older one.
 */
struct gp_tarc {
	size_t		 parent;
	size_t		 child;
	uint64_t	 count;
	size_t		 next;		/* GP_TARC_NONE at the end */
};
#define GP_TARC_NONE	((size_t)-1)

struct gp_tarc	*gp_tally(const struct gp_prof *, const struct gp_specs *,
		    size_t *narcs, size_t *newest);

#endif /* GP_GMONSUM_H */
