/*
 * The graph layer: GNU gprof 2.40's call graph analysis (cg_tally,
 * cg_assemble with cg_dfn, cycle_link, propagate_flags, cycle_time,
 * propagate_time and cmp_total) and the orders cg_print prints in
 * (sort_parents, sort_children, sort_members), reproduced operation for
 * operation so that floating-point ties break as they do in gprof.
 *
 * gprof's lists are kept as gprof keeps them (arcs prepended to each
 * parent's and child's list, so the newest arc comes first); what gprof
 * does in quadratic time is done here with the same outcome in linear or
 * n log n time:
 *  - arcs are found by hashing the (parent, child) pair;
 *  - the depth-first search is iterative; a back arc finds its place on
 *    the stack in constant time (the callee's place, or its cycle head's
 *    if the callee has left the stack), the cycle heads are kept in a
 *    union-find forest, each cycle's tail is remembered, and the stack
 *    entries not yet glommed into a cycle are kept on a second stack;
 *  - gprof's qsort (glibc's merge sort, stable) and insertion sorts over
 *    newest-first lists are stable merge sorts over oldest-first arrays.
 */
#include <err.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stream/stream.h"
#include "gmon/raw.h"
#include "analysis/graph.h"
#include "analysis/credit.h"
#include "analysis/measured.h"
#include "gprt/runtime.h"
#include "sym/symspec.h"
#include "sym/symtab.h"

#define NONE		((size_t)-1)
#define DFN_NAN		0
#define DFN_BUSY	(-1)

struct anode {
	uint64_t	 ncalls;
	uint64_t	 selfc;
	double		 time;
	double		 ctime;
	double		 fract;
	double		 pself;
	double		 pchild;
	long		 top;		/* top_order */
	unsigned	 cyc;		/* cyc.num */
	int		 print;
	uint64_t	 spontc;	/* of ncalls, from code not instrumented */
	size_t		 head;		/* cyc.head */
	size_t		 next;		/* cyc.next */
};

struct aarc {
	size_t		 parent;
	size_t		 child;
	uint64_t	 count;
	double		 time;
	double		 ctime;
};

/*
 * gprof's lists of a symbol's arcs, newest arc first, as arrays: the arcs
 * from symbol s are slots beg[s] to beg[s + 1] of the "kids" lists, the
 * arcs to it those of the "pars" lists.
 */
struct adj {
	size_t		*beg;
	size_t		*arc;		/* the arc */
	size_t		*end;		/* its child (kids) or parent (pars) */
	uint64_t	*count;		/* its count */
};

struct hent {
	uint64_t	 key;		/* parent << 32 | child; HEMPTY: free */
	size_t		 arc;
};

#define HEMPTY		UINT64_MAX

/* What gprof's cmp_arc looks at, for sorting a node's arcs. */
struct rk {
	double		 t;		/* time + child_time */
	uint64_t	 count;
	size_t		 arc;		/* its index: the older, the lower */
	int		 cls;		/* 0 self, 1 within a cycle, 2 other */
};

struct an {
	const struct gp_symtab *st;
	struct gp_tables *tb;
	struct anode	*n;
	size_t		 nsyms;
	size_t		 nn;		/* nsyms + ncycles */
	unsigned	 ncycles;
	struct aarc	*a;
	size_t		 na;
	size_t		 acap;
	struct hent	*hash;		/* arcs by (parent, child) */
	size_t		 hcap;
	double		 print_time;
	struct adj	 kids;
	struct adj	 pars;
};

typedef int cmpfn(size_t, size_t, const void *);


struct cmpctx {
	cmpfn		*cmp;
	const void	*ctx;
};

static int
cmpcall(const void *a, const void *b, void *arg)
{
	const struct cmpctx *c = arg;

	return c->cmp(*(const size_t *)a, *(const size_t *)b, c->ctx);
}

/* gprof's qsort, glibc's merge sort (stream/sort.c), of v[0..n). */
static void
msort(size_t *v, size_t n, cmpfn *cmp, const void *ctx)
{
	struct cmpctx c = { cmp, ctx };

	gp_msort(v, n, sizeof(*v), cmpcall, &c);
}

/* Arcs by (parent, child). */
static uint64_t
hkey(size_t parent, size_t child)
{
	return (uint64_t)parent << 32 | child;
}

static size_t
hslot(const struct an *g, uint64_t key)
{
	uint64_t h = key * 0x9e3779b97f4a7c15ULL;

	return (size_t)(h >> 29 ^ h) & (g->hcap - 1);
}

static size_t
arc_lookup(const struct an *g, size_t parent, size_t child)
{
	uint64_t key = hkey(parent, child);
	size_t i;

	if (g->hcap == 0)
		return NONE;
	for (i = hslot(g, key); g->hash[i].key != HEMPTY;
	    i = (i + 1) & (g->hcap - 1))
		if (g->hash[i].key == key)
			return g->hash[i].arc;
	return NONE;
}

static void
hinsert(struct an *g, size_t a)
{
	uint64_t key = hkey(g->a[a].parent, g->a[a].child);
	size_t i;

	for (i = hslot(g, key); g->hash[i].key != HEMPTY;
	    i = (i + 1) & (g->hcap - 1))
		;
	g->hash[i].key = key;
	g->hash[i].arc = a;
}

/* gprof's arc_add. */
static void
arc_add(struct an *g, size_t parent, size_t child, uint64_t count)
{
	struct aarc *a;
	size_t i;

	if ((i = arc_lookup(g, parent, child)) != NONE) {
		g->a[i].count += count;
		return;
	}
	if (g->na == g->acap) {
		g->acap = g->acap ? g->acap * 2 : 1024;
		if ((g->a = reallocarray(g->a, g->acap, sizeof(*g->a))) == NULL)
			err(1, NULL);
	}
	if (2 * (g->na + 1) > g->hcap) {
		free(g->hash);
		g->hcap = g->hcap ? g->hcap * 2 : 2048;
		if ((g->hash = reallocarray(NULL, g->hcap,
		    sizeof(*g->hash))) == NULL)
			err(1, NULL);
		for (i = 0; i < g->hcap; i++)
			g->hash[i].key = HEMPTY;
		for (i = 0; i < g->na; i++)
			hinsert(g, i);
	}
	a = &g->a[g->na];
	memset(a, 0, sizeof(*a));
	a->parent = parent;
	a->child = child;
	a->count = count;
	hinsert(g, g->na++);
}

