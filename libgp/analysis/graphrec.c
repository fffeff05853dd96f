/*
 * The graph layer's stream records (graph, node, carc: gp-stream(5)):
 * written from the model, loaded back and checked to be whole.
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

/* Fill each node's lists from the ranks; NULL if fine, else a message. */
const char *
an_link_lists(struct gp_graph *gr, size_t *bad)
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
an_emit_nodes(const struct gp_graph *gr, struct gp_writer *w)
{
	const struct gp_node *nd;
	char fl[8];
	size_t k;

	gp_wrecf(w, "graph", "duuuu", gr->print_time, (uint64_t)gr->ncycles,
	    (uint64_t)gr->nnodes, (uint64_t)gr->narcs,
	    (uint64_t)gr->callgraph);
	for (k = 0; k < gr->nnodes; k++) {
		nd = &gr->nodes[k];
		gp_wkind(w, "node");
		gp_wu64(w, k + 1);
		if (nd->sym == GP_NOSYM)
			gp_wraw(w, "");
		else
			gp_wu64(w, nd->sym);
		flagstr(fl, nd->flags);
		gp_wfields(w, "uuuddddrud", (uint64_t)nd->cycle, nd->ncalls,
		    nd->self_calls, nd->time, nd->child_time, nd->prop_self,
		    nd->prop_child, fl, (uint64_t)nd->member, nd->fract);
		gp_weol(w);
	}
}

void
an_emit_carc(const struct gp_carc *ca, struct gp_writer *w)
{
	/* Field by field: a record a call arc, on the hot path. */
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

void
gp_graph_emit(const struct gp_prof *p, struct gp_writer *w)
{
	const struct gp_graph *gr = p->graph;
	size_t k;

	an_emit_nodes(gr, w);
	for (k = 0; k < gr->narcs; k++)
		an_emit_carc(&gr->arcs[k], w);
}

/* Room for one more of n items in *vp (and in *lp, line numbers). */
static void
grow(void **vp, long **lp, size_t n, size_t *cap, size_t size, size_t claim)
{
	size_t c = *cap;

	if (n < c)
		return;
	/*
	 * The first time, room for what the graph record claims, up to a
	 * million (a large graph's records then copied nowhere; pages not
	 * written cost nothing), then doubled; no room past the claim
	 * (n < claim).
	 */
	c = c ? 2 * c : claim < (1 << 20) ? claim : (1 << 20);
	if (c > claim)
		c = claim;
	if ((*vp = reallocarray(*vp, c, size)) == NULL ||
	    (*lp = reallocarray(*lp, c, sizeof(**lp))) == NULL)
		err(1, NULL);
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
		    &gr->ncap, sizeof(*gr->nodes), gr->nnodes);
		v = gp_fu64(rec, 1);
		if (v != gr->nloaded + 1)
			gp_recerr(rec, "index %ju out of order: expected %zu",
			    (uintmax_t)v, gr->nloaded + 1);
		nd = &gr->nodes[gr->nloaded];
		memset(nd, 0, sizeof(*nd));
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
		    &gr->acap, sizeof(*gr->arcs), gr->narcs);
		ca = &gr->arcs[gr->aloaded];
		memset(ca, 0, sizeof(*ca));
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
	if ((msg = an_link_lists(gr, &bad)) != NULL) {
		if (bad < gr->narcs)
			errx(1, "%s:%ld: carc: %s", gr->src, gr->arcline[bad],
			    msg);
		errx(1, "%s:%ld: node: %s", gr->src,
		    gr->nodeline[(size_t)-1 - bad], msg);
	}
}
