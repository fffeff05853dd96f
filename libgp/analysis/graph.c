/*
 * The graph layer: GNU gprof 2.40's call graph analysis (cg_tally,
 * cg_assemble with cg_dfn, cycle_link, propagate_flags, cycle_time,
 * propagate_time and cmp_total) and the orders cg_print prints in
 * (sort_parents, sort_children, sort_members), reproduced operation for
 * operation so that floating-point ties break as they do in gprof.
 * This file tallies the arcs and runs the steps in gprof's order
 * (gp_graph_make); the steps are cycles.c, propagate.c and printorder.c,
 * the layer's records graphrec.c.
 *
 * gprof's lists are kept as gprof keeps them (arcs prepended to each
 * parent's and child's list, so the newest arc comes first); what gprof
 * does in quadratic time is done here with the same outcome in linear or
 * n log n time:
 *  - arcs are found by their child among the arcs of the parent being
 *    tallied (the raw arcs come sorted by caller), or, when a caller
 *    comes back, by hashing the (parent, child) pair;
 *  - the depth-first search is iterative; a back arc finds its place on
 *    the stack in constant time (the callee's place, or its cycle head's
 *    if the callee has left the stack), the cycle heads are kept in a
 *    union-find forest, each cycle's tail is remembered, and the stack
 *    entries not yet glommed into a cycle are kept on a second stack;
 *  - gprof's qsort (glibc's merge sort, stable) and insertion sorts over
 *    newest-first lists are stable merge sorts over oldest-first arrays.
 */
#include <err.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stream/stream.h"
#include "gmon/raw.h"
#include "analysis/credit.h"
#include "analysis/graphan.h"
#include "gprt/runtime.h"

/* The arcs worth ranking the parents in a second thread (model()). */
#define RANK_THREADARCS	20000

static void	*rank_parents(void *);

/* The lists by parent (bychild 0) or by child, newest arc first. */
static void
mkadj(struct an *g, struct adj *j, int bychild)
{
	size_t i, k, key, *pos;

	j->beg = gp_xcalloc((g->nsyms + 1) + 1, sizeof(*j->beg));
	j->arc = gp_xcalloc(g->na + 1, sizeof(*j->arc));
	pos = gp_xcalloc((g->nsyms + 1) + 1, sizeof(*pos));
	for (i = 0; i < g->na; i++)
		j->beg[(bychild ? g->a[i].child : g->a[i].parent) + 1]++;
	for (k = 0; k < g->nsyms; k++)
		j->beg[k + 1] += j->beg[k];
	memcpy(pos, j->beg, (g->nsyms + 1) * sizeof(*pos));
	for (i = g->na; i-- > 0;) {
		key = bychild ? g->a[i].child : g->a[i].parent;
		k = pos[key]++;
		j->arc[k] = (uint32_t)i;
	}
	free(pos);
}

static void
freeadj(struct adj *j)
{
	free(j->beg);
	free(j->arc);
	memset(j, 0, sizeof(*j));
}

/*
 * gprof's cg_tally over the raw arcs, in their order; then, as gprof's
 * find_call, the static arcs of count 0 (gp-sym -c puts them last).
 * With take, the raw layer's arcs are taken from it and the tally's arcs
 * are kept in their place: arc k is written over raw arc k or a later
 * one (16 bytes over 24) once read, so a raw arc is never written over
 * before it is read, and the memory is had once.
 */
static void
tally(struct an *g, struct gp_raw *raw, int take)
{
	const struct gp_sym *ps, *cs;
	const struct gp_arc *arcs;
	struct gp_arc r, *taken;
	struct gp_symidx x;
	size_t i, n;
	int inclempty = gp_tables_empty(g->tb, GP_INCL_ARCS);

	gp_symidx_make(&x, g->st);
	if (take) {
		arcs = taken = gp_raw_takearcs(raw, &n);
		an_arc_begin(g, n, taken, n * sizeof(*taken));
	} else {
		arcs = raw->arcs;
		n = raw->narcs;
		an_arc_begin(g, n, NULL, 0);
	}
	for (i = 0; i < n; i++) {
		memcpy(&r, &arcs[i], sizeof(r));
		ps = gp_symidx_lookup(&x, r.from);
		cs = gp_symidx_lookup(&x, r.self);
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
		if (r.count != 0 &&
		    !gp_tables_arc(g->tb, GP_INCL_ARCS, ps, cs) &&
		    !(inclempty && !gp_tables_arc(g->tb, GP_EXCL_ARCS, ps, cs)))
			continue;
		g->n[cs - g->st->syms].ncalls += r.count;
		an_arc_add(g, ps - g->st->syms, cs - g->st->syms, r.count);
	}
	an_arc_end(g);
	gp_symidx_free(&x);
}

