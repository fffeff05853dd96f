/*
 * The orders gprof's call graph is printed in: entries by cmp_total,
 * cycle members by cmp_member, and each node's parents and children as
 * sort_parents and sort_children place them.
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

/* gprof's cmp_total; a tie between two cycles keeps their order. */
int
an_cmp_total(size_t l, size_t r, const void *ctx)
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
int
an_cmp_member_desc(size_t l, size_t r, const void *ctx)
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

/* The most arcs of one node in the lists j. */
size_t
an_rank_most(const struct an *g, const struct adj *j)
{
	size_t k, most;

	for (k = 0, most = 0; k < g->nsyms; k++)
		if (j->beg[k + 1] - j->beg[k] > most)
			most = j->beg[k + 1] - j->beg[k];
	return most;
}

/*
 * The arcs of node k in the lists j, in the order gprof prints them, into
 * v (tmp: scratch), both of an_rank_most()'s size; returns how many.
 */
size_t
an_rank_node(const struct an *g, const struct adj *j, size_t k, int desc,
    struct rk *v, struct rk *tmp)
{
	const struct aarc *a;
	size_t i, b, n, par, chi;
	unsigned pc, cc;
	int kids = j == &g->kids;

	b = j->beg[k];
	n = j->beg[k + 1] - b;
	for (i = 0; i < n; i++) {
		/* k is one end: the kids lists' arcs' parents are theirs */
		a = &g->a[j->arc[b + i]];
		par = kids ? k : a->parent;
		chi = kids ? a->child : k;
		pc = g->n[par].cyc;
		cc = g->n[chi].cyc;
		v[i].arc = j->arc[b + i];
		v[i].count = a->count;
		v[i].t = g->at[j->arc[b + i]].time +
		    g->at[j->arc[b + i]].ctime;
		if (par == chi)
			v[i].cls = 0;
		else if (pc != 0 && cc != 0 && pc == cc)
			v[i].cls = 1;
		else
			v[i].cls = 2;
	}
	rksort(v, tmp, n, desc);
	return n;
}

/* an_rank_parents(): graphan.h. */
void
an_rank_parents(struct an *g)
{
	struct rk *v, *tmp;
	size_t i, k, n, most;

	most = an_rank_most(g, &g->pars);
	v = gp_xcalloc(most + 1, sizeof(*v));
	tmp = gp_xcalloc(most + 1, sizeof(*tmp));
	/* A node's parents' arcs read whole, then written. */
	for (k = 0; k < g->nsyms; k++) {
		n = an_rank_node(g, &g->pars, k, 0, v, tmp);
		for (i = 0; i < n; i++)
			g->a[v[i].arc].inchild = (uint32_t)(i + 1);
	}
	free(v);
	free(tmp);
}
