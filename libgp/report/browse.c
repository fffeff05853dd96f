/*
 * The model of the terminal browsers (browse.h): rows, their order, their
 * callers and callees, and the text of each line.
 *
 * The numbers are those gp-fmt prints, made the same way from the same
 * layers: the flat profile's columns (cmd/gp-fmt/print.c, flat_line),
 * gprof's flat order (time, then calls, both descending, then the
 * symbol's name, glibc's merge sort over the symbols in address order),
 * its unit for the per-call columns (the SI prefix that puts the largest
 * time per call between 1 and 1000), its call-graph entries
 * (callg_parents, callg_line, callg_children, callg_cycle), and for a
 * diff the comparison's columns and order (libgp/analysis/diff.c).
 */
#include <err.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stream/stream.h"
#include "sym/symtab.h"
#include "gprt/runtime.h"
#include "analysis/credit.h"
#include "analysis/diff.h"
#include "analysis/graph.h"
#include "analysis/measured.h"
#include "report/browse.h"
#include "report/units.h"

static const char *const colnames[GP_BRC_N] = {
	"self", "total", "calls", "name"
};
static const char *const dcolnames[GP_BRC_N] = {
	"change", "total change", "calls change", "name"
};

static void	relist(struct gp_browse *);

/* snprintf that appends to buf at *len, never past n. */
static void
cat(char *buf, size_t n, size_t *len, const char *fmt, ...)
	__attribute__((__format__(__printf__, 4, 5)));

static void
cat(char *buf, size_t n, size_t *len, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (*len >= n)
		return;
	va_start(ap, fmt);
	k = vsnprintf(buf + *len, n - *len, fmt, ap);
	va_end(ap);
	if (k > 0)
		*len += (size_t)k;
	if (*len >= n)
		*len = n - 1;
}

/* ------------------------------------------------------------------ */
/* A profile's rows.                                                   */

struct sortarg {
	const struct gp_brow	*rows;
	const char *const	*symname;	/* by row: the symbol's name */
};

/* gprof's flat order (cmd/gp-fmt/print.c, cmp_time). */
static int
cmpflat(const void *a, const void *b, void *arg)
{
	const struct sortarg *s = arg;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	const struct gp_brow *l = &s->rows[x], *r = &s->rows[y];

	if (l->time > r->time)
		return -1;
	if (l->time < r->time)
		return 1;
	if (l->calls > r->calls)
		return -1;
	if (l->calls < r->calls)
		return 1;
	return strcmp(s->symname[x], s->symname[y]);
}

