/*
 * gprof's suggested function order (-r).
 *
 * The heuristic of GNU gprof 2.40, done on the same data in the same
 * order: the arcs in the order gprof makes them (gp_tally), less those
 * the graph layer left out (-k) and the recursive ones, sorted by count;
 * each function's lists of arcs newest first.  Every sort here is
 * stable, as glibc's qsort is.
 *
 * With -k, gprof 2.40 orders functions by arcs it left out of the call
 * graph; that is not reproduced.
 */
#include <err.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stream/stream.h"
#include "report/gmonsum.h"
#include "analysis/graph.h"
#include "report/order.h"
#include "sym/symtab.h"

#define NONE		((size_t)-1)
#define HOT		0.9	/* share of the arc counts for "nuses" */
#define MOST		0.99	/* share of the arc counts chains place */

struct fn {
	int		 placed;
	size_t		 prev;		/* neighbours in a chain */
	size_t		 next;
	unsigned long	 nuses;
	uint64_t	 ncalls;
};

struct oarc {
	size_t		 parent;
	size_t		 child;
	uint64_t	 count;
	int		 placed;
};

struct order {
	const struct gp_symtab *st;
	struct fn	*fn;
	struct oarc	*arc;
	size_t		 narcs;
};


static int
cmpkeydesc(const void *a, const void *b, void *arg)
{
	const uint64_t *key = arg;
	uint64_t x = key[*(const size_t *)a], y = key[*(const size_t *)b];

	return x < y ? 1 : x > y ? -1 : 0;
}

/* Indexes by a key, largest first, ties in their order. */
static void
sortdesc(size_t *v, size_t n, const uint64_t *key)
{
	gp_msort(v, n, sizeof(*v), cmpkeydesc, (void *)(uintptr_t)key);
}

static void
sortarcs(const struct order *o, size_t *v, size_t n)
{
	uint64_t *key;
	size_t i;

	key = gp_xcalloc(o->narcs, sizeof(*key));
	for (i = 0; i < o->narcs; i++)
		key[i] = o->arc[i].count;
	sortdesc(v, n, key);
	free(key);
}

/* The far end of x's chain: forwards if it has a next, else backwards. */
static size_t
chainend(const struct order *o, size_t x)
{
	if (o->fn[x].next != NONE)
		while (o->fn[x].next != NONE)
			x = o->fn[x].next;
	else
		while (o->fn[x].prev != NONE)
			x = o->fn[x].prev;
	return x;
}

/*
 * gprof's order_and_dump_functions_by_arcs: join the functions of the
 * arcs v[0..n-1] (most used first) into chains, print the chains; with
 * all, print the parents of the arcs left too.  Arcs that could not be
 * used go to out[].
 */
static void
chains(struct order *o, const size_t *v, size_t n, int all, size_t *out,
    size_t *nout)
{
	struct fn *f = o->fn;
	struct oarc *a;
	uint64_t total, sofar;
	size_t i, p, c, e, nx, pv;
	int ncount, pcount;

	total = 0;
	if (!all)
		for (i = 0; i < n; i++)
			total += o->arc[v[i]].count;
	sofar = 0;
	for (i = 0; i < n; i++) {
		a = &o->arc[v[i]];
		sofar += a->count;
		if (a->placed)
			continue;
		p = a->parent;
		c = a->child;
		if ((!all && (double)sofar / (double)total > MOST) ||
		    f[c].placed || f[p].placed) {
			out[(*nout)++] = v[i];
			continue;
		}
		if (f[p].next != NONE && f[p].prev != NONE &&
		    f[c].next != NONE && f[c].prev != NONE) {
			out[(*nout)++] = v[i];
			continue;
		}
		if (f[p].next == NONE && f[p].prev == NONE) {
			/* Join the parent to the nearer end of the child's. */
			for (nx = c, ncount = 0; f[nx].next != NONE; ncount++)
				nx = f[nx].next;
			for (pv = c, pcount = 0; f[pv].prev != NONE; pcount++)
				pv = f[pv].prev;
			c = ncount < pcount ? nx : pv;
		} else if (f[c].next == NONE && f[c].prev == NONE) {
			for (nx = p, ncount = 0; f[nx].next != NONE; ncount++)
				nx = f[nx].next;
			for (pv = p, pcount = 0; f[pv].prev != NONE; pcount++)
				pv = f[pv].prev;
			p = pcount < ncount ? pv : nx;
		} else {
			out[(*nout)++] = v[i];
			continue;
		}
		e = chainend(o, p);
		if (e == c && chainend(o, c) == p) {
			out[(*nout)++] = v[i];	/* a ring */
			continue;
		}
		if (f[p].next != NONE) {
			if (f[c].next == NONE) {
				f[p].prev = c;
				f[c].next = p;
				a->placed = 1;
			}
		} else if (f[p].prev != NONE) {
			if (f[c].prev == NONE) {
				f[p].next = c;
				f[c].prev = p;
				a->placed = 1;
			}
		} else if (f[c].prev != NONE) {
			f[p].prev = c;
			f[c].next = p;
			a->placed = 1;
		} else {
			f[p].next = c;
			f[c].prev = p;
			a->placed = 1;
		}
	}

	for (i = 0; i < n; i++) {
		a = &o->arc[v[i]];
		if (f[a->parent].placed || f[a->child].placed)
			continue;
		p = a->parent;
		if (f[p].next == NONE && f[p].prev == NONE)
			continue;
		while (f[p].prev != NONE)
			p = f[p].prev;
		for (; p != NONE; p = f[p].next) {
			f[p].placed = 1;
			printf("%s\n", o->st->syms[p].name);
		}
	}
	if (all)
		for (i = 0; i < n; i++) {
			a = &o->arc[v[i]];
			if (f[a->parent].placed || f[a->child].placed)
				continue;
			f[a->parent].placed = 1;
			printf("%s\n", o->st->syms[a->parent].name);
		}
}