/* The lists by parent (bychild 0) or by child, newest arc first. */
static void
mkadj(struct an *g, struct adj *j, int bychild)
{
	size_t i, k, key, *pos;

	j->beg = gp_xcalloc((g->nsyms + 1) + 1, sizeof(*j->beg));
	j->arc = gp_xcalloc(g->na + 1, sizeof(*j->arc));
	j->end = gp_xcalloc(g->na + 1, sizeof(*j->end));
	j->count = gp_xcalloc(g->na + 1, sizeof(*j->count));
	pos = gp_xcalloc((g->nsyms + 1) + 1, sizeof(*pos));
	for (i = 0; i < g->na; i++)
		j->beg[(bychild ? g->a[i].child : g->a[i].parent) + 1]++;
	for (k = 0; k < g->nsyms; k++)
		j->beg[k + 1] += j->beg[k];
	memcpy(pos, j->beg, (g->nsyms + 1) * sizeof(*pos));
	for (i = g->na; i-- > 0;) {
		key = bychild ? g->a[i].child : g->a[i].parent;
		k = pos[key]++;
		j->arc[k] = i;
		j->end[k] = bychild ? g->a[i].parent : g->a[i].child;
		j->count[k] = g->a[i].count;
	}
	free(pos);
}

static void
freeadj(struct adj *j)
{
	free(j->beg);
	free(j->arc);
	free(j->end);
	free(j->count);
}

/*
 * gp_sym_lookup (gprof's sym_lookup: the symbol with the greatest address
 * not above addr, if its end reaches addr) through a table of buckets:
 * first[b] is the last symbol starting at or below the bucket's start.
 */
struct symidx {
	const struct gp_symtab *st;
	uint64_t	 lo;
	int		 shift;
	size_t		*first;
	size_t		 nb;
};

static void
symidx_make(struct symidx *x, const struct gp_symtab *st)
{
	uint64_t span, start;
	size_t b, i;

	memset(x, 0, sizeof(*x));
	x->st = st;
	if (st->nsyms == 0)
		return;
	x->lo = st->syms[0].addr;
	span = st->syms[st->nsyms - 1].addr - x->lo;
	while (x->shift < 63 && (span >> x->shift) > 2 * (uint64_t)st->nsyms)
		x->shift++;
	x->nb = (size_t)(span >> x->shift) + 1;
	x->first = gp_xcalloc(x->nb + 1, sizeof(*x->first));
	for (b = 0, i = 0; b < x->nb; b++) {
		start = x->lo + ((uint64_t)b << x->shift);
		while (i + 1 < st->nsyms && st->syms[i + 1].addr <= start)
			i++;
		x->first[b] = i;
	}
}

static const struct gp_sym *
symidx_lookup(const struct symidx *x, uint64_t addr)
{
	const struct gp_sym *sy = x->st->syms;
	size_t n = x->st->nsyms, i;

	if (n == 0 || addr < x->lo)
		return NULL;
	if (addr >= sy[n - 1].addr)
		i = n - 1;
	else {
		i = x->first[(addr - x->lo) >> x->shift];
		while (sy[i + 1].addr <= addr)
			i++;
	}
	return addr > sy[i].end ? NULL : &sy[i];
}

/*
 * gprof's cg_tally over the raw arcs, in their order; then, as gprof's
 * find_call, the static arcs of count 0 (gp-sym -c puts them last).
 */
static void
tally(struct an *g, const struct gp_raw *raw)
{
	const struct gp_sym *ps, *cs;
	const struct gp_arc *r;
	struct symidx x;
	size_t i;
	int inclempty = gp_tables_empty(g->tb, GP_INCL_ARCS);

	symidx_make(&x, g->st);
	for (i = 0; i < raw->narcs; i++) {
		r = &raw->arcs[i];
		ps = symidx_lookup(&x, r->from);
		cs = symidx_lookup(&x, r->self);
		if (ps == NULL || cs == NULL)
			continue;
		/*
		 * The callee backs up to a function symbol: for gprof -l's
		 * line symbols, and (gprof does it always) for symbols that
		 * are not functions, such as assembler labels.
		 */
		while (cs > g->st->syms && !(cs->flags & GP_SYM_FUNC))
			cs--;
		if (!(cs->flags & GP_SYM_FUNC))
			continue;
		/*
		 * Arcs of count 0 are gprof -c's static arcs (gp-sym -c),
		 * which gprof adds after the tables have been applied.
		 */
		if (r->count != 0 &&
		    !gp_tables_arc(g->tb, GP_INCL_ARCS, ps, cs) &&
		    !(inclempty && !gp_tables_arc(g->tb, GP_EXCL_ARCS, ps, cs)))
			continue;
		g->n[cs - g->st->syms].ncalls += r->count;
		arc_add(g, ps - g->st->syms, cs - g->st->syms, r->count);
	}
	free(x.first);
}

/*
 * The tables by symbol: specs name the executable's symbols alone, so
 * another object's symbol passes a table when its INCL part is empty.
 */
static int
tpass(const struct an *g, enum gp_table t, size_t s)
{
	if (s >= g->st->nsyms)
		return gp_tables_empty(g->tb, t);
	return gp_tables_pass(g->tb, t, g->st->syms[s].addr);
}

static int
thas(const struct an *g, enum gp_table t, size_t s)
{
	return s < g->st->nsyms && gp_tables_has(g->tb, t, g->st->syms[s].addr);
}

/* cg_tally over the measured arcs instead (measured.h). */
static void
tally_measured(struct an *g, const struct gp_meas *m)
{
	const struct gp_marc *a;
	const struct gp_sym *ps, *cs;
	size_t i;
	int keep, inclempty = gp_tables_empty(g->tb, GP_INCL_ARCS);

	for (i = 0; i < m->narcs; i++) {
		a = &m->arcs[i];
		ps = &g->st->syms[a->parent];
		cs = &g->st->syms[a->child];
		if (a->parent < g->st->nsyms && a->child < g->st->nsyms)
			keep = gp_tables_arc(g->tb, GP_INCL_ARCS, ps, cs) ||
			    (inclempty &&
			    !gp_tables_arc(g->tb, GP_EXCL_ARCS, ps, cs));
		else
			keep = inclempty;
		if (!keep)
			continue;
		g->n[a->child].ncalls += a->count;
		arc_add(g, a->parent, a->child, a->count);
	}
	/*
	 * Calls from code that is not instrumented (a thread's start
	 * routine, a callback from a library): counted, no caller shown.
	 */
	for (i = 0; i < m->nsyms; i++) {
		g->n[i].ncalls += m->spontc[i];
		g->n[i].spontc = m->spontc[i];
	}
}

/* The depth-first numbering (gprof's cg_dfn), iteratively. */
struct dfn {
	size_t		*stack;		/* 1..depth: symbols */
	size_t		*arc;		/* next arc to follow at each level */
	size_t		*pos;		/* a symbol's place on the stack, or 0 */
	size_t		*roots;		/* places of unglommed entries, rising */
	size_t		 nroots;
	size_t		*uf;		/* union-find: cycle heads */
	size_t		*tail;		/* a head's last member */
	size_t		 depth;
	long		 counter;
};

static size_t
findhead(struct dfn *d, size_t x)
{
	while (d->uf[x] != x) {
		d->uf[x] = d->uf[d->uf[x]];
		x = d->uf[x];
	}
	return x;
}

