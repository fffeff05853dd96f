/*
 * gp-fmt: the report from the stream's symbol, credit and graph layers.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/profile.h"
#include "sym/symtab.h"
#include "analysis/credit.h"
#include "analysis/graph.h"
#include "analysis/measured.h"
#include "gprt/runtime.h"
#include "fmt.h"

static void	 fill(struct fent *, const struct gp_node *, size_t);

void
report_load(struct report *rp, struct gp_prof *p, const struct gp_specs *sp,
    int consume)
{
	struct gp_opts go;
	const struct gp_symtab *st;
	const struct gp_credit *cr;
	struct gp_graph *g;
	const struct gp_node *n;
	struct fent *e, **mp;
	struct farc **ap;
	const char *src;	/* the graph's arcs, read before written over */
	void *np;
	size_t i, j, k, m;

	memset(&go, 0, sizeof(go));
	go.specs = sp != NULL && sp->n > 0 ? sp : NULL;
	gp_analyse(p, &go);
	st = p->sym;
	cr = p->credit;
	g = p->graph;

	memset(rp, 0, sizeof(*rp));
	rp->have_hist = cr->nhist > 0;
	rp->have_cg = g->callgraph;
	rp->measured = p->rt != NULL && p->rt->narcs > 0;
	rp->uncounted = rp->measured && !gp_rt_counted(p->rt);
	rp->event = rp->measured && gp_rt_event(p->rt) != NULL;
	rp->hz = cr->hz;
	memcpy(rp->dimen, cr->dimen, sizeof(rp->dimen));
	rp->dimen[sizeof(rp->dimen) - 1] = '\0';
	rp->abbrev = cr->abbrev;
	rp->total_time = cr->total;
	rp->hist_scale = cr->scale;
	rp->print_time = g->print_time;

	rp->nsyms = GP_NSYMS(st);	/* other objects' too: analysis/measured.h */
	rp->syms = gp_xcalloc(rp->nsyms + 1, sizeof(*rp->syms));
	for (i = 0; i < rp->nsyms; i++) {
		e = &rp->syms[i];
		e->name = st->syms[i].name;
		e->dname = st->syms[i].dname;
		e->file = st->syms[i].file;
		e->line = st->syms[i].line;
		e->addr = st->syms[i].addr;
		e->is_func = (st->syms[i].flags & GP_SYM_FUNC) != 0;
		e->is_static = (st->syms[i].flags & GP_SYM_STATIC) != 0;
		e->time = i < cr->ntime ? cr->time[i] : 0.0;
		e->head = e;
	}
	rp->ncycles = g->ncycles;
	rp->cycles = gp_xcalloc(rp->ncycles + 1, sizeof(*rp->cycles));

	/* Every node is a symbol or a cycle: link them by index. */
	rp->ngraph = g->nnodes;
	rp->graph = gp_xcalloc(rp->ngraph + 1, sizeof(*rp->graph));
	for (i = 0; i < g->nnodes; i++) {
		n = &g->nodes[i];
		if (n->sym == GP_NOSYM) {
			if (n->cycle == 0 || n->cycle > rp->ncycles)
				errx(1, "graph node [%zu]: bad cycle %u", i + 1,
				    n->cycle);
			e = &rp->cycles[n->cycle - 1];
		} else {
			if (n->sym >= rp->nsyms)
				errx(1, "graph node [%zu]: bad symbol %zu",
				    i + 1, n->sym);
			e = &rp->syms[n->sym];
		}
		/* Without call-graph data gprof numbers nothing. */
		fill(e, n, g->callgraph ? i + 1 : 0);
		rp->graph[i] = e;
	}
	for (i = 0; i < rp->nsyms; i++) {
		e = &rp->syms[i];
		if (e->cycle != 0) {
			if ((size_t)e->cycle > rp->ncycles)
				errx(1, "symbol %s: bad cycle %d", e->name,
				    e->cycle);
			e->head = &rp->cycles[e->cycle - 1];
		}
	}
	for (i = 0; i < rp->ncycles; i++)
		if (rp->cycles[i].cycle == 0)
			errx(1, "cycle %zu has no graph node", i + 1);

	/*
	 * The arcs, and each entry's lists in printing order.  Consumed,
	 * the graph's arcs become the report's in their own memory: arc i
	 * is written over graph arc i (40 bytes over 56) once read, so no
	 * graph arc is written over before it is read.
	 */
	rp->narcs = g->narcs;
	src = (const char *)g->arcs;	/* NULL: no arcs */
	if (consume) {
		_Static_assert(sizeof(struct farc) <= sizeof(struct gp_carc),
		    "a report arc fits in a graph arc");
		rp->arcs = g->arcs != NULL ? (struct farc *)(void *)g->arcs :
		    gp_xcalloc(1, sizeof(*rp->arcs));
		g->arcs = NULL;
		g->narcs = 0;
	} else
		rp->arcs = gp_xcalloc(rp->narcs + 1, sizeof(*rp->arcs));
	for (i = 0; src != NULL && i < rp->narcs; i++) {
		struct gp_carc c;
		struct farc a;

		memcpy(&c, src + i * sizeof(c), sizeof(c));
		if (c.parent >= g->nnodes || c.child >= g->nnodes)
			errx(1, "graph arc %zu: no node [%zu] or [%zu]", i + 1,
			    c.parent + 1, c.child + 1);
		a.parent = rp->graph[c.parent];
		a.child = rp->graph[c.child];
		a.count = c.count;
		a.time = c.time;
		a.child_time = c.child_time;
		memcpy(&rp->arcs[i], &a, sizeof(a));
	}
	/* Their memory given back past the last report arc. */
	if (consume && (np = realloc(rp->arcs, (rp->narcs + 1) *
	    sizeof(*rp->arcs))) != NULL)
		rp->arcs = np;
	/*
	 * Each entry's lists, NULL-terminated, carved from two pools (one
	 * allocation per node costs more than the rest of the load on a
	 * line-level profile's hundred thousand symbols).
	 */
	for (i = k = m = 0; i < g->nnodes; i++) {
		k += g->nodes[i].nparents + g->nodes[i].nchildren + 2;
		m += g->nodes[i].nmembers + 1;
	}
	ap = rp->arcpool = gp_xcalloc(k + 1, sizeof(*ap));
	mp = rp->memberpool = gp_xcalloc(m + 1, sizeof(*mp));
	for (i = 0; i < g->nnodes; i++) {
		n = &g->nodes[i];
		e = rp->graph[i];
		e->nparents = n->nparents;
		e->parents = ap;
		for (j = 0; j < n->nparents; j++)
			e->parents[j] = &rp->arcs[n->parents[j]];
		ap += n->nparents + 1;
		e->nchildren = n->nchildren;
		e->children = ap;
		for (j = 0; j < n->nchildren; j++)
			e->children[j] = &rp->arcs[n->children[j]];
		ap += n->nchildren + 1;
		e->nmembers = n->nmembers;
		e->members = mp;
		for (j = 0; j < n->nmembers; j++)
			e->members[j] = rp->graph[n->members[j]];
		mp += n->nmembers + 1;
	}
}

void
report_free(struct report *rp)
{
	free(rp->syms);
	free(rp->cycles);
	free(rp->graph);
	free(rp->arcs);
	free(rp->arcpool);
	free(rp->memberpool);
	memset(rp, 0, sizeof(*rp));
}

static void
fill(struct fent *e, const struct gp_node *n, size_t index)
{
	e->index = (int)index;
	e->cycle = (int)n->cycle;
	e->print_flag = (n->flags & GP_N_PRINT) != 0;
	e->flat = (n->flags & GP_N_FLAT) != 0;
	e->ncalls = n->ncalls;
	e->self_calls = n->self_calls;
	e->child_time = n->child_time;
	e->prop_self = n->prop_self;
	e->prop_child = n->prop_child;
	if (n->sym == GP_NOSYM)
		e->time = n->time;
}

