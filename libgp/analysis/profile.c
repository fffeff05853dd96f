/*
 * Loading a stream into the in-memory profile, layer by layer.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/diff.h"
#include "gmon/raw.h"
#include "analysis/graph.h"
#include "analysis/credit.h"
#include "analysis/measured.h"
#include "gprt/runtime.h"
#include "analysis/profile.h"
#include "sym/symtab.h"

static void
load(struct gp_prof *p, unsigned layer, const struct gp_rec *rec)
{
	int ok = 0;

	switch (layer) {
	case GP_L_RAW:
		ok = gp_raw_load(&p->raw, rec);
		break;
	case GP_L_SYM:
		ok = gp_sym_load(&p->sym, rec);
		break;
	case GP_L_CREDIT:
		ok = gp_credit_load(p, rec);
		break;
	case GP_L_GRAPH:
		ok = gp_graph_load(p, rec);
		break;
	case GP_L_RT:
		ok = gp_rt_load(&p->rt, rec);
		break;
	case GP_L_DIFF:
		ok = gp_diff_load(p, rec);
		break;
	}
	if (!ok)
		gp_recerr(rec, "record kind not handled by its layer");
}

static void	(*otherfn)(const struct gp_rec *, void *);
static void	*otherarg;

void
gp_stage_other(void (*fn)(const struct gp_rec *, void *), void *arg)
{
	otherfn = fn;
	otherarg = arg;
}

void
gp_stage_read(struct gp_reader *r, struct gp_prof *p, unsigned want,
    unsigned drop, struct gp_writer *w)
{
	struct gp_rec rec;
	unsigned layer;

	if (want & GP_L_RAW)
		want |= GP_L_RT;
	memset(&rec, 0, sizeof(rec));
	while (gp_read(r, &rec)) {
		layer = gp_kind_layer(rec.f[0]);
		/* Records of a plugin's record type are raw (gp-plugin(3)). */
		if (layer == 0 && (want & GP_L_RAW) && gp_raw_iskind(rec.f[0]))
			layer = GP_L_RAW;
		p->have |= layer;
		if (layer & want)
			load(p, layer, &rec);
		else if (layer == 0 && otherfn != NULL)
			otherfn(&rec, otherarg);
		if (w != NULL && !(layer & drop))
			gp_wrec(w, &rec);
	}
	gp_recfree(&rec);
	gp_raw_norm(p->raw);	/* bins in index order, once */
}

/* Every layer of a profile, freed; the structure itself is the caller's. */
void
gp_prof_free(struct gp_prof *p)
{
	gp_raw_free(p->raw);
	gp_sym_free(p->sym);
	gp_credit_free(p->credit);
	gp_graph_free(p->graph);
	gp_rt_free(p->rt);
	gp_meas_free(p->meas);
	gp_diff_free(p->diff);
	memset(p, 0, sizeof(*p));
}
