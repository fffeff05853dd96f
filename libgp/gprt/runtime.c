/*
 * The runtime layer (loading, writing back) and the measured analysis:
 * the gprt(3) runtime's measured call arcs resolved to the symbol layer's
 * functions, the executable's and the other objects' (measured.h).
 */
#include <gp/plugin.h>

#include <err.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/graph.h"
#include "analysis/credit.h"
#include "gprt/runtime.h"
#include "sym/symspec.h"
#include "sym/symtab.h"

#define NONE	((size_t)-1)

static void *
xreallocarray(void *p, size_t n, size_t size)
{
	if ((p = reallocarray(p, n ? n : 1, size)) == NULL)
		err(1, NULL);
	return p;
}

static void *
xcalloc(size_t n, size_t size)
{
	void *p;

	if ((p = calloc(n + 1, size)) == NULL)
		err(1, NULL);
	return p;
}

/* The group the record belongs to: the last gprt record's. */
static struct gp_rtgroup *
group(struct gp_rt *rt, const struct gp_rec *rec)
{
	if (rt == NULL || rt->ngroups == 0)
		gp_recerr(rec, "before any gprt record");
	return &rt->groups[rt->ngroups - 1];
}

static double
fsecs(const struct gp_rec *rec, int i)
{
	double t = gp_fdbl(rec, i);

	if (!isfinite(t) || t < 0)
		gp_recerr(rec, "field %d: '%s' is not a time", i + 1,
		    rec->f[i]);
	return t;
}

/* An address in fields i (object) and i + 1; empty ok: may both be. */
static void
faddr(const struct gp_rec *rec, int i, const struct gp_rtgroup *g,
    struct gp_rtaddr *a, int emptyok)
{
	if (emptyok && gp_fempty(rec, i) && gp_fempty(rec, i + 1)) {
		a->obj = -2;
		a->addr = 0;
		return;
	}
	if (gp_fempty(rec, i))
		a->obj = -1;
	else {
		a->obj = (int64_t)gp_fu64max(rec, i, INT64_MAX);
		if ((uint64_t)a->obj >= g->nobjs)
			gp_recerr(rec, "field %d: no map record with id %jd in "
			    "this gprt group (line %ld)", i + 1,
			    (intmax_t)a->obj, g->lineno);
	}
	a->addr = gp_fhex(rec, i + 1);
}

static void
load_gprt(struct gp_prof *p, const struct gp_rec *rec)
{
	struct gp_rtgroup *g;

	gp_need(rec, 8);
	if (p->rt == NULL)
		p->rt = xcalloc(1, sizeof(*p->rt));
	p->rt->groups = xreallocarray(p->rt->groups, p->rt->ngroups + 1,
	    sizeof(*p->rt->groups));
	g = &p->rt->groups[p->rt->ngroups++];
	memset(g, 0, sizeof(*g));
	g->lineno = rec->lineno;
	g->path = gp_fstr(rec, 1);
	g->pid = gp_fu64(rec, 2);
	g->ppid = gp_fu64(rec, 3);
	if (strcmp(rec->f[4], "exited") == 0)
		g->exited = 1;
	else if (strcmp(rec->f[4], "unfinished") != 0)
		gp_recerr(rec, "field 5: state '%s' is not exited or "
		    "unfinished", rec->f[4]);
	g->clock = gp_fstr(rec, 5);
	g->rate = gp_fdbl(rec, 6);
	if (!isfinite(g->rate) || g->rate <= 0)
		gp_recerr(rec, "field 7: rate '%s' is not a positive number",
		    rec->f[6]);
	g->nthreads = gp_fu64(rec, 7);
}

static void
load_map(struct gp_prof *p, const struct gp_rec *rec)
{
	struct gp_rtgroup *g = group(p->rt, rec);
	struct gp_rtobj *o;

	gp_need(rec, 7);
	if (gp_fu64(rec, 1) != g->nobjs)
		gp_recerr(rec, "field 2: map id %s out of sequence (expected "
		    "%zu)", rec->f[1], g->nobjs);
	g->objs = xreallocarray(g->objs, g->nobjs + 1, sizeof(*g->objs));
	o = &g->objs[g->nobjs++];
	o->bias = gp_fhex(rec, 2);
	o->low = gp_fhex(rec, 3);
	o->textlow = gp_fhex(rec, 4);
	o->texthigh = gp_fhex(rec, 5);
	o->path = gp_fstr(rec, 6);
	o->symobj = NONE;
}

