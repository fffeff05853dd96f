/*
 * Reading gprt(3) companion files (<gp/companion.h> gives the layout)
 * into memory, every field checked (companion.h).
 *
 * The activations still open on a thread's shadow stack when the process
 * ended (killed, or exit(3) called with other threads running or from
 * inside functions) are closed when the file is read, as the exits would
 * have closed them, at the end of the process: exit(3)'s time, or for a
 * process that died, the latest time any of its threads recorded.  A
 * thread blocked in a call stays open until then; its last event may be
 * long before.
 *
 * Longer than most files here: the checked reading of every block type
 * of the runtime's own, which the steps of gp_gprt_load() walk in turn.
 */
#include <sys/stat.h>

#include <assert.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gp/plugin.h>

#include "gmon/raw.h"
#include "gprt/companion.h"
#include "gprt/compread.h"
#include "stream/stream.h"

/*
 * The most calls a file may count, all its arcs together.  A gmon.out
 * counts an arc in 32 bits, so gp_gprt_gmon() writes an arc once for
 * each 2^32 of its calls: a damaged count of 2^62 meant 2^30 records
 * (17 GB) and a gmon-cat that seemed to hang.  2^52 calls take the hooks
 * (some nanoseconds each) months of nothing else; gp_gprt_gmon() then
 * writes at most 2^20 records more than there are arcs.
 */
#define MAXCALLS	((uint64_t)1 << 52)


static void
readfile(struct rd *r)
{
	struct stat st;
	ssize_t n;
	size_t cap;
	int fd;

	if ((fd = open(r->path, O_RDONLY)) == -1)
		err(1, "%s", r->path);
	cap = fstat(fd, &st) == 0 && st.st_size > 0 ? (size_t)st.st_size :
	    65536;
	r->buf = gp_xcalloc(cap, 1);
	r->size = 0;
	for (;;) {
		if (r->size == cap) {
			cap *= 2;
			r->buf = gp_xreallocarray(r->buf, cap, 1);
		}
		n = read(fd, r->buf + r->size, cap - r->size);
		if (n == -1) {
			if (errno == EINTR)
				continue;
			err(1, "%s", r->path);
		}
		if (n == 0)
			break;
		r->size += (uint64_t)n;
	}
	close(fd);
}

static void
header(struct rd *r, struct gp_gprt *g)
{
	struct gprt_hdr *h = &g->hdr;
	uint32_t order;

	if (r->size < 16 || memcmp(r->buf, GPRT_MAGIC, 8) != 0)
		gp_gprt_bad(r, 0, "not a gprt companion file (bad magic)");
	memcpy(&order, r->buf + offsetof(struct gprt_hdr, order), 4);
	if (order == GPRT_ORDER)
		r->swap = 0;
	else if (order == __builtin_bswap32(GPRT_ORDER))
		r->swap = 1;
	else
		gp_gprt_bad(r, offsetof(struct gprt_hdr, order), "bad byte-order mark");
	g->swapped = r->swap;
	memcpy(h->magic, r->buf, 8);
	h->order = GPRT_ORDER;
	if ((h->version = H32(version)) != GPRT_VERSION)
		gp_gprt_bad(r, offsetof(struct gprt_hdr, version),
		    "version %" PRIu32 " not supported", h->version);
	h->hdrsize = H32(hdrsize);
	if (h->hdrsize < sizeof(*h) || h->hdrsize % 8 != 0)
		gp_gprt_bad(r, offsetof(struct gprt_hdr, hdrsize),
		    "bad header size %" PRIu32, h->hdrsize);
	if (h->hdrsize > r->size)
		gp_gprt_bad(r, r->size, "unexpected end of file in the header");
	h->ptrsize = H32(ptrsize);
	if (h->ptrsize != 4 && h->ptrsize != 8)
		gp_gprt_bad(r, offsetof(struct gprt_hdr, ptrsize),
		    "bad address size %" PRIu32, h->ptrsize);
	h->end = H64(end);
	if (h->end < h->hdrsize || h->end > r->size)
		gp_gprt_bad(r, offsetof(struct gprt_hdr, end), "tables end at %" PRIu64
		    ", outside the file's %" PRIu64 " bytes", h->end, r->size);
	h->base = H64(base);
	h->pid = H64(pid);
	h->ppid = H64(ppid);
	h->state = H32(state);
	h->clock = H32(clock);
	if (h->state != GPRT_RUNNING && h->state != GPRT_EXITED)
		gp_gprt_bad(r, offsetof(struct gprt_hdr, state), "bad state %" PRIu32,
		    h->state);
	if (h->clock < GPRT_CLK_TSC || h->clock > GPRT_CLK_CNTVCT)
		gp_gprt_bad(r, offsetof(struct gprt_hdr, clock), "bad clock %" PRIu32,
		    h->clock);
	h->cal0_ticks = H64(cal0_ticks);
	h->cal0_ns = H64(cal0_ns);
	h->cal1_ticks = H64(cal1_ticks);
	h->cal1_ns = H64(cal1_ns);
	h->end_ticks = H64(end_ticks);
	h->end_ns = H64(end_ns);
	h->start_sec = H64(start_sec);
	h->flags = H64(flags);
	h->fork_ticks = H64(fork_ticks);
	h->mem_live = H64(mem_live);
	h->mem_peak = H64(mem_peak);
	h->nthreads = H64(nthreads);
	h->switches = H64(switches);
}

