/*
 * Which functions are a cycle's members: gprof's depth-first numbering
 * of the call graph (cg_dfn) and its cycle_link, which numbers the
 * cycles and makes their header nodes, reproduced as graph.c says.
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

void
an_dfn(struct an *g)
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
			c = g->a[g->kids.arc[a]].child;
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
void
an_cycle_link(struct an *g)
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
				size_t p = g->a[g->pars.arc[a]].parent;

				if (p == m)
					continue;
				if (g->n[p].cyc == num)
					h->selfc += g->a[g->pars.arc[a]].count;
				else
					h->ncalls += g->a[g->pars.arc[a]].count;
			}
		}
	}
}