/* cg_tally over the measured arcs instead (analysis/measured.h). */
static void
tally_measured(struct an *g, const struct gp_meas *m)
{
	const struct gp_marc *a;
	const struct gp_sym *ps, *cs;
	size_t i;
	int keep, inclempty = gp_tables_empty(g->tb, GP_INCL_ARCS);

	an_arc_begin(g, m->narcs, NULL, 0);
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
		an_arc_add(g, a->parent, a->child, a->count);
	}
	an_arc_end(g);
	/*
	 * Calls from code that is not instrumented (a thread's start
	 * routine, a callback from a library): counted, no caller shown.
	 */
	for (i = 0; i < m->nsyms; i++) {
		g->n[i].ncalls += m->spontc[i];
		g->n[i].spontc = m->spontc[i];
	}
}

/*
 * The analysis results into the layer's model; with a writer w, written
 * to it as they are made, the arcs not kept.
 */
static struct gp_graph *
model(struct an *g, const struct gp_prof *p, const size_t *order,
    int callgraph, struct gp_writer *w)
{
	struct gp_graph *gr;
	struct gp_tables *flat;
	struct gp_node *nd;
	struct gp_carc *ca, one;
	struct rk *rv, *tmp;
	size_t *v, i, k, m, cnt, most;
	const struct anode *an;
	pthread_t t;
	int together;

	gr = gp_xcalloc(1, sizeof(*gr));
	gr->callgraph = callgraph;
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
		an_msort(v, cnt, an_cmp_member_desc, g);
		for (k = 0; k < cnt; k++)
			gr->nodes[gr->bysym[v[k]]].member = k + 1;
	}
	free(v);
	gr->narcs = g->na;
	if (w != NULL)
		an_emit_nodes(gr, w);

	/*
	 * The arcs, with their places among parents and children: by
	 * parent position, then place among the parent's children, each
	 * parent's sorted and written in turn.  On a large graph kept in
	 * memory, the parents are ranked by a second thread meanwhile (it
	 * writes each arc's inchild, over the parent, which the children's
	 * ranking does not read); each arc's place among its child's
	 * parents is then read once both are done.
	 */
	together = w == NULL && g->na >= RANK_THREADARCS &&
	    sysconf(_SC_NPROCESSORS_ONLN) > 1 &&
	    pthread_create(&t, NULL, rank_parents, g) == 0;
	if (!together) {
		an_rank_parents(g);
		freeadj(&g->pars);
	}
	if (w == NULL)
		gr->arcs = gp_xcalloc(g->na + 1, sizeof(*gr->arcs));
	most = an_rank_most(g, &g->kids);
	rv = gp_xcalloc(most + 1, sizeof(*rv));
	tmp = gp_xcalloc(most + 1, sizeof(*tmp));
	ca = w == NULL ? gr->arcs : &one;
	for (k = 0; k < g->nn; k++) {
		if (order[k] >= g->nsyms)
			continue;
		cnt = an_rank_node(g, &g->kids, order[k], 1, rv, tmp);
		for (m = 0; m < cnt; m++) {
			i = rv[m].arc;
			ca->parent = k;
			ca->child = gr->bysym[g->a[i].child];
			ca->count = g->a[i].count;
			ca->time = g->at[i].time;
			ca->child_time = g->at[i].ctime;
			ca->inparent = m + 1;
			/* the arc, until its place is known */
			ca->inchild = together ? i : g->a[i].inchild;
			if (w != NULL)
				an_emit_carc(ca, w);
			else
				ca++;
		}
	}
	if (together) {
		if ((errno = pthread_join(t, NULL)) != 0)
			err(1, "pthread_join");
		freeadj(&g->pars);
		for (ca = gr->arcs; ca < gr->arcs + g->na; ca++)
			ca->inchild = g->a[ca->inchild].inchild;
	}
	freeadj(&g->kids);
	free(rv);
	free(tmp);
	return gr;
}