static void
load_thread(struct gp_prof *p, const struct gp_rec *rec)
{
	struct gp_rtgroup *g = group(p->rt, rec);
	struct gp_rtthread *t;

	gp_need(rec, 10);
	g->threads = xreallocarray(g->threads, g->nthr + 1,
	    sizeof(*g->threads));
	t = &g->threads[g->nthr++];
	t->slot = gp_fu64(rec, 1);
	t->tid = gp_fu64(rec, 2);
	t->nthreads = gp_fu64(rec, 3);
	t->state = gp_fstr(rec, 4);
	t->name = gp_fstr(rec, 5);
	t->calls = gp_fu64(rec, 6);
	t->ticks = gp_fu64(rec, 7);
	t->time = fsecs(rec, 8);
	t->open = gp_fu64(rec, 9);
}

static void
load_marc(struct gp_prof *p, const struct gp_rec *rec)
{
	struct gp_rtgroup *g = group(p->rt, rec);
	struct gp_rt *rt = p->rt;
	struct gp_rtarc *a;

	gp_need(rec, 11);
	if (rt->narcs == rt->acap) {
		rt->acap = rt->acap ? 2 * rt->acap : 256;
		rt->arcs = xreallocarray(rt->arcs, rt->acap, sizeof(*rt->arcs));
	}
	a = &rt->arcs[rt->narcs];
	a->group = rt->ngroups - 1;
	a->thread = gp_fu64(rec, 1);
	faddr(rec, 2, g, &a->from, 0);
	faddr(rec, 4, g, &a->self, 0);
	/* empty: not counted (sampled stacks: gp-stream(5)) */
	a->counted = !gp_fempty(rec, 6);
	a->count = a->counted ? gp_fu64(rec, 6) : 0;
	a->selfticks = gp_fu64(rec, 7);
	a->inclticks = gp_fu64(rec, 8);
	a->selftime = fsecs(rec, 9);
	a->incltime = fsecs(rec, 10);
	rt->narcs++;
}

static void
load_mem(struct gp_prof *p, const struct gp_rec *rec)
{
	struct gp_rtgroup *g = group(p->rt, rec);
	struct gp_rt *rt = p->rt;
	struct gp_rtmem *m;
	uint64_t *c;
	int i;

	gp_need(rec, 18);
	if (rt->nmems == rt->mcap) {
		rt->mcap = rt->mcap ? 2 * rt->mcap : 64;
		rt->mems = xreallocarray(rt->mems, rt->mcap, sizeof(*rt->mems));
	}
	m = &rt->mems[rt->nmems];
	memset(m, 0, sizeof(*m));
	m->group = rt->ngroups - 1;
	m->thread = gp_fu64(rec, 1);
	faddr(rec, 2, g, &m->site, 0);
	faddr(rec, 4, g, &m->fn, 1);
	/* the twelve counters, nmalloc to peak, in the record's order */
	for (c = &m->m.nmalloc, i = 6; i < 18; i++, c++)
		*c = gp_fu64(rec, i);
	rt->nmems++;
}

static size_t
treehash(size_t gi, uint64_t thread, size_t mask)
{
	uint64_t h = (thread + 1) * 0x9e3779b97f4a7c15u ^ (uint64_t)gi;

	return (size_t)(h ^ h >> 29) & mask;
}

/* The tree of group gi's thread, made if new (found by a hash table). */
static struct gp_rtctree *
ctree(struct gp_rt *rt, size_t gi, uint64_t thread)
{
	struct gp_rtctree *t;
	size_t i, j, mask;

	mask = rt->thcap - 1;
	if (rt->thcap > 0)
		for (i = treehash(gi, thread, mask);
		    (j = rt->thash[i]) != NONE; i = (i + 1) & mask)
			if (rt->ctrees[j].group == gi &&
			    rt->ctrees[j].thread == thread)
				return &rt->ctrees[j];
	if (2 * (rt->nctrees + 1) > rt->thcap) {
		free(rt->thash);
		rt->thcap = rt->thcap ? 2 * rt->thcap : 64;
		rt->thash = xreallocarray(NULL, rt->thcap, sizeof(*rt->thash));
		memset(rt->thash, 0xff, rt->thcap * sizeof(*rt->thash));
		mask = rt->thcap - 1;
		for (j = 0; j < rt->nctrees; j++) {
			i = treehash(rt->ctrees[j].group, rt->ctrees[j].thread,
			    mask);
			while (rt->thash[i] != NONE)
				i = (i + 1) & mask;
			rt->thash[i] = j;
		}
	}
	for (i = treehash(gi, thread, mask); rt->thash[i] != NONE;
	    i = (i + 1) & mask)
		continue;
	rt->thash[i] = rt->nctrees;
	rt->ctrees = xreallocarray(rt->ctrees, rt->nctrees + 1,
	    sizeof(*rt->ctrees));
	t = &rt->ctrees[rt->nctrees++];
	memset(t, 0, sizeof(*t));
	t->group = gi;
	t->thread = thread;
	return t;
}

