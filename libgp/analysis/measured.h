/*
 * Measured analysis (analysis/measured.c): when the stream has measured call arcs
 * (the runtime layer, gprt/runtime.h),
 *  - the credit layer (gp_credit_make) credits each function with its
 *    measured self time instead of the histogram's samples;
 *  - the graph layer (gp_graph_make) tallies the measured arcs, all
 *    objects' functions included, and takes the children times of nodes
 *    and arcs from the measured inclusive times instead of propagating
 *    estimates; cycles are found and numbered as gprof finds them.
 * Times stay in the credit layer's units (seconds times hz), so the
 * printers print them as gprof prints its own.
 */
#ifndef GP_ANALYSIS_MEASURED_H
#define GP_ANALYSIS_MEASURED_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/profile.h"
#include "gprt/runtime.h"

struct gp_credit;

/*
 * The symbol id of address a of group g in the symbol layer, or GP_NOSYM
 * (analysis/graph.h).  func: back up to a function symbol, as a callee is.
 */
size_t	gp_rt_sym(const struct gp_prof *, size_t group,
	    const struct gp_rtaddr *a, int func);

/* Measured calls between two functions, summed over call sites. */
struct gp_marc {
	size_t		 parent;	/* symbol ids */
	size_t		 child;
	uint64_t	 count;
	double		 self;		/* seconds in the callee itself */
	double		 incl;		/* seconds in it and its callees,
					   outermost activations only */
	size_t		 group;		/* while summed: its group, */
	uint64_t	 selfticks;	/* and the ticks of self and incl */
	uint64_t	 inclticks;
};

struct gp_meas {
	size_t		 nsyms;		/* GP_NSYMS of the symbol layer */
	double		*self;		/* by symbol: seconds in itself */
	double		*incl;		/* by symbol: its calls' inclusive */
	double		*spont;		/* the part from unknown call sites */
	uint64_t	*spontc;	/* calls from unknown call sites */
	struct gp_marc	*arcs;		/* known call sites, by parent, child */
	size_t		 narcs;
	double		 total;		/* self time of every marc record */
	double		 lost;		/* that of callees in no symbol */
	uint64_t	 nlost;		/* how many such marc records */
};

/*
 * The measurements resolved to the symbol layer; NULL if the stream has
 * no measured call arcs (then gprof's estimates stand).
 */
const struct gp_meas *gp_meas_get(struct gp_prof *);

void	gp_meas_free(struct gp_meas *);

/*
 * The credit layer from the measurements: each symbol's self time in
 * seconds times c->hz (100 if not set), the FLAT tables applied as gprof
 * applies them, the total with the time no symbol covers (gp_meas.lost);
 * for event counts (gp_rt_event), the counts, with hz 1 and the event's
 * name as the unit.  Returns 0 (c untouched) without measurements.
 */
int	gp_meas_credit(struct gp_prof *, struct gp_credit *c);

#endif /* GP_ANALYSIS_MEASURED_H */
