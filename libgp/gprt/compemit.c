/*
 * A loaded companion file (companion.c) as the runtime layer's stream
 * records (gp-stream(5)): gprt, map, thread, marc, mem, ctx, trace and
 * tev; with GP_GPRT_RAW, the raw layer of the gmon.out it stands for too.
 */
#include <err.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gp/plugin.h>

#include "gmon/raw.h"
#include "gprt/compint.h"
#include "gprt/runtime.h"
#include "stream/stream.h"

static void
wobj(struct gp_writer *w, int id, uint64_t rel)
{
	if (id == -1)
		gp_wraw(w, "");
	else
		gp_wu64(w, (uint64_t)id);
	gp_whex(w, rel);
}

static void
waddr(struct gp_writer *w, const struct gp_gprt *g, uint64_t addr)
{
	uint64_t rel;
	int id;

	id = gp_gprt_obj(g, addr, &rel);
	wobj(w, id, rel);
}

static const char *const clocks[] = { "", "tsc", "mono", "cntvct" };
static const char *const tstates[] = { "", "running", "exited", "lost" };


static void
emitraw(const struct gp_gprt *g, struct gp_writer *w)
{
	struct gp_hist h;
	uint64_t low, high, nbins, i, b, maxbin, skip, *v;
	uint16_t *b16;
	size_t n;

	gp_wrecf(w, "profile", "srurxr", g->path, "gnu",
	    (uint64_t)(g->hdr.ptrsize * 8u),
	    gp_gprt_hostle() != g->swapped ? "le" : "be", (uint64_t)1,
	    "000000000000000000000000");
	/*
	 * The histogram as gp_gprt_gmon() writes it and gmon-cat reads it
	 * back: the stream's bins, like a file's, hold at most 65535
	 * samples, and the histogram is repeated for the rest (a function
	 * sampled 65536 times, 66 s at 1000 Hz, made a stream the next
	 * stage refused).
	 */
	gp_gprt_exerange(g, &low, &high, &nbins);
	memset(&h, 0, sizeof(h));
	h.low = low;
	h.high = high;
	h.nbins = (uint32_t)nbins;
	h.rate = g->bins != NULL ? (uint32_t)g->hz : 100;
	memcpy(h.dimen, "seconds", 7);
	h.abbrev = 's';
	maxbin = 0;
	b16 = NULL;
	if (g->bins != NULL) {
		/* 16-bit bins in this host's order, as read from a file */
		b16 = gp_xcalloc(nbins, sizeof(*b16));
		for (i = 0; i < nbins; i++)
			if (g->bins[i] > maxbin)
				maxbin = g->bins[i];
	}
	skip = 0;
	do {
		for (i = 0; b16 != NULL && i < nbins; i++) {
			b = g->bins[i] > skip ? g->bins[i] - skip : 0;
			b16[i] = (uint16_t)(b > 65535 ? 65535 : b);
		}
		gp_raw_emithist(w, &h, (const unsigned char *)b16, !gp_gprt_hostle());
		h.id++;
		skip += 65535;
	} while (skip < maxbin);
	free(b16);
	v = gp_gprt_exearcs(g, &n);
	for (i = 0; i < n; i++)
		gp_raw_emitarc(w, &(struct gp_arc){ .from = v[i * 3],
		    .self = v[i * 3 + 1], .count = v[i * 3 + 2] });
	free(v);
}

/* A thread's calling-context tree as ctx records, ids its node indexes. */
static void
emitcct(const struct gp_gprt *g, const struct gp_gprt_cct *c,
    struct gp_writer *w)
{
	const struct gp_gprt_cnode *x;
	size_t k;

	for (k = 1; k < c->n; k++) {
		x = &c->nodes[k];
		gp_wkind(w, "ctx");
		gp_wfields(w, "uuu", c->thread, (uint64_t)k, x->parent);
		if (x->fn == 0) {
			gp_wraw(w, "");
			gp_wraw(w, "");
			gp_wraw(w, "");
			gp_wraw(w, "");
		} else {
			waddr(w, g, x->fn);
			waddr(w, g, x->site);
		}
		if (g->sampled)
			gp_wraw(w, "");
		else
			gp_wu64(w, x->count);
		gp_wfields(w, "uuddr", x->self, x->incl,
		    (double)x->self / g->rate, (double)x->incl / g->rate,
		    x->fn == 0 ? "truncated" : "");
		gp_weol(w);
	}
}

/*
 * The calls of a timeline open from before its first event to after its
 * last: the outermost calls of the thread's stack at the end (a killed
 * run, or calls that exit(3) left open) below the depth of every event.
 * Known for a ring that kept the last events, or lost none; the stack
 * read whole and as deep as the collector's count.  Their number.
 */
static size_t
opencalls(const struct gp_gprt *g, const struct gp_gprt_trace *t,
    const struct gp_gprt_frame **fp)
{
	const struct gp_gprt_thread *th = NULL;
	uint64_t m, d;
	size_t i;

	*fp = NULL;
	if (t->first && t->lost > 0)
		return 0;
	for (i = 0; i < g->nthreads; i++)
		if (g->threads[i].slot == t->thread)
			th = &g->threads[i];
	if (th == NULL || th->frames == NULL || th->open != t->depth)
		return 0;
	m = t->depth;
	for (i = 0; i < t->n; i++) {
		d = t->ev[i].depth > 0 ? t->ev[i].depth - 1 : 0;
		if (d < m)
			m = d;
	}
	*fp = th->frames;
	return (size_t)m;
}