/* The arcs of the graph as lines: callers, callees, members. */
static void
links(struct gp_browse *b, const struct gp_graph *g)
{
	const struct gp_node *n;
	const struct gp_carc *a;
	struct gp_brow *e, *head, *o;
	struct gp_blink *l;
	size_t i, j, cap;
	uint64_t known;

	cap = 0;
	for (i = 0; i < g->nnodes; i++)
		cap += g->nodes[i].nparents + g->nodes[i].nchildren +
		    g->nodes[i].nmembers + 1;
	b->links = gp_xcalloc(cap + 1, sizeof(*b->links));
	for (i = 0; i < g->nnodes; i++) {
		n = &g->nodes[i];
		e = &b->rows[i];
		head = e->cycle != 0 && !e->iscycle &&
		    g->cycles[e->cycle - 1] < b->nrows ?
		    &b->rows[g->cycles[e->cycle - 1]] : e;

		e->caller = b->nlinks;
		known = 0;
		for (j = 0; j < n->nparents; j++) {
			a = &g->arcs[n->parents[j]];
			if (a->parent != i)
				known += a->count;
		}
		/* calls from code not instrumented: print.c's line */
		if (!e->iscycle && n->nparents > 0 && b->measured &&
		    !b->uncounted && known < e->calls) {
			l = &b->links[b->nlinks++];
			l->row = GP_BR_NONE;
			l->count = e->calls - known;
			l->of = head->calls;
		}
		for (j = 0; j < n->nparents && !e->iscycle; j++) {
			a = &g->arcs[n->parents[j]];
			l = &b->links[b->nlinks++];
			l->row = a->parent;
			o = &b->rows[a->parent];
			l->count = a->count;
			l->of = head->calls;
			l->inner = o == e || (e->cycle != 0 &&
			    o->cycle == e->cycle);
			l->time = a->time;
			l->childtime = a->child_time;
		}
		if (!e->iscycle && n->nparents == 0) {
			l = &b->links[b->nlinks++];
			l->row = GP_BR_NONE;
			l->inner = -1;		/* gprof's bare line */
		}
		e->ncallers = b->nlinks - e->caller;

		e->callee = b->nlinks;
		for (j = 0; j < n->nchildren && !e->iscycle; j++) {
			a = &g->arcs[n->children[j]];
			l = &b->links[b->nlinks++];
			l->row = a->child;
			o = &b->rows[a->child];
			l->count = a->count;
			l->of = o->cycle != 0 && g->cycles[o->cycle - 1] <
			    b->nrows ? b->rows[g->cycles[o->cycle - 1]].calls :
			    o->calls;
			l->inner = o == e || (e->cycle != 0 &&
			    o->cycle == e->cycle);
			l->time = a->time;
			l->childtime = a->child_time;
		}
		e->ncallees = b->nlinks - e->callee;

		e->member = b->nlinks;
		for (j = 0; j < n->nmembers; j++) {
			l = &b->links[b->nlinks++];
			l->row = n->members[j];
		}
		e->nmembers = b->nlinks - e->member;
	}
}

/*
 * Are st's symbols gp-sym -l's line symbols?  A function's lines after
 * its first are symbols of its name that are not marked functions, each
 * with a line.
 */
static int
haslines(const struct gp_symtab *st)
{
	const struct gp_sym *s;
	size_t i;

	for (i = 1; i < st->nsyms; i++) {
		s = &st->syms[i];
		if (!(s->flags & GP_SYM_FUNC) && s->line > 0 &&
		    s->file != NULL &&
		    strcmp(s->name, st->syms[i - 1].name) == 0)
			return 1;
	}
	return 0;
}

/* A source line's name as gprof -l prints it: "f (file.c:12 @ 1a2b)". */
static char *
linename(const char *name, const struct gp_sym *sym)
{
	const char *f, *sl;
	char *s;
	size_t n;

	if (sym->file == NULL)
		return gp_xstrdup(name);
	f = (sl = strrchr(sym->file, '/')) != NULL ? sl + 1 : sym->file;
	n = strlen(name) + strlen(f) + 48;
	s = gp_xcalloc(n, 1);
	snprintf(s, n, "%s (%s:%d @ %jx)", name, f, sym->line,
	    (uintmax_t)sym->addr);
	return s;
}

