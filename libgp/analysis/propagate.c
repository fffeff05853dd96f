/*
 * Time along the call graph: gprof's inherit_flags, propagate_flags,
 * cycle_time and propagate_time, and, for measured profiles, the
 * measured inclusive times in their place (analysis/measured.h).
 */
#include <err.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stream/stream.h"
#include "gmon/raw.h"
#include "analysis/credit.h"
#include "analysis/graphan.h"
#include "gprt/runtime.h"

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
			p = g->a[g->pars.arc[a]].parent;
			if (p == c)
				continue;
			n[c].print |= n[p].print;
			if (n[c].ncalls != 0)
				n[c].fract += n[p].fract *
				    ((double)g->a[g->pars.arc[a]].count / (double)n[c].ncalls);
		}
		n[c].fract += spontfract(g, c, c);
		return;
	}
	n[h].print = 0;
	n[h].fract = 0.0;
	for (m = n[h].next; m != NONE; m = n[m].next)
		for (a = g->pars.beg[m]; a < g->pars.beg[m + 1]; a++) {
			p = g->a[g->pars.arc[a]].parent;
			if (n[p].head == h)
				continue;
			n[h].print |= n[p].print;
			if (n[h].ncalls != 0)
				n[h].fract += n[p].fract *
				    ((double)g->a[g->pars.arc[a]].count / (double)n[h].ncalls);
		}
	for (m = n[h].next; m != NONE; m = n[m].next)
		n[h].fract += spontfract(g, h, m);
	for (m = h; m != NONE; m = n[m].next) {
		n[m].print = n[h].print;
		n[m].fract = n[h].fract;
	}
}

/* gprof's an_propagate_flags, from the topological top down. */
void
an_propagate_flags(struct an *g, const size_t *ts)
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
			if (an_tpass(g, GP_INCL_GRAPH, s))
				c->print = 1;
		} else if (!an_thas(g, GP_INCL_GRAPH, s) &&
		    an_thas(g, GP_EXCL_GRAPH, s))
			c->print = 0;
		if (c->fract == 0.0) {
			if (an_tpass(g, GP_INCL_TIME, s))
				c->fract = 1.0;
		} else if (!an_thas(g, GP_INCL_TIME, s) &&
		    an_thas(g, GP_EXCL_TIME, s))
			c->fract = 0.0;
		c->pself = c->time * c->fract;
		g->print_time += c->pself;
	}
}

/* gprof's cycle_time. */
void
an_cycle_time(struct an *g)
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
void
an_propagate_time(struct an *g, size_t p)
{
	struct anode *n = g->n, *par = &n[p];
	struct aarc *a;
	struct atime *t;
	size_t j, c;
	double share, pshare;

	if (par->fract == 0.0)
		return;
	for (j = g->kids.beg[p]; j < g->kids.beg[p + 1]; j++) {
		a = &g->a[g->kids.arc[j]];
		c = a->child;
		if (a->count == 0 || c == p || n[c].fract == 0)
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
		t = &g->at[g->kids.arc[j]];
		t->time = n[c].time *
		    ((double)a->count / (double)n[c].ncalls);
		t->ctime = n[c].ctime *
		    ((double)a->count / (double)n[c].ncalls);
		share = t->time + t->ctime;
		par->ctime += share;
		pshare = par->fract * share;
		par->pchild += pshare;
		t->time *= par->fract;
		t->ctime *= par->fract;
		if (par->head != p) {
			n[par->head].ctime += share;
			n[par->head].pchild += pshare;
		}
	}
}

/*
 * Measured times where gprof propagates estimates (analysis/measured.h): a node's
 * children are the inclusive time of its calls less its self time; a
 * cycle's, the inclusive time of the calls into it from outside less its
 * members' self time; a member's, the inclusive time of its calls out of
 * the cycle.  An arc's self and children are the callee's own time and
 * the rest on the calls along it.  Scaled by the fract of the node, or of
 * the arc's parent, as gprof scales what it propagates.
 */
void
an_measured_time(struct an *g, const struct gp_meas *m, double hz)
{
	struct anode *n = g->n;
	const struct gp_marc *ma;
	struct atime *a;
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
		    (k = an_arc_lookup(g, pa, ch)) == NONE)
			continue;
		a = &g->at[k];
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
	 * the total is the threads' time: with the self time of the
	 * functions no symbol covers (the kernel's, a stripped object's),
	 * which the inclusive times of their callers hold, as the flat
	 * profile's total does (gp_meas_credit); an entry above it is input
	 * that does not add up, shown as such.
	 */
	cut = !gp_tables_empty(g->tb, GP_INCL_TIME) ||
	    !gp_tables_empty(g->tb, GP_EXCL_TIME);
	if (!cut)
		g->print_time += m->lost * hz;
	for (i = 0; i < g->nn; i++) {
		n[i].ctime = fmax(0.0, n[i].ctime);
		n[i].pchild = n[i].fract * n[i].ctime;
		if (cut)
			g->print_time = fmax(g->print_time,
			    n[i].pself + n[i].pchild);
	}
}