static void
find_cycle(struct an *g, struct dfn *d, size_t child)
{
	size_t top, head, tail, i, k, c;

	/* The topmost entry that is the child or the child's cycle head. */
	if (d->pos[child] != 0)
		top = d->pos[child];
	else
		top = d->pos[findhead(d, child)];
	if (top == 0)
		errx(1, "[find_cycle] couldn't find head of cycle");
	if (top == d->depth)
		return;			/* a call to the caller */
	head = findhead(d, d->stack[top]);
	tail = d->tail[head];
	/* Glom the entries above that are not glommed yet, bottom up. */
	for (k = d->nroots; k > 0 && d->roots[k - 1] > top; k--)
		;
	for (i = k; i < d->nroots; i++) {
		c = d->stack[d->roots[i]];
		g->n[tail].next = c;
		d->uf[c] = head;
		tail = d->tail[c];
	}
	d->nroots = k;
	d->tail[head] = tail;
}

static void
pre_visit(struct an *g, struct dfn *d, size_t s)
{
	d->depth++;
	d->stack[d->depth] = s;
	d->arc[d->depth] = g->kids.beg[s];
	d->pos[s] = d->depth;
	d->roots[d->nroots++] = d->depth;
	g->n[s].top = DFN_BUSY;
}

static void
post_visit(struct an *g, struct dfn *d)
{
	size_t s = d->stack[d->depth], m;

	if (findhead(d, s) == s) {
		d->counter++;
		for (m = s; m != NONE; m = g->n[m].next)
			g->n[m].top = d->counter;
	}
	if (d->nroots > 0 && d->roots[d->nroots - 1] == d->depth)
		d->nroots--;
	d->pos[s] = 0;
	d->depth--;
}

static void
dfn(struct an *g)
{
	struct dfn d;
	size_t s, a, c;

	memset(&d, 0, sizeof(d));
	d.stack = gp_xcalloc((g->nsyms + 1) + 1, sizeof(*d.stack));
	d.arc = gp_xcalloc((g->nsyms + 1) + 1, sizeof(*d.arc));
	d.pos = gp_xcalloc(g->nsyms + 1, sizeof(*d.pos));
	d.roots = gp_xcalloc((g->nsyms + 1) + 1, sizeof(*d.roots));
	d.uf = gp_xcalloc(g->nsyms + 1, sizeof(*d.uf));
	d.tail = gp_xcalloc(g->nsyms + 1, sizeof(*d.tail));
	for (s = 0; s < g->nsyms; s++)
		d.uf[s] = d.tail[s] = s;
	for (s = 0; s < g->nsyms; s++) {
		if (g->n[s].top != DFN_NAN)
			continue;
		pre_visit(g, &d, s);
		while (d.depth > 0) {
			a = d.arc[d.depth];
			if (a == g->kids.beg[d.stack[d.depth] + 1]) {
				post_visit(g, &d);
				continue;
			}
			d.arc[d.depth]++;
			c = g->kids.end[a];
			if (g->n[c].top == DFN_BUSY)
				find_cycle(g, &d, c);
			else if (g->n[c].top == DFN_NAN)
				pre_visit(g, &d, c);
		}
	}
	/* What the search left in cyc.head. */
	for (s = 0; s < g->nsyms; s++)
		g->n[s].head = findhead(&d, s);
	free(d.stack);
	free(d.arc);
	free(d.pos);
	free(d.roots);
	free(d.uf);
	free(d.tail);
}

/* gprof's cycle_link: number the cycles and make their header nodes. */
static void
cycle_link(struct an *g)
{
	struct anode *h;
	size_t s, m, a, hi;
	unsigned num = 0;

	g->ncycles = 0;
	for (s = 0; s < g->nsyms; s++)
		if (g->n[s].head == s && g->n[s].next != NONE)
			g->ncycles++;
	g->nn = g->nsyms + g->ncycles;
	if ((g->n = reallocarray(g->n, g->nn + 1, sizeof(*g->n))) == NULL)
		err(1, NULL);
	for (s = 0; s < g->nsyms; s++) {
		if (!(g->n[s].head == s && g->n[s].next != NONE))
			continue;
		hi = g->nsyms + num++;
		h = &g->n[hi];
		memset(h, 0, sizeof(*h));
		h->print = 1;
		h->top = DFN_NAN;
		h->cyc = num;
		h->head = hi;
		h->next = s;
		for (m = s; m != NONE; m = g->n[m].next) {
			g->n[m].cyc = num;
			g->n[m].head = hi;
		}
		for (m = s; m != NONE; m = g->n[m].next) {
			h->ncalls += g->n[m].spontc;	/* calls from outside */
			for (a = g->pars.beg[m]; a < g->pars.beg[m + 1]; a++) {
				if (g->pars.end[a] == m)
					continue;
				if (g->n[g->pars.end[a]].cyc == num)
					h->selfc += g->pars.count[a];
				else
					h->ncalls += g->pars.count[a];
			}
		}
	}
}

/*
 * The share of the calls into c (a cycle's head, or a function), made by
 * member m from code not instrumented (measured, no caller known): such
 * a caller is a root, propagating all of its share, as gprof's roots do
 * (propagate_flags) unless a -F list names what is propagated.  Without
 * it a function called both so and from a known caller would pass up
 * only the known caller's share of its time: a callback from qsort(3)
 * called once directly would be credited a 1/calls part of its time,
 * and the graph's 100% would not hold its callers' children.
 */
static double
spontfract(const struct an *g, size_t c, size_t m)
{
	if (g->n[m].spontc == 0 || g->n[c].ncalls == 0 ||
	    !gp_tables_empty(g->tb, GP_INCL_TIME))
		return 0.0;
	return (double)g->n[m].spontc / (double)g->n[c].ncalls;
}

/* gprof's inherit_flags. */
static void
inherit_flags(struct an *g, size_t c)
{
	struct anode *n = g->n;
	size_t h = n[c].head, a, p, m;

	if (c == h) {
		n[c].print = 0;
		n[c].fract = 0.0;
		for (a = g->pars.beg[c]; a < g->pars.beg[c + 1]; a++) {
			p = g->pars.end[a];
			if (p == c)
				continue;
			n[c].print |= n[p].print;
			if (n[c].ncalls != 0)
				n[c].fract += n[p].fract *
				    ((double)g->pars.count[a] / (double)n[c].ncalls);
		}
		n[c].fract += spontfract(g, c, c);
		return;
	}
	n[h].print = 0;
	n[h].fract = 0.0;
	for (m = n[h].next; m != NONE; m = n[m].next)
		for (a = g->pars.beg[m]; a < g->pars.beg[m + 1]; a++) {
			p = g->pars.end[a];
			if (n[p].head == h)
				continue;
			n[h].print |= n[p].print;
			if (n[h].ncalls != 0)
				n[h].fract += n[p].fract *
				    ((double)g->pars.count[a] / (double)n[h].ncalls);
		}
	for (m = n[h].next; m != NONE; m = n[m].next)
		n[h].fract += spontfract(g, h, m);
	for (m = h; m != NONE; m = n[m].next) {
		n[m].print = n[h].print;
		n[m].fract = n[h].fract;
	}
}