/* The node of that id in tree t, or NONE. */
static size_t
ctxfind(const struct gp_rt *rt, const struct gp_rtctree *t, uint64_t id)
{
	size_t lo = 0, hi = t->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (rt->ctxs[t->nodes[mid]].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < t->n && rt->ctxs[t->nodes[lo]].id == id ? t->nodes[lo] :
	    NONE;
}

static void
load_ctx(struct gp_prof *p, const struct gp_rec *rec)
{
	struct gp_rtgroup *g = group(p->rt, rec);
	struct gp_rt *rt = p->rt;
	struct gp_rtctree *t;
	struct gp_rtctx *c, *pc;
	uint64_t last;

	gp_need(rec, 14);
	if (rt->nctxs == rt->ccap) {
		rt->ccap = rt->ccap ? 2 * rt->ccap : 256;
		rt->ctxs = xreallocarray(rt->ctxs, rt->ccap, sizeof(*rt->ctxs));
	}
	c = &rt->ctxs[rt->nctxs];
	memset(c, 0, sizeof(*c));
	c->group = rt->ngroups - 1;
	c->thread = gp_fu64(rec, 1);
	c->id = gp_fu64(rec, 2);
	c->parentid = gp_fu64(rec, 3);
	t = ctree(rt, c->group, c->thread);
	if (c->id == 0)
		gp_recerr(rec, "field 3: node id 0 (ids start at 1)");
	if (t->n > 0 && c->id <= (last = rt->ctxs[t->nodes[t->n - 1]].id))
		gp_recerr(rec, "field 3: node id %ju after id %ju in thread "
		    "%ju (ids increase, parents before children)",
		    (uintmax_t)c->id, (uintmax_t)last, (uintmax_t)c->thread);
	c->parent = NONE;
	if (c->parentid != 0 &&
	    (c->parent = ctxfind(rt, t, c->parentid)) == NONE)
		gp_recerr(rec, "field 4: parent %ju is not a node of thread "
		    "%ju read before", (uintmax_t)c->parentid,
		    (uintmax_t)c->thread);
	faddr(rec, 4, g, &c->fn, 1);
	faddr(rec, 6, g, &c->site, 1);
	if ((c->hascount = !gp_fempty(rec, 8)))
		c->count = gp_fu64(rec, 8);
	c->selfticks = gp_fu64(rec, 9);
	c->inclticks = gp_fu64(rec, 10);
	c->selftime = fsecs(rec, 11);
	c->incltime = fsecs(rec, 12);
	if (c->inclticks < c->selfticks)
		gp_recerr(rec, "field 10: inclusive ticks %ju less than the "
		    "self ticks %ju", (uintmax_t)c->inclticks,
		    (uintmax_t)c->selfticks);
	/* decimal renderings of the same ticks: a rounding's tolerance */
	if (c->incltime < c->selftime * (1 - 1e-9))
		gp_recerr(rec, "field 12: inclusive time %s less than the "
		    "self time %s", rec->f[12], rec->f[11]);
	c->left = c->inclticks - c->selfticks;
	if (gp_fempty(rec, 13))
		;
	else if (strcmp(rec->f[13], "truncated") == 0)
		c->truncated = 1;
	else
		gp_recerr(rec, "field 14: mark '%s' is not empty or "
		    "truncated", rec->f[13]);
	if (c->truncated && c->fn.obj != -2)
		gp_recerr(rec, "field 5: a truncated node names no function");
	if (!c->truncated && c->fn.obj == -2)
		gp_recerr(rec, "field 5: no function");
	if (c->parent != NONE) {
		pc = &rt->ctxs[c->parent];
		if (c->inclticks > pc->left)
			gp_recerr(rec, "field 10: inclusive ticks %ju more than "
			    "node %ju has left for its children (%ju)",
			    (uintmax_t)c->inclticks, (uintmax_t)pc->id,
			    (uintmax_t)pc->left);
		pc->left -= c->inclticks;
	}
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		t->nodes = xreallocarray(t->nodes, t->cap, sizeof(*t->nodes));
	}
	t->nodes[t->n++] = rt->nctxs++;
}

