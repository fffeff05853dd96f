/*
 * The profile as output-format plugins see it: plain read-only structs
 * (<gp/format.h>) filled from the host's layers, so that plugins never
 * see the host's own structures.  Each struct is given its size, the
 * host's: what tells a plugin which fields there are (GP_HAS).
 *
 * Longer than most files here: one view, each of its parts (functions,
 * arcs, contexts, timelines) filled from the layers in the same way.
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stream/stream.h"
#include "analysis/diff.h"
#include "gmon/raw.h"
#include "analysis/graph.h"
#include "analysis/credit.h"
#include "analysis/measured.h"
#include "gprt/runtime.h"
#include "sym/sites.h"
#include "report/view.h"
#include "sym/symtab.h"

struct view {
	struct gp_profile	 pub;		/* first: what plugins get */
	struct gp_pfile		*files;
	const struct gp_pfile	**filep;
	struct gp_phist		*hists;
	const struct gp_phist	**histp;
	struct gp_pbin		*sbins;		/* all histograms' */
	uint64_t		*dbins;
	struct gp_prawarc	*rawarcs;
	const struct gp_prawarc	**rawarcp;
	const struct gp_pfunc	**funcp;
	const struct gp_parc	**arcp;
	struct gp_pfunc		*funcs;
	struct gp_pold		*olds;		/* the diff layer's, by func */
	struct gp_parc		*arcs;
	const void		**lists;	/* callers, callees, members */
	char			*names;		/* the cycles' names */
	const struct gp_pfunc	**bysym;	/* symbol id -> function */
	size_t			 nbysym;
	struct gp_pctx		*ctxs;		/* every tree's nodes */
	const struct gp_pctx	**ctxp;		/* trees' nodes, children,
						   roots */
	struct gp_pctxtree	*ctrees;
	const struct gp_pctxtree **ctreep;
	char			**cnames;	/* "OBJ+0xADDR" names */
	size_t			 ncnames;
	struct gp_ptrace	*traces;
	const struct gp_ptrace	**tracep;
	struct gp_pevent	*events;
	const struct gp_pevent	**eventp;
	struct gp_pdfunc	*dfuncs;
	const struct gp_pdfunc	**dfuncp;
	struct gp_pdarc		*darcs;
	const struct gp_pdarc	**darcp;
	struct gp_pmem		*mems;
	const struct gp_pmem	**memp;
	struct gp_psite		*sites;		/* the arcs' call sites */
	const struct gp_psite	**sitep;
	char			**sitefiles;
	size_t			 nsites;
	const struct gp_pthread	*nothreads[1];	/* pub.threads, empty */
};

/*
 * n items for plugins, each given its size, and the array of pointers to
 * them that the view hands out.
 */
#define ITEMS(items, ptrs, n) do {					\
	size_t i_;							\
									\
	(items) = gp_xcalloc((n), sizeof(*(items)));			\
	(ptrs) = gp_xcalloc((n), sizeof(*(ptrs)));			\
	for (i_ = 0; i_ < (n); i_++) {					\
		(items)[i_].size = sizeof((items)[i_]);			\
		(ptrs)[i_] = &(items)[i_];				\
	}								\
} while (0)


/*
 * The histograms' bins for plugins: the bins with samples, and the array
 * of all bins for histograms of up to GP_PHIST_DENSEMAX bins only (a
 * stream may declare 2^32 - 1 bins and hold a few: memory follows what
 * the input holds).
 */
static void
histbins(struct view *v, const struct gp_raw *raw)
{
	const struct gp_hist *h;
	size_t i, k, ns = 0, nd = 0, os = 0, od = 0;

	for (i = 0; i < raw->nhists; i++) {
		ns += raw->hists[i].nb;
		if (raw->hists[i].nbins <= GP_PHIST_DENSEMAX)
			nd += raw->hists[i].nbins;
	}
	v->sbins = gp_xcalloc(ns + 1, sizeof(*v->sbins));
	v->dbins = gp_xcalloc(nd + 1, sizeof(*v->dbins));
	for (i = 0; i < raw->nhists; i++) {
		h = &raw->hists[i];
		v->hists[i].size = sizeof(v->hists[i]);
		v->hists[i].sbins = v->sbins + os;
		v->hists[i].nsbins = h->nb;
		for (k = 0; k < h->nb; k++) {
			v->sbins[os + k].i = h->bins[k].i;
			v->sbins[os + k].count = h->bins[k].count;
		}
		os += h->nb;
		if (h->nbins > GP_PHIST_DENSEMAX)
			continue;
		v->hists[i].bins = v->dbins + od;
		for (k = 0; k < h->nb; k++)
			v->dbins[od + h->bins[k].i] = h->bins[k].count;
		od += h->nbins;
	}
}