static void
profrows(struct gp_browse *b, struct gp_prof *p)
{
	const struct gp_symtab *st;
	const struct gp_credit *cr;
	const struct gp_graph *g;
	const struct gp_node *n;
	const struct gp_sym *sym;
	struct gp_brow *e;
	struct sortarg sa;
	const char **symname;
	size_t *v, i, nv;
	double top, t, accum;
	int prefix;

	gp_analyse(p, NULL);
	st = p->sym;
	cr = p->credit;
	g = p->graph;
	b->measured = p->rt != NULL && p->rt->narcs > 0;
	b->uncounted = b->measured && !gp_rt_counted(p->rt);
	b->hz = cr->hz > 0 ? cr->hz : 1;
	memcpy(b->dimen, cr->dimen, sizeof(b->dimen));
	b->dimen[sizeof(b->dimen) - 1] = '\0';
	b->abbrev = cr->abbrev;
	b->total = cr->total > 0 ? cr->total : 1.0;
	b->notime = !(cr->total > 0);
	b->printtime = g->print_time > 0 ? g->print_time : 1.0;

	b->nrows = g->nnodes;
	b->rows = gp_xcalloc(b->nrows + 1, sizeof(*b->rows));
	if ((b->lines = haslines(st)))
		b->linenames = gp_xcalloc(b->nrows + 1,
		    sizeof(*b->linenames));
	symname = gp_xcalloc(b->nrows + 1, sizeof(*symname));
	v = gp_xcalloc(b->nrows + 1, sizeof(*v));
	for (i = 0; i < g->nnodes; i++) {
		n = &g->nodes[i];
		e = &b->rows[i];
		e->index = g->callgraph ? (int)(i + 1) : 0;
		e->cycle = (int)n->cycle;
		e->printed = (n->flags & GP_N_PRINT) != 0;
		e->calls = n->ncalls;
		e->selfcalls = n->self_calls;
		e->childtime = n->child_time;
		e->propself = n->prop_self;
		e->propchild = n->prop_child;
		e->flatpos = GP_BR_NONE;
		if (n->sym == GP_NOSYM || n->sym >= GP_NSYMS(st)) {
			e->iscycle = 1;
			e->time = n->time;
			e->name = "<cycle as a whole>";
			symname[i] = "";
			continue;
		}
		sym = &st->syms[n->sym];
		e->name = sym->dname != NULL && *sym->dname != '\0' ?
		    sym->dname : sym->name;
		if (b->lines)
			e->name = b->linenames[i] = linename(e->name, sym);
		symname[i] = sym->name;
		e->time = n->sym < cr->ntime ? cr->time[n->sym] : 0.0;
		e->listed = (n->flags & GP_N_FLAT) != 0 &&
		    !(e->calls == 0 && e->time == 0);
	}
	/* The symbols in address order, then gprof's flat order. */
	for (i = nv = 0; i < GP_NSYMS(st); i++)
		if (g->bysym != NULL && g->bysym[i] < b->nrows &&
		    !b->rows[g->bysym[i]].iscycle)
			v[nv++] = g->bysym[i];
	sa.rows = b->rows;
	sa.symname = symname;
	gp_msort(v, nv, sizeof(*v), cmpflat, &sa);
	accum = 0.0;
	top = 0.0;
	for (i = 0; i < nv; i++) {
		e = &b->rows[v[i]];
		e->flatpos = i;
		if (e->listed) {
			accum += e->time;
			e->cum = accum;
		}
		if (e->calls == 0)
			continue;
		t = (e->time + e->childtime) / (double)e->calls;
		if (t > top)
			top = t;
	}
	prefix = gp_si_unit(top / cr->hz, 0, &b->scale);
	if (b->measured && gp_rt_event(p->rt) != NULL)
		snprintf(b->unit, sizeof(b->unit), "%c%s/call", prefix,
		    b->dimen);
	else
		snprintf(b->unit, sizeof(b->unit), "%c%c/call", prefix,
		    b->abbrev);
	/* cycles after the symbols, in index order */
	for (i = 0; i < b->nrows; i++)
		if (b->rows[i].iscycle)
			b->rows[i].flatpos = nv + i;
	links(b, g);
	free(v);
	free(symname);
}

/* Drop the layers made from the runtime layer's arcs, to make anew. */
static void
relayer(struct gp_prof *p)
{
	gp_credit_free(p->credit);
	p->credit = NULL;
	gp_graph_free(p->graph);
	p->graph = NULL;
	gp_meas_free(p->meas);
	p->meas = NULL;
}

/* The rows of one thread: its arcs alone analysed. */
static void
threadrows(struct gp_browse *b, struct gp_prof *p, uint64_t thread)
{
	struct gp_rt *rt = p->rt;
	struct gp_rtarc *all, *v;
	size_t i, n, nall;

	v = gp_xcalloc(rt->narcs + 1, sizeof(*v));
	for (i = n = 0; i < rt->narcs; i++)
		if (rt->arcs[i].thread == thread)
			v[n++] = rt->arcs[i];
	all = rt->arcs;
	nall = rt->narcs;
	rt->arcs = v;
	rt->narcs = n;
	relayer(p);
	profrows(b, p);
	rt->arcs = all;
	rt->narcs = nall;
	relayer(p);
	free(v);
	b->thread = thread;
}