static void
load_trace(struct gp_prof *p, const struct gp_rec *rec)
{
	struct gp_rt *rt = p->rt;
	struct gp_rttrace *t;
	size_t i;

	(void)group(rt, rec);
	gp_need(rec, 5);
	rt->traces = xreallocarray(rt->traces, rt->ntraces + 1,
	    sizeof(*rt->traces));
	t = &rt->traces[rt->ntraces];
	memset(t, 0, sizeof(*t));
	t->group = rt->ngroups - 1;
	t->thread = gp_fu64(rec, 1);
	for (i = 0; i < rt->ntraces; i++)
		if (rt->traces[i].group == t->group &&
		    rt->traces[i].thread == t->thread)
			gp_recerr(rec, "field 2: a second trace record of "
			    "thread %ju", (uintmax_t)t->thread);
	t->events = gp_fu64(rec, 2);
	t->lost = gp_fu64(rec, 3);
	if (strcmp(rec->f[4], "first") == 0)
		t->first = 1;
	else if (strcmp(rec->f[4], "last") != 0)
		gp_recerr(rec, "field 5: '%s' is not first or last",
		    rec->f[4]);
	t->ev = rt->ntevs;
	rt->ntraces++;
}

static void
load_tev(struct gp_prof *p, const struct gp_rec *rec)
{
	struct gp_rtgroup *g = group(p->rt, rec);
	struct gp_rt *rt = p->rt;
	struct gp_rttrace *t;
	struct gp_rttev *e;
	uint64_t thread;

	gp_need(rec, 11);
	thread = gp_fu64(rec, 1);
	t = rt->ntraces > 0 ? &rt->traces[rt->ntraces - 1] : NULL;
	if (t == NULL || t->group != rt->ngroups - 1 || t->thread != thread)
		gp_recerr(rec, "field 2: an event of thread %ju not after its "
		    "trace record", (uintmax_t)thread);
	if (t->n == t->events)
		gp_recerr(rec, "more events than the %ju of the trace record",
		    (uintmax_t)t->events);
	if (rt->ntevs == rt->tcap) {
		rt->tcap = rt->tcap ? 2 * rt->tcap : 1024;
		rt->tevs = xreallocarray(rt->tevs, rt->tcap, sizeof(*rt->tevs));
	}
	e = &rt->tevs[rt->ntevs];
	memset(e, 0, sizeof(*e));
	e->seq = gp_fu64(rec, 2);
	if (t->n > 0 && e->seq <= rt->tevs[rt->ntevs - 1].seq)
		gp_recerr(rec, "field 3: event %ju after event %ju",
		    (uintmax_t)e->seq, (uintmax_t)rt->tevs[rt->ntevs - 1].seq);
	if (strcmp(rec->f[3], "enter") == 0)
		e->kind = GP_EV_ENTER;
	else if (strcmp(rec->f[3], "leave") == 0)
		e->kind = GP_EV_LEAVE;
	else
		gp_recerr(rec, "field 4: '%s' is not enter or leave",
		    rec->f[3]);
	e->ticks = gp_fu64(rec, 4);
	e->time = fsecs(rec, 5);
	e->depth = gp_fu64max(rec, 6, UINT32_MAX);
	faddr(rec, 7, g, &e->fn, 0);
	faddr(rec, 9, g, &e->site, 1);
	if (e->kind == GP_EV_LEAVE && e->site.obj != -2)
		gp_recerr(rec, "field 10: a leave has no call site");
	t->n++;
	rt->ntevs++;
}