/* Ticks per second, from the widest calibration interval we have. */
static double
rate(const struct gp_gprt *g, const struct tinfo *ti)
{
	const struct gprt_hdr *h = &g->hdr;
	uint64_t t, ns;
	size_t i;

	if (h->clock == GPRT_CLK_MONO)
		return 1e9;
	/* ti: an entry per thread, grown with them by blk_thread() */
	assert(g->nthreads == 0 || ti != NULL);
	t = h->cal1_ticks;
	ns = h->cal1_ns;
	for (i = 0; i < g->nthreads; i++)
		if (ti[i].cp_ns > ns && ti[i].cp_ticks > h->cal0_ticks) {
			t = ti[i].cp_ticks;
			ns = ti[i].cp_ns;
		}
	if (h->end_ns > ns && h->end_ticks > h->cal0_ticks) {
		t = h->end_ticks;
		ns = h->end_ns;
	}
	if (ns <= h->cal0_ns || t <= h->cal0_ticks)
		return 1e9;
	return (double)(t - h->cal0_ticks) * 1e9 / (double)(ns - h->cal0_ns);
}

static int
cmparc(const void *a, const void *b)
{
	const struct gp_gprt_arc *x = a, *y = b;

	if (x->thread != y->thread)
		return x->thread < y->thread ? -1 : 1;
	if (x->sobj != y->sobj)
		return x->sobj < y->sobj ? -1 : 1;
	if (x->srel != y->srel)
		return x->srel < y->srel ? -1 : 1;
	if (x->fobj != y->fobj)
		return x->fobj < y->fobj ? -1 : 1;
	if (x->frel != y->frel)
		return x->frel < y->frel ? -1 : 1;
	return 0;
}

static int
cmpmem(const void *a, const void *b)
{
	const struct gp_gprt_mem *x = a, *y = b;

	if (x->thread != y->thread)
		return x->thread < y->thread ? -1 : 1;
	if (x->m.site != y->m.site)
		return x->m.site < y->m.site ? -1 : 1;
	if (x->m.fn != y->m.fn)
		return x->m.fn < y->m.fn ? -1 : 1;
	return 0;
}

struct fnidx {
	uint64_t	fn;
	size_t		i;
};