/* ------------------------------------------------------------------ */
/* A diff's rows.                                                      */

static void
diffrows(struct gp_browse *b, const struct gp_diff *d)
{
	const struct gp_darc *a;
	struct gp_brow *e;
	struct gp_blink *l;
	size_t i, j;

	b->diff = 1;
	b->hz = 1;
	snprintf(b->dimen, sizeof(b->dimen), "seconds");
	b->oldname = gp_xstrdup(d->oldname);
	b->newname = gp_xstrdup(d->newname);
	b->ototal = d->ototal;
	b->ntotal = d->normalised ? d->ototal : d->ntotal;
	b->nrows = d->nf;
	b->rows = gp_xcalloc(b->nrows + 1, sizeof(*b->rows));
	b->links = gp_xcalloc(2 * d->na + 1, sizeof(*b->links));
	for (i = 0; i < d->nf; i++) {
		e = &b->rows[i];
		e->name = d->f[i].name;
		e->file = *d->f[i].file != '\0' ? d->f[i].file : NULL;
		e->listed = e->printed = 1;
		e->in = d->f[i].in;
		e->oc = d->f[i].oc;
		e->nc = d->f[i].nc;
		e->os = d->f[i].os;
		e->ns = d->f[i].ns;
		e->oi = d->f[i].oi;
		e->ni = d->f[i].ni;
		e->calls = e->nc;
		e->flatpos = i;
	}
	/* arcs by the names of their ends: the first row of each name */
	for (i = 0; i < b->nrows; i++) {
		e = &b->rows[i];
		e->caller = b->nlinks;
		for (j = 0; j < d->na; j++) {
			a = &d->a[j];
			if (strcmp(a->child, e->name) != 0)
				continue;
			l = &b->links[b->nlinks++];
			l->row = gp_browse_find(b, a->parent);
			l->oc = a->oc;
			l->nc = a->nc;
			l->ot = a->ot;
			l->nt = a->nt;
		}
		e->ncallers = b->nlinks - e->caller;
		e->callee = b->nlinks;
		for (j = 0; j < d->na; j++) {
			a = &d->a[j];
			if (strcmp(a->parent, e->name) != 0)
				continue;
			l = &b->links[b->nlinks++];
			l->row = gp_browse_find(b, a->child);
			l->oc = a->oc;
			l->nc = a->nc;
			l->ot = a->ot;
			l->nt = a->nt;
		}
		e->ncallees = b->nlinks - e->callee;
		e->member = b->nlinks;
	}
}

struct gp_browse *
gp_browse_make(struct gp_prof *p, uint64_t thread)
{
	struct gp_browse *b;

	b = gp_xcalloc(1, sizeof(*b));
	if (p->diff != NULL)
		diffrows(b, p->diff);
	else if (thread != 0 && p->rt != NULL)
		threadrows(b, p, thread);
	else
		profrows(b, p);
	b->list = gp_xcalloc(b->nrows + 1, sizeof(*b->list));
	gp_browse_sort(b, GP_BRC_SELF);
	return b;
}

void
gp_browse_free(struct gp_browse *b)
{
	size_t i;

	if (b == NULL)
		return;
	if (b->linenames != NULL)
		for (i = 0; i < b->nrows; i++)
			free(b->linenames[i]);
	free(b->linenames);
	free(b->rows);
	free(b->links);
	free(b->list);
	free(b->filter);
	free(b->oldname);
	free(b->newname);
	free(b);
}

static int
cmpslot(const void *a, const void *b)
{
	const struct gp_bthread *x = a, *y = b;

	return x->slot < y->slot ? -1 : x->slot > y->slot;
}

