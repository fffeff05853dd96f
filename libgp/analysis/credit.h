/*
 * The credit layer: the histogram's samples credited to the symbols the
 * way GNU gprof's hist_assign_samples credits them (gp-hist(1),
 * gp-stream(5)).
 *
 * Times are in samples (ticks); divide by hz for seconds.  They are the
 * very doubles gprof computes, and round-trip through the stream exactly.
 */
#ifndef GP_HIST_H
#define GP_HIST_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/profile.h"
#include "sym/symspec.h"

struct gp_credit {
	int		 nhist;		/* histogram ranges; 0: no histogram */
	double		 total;		/* gprof's total_time, in samples */
	double		 scale;		/* gprof's hist_scale */
	uint32_t	 hz;		/* samples per dimen; 0 if unknown */
	char		 dimen[16];	/* "seconds" */
	char		 abbrev;	/* 's' */
	struct gp_specs	 flat;		/* the FLAT specs credited with */
	double		*time;		/* nsyms credits, by symbol id */
	size_t		 ntime;
	long		 lineno;	/* of the histsum record, 0 if made */
	char		*src;		/* the stream it was loaded from */
};

/*
 * Credit the raw layer's histograms to the symbol layer's symbols.
 * `flat' are the user's FLAT specs (may be NULL); gprof's default
 * exclusions are added after them.  Replaces p->credit.
 */
void	gp_credit_make(struct gp_prof *, const struct gp_specs *flat);
void	gp_credit_emit(const struct gp_prof *, struct gp_writer *);
void	gp_credit_free(struct gp_credit *);
/* Fit a loaded credit layer to the symbol layer. */
void	gp_credit_check(struct gp_prof *);

#endif /* GP_HIST_H */