/* The arcs gprof has: tallied from the raw layer, less those -k took. */
static void
loadarcs(struct order *o, const struct gp_prof *p)
{
	const struct gp_graph *g = p->graph;
	struct gp_tarc *t;
	size_t i, j, n, *newest;
	char *keep;

	newest = gp_xcalloc(o->st->nsyms, sizeof(*newest));
	t = gp_tally(p, NULL, &n, newest);
	free(newest);
	/* (parent, child) pairs of the graph layer, by parent. */
	keep = gp_xcalloc(n, 1);
	for (i = 0; g != NULL && i < g->narcs; i++) {
		size_t ps = g->nodes[g->arcs[i].parent].sym;
		size_t cs = g->nodes[g->arcs[i].child].sym;

		if (ps == GP_NOSYM || cs == GP_NOSYM)
			continue;
		for (j = 0; j < n; j++)
			if (t[j].parent == ps && t[j].child == cs) {
				keep[j] = 1;
				break;
			}
	}
	/*
	 * gprof keeps a recursive call's arc in its lists of callers and
	 * callees but not in the array of arcs the orderings work on.
	 */
	o->arc = gp_xcalloc(n, sizeof(*o->arc));
	for (i = o->narcs = 0; i < n; i++)
		if (keep[i] && t[i].parent != t[i].child) {
			o->arc[o->narcs].parent = t[i].parent;
			o->arc[o->narcs].child = t[i].child;
			o->arc[o->narcs].count = t[i].count;
			o->narcs++;
		}
	free(keep);
	free(t);
}

void
gp_order_print(const struct gp_prof *p)
{
	const struct gp_graph *g = p->graph;
	struct order o;
	struct fn *f;
	size_t *used, *unused, *scratch, *all, *high, *sarcs, *unplaced;
	size_t nused, nunused, nhigh, nsarcs, nunplaced, i, k, last, s;
	uint64_t total, sofar, *nuses;

	memset(&o, 0, sizeof(o));
	o.st = p->sym;
	if (o.st == NULL || o.st->nsyms == 0)
		return;
	o.fn = f = gp_xcalloc(o.st->nsyms, sizeof(*f));
	used = gp_xcalloc(o.st->nsyms, sizeof(*used));
	unused = gp_xcalloc(o.st->nsyms, sizeof(*unused));
	scratch = gp_xcalloc(o.st->nsyms, sizeof(*scratch));
	nused = nunused = 0;
	for (i = 0; i < o.st->nsyms; i++) {
		f[i].prev = f[i].next = NONE;
		if (g != NULL && g->bysym != NULL && g->bysym[i] < g->nnodes)
			f[i].ncalls = g->nodes[g->bysym[i]].ncalls;
		if (f[i].ncalls == 0) {
			unused[nunused++] = i;
			f[i].placed = 1;
		} else
			used[nused++] = i;
	}

	loadarcs(&o, p);
	all = gp_xcalloc(o.narcs, sizeof(*all));
	high = gp_xcalloc(o.narcs, sizeof(*high));
	sarcs = gp_xcalloc(4 * o.narcs + 1, sizeof(*sarcs));
	unplaced = gp_xcalloc(4 * o.narcs + 1, sizeof(*unplaced));
	for (i = 0; i < o.narcs; i++)
		all[i] = i;
	sortarcs(&o, all, o.narcs);

	/* How often each function is called by the arcs of most calls. */
	total = 0;
	for (i = 0; i < o.narcs; i++)
		total += o.arc[all[i]].count;
	sofar = 0;
	for (i = 0; i < o.narcs; i++) {
		sofar += o.arc[all[i]].count;
		if ((double)sofar / (double)total > HOT)
			break;
		f[o.arc[all[i]].child].nuses++;
	}
	nuses = gp_xcalloc(o.st->nsyms, sizeof(*nuses));
	for (i = 0; i < o.st->nsyms; i++)
		nuses[i] = f[i].nuses;
	memcpy(scratch, used, nused * sizeof(*used));
	sortdesc(scratch, nused, nuses);
	free(nuses);

	/*
	 * Up to one in 80 of the used functions, those called from many
	 * sites, go first as a group; the arcs among them are ordered by
	 * the chains.  Each function's arcs: to its children, then from
	 * its parents, newest first.
	 */
	nsarcs = 0;
	last = 0;
	for (k = 0; k < nused / 80; k++) {
		s = scratch[k];
		if (f[s].nuses == 5)
			break;
		for (i = o.narcs; i-- > 0;)
			if (o.arc[i].parent == s) {
				if (o.arc[i].child != s)
					sarcs[nsarcs++] = i;
				o.arc[i].placed = 1;
			}
		for (i = o.narcs; i-- > 0;)
			if (o.arc[i].child == s) {
				if (o.arc[i].parent != s)
					sarcs[nsarcs++] = i;
				o.arc[i].placed = 1;
			}
		last = k;
		f[s].placed = 1;
	}
	nhigh = 0;
	for (i = 0; i < nsarcs; i++) {
		struct oarc *a = &o.arc[sarcs[i]];

		if (f[a->child].placed && f[a->parent].placed) {
			high[nhigh++] = sarcs[i];
			f[a->child].placed = f[a->parent].placed = 0;
		}
	}
	for (k = 0; k < last; k++)
		if (f[scratch[k]].placed)
			printf("%s\n", o.st->syms[scratch[k]].name);

	sortarcs(&o, high, nhigh);
	nunplaced = 0;
	chains(&o, high, nhigh, 1, unplaced, &nunplaced);
	chains(&o, all, o.narcs, 0, unplaced, &nunplaced);
	nsarcs = 0;
	chains(&o, unplaced, nunplaced, 1, sarcs, &nsarcs);

	for (i = 0; i < nused; i++)
		if (!f[used[i]].placed)
			printf("%s\n", o.st->syms[used[i]].name);
	for (i = 0; i < nunused; i++)
		printf("%s\n", o.st->syms[unused[i]].name);

	free(o.arc);
	free(f);
	free(used);
	free(unused);
	free(scratch);
	free(all);
	free(high);
	free(sarcs);
	free(unplaced);
}