int
gp_rt_load(struct gp_prof *p, const struct gp_rec *rec)
{
	struct gp_rtgroup *g;

	if (gp_iskind(rec, "gprt"))
		load_gprt(p, rec);
	else if (gp_iskind(rec, "map"))
		load_map(p, rec);
	else if (gp_iskind(rec, "thread"))
		load_thread(p, rec);
	else if (gp_iskind(rec, "marc"))
		load_marc(p, rec);
	else if (gp_iskind(rec, "mem"))
		load_mem(p, rec);
	else if (gp_iskind(rec, "ctx"))
		load_ctx(p, rec);
	else if (gp_iskind(rec, "trace"))
		load_trace(p, rec);
	else if (gp_iskind(rec, "tev"))
		load_tev(p, rec);
	else if (gp_iskind(rec, "memsum")) {
		g = group(p->rt, rec);
		gp_need(rec, 3);
		if (g->hasmemsum)
			gp_recerr(rec, "a second memsum record in the gprt "
			    "group of line %ld", g->lineno);
		g->hasmemsum = 1;
		g->livebytes = gp_fu64(rec, 1);
		g->peak = gp_fu64(rec, 2);
	} else
		return 0;
	return 1;
}

static void
waddr(struct gp_writer *w, const struct gp_rtaddr *a)
{
	if (a->obj == -2) {
		gp_wraw(w, "");
		gp_wraw(w, "");
		return;
	}
	if (a->obj == -1)
		gp_wraw(w, "");
	else
		gp_wu64(w, (uint64_t)a->obj);
	gp_whex(w, a->addr);
}

/* The layer back into records, each group's after its gprt record. */
void
gp_rt_emit(struct gp_writer *w, const struct gp_rt *rt)
{
	const struct gp_rtgroup *g;
	const struct gp_rtthread *t;
	const struct gp_rtarc *a;
	const struct gp_rtmem *m;
	const struct gp_rtctx *x;
	const struct gp_rttrace *tr;
	const struct gp_rttev *e;
	const uint64_t *c;
	size_t k, i, ia = 0, im = 0, ix = 0, it = 0;

	for (k = 0; rt != NULL && k < rt->ngroups; k++) {
		g = &rt->groups[k];
		gp_wkind(w, "gprt");
		gp_wstr(w, g->path);
		gp_wu64(w, g->pid);
		gp_wu64(w, g->ppid);
		gp_wraw(w, g->exited ? "exited" : "unfinished");
		gp_wstr(w, g->clock);
		gp_wdbl(w, g->rate);
		gp_wu64(w, g->nthreads);
		gp_weol(w);
		for (i = 0; i < g->nobjs; i++) {
			gp_wkind(w, "map");
			gp_wu64(w, i);
			gp_whex(w, g->objs[i].bias);
			gp_whex(w, g->objs[i].low);
			gp_whex(w, g->objs[i].textlow);
			gp_whex(w, g->objs[i].texthigh);
			gp_wstr(w, g->objs[i].path);
			gp_weol(w);
		}
		for (i = 0; i < g->nthr; i++) {
			t = &g->threads[i];
			gp_wkind(w, "thread");
			gp_wu64(w, t->slot);
			gp_wu64(w, t->tid);
			gp_wu64(w, t->nthreads);
			gp_wstr(w, t->state);
			gp_wstr(w, t->name);
			gp_wu64(w, t->calls);
			gp_wu64(w, t->ticks);
			gp_wdbl(w, t->time);
			gp_wu64(w, t->open);
			gp_weol(w);
		}
		for (; ia < rt->narcs && rt->arcs[ia].group == k; ia++) {
			a = &rt->arcs[ia];
			gp_wkind(w, "marc");
			gp_wu64(w, a->thread);
			waddr(w, &a->from);
			waddr(w, &a->self);
			if (a->counted)
				gp_wu64(w, a->count);
			else
				gp_wstr(w, "");
			gp_wu64(w, a->selfticks);
			gp_wu64(w, a->inclticks);
			gp_wdbl(w, a->selftime);
			gp_wdbl(w, a->incltime);
			gp_weol(w);
		}
		for (; im < rt->nmems && rt->mems[im].group == k; im++) {
			m = &rt->mems[im];
			gp_wkind(w, "mem");
			gp_wu64(w, m->thread);
			waddr(w, &m->site);
			waddr(w, &m->fn);
			for (c = &m->m.nmalloc; c <= &m->m.peak; c++)
				gp_wu64(w, *c);
			gp_weol(w);
		}
		if (g->hasmemsum) {
			gp_wkind(w, "memsum");
			gp_wu64(w, g->livebytes);
			gp_wu64(w, g->peak);
			gp_weol(w);
		}
		for (; ix < rt->nctxs && rt->ctxs[ix].group == k; ix++) {
			x = &rt->ctxs[ix];
			gp_wkind(w, "ctx");
			gp_wu64(w, x->thread);
			gp_wu64(w, x->id);
			gp_wu64(w, x->parentid);
			waddr(w, &x->fn);
			waddr(w, &x->site);
			if (x->hascount)
				gp_wu64(w, x->count);
			else
				gp_wraw(w, "");
			gp_wu64(w, x->selfticks);
			gp_wu64(w, x->inclticks);
			gp_wdbl(w, x->selftime);
			gp_wdbl(w, x->incltime);
			gp_wraw(w, x->truncated ? "truncated" : "");
			gp_weol(w);
		}
		for (; it < rt->ntraces && rt->traces[it].group == k; it++) {
			tr = &rt->traces[it];
			gp_wkind(w, "trace");
			gp_wu64(w, tr->thread);
			gp_wu64(w, tr->n);
			gp_wu64(w, tr->lost + (tr->events - tr->n));
			gp_wraw(w, tr->first ? "first" : "last");
			gp_weol(w);
			for (i = tr->ev; i < tr->ev + tr->n; i++) {
				e = &rt->tevs[i];
				gp_wkind(w, "tev");
				gp_wu64(w, tr->thread);
				gp_wu64(w, e->seq);
				gp_wraw(w, e->kind == GP_EV_ENTER ? "enter" :
				    "leave");
				gp_wu64(w, e->ticks);
				gp_wdbl(w, e->time);
				gp_wu64(w, e->depth);
				waddr(w, &e->fn);
				waddr(w, &e->site);
				gp_weol(w);
			}
		}
	}
}