size_t
gp_browse_threads(const struct gp_prof *p, struct gp_bthread **vp)
{
	const struct gp_rt *rt = p->rt;
	const struct gp_rtthread *t;
	struct gp_bthread *v;
	size_t i, j, k, n;

	*vp = NULL;
	if (rt == NULL || p->diff != NULL)
		return 0;
	for (i = 0; i < rt->narcs; i++)
		if (rt->arcs[i].thread != 0)
			break;
	if (i == rt->narcs)
		return 0;
	n = 0;
	for (i = 0; i < rt->ngroups; i++)
		n += rt->groups[i].nthr;
	v = gp_xcalloc(n + 1, sizeof(*v));
	for (i = k = 0; i < rt->ngroups; i++)
		for (j = 0; j < rt->groups[i].nthr; j++) {
			t = &rt->groups[i].threads[j];
			v[k].slot = t->slot;
			v[k].tid = t->tid;
			v[k].name = t->name;
			v[k].calls = t->calls;
			k++;
		}
	gp_sort(v, k, sizeof(*v), cmpslot);
	/* one entry a slot: several companion files share the numbers */
	for (i = n = 0; i < k; i++)
		if (n == 0 || v[n - 1].slot != v[i].slot)
			v[n++] = v[i];
		else
			v[n - 1].calls += v[i].calls;
	*vp = v;
	return n;
}

void
gp_browse_since(struct gp_browse *b, const struct gp_browse *before,
    double secs)
{
	const struct gp_brow *o;
	struct gp_brow *e;
	size_t i, k;

	b->live = 1;
	b->interval = secs;
	b->dcalls = 0;
	for (i = 0; i < b->nrows; i++) {
		e = &b->rows[i];
		e->dcalls = e->calls;
		e->dtime = e->time;
		e->dchild = e->childtime;
		if (e->iscycle)
			continue;
		if (before != NULL &&
		    (k = gp_browse_find(before, e->name)) != GP_BR_NONE) {
			o = &before->rows[k];
			e->dcalls = e->calls >= o->calls ? e->calls - o->calls :
			    0;
			e->dtime = e->time > o->time ? e->time - o->time : 0;
			e->dchild = e->childtime > o->childtime ?
			    e->childtime - o->childtime : 0;
		}
		b->dcalls += e->dcalls;
	}
	relist(b);
}

/* ------------------------------------------------------------------ */
/* Order and filter.                                                   */

static double
change(double o, double n)
{
	return fabs(n - o);
}

/* The list's order: col's, ties in the default order. */
static int
cmprow(const void *a, const void *b, void *arg)
{
	const struct gp_browse *br = arg;
	const struct gp_brow *l = &br->rows[*(const size_t *)a];
	const struct gp_brow *r = &br->rows[*(const size_t *)b];
	double x, y;
	int c;

	if (br->live && br->sort != GP_BRC_NAME) {
		x = br->sort == GP_BRC_TOTAL ? l->dtime + l->dchild :
		    br->sort == GP_BRC_CALLS ? (double)l->dcalls : l->dtime;
		y = br->sort == GP_BRC_TOTAL ? r->dtime + r->dchild :
		    br->sort == GP_BRC_CALLS ? (double)r->dcalls : r->dtime;
		if (x != y)
			return x > y ? -1 : 1;
	}
	switch (br->sort) {
	case GP_BRC_TOTAL:
		x = br->diff ? change(l->oi, l->ni) : l->time + l->childtime;
		y = br->diff ? change(r->oi, r->ni) : r->time + r->childtime;
		if (x != y)
			return x > y ? -1 : 1;
		break;
	case GP_BRC_CALLS:
		x = br->diff ? change((double)l->oc, (double)l->nc) :
		    (double)(l->calls + l->selfcalls);
		y = br->diff ? change((double)r->oc, (double)r->nc) :
		    (double)(r->calls + r->selfcalls);
		if (x != y)
			return x > y ? -1 : 1;
		break;
	case GP_BRC_NAME:
		if ((c = strcmp(l->name, r->name)) != 0)
			return c;
		break;
	default:
		break;
	}
	if (!br->diff)
		return l->flatpos < r->flatpos ? -1 : l->flatpos > r->flatpos;
	/* gp-fmt's comparison (libgp/analysis/diff.c, bychange) */
	if ((x = change(l->os, l->ns)) != (y = change(r->os, r->ns)))
		return x > y ? -1 : 1;
	if ((x = change(l->oi, l->ni)) != (y = change(r->oi, r->ni)))
		return x > y ? -1 : 1;
	if ((x = change((double)l->oc, (double)l->nc)) !=
	    (y = change((double)r->oc, (double)r->nc)))
		return x > y ? -1 : 1;
	if (l->in != r->in)
		return l->in > r->in ? -1 : 1;
	if ((c = strcmp(l->name, r->name)) != 0)
		return c;
	return strcmp(l->file != NULL ? l->file : "",
	    r->file != NULL ? r->file : "");
}