static void
rawview(struct view *v, const struct gp_raw *raw)
{
	size_t i;

	ITEMS(v->files, v->filep, raw->nfiles);
	for (i = 0; i < raw->nfiles; i++) {
		v->files[i].path = raw->files[i].path;
		v->files[i].layout = raw->files[i].layout;
		v->files[i].width = raw->files[i].width;
		v->files[i].bigendian = raw->files[i].bigendian;
		v->files[i].version = raw->files[i].version;
	}
	v->pub.files = v->filep;
	v->pub.nfiles = raw->nfiles;

	ITEMS(v->hists, v->histp, raw->nhists);
	histbins(v, raw);
	for (i = 0; i < raw->nhists; i++) {
		v->hists[i].low = raw->hists[i].low;
		v->hists[i].high = raw->hists[i].high;
		v->hists[i].nbins = raw->hists[i].nbins;
		v->hists[i].rate = raw->hists[i].rate;
		v->hists[i].dimen = raw->hists[i].dimen;
		v->hists[i].abbrev = raw->hists[i].abbrev;
	}
	v->pub.hists = v->histp;
	v->pub.nhists = raw->nhists;

	ITEMS(v->rawarcs, v->rawarcp, raw->narcs);
	for (i = 0; i < raw->narcs; i++) {
		v->rawarcs[i].from = raw->arcs[i].from;
		v->rawarcs[i].self = raw->arcs[i].self;
		v->rawarcs[i].count = raw->arcs[i].count;
	}
	v->pub.rawarcs = v->rawarcp;
	v->pub.nrawarcs = raw->narcs;
}

/* A function's fields that its symbol gives. */
static void
symfunc(struct gp_pfunc *f, const struct gp_sym *sym)
{
	f->name = sym->dname != NULL ? sym->dname : sym->name;
	f->symname = sym->name;
	f->file = sym->file;
	f->line = sym->line;
	f->addr = sym->addr;
	f->end = sym->end;
	f->symflags = sym->flags & (GP_SYM_FUNC | GP_SYM_STATIC |
	    GP_SYM_GLOBAL | GP_SYM_WEAK);
}

/* The functions with time, by address: the view without a graph. */
static void
creditview(struct view *v, const struct gp_symtab *st,
    const struct gp_credit *cr, double hz)
{
	const struct gp_sym *sym;
	struct gp_pfunc *f;
	size_t i, n;

	v->funcs = gp_xcalloc(st->nsyms, sizeof(*v->funcs));
	v->funcp = gp_xcalloc(st->nsyms, sizeof(*v->funcp));
	v->nbysym = GP_NSYMS(st);
	v->bysym = gp_xcalloc(v->nbysym, sizeof(*v->bysym));
	for (i = n = 0; i < st->nsyms && i < cr->ntime; i++) {
		if (cr->time[i] == 0)
			continue;
		sym = &st->syms[i];
		f = &v->funcs[n];
		f->size = sizeof(*f);
		symfunc(f, sym);
		f->samples = cr->time[i];
		f->self = f->propself = cr->time[i] / hz;
		v->bysym[i] = f;
		v->funcp[n++] = f;
	}
	v->pub.funcs = v->funcp;
	v->pub.nfuncs = n;
}

/* The arc from function f to function g, or NULL. */
static struct gp_parc *
arcof(const struct gp_pfunc *f, const struct gp_pfunc *g)
{
	size_t i;

	for (i = 0; i < f->ncallees; i++)
		if (f->callees[i]->callee == g)
			return (struct gp_parc *)(uintptr_t)f->callees[i];
	return NULL;
}

struct rsite {
	struct gp_parc	*arc;
	size_t		 i;		/* the raw arc */
};