static int
cmp_file(const void *a, const void *b)
{
	const struct gp_mapent *l = a, *r = b;

	return strcmp(l->file, r->file);
}

static int
cmp_file3(const void *a, const void *b, void *arg)
{
	(void)arg;
	return cmp_file(a, b);
}

/* glibc's qsort, which gprof sorts them with (stream/sort.c), by file. */
static void
msort_ent(struct gp_mapent *v, size_t n)
{
	gp_msort(v, n, sizeof(*v), cmp_file3, NULL);
}

void
gp_fileorder_print(const struct gp_prof *p, const struct gp_map *m)
{
	struct gp_mapent *byfile;
	struct order o;
	const char *last;
	size_t i, j, *all, *out, nout;
	char *ismapped;

	memset(&o, 0, sizeof(o));
	o.st = p->sym;
	if (o.st == NULL)
		return;
	o.fn = gp_xcalloc(o.st->nsyms, sizeof(*o.fn));
	ismapped = gp_xcalloc(o.st->nsyms, 1);
	for (i = 0; i < o.st->nsyms; i++) {
		o.fn[i].prev = o.fn[i].next = NONE;
		ismapped[i] = (o.st->syms[i].flags & GP_SYM_MAPPED) != 0;
	}
	loadarcs(&o, p);
	all = gp_xcalloc(o.narcs, sizeof(*all));
	out = gp_xcalloc(o.narcs, sizeof(*out));
	for (i = 0; i < o.narcs; i++) {
		all[i] = i;
		if (!ismapped[o.arc[i].parent] || !ismapped[o.arc[i].child])
			o.arc[i].placed = 1;
	}
	nout = 0;
	chains(&o, all, o.narcs, 0, out, &nout);
	for (i = 0; i < o.st->nsyms; i++)
		if (ismapped[i] && !o.fn[i].placed)
			printf("%s\n", o.st->syms[i].name);

	/* The object files without a function in the table. */
	byfile = gp_xcalloc(m->n, sizeof(*byfile));
	memcpy(byfile, m->v, m->n * sizeof(*byfile));
	msort_ent(byfile, m->n);
	last = NULL;
	for (i = 0; i < m->n; i++) {
		if (last != NULL && strcmp(last, byfile[i].file) == 0)
			continue;
		for (j = 0; j < o.st->nsyms; j++)
			if (ismapped[j] &&
			    strcmp(o.st->syms[j].name, byfile[i].file) == 0)
				break;
		if (j == o.st->nsyms)
			printf("%s\n", byfile[i].file);
		last = byfile[i].file;
	}
	free(byfile);
	free(ismapped);
	free(all);
	free(out);
	free(o.arc);
	free(o.fn);
}
