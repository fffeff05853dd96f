/*
 * svg: the call-graph mode (type=graph) of the svg format; see svg.c.
 */
#include <inttypes.h>
#include <stddef.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gp/plugin.h>

#include "common.h"
#include "svg.h"

/* ------------------------------------------------------------------ */
/* Call graph.                                                         */

#define BOXH		44
#define RANKGAP		56
#define BOXGAP		16

struct gnode {
	const struct gp_pfunc *f;
	int		 rank;
	double		 order;		/* place in its rank */
	double		 x, w;		/* left edge and width */
	char		 l1[64];	/* "12.34% (5.67%)" */
	char		 l2[48];	/* "20+5 calls" */
};

static int
byrankorder(const void *a, const void *b)
{
	const struct gnode *const *x = a, *const *y = b;

	if ((*x)->rank != (*y)->rank)
		return (*x)->rank - (*y)->rank;
	return (*x)->order < (*y)->order ? -1 : (*x)->order > (*y)->order;
}

/*
 * Ranks: the longest chain of calls down from a function nobody calls,
 * leaving out the calls that go back up a chain (recursion, cycles),
 * which a depth-first search finds.
 */
static int
ranks(const struct gp_profile *p, const struct pos *pv, const long *gi,
    struct gnode *gv, size_t n)
{
	size_t *first, *to, *indeg, *order, *stack, *next, i, k, m, sp, no;
	unsigned char *state;		/* 0 new, 1 on the stack, 2 done */
	const struct gp_parc *a;
	long u, v;
	int rv = -1;

	first = calloc(n + 2, sizeof(*first));
	to = calloc(p->narcs + 1, sizeof(*to));
	indeg = calloc(n + 1, sizeof(*indeg));
	order = calloc(n + 1, sizeof(*order));
	stack = calloc(n + 1, sizeof(*stack));
	next = calloc(n + 1, sizeof(*next));
	state = calloc(n + 1, 1);
	if (first == NULL || to == NULL || indeg == NULL || order == NULL ||
	    stack == NULL || next == NULL || state == NULL)
		goto done;
	/* The arcs between drawn functions, by caller (CSR). */
	for (i = 0; i < p->narcs; i++) {
		a = p->arcs[i];
		u = pos_find(pv, p->nfuncs, a->caller);
		v = pos_find(pv, p->nfuncs, a->callee);
		if (a->caller != a->callee && u >= 0 && v >= 0 &&
		    gi[u] >= 0 && gi[v] >= 0)
			first[gi[u] + 1]++;
	}
	for (i = 0; i < n; i++)
		first[i + 1] += first[i];
	memcpy(next, first, n * sizeof(*next));
	for (i = 0; i < p->narcs; i++) {
		a = p->arcs[i];
		u = pos_find(pv, p->nfuncs, a->caller);
		v = pos_find(pv, p->nfuncs, a->callee);
		if (a->caller != a->callee && u >= 0 && v >= 0 &&
		    gi[u] >= 0 && gi[v] >= 0) {
			to[next[gi[u]]++] = (size_t)gi[v];
			indeg[gi[v]]++;
		}
	}
	/* Depth first, from the roots first; postorder into order[]. */
	no = 0;
	for (m = 0; m < 2; m++)
		for (i = 0; i < n; i++) {
			if (state[i] != 0 || (m == 0 && indeg[i] != 0))
				continue;
			sp = 0;
			stack[sp++] = i;
			state[i] = 1;
			next[i] = first[i];
			while (sp > 0) {
				k = stack[sp - 1];
				if (next[k] < first[k + 1]) {
					v = (long)to[next[k]++];
					if (state[v] == 0) {
						state[v] = 1;
						next[v] = first[v];
						stack[sp++] = (size_t)v;
					}
					continue;
				}
				state[k] = 2;
				order[no++] = k;
				sp--;
			}
		}
	/*
	 * Reverse postorder is a topological order once back arcs (to a
	 * later place in it... an earlier one in postorder) are left out.
	 */
	for (i = 0; i < n; i++)
		next[order[i]] = i;		/* place in postorder */
	for (m = n; m-- > 0;) {
		k = order[m];
		for (i = first[k]; i < first[k + 1]; i++) {
			v = (long)to[i];
			if (next[v] < next[k] && gv[v].rank < gv[k].rank + 1)
				gv[v].rank = gv[k].rank + 1;
		}
	}
	rv = 0;
done:
	free(first);
	free(to);
	free(indeg);
	free(order);
	free(stack);
	free(next);
	free(state);
	return rv;
}