/* gprof's propagate_flags, from the topological top down. */
static void
propagate_flags(struct an *g, const size_t *ts)
{
	struct anode *c;
	size_t i, s, old = NONE;

	for (i = g->nsyms; i-- > 0;) {
		s = ts[i];
		c = &g->n[s];
		if (c->head != old) {
			old = c->head;
			inherit_flags(g, s);
		}
		if (!c->print) {
			if (tpass(g, GP_INCL_GRAPH, s))
				c->print = 1;
		} else if (!thas(g, GP_INCL_GRAPH, s) &&
		    thas(g, GP_EXCL_GRAPH, s))
			c->print = 0;
		if (c->fract == 0.0) {
			if (tpass(g, GP_INCL_TIME, s))
				c->fract = 1.0;
		} else if (!thas(g, GP_INCL_TIME, s) &&
		    thas(g, GP_EXCL_TIME, s))
			c->fract = 0.0;
		c->pself = c->time * c->fract;
		g->print_time += c->pself;
	}
}

/* gprof's cycle_time. */
static void
cycle_time(struct an *g)
{
	struct anode *h;
	size_t m;
	unsigned i;

	for (i = 0; i < g->ncycles; i++) {
		h = &g->n[g->nsyms + i];
		for (m = h->next; m != NONE; m = g->n[m].next) {
			if (g->n[m].fract == 0.0)
				continue;
			h->time += g->n[m].time;
		}
		h->pself = h->fract * h->time;
	}
}

/* gprof's propagate_time for one parent. */
static void
propagate_time(struct an *g, size_t p)
{
	struct anode *n = g->n, *par = &n[p];
	struct aarc *a;
	size_t j, c;
	double share, pshare;

	if (par->fract == 0.0)
		return;
	for (j = g->kids.beg[p]; j < g->kids.beg[p + 1]; j++) {
		c = g->kids.end[j];
		if (g->kids.count[j] == 0 || c == p || n[c].fract == 0)
			continue;
		if (n[c].head != c) {
			if (par->cyc == n[c].cyc)
				continue;
			if (par->top <= n[c].top)
				warnx("[propagate] toporder botches");
			c = n[c].head;
		} else if (par->top <= n[c].top) {
			warnx("[propagate] toporder botches");
			continue;
		}
		if (n[c].ncalls == 0)
			continue;
		a = &g->a[g->kids.arc[j]];
		a->time = n[c].time *
		    ((double)a->count / (double)n[c].ncalls);
		a->ctime = n[c].ctime *
		    ((double)a->count / (double)n[c].ncalls);
		share = a->time + a->ctime;
		par->ctime += share;
		pshare = par->fract * share;
		par->pchild += pshare;
		a->time *= par->fract;
		a->ctime *= par->fract;
		if (par->head != p) {
			n[par->head].ctime += share;
			n[par->head].pchild += pshare;
		}
	}
}

/*
 * Measured times where gprof propagates estimates (measured.h): a node's
 * children are the inclusive time of its calls less its self time; a
 * cycle's, the inclusive time of the calls into it from outside less its
 * members' self time; a member's, the inclusive time of its calls out of
 * the cycle.  An arc's self and children are the callee's own time and
 * the rest on the calls along it.  Scaled by the fract of the node, or of
 * the arc's parent, as gprof scales what it propagates.
 */
static void
measured_time(struct an *g, const struct gp_meas *m, double hz)
{
	struct anode *n = g->n;
	const struct gp_marc *ma;
	struct aarc *a;
	size_t s, i, k, pa, ch;
	int cut;

	for (i = g->nsyms; i < g->nn; i++)
		n[i].ctime = 0.0;
	for (s = 0; s < g->nsyms; s++) {
		if (n[s].cyc == 0) {
			n[s].ctime = fmax(0.0, (m->incl[s] - m->self[s]) * hz);
			continue;
		}
		n[s].ctime = 0.0;
		n[n[s].head].ctime += (m->spont[s] - m->self[s]) * hz;
	}
	for (i = 0; i < m->narcs; i++) {
		ma = &m->arcs[i];
		pa = ma->parent;
		ch = ma->child;
		if (pa == ch || (n[pa].cyc != 0 && n[pa].cyc == n[ch].cyc) ||
		    (k = arc_lookup(g, pa, ch)) == NONE)
			continue;
		a = &g->a[k];
		a->time = n[pa].fract * ma->self * hz;
		a->ctime = n[pa].fract * fmax(0.0, ma->incl - ma->self) * hz;
		if (n[ch].cyc != 0)
			n[n[ch].head].ctime += ma->incl * hz;
		if (n[pa].cyc != 0)
			n[pa].ctime += ma->incl * hz;
	}
	/*
	 * The total, the self times weighted by the fracts, estimates what
	 * is propagated from the counts; a node's children are measured.
	 * When a -n or -F list cuts the graph, a function called from both
	 * sides of the cut has a fract of its calls' share, and the total
	 * may fall short of a root's measured time (jq's jq_next at 100.4%
	 * with -n jq_next): no entry is then more than the whole.  Uncut,
	 * the total is the threads' time, and an entry above it is input
	 * that does not add up, shown as such.
	 */
	cut = !gp_tables_empty(g->tb, GP_INCL_TIME) ||
	    !gp_tables_empty(g->tb, GP_EXCL_TIME);
	for (i = 0; i < g->nn; i++) {
		n[i].ctime = fmax(0.0, n[i].ctime);
		n[i].pchild = n[i].fract * n[i].ctime;
		if (cut)
			g->print_time = fmax(g->print_time,
			    n[i].pself + n[i].pchild);
	}
}

/* gprof's cmp_total; a tie between two cycles keeps their order. */
static int
cmp_total(size_t l, size_t r, const void *ctx)
{
	const struct an *g = ctx;
	const struct anode *ln = &g->n[l], *rn = &g->n[r];
	const char *lname, *rname;
	double diff;

	diff = (ln->pself + ln->pchild) - (rn->pself + rn->pchild);
	if (diff < 0.0)
		return 1;
	if (diff > 0.0)
		return -1;
	if (l >= g->nsyms && r >= g->nsyms)
		return 0;
	if (l >= g->nsyms)
		return -1;
	if (r >= g->nsyms)
		return 1;
	lname = g->st->syms[l].name;
	rname = g->st->syms[r].name;
	if (lname[0] != '_' && rname[0] == '_')
		return -1;
	if (lname[0] == '_' && rname[0] != '_')
		return 1;
	if (ln->ncalls > rn->ncalls)
		return -1;
	if (ln->ncalls < rn->ncalls)
		return 1;
	return strcmp(lname, rname);
}

/*
 * gprof's cmp_arc, LESSTHAN first (desc: GREATERTHAN first), arcs that
 * compare equal oldest first: the order gprof's insertion sorts over the
 * newest-first lists leave.
 */
