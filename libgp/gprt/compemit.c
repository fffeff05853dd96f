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

	gp_wkind(w, "profile");
	gp_wstr(w, g->path);
	gp_wraw(w, "gnu");
	gp_wu64(w, g->hdr.ptrsize * 8u);
	gp_wraw(w, gp_gprt_hostle() != g->swapped ? "le" : "be");
	gp_whex(w, 1);
	gp_wraw(w, "000000000000000000000000");
	gp_weol(w);
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
	for (i = 0; i < n; i++) {
		gp_wkind(w, "arc");
		gp_whex(w, v[i * 3]);
		gp_whex(w, v[i * 3 + 1]);
		gp_wu64(w, v[i * 3 + 2]);
		gp_weol(w);
	}
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
		gp_wu64(w, c->thread);
		gp_wu64(w, k);
		gp_wu64(w, x->parent);
		if (x->fn == 0) {
			gp_wraw(w, "");
			gp_wraw(w, "");
			gp_wraw(w, "");
			gp_wraw(w, "");
		} else {
			waddr(w, g, x->fn);
			waddr(w, g, x->site);
		}
		gp_wu64(w, x->count);
		gp_wu64(w, x->self);
		gp_wu64(w, x->incl);
		gp_wdbl(w, (double)x->self / g->rate);
		gp_wdbl(w, (double)x->incl / g->rate);
		gp_wraw(w, x->fn == 0 ? "truncated" : "");
		gp_weol(w);
	}
}

/* A thread's timeline: a trace record, then its events. */
static void
emittrace(const struct gp_gprt *g, const struct gp_gprt_trace *t,
    struct gp_writer *w)
{
	const struct gp_gprt_tev *e;
	size_t i;

	gp_wkind(w, "trace");
	gp_wu64(w, t->thread);
	gp_wu64(w, t->n);
	gp_wu64(w, t->lost);
	gp_wraw(w, t->first ? "first" : "last");
	gp_weol(w);
	for (i = 0; i < t->n; i++) {
		e = &t->ev[i];
		gp_wkind(w, "tev");
		gp_wu64(w, t->thread);
		gp_wu64(w, e->seq);
		gp_wraw(w, e->kind == GP_EV_ENTER ? "enter" : "leave");
		gp_wu64(w, e->ticks);
		gp_wdbl(w, e->ticks > g->hdr.cal0_ticks ?
		    (double)(e->ticks - g->hdr.cal0_ticks) / g->rate : 0.0);
		gp_wu64(w, e->depth);
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
	gp_wkind(w, "gprt");
	gp_wstr(w, g->path);
	gp_wu64(w, g->hdr.pid);
	gp_wu64(w, g->hdr.ppid);
	gp_wraw(w, g->hdr.state == GPRT_EXITED ? "exited" : "unfinished");
	gp_wraw(w, clocks[g->hdr.clock]);
	gp_wdbl(w, g->rate);
	gp_wu64(w, g->nthreads);
	gp_weol(w);
	for (i = 0; i < g->nobjs; i++) {
		o = &g->objs[i];
		gp_wkind(w, "map");
		gp_wu64(w, o->id);
		gp_whex(w, o->bias);
		gp_whex(w, o->low);
		gp_whex(w, o->textlow);
		gp_whex(w, o->texthigh);
		gp_wstr(w, o->path);
		gp_weol(w);
	}
	for (i = 0; i < g->nthreads; i++) {
		t = &g->threads[i];
		gp_wkind(w, "thread");
		gp_wu64(w, t->slot);
		gp_wu64(w, t->tid);
		gp_wu64(w, t->nthreads);
		gp_wraw(w, tstates[t->state]);
		gp_wstr(w, t->name);
		gp_wu64(w, t->calls);
		gp_wu64(w, t->ticks);
		gp_wdbl(w, (double)t->ticks / g->rate);
		gp_wu64(w, t->open);
		gp_weol(w);
	}
	for (i = 0; i < g->narcs; i++) {
		a = &g->arcs[i];
		gp_wkind(w, "marc");
		gp_wu64(w, a->thread);
		wobj(w, a->sobj, a->srel);
		wobj(w, a->fobj, a->frel);
		gp_wu64(w, a->count);
		gp_wu64(w, a->self);
		gp_wu64(w, a->incl);
		gp_wdbl(w, (double)a->self / g->rate);
		gp_wdbl(w, (double)a->incl / g->rate);
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
		gp_wu64(w, m->m.nmalloc);
		gp_wu64(w, m->m.ncalloc);
		gp_wu64(w, m->m.nrealloc);
		gp_wu64(w, m->m.nfree);
		gp_wu64(w, m->m.fails);
		gp_wu64(w, m->m.badfree);
		gp_wu64(w, m->m.bytes);
		gp_wu64(w, m->m.freedblocks);
		gp_wu64(w, m->m.freedbytes);
		gp_wu64(w, m->m.liveblocks);
		gp_wu64(w, m->m.livebytes);
		gp_wu64(w, m->m.peak);
		gp_weol(w);
	}
	if (g->hdr.flags & GPRT_F_MEM) {
		gp_wkind(w, "memsum");
		gp_wu64(w, g->hdr.mem_live);
		gp_wu64(w, g->hdr.mem_peak);
		gp_weol(w);
	}
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