/* A thread's timeline: a trace record, then its events. */
static void
emittrace(const struct gp_gprt *g, const struct gp_gprt_trace *t,
    struct gp_writer *w)
{
	const struct gp_gprt_frame *f;
	const struct gp_gprt_tev *e;
	size_t i, nopen;

	nopen = opencalls(g, t, &f);
	gp_wrecf(w, "trace", "uuur", t->thread, (uint64_t)(t->n + nopen),
	    t->lost, t->first ? "first" : "last");
	for (i = 0; i < nopen; i++) {
		gp_wkind(w, "tev");
		gp_wfields(w, "uurudu", t->thread,
		    t->n > 0 ? t->ev[0].seq : t->lost, "open", f[i].t0,
		    f[i].t0 > g->hdr.cal0_ticks ?
		    (double)(f[i].t0 - g->hdr.cal0_ticks) / g->rate : 0.0,
		    (uint64_t)(i + 1));
		waddr(w, g, f[i].fn);
		waddr(w, g, f[i].site);
		gp_weol(w);
	}
	for (i = 0; i < t->n; i++) {
		e = &t->ev[i];
		gp_wkind(w, "tev");
		gp_wfields(w, "uurudu", t->thread, e->seq,
		    e->kind == GP_EV_ENTER ? "enter" : "leave", e->ticks,
		    e->ticks > g->hdr.cal0_ticks ?
		    (double)(e->ticks - g->hdr.cal0_ticks) / g->rate : 0.0,
		    (uint64_t)e->depth);
		waddr(w, g, e->fn);
		if (e->kind == GP_EV_ENTER)
			waddr(w, g, e->site);
		else {
			gp_wraw(w, "");
			gp_wraw(w, "");
		}
		gp_weol(w);
	}
}

void
gp_gprt_emit(const struct gp_gprt *g, struct gp_writer *w, unsigned flags)
{
	const struct gp_gprt_thread *t;
	const struct gp_gprt_arc *a;
	const struct gp_gprt_mem *m;
	const struct gp_gprt_obj *o;
	size_t i;

	if (flags & GP_GPRT_RAW)
		emitraw(g, w);
	/* sampled: ticks are nanoseconds of CPU time, as perf's cpu-clock */
	gp_wrecf(w, "gprt", "suurrdu", g->path, g->hdr.pid, g->hdr.ppid,
	    g->hdr.state == GPRT_EXITED ? "exited" : "unfinished",
	    g->sampled ? "cpu-clock" : clocks[g->hdr.clock], g->rate,
	    (uint64_t)g->nthreads);
	for (i = 0; i < g->nobjs; i++) {
		o = &g->objs[i];
		gp_wrecf(w, "map", "uxxxxs", o->id, o->bias, o->low, o->textlow,
		    o->texthigh, o->path);
	}
	for (i = 0; i < g->nthreads; i++) {
		t = &g->threads[i];
		gp_wrecf(w, "thread", "uuursuudu", t->slot, t->tid,
		    t->nthreads, tstates[t->state], t->name, t->calls,
		    t->ticks, (double)t->ticks / g->rate, t->open);
	}
	for (i = 0; i < g->narcs; i++) {
		a = &g->arcs[i];
		gp_wkind(w, "marc");
		gp_wu64(w, a->thread);
		wobj(w, a->sobj, a->srel);
		wobj(w, a->fobj, a->frel);
		if (g->sampled)
			gp_wraw(w, "");
		else
			gp_wu64(w, a->count);
		gp_wfields(w, "uudd", a->self, a->incl,
		    (double)a->self / g->rate, (double)a->incl / g->rate);
		gp_weol(w);
	}
	for (i = 0; i < g->nmems; i++) {
		m = &g->mems[i];
		gp_wkind(w, "mem");
		gp_wu64(w, m->thread);
		waddr(w, g, m->m.site);
		if (m->m.fn == 0) {
			gp_wraw(w, "");
			gp_wraw(w, "");
		} else
			waddr(w, g, m->m.fn);
		gp_rt_wmem(w, &m->m);
		gp_weol(w);
	}
	if (g->hdr.flags & GPRT_F_MEM)
		gp_wrecf(w, "memsum", "uu", g->hdr.mem_live, g->hdr.mem_peak);
	for (i = 0; i < g->ncct; i++)
		emitcct(g, &g->ccts[i], w);
	for (i = 0; i < g->ntrace; i++)
		emittrace(g, &g->traces[i], w);
}

void
gp_gprt_read(const char *path, struct gp_writer *w, unsigned flags)
{
	struct gp_gprt *g;

	g = gp_gprt_load(path);
	if (flags & GP_GPRT_MERGE)
		gp_gprt_merge(g);
	gp_gprt_emit(g, w, flags);
	gp_gprt_free(g);
}