static int
rkcmp(const struct rk *l, const struct rk *r, int desc)
{
	int c = 0;

	if (l->cls != r->cls)
		c = l->cls < r->cls ? -1 : 1;
	else if (l->cls == 2 && l->t < r->t)
		c = -1;
	else if (l->cls == 2 && l->t > r->t)
		c = 1;
	if (c == 0 && l->cls != 0) {
		if (l->count < r->count)
			c = -1;
		else if (l->count > r->count)
			c = 1;
	}
	if (c == 0)
		return l->arc < r->arc ? -1 : l->arc > r->arc;
	return desc ? -c : c;
}

/*
 * The arcs of one node in rkcmp's order.  Not gp_msort: a sort per node,
 * on the hot path of a large graph, with the scratch array of the caller
 * and insertion below 12; rkcmp is a total order (the arc breaks ties),
 * so any stable sort gives gprof's order.
 */
static void
rksort(struct rk *v, struct rk *tmp, size_t n, int desc)
{
	size_t n1, i, j, k;
	struct rk x;

	if (n < 12) {
		for (i = 1; i < n; i++) {
			x = v[i];
			for (j = i; j > 0 && rkcmp(&v[j - 1], &x, desc) > 0; j--)
				v[j] = v[j - 1];
			v[j] = x;
		}
		return;
	}
	n1 = n / 2;
	rksort(v, tmp, n1, desc);
	rksort(v + n1, tmp, n - n1, desc);
	for (i = 0, j = n1, k = 0; i < n1 && j < n;)
		tmp[k++] = rkcmp(&v[i], &v[j], desc) <= 0 ? v[i++] : v[j++];
	while (i < n1)
		tmp[k++] = v[i++];
	while (j < n)
		tmp[k++] = v[j++];
	memcpy(v, tmp, n * sizeof(*v));
}

/* gprof's cmp_member, descending. */
static int
cmp_member_desc(size_t l, size_t r, const void *ctx)
{
	const struct an *g = ctx;
	const struct anode *ln = &g->n[l], *rn = &g->n[r];
	double lt = ln->pself + ln->pchild, rt = rn->pself + rn->pchild;
	uint64_t lc = ln->ncalls + ln->selfc, rc = rn->ncalls + rn->selfc;

	if (lt > rt)
		return -1;
	if (lt < rt)
		return 1;
	if (lc > rc)
		return -1;
	if (lc < rc)
		return 1;
	return 0;
}

/*
 * Each arc's place among the arcs of its parent (or child) as gprof
 * prints them: rank[a], from 1.
 */
static void
rank_arcs(struct an *g, const struct adj *j, int desc, size_t *rank)
{
	struct rk *v, *tmp;
	const struct aarc *a;
	size_t i, k, b, n;
	unsigned pc, cc;

	v = gp_xcalloc(g->na + 1, sizeof(*v));
	tmp = gp_xcalloc(g->na + 1, sizeof(*tmp));
	for (i = 0; i < g->na; i++) {
		a = &g->a[i];
		pc = g->n[a->parent].cyc;
		cc = g->n[a->child].cyc;
		v[i].arc = i;
		v[i].count = a->count;
		v[i].t = a->time + a->ctime;
		if (a->parent == a->child)
			v[i].cls = 0;
		else if (pc != 0 && cc != 0 && pc == cc)
			v[i].cls = 1;
		else
			v[i].cls = 2;
	}
	/* grouped as the lists are */
	for (k = 0; k < g->na; k++)
		tmp[k] = v[j->arc[k]];
	memcpy(v, tmp, g->na * sizeof(*v));
	for (k = 0; k < g->nsyms; k++) {
		b = j->beg[k];
		n = j->beg[k + 1] - b;
		rksort(v + b, tmp, n, desc);
		for (i = 0; i < n; i++)
			rank[v[b + i].arc] = i + 1;
	}
	free(v);
	free(tmp);
}

/* The analysis results into the layer's model. */
static struct gp_graph *
model(struct an *g, const struct gp_prof *p, const size_t *order)
{
	struct gp_graph *gr;
	struct gp_tables *flat;
	struct gp_node *nd;
	size_t *inp, *inc, *v, i, k, m, cnt;
	const struct anode *an;

	gr = gp_xcalloc(1, sizeof(*gr));
	gr->print_time = g->print_time;
	gr->ncycles = g->ncycles;
	gr->nnodes = g->nn;
	gr->nodes = gp_xcalloc(g->nn + 1, sizeof(*gr->nodes));
	gr->bysym = gp_xcalloc(g->nsyms + 1, sizeof(*gr->bysym));
	gr->cycles = gp_xcalloc(g->ncycles + 1, sizeof(*gr->cycles));
	flat = gp_tables_make(&p->credit->flat, g->st);
	for (k = 0; k < g->nn; k++) {
		i = order[k];
		an = &g->n[i];
		nd = &gr->nodes[k];
		nd->sym = i < g->nsyms ? i : GP_NOSYM;
		if (i < g->nsyms)
			gr->bysym[i] = k;
		else
			gr->cycles[i - g->nsyms] = k;
		nd->cycle = an->cyc;
		nd->ncalls = an->ncalls;
		nd->self_calls = an->selfc;
		nd->time = an->time;
		nd->child_time = an->ctime;
		nd->prop_self = an->pself;
		nd->prop_child = an->pchild;
		nd->fract = an->fract;
		if (an->print)
			nd->flags |= GP_N_PRINT;
		if (i < g->st->nsyms ?
		    gp_tables_pass(flat, GP_INCL_FLAT, g->st->syms[i].addr) :
		    i < g->nsyms && gp_tables_empty(flat, GP_INCL_FLAT))
			nd->flags |= GP_N_FLAT;
	}
	gp_tables_free(flat);

	/* Cycle members in print order. */
	v = gp_xcalloc(g->nsyms + 1, sizeof(*v));
	for (i = g->nsyms; i < g->nn; i++) {
		for (cnt = 0, m = g->n[i].next; m != NONE; m = g->n[m].next)
			v[cnt++] = m;
		msort(v, cnt, cmp_member_desc, g);
		for (k = 0; k < cnt; k++)
			gr->nodes[gr->bysym[v[k]]].member = k + 1;
	}
	free(v);

	/* The arcs, with their places among parents and children. */
	inp = gp_xcalloc(g->na + 1, sizeof(*inp));
	inc = gp_xcalloc(g->na + 1, sizeof(*inc));
	rank_arcs(g, &g->kids, 1, inp);
	rank_arcs(g, &g->pars, 0, inc);
	gr->narcs = g->na;
	gr->arcs = gp_xcalloc(g->na + 1, sizeof(*gr->arcs));
	/* by parent position, then place among the parent's children */
	v = gp_xcalloc((g->nn + 1) + 1, sizeof(*v));
	for (i = 0; i < g->na; i++)
		v[gr->bysym[g->a[i].parent] + 1]++;
	for (k = 0; k < g->nn; k++)
		v[k + 1] += v[k];
	for (i = 0; i < g->na; i++) {
		struct gp_carc *ca;
		size_t pp = gr->bysym[g->a[i].parent];

		ca = &gr->arcs[v[pp] + inp[i] - 1];
		ca->parent = pp;
		ca->child = gr->bysym[g->a[i].child];
		ca->count = g->a[i].count;
		ca->time = g->a[i].time;
		ca->child_time = g->a[i].ctime;
		ca->inparent = inp[i];
		ca->inchild = inc[i];
	}
	free(v);
	free(inp);
	free(inc);
	return gr;
}