static void
relist(struct gp_browse *b)
{
	size_t i;

	b->nlist = 0;
	for (i = 0; i < b->nrows; i++) {
		if (!b->rows[i].listed)
			continue;
		if (b->filter != NULL &&
		    strcasestr(b->rows[i].name, b->filter) == NULL)
			continue;
		b->list[b->nlist++] = i;
	}
	gp_msort(b->list, b->nlist, sizeof(*b->list), cmprow, b);
}

void
gp_browse_sort(struct gp_browse *b, int col)
{
	b->sort = col >= 0 && col < GP_BRC_N ? col : GP_BRC_SELF;
	relist(b);
}

void
gp_browse_filter(struct gp_browse *b, const char *s)
{
	free(b->filter);
	b->filter = s != NULL && *s != '\0' ? gp_xstrdup(s) : NULL;
	relist(b);
}

const char *
gp_browse_colname(const struct gp_browse *b, int col)
{
	if (col < 0 || col >= GP_BRC_N)
		return "";
	return b->diff ? dcolnames[col] : colnames[col];
}

size_t
gp_browse_find(const struct gp_browse *b, const char *name)
{
	size_t i;

	for (i = 0; i < b->nrows; i++)
		if (!b->rows[i].iscycle && strcmp(b->rows[i].name, name) == 0)
			return i;
	return GP_BR_NONE;
}

/* ------------------------------------------------------------------ */
/* Text.                                                               */

/* gp-fmt's change in percent of the old value (diff.c, pct). */
static void
pct(char *buf, size_t n, size_t *len, double o, double nw)
{
	if (o > 0)
		cat(buf, n, len, " %+8.1f%%", 100.0 * (nw - o) / o);
	else if (nw > 0)
		cat(buf, n, len, " %9s", "new");
	else
		cat(buf, n, len, " %9s", "");
}

void
gp_browse_head(const struct gp_browse *b, int i, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	if (b->live) {
		if (i == 0)
			cat(buf, n, &len, "%-28s %s", " ---- last interval ----",
			    " ------ since start ------");
		else
			cat(buf, n, &len, "%9s %8s %8s %10s %9s %9s  %s",
			    "calls", "self s", "total s", "calls", "self s",
			    "total s", "name");
		return;
	}
	if (b->diff) {
		if (i == 0)
			cat(buf, n, &len, "%10s %10s %8s %8s %9s", "calls",
			    "calls", "self s", "self s", "self");
		else
			cat(buf, n, &len, "%10s %10s %8s %8s %9s  %s", "old",
			    "new", "old", "new", "delta", "name");
		return;
	}
	if (i == 0)
		cat(buf, n, &len, "%5.5s %10.10s %8.8s %8.8s %8.8s %8.8s",
		    "%  ", "cumulative", "self  ", "", "self  ", "total ");
	else
		cat(buf, n, &len, "%5.5s %9.9s  %8.8s %8.8s %8.8s %8.8s  %s",
		    "time", b->dimen, b->dimen, "calls", b->unit, b->unit,
		    "name");
}