/* an_rank_parents() in a thread of its own. */
static void *
rank_parents(void *g)
{
	an_rank_parents(g);
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

static void
graph_make(struct gp_prof *p, const struct gp_specs *user,
    struct gp_writer *w)
{
	struct gp_specs specs;
	struct an g;
	struct gp_graph *gr;
	const struct gp_meas *m;
	size_t *ts, *order, *cnt, i, k;
	const char *msg;
	int callgraph = 0;

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
	g.nsyms = GP_NSYMS(p->sym);	/* other objects' too (analysis/measured.h) */
	g.nn = g.nsyms;
	g.tb = gp_tables_make(&specs, p->sym);
	g.n = gp_xcalloc(g.nsyms + 1, sizeof(*g.n));
	for (i = 0; i < g.nsyms; i++)
		g.n[i].time = p->credit->time[i];
	m = gp_meas_get(p);
	/*
	 * gprof's INPUT_CALL_GRAPH: a BSD file, or arcs read from a file;
	 * arcs of count 0 are gp-sym -c's, not read from any file.
	 */
	for (i = 0; i < p->raw->narcs && !callgraph; i++)
		if (p->raw->arcs[i].count != 0)
			callgraph = 1;
	for (i = 0; i < p->raw->nfiles; i++)
		if (p->raw->files[i].layout != GP_GNU)
			callgraph = 1;
	/* measured calls, if only from code without hooks (main's) */
	if (m != NULL && m->narcs > 0)
		callgraph = 1;
	for (i = 0; m != NULL && i < m->nsyms && !callgraph; i++)
		if (m->spontc[i] > 0)
			callgraph = 1;
	/* Writing the layer, the raw arcs are no longer needed once tallied. */
	if (m != NULL) {
		tally_measured(&g, m);
		if (w != NULL)
			gp_raw_droparcs(p->raw);
	} else
		tally(&g, p->raw, w != NULL);
	g.at = gp_xcalloc(g.na + 1, sizeof(*g.at));
	mkadj(&g, &g.kids, 0);
	mkadj(&g, &g.pars, 1);

	/* cg_assemble; one arc at most from a symbol to itself */
	for (i = 0; i < g.na; i++)
		if (g.a[i].parent == g.a[i].child) {
			g.n[g.a[i].parent].ncalls -= g.a[i].count;
			g.n[g.a[i].parent].selfc = g.a[i].count;
		}
	for (i = 0; i < g.nsyms; i++) {
		struct anode *n = &g.n[i];

		n->ctime = 0.0;
		n->fract = n->pself = n->pchild = 0.0;
		n->print = 0;
		n->top = DFN_NAN;
		n->cyc = 0;
		n->head = i;
		n->next = NONE;
	}
	an_dfn(&g);
	an_cycle_link(&g);

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

	an_propagate_flags(&g, ts);
	an_cycle_time(&g);
	if (m != NULL)
		an_measured_time(&g, m, p->credit->hz);
	else
		for (i = 0; i < g.nsyms; i++)
			an_propagate_time(&g, ts[i]);
	free(ts);

	order = gp_xcalloc(g.nn + 1, sizeof(*order));
	for (i = 0; i < g.nn; i++)
		order[i] = i;
	an_msort(order, g.nn, an_cmp_total, &g);

	gr = model(&g, p, order, callgraph, w);
	free(order);
	free(g.n);
	free(g.a);
	free(g.at);
	g.a = NULL;
	g.at = NULL;
	/* Written, the arcs are not kept: no lists to link. */
	if (w == NULL && (msg = an_link_lists(gr, &k)) != NULL)
		errx(1, "internal error: %s", msg);
	free(g.hash);
	freeadj(&g.kids);
	freeadj(&g.pars);
	gp_tables_free(g.tb);
	gp_specs_free(&specs);
	gp_graph_free(p->graph);
	p->graph = gr;
}

void
gp_graph_make(struct gp_prof *p, const struct gp_specs *user)
{
	graph_make(p, user, NULL);
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
		if (o != NULL && o->emit != NULL)
			gp_credit_emit(p, o->emit);
	} else
		gp_credit_check(p);
	if (p->graph == NULL || made || (m & ~flat)) {
		graph_make(p, s, o != NULL ? o->emit : NULL);
		made |= GP_L_GRAPH;
	} else
		gp_graph_check(p);
	return made;
}

