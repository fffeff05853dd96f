/*
 * The diff layer: two analysed profiles compared function by function
 * and arc by arc (gp-diff(1), gp-stream(5) "Diff layer").
 *
 * Functions are matched by their demangled name, static functions by
 * name and source file, so that two builds of a program compare; arcs by
 * the names of both ends.  Times are in seconds, inclusive times those of
 * the call graph (a function's self time plus its children's).
 */
#ifndef GP_DIFF_H
#define GP_DIFF_H

#include <stdint.h>
#include <stdio.h>

#include "analysis/profile.h"

#define GP_D_OLD	0x1	/* present in the old profile */
#define GP_D_NEW	0x2	/* present in the new one */

struct gp_dfunc {			/* a "dfunc" record */
	char		*name;
	char		*file;		/* static functions' source, or "" */
	unsigned	 in;		/* GP_D_* */
	uint64_t	 oc, nc;	/* calls, recursive ones included */
	double		 os, ns;	/* self seconds */
	double		 oi, ni;	/* inclusive seconds */
};

struct gp_darc {			/* a "darc" record */
	char		*parent;
	char		*child;
	uint64_t	 oc, nc;
	double		 ot, nt;	/* seconds the child spent for the
					   parent, its children's included */
};

struct gp_diff {			/* the "diff" record and the pairs */
	char		*oldname;
	char		*newname;
	double		 ototal, ntotal;	/* sampled or measured seconds */
	int		 normalised;	/* new times scaled to the old total */
	struct gp_dfunc	*f;
	size_t		 nf, fcap;
	struct gp_darc	*a;
	size_t		 na, acap;
};

struct gp_diff	*gp_diff_make(const struct gp_prof *old, const char *oldname,
		    const struct gp_prof *new, const char *newname,
		    int normalise);
void		 gp_diff_emit(struct gp_writer *, const struct gp_diff *);
int		 gp_diff_load(struct gp_prof *, const struct gp_rec *);
void		 gp_diff_free(struct gp_diff *);

/*
 * The diff report: the functions whose calls or times changed, the
 * largest change first, then the added and removed ones.  brief: no
 * explanation.
 */
void		 gp_diff_print(const struct gp_diff *, int brief, FILE *);

#endif /* GP_DIFF_H */