static void
meas_free(struct gp_meas *m)
{
	if (m == NULL)
		return;
	free(m->self);
	free(m->incl);
	free(m->spont);
	free(m->spontc);
	free(m->arcs);
	free(m);
}

void
gp_rt_free(struct gp_rt *rt)
{
	struct gp_rtgroup *g;
	size_t k, i;

	if (rt == NULL)
		return;
	for (k = 0; k < rt->ngroups; k++) {
		g = &rt->groups[k];
		for (i = 0; i < g->nobjs; i++)
			free(g->objs[i].path);
		for (i = 0; i < g->nthr; i++) {
			free(g->threads[i].state);
			free(g->threads[i].name);
		}
		free(g->objs);
		free(g->threads);
		free(g->path);
		free(g->clock);
	}
	free(rt->groups);
	free(rt->arcs);
	free(rt->mems);
	free(rt->ctxs);
	for (k = 0; k < rt->nctrees; k++)
		free(rt->ctrees[k].nodes);
	free(rt->ctrees);
	free(rt->thash);
	free(rt->traces);
	free(rt->tevs);
	meas_free(rt->meas);
	free(rt);
}

/* Each map record's object in the symbol layer, by path. */
static void
bindobjs(const struct gp_prof *p)
{
	struct gp_rtgroup *g;
	size_t k, i;

	if (p->rt->bound == p->sym)
		return;
	for (k = 0; k < p->rt->ngroups; k++) {
		g = &p->rt->groups[k];
		for (i = 0; i < g->nobjs; i++)
			g->objs[i].symobj = i == 0 ? NONE :
			    gp_sym_objfind(p->sym, g->objs[i].path);
	}
	p->rt->bound = p->sym;
}

size_t
gp_rt_sym(const struct gp_prof *p, size_t gi, const struct gp_rtaddr *a,
    int func)
{
	const struct gp_symtab *st = p->sym;
	const struct gp_rtobj *o;
	const struct gp_sym *s, *lo;

	if (st == NULL || p->rt == NULL || gi >= p->rt->ngroups || a->obj < 0)
		return GP_NOSYM;
	bindobjs(p);
	if (a->obj == 0) {
		s = gp_sym_lookup(st, a->addr);
		lo = st->syms;
	} else {
		o = &p->rt->groups[gi].objs[a->obj];
		if (o->symobj == NONE || o->symobj >= st->nobjs)
			return GP_NOSYM;
		s = gp_sym_objlookup(st, o->symobj, a->addr);
		lo = &st->syms[st->objs[o->symobj].first];
	}
	if (s == NULL)
		return GP_NOSYM;
	/*
	 * A callee backs up to a function, as in gprof's cg_tally, unless
	 * a symbol begins at its very address: a measured callee is where
	 * a function begins (the runtime's this_fn, the function Callgrind
	 * or perf named), and a symbol there is its name even when it is
	 * not typed a function (ld.so's _start, NOTYPE, is not the end of
	 * the _dl_help before it).
	 */
	while (func && s > lo && !(s->flags & GP_SYM_FUNC) &&
	    s->addr != a->addr)
		s--;
	if (func && !(s->flags & GP_SYM_FUNC) && s->addr != a->addr)
		return GP_NOSYM;
	return (size_t)(s - st->syms);
}

