/*
 * The collectors' blocks of a companion file (GP_COLL_* of
 * <gp/companion.h>): the cct collector's calling-context trees and the
 * trace collector's rings of call events, read and checked, the trees'
 * inclusive times made, and the trees of several threads merged.
 */
#include <err.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gp/plugin.h>

#include "gprt/compread.h"
#include "stream/stream.h"

/*
 * A collector's block (kind: "cct") names its thread, and is the first
 * of that kind for it (not again).
 */
static void
onethread(const struct rd *r, uint64_t off, const char *kind,
    uint64_t thread, int again)
{
	if (thread == 0)
		gp_gprt_bad(r, off, "%s block of no thread", kind);
	if (again)
		gp_gprt_bad(r, off, "second %s block of thread %" PRIu64, kind,
		    thread);
}

/* A COLL block of kind GP_COLL_CCT: a thread's calling-context tree. */
void
gp_gprt_cctblock(const struct rd *r, struct gp_gprt *g, struct cinfo **ci,
    uint64_t off, uint64_t thread, uint64_t size)
{
	struct gp_gprt_cct *c;
	struct gp_gprt_cnode *x;
	uint64_t p, n, cap, i, k;

	p = off + BLKSZ;
	if (size - BLKSZ < sizeof(struct gp_cct))
		gp_gprt_bad(r, off, "cct block too short");
	n = F64(p, struct gp_cct, n);
	cap = F64(p, struct gp_cct, cap);
	if (cap > (size - BLKSZ - sizeof(struct gp_cct)) /
	    sizeof(struct gp_cctnode) || n > cap || n == 0)
		gp_gprt_bad(r, off, "cct block: %" PRIu64 " of %" PRIu64 " nodes do "
		    "not fit", n, cap);
	for (i = 0; i < g->ncct && g->ccts[i].thread != thread; i++)
		;
	onethread(r, off, "cct", thread, i < g->ncct);
	g->ccts = gp_xreallocarray(g->ccts, g->ncct + 1, sizeof(*g->ccts));
	*ci = gp_xreallocarray(*ci, g->ncct + 1, sizeof(**ci));
	(*ci)[g->ncct].off = off;
	(*ci)[g->ncct].cur = F64(p, struct gp_cct, cur);
	(*ci)[g->ncct].last = F64(p, struct gp_cct, last);
	(*ci)[g->ncct].limit = F64(p, struct gp_cct, limit);
	if ((*ci)[g->ncct].cur >= n)
		gp_gprt_bad(r, p + offsetof(struct gp_cct, cur), "running node %"
		    PRIu64 " of %" PRIu64, (*ci)[g->ncct].cur, n);
	c = &g->ccts[g->ncct++];
	c->thread = thread;
	c->n = n;
	c->nodes = gp_xcalloc(n, sizeof(*c->nodes));
	for (i = 1; i < n; i++) {
		k = p + sizeof(struct gp_cct) + i * sizeof(struct gp_cctnode);
		x = &c->nodes[i];
		x->parent = F64(k, struct gp_cctnode, parent);
		if (x->parent >= i)
			gp_gprt_bad(r, k, "cct node %" PRIu64 ": parent %" PRIu64
			    " not before it", i, x->parent);
		x->fn = F64(k, struct gp_cctnode, fn);
		x->site = F64(k, struct gp_cctnode, site);
		x->count = F64(k, struct gp_cctnode, count);
		x->self = F64(k, struct gp_cctnode, self);
	}
}

/* Has thread slot `thread' ended, or called exit(3): no more events? */
static int
ended(const struct gp_gprt *g, uint64_t thread)
{
	size_t i;

	for (i = g->nthreads; i-- > 0;)
		if (g->threads[i].slot == thread)
			return g->threads[i].state == GPRT_T_EXITED;
	return 0;
}

/* A COLL block of kind GP_COLL_TRACE: a thread's ring of call events. */
void
gp_gprt_traceblock(const struct rd *r, struct gp_gprt *g, uint64_t off,
    uint64_t thread, uint64_t size)
{
	struct gp_gprt_trace *t;
	struct gp_gprt_tev *e;
	uint64_t p, head, cap, from, keep, i, k;

	p = off + BLKSZ;
	if (size - BLKSZ < sizeof(struct gp_trace))
		gp_gprt_bad(r, off, "trace block too short");
	head = F64(p, struct gp_trace, head);
	cap = F64(p, struct gp_trace, cap);
	if (cap == 0 || (cap & (cap - 1)) != 0 ||
	    cap > (size - BLKSZ - sizeof(struct gp_trace)) /
	    sizeof(struct gp_tevent))
		gp_gprt_bad(r, off, "trace block: a ring of %" PRIu64 " events does "
		    "not fit", cap);
	for (i = 0; i < g->ntrace && g->traces[i].thread != thread; i++)
		;
	onethread(r, off, "trace", thread, i < g->ntrace);
	g->traces = gp_xreallocarray(g->traces, g->ntrace + 1,
	    sizeof(*g->traces));
	t = &g->traces[g->ntrace++];
	memset(t, 0, sizeof(*t));
	t->thread = thread;
	t->first = F64(p, struct gp_trace, first) != 0;
	t->depth = F64(p, struct gp_trace, depth);
	if (t->first) {
		from = 0;
		keep = head < cap ? head : cap;
	} else if (head <= cap) {
		from = 0;
		keep = head;
	} else if (ended(g, thread)) {
		/* no event being written: the whole ring */
		from = head - cap;
		keep = cap;
	} else {
		/* the oldest slot may be the one being written */
		from = head - cap + 1;
		keep = cap - 1;
	}
	t->lost = head - keep;
	t->ev = gp_xcalloc(keep, sizeof(*t->ev));
	for (i = 0; i < keep; i++) {
		k = p + sizeof(struct gp_trace) + ((from + i) & (cap - 1)) *
		    sizeof(struct gp_tevent);
		e = &t->ev[t->n];
		e->seq = from + i;
		e->ticks = F64(k, struct gp_tevent, ticks);
		e->fn = F64(k, struct gp_tevent, fn);
		e->site = F64(k, struct gp_tevent, site);
		e->kind = get32(r, k + offsetof(struct gp_tevent, kind));
		e->depth = get32(r, k + offsetof(struct gp_tevent, depth));
		if (e->kind != GP_EV_ENTER && e->kind != GP_EV_LEAVE)
			gp_gprt_bad(r, k, "trace event of kind %" PRIu32, e->kind);
		t->n++;
	}
}

