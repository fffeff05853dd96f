/*
 * The profile as output-format plugins see it: plain read-only structs
 * (<gp/plugin.h>) filled from the host's layers, so that plugins never
 * see the host's own structures.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "gmon.h"
#include "pview.h"
#include "symtab.h"

struct view {
	struct gp_profile	 pub;		/* first: what plugins get */
	struct gp_pfile		*files;
	const struct gp_pfile	**filep;
	struct gp_phist		*hists;
	const struct gp_phist	**histp;
	struct gp_prawarc	*rawarcs;
	const struct gp_prawarc	**rawarcp;
	const struct gp_pfunc	**funcp;
	const struct gp_parc	**arcp;
};

static void *
xcalloc(size_t n, size_t size)
{
	void *p;

	if ((p = calloc(n ? n : 1, size)) == NULL)
		err(1, NULL);
	return p;
}

static void
rawview(struct view *v, const struct gp_raw *raw)
{
	size_t i;

	v->files = xcalloc(raw->nfiles, sizeof(*v->files));
	v->filep = xcalloc(raw->nfiles, sizeof(*v->filep));
	for (i = 0; i < raw->nfiles; i++) {
		v->files[i].path = raw->files[i].path;
		v->files[i].layout = raw->files[i].layout;
		v->files[i].width = raw->files[i].width;
		v->files[i].bigendian = raw->files[i].bigendian;
		v->files[i].version = raw->files[i].version;
		v->filep[i] = &v->files[i];
	}
	v->pub.files = v->filep;
	v->pub.nfiles = raw->nfiles;

	v->hists = xcalloc(raw->nhists, sizeof(*v->hists));
	v->histp = xcalloc(raw->nhists, sizeof(*v->histp));
	for (i = 0; i < raw->nhists; i++) {
		v->hists[i].low = raw->hists[i].low;
		v->hists[i].high = raw->hists[i].high;
		v->hists[i].nbins = raw->hists[i].nbins;
		v->hists[i].rate = raw->hists[i].rate;
		v->hists[i].dimen = raw->hists[i].dimen;
		v->hists[i].abbrev = raw->hists[i].abbrev;
		v->hists[i].bins = raw->hists[i].bins;
		v->histp[i] = &v->hists[i];
	}
	v->pub.hists = v->histp;
	v->pub.nhists = raw->nhists;

	v->rawarcs = xcalloc(raw->narcs, sizeof(*v->rawarcs));
	v->rawarcp = xcalloc(raw->narcs, sizeof(*v->rawarcp));
	for (i = 0; i < raw->narcs; i++) {
		v->rawarcs[i].from = raw->arcs[i].from;
		v->rawarcs[i].self = raw->arcs[i].self;
		v->rawarcs[i].count = raw->arcs[i].count;
		v->rawarcp[i] = &v->rawarcs[i];
	}
	v->pub.rawarcs = v->rawarcp;
	v->pub.nrawarcs = raw->narcs;
}

struct gp_profile *
gp_pview_build(struct gp_prof *p, unsigned layers)
{
	struct view *v;

	v = xcalloc(1, sizeof(*v));
	v->pub.size = sizeof(v->pub);
	v->pub.dimen = "seconds";
	v->pub.abbrev = 's';
	v->funcp = xcalloc(1, sizeof(*v->funcp));
	v->arcp = xcalloc(1, sizeof(*v->arcp));
	v->pub.funcs = v->funcp;
	v->pub.arcs = v->arcp;
	if ((layers & GP_L_RAW) && p->raw != NULL) {
		rawview(v, p->raw);
		v->pub.have |= GP_HAVE_RAW;
	}
	if ((layers & GP_L_SYM) && p->sym != NULL) {
		v->pub.exe = p->sym->exe;
		v->pub.have |= GP_HAVE_SYM;
	}
	return &v->pub;
}

void
gp_pview_free(struct gp_profile *pub)
{
	struct view *v = (struct view *)pub;

	if (v == NULL)
		return;
	free(v->files);
	free(v->filep);
	free(v->hists);
	free(v->histp);
	free(v->rawarcs);
	free(v->rawarcp);
	free(v->funcp);
	free(v->arcp);
	free(v);
}