static int
cmpmarc(const void *a, const void *b)
{
	const struct gp_marc *x = a, *y = b;

	if (x->parent != y->parent)
		return x->parent < y->parent ? -1 : 1;
	if (x->child != y->child)
		return x->child < y->child ? -1 : 1;
	return 0;
}

static int
cmpmarcg(const void *a, const void *b)
{
	const struct gp_marc *x = a, *y = b;
	int c;

	if ((c = cmpmarc(a, b)) != 0)
		return c;
	if (x->group != y->group)
		return x->group < y->group ? -1 : 1;
	return 0;
}

/*
 * The measurements resolved to symbols.  Ticks are summed before they are
 * made seconds, group by group (one rate each): a stream split by thread
 * (gmon-cat -t) or not gives the same sums, and the same report.
 */
const struct gp_meas *
gp_meas_get(struct gp_prof *p)
{
	const struct gp_rtarc *ra;
	struct gp_meas *m;
	struct gp_marc *v;
	uint64_t *st, *it, *pt, tot, lost;
	size_t *touched, *byg, *gstart, ntouched, g, i, j, k, n, ps, cs;
	double rate;

	if (p->rt == NULL || p->rt->narcs == 0 || p->sym == NULL)
		return NULL;
	if (p->rt->meas != NULL && p->rt->bound == p->sym)
		return p->rt->meas;
	meas_free(p->rt->meas);
	p->rt->meas = NULL;
	m = xcalloc(1, sizeof(*m));
	m->nsyms = GP_NSYMS(p->sym);
	m->self = xcalloc(m->nsyms, sizeof(*m->self));
	m->incl = xcalloc(m->nsyms, sizeof(*m->incl));
	m->spont = xcalloc(m->nsyms, sizeof(*m->spont));
	m->spontc = xcalloc(m->nsyms, sizeof(*m->spontc));
	st = xcalloc(m->nsyms, sizeof(*st));
	it = xcalloc(m->nsyms, sizeof(*it));
	pt = xcalloc(m->nsyms, sizeof(*pt));
	touched = xcalloc(m->nsyms, sizeof(*touched));
	v = xcalloc(p->rt->narcs, sizeof(*v));
	/* the arcs by group, in stream order within each */
	gstart = xcalloc(p->rt->ngroups + 1, sizeof(*gstart));
	byg = xcalloc(p->rt->narcs, sizeof(*byg));
	for (i = 0; i < p->rt->narcs; i++)
		gstart[p->rt->arcs[i].group + 1]++;
	for (g = 0; g < p->rt->ngroups; g++)
		gstart[g + 1] += gstart[g];
	for (i = 0; i < p->rt->narcs; i++)
		byg[gstart[p->rt->arcs[i].group]++] = i;
	n = 0;
	for (j = g = 0; g < p->rt->ngroups; g++) {
		rate = p->rt->groups[g].rate;
		tot = lost = 0;
		ntouched = 0;
		for (; j < p->rt->narcs && p->rt->arcs[byg[j]].group == g;
		    j++) {
			ra = &p->rt->arcs[byg[j]];
			tot += ra->selfticks;
			cs = gp_rt_sym(p, g, &ra->self, 1);
			if (cs == GP_NOSYM) {
				lost += ra->selfticks;
				m->nlost++;
				continue;
			}
			if (st[cs] == 0 && it[cs] == 0 && pt[cs] == 0)
				touched[ntouched++] = cs;
			st[cs] += ra->selfticks;
			it[cs] += ra->inclticks;
			ps = gp_rt_sym(p, g, &ra->from, 0);
			if (ps == GP_NOSYM) {
				pt[cs] += ra->inclticks;
				m->spontc[cs] += ra->count;
				continue;
			}
			v[n].parent = ps;
			v[n].child = cs;
			v[n].count = ra->count;
			v[n].group = g;
			v[n].selfticks = ra->selfticks;
			v[n].inclticks = ra->inclticks;
			n++;
		}
		m->total += (double)tot / rate;
		m->lost += (double)lost / rate;
		for (k = 0; k < ntouched; k++) {
			cs = touched[k];
			m->self[cs] += (double)st[cs] / rate;
			m->incl[cs] += (double)it[cs] / rate;
			m->spont[cs] += (double)pt[cs] / rate;
			st[cs] = it[cs] = pt[cs] = 0;
		}
	}
	free(st);
	free(it);
	free(pt);
	free(touched);
	free(byg);
	free(gstart);
	/*
	 * One arc for each caller and callee: their call sites summed, in
	 * ticks within a group, then in seconds over the groups.
	 */
	gp_sort(v, n, sizeof(*v), cmpmarcg);
	for (k = i = 0; i < n; i++) {
		if (k > 0 && cmpmarcg(&v[k - 1], &v[i]) == 0) {
			v[k - 1].count += v[i].count;
			v[k - 1].selfticks += v[i].selfticks;
			v[k - 1].inclticks += v[i].inclticks;
		} else
			v[k++] = v[i];
	}
	m->narcs = 0;
	for (i = 0; i < k; i++) {
		rate = p->rt->groups[v[i].group].rate;
		v[i].self = (double)v[i].selfticks / rate;
		v[i].incl = (double)v[i].inclticks / rate;
		if (m->narcs > 0 && cmpmarc(&v[m->narcs - 1], &v[i]) == 0) {
			v[m->narcs - 1].count += v[i].count;
			v[m->narcs - 1].self += v[i].self;
			v[m->narcs - 1].incl += v[i].incl;
		} else
			v[m->narcs++] = v[i];
	}
	m->arcs = v;
	p->rt->meas = m;
	return m;
}