void
gp_browse_line(const struct gp_browse *b, size_t row, char *buf, size_t n)
{
	const struct gp_brow *e = &b->rows[row];
	size_t len = 0;

	buf[0] = '\0';
	if (b->live) {
		cat(buf, n, &len, "%9ju %8.2f %8.2f %10ju %9.2f %9.2f  %s",
		    (uintmax_t)e->dcalls, e->dtime / b->hz,
		    (e->dtime + e->dchild) / b->hz, (uintmax_t)e->calls,
		    e->time / b->hz, (e->time + e->childtime) / b->hz,
		    e->name);
		return;
	}
	if (b->diff) {
		cat(buf, n, &len, "%10ju %10ju %8.2f %8.2f", (uintmax_t)e->oc,
		    (uintmax_t)e->nc, e->os, e->ns);
		pct(buf, n, &len, e->os, e->ns);
		cat(buf, n, &len, "  %s%s%s%s%s", e->name,
		    e->file != NULL ? " (" : "", e->file != NULL ? e->file : "",
		    e->file != NULL ? ")" : "",
		    e->in == GP_D_OLD ? " [removed]" :
		    e->in == GP_D_NEW ? " [added]" : "");
		return;
	}
	cat(buf, n, &len, "%6.2f %9.2f %8.2f",
	    100 * e->time / b->total, e->cum / b->hz, e->time / b->hz);
	if (e->calls != 0)
		cat(buf, n, &len, " %8ju %8.2f %8.2f  ", (uintmax_t)e->calls,
		    b->scale * e->time / b->hz / (double)e->calls,
		    b->scale * (e->time + e->childtime) / b->hz /
		    (double)e->calls);
	else
		cat(buf, n, &len, "%29s", "");
	cat(buf, n, &len, "%s", e->name);
}

/* gprof's name in an entry: with its cycle and its index. */
static void
ename(const struct gp_browse *b, const struct gp_brow *e, char *buf,
    size_t n, size_t *len)
{
	if (e->iscycle) {
		cat(buf, n, len, "<cycle %d as a whole> [%d]", e->cycle,
		    e->index);
		return;
	}
	cat(buf, n, len, "%s", e->name);
	if (b->diff)
		return;
	if (e->cycle != 0)
		cat(buf, n, len, " <cycle %d>", e->cycle);
	if (e->index != 0)
		cat(buf, n, len, e->printed ? " [%d]" : " (%d)", e->index);
}

/* "%7lu+%-7lu", or "%7lu" and 8 blanks. */
static void
calls(char *buf, size_t n, size_t *len, uint64_t c, uint64_t self)
{
	cat(buf, n, len, "%7ju", (uintmax_t)c);
	if (self != 0)
		cat(buf, n, len, "+%-7ju", (uintmax_t)self);
	else
		cat(buf, n, len, "%8s", "");
}

void
gp_browse_entryhead(const struct gp_browse *b, char *buf, size_t n)
{
	if (b->diff)
		snprintf(buf, n, "%10s %10s %8s %8s  %s", "calls old",
		    "calls new", "time old", "time new", "name");
	else
		snprintf(buf, n, "index %% time    self  children    called"
		    "     name");
}

size_t
gp_browse_entrylen(const struct gp_browse *b, size_t row, size_t *self)
{
	const struct gp_brow *e = &b->rows[row];

	*self = e->ncallers;
	return e->ncallers + 1 + e->ncallees + e->nmembers;
}

