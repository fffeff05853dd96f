/*
 * The read-only view of the profile that output-format plugins get
 * (struct gp_profile in <gp/format.h>), made from the host's layers.
 */
#ifndef GP_PVIEW_H
#define GP_PVIEW_H

#include <gp/format.h>

#include "analysis/profile.h"

/*
 * A view of the layers in `layers' (GP_L_*) that the profile has.  The
 * runtime layer's calling contexts come with the raw layer; with
 * GP_PV_CTXMERGE in `layers', as one tree of all threads and processes.
 */
#define GP_PV_CTXMERGE	(1u << 16)
/* GP_PV_SITES: the arcs' call sites with their source lines (sites.h). */
#define GP_PV_SITES	(1u << 17)
/* GP_PV_NORT: without the runtime layer's calling contexts, timelines and
   memory profile (a thread's own profile, gp_pthread). */
#define GP_PV_NORT	(1u << 18)

struct gp_profile *gp_pview_build(struct gp_prof *, unsigned layers);
void		 gp_pview_free(struct gp_profile *);

#endif /* GP_PVIEW_H */