static int
byrsite(const void *a, const void *b)
{
	const struct rsite *x = a, *y = b;

	if (x->arc != y->arc)
		return (uintptr_t)x->arc < (uintptr_t)y->arc ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

/*
 * Each arc's call sites: the recorded arcs from inside its caller to
 * inside its callee, with the source line of the call (GP_HAVE_SITES).
 */
static void
siteview(struct view *v, const struct gp_raw *raw, const struct gp_symtab *st)
{
	const struct gp_sym *fs, *ss;
	const struct gp_pfunc *f, *g;
	struct rsite *rs;
	struct gp_parc *a;
	uint64_t *ret, *lo, *hi;
	int *line;
	size_t i, j, n;

	rs = gp_xcalloc(raw->narcs + 1, sizeof(*rs));
	for (n = i = 0; i < raw->narcs; i++) {
		if ((fs = gp_sym_lookup(st, raw->arcs[i].from)) == NULL ||
		    (ss = gp_sym_lookup(st, raw->arcs[i].self)) == NULL ||
		    (size_t)(fs - st->syms) >= v->nbysym ||
		    (size_t)(ss - st->syms) >= v->nbysym)
			continue;
		f = v->bysym[fs - st->syms];
		g = v->bysym[ss - st->syms];
		if (f == NULL || g == NULL || (a = arcof(f, g)) == NULL)
			continue;
		rs[n].arc = a;
		rs[n++].i = i;
	}
	if (n > 1)
		qsort(rs, n, sizeof(*rs), byrsite);
	v->sites = gp_xcalloc(n + 1, sizeof(*v->sites));
	v->sitep = gp_xcalloc(n + 1, sizeof(*v->sitep));
	v->sitefiles = gp_xcalloc(n + 1, sizeof(*v->sitefiles));
	ret = gp_xcalloc(n + 1, sizeof(*ret));
	lo = gp_xcalloc(n + 1, sizeof(*lo));
	hi = gp_xcalloc(n + 1, sizeof(*hi));
	line = gp_xcalloc(n + 1, sizeof(*line));
	for (i = 0; i < n; i++) {
		ret[i] = raw->arcs[rs[i].i].from;
		lo[i] = rs[i].arc->callee->addr;
		hi[i] = raw->arcs[rs[i].i].self;
	}
	gp_sitelines(st->exe, ret, lo, hi, n, v->sitefiles, line);
	for (i = 0; i < n; i = j) {
		a = rs[i].arc;
		a->sites = &v->sitep[i];
		for (j = i; j < n && rs[j].arc == a; j++) {
			v->sites[j].size = sizeof(v->sites[j]);
			v->sites[j].ret = ret[j];
			v->sites[j].count = raw->arcs[rs[j].i].count;
			v->sites[j].file = v->sitefiles[j];
			v->sites[j].line = line[j];
			v->sitep[j] = &v->sites[j];
		}
		a->nsites = j - i;
	}
	v->nsites = n;
	free(ret);
	free(lo);
	free(hi);
	free(line);
	free(rs);
}

/* Do symspecs leave a function with time or calls unprinted? */
static void
narrowed(struct view *v)
{
	const struct gp_pfunc *f;
	size_t i;

	for (i = 0; i < v->pub.nfuncs; i++) {
		f = v->pub.funcs[i];
		if (!f->iscycle && !f->printed && f->index > 0 &&
		    (f->samples > 0 || f->calls > 0))
			v->pub.narrowed = 1;
	}
}

/*
 * The graph's nodes that a report shows: printed entries, functions of
 * the flat profile with time or calls, cycles, and the ends of arcs.
 */
static void
graphview(struct view *v, const struct gp_symtab *st, const struct gp_graph *g,
    double hz)
{
	const struct gp_node *n;
	const struct gp_carc *ca;
	const struct gp_sym *sym;
	struct gp_pfunc *f;
	struct gp_parc *a;
	size_t *pos, i, j, nf, na, nl, len;
	const void **l;
	char *name;
	int *keep;

	keep = gp_xcalloc(g->nnodes, sizeof(*keep));
	for (i = 0; i < g->nnodes; i++) {
		n = &g->nodes[i];
		if (n->sym == GP_NOSYM || (n->flags & GP_N_PRINT) ||
		    ((n->flags & GP_N_FLAT) && (n->time != 0 || n->ncalls != 0)))
			keep[i] = 1;
	}
	for (i = 0; i < g->narcs; i++) {
		ca = &g->arcs[i];
		if (ca->parent < g->nnodes && ca->child < g->nnodes)
			keep[ca->parent] = keep[ca->child] = 1;
	}

	/* Node position -> function, and the storage. */
	pos = gp_xcalloc(g->nnodes, sizeof(*pos));
	nf = nl = len = 0;
	for (i = 0; i < g->nnodes; i++) {
		if (!keep[i])
			continue;
		pos[i] = nf++;
		n = &g->nodes[i];
		nl += n->nparents + n->nchildren + n->nmembers;
		if (n->sym == GP_NOSYM)
			len += 48;
	}
	v->funcs = gp_xcalloc(nf, sizeof(*v->funcs));
	v->funcp = gp_xcalloc(nf, sizeof(*v->funcp));
	v->arcs = gp_xcalloc(g->narcs, sizeof(*v->arcs));
	v->arcp = gp_xcalloc(g->narcs, sizeof(*v->arcp));
	v->lists = gp_xcalloc(nl, sizeof(*v->lists));
	v->names = gp_xcalloc(len + 1, 1);
	v->nbysym = GP_NSYMS(st);
	v->bysym = gp_xcalloc(v->nbysym, sizeof(*v->bysym));

	/* The arcs between kept nodes, in the graph's order. */
	na = 0;
	for (i = 0; i < g->narcs; i++) {
		ca = &g->arcs[i];
		if (ca->parent >= g->nnodes || ca->child >= g->nnodes)
			continue;
		a = &v->arcs[i];
		a->size = sizeof(*a);
		a->caller = &v->funcs[pos[ca->parent]];
		a->callee = &v->funcs[pos[ca->child]];
		a->count = ca->count;
		a->self = ca->time / hz;
		a->child = ca->child_time / hz;
		v->arcp[na++] = a;
	}

	l = v->lists;
	name = v->names;
	for (i = 0; i < g->nnodes; i++) {
		if (!keep[i])
			continue;
		n = &g->nodes[i];
		f = &v->funcs[pos[i]];
		f->size = sizeof(*f);
		v->funcp[pos[i]] = f;
		if (n->sym == GP_NOSYM) {
			f->iscycle = 1;
			f->name = name;
			name += sprintf(name, "<cycle %u as a whole>",
			    n->cycle) + 1;
		} else if (n->sym < GP_NSYMS(st)) {
			sym = &st->syms[n->sym];
			symfunc(f, sym);
			v->bysym[n->sym] = f;
		} else
			f->name = "<unknown>";
		f->index = (int)(i + 1);
		f->printed = (n->flags & GP_N_PRINT) != 0;
		f->cycle = (int)n->cycle;
		if (n->cycle > 0 && n->cycle <= g->ncycles &&
		    g->cycles[n->cycle - 1] < g->nnodes &&
		    keep[g->cycles[n->cycle - 1]] && !f->iscycle)
			f->cyc = &v->funcs[pos[g->cycles[n->cycle - 1]]];
		f->calls = n->ncalls;
		f->selfcalls = n->self_calls;
		f->samples = n->time;
		f->self = n->time / hz;
		f->propself = n->prop_self / hz;
		f->child = n->prop_child / hz;

		f->callers = (const struct gp_parc *const *)l;
		for (j = 0; j < n->nparents; j++)
			if (n->parents[j] < g->narcs &&
			    v->arcs[n->parents[j]].caller != NULL)
				l[f->ncallers++] = &v->arcs[n->parents[j]];
		l += f->ncallers;
		f->callees = (const struct gp_parc *const *)l;
		for (j = 0; j < n->nchildren; j++)
			if (n->children[j] < g->narcs &&
			    v->arcs[n->children[j]].caller != NULL)
				l[f->ncallees++] = &v->arcs[n->children[j]];
		l += f->ncallees;
		f->members = (const struct gp_pfunc *const *)l;
		for (j = 0; j < n->nmembers; j++)
			if (n->members[j] < g->nnodes && keep[n->members[j]])
				l[f->nmembers++] = &v->funcs[pos[n->members[j]]];
		l += f->nmembers;
	}
	v->pub.funcs = v->funcp;
	v->pub.nfuncs = nf;
	v->pub.arcs = v->arcp;
	v->pub.narcs = na;
	v->pub.printtime = g->print_time / hz;
	v->pub.ncycles = g->ncycles;
	free(keep);
	free(pos);
}

static int
cmpdfunc(const void *a, const void *b)
{
	const struct gp_dfunc *l = *(const struct gp_dfunc *const *)a;
	const struct gp_dfunc *r = *(const struct gp_dfunc *const *)b;

	return strcmp(l->name, r->name);
}

/*
 * gp-diff's pairs on the new profile's functions (GP_HAVE_DIFF): each
 * function gets the dfunc of its name (and file, if static: gp-diff
 * keys it by the file's name without its directory).
 */
static void
diffview(struct view *v, const struct gp_diff *d)
{
	const struct gp_dfunc **by, *df;
	struct gp_pfunc *f;
	const char *base;
	size_t i, j, lo, hi, mid;

	v->olds = gp_xcalloc(v->pub.nfuncs + 1, sizeof(*v->olds));
	by = gp_xcalloc(d->nf + 1, sizeof(*by));
	for (j = 0; j < d->nf; j++)
		by[j] = &d->f[j];
	gp_sort(by, d->nf, sizeof(*by), cmpdfunc);
	for (i = 0; i < v->pub.nfuncs; i++) {
		f = &v->funcs[i];
		if (f->iscycle || f->symname == NULL)
			continue;
		base = f->file == NULL ? NULL : strrchr(f->file, '/') != NULL ?
		    strrchr(f->file, '/') + 1 : f->file;
		/* the first dfunc of its name */
		for (lo = 0, hi = d->nf; lo < hi;) {
			mid = (lo + hi) / 2;
			if (strcmp(by[mid]->name, f->name) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (j = lo; j < d->nf && strcmp(by[j]->name, f->name) == 0;
		    j++) {
			df = by[j];
			/* a static function's pair names its file too */
			if (*df->file != '\0' && (base == NULL ||
			    strcmp(df->file, base) != 0))
				continue;
			v->olds[i].size = sizeof(v->olds[i]);
			v->olds[i].present = (df->in & GP_D_OLD) != 0;
			v->olds[i].calls = df->oc;
			v->olds[i].self = df->os;
			v->olds[i].total = df->oi;
			v->olds[i].newcalls = df->nc;
			v->olds[i].newself = df->ns;
			v->olds[i].newtotal = df->ni;
			f->old = &v->olds[i];
			break;
		}
	}
	free(by);
	ITEMS(v->dfuncs, v->dfuncp, d->nf);
	for (i = 0; i < d->nf; i++) {
		v->dfuncs[i].name = d->f[i].name;
		v->dfuncs[i].file = *d->f[i].file != '\0' ? d->f[i].file : NULL;
		v->dfuncs[i].in = (d->f[i].in & GP_D_OLD ? GP_DIFF_OLD : 0) |
		    (d->f[i].in & GP_D_NEW ? GP_DIFF_NEW : 0);
		v->dfuncs[i].oldcalls = d->f[i].oc;
		v->dfuncs[i].newcalls = d->f[i].nc;
		v->dfuncs[i].oldself = d->f[i].os;
		v->dfuncs[i].newself = d->f[i].ns;
		v->dfuncs[i].oldtotal = d->f[i].oi;
		v->dfuncs[i].newtotal = d->f[i].ni;
	}
	ITEMS(v->darcs, v->darcp, d->na);
	for (i = 0; i < d->na; i++) {
		v->darcs[i].parent = d->a[i].parent;
		v->darcs[i].child = d->a[i].child;
		v->darcs[i].oldcalls = d->a[i].oc;
		v->darcs[i].newcalls = d->a[i].nc;
		v->darcs[i].oldtime = d->a[i].ot;
		v->darcs[i].newtime = d->a[i].nt;
	}
	v->pub.dfuncs = v->dfuncp;
	v->pub.ndfuncs = d->nf;
	v->pub.darcs = v->darcp;
	v->pub.ndarcs = d->na;
	v->pub.newname = d->newname;
	v->pub.newtotal = d->ntotal;
	v->pub.normalised = d->normalised;
	v->pub.oldname = d->oldname;
	v->pub.oldtotal = d->ototal;
	v->pub.have |= GP_HAVE_DIFF;
}

/* ------------------------------------------------------------------ */
/* Calling contexts.                                                   */

#define NONE	((size_t)-1)

struct cnode {				/* a view node while it is made */
	size_t		 parent;	/* view node, or NONE */
	size_t		 sym;		/* the function's symbol, or NONE */
	const char	*fobj;		/* else its object's path ("": none) */
	uint64_t	 faddr;
	const char	*sobj;		/* the call site's object */
	uint64_t	 saddr;
	int		 trunc;
	size_t		 tree;
};

static const char *
objpath(const struct gp_rt *rt, size_t gi, const struct gp_rtaddr *a)
{
	if (a->obj < 0)
		return "";
	return rt->groups[gi].objs[a->obj].path;
}

static size_t
chash(const struct cnode *k, size_t mask)
{
	uint64_t h = 0xcbf29ce484222325u;
	const char *s;

	h = (h ^ k->parent) * 0x100000001b3u;
	h = (h ^ k->sym) * 0x100000001b3u;
	h = (h ^ k->faddr) * 0x100000001b3u;
	h = (h ^ k->saddr) * 0x100000001b3u;
	h = (h ^ (uint64_t)k->trunc) * 0x100000001b3u;
	for (s = k->sym == NONE ? k->fobj : ""; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3u;
	return (size_t)(h ^ h >> 32) & mask;
}

static int
csame(const struct cnode *a, const struct cnode *b)
{
	return a->parent == b->parent && a->sym == b->sym &&
	    a->faddr == b->faddr && a->saddr == b->saddr &&
	    a->trunc == b->trunc && a->tree == b->tree &&
	    (a->sym != NONE || strcmp(a->fobj, b->fobj) == 0) &&
	    strcmp(a->sobj, b->sobj) == 0;
}

static int
cmpincl(const void *a, const void *b)
{
	const struct gp_pctx *x = *(const struct gp_pctx *const *)a;
	const struct gp_pctx *y = *(const struct gp_pctx *const *)b;

	if (x->incl != y->incl)
		return x->incl > y->incl ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* Thread slot of group gi, or NULL. */
static const struct gp_rtthread *
rtthread(const struct gp_rt *rt, size_t gi, uint64_t slot)
{
	size_t i;

	for (i = 0; i < rt->groups[gi].nthr; i++)
		if (rt->groups[gi].threads[i].slot == slot)
			return &rt->groups[gi].threads[i];
	return NULL;
}

/* The symbol of the function at a in group gi, or NONE. */
static size_t
fsym(const struct gp_prof *p, size_t gi, const struct gp_rtaddr *a)
{
	size_t sym;

	if (p->sym == NULL || a->obj < 0)
		return NONE;
	sym = gp_rt_sym(p, gi, a, 1);
	return sym == GP_NOSYM ? NONE : sym;
}

/*
 * The view's function of symbol sym (NONE: none) at addr in object obj
 * ("": none), or NULL; and its name: the function's, else the symbol's,
 * else "OBJ+0xADDR".
 */
static const char *
fname(struct view *v, const struct gp_prof *p, size_t sym, const char *obj,
    uint64_t addr, const struct gp_pfunc **func)
{
	const struct gp_sym *sy;
	const char *base;
	char *s;

	*func = sym != NONE && sym < v->nbysym ? v->bysym[sym] : NULL;
	if (*func != NULL)
		return (*func)->name;
	if (sym != NONE) {
		sy = &p->sym->syms[sym];
		return sy->dname != NULL ? sy->dname : sy->name;
	}
	base = strrchr(obj, '/') != NULL ? strrchr(obj, '/') + 1 : obj;
	if (asprintf(&s, "%s%s0x%jx", base, *base != '\0' ? "+" : "",
	    (uintmax_t)addr) == -1)
		err(1, NULL);
	v->cnames = reallocarray(v->cnames, v->ncnames + 1,
	    sizeof(*v->cnames));
	if (v->cnames == NULL)
		err(1, NULL);
	return v->cnames[v->ncnames++] = s;
}

/*
 * The runtime layer's calling-context trees: one for each group and
 * thread, or (merge) one for all, where nodes of the same function
 * reached through the same call site from the same merged parent add up.
 * A group's tree of thread 0 (its threads merged already) is taken only
 * when the group has no tree of its own threads.
 */
static void
ctxview(struct view *v, struct gp_prof *p, int merge)
{
	const struct gp_rt *rt = p->rt;
	const struct gp_rtctree *t;
	const struct gp_rtctx *c;
	const struct gp_rtthread *th;
	struct gp_pctxtree *vt;
	struct gp_pctx *x;
	struct cnode *cn, k;
	size_t *pos, *hash, *nkids, nn, nt, i, j, h, mask, cap, ti, off;
	const struct gp_pctx **l;
	unsigned char *skip;
	double rate;

	skip = gp_xcalloc(rt->nctrees, 1);
	for (i = 0; i < rt->nctrees; i++)
		if (rt->ctrees[i].thread == 0)
			for (j = 0; j < rt->nctrees; j++)
				if (rt->ctrees[j].group == rt->ctrees[i].group &&
				    rt->ctrees[j].thread != 0)
					skip[i] = 1;
	/* the pairs scanned above are few: trees, not nodes */
	pos = gp_xcalloc(rt->nctxs, sizeof(*pos));
	cn = gp_xcalloc(rt->nctxs, sizeof(*cn));
	v->ctxs = gp_xcalloc(rt->nctxs, sizeof(*v->ctxs));
	for (cap = 64; cap < 2 * rt->nctxs; cap *= 2)
		continue;
	mask = cap - 1;
	hash = gp_xcalloc(cap, sizeof(*hash));
	memset(hash, 0xff, cap * sizeof(*hash));
	nn = nt = 0;
	for (ti = 0; ti < rt->nctrees; ti++) {
		t = &rt->ctrees[ti];
		if (merge && skip[ti])
			continue;
		if (!merge || nt == 0)
			nt++;
		rate = rt->groups[t->group].rate;
		for (j = 0; j < t->n; j++) {
			c = &rt->ctxs[t->nodes[j]];
			memset(&k, 0, sizeof(k));
			k.parent = c->parent == NONE ? NONE : pos[c->parent];
			k.sym = c->truncated ? NONE :
			    fsym(p, t->group, &c->fn);
			k.fobj = objpath(rt, t->group, &c->fn);
			k.faddr = c->fn.addr;
			k.sobj = objpath(rt, t->group, &c->site);
			k.saddr = c->site.obj == -2 ? 0 : c->site.addr;
			k.trunc = c->truncated;
			k.tree = nt - 1;
			for (h = chash(&k, mask); hash[h] != NONE;
			    h = (h + 1) & mask)
				if (csame(&cn[hash[h]], &k))
					break;
			if (hash[h] == NONE) {
				hash[h] = nn;
				cn[nn] = k;
				x = &v->ctxs[nn++];
				x->size = sizeof(*x);
				x->parent = k.parent == NONE ? NULL :
				    &v->ctxs[k.parent];
				x->depth = x->parent ? x->parent->depth + 1 : 0;
				x->truncated = k.trunc;
				x->name = k.trunc ? "(truncated)" :
				    fname(v, p, k.sym, k.fobj, k.faddr,
				    &x->func);
				x->obj = *k.fobj != '\0' && c->fn.obj > 0 ?
				    k.fobj : NULL;
				x->addr = k.trunc ? 0 : k.faddr;
				x->site = k.saddr;
				x->hascount = 1;
			}
			pos[t->nodes[j]] = hash[h];
			x = &v->ctxs[hash[h]];
			if (!c->hascount)
				x->hascount = 0;
			x->count += c->count;
			x->self += (double)c->selfticks / rate;
			x->incl += (double)c->inclticks / rate;
		}
	}
	free(hash);

	/* The trees, their nodes in order, then each node's children. */
	v->ctrees = gp_xcalloc(nt, sizeof(*v->ctrees));
	v->ctreep = gp_xcalloc(nt, sizeof(*v->ctreep));
	nkids = gp_xcalloc(nn, sizeof(*nkids));
	for (i = 0; i < nn; i++)
		if (cn[i].parent != NONE)
			nkids[cn[i].parent]++;
	/* nodes (nn), children (nn less the roots), roots (the roots) */
	v->ctxp = gp_xcalloc(2 * nn, sizeof(*v->ctxp));
	l = v->ctxp;
	for (i = 0; i < nn; i++)
		l[i] = &v->ctxs[i];
	/* nkids[i] becomes the offset of node i's children in l */
	for (off = nn, i = 0; i < nn; i++) {
		j = nkids[i];
		nkids[i] = off;
		v->ctxs[i].children = &l[off];
		off += j;
	}
	for (i = 0; i < nn; i++)
		if (cn[i].parent != NONE) {
			x = &v->ctxs[cn[i].parent];
			l[nkids[cn[i].parent] + x->nchildren++] = &v->ctxs[i];
		}
	for (i = 0; i < nn; i++)
		gp_sort(&l[nkids[i]], v->ctxs[i].nchildren, sizeof(*l),
		    cmpincl);
	for (ti = i = 0, nt = 0; ti < rt->nctrees; ti++) {
		t = &rt->ctrees[ti];
		if (merge && skip[ti])
			continue;
		if (merge && nt > 0)
			continue;
		vt = &v->ctrees[nt];
		vt->size = sizeof(*vt);
		v->ctreep[nt] = vt;
		vt->nodes = &l[i];
		while (i < nn && cn[i].tree == nt)
			i++;
		vt->nnodes = &l[i] - vt->nodes;
		vt->roots = &l[off];
		for (j = 0; j < vt->nnodes; j++)
			if (vt->nodes[j]->parent == NULL) {
				l[off++] = vt->nodes[j];
				vt->total += vt->nodes[j]->incl;
			}
		vt->nroots = &l[off] - vt->roots;
		gp_sort(&l[off - vt->nroots], vt->nroots, sizeof(*l), cmpincl);
		nt++;
		if (merge)
			continue;
		vt->pid = rt->groups[t->group].pid;
		vt->thread = t->thread;
		if ((th = rtthread(rt, t->group, t->thread)) != NULL) {
			vt->tid = th->tid;
			vt->name = th->name;
		}
	}
	for (i = 0; i < nt; i++)
		v->pub.ctxtotal += v->ctrees[i].total;
	v->pub.ctxtrees = v->ctreep;
	v->pub.nctxtrees = nt;
	v->pub.have |= GP_HAVE_CTX;
	free(nkids);
	free(cn);
	free(pos);
	free(skip);
}

/*
 * The runtime layer's call timelines, one for each group and thread, the
 * events named as the contexts' nodes are.
 */
static void
traceview(struct view *v, struct gp_prof *p)
{
	const struct gp_rt *rt = p->rt;
	const struct gp_rttrace *tr;
	const struct gp_rttev *e;
	const struct gp_rtthread *th;
	struct gp_ptrace *vt;
	struct gp_pevent *x;
	size_t i, j, sym;

	ITEMS(v->traces, v->tracep, rt->ntraces);
	ITEMS(v->events, v->eventp, rt->ntevs);
	for (i = 0; i < rt->ntraces; i++) {
		tr = &rt->traces[i];
		vt = &v->traces[i];
		vt->pid = rt->groups[tr->group].pid;
		vt->thread = tr->thread;
		vt->lost = tr->lost + (tr->events - tr->n);
		vt->first = tr->first;
		if ((th = rtthread(rt, tr->group, tr->thread)) != NULL) {
			vt->tid = th->tid;
			vt->name = th->name;
		}
		vt->events = &v->eventp[tr->ev];
		vt->nevents = tr->n;
		for (j = tr->ev; j < tr->ev + tr->n; j++) {
			e = &rt->tevs[j];
			x = &v->events[j];
			x->kind = e->kind == GP_RTEV_OPEN ? GP_EV_ENTER :
			    e->kind;
			x->open = e->kind == GP_RTEV_OPEN;
			x->depth = (unsigned)e->depth;
			x->time = e->time;
			sym = fsym(p, tr->group, &e->fn);
			x->name = fname(v, p, sym, objpath(rt, tr->group,
			    &e->fn), e->fn.addr, &x->func);
			x->addr = e->fn.addr;
			x->site = e->site.obj == -2 ? 0 : e->site.addr;
		}
	}
	v->pub.traces = v->tracep;
	v->pub.ntraces = rt->ntraces;
	v->pub.have |= GP_HAVE_TRACE;
}

static int
memsummed(const struct gp_rt *rt)
{
	size_t i;

	for (i = 0; i < rt->ngroups; i++)
		if (rt->groups[i].hasmemsum)
			return 1;
	return 0;
}

/* A name the view keeps, to free with it. */
static const char *
keepname(struct view *v, char *s)
{
	v->cnames = reallocarray(v->cnames, v->ncnames + 1,
	    sizeof(*v->cnames));
	if (v->cnames == NULL)
		err(1, NULL);
	return v->cnames[v->ncnames++] = s;
}

/*
 * An address of the memory profile as gp-fmt -M prints it: its symbol's
 * name (with +0xOFF after its start if offset), else the object's base
 * name and the address, else the address; and the symbol's function.
 */
static const char *
memname(struct view *v, const struct gp_prof *p, size_t g,
    const struct gp_rtaddr *a, int offset, const struct gp_pfunc **func)
{
	const struct gp_sym *sy;
	const char *obj, *sl, *nm;
	size_t id;
	char *r;
	int n;

	*func = NULL;
	if (p->sym != NULL && (id = gp_rt_sym(p, g, a, 0)) != GP_NOSYM) {
		sy = &p->sym->syms[id];
		if (id < v->nbysym)
			*func = v->bysym[id];
		nm = sy->dname != NULL ? sy->dname : sy->name;
		if (!offset || a->addr == sy->addr)
			return nm;
		n = asprintf(&r, "%s+0x%jx", nm, (uintmax_t)(a->addr -
		    sy->addr));
	} else if (a->obj >= 0) {
		obj = p->rt->groups[g].objs[a->obj].path;
		if ((sl = strrchr(obj, '/')) != NULL)
			obj = sl + 1;
		n = asprintf(&r, "%s+0x%jx", obj, (uintmax_t)a->addr);
	} else
		n = asprintf(&r, "0x%jx", (uintmax_t)a->addr);
	if (n == -1)
		err(1, NULL);
	return keepname(v, r);
}

/* The runtime layer's memory profile. */
static void
memview(struct view *v, struct gp_prof *p)
{
	const struct gp_rt *rt = p->rt;
	const struct gp_rtmem *rm;
	struct gp_pmem *x;
	size_t i;

	ITEMS(v->mems, v->memp, rt->nmems);
	for (i = 0; i < rt->nmems; i++) {
		rm = &rt->mems[i];
		x = &v->mems[i];
		x->pid = rt->groups[rm->group].pid;
		x->thread = rm->thread;
		x->site = memname(v, p, rm->group, &rm->site, 1, &x->sitefunc);
		if (rm->fn.obj != -2)
			x->fn = memname(v, p, rm->group, &rm->fn, 0, &x->func);
		x->nmalloc = rm->m.nmalloc;
		x->ncalloc = rm->m.ncalloc;
		x->nrealloc = rm->m.nrealloc;
		x->nfree = rm->m.nfree;
		x->fails = rm->m.fails;
		x->badfree = rm->m.badfree;
		x->bytes = rm->m.bytes;
		x->freedblocks = rm->m.freedblocks;
		x->freedbytes = rm->m.freedbytes;
		x->liveblocks = rm->m.liveblocks;
		x->livebytes = rm->m.livebytes;
		x->peak = rm->m.peak;
	}
	for (i = 0; i < rt->ngroups; i++)
		if (rt->groups[i].hasmemsum) {
			v->pub.memsums++;
			v->pub.memlive += rt->groups[i].livebytes;
			if (rt->groups[i].peak > v->pub.mempeak)
				v->pub.mempeak = rt->groups[i].peak;
		}
	v->pub.mems = v->memp;
	v->pub.nmems = rt->nmems;
	v->pub.have |= GP_HAVE_MEM;
}

struct gp_profile *
gp_pview_build(struct gp_prof *p, unsigned layers)
{
	const struct gp_credit *cr;
	struct view *v;
	double hz;

	v = gp_xcalloc(1, sizeof(*v));
	v->pub.size = sizeof(v->pub);
	v->pub.dimen = "seconds";
	v->pub.abbrev = 's';
	if ((layers & GP_L_RAW) && p->raw != NULL) {
		rawview(v, p->raw);
		v->pub.have |= GP_HAVE_RAW;
	}
	if ((layers & GP_L_SYM) && p->sym != NULL) {
		v->pub.exe = p->sym->exe;
		v->pub.have |= GP_HAVE_SYM;
	}
	if ((layers & GP_L_CREDIT) && p->credit != NULL && p->sym != NULL) {
		cr = p->credit;
		hz = cr->hz > 0 ? cr->hz : 1;
		v->pub.hz = hz;
		v->pub.dimen = cr->dimen;
		v->pub.abbrev = cr->abbrev;
		v->pub.totalsamples = cr->total;
		v->pub.total = cr->total / hz;
		v->pub.have |= GP_HAVE_CREDIT;
		if ((layers & GP_L_GRAPH) && p->graph != NULL) {
			graphview(v, p->sym, p->graph, hz);
			v->pub.measured = p->rt != NULL && p->rt->narcs > 0;
			narrowed(v);
			if ((layers & GP_PV_SITES) && p->raw != NULL) {
				siteview(v, p->raw, p->sym);
				v->pub.have |= GP_HAVE_SITES;
			}
			v->pub.have |= GP_HAVE_GRAPH;
		} else
			creditview(v, p->sym, cr, hz);
	}
	if ((layers & GP_L_DIFF) && p->diff != NULL &&
	    (v->pub.have & GP_HAVE_GRAPH))
		diffview(v, p->diff);
	if (!(layers & GP_PV_NORT)) {
		if ((layers & GP_L_RAW) && p->rt != NULL && p->rt->nctxs > 0)
			ctxview(v, p, (layers & GP_PV_CTXMERGE) != 0);
		if ((layers & GP_L_RAW) && p->rt != NULL &&
		    p->rt->ntraces > 0)
			traceview(v, p);
		if ((layers & GP_L_SYM) && p->rt != NULL &&
		    (p->rt->nmems > 0 || memsummed(p->rt)))
			memview(v, p);
	}
	/* Never NULL arrays. */
	if (v->funcp == NULL)
		v->pub.funcs = v->funcp = gp_xcalloc(1, sizeof(*v->funcp));
	if (v->arcp == NULL)
		v->pub.arcs = v->arcp = gp_xcalloc(1, sizeof(*v->arcp));
	if (v->filep == NULL)
		v->pub.files = v->filep = gp_xcalloc(1, sizeof(*v->filep));
	if (v->histp == NULL)
		v->pub.hists = v->histp = gp_xcalloc(1, sizeof(*v->histp));
	if (v->rawarcp == NULL)
		v->pub.rawarcs = v->rawarcp = gp_xcalloc(1, sizeof(*v->rawarcp));
	if (v->ctreep == NULL)
		v->pub.ctxtrees = v->ctreep = gp_xcalloc(1, sizeof(*v->ctreep));
	if (v->tracep == NULL)
		v->pub.traces = v->tracep = gp_xcalloc(1, sizeof(*v->tracep));
	if (v->dfuncp == NULL)
		v->pub.dfuncs = v->dfuncp = gp_xcalloc(1, sizeof(*v->dfuncp));
	if (v->darcp == NULL)
		v->pub.darcs = v->darcp = gp_xcalloc(1, sizeof(*v->darcp));
	if (v->memp == NULL)
		v->pub.mems = v->memp = gp_xcalloc(1, sizeof(*v->memp));
	/* the threads' own profiles: the host's, not the view's (format.c) */
	v->pub.threads = v->nothreads;
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
	free(v->sbins);
	free(v->dbins);
	free(v->hists);
	free(v->histp);
	free(v->rawarcs);
	free(v->rawarcp);
	free(v->funcp);
	free(v->arcp);
	free(v->funcs);
	free(v->olds);
	free(v->arcs);
	free(v->lists);
	free(v->names);
	free(v->bysym);
	free(v->ctxs);
	free(v->ctxp);
	free(v->ctrees);
	free(v->ctreep);
	free(v->traces);
	free(v->tracep);
	free(v->events);
	free(v->eventp);
	free(v->mems);
	free(v->memp);
	free(v->dfuncs);
	free(v->dfuncp);
	free(v->darcs);
	free(v->darcp);
	while (v->ncnames > 0)
		free(v->cnames[--v->ncnames]);
	free(v->cnames);
	while (v->nsites > 0)
		free(v->sitefiles[--v->nsites]);
	free(v->sitefiles);
	free(v->sites);
	free(v->sitep);
	free(v);
}
