/*
 * The runtime layer (runtime.h): its stream records loaded into the
 * model and written back.
 */
#include <gp/plugin.h>

#include <err.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stream/stream.h"
#include "gprt/runtime.h"

#define NONE	((size_t)-1)



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
load_gprt(struct gp_rt **rtp, const struct gp_rec *rec)
{
	struct gp_rtgroup *g;

	gp_need(rec, 8);
	if ((*rtp) == NULL)
		*rtp = gp_xcalloc(1, sizeof(**rtp));
	(*rtp)->groups = gp_xreallocarray((*rtp)->groups, (*rtp)->ngroups + 1,
	    sizeof(*(*rtp)->groups));
	g = &(*rtp)->groups[(*rtp)->ngroups++];
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
load_map(struct gp_rt **rtp, const struct gp_rec *rec)
{
	struct gp_rtgroup *g = group((*rtp), rec);
	struct gp_rtobj *o;

	gp_need(rec, 7);
	if (gp_fu64(rec, 1) != g->nobjs)
		gp_recerr(rec, "field 2: map id %s out of sequence (expected "
		    "%zu)", rec->f[1], g->nobjs);
	g->objs = gp_xreallocarray(g->objs, g->nobjs + 1, sizeof(*g->objs));
	o = &g->objs[g->nobjs++];
	o->bias = gp_fhex(rec, 2);
	o->low = gp_fhex(rec, 3);
	o->textlow = gp_fhex(rec, 4);
	o->texthigh = gp_fhex(rec, 5);
	o->path = gp_fstr(rec, 6);
	o->symobj = NONE;
}

static void
load_thread(struct gp_rt **rtp, const struct gp_rec *rec)
{
	struct gp_rtgroup *g = group((*rtp), rec);
	struct gp_rtthread *t;

	gp_need(rec, 10);
	g->threads = gp_xreallocarray(g->threads, g->nthr + 1,
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
load_marc(struct gp_rt **rtp, const struct gp_rec *rec)
{
	struct gp_rtgroup *g = group((*rtp), rec);
	struct gp_rt *rt = (*rtp);
	struct gp_rtarc *a;

	gp_need(rec, 11);
	rt->arcs = gp_xgrow(rt->arcs, &rt->acap, rt->narcs, 256,
	    sizeof(*rt->arcs));
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
load_mem(struct gp_rt **rtp, const struct gp_rec *rec)
{
	struct gp_rtgroup *g = group((*rtp), rec);
	struct gp_rt *rt = (*rtp);
	struct gp_rtmem *m;
	uint64_t *c;
	int i;

	gp_need(rec, 18);
	rt->mems = gp_xgrow(rt->mems, &rt->mcap, rt->nmems, 64,
	    sizeof(*rt->mems));
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
		rt->thash = gp_xreallocarray(NULL, rt->thcap, sizeof(*rt->thash));
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
	rt->ctrees = gp_xreallocarray(rt->ctrees, rt->nctrees + 1,
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
load_ctx(struct gp_rt **rtp, const struct gp_rec *rec)
{
	struct gp_rtgroup *g = group((*rtp), rec);
	struct gp_rt *rt = (*rtp);
	struct gp_rtctree *t;
	struct gp_rtctx *c, *pc;
	uint64_t last;

	gp_need(rec, 14);
	rt->ctxs = gp_xgrow(rt->ctxs, &rt->ccap, rt->nctxs, 256,
	    sizeof(*rt->ctxs));
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
	t->nodes = gp_xgrow(t->nodes, &t->cap, t->n, 64, sizeof(*t->nodes));
	t->nodes[t->n++] = rt->nctxs++;
}

static void
load_trace(struct gp_rt **rtp, const struct gp_rec *rec)
{
	struct gp_rt *rt = (*rtp);
	struct gp_rttrace *t;
	size_t i;

	(void)group(rt, rec);
	gp_need(rec, 5);
	rt->traces = gp_xreallocarray(rt->traces, rt->ntraces + 1,
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
load_tev(struct gp_rt **rtp, const struct gp_rec *rec)
{
	struct gp_rtgroup *g = group((*rtp), rec);
	struct gp_rt *rt = (*rtp);
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
	rt->tevs = gp_xgrow(rt->tevs, &rt->tcap, rt->ntevs, 1024,
	    sizeof(*rt->tevs));
	e = &rt->tevs[rt->ntevs];
	memset(e, 0, sizeof(*e));
	e->seq = gp_fu64(rec, 2);
	if (strcmp(rec->f[3], "enter") == 0)
		e->kind = GP_EV_ENTER;
	else if (strcmp(rec->f[3], "leave") == 0)
		e->kind = GP_EV_LEAVE;
	else if (strcmp(rec->f[3], "open") == 0)
		e->kind = GP_RTEV_OPEN;
	else
		gp_recerr(rec, "field 4: '%s' is not enter, leave or open",
		    rec->f[3]);
	/* the open calls first, at the seq of the first event */
	if (t->n > 0 && e->kind == GP_RTEV_OPEN &&
	    rt->tevs[rt->ntevs - 1].kind != GP_RTEV_OPEN)
		gp_recerr(rec, "field 4: an open call after an event");
	if (t->n > 0 && (e->seq < rt->tevs[rt->ntevs - 1].seq ||
	    (e->seq == rt->tevs[rt->ntevs - 1].seq &&
	    rt->tevs[rt->ntevs - 1].kind != GP_RTEV_OPEN)))
		gp_recerr(rec, "field 3: event %ju after event %ju",
		    (uintmax_t)e->seq, (uintmax_t)rt->tevs[rt->ntevs - 1].seq);
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
gp_rt_load(struct gp_rt **rtp, const struct gp_rec *rec)
{
	struct gp_rtgroup *g;

	if (gp_iskind(rec, "gprt"))
		load_gprt(rtp, rec);
	else if (gp_iskind(rec, "map"))
		load_map(rtp, rec);
	else if (gp_iskind(rec, "thread"))
		load_thread(rtp, rec);
	else if (gp_iskind(rec, "marc"))
		load_marc(rtp, rec);
	else if (gp_iskind(rec, "mem"))
		load_mem(rtp, rec);
	else if (gp_iskind(rec, "ctx"))
		load_ctx(rtp, rec);
	else if (gp_iskind(rec, "trace"))
		load_trace(rtp, rec);
	else if (gp_iskind(rec, "tev"))
		load_tev(rtp, rec);
	else if (gp_iskind(rec, "memsum")) {
		g = group((*rtp), rec);
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

void
gp_rt_wmem(struct gp_writer *w, const struct gprt_mem *m)
{
	gp_wfields(w, "uuuuuuuuuuuu", m->nmalloc, m->ncalloc, m->nrealloc,
	    m->nfree, m->fails, m->badfree, m->bytes, m->freedblocks,
	    m->freedbytes, m->liveblocks, m->livebytes, m->peak);
}

/* The layer back into records, each group's after its gprt record. */
void
gp_rt_emit(struct gp_writer *w, const struct gp_rt *rt)
{
	const struct gp_rtgroup *g;
	const struct gp_rtobj *o;
	const struct gp_rtthread *t;
	const struct gp_rtarc *a;
	const struct gp_rtmem *m;
	const struct gp_rtctx *x;
	const struct gp_rttrace *tr;
	const struct gp_rttev *e;
	size_t k, i, ia = 0, im = 0, ix = 0, it = 0;

	for (k = 0; rt != NULL && k < rt->ngroups; k++) {
		g = &rt->groups[k];
		gp_wrecf(w, "gprt", "suursdu", g->path, g->pid, g->ppid,
		    g->exited ? "exited" : "unfinished", g->clock, g->rate,
		    g->nthreads);
		for (i = 0; i < g->nobjs; i++) {
			o = &g->objs[i];
			gp_wrecf(w, "map", "uxxxxs", (uint64_t)i, o->bias,
			    o->low, o->textlow, o->texthigh, o->path);
		}
		for (i = 0; i < g->nthr; i++) {
			t = &g->threads[i];
			gp_wrecf(w, "thread", "uuussuudu", t->slot, t->tid,
			    t->nthreads, t->state, t->name, t->calls, t->ticks,
			    t->time, t->open);
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
			gp_wfields(w, "uudd", a->selfticks, a->inclticks,
			    a->selftime, a->incltime);
			gp_weol(w);
		}
		for (; im < rt->nmems && rt->mems[im].group == k; im++) {
			m = &rt->mems[im];
			gp_wkind(w, "mem");
			gp_wu64(w, m->thread);
			waddr(w, &m->site);
			waddr(w, &m->fn);
			gp_rt_wmem(w, &m->m);
			gp_weol(w);
		}
		if (g->hasmemsum)
			gp_wrecf(w, "memsum", "uu", g->livebytes, g->peak);
		for (; ix < rt->nctxs && rt->ctxs[ix].group == k; ix++) {
			x = &rt->ctxs[ix];
			gp_wkind(w, "ctx");
			gp_wfields(w, "uuu", x->thread, x->id, x->parentid);
			waddr(w, &x->fn);
			waddr(w, &x->site);
			if (x->hascount)
				gp_wu64(w, x->count);
			else
				gp_wraw(w, "");
			gp_wfields(w, "uuddr", x->selfticks, x->inclticks,
			    x->selftime, x->incltime,
			    x->truncated ? "truncated" : "");
			gp_weol(w);
		}
		for (; it < rt->ntraces && rt->traces[it].group == k; it++) {
			tr = &rt->traces[it];
			gp_wrecf(w, "trace", "uuur", tr->thread,
			    (uint64_t)tr->n, tr->lost + (tr->events - tr->n),
			    tr->first ? "first" : "last");
			for (i = tr->ev; i < tr->ev + tr->n; i++) {
				e = &rt->tevs[i];
				gp_wkind(w, "tev");
				gp_wfields(w, "uurudu", tr->thread, e->seq,
				    e->kind == GP_EV_ENTER ? "enter" :
				    e->kind == GP_RTEV_OPEN ? "open" : "leave",
				    e->ticks, e->time, e->depth);
				waddr(w, &e->fn);
				waddr(w, &e->site);
				gp_weol(w);
			}
		}
	}
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
	free(rt);
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

/* Is clock c an input format's (perf's, Callgrind's)? */
static int
namedclock(const char *c)
{
	return strcmp(c, "cpu-clock") == 0 || strcmp(c, "task-clock") == 0 ||
	    strncmp(c, "event:", 6) == 0;
}

int
gp_rt_named(const struct gp_rt *rt)
{
	size_t i;

	for (i = 0; rt != NULL && i < rt->ngroups; i++)
		if (namedclock(rt->groups[i].clock))
			return 1;
	return 0;
}

int
gp_rt_hooked(const struct gp_rt *rt, size_t g)
{
	return rt != NULL && g < rt->ngroups &&
	    !namedclock(rt->groups[g].clock);
}

int
gp_rt_anyhooked(const struct gp_rt *rt)
{
	size_t i;

	for (i = 0; rt != NULL && i < rt->ngroups; i++)
		if (gp_rt_hooked(rt, i))
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