/* Fill each node's lists from the ranks; NULL if fine, else a message. */
static const char *
link_lists(struct gp_graph *gr, size_t *bad)
{
	struct gp_node *nd;
	struct gp_carc *ca;
	size_t total, i, k, hp, *q;

	for (k = 0; k < gr->nnodes; k++) {
		nd = &gr->nodes[k];
		nd->nparents = nd->nchildren = nd->nmembers = 0;
	}
	for (i = 0; i < gr->narcs; i++) {
		gr->nodes[gr->arcs[i].parent].nchildren++;
		gr->nodes[gr->arcs[i].child].nparents++;
	}
	for (k = 0; k < gr->nnodes; k++) {
		nd = &gr->nodes[k];
		if (nd->cycle == 0 || nd->sym == GP_NOSYM)
			continue;
		gr->nodes[gr->cycles[nd->cycle - 1]].nmembers++;
	}
	total = 2 * gr->narcs + gr->nnodes;
	free(gr->lists);
	gr->lists = gp_xcalloc(total + 1, sizeof(*gr->lists));
	memset(gr->lists, 0xff, total * sizeof(*gr->lists));
	q = gr->lists;
	for (k = 0; k < gr->nnodes; k++) {
		nd = &gr->nodes[k];
		nd->parents = q;
		q += nd->nparents;
		nd->children = q;
		q += nd->nchildren;
		nd->members = q;
		q += nd->nmembers;
	}
	for (i = 0; i < gr->narcs; i++) {
		ca = &gr->arcs[i];
		*bad = i;
		nd = &gr->nodes[ca->parent];
		if (ca->inparent < 1 || ca->inparent > nd->nchildren)
			return "place among the parent's children out of range";
		if (nd->children[ca->inparent - 1] != NONE)
			return "two arcs at the same place among the parent's "
			    "children";
		nd->children[ca->inparent - 1] = i;
		nd = &gr->nodes[ca->child];
		if (ca->inchild < 1 || ca->inchild > nd->nparents)
			return "place among the child's parents out of range";
		if (nd->parents[ca->inchild - 1] != NONE)
			return "two arcs at the same place among the child's "
			    "parents";
		nd->parents[ca->inchild - 1] = i;
	}
	for (k = 0; k < gr->nnodes; k++) {
		nd = &gr->nodes[k];
		*bad = (size_t)-1 - k;
		if (nd->cycle == 0 || nd->sym == GP_NOSYM) {
			if (nd->member != 0)
				return "member place given outside a cycle";
			continue;
		}
		hp = gr->cycles[nd->cycle - 1];
		if (nd->member < 1 || nd->member > gr->nodes[hp].nmembers)
			return "member place out of range";
		if (gr->nodes[hp].members[nd->member - 1] != NONE)
			return "two members at the same place in their cycle";
		gr->nodes[hp].members[nd->member - 1] = k;
	}
	return NULL;
}

void
gp_graph_free(struct gp_graph *gr)
{
	if (gr == NULL)
		return;
	free(gr->nodes);
	free(gr->bysym);
	free(gr->cycles);
	free(gr->arcs);
	free(gr->lists);
	free(gr->nodeline);
	free(gr->arcline);
	free(gr->src);
	free(gr);
}

void
gp_graph_make(struct gp_prof *p, const struct gp_specs *user)
{
	struct gp_specs specs;
	struct an g;
	struct gp_graph *gr;
	const struct gp_meas *m;
	size_t *ts, *order, *cnt, i, k;
	const char *msg;

	if (p->raw == NULL)
		errx(1, "no raw layer in the stream: it does not come from "
		    "gmon-cat");
	if (p->sym == NULL)
		errx(1, "no symbol layer in the stream: run it through gp-sym");
	if (p->credit == NULL)
		gp_credit_make(p, user);
	gp_credit_check(p);

	memset(&specs, 0, sizeof(specs));
	if (user != NULL)
		for (i = 0; i < user->n; i++)
			if (user->v[i].table != GP_INCL_FLAT &&
			    user->v[i].table != GP_EXCL_FLAT)
				gp_specs_add(&specs, user->v[i].table,
				    user->v[i].spec);
	gp_specs_defaults(&specs);

	if (GP_NSYMS(p->sym) >= UINT32_MAX)
		errx(1, "%zu symbols: more than this analysis handles",
		    GP_NSYMS(p->sym));
	memset(&g, 0, sizeof(g));
	g.st = p->sym;
	g.nsyms = GP_NSYMS(p->sym);	/* other objects' too (measured.h) */
	g.nn = g.nsyms;
	g.tb = gp_tables_make(&specs, p->sym);
	g.n = gp_xcalloc(g.nsyms + 1, sizeof(*g.n));
	for (i = 0; i < g.nsyms; i++)
		g.n[i].time = p->credit->time[i];
	if ((m = gp_meas_get(p)) != NULL)
		tally_measured(&g, m);
	else
		tally(&g, p->raw);
	mkadj(&g, &g.kids, 0);
	mkadj(&g, &g.pars, 1);

	/* cg_assemble */
	for (i = 0; i < g.nsyms; i++) {
		struct anode *n = &g.n[i];

		n->ctime = 0.0;
		if ((k = arc_lookup(&g, i, i)) != NONE) {
			n->ncalls -= g.a[k].count;
			n->selfc = g.a[k].count;
		} else
			n->selfc = 0;
		n->fract = n->pself = n->pchild = 0.0;
		n->print = 0;
		n->top = DFN_NAN;
		n->cyc = 0;
		n->head = i;
		n->next = NONE;
	}
	dfn(&g);
	cycle_link(&g);

	/* Topological order, stably (a cycle's members share a number). */
	ts = gp_xcalloc(g.nsyms + 1, sizeof(*ts));
	cnt = gp_xcalloc((g.nsyms + 2) + 1, sizeof(*cnt));
	for (i = 0; i < g.nsyms; i++)
		cnt[g.n[i].top + 1]++;
	for (k = 0; k <= g.nsyms; k++)
		cnt[k + 1] += cnt[k];
	for (i = 0; i < g.nsyms; i++)
		ts[cnt[g.n[i].top]++] = i;
	free(cnt);

	propagate_flags(&g, ts);
	cycle_time(&g);
	if (m != NULL)
		measured_time(&g, m, p->credit->hz);
	else
		for (i = 0; i < g.nsyms; i++)
			propagate_time(&g, ts[i]);
	free(ts);

	order = gp_xcalloc(g.nn + 1, sizeof(*order));
	for (i = 0; i < g.nn; i++)
		order[i] = i;
	msort(order, g.nn, cmp_total, &g);

	gr = model(&g, p, order);
	/*
	 * gprof's INPUT_CALL_GRAPH: a BSD file, or arcs read from a file;
	 * arcs of count 0 are gp-sym -c's, not read from any file.
	 */
	for (i = 0; i < p->raw->narcs && !gr->callgraph; i++)
		if (p->raw->arcs[i].count != 0)
			gr->callgraph = 1;
	for (i = 0; i < p->raw->nfiles; i++)
		if (p->raw->files[i].layout != GP_GNU)
			gr->callgraph = 1;
	if (m != NULL && m->narcs > 0)
		gr->callgraph = 1;
	if ((msg = link_lists(gr, &k)) != NULL)
		errx(1, "internal error: %s", msg);
	free(order);
	free(g.n);
	free(g.a);
	free(g.hash);
	freeadj(&g.kids);
	freeadj(&g.pars);
	gp_tables_free(g.tb);
	gp_specs_free(&specs);
	gp_graph_free(p->graph);
	p->graph = gr;
}