/*
 * The trees' last moments (the time since the last event, the running
 * node's, up to when the reader closed the thread's open calls) and the
 * inclusive times: each node's self and its subtree's.
 */
void
gp_gprt_cctfinish(const struct rd *r, struct gp_gprt *g, const struct tinfo *ti,
    const struct cinfo *ci)
{
	struct gp_gprt_cct *c;
	struct gp_gprt_cnode *x;
	size_t i, j;
	uint64_t k;

	for (i = 0; i < g->ncct; i++) {
		c = &g->ccts[i];
		for (j = 0; j < g->nthreads; j++)
			if (g->threads[j].slot == c->thread)
				break;
		if (j == g->nthreads)
			gp_gprt_bad(r, ci[i].off, "cct block of thread %" PRIu64
			    ", which has no record", c->thread);
		if (ci[i].cur != 0 && ti[j].depth > 0 &&
		    ti[j].closed > ci[i].last)
			c->nodes[ci[i].cur].self += ti[j].closed - ci[i].last;
		for (k = c->n; k-- > 1;) {
			x = &c->nodes[k];
			if (x->incl > UINT64_MAX - x->self)
				gp_gprt_bad(r, ci[i].off, "cct node %" PRIu64 ": times "
				    "beyond 2^64 ticks", k);
			x->incl += x->self;
			if (c->nodes[x->parent].incl > UINT64_MAX - x->incl)
				gp_gprt_bad(r, ci[i].off, "cct node %" PRIu64 ": times "
				    "beyond 2^64 ticks", k);
			c->nodes[x->parent].incl += x->incl;
		}
	}
}

/*
 * The calls that went to truncated nodes (no function: the tree had
 * reached its limit), one line per thread that has any: never silent,
 * for the flame graphs made of the tree show them as one frame.
 */
void
gp_gprt_ccttrunc(const struct rd *r, const struct gp_gprt *g,
    const struct cinfo *ci)
{
	const struct gp_gprt_cct *c;
	uint64_t calls, ticks, k;
	size_t i;

	for (i = 0; i < g->ncct; i++) {
		c = &g->ccts[i];
		calls = ticks = 0;
		for (k = 1; k < c->n; k++)
			if (c->nodes[k].fn == 0) {
				calls += c->nodes[k].count;
				ticks += c->nodes[k].incl;
			}
		if (calls == 0)
			continue;
		warnx("%s: thread %" PRIu64 ": %" PRIu64 " calls (%.6g s) went "
		    "to truncated calling contexts: the tree reached its %"
		    PRIu64 " nodes (GPRT_CCT_NODES raises the limit)", r->path,
		    c->thread, calls, g->rate > 0 ? (double)ticks / g->rate : 0,
		    ci[i].limit);
	}
}

/*
 * The threads' calling-context trees as one, thread 0's: the nodes of the
 * same function reached through the same call site from the same merged
 * node add up.  Parents still come before children.
 */
void
gp_gprt_mergecct(struct gp_gprt *g)
{
	struct gp_gprt_cct m;
	struct gp_gprt_cnode *x, *y;
	size_t i, k, total, cap, *hash, *map, h, mask;

	if (g->ncct == 0)
		return;
	for (total = 1, i = 0; i < g->ncct; i++)
		total += g->ccts[i].n;
	for (cap = 64; cap < 2 * total; cap *= 2)
		continue;
	mask = cap - 1;
	hash = gp_xcalloc(cap, sizeof(*hash));	/* 0: free; node 0 is no key */
	memset(&m, 0, sizeof(m));
	m.nodes = gp_xcalloc(total, sizeof(*m.nodes));
	m.n = 1;
	for (i = 0; i < g->ncct; i++) {
		map = gp_xcalloc(g->ccts[i].n, sizeof(*map));
		for (k = 1; k < g->ccts[i].n; k++) {
			x = &g->ccts[i].nodes[k];
			h = (size_t)((map[x->parent] * 0x9e3779b97f4a7c15u) ^
			    x->fn ^ (x->site * 0xff51afd7ed558ccdu));
			for (h = (h ^ h >> 29) & mask; hash[h] != 0;
			    h = (h + 1) & mask) {
				y = &m.nodes[hash[h]];
				if (y->parent == map[x->parent] &&
				    y->fn == x->fn && y->site == x->site)
					break;
			}
			if (hash[h] == 0) {
				hash[h] = m.n;
				y = &m.nodes[m.n++];
				y->parent = map[x->parent];
				y->fn = x->fn;
				y->site = x->site;
			}
			y = &m.nodes[hash[h]];
			y->count += x->count;
			y->self += x->self;
			y->incl += x->incl;
			map[k] = hash[h];
		}
		free(map);
		free(g->ccts[i].nodes);
	}
	free(hash);
	g->ccts[0] = m;
	g->ncct = 1;
}