/* The function's own line of its entry. */
static void
ownline(const struct gp_browse *b, const struct gp_brow *e, char *buf,
    size_t n, size_t *len)
{
	char idx[32];

	if (b->diff) {
		cat(buf, n, len, "%10ju %10ju %8.2f %8.2f  ", (uintmax_t)e->oc,
		    (uintmax_t)e->nc, e->oi, e->ni);
		ename(b, e, buf, n, len);
		cat(buf, n, len, "%s", e->in == GP_D_OLD ? " [removed]" :
		    e->in == GP_D_NEW ? " [added]" : "");
		return;
	}
	snprintf(idx, sizeof(idx), "[%d]", e->index);
	cat(buf, n, len, "%-6.6s %5.1f %7.2f %7.2f", idx,
	    100 * (e->propself + e->propchild) / b->printtime,
	    e->propself / b->hz, e->propchild / b->hz);
	if (e->iscycle) {
		cat(buf, n, len, " ");
		calls(buf, n, len, e->calls, e->selfcalls);
		cat(buf, n, len, " ");
	} else if (e->calls + e->selfcalls != 0) {
		cat(buf, n, len, " ");
		calls(buf, n, len, e->calls, e->selfcalls);
		cat(buf, n, len, " ");
	} else
		cat(buf, n, len, "%17s", "");
	ename(b, e, buf, n, len);
}

size_t
gp_browse_entryline(const struct gp_browse *b, size_t row, size_t i,
    char *buf, size_t n)
{
	const struct gp_brow *e = &b->rows[row];
	const struct gp_blink *l;
	const struct gp_brow *m;
	size_t len = 0;

	buf[0] = '\0';
	if (i == e->ncallers) {
		ownline(b, e, buf, n, &len);
		return GP_BR_NONE;
	}
	if (i < e->ncallers)
		l = &b->links[e->caller + i];
	else if (i - e->ncallers - 1 < e->ncallees)
		l = &b->links[e->callee + i - e->ncallers - 1];
	else if (i - e->ncallers - 1 - e->ncallees < e->nmembers) {
		/* a cycle's member: "%6.6s %5.5s " its times and calls */
		l = &b->links[e->member + i - e->ncallers - 1 - e->ncallees];
		m = &b->rows[l->row];
		cat(buf, n, &len, "%13s%7.2f %7.2f ", "", m->propself / b->hz,
		    m->propchild / b->hz);
		calls(buf, n, &len, m->calls, m->selfcalls);
		cat(buf, n, &len, "%5s", "");
		ename(b, m, buf, n, &len);
		return l->row;
	} else
		return GP_BR_NONE;
	if (b->diff) {
		cat(buf, n, &len, "%10ju %10ju %8.2f %8.2f  ", (uintmax_t)l->oc,
		    (uintmax_t)l->nc, l->ot, l->nt);
		if (l->row != GP_BR_NONE)
			ename(b, &b->rows[l->row], buf, n, &len);
		return l->row;
	}
	if (l->row == GP_BR_NONE) {
		if (l->inner < 0)
			cat(buf, n, &len, "%49s<spontaneous>", "");
		else
			cat(buf, n, &len, "%29s%7ju/%-7ju%5s<spontaneous>", "",
			    (uintmax_t)l->count, (uintmax_t)l->of, "");
		return GP_BR_NONE;
	}
	if (l->inner)
		cat(buf, n, &len, "%29s%7ju%13s", "", (uintmax_t)l->count, "");
	else {
		cat(buf, n, &len, "%13s%7.2f %7.2f ", "", l->time / b->hz,
		    l->childtime / b->hz);
		if (b->uncounted)
			cat(buf, n, &len, "%15s", "");
		else
			cat(buf, n, &len, "%7ju/%-7ju", (uintmax_t)l->count,
			    (uintmax_t)l->of);
		cat(buf, n, &len, "%5s", "");
	}
	ename(b, &b->rows[l->row], buf, n, &len);
	return l->row;
}

void
gp_browse_summary(const struct gp_browse *b, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	if (b->diff) {
		cat(buf, n, &len, "%s %.2f s -> %s %.2f s", b->oldname,
		    b->ototal, b->newname, b->ntotal);
		return;
	}
	cat(buf, n, &len, "%.2f %s %s", b->notime ? 0.0 : b->total / b->hz,
	    b->dimen,
	    b->measured ? (b->uncounted ? "sampled stacks" : "measured") :
	    "sampled");
	if (b->lines)
		cat(buf, n, &len, " by source line");
}