int
graph(struct gp_ctx *ctx, const struct gp_profile *p, FILE *out)
{
	double nthres = 0.5, ethres = 0.1, base, t, x, width, height;
	struct gnode *gv, **byrank;
	struct pos *pv;
	long *gi, from, to;
	const struct gp_parc *a;
	const struct gp_pfunc *f;
	size_t i, j, n, pass, rowstart;
	int maxrank, r;
	char fill[8], title[512];
	double *rowx;

	if (host->optnum(ctx, "node-thres", 0, 100, &nthres) == -1 ||
	    host->optnum(ctx, "edge-thres", 0, 100, &ethres) == -1)
		return -1;
	base = p->printtime > 0 ? p->printtime : p->total;
	gv = calloc(p->nfuncs + 1, sizeof(*gv));
	gi = calloc(p->nfuncs + 1, sizeof(*gi));
	byrank = calloc(p->nfuncs + 1, sizeof(*byrank));
	rowx = calloc(p->nfuncs + 2, sizeof(*rowx));
	pv = pos_make((const void *const *)p->funcs, p->nfuncs);
	if (gv == NULL || gi == NULL || byrank == NULL || rowx == NULL ||
	    pv == NULL) {
		free(gv);
		free(gi);
		free(byrank);
		free(rowx);
		free(pv);
		host->error(ctx, "out of memory");
		return -1;
	}

	/* The functions drawn, as in the dot format. */
	for (n = i = 0; i < p->nfuncs; i++) {
		f = p->funcs[i];
		gi[i] = -1;
		if (f->iscycle)
			continue;
		t = base > 0 ? 100 * (f->propself + f->child) / base : 100;
		if (t < nthres || (f->calls == 0 && f->ncallees == 0 &&
		    !(f->samples > 0)))
			continue;
		gv[n].f = f;
		gi[i] = (long)n;
		snprintf(gv[n].l1, sizeof(gv[n].l1), "%.2f%% (%.2f%%)",
		    base > 0 ? 100 * (f->propself + f->child) / base : 0.0,
		    base > 0 ? 100 * f->propself / base : 0.0);
		if (f->selfcalls > 0)
			snprintf(gv[n].l2, sizeof(gv[n].l2), "%" PRIu64 "+%"
			    PRIu64 " calls", f->calls, f->selfcalls);
		else
			snprintf(gv[n].l2, sizeof(gv[n].l2), "%" PRIu64
			    " calls", f->calls);
		gv[n].w = 12 + CHARW * fmax(fmax(strlen(f->name),
		    strlen(gv[n].l1)), strlen(gv[n].l2));
		if (gv[n].w > 420)
			gv[n].w = 420;
		n++;
	}

	if (ranks(p, pv, gi, gv, n) == -1) {
		free(gv);
		free(gi);
		free(byrank);
		free(rowx);
		free(pv);
		host->error(ctx, "out of memory");
		return -1;
	}
	maxrank = 0;
	for (i = 0; i < n; i++) {
		gv[i].order = (double)i;
		if (gv[i].rank > maxrank)
			maxrank = gv[i].rank;
		byrank[i] = &gv[i];
	}
	/* Order each rank by the mean place of its callers, twice. */
	for (pass = 0; pass < 4; pass++) {
		qsort(byrank, n, sizeof(*byrank), byrankorder);
		for (i = 0; i < n; i++)
			byrank[i]->order = (double)i;
		for (i = 0; i < n; i++) {
			double sum = 0, cnt = 0;

			f = byrank[i]->f;
			for (j = 0; j < f->ncallers; j++) {
				from = pos_find(pv, p->nfuncs,
				    f->callers[j]->caller);
				if (from >= 0 && gi[from] >= 0 &&
				    gv[gi[from]].rank < byrank[i]->rank) {
					sum += gv[gi[from]].order;
					cnt++;
				}
			}
			if (cnt > 0)
				byrank[i]->order = sum / cnt + 0.001 * i;
		}
	}
	if (n > 1)
		qsort(byrank, n, sizeof(*byrank), byrankorder);

	/* Places: each rank centred. */
	width = 400;
	for (i = 0; i < n; i = j) {
		r = byrank[i]->rank;
		for (x = 0, j = i; j < n && byrank[j]->rank == r; j++)
			x += byrank[j]->w + BOXGAP;
		rowx[r] = x;
		if (x + 40 > width)
			width = x + 40;
	}
	for (i = 0; i < n; i = j) {
		r = byrank[i]->rank;
		rowstart = i;
		x = (width - rowx[r]) / 2 + BOXGAP / 2;
		for (j = rowstart; j < n && byrank[j]->rank == r; j++) {
			byrank[j]->x = x;
			x += byrank[j]->w + BOXGAP;
		}
	}
	height = TOP + 30 + (maxrank + 1) * (BOXH + RANKGAP);

	snprintf(title, sizeof(title), "Call graph%s%s: %.2f %s; functions "
	    "under %g%%, arcs under %g%% left out", p->exe ? " of " : "",
	    p->exe ? p->exe : "", base, p->dimen ? p->dimen : "seconds",
	    nthres, ethres);
	if (width < 20 + 8.5 * strlen(title)) {
		/* Room for the title: centre the ranks again. */
		x = (20 + 8.5 * strlen(title) - width) / 2;
		width = 20 + 8.5 * strlen(title);
		for (i = 0; i < n; i++)
			gv[i].x += x;
	}
	header(out, width, height, title);
	fprintf(out, "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" "
	    "refX=\"10\" refY=\"5\" markerWidth=\"9\" markerHeight=\"9\" "
	    "markerUnits=\"userSpaceOnUse\" orient=\"auto-start-reverse\">"
	    "<path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"#444\"/></marker>"
	    "</defs>\n");

	/* Arrows first, under the boxes. */
	for (i = 0; i < p->narcs; i++) {
		const struct gnode *s, *d;
		double sx, sy, dx, dy, bend;
		int cyc;

		a = p->arcs[i];
		if (a->caller == a->callee)
			continue;
		from = pos_find(pv, p->nfuncs, a->caller);
		to = pos_find(pv, p->nfuncs, a->callee);
		if (from < 0 || to < 0 || gi[from] < 0 || gi[to] < 0)
			continue;
		t = base > 0 ? (a->self + a->child) / base : 0;
		cyc = a->caller->cycle != 0 &&
		    a->caller->cycle == a->callee->cycle;
		if (!cyc && base > 0 && 100 * t < ethres)
			continue;
		s = &gv[gi[from]];
		d = &gv[gi[to]];
		sx = s->x + s->w / 2;
		dx = d->x + d->w / 2;
		if (d->rank > s->rank) {
			sy = TOP + 20 + s->rank * (BOXH + RANKGAP) + BOXH;
			dy = TOP + 20 + d->rank * (BOXH + RANKGAP);
			bend = (dy - sy) / 2;
		} else {
			/* Back up (recursion, cycles): a loop on the side. */
			sy = TOP + 20 + s->rank * (BOXH + RANKGAP);
			dy = TOP + 20 + d->rank * (BOXH + RANKGAP) + BOXH;
			bend = -RANKGAP / 2 - 20;
		}
		heat_color(fill, t);
		fprintf(out, "<g><title>");
		xml_escape(out, a->caller->name);
		fputs(" \xe2\x86\x92 ", out);
		xml_escape(out, a->callee->name);
		fprintf(out, ": %" PRIu64 " calls, %.2f%%</title>",
		    a->count, 100 * t);
		fprintf(out, "<path d=\"M %.1f %.1f C %.1f %.1f, %.1f %.1f, "
		    "%.1f %.1f\" fill=\"none\" stroke=\"%s\" "
		    "stroke-width=\"%.2f\"%s marker-end=\"url(#arrow)\"/>",
		    sx, sy, sx, sy + bend, dx, dy - bend, dx, dy, fill,
		    0.8 + 5 * sqrt(t), cyc ? " stroke-dasharray=\"4 3\"" : "");
		fprintf(out, "<text class=\"n\" x=\"%.1f\" y=\"%.1f\">%"
		    PRIu64 "\xc3\x97</text></g>\n", (sx + dx) / 2 + 4,
		    (sy + dy) / 2, a->count);
	}
	for (i = 0; i < n; i++) {
		const struct gnode *g = &gv[i];
		double y;

		y = TOP + 20 + g->rank * (BOXH + RANKGAP);
		t = base > 0 ? (g->f->propself + g->f->child) / base : 0;
		heat_color(fill, t);
		fprintf(out, "<g><title>");
		xml_escape(out, g->f->name);
		fprintf(out, ": %.2f %s self, %.2f %s in descendants</title>",
		    g->f->propself, p->dimen ? p->dimen : "seconds",
		    g->f->child, p->dimen ? p->dimen : "seconds");
		fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		    "height=\"%d\" rx=\"5\" fill=\"%s\" fill-opacity=\"0.35\" "
		    "stroke=\"%s\"/>", g->x, y, g->w, BOXH, fill, fill);
		label(out, g->x + 6, y + 14, g->w, g->f->name);
		label(out, g->x + 6, y + 27, g->w, g->l1);
		label(out, g->x + 6, y + 40, g->w, g->l2);
		fprintf(out, "</g>\n");
	}
	fprintf(out, "</svg>\n");
	free(gv);
	free(gi);
	free(byrank);
	free(rowx);
	free(pv);
	return 0;
}