static void
flagstr(char *buf, unsigned flags)
{
	char *s = buf;

	if (flags & GP_N_PRINT)
		*s++ = 'p';
	if (flags & GP_N_FLAT)
		*s++ = 'f';
	if (s == buf)
		*s++ = '-';
	*s = '\0';
}

void
gp_graph_emit(const struct gp_prof *p, struct gp_writer *w)
{
	const struct gp_graph *gr = p->graph;
	const struct gp_node *nd;
	const struct gp_carc *ca;
	char fl[8];
	size_t k;

	gp_wkind(w, "graph");
	gp_wdbl(w, gr->print_time);
	gp_wu64(w, gr->ncycles);
	gp_wu64(w, gr->nnodes);
	gp_wu64(w, gr->narcs);
	gp_wu64(w, gr->callgraph);
	gp_weol(w);
	for (k = 0; k < gr->nnodes; k++) {
		nd = &gr->nodes[k];
		gp_wkind(w, "node");
		gp_wu64(w, k + 1);
		if (nd->sym == GP_NOSYM)
			gp_wraw(w, "");
		else
			gp_wu64(w, nd->sym);
		gp_wu64(w, nd->cycle);
		gp_wu64(w, nd->ncalls);
		gp_wu64(w, nd->self_calls);
		gp_wdbl(w, nd->time);
		gp_wdbl(w, nd->child_time);
		gp_wdbl(w, nd->prop_self);
		gp_wdbl(w, nd->prop_child);
		flagstr(fl, nd->flags);
		gp_wraw(w, fl);
		gp_wu64(w, nd->member);
		gp_wdbl(w, nd->fract);
		gp_weol(w);
	}
	for (k = 0; k < gr->narcs; k++) {
		ca = &gr->arcs[k];
		gp_wkind(w, "carc");
		gp_wu64(w, ca->parent + 1);
		gp_wu64(w, ca->child + 1);
		gp_wu64(w, ca->count);
		gp_wdbl(w, ca->time);
		gp_wdbl(w, ca->child_time);
		gp_wu64(w, ca->inparent);
		gp_wu64(w, ca->inchild);
		gp_weol(w);
	}
}

/* Room for one more of n items in *vp (and in *lp, line numbers). */
static void
grow(void **vp, long **lp, size_t n, size_t *cap, size_t size)
{
	size_t c = *cap;

	if (n < c)
		return;
	c = c ? 2 * c : 1024;
	if ((*vp = reallocarray(*vp, c, size)) == NULL ||
	    (*lp = reallocarray(*lp, c, sizeof(**lp))) == NULL)
		err(1, NULL);
	memset((char *)*vp + *cap * size, 0, (c - *cap) * size);
	*cap = c;
}

static double
ftime(const struct gp_rec *rec, int i)
{
	double t = gp_fdbl(rec, i);

	if (!isfinite(t))
		gp_recerr(rec, "field %d: '%s' is not a finite number", i + 1,
		    rec->f[i]);
	return t;
}

/* Records of the graph layer into the model. */
int
gp_graph_load(struct gp_prof *p, const struct gp_rec *rec)
{
	struct gp_graph *gr = p->graph;
	struct gp_node *nd;
	struct gp_carc *ca;
	uint64_t v;
	const char *s;

	if (gp_iskind(rec, "graph")) {
		if (gr != NULL)
			gp_recerr(rec, "a second graph record (the first is "
			    "at line %ld)", gr->lineno);
		gp_need(rec, 6);
		gr = gp_xcalloc(1, sizeof(*gr));
		gr->lineno = rec->lineno;
		if ((gr->src = strdup(gp_rname(rec->r))) == NULL)
			err(1, NULL);
		gr->print_time = ftime(rec, 1);
		gr->ncycles = gp_fu64max(rec, 2, UINT32_MAX);
		gr->nnodes = gp_fu64max(rec, 3, SIZE_MAX / 1024);
		gr->narcs = gp_fu64max(rec, 4, SIZE_MAX / 1024);
		gr->callgraph = gp_fu64max(rec, 5, 1);
		if (gr->ncycles > gr->nnodes)
			gp_recerr(rec, "%u cycles but %zu nodes", gr->ncycles,
			    gr->nnodes);
		if (p->sym != NULL &&
		    gr->nnodes != GP_NSYMS(p->sym) + gr->ncycles)
			gp_recerr(rec, "%zu nodes; the symbol layer's %zu "
			    "symbols and %u cycles make %zu", gr->nnodes,
			    GP_NSYMS(p->sym), gr->ncycles,
			    GP_NSYMS(p->sym) + gr->ncycles);
		/* Allocated as the records come: the counts are claims. */
		gr->nodes = NULL;
		gr->arcs = NULL;
		p->graph = gr;
		return 1;
	}
	if (gp_iskind(rec, "node")) {
		if (gr == NULL)
			gp_recerr(rec, "before the graph record");
		gp_need(rec, 13);
		if (gr->nloaded == gr->nnodes)
			gp_recerr(rec, "more than the %zu nodes the graph "
			    "record at line %ld announces", gr->nnodes,
			    gr->lineno);
		grow((void **)&gr->nodes, &gr->nodeline, gr->nloaded,
		    &gr->ncap, sizeof(*gr->nodes));
		v = gp_fu64(rec, 1);
		if (v != gr->nloaded + 1)
			gp_recerr(rec, "index %ju out of order: expected %zu",
			    (uintmax_t)v, gr->nloaded + 1);
		nd = &gr->nodes[gr->nloaded];
		gr->nodeline[gr->nloaded] = rec->lineno;
		nd->cycle = gp_fu64max(rec, 3, gr->ncycles);
		if (gp_fempty(rec, 2)) {
			nd->sym = GP_NOSYM;
			if (nd->cycle == 0)
				gp_recerr(rec, "a node with no symbol must be "
				    "a cycle");
			while (gr->cyccap < nd->cycle) {
				size_t c = gr->cyccap ? 2 * gr->cyccap : 64;

				if ((gr->cycles = reallocarray(gr->cycles, c,
				    sizeof(*gr->cycles))) == NULL)
					err(1, NULL);
				memset(gr->cycles + gr->cyccap, 0xff,
				    (c - gr->cyccap) * sizeof(*gr->cycles));
				gr->cyccap = c;
			}
			if (gr->cycles[nd->cycle - 1] != NONE)
				gp_recerr(rec, "cycle %u has a second node "
				    "(the first is at line %ld)", nd->cycle,
				    gr->nodeline[gr->cycles[nd->cycle - 1]]);
			gr->cycles[nd->cycle - 1] = gr->nloaded;
		} else {
			nd->sym = gp_fu64(rec, 2);
			if (p->sym != NULL && nd->sym >= GP_NSYMS(p->sym))
				gp_recerr(rec, "field 3: symbol %zu not in the "
				    "symbol layer (%zu symbols)", nd->sym,
				    GP_NSYMS(p->sym));
		}
		nd->ncalls = gp_fu64(rec, 4);
		nd->self_calls = gp_fu64(rec, 5);
		nd->time = ftime(rec, 6);
		nd->child_time = ftime(rec, 7);
		nd->prop_self = ftime(rec, 8);
		nd->prop_child = ftime(rec, 9);
		for (s = rec->f[10]; *s != '\0'; s++) {
			if (*s == 'p')
				nd->flags |= GP_N_PRINT;
			else if (*s == 'f')
				nd->flags |= GP_N_FLAT;
			else if (*s != '-')
				gp_recerr(rec, "field 11: flag '%c' is not one "
				    "of p, f, -", *s);
		}
		nd->member = gp_fu64max(rec, 11, gr->nnodes);
		nd->fract = ftime(rec, 12);
		gr->nloaded++;
		return 1;
	}
	if (gp_iskind(rec, "carc")) {
		if (gr == NULL)
			gp_recerr(rec, "before the graph record");
		gp_need(rec, 8);
		if (gr->aloaded == gr->narcs)
			gp_recerr(rec, "more than the %zu arcs the graph "
			    "record at line %ld announces", gr->narcs,
			    gr->lineno);
		grow((void **)&gr->arcs, &gr->arcline, gr->aloaded,
		    &gr->acap, sizeof(*gr->arcs));
		ca = &gr->arcs[gr->aloaded];
		gr->arcline[gr->aloaded] = rec->lineno;
		v = gp_fu64(rec, 1);
		if (v < 1 || v > gr->nnodes)
			gp_recerr(rec, "field 2: no node %ju", (uintmax_t)v);
		ca->parent = v - 1;
		v = gp_fu64(rec, 2);
		if (v < 1 || v > gr->nnodes)
			gp_recerr(rec, "field 3: no node %ju", (uintmax_t)v);
		ca->child = v - 1;
		ca->count = gp_fu64(rec, 3);
		ca->time = ftime(rec, 4);
		ca->child_time = ftime(rec, 5);
		ca->inparent = gp_fu64max(rec, 6, gr->narcs);
		ca->inchild = gp_fu64max(rec, 7, gr->narcs);
		gr->aloaded++;
		return 1;
	}
	return 0;
}