static int
cmpfn(const void *a, const void *b)
{
	const struct fnidx *x = a, *y = b;

	if (x->fn != y->fn)
		return x->fn < y->fn ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

static int
cmpslot(const void *a, const void *b)
{
	const struct fnidx *x = a, *y = b;

	return x->fn < y->fn ? -1 : x->fn > y->fn;
}

/*
 * The arc a frame points to, as an index into g->arcs.  The ARCS blocks
 * are in file order: a binary search finds the one holding addr.
 */
static size_t
framearc(const struct rd *r, const struct gp_gprt *g, const struct ablk *ab,
    size_t nab, uint64_t foff, uint64_t addr)
{
	uint64_t off, k;
	size_t lo, hi, mid;

	off = addr - g->hdr.base;
	lo = 0;
	hi = nab;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (ab[mid].off <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo > 0) {
		lo--;
		k = off - ab[lo].off;
		if (k >= BLKSZ && k < BLKSZ + ab[lo].n *
		    sizeof(struct gprt_arc) &&
		    (k - BLKSZ) % sizeof(struct gprt_arc) == 0)
			return ab[lo].first + (k - BLKSZ) /
			    sizeof(struct gprt_arc);
	}
	gp_gprt_bad(r, foff, "frame points to 0x%" PRIx64 ", not an arc", addr);
}

/*
 * The latest time thread ti is known to have reached, from its stack
 * block sb: every frame ever pushed there holds its entry time and the
 * time of its finished callees, which ran after it, and pops leave them,
 * so the slots above the top hold the calls the top made last.  A loop
 * calling short functions, or a function that returned to one that makes
 * no calls, records nothing else until the thread's next checkpoint.
 */
static uint64_t
stacklast(const struct rd *r, const struct tinfo *ti, const struct sblk *sb)
{
	uint64_t i, foff, t0, c, last;

	last = ti->last;
	for (i = 1; i < sb->cap; i++) {
		foff = sb->off + BLKSZ + i * sizeof(struct gprt_frame);
		t0 = F64(foff, struct gprt_frame, t0);
		c = F64(foff, struct gprt_frame, child);
		if (t0 + c >= t0 && t0 + c > last)	/* not a damaged sum */
			last = t0 + c;
		else if (t0 > last)
			last = t0;
	}
	return last;
}

/*
 * Close the open activations of a thread at time last (or later, if a
 * frame says so), as the runtime's exits would have: self and inclusive
 * time, outermost activations of each function only for the inclusive
 * time.
 */
static void
closeframes(const struct rd *r, struct gp_gprt *g, struct gp_gprt_thread *t,
    struct tinfo *ti, const struct ablk *ab, size_t nab)
{
	struct fnidx *fi;
	size_t *arc, i, n;
	uint64_t *t0, *child, foff, last, el, extra, c;
	unsigned char *outer;

	n = 0;
	arc = gp_xcalloc(ti->depth, sizeof(*arc));
	t0 = gp_xcalloc(ti->depth, sizeof(*t0));
	child = gp_xcalloc(ti->depth, sizeof(*child));
	fi = gp_xcalloc(ti->depth, sizeof(*fi));
	outer = gp_xcalloc(ti->depth, 1);
	last = ti->last;
	for (i = 1; i <= ti->depth; i++) {
		foff = ti->stack + BLKSZ + i * sizeof(struct gprt_frame);
		if (F64(foff, struct gprt_frame, arc) == 0)
			continue;	/* killed between push and fill */
		arc[n] = framearc(r, g, ab, nab, foff,
		    F64(foff, struct gprt_frame, arc));
		t0[n] = F64(foff, struct gprt_frame, t0);
		child[n] = F64(foff, struct gprt_frame, child);
		if (t0[n] > last)
			last = t0[n];
		fi[n].fn = g->arcs[arc[n]].fn;
		fi[n].i = n;
		n++;
	}
	/*
	 * The top frame lasted at least as long as its finished callees,
	 * and each frame began after its earlier callees had finished.
	 */
	if (n > 0 && t0[n - 1] + child[n - 1] > last)
		last = t0[n - 1] + child[n - 1];
	ti->closed = last;
	gp_sort(fi, n, sizeof(*fi), cmpfn);
	for (i = 0; i < n; i++)
		if (i == 0 || fi[i].fn != fi[i - 1].fn)
			outer[fi[i].i] = 1;
	extra = 0;
	for (i = n; i-- > 0;) {
		el = last > t0[i] ? last - t0[i] : 0;
		c = child[i] + extra;
		if (el < c)
			el = c;
		g->arcs[arc[i]].self += el - c;
		if (outer[i])
			g->arcs[arc[i]].incl += el;
		extra = el;
	}
	t->ticks += extra;
	t->open = n;
	/* the calls open at the end, for the timelines (compemit.c) */
	if (n == ti->depth) {
		t->frames = gp_xcalloc(n, sizeof(*t->frames));
		for (i = 0; i < n; i++) {
			t->frames[i].fn = g->arcs[arc[i]].fn;
			t->frames[i].site = g->arcs[arc[i]].site;
			t->frames[i].t0 = t0[i];
		}
	}
	free(arc);
	free(t0);
	free(child);
	free(fi);
	free(outer);
}

/* What the reader keeps while it walks the blocks of one file. */
struct load {
	struct rd	 rd;
	struct gp_gprt	*g;
	struct ablk	*ab;		/* ARCS blocks */
	size_t		 nab;
	struct sblk	*sb;		/* STACK blocks */
	size_t		 nsb;
	struct tinfo	*ti;		/* by thread, as g->threads */
	struct cinfo	*ci;		/* by tree, as g->ccts */
	uint64_t	 calls;		/* all arcs' so far */
};

static void
blk_thread(struct load *L, uint64_t off, uint64_t thread, uint64_t size)
{
	const struct rd *r = &L->rd;
	struct gp_gprt *g = L->g;
	struct gp_gprt_thread *t;
	struct tinfo *ti;
	uint64_t k;
	size_t j;

	if (size < sizeof(struct gprt_thread))
		gp_gprt_bad(r, off, "thread block too short");
	k = F64(off, struct gprt_thread, slot);
	if (k == 0 || k != thread)
		gp_gprt_bad(r, off, "bad thread slot %" PRIu64, k);
	for (j = 0; j < g->nthreads; j++)
		if (g->threads[j].slot == k)
			gp_gprt_bad(r, off, "thread slot %" PRIu64 " twice", k);
	g->threads = gp_xreallocarray(g->threads, g->nthreads + 1,
	    sizeof(*g->threads));
	L->ti = gp_xreallocarray(L->ti, g->nthreads + 1, sizeof(*L->ti));
	t = &g->threads[g->nthreads];
	memset(t, 0, sizeof(*t));
	t->slot = k;
	t->tid = F64(off, struct gprt_thread, tid);
	t->nthreads = F64(off, struct gprt_thread, nthreads);
	t->state = F64(off, struct gprt_thread, state);
	if (t->state < GPRT_T_RUNNING || t->state > GPRT_T_LOST)
		gp_gprt_bad(r, off, "bad thread state %" PRIu64, t->state);
	memcpy(t->name, r->buf + off + offsetof(struct gprt_thread, name), 16);
	t->name[16] = '\0';
	t->cpu_ns = F64(off, struct gprt_thread, cpu_ns);
	t->masked_ns = F64(off, struct gprt_thread, masked_ns);
	ti = &L->ti[g->nthreads];
	ti->off = off;
	ti->top = F64(off, struct gprt_thread, top);
	ti->stack = F64(off, struct gprt_thread, stack);
	ti->last = F64(off, struct gprt_thread, last);
	ti->cp_ticks = F64(off, struct gprt_thread, cp_ticks);
	ti->cp_ns = F64(off, struct gprt_thread, cp_ns);
	g->nthreads++;
}

static void
blk_stack(struct load *L, uint64_t off, uint64_t thread, uint64_t size,
    uint64_t cap)
{
	if (cap > (size - BLKSZ) / sizeof(struct gprt_frame))
		gp_gprt_bad(&L->rd, off, "stack block holds fewer than its %" PRIu64
		    " frames", cap);
	L->sb = gp_xreallocarray(L->sb, L->nsb + 1, sizeof(*L->sb));
	L->sb[L->nsb].off = off;
	L->sb[L->nsb].cap = cap;
	L->sb[L->nsb].thread = thread;
	L->nsb++;
}

static void
blk_arcs(struct load *L, uint64_t off, uint64_t thread, uint64_t size,
    uint64_t n, uint64_t cap)
{
	const struct rd *r = &L->rd;
	struct gp_gprt *g = L->g;
	struct gp_gprt_arc *a;
	uint64_t i, k;

	if (cap > (size - BLKSZ) / sizeof(struct gprt_arc) || n > cap)
		gp_gprt_bad(r, off, "arc block: %" PRIu64 " of %" PRIu64
		    " arcs do not fit", n, cap);
	L->ab = gp_xreallocarray(L->ab, L->nab + 1, sizeof(*L->ab));
	L->ab[L->nab].off = off;
	L->ab[L->nab].n = n;
	L->ab[L->nab].first = g->narcs;
	L->nab++;
	g->arcs = gp_xreallocarray(g->arcs, g->narcs + n, sizeof(*g->arcs));
	for (i = 0; i < n; i++) {
		k = off + BLKSZ + i * sizeof(struct gprt_arc);
		a = &g->arcs[g->narcs++];
		a->thread = thread;
		a->site = F64(k, struct gprt_arc, site);
		a->fn = F64(k, struct gprt_arc, fn);
		a->count = F64(k, struct gprt_arc, count);
		if (a->count > MAXCALLS - L->calls)
			gp_gprt_bad(r, k + offsetof(struct gprt_arc, count), "more "
			    "than 2^52 calls in all: a damaged count");
		L->calls += a->count;
		a->self = F64(k, struct gprt_arc, self);
		a->incl = F64(k, struct gprt_arc, incl);
		a->nmaps = g->nobjs;
	}
}

static void
blk_map(struct load *L, uint64_t off, uint64_t size)
{
	const struct rd *r = &L->rd;
	struct gp_gprt *g = L->g;
	struct gp_gprt_obj *o;
	uint64_t k;

	if (size < sizeof(struct gprt_map))
		gp_gprt_bad(r, off, "map block too short");
	k = F64(off, struct gprt_map, pathlen);
	if (k > size - sizeof(struct gprt_map))
		gp_gprt_bad(r, off, "map path of %" PRIu64 " bytes does not fit", k);
	g->objs = gp_xreallocarray(g->objs, g->nobjs + 1, sizeof(*g->objs));
	o = &g->objs[g->nobjs++];
	o->id = F64(off, struct gprt_map, id);
	o->bias = F64(off, struct gprt_map, bias);
	o->low = F64(off, struct gprt_map, low);
	o->textlow = F64(off, struct gprt_map, textlow);
	o->texthigh = F64(off, struct gprt_map, texthigh);
	o->path = gp_xcalloc(k + 1, 1);
	memcpy(o->path, r->buf + off + sizeof(struct gprt_map), k);
	if (o->id != g->nobjs - 1)
		gp_gprt_bad(r, off, "map id %" PRIu64 " out of order", o->id);
	/* a 32-bit process's addresses, and its gmon.out's */
	if (g->hdr.ptrsize == 4 && (o->low > UINT32_MAX ||
	    o->textlow > UINT32_MAX || o->texthigh > UINT32_MAX))
		gp_gprt_bad(r, off, "map %" PRIu64 ": address beyond 32 bits in a "
		    "32-bit process", o->id);
	/*
	 * The executable's text is what the histogram of the gmon.out
	 * covers (exerange()), 2 bytes a bin counted in 32 bits: a text of
	 * 2^45 bytes meant a truncated bin count and 2^44 bins written.
	 */
	if (o->id == 0 && o->texthigh > o->low &&
	    o->texthigh - o->low >= (uint64_t)1 << 33)
		gp_gprt_bad(r, off, "executable's text of %" PRIu64 " bytes: more "
		    "than a gmon.out histogram covers", o->texthigh - o->low);
}

static void
blk_hist(struct load *L, uint64_t off, uint64_t size)
{
	const struct rd *r = &L->rd;
	struct gp_gprt *g = L->g;
	uint64_t i, k;

	if (size < sizeof(struct gprt_hist))
		gp_gprt_bad(r, off, "histogram block too short");
	k = F64(off, struct gprt_hist, nbins);
	if (k > (size - sizeof(struct gprt_hist)) / 4)
		gp_gprt_bad(r, off, "%" PRIu64 " bins do not fit", k);
	if (g->bins != NULL)
		gp_gprt_bad(r, off, "second histogram");
	g->histlow = F64(off, struct gprt_hist, low);
	g->histhigh = F64(off, struct gprt_hist, high);
	g->hz = F64(off, struct gprt_hist, hz);
	g->outside = F64(off, struct gprt_hist, outside);
	/* the gmon.out's rate is 32-bit */
	if (g->histhigh < g->histlow || g->hz == 0 || g->hz > UINT32_MAX ||
	    (g->hdr.ptrsize == 4 && g->histhigh > UINT32_MAX))
		gp_gprt_bad(r, off, "bad histogram range or rate");
	g->nbins = k;
	g->bins = gp_xcalloc(k, sizeof(*g->bins));
	for (i = 0; i < k; i++)
		g->bins[i] = get32(r, off + sizeof(struct gprt_hist) + i * 4);
}

static void
blk_mem(struct load *L, uint64_t off, uint64_t thread, uint64_t size,
    uint64_t n, uint64_t cap)
{
	const struct rd *r = &L->rd;
	struct gp_gprt *g = L->g;
	struct gp_gprt_mem *m;
	uint64_t i, k;
	size_t j;

	if (cap > (size - BLKSZ) / sizeof(struct gprt_mem) || n > cap)
		gp_gprt_bad(r, off, "memory block: %" PRIu64 " of %" PRIu64
		    " sites do not fit", n, cap);
	g->mems = gp_xreallocarray(g->mems, g->nmems + n, sizeof(*g->mems));
	for (i = 0; i < n; i++) {
		k = off + BLKSZ + i * sizeof(struct gprt_mem);
		m = &g->mems[g->nmems++];
		m->thread = thread;
		for (j = 0; j < sizeof(m->m) / 8; j++)
			((uint64_t *)(void *)&m->m)[j] = get64(r, k + j * 8);
	}
}

/* Every block of the tables, each checked and kept by its type. */
static void
readblocks(struct load *L)
{
	const struct rd *r = &L->rd;
	struct gp_gprt *g = L->g;
	uint64_t off, size, n, cap, type, thread;

	for (off = g->hdr.hdrsize; off < g->hdr.end; off += size) {
		if (off + BLKSZ > g->hdr.end)
			gp_gprt_bad(r, off, "block header runs past the end of the "
			    "tables");
		type = get32(r, off + offsetof(struct gprt_blk, type));
		thread = get32(r, off + offsetof(struct gprt_blk, thread));
		size = get64(r, off + offsetof(struct gprt_blk, size));
		n = get64(r, off + offsetof(struct gprt_blk, n));
		cap = get64(r, off + offsetof(struct gprt_blk, cap));
		if (size < BLKSZ || size % 8 != 0 || size > g->hdr.end - off)
			gp_gprt_bad(r, off, "bad block size %" PRIu64, size);
		switch (type) {
		case GPRT_B_THREAD:
			blk_thread(L, off, thread, size);
			break;
		case GPRT_B_STACK:
			blk_stack(L, off, thread, size, cap);
			break;
		case GPRT_B_ARCS:
			blk_arcs(L, off, thread, size, n, cap);
			break;
		case GPRT_B_MAP:
			blk_map(L, off, size);
			break;
		case GPRT_B_HIST:
			blk_hist(L, off, size);
			break;
		case GPRT_B_MEM:
			blk_mem(L, off, thread, size, n, cap);
			break;
		case GPRT_B_DEAD:
			break;
		case GPRT_B_SAMPLE:
			gp_gprt_sampblock(r, g, off, thread, size);
			break;
		case GPRT_B_COLL:
			if (cap == GP_COLL_CCT)
				gp_gprt_cctblock(r, g, &L->ci, off, thread, size);
			else if (cap == GP_COLL_TRACE)
				gp_gprt_traceblock(r, g, off, thread, size);
			break;		/* other collectors' */
		default:
			gp_gprt_bad(r, off, "unknown block type %" PRIu64, type);
		}
	}
}

/*
 * Each thread's last known time: its checkpoint, the collectors' events
 * after it (a killed thread's open calls end at its last event known),
 * and its stack's; and its depth, its stack checked.
 */
static void
lasttimes(struct load *L)
{
	const struct rd *r = &L->rd;
	struct gp_gprt *g = L->g;
	struct tinfo *ti = L->ti;
	const struct gp_gprt_trace *tr;
	struct gp_gprt_thread *t;
	uint64_t k;
	size_t i, j;

	/*
	 * An entry per thread and per tree: blk_thread() and
	 * gp_gprt_cctblock() grow ti and L->ci with g->threads and g->ccts.
	 */
	assert(g->nthreads == 0 || ti != NULL);
	assert(g->ncct == 0 || L->ci != NULL);
	for (i = 0; i < g->ncct; i++)
		for (j = 0; j < g->nthreads; j++)
			if (g->threads[j].slot == g->ccts[i].thread &&
			    L->ci[i].last > ti[j].last)
				ti[j].last = L->ci[i].last;
	for (i = 0; i < g->ntrace; i++) {
		tr = &g->traces[i];
		for (j = 0; j < g->nthreads; j++)
			if (g->threads[j].slot == tr->thread && tr->n > 0 &&
			    !tr->first && tr->ev[tr->n - 1].ticks > ti[j].last)
				ti[j].last = tr->ev[tr->n - 1].ticks;
	}
	for (j = 0; j < g->nthreads; j++) {
		t = &g->threads[j];
		for (i = 0; i < L->nsb; i++)
			if (L->sb[i].off == ti[j].stack)
				break;
		if (i == L->nsb || L->sb[i].thread != t->slot ||
		    L->sb[i].cap == 0)
			gp_gprt_bad(r, ti[j].off, "thread %" PRIu64 ": no stack at "
			    "offset %" PRIu64, t->slot, ti[j].stack);
		/* frame 0 is the root: its child time is the thread's total */
		t->ticks = F64(ti[j].stack + BLKSZ, struct gprt_frame, child);
		k = g->hdr.base + ti[j].stack + BLKSZ;
		if (ti[j].top < k ||
		    (ti[j].top - k) % sizeof(struct gprt_frame) != 0)
			gp_gprt_bad(r, ti[j].off, "thread %" PRIu64 ": top frame 0x%"
			    PRIx64 " not in its stack", t->slot, ti[j].top);
		ti[j].depth = (ti[j].top - k) / sizeof(struct gprt_frame);
		if (ti[j].depth >= L->sb[i].cap)
			gp_gprt_bad(r, ti[j].off, "thread %" PRIu64 ": depth %" PRIu64
			    " beyond its stack of %" PRIu64, t->slot,
			    ti[j].depth, L->sb[i].cap);
		ti[j].last = stacklast(r, &ti[j], &L->sb[i]);
	}
}

/*
 * The end of the process: exit(3), or the latest time any thread
 * recorded.  A thread that had not ended was running then, and its open
 * calls with it; threads lost at a fork ended at the fork.  The open
 * calls close then, as their exits would have closed them.
 */
static void
closeall(struct load *L)
{
	struct gp_gprt *g = L->g;
	struct tinfo *ti = L->ti;
	struct gp_gprt_thread *t;
	uint64_t end;
	size_t j;

	end = g->hdr.state == GPRT_EXITED ? g->hdr.end_ticks : 0;
	for (j = 0; j < g->nthreads; j++)
		if (g->threads[j].state != GPRT_T_LOST && ti[j].last > end)
			end = ti[j].last;
	for (j = 0; j < g->nthreads; j++) {
		t = &g->threads[j];
		if (t->state != GPRT_T_LOST && ti[j].depth > 0 &&
		    end > ti[j].last)
			ti[j].last = end;
		ti[j].closed = ti[j].last;
		if (ti[j].depth > 0)
			closeframes(&L->rd, g, t, &ti[j], L->ab, L->nab);
	}
}

/* Each thread's calls, from its arcs (sorted: a thread's are together). */
static void
threadcalls(struct load *L)
{
	struct gp_gprt *g = L->g;
	struct fnidx *bys, key, *found;
	size_t i, j, k;

	bys = gp_xcalloc(g->nthreads, sizeof(*bys));
	for (j = 0; j < g->nthreads; j++) {
		bys[j].fn = g->threads[j].slot;
		bys[j].i = j;
	}
	gp_sort(bys, g->nthreads, sizeof(*bys), cmpfn);
	for (i = 0; i < g->narcs; i = k) {
		key.fn = g->arcs[i].thread;
		key.i = 0;
		for (k = i; k < g->narcs && g->arcs[k].thread == key.fn; k++)
			;
		if ((found = bsearch(&key, bys, g->nthreads, sizeof(*bys),
		    cmpslot)) == NULL)
			gp_gprt_bad(&L->rd, g->hdr.hdrsize, "arcs of thread %" PRIu64
			    ", which has no record", key.fn);
		for (; i < k; i++)
			g->threads[found->i].calls += g->arcs[i].count;
	}
	free(bys);
}

/* The file in L->rd read: its tables, checked, into L->g. */
/*
 * What the runtime could not measure in a hostile program (gprt(3),
 * Hostile programs), one line each, as truncated contexts are said:
 * stacks switched under the shadow stack, SIGPROF taken by the program,
 * threads that ran with SIGPROF blocked, where no PC sample reaches.
 */
static void
limits(const struct rd *r, const struct gp_gprt *g)
{
	const struct gp_gprt_thread *t;
	uint64_t period;
	size_t i;

	if (r->catch != NULL)		/* gp-top's snapshots: no lines */
		return;
	if (g->hdr.switches > 0)
		warnx("%s: %" PRIu64 " stack switches (swapcontext, "
		    "setcontext): calls are counted, but the times of calls "
		    "open across a switch are not measured right", r->path,
		    g->hdr.switches);
	if (!(g->hdr.flags & (GPRT_F_HIST | GPRT_F_SAMPLE)))
		return;
	if (g->hdr.flags & GPRT_F_PROFLOST)
		warnx("%s: the program installed its own SIGPROF handler or "
		    "ITIMER_PROF timer: PC samples stopped or changed rate "
		    "then; calls and measured times are whole", r->path);
	/* less than a sample period would have had no sample anyway */
	period = 1000000000u / (g->hz > 0 && g->hz <= 1000000000u ? g->hz :
	    100);
	for (i = 0; i < g->nthreads; i++) {
		t = &g->threads[i];
		if (t->masked_ns >= period)
			warnx("%s: thread %" PRIu64 " (%s): ran %.3f of its "
			    "%.3f s of CPU time with SIGPROF blocked: no PC "
			    "samples from it then (a blocked signal cannot "
			    "interrupt it)", r->path,
			    t->slot, t->name, (double)t->masked_ns / 1e9,
			    (double)t->cpu_ns / 1e9);
	}
}

static void
parse(struct load *L)
{
	struct gp_gprt *g = L->g;
	struct gp_gprt_arc *a;
	size_t j;

	header(&L->rd, g);
	readblocks(L);
	lasttimes(L);
	closeall(L);
	gp_gprt_cctfinish(&L->rd, g, L->ti, L->ci);
	g->rate = rate(g, L->ti);
	gp_gprt_ccttrunc(&L->rd, g, L->ci);
	gp_gprt_sampfinish(&L->rd, g);
	for (j = 0; j < g->narcs; j++) {
		a = &g->arcs[j];
		a->sobj = gp_gprt_objat(g, a->site, a->nmaps, &a->srel);
		a->fobj = gp_gprt_objat(g, a->fn, a->nmaps, &a->frel);
	}
	gp_sort(g->arcs, g->narcs, sizeof(*g->arcs), cmparc);
	gp_sort(g->mems, g->nmems, sizeof(*g->mems), cmpmem);
	threadcalls(L);
	limits(&L->rd, g);
	free(L->ci);
	free(L->ab);
	free(L->sb);
	free(L->ti);
}

struct gp_gprt *
gp_gprt_load(const char *path)
{
	struct load l, *L = &l;

	memset(L, 0, sizeof(*L));
	L->g = gp_xcalloc(1, sizeof(*L->g));
	L->g->path = gp_xstrdup(path);
	L->rd.path = L->g->path;
	readfile(&L->rd);
	parse(L);
	free(L->rd.buf);
	return L->g;
}

/*
 * A copy of a running program's file: a reader that finds it malformed
 * (the copy caught a table between two of the runtime's stores) gets
 * NULL and the message, and may copy it again.  What a malformed copy
 * had allocated is freed but for the collectors' nodes and events, whose
 * arrays may be half made then.
 */
struct gp_gprt *
gp_gprt_loadbuf(const char *path, unsigned char *buf, size_t size,
    char *msg, size_t msglen)
{
	struct load *L;
	struct gp_gprt *g;
	jmp_buf jb;
	size_t i;

	L = gp_xcalloc(1, sizeof(*L));
	L->g = gp_xcalloc(1, sizeof(*L->g));
	L->g->path = gp_xstrdup(path);
	L->rd.path = L->g->path;
	L->rd.buf = buf;
	L->rd.size = size;
	L->rd.catch = &jb;
	L->rd.msg = msg;
	L->rd.msglen = msglen;
	if (setjmp(jb) != 0) {
		g = L->g;
		for (i = 0; i < g->nobjs; i++)
			free(g->objs[i].path);
		free(g->objs);
		free(g->threads);
		free(g->arcs);
		free(g->mems);
		free(g->bins);
		free(g->ccts);
		free(g->traces);
		for (i = 0; i < g->nsamp; i++)
			free(g->samps[i].nodes);
		free(g->samps);
		free(g->path);
		free(g);
		free(L->ci);
		free(L->ab);
		free(L->sb);
		free(L->ti);
		free(L);
		return NULL;
	}
	parse(L);
	L->rd.catch = NULL;
	g = L->g;
	free(L);
	return g;
}

/* Sum the threads' arcs and memory sites into thread 0. */
void
gp_gprt_merge(struct gp_gprt *g)
{
	size_t i, n;
	uint64_t *p, *q;

	for (i = 0; i < g->narcs; i++)
		g->arcs[i].thread = 0;
	gp_sort(g->arcs, g->narcs, sizeof(*g->arcs), cmparc);
	for (i = n = 0; i < g->narcs; i++) {
		if (n > 0 && cmparc(&g->arcs[n - 1], &g->arcs[i]) == 0) {
			g->arcs[n - 1].count += g->arcs[i].count;
			g->arcs[n - 1].self += g->arcs[i].self;
			g->arcs[n - 1].incl += g->arcs[i].incl;
		} else
			g->arcs[n++] = g->arcs[i];
	}
	g->narcs = n;
	for (i = 0; i < g->nmems; i++)
		g->mems[i].thread = 0;
	gp_sort(g->mems, g->nmems, sizeof(*g->mems), cmpmem);
	for (i = n = 0; i < g->nmems; i++) {
		if (n > 0 && cmpmem(&g->mems[n - 1], &g->mems[i]) == 0) {
			p = &g->mems[n - 1].m.nmalloc;
			q = &g->mems[i].m.nmalloc;
			/* every counter from nmalloc on adds up, but peak */
			for (; q < &g->mems[i].m.peak; p++, q++)
				*p += *q;
			if (g->mems[i].m.peak > g->mems[n - 1].m.peak)
				g->mems[n - 1].m.peak = g->mems[i].m.peak;
		} else
			g->mems[n++] = g->mems[i];
	}
	g->nmems = n;
	gp_gprt_mergecct(g);
}

/*
 * The object holding run-time address addr of an arc whose block came
 * after nmaps map records: the last of those covering it, else the first
 * recorded since (dlclose and a new object at the same addresses, map.c
 * of libgprt); its id, and addr in it.
 */
int
gp_gprt_objat(const struct gp_gprt *g, uint64_t addr, uint64_t nmaps,
    uint64_t *rel)
{
	size_t i;

	if (nmaps > g->nobjs)
		nmaps = g->nobjs;
	for (i = nmaps; i-- > 0;)
		if (addr - g->objs[i].bias >= g->objs[i].textlow &&
		    addr - g->objs[i].bias < g->objs[i].texthigh) {
			*rel = addr - g->objs[i].bias;
			return (int)i;
		}
	for (i = nmaps; i < g->nobjs; i++)
		if (addr - g->objs[i].bias >= g->objs[i].textlow &&
		    addr - g->objs[i].bias < g->objs[i].texthigh) {
			*rel = addr - g->objs[i].bias;
			return (int)i;
		}
	*rel = addr;
	return -1;
}

/* The object holding run-time address addr: its id, and addr in it. */
int
gp_gprt_obj(const struct gp_gprt *g, uint64_t addr, uint64_t *rel)
{
	size_t i;

	for (i = g->nobjs; i-- > 0;)
		if (addr - g->objs[i].bias >= g->objs[i].textlow &&
		    addr - g->objs[i].bias < g->objs[i].texthigh) {
			*rel = addr - g->objs[i].bias;
			return (int)i;
		}
	*rel = addr;
	return -1;
}

void
gp_gprt_free(struct gp_gprt *g)
{
	size_t i;

	if (g == NULL)
		return;
	for (i = 0; i < g->nobjs; i++)
		free(g->objs[i].path);
	free(g->objs);
	for (i = 0; i < g->nthreads; i++)
		free(g->threads[i].frames);
	free(g->threads);
	free(g->arcs);
	free(g->mems);
	free(g->bins);
	for (i = 0; i < g->ncct; i++)
		free(g->ccts[i].nodes);
	free(g->ccts);
	for (i = 0; i < g->ntrace; i++)
		free(g->traces[i].ev);
	free(g->traces);
	for (i = 0; i < g->nsamp; i++)
		free(g->samps[i].nodes);
	free(g->samps);
	free(g->path);
	free(g);
}