int
gp_rt_counted(const struct gp_rt *rt)
{
	size_t i;

	for (i = 0; rt != NULL && i < rt->narcs; i++)
		if (rt->arcs[i].counted)
			return 1;
	return 0;
}

const char *
gp_rt_event(const struct gp_rt *rt)
{
	const char *e = NULL, *c;
	size_t i;

	for (i = 0; rt != NULL && i < rt->ngroups; i++) {
		c = rt->groups[i].clock;
		if (strncmp(c, "event:", 6) != 0 || c[6] == '\0' ||
		    (e != NULL && strcmp(e, c + 6) != 0))
			return NULL;
		e = c + 6;
	}
	return e;
}

int
gp_meas_credit(struct gp_prof *p, struct gp_credit *c)
{
	const struct gp_meas *m;
	const struct gp_symtab *st = p->sym;
	struct gp_tables *tb;
	size_t i;
	int pass;

	if ((m = gp_meas_get(p)) == NULL)
		return 0;
	if (c->ntime < m->nsyms) {
		free(c->time);
		c->time = xcalloc(m->nsyms, sizeof(*c->time));
		c->ntime = m->nsyms;
	}
	memset(c->time, 0, c->ntime * sizeof(*c->time));
	if (gp_rt_event(p->rt) != NULL) {
		/* event counts: one "sample" per event, named for it */
		c->hz = 1;
		snprintf(c->dimen, sizeof(c->dimen), "%s", gp_rt_event(p->rt));
		c->abbrev = c->dimen[0];
	}
	if (c->hz == 0)
		c->hz = 100;
	if (c->nhist == 0)
		c->nhist = 1;	/* what the flat profile needs */
	c->total = 0.0;
	tb = gp_tables_make(&c->flat, st);
	for (i = 0; i < m->nsyms; i++) {
		/* the specs name the executable's symbols alone */
		if (i < st->nsyms)
			pass = gp_tables_pass(tb, GP_INCL_FLAT,
			    st->syms[i].addr);
		else
			pass = gp_tables_empty(tb, GP_INCL_FLAT);
		if (!pass || m->self[i] == 0)
			continue;
		c->time[i] = m->self[i] * c->hz;
		c->total += c->time[i];
	}
	gp_tables_free(tb);
	return 1;
}