/* A loaded graph layer: complete, consistent, linked. */
void
gp_graph_check(struct gp_prof *p)
{
	struct gp_graph *gr = p->graph;
	const char *msg;
	size_t k, bad;
	unsigned c;

	if (gr == NULL || gr->lineno == 0)
		return;
	if (gr->nloaded != gr->nnodes)
		errx(1, "%s: %zu node records; the graph record at line %ld "
		    "announces %zu", gr->src, gr->nloaded, gr->lineno,
		    gr->nnodes);
	if (gr->aloaded != gr->narcs)
		errx(1, "%s: %zu carc records; the graph record at line %ld "
		    "announces %zu", gr->src, gr->aloaded, gr->lineno,
		    gr->narcs);
	if (gr->nodes == NULL)
		gr->nodes = gp_xcalloc(0 + 1, sizeof(*gr->nodes));
	if (gr->cyccap < gr->ncycles) {
		gr->cycles = reallocarray(gr->cycles, gr->ncycles,
		    sizeof(*gr->cycles));
		if (gr->cycles == NULL)
			err(1, NULL);
		memset(gr->cycles + gr->cyccap, 0xff,
		    (gr->ncycles - gr->cyccap) * sizeof(*gr->cycles));
		gr->cyccap = gr->ncycles;
	}
	for (c = 0; c < gr->ncycles; c++)
		if (gr->cycles[c] == NONE)
			errx(1, "%s: cycle %u has no node", gr->src, c + 1);
	if (p->sym != NULL) {
		if (gr->nnodes != GP_NSYMS(p->sym) + gr->ncycles)
			errx(1, "%s:%ld: graph: %zu nodes; the symbol layer's "
			    "%zu symbols and %u cycles make %zu", gr->src,
			    gr->lineno, gr->nnodes, GP_NSYMS(p->sym),
			    gr->ncycles, GP_NSYMS(p->sym) + gr->ncycles);
		free(gr->bysym);
		gr->bysym = gp_xcalloc((GP_NSYMS(p->sym)) + 1, sizeof(*gr->bysym));
		memset(gr->bysym, 0xff,
		    GP_NSYMS(p->sym) * sizeof(*gr->bysym));
		for (k = 0; k < gr->nnodes; k++) {
			size_t s = gr->nodes[k].sym;

			if (s == GP_NOSYM)
				continue;
			if (gr->bysym[s] != NONE)
				errx(1, "%s:%ld: node: symbol %zu has a second "
				    "node (the first is at line %ld)", gr->src,
				    gr->nodeline[k], s,
				    gr->nodeline[gr->bysym[s]]);
			gr->bysym[s] = k;
		}
	}
	for (k = 0; k < gr->narcs; k++)
		if (gr->nodes[gr->arcs[k].parent].sym == GP_NOSYM ||
		    gr->nodes[gr->arcs[k].child].sym == GP_NOSYM)
			errx(1, "%s:%ld: carc: an arc joins symbols, not "
			    "cycles", gr->src, gr->arcline[k]);
	if ((msg = link_lists(gr, &bad)) != NULL) {
		if (bad < gr->narcs)
			errx(1, "%s:%ld: carc: %s", gr->src, gr->arcline[bad],
			    msg);
		errx(1, "%s:%ld: node: %s", gr->src,
		    gr->nodeline[(size_t)-1 - bad], msg);
	}
}

unsigned
gp_analyse(struct gp_prof *p, const struct gp_opts *o)
{
	const struct gp_specs *s = o != NULL ? o->specs : NULL;
	unsigned m = gp_specs_mask(s), made = 0;
	unsigned flat = 1U << GP_INCL_FLAT | 1U << GP_EXCL_FLAT;

	if (p->sym == NULL)
		errx(1, "no symbol layer in the stream: run it through gp-sym");
	if (p->credit == NULL || (m & flat)) {
		gp_credit_make(p, s);
		made |= GP_L_CREDIT;
	} else
		gp_credit_check(p);
	if (p->graph == NULL || made || (m & ~flat)) {
		gp_graph_make(p, s);
		made |= GP_L_GRAPH;
	} else
		gp_graph_check(p);
	return made;
}
