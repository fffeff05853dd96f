/*
 * The SAMPLE blocks of a companion file (<gp/companion.h>, GPRT_SAMPLE):
 * each thread's tree of sampled frame addresses, read and checked, then
 * made into what the perf input format makes of perf's samples
 * (gp-perf(7)), so that the later stages need nothing new:
 *  - each frame's function: the start, in its object, of the function
 *    holding the address, from the object's function symbols (.symtab,
 *    else .dynsym) and, for code they do not cover (a stripped
 *    program), the function starts of its .eh_frame_hdr table, read
 *    with libelf; an address in no object, or before every start, is
 *    its own function;
 *  - a measured arc (marc) per call site and callee, with the samples'
 *    times (each sample its block's period in nanoseconds): self for
 *    the innermost frame, inclusive once per sample for the outermost
 *    activation of each function on the stack; no call counts;
 *  - each thread's calling-context tree, recursion folded (ctx).
 */
#include <err.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <libelf.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gprt/compread.h"
#include "stream/stream.h"

#define MAXPATH		4096		/* frames on a path: the runtime
					   keeps at most 512 */

/* A SAMPLE block: the thread's tree, checked. */
void
gp_gprt_sampblock(const struct rd *r, struct gp_gprt *g, uint64_t off,
    uint64_t thread, uint64_t size)
{
	struct gp_gprt_samp *s;
	uint64_t n, cap, i, k;

	if (thread == 0)
		gp_gprt_bad(r, off, "sample block of no thread");
	for (i = 0; i < g->nsamp; i++)
		if (g->samps[i].thread == thread)
			gp_gprt_bad(r, off, "second sample block of thread %"
			    PRIu64, thread);
	if (size < sizeof(struct gprt_samp))
		gp_gprt_bad(r, off, "sample block too short");
	n = get64(r, off + offsetof(struct gprt_blk, n));
	cap = get64(r, off + offsetof(struct gprt_blk, cap));
	if (cap > (size - sizeof(struct gprt_samp)) /
	    sizeof(struct gprt_snode) || n > cap || n == 0)
		gp_gprt_bad(r, off, "sample block: %" PRIu64 " of %" PRIu64
		    " nodes do not fit", n, cap);
	g->samps = gp_xreallocarray(g->samps, g->nsamp + 1,
	    sizeof(*g->samps));
	s = &g->samps[g->nsamp++];
	memset(s, 0, sizeof(*s));
	s->thread = thread;
	s->period = get64(r, off + offsetof(struct gprt_samp, period));
	s->samples = get64(r, off + offsetof(struct gprt_samp, samples));
	s->lost = get64(r, off + offsetof(struct gprt_samp, lost));
	s->cut = get64(r, off + offsetof(struct gprt_samp, cut));
	s->unwound = get64(r, off + offsetof(struct gprt_samp, unwound));
	s->depth = get64(r, off + offsetof(struct gprt_samp, depth));
	s->cap = cap;
	if (s->period == 0 || s->period > 1000000000u)
		gp_gprt_bad(r, off + offsetof(struct gprt_samp, period),
		    "sample period %" PRIu64 " ns", s->period);
	s->n = (size_t)n;
	s->nodes = gp_xcalloc(n, sizeof(*s->nodes));
	for (i = 1; i < n; i++) {
		k = off + sizeof(struct gprt_samp) +
		    i * sizeof(struct gprt_snode);
		s->nodes[i].parent = get64(r, k +
		    offsetof(struct gprt_snode, parent));
		s->nodes[i].pc = get64(r, k + offsetof(struct gprt_snode, pc));
		s->nodes[i].self = get64(r, k +
		    offsetof(struct gprt_snode, self));
		if (s->nodes[i].parent >= i)
			gp_gprt_bad(r, k, "sample node %" PRIu64 ": parent %"
			    PRIu64 " not before it", i, s->nodes[i].parent);
	}
}

/* An object's function starts, link-time, sorted. */
struct starts {
	uint64_t	*v;
	size_t		 n;
	int		 loaded;
};

static int
cmpu64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static void
addstart(struct starts *st, size_t *cap, uint64_t a)
{
	if (st->n == *cap) {
		*cap = *cap ? *cap * 2 : 256;
		st->v = gp_xreallocarray(st->v, *cap, sizeof(*st->v));
	}
	st->v[st->n++] = a;
}

/*
 * The .eh_frame_hdr table: (initial location, FDE) pairs sorted by
 * location, each the start of a function's code.  Only the encoding
 * every GNU toolchain writes is read (version 1, the table's entries
 * 4-byte signed offsets from the section's address, their count a
 * 4-byte unsigned); another one adds nothing.
 */
static void
ehstarts(Elf_Scn *scn, const GElf_Shdr *sh, struct starts *st, size_t *cap)
{
	Elf_Data *d;
	const unsigned char *b;
	uint32_t cnt, i;
	int32_t loc;
	size_t at;

	if ((d = elf_getdata(scn, NULL)) == NULL || d->d_size < 12)
		return;
	b = d->d_buf;
	if (b[0] != 1 || b[2] != 0x03 || b[3] != 0x3b)
		return;
	switch (b[1]) {
	case 0x1b:		/* pcrel sdata4 */
	case 0x03:
	case 0x0b:
		at = 12;	/* 4 header bytes, the pointer, the count */
		break;
	case 0x1c:
	case 0x04:
	case 0x0c:
		at = 16;
		break;
	default:
		return;
	}
	if (at + 4 > d->d_size)
		return;
	memcpy(&cnt, b + at - 4, 4);
	for (i = 0; i < cnt && at + 8 * (size_t)(i + 1) <= d->d_size; i++) {
		memcpy(&loc, b + at + 8 * (size_t)i, 4);
		addstart(st, cap, sh->sh_addr + (uint64_t)(int64_t)loc);
	}
}

static void
loadstarts(struct starts *st, const char *path)
{
	Elf *e;
	Elf_Scn *scn;
	Elf_Data *d;
	GElf_Shdr sh;
	GElf_Sym sym;
	size_t cap = 0, i, n, shstr, k;
	const char *name;
	int fd, pass, any = 0;

	st->loaded = 1;
	if (*path == '\0' || (fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return;
	elf_version(EV_CURRENT);
	if ((e = elf_begin(fd, ELF_C_READ, NULL)) == NULL ||
	    elf_kind(e) != ELF_K_ELF || elf_getshdrstrndx(e, &shstr) != 0) {
		if (e != NULL)
			elf_end(e);
		close(fd);
		return;
	}
	/* .symtab's functions, else .dynsym's; then .eh_frame_hdr's */
	for (pass = 0; pass < 3; pass++) {
		for (scn = NULL; (scn = elf_nextscn(e, scn)) != NULL;) {
			if (gelf_getshdr(scn, &sh) == NULL)
				continue;
			if (pass == 2) {
				name = elf_strptr(e, shstr, sh.sh_name);
				if (name != NULL &&
				    strcmp(name, ".eh_frame_hdr") == 0)
					ehstarts(scn, &sh, st, &cap);
				continue;
			}
			if (sh.sh_type != (pass == 0 ? SHT_SYMTAB :
			    SHT_DYNSYM) || (pass == 1 && any) ||
			    (d = elf_getdata(scn, NULL)) == NULL ||
			    sh.sh_entsize == 0)
				continue;
			n = sh.sh_size / sh.sh_entsize;
			for (i = 0; i < n; i++) {
				if (gelf_getsym(d, (int)i, &sym) == NULL ||
				    sym.st_shndx == SHN_UNDEF ||
				    sym.st_value == 0 ||
				    (GELF_ST_TYPE(sym.st_info) != STT_FUNC &&
				    GELF_ST_TYPE(sym.st_info) !=
				    STT_GNU_IFUNC))
					continue;
				addstart(st, &cap, sym.st_value);
				any = 1;
			}
		}
	}
	elf_end(e);
	close(fd);
	qsort(st->v, st->n, sizeof(*st->v), cmpu64);
	for (i = k = 0; i < st->n; i++)
		if (k == 0 || st->v[k - 1] != st->v[i])
			st->v[k++] = st->v[i];
	st->n = k;
}

/*
 * The function starts of the ELF file path, link-time, sorted (*np of
 * them; NULL if none): what the reader places samples with, and what
 * gp-run names a stripped program's functions by.
 */
uint64_t *
gp_gprt_fnstarts(const char *path, size_t *np)
{
	struct starts st;

	memset(&st, 0, sizeof(st));
	loadstarts(&st, path);
	*np = st.n;
	return st.v;
}

/* The run-time start of the function holding run-time address pc. */
static uint64_t
fnof(const struct gp_gprt *g, struct starts *sts, uint64_t pc)
{
	struct starts *st;
	uint64_t rel;
	size_t lo, hi, mid;
	int id;

	if ((id = gp_gprt_obj(g, pc, &rel)) < 0)
		return pc;
	st = &sts[id];
	if (!st->loaded)
		loadstarts(st, g->objs[id].path);
	if (st->n == 0 || st->v[0] > rel)
		return pc;
	for (lo = 0, hi = st->n; hi - lo > 1;) {
		mid = lo + (hi - lo) / 2;
		if (st->v[mid] <= rel)
			lo = mid;
		else
			hi = mid;
	}
	return pc - (rel - st->v[lo]);
}

static int
cmpsarc(const void *a, const void *b)
{
	const struct gp_gprt_arc *x = a, *y = b;

	if (x->thread != y->thread)
		return x->thread < y->thread ? -1 : 1;
	if (x->site != y->site)
		return x->site < y->site ? -1 : 1;
	if (x->fn != y->fn)
		return x->fn < y->fn ? -1 : 1;
	return 0;
}

/* Child of ctx node p for function fn (a linear hash). */
struct ctab {
	size_t		*slot;
	size_t		 mask;
};

static size_t
ctxchild(struct gp_gprt_cct *c, size_t *cap, struct ctab *h, size_t p,
    uint64_t fn, uint64_t site)
{
	struct gp_gprt_cnode *x;
	size_t i, j, *ns;
	uint64_t k;

	k = (p * 0x9e3779b97f4a7c15ull) ^ (fn * 0xc2b2ae3d27d4eb4full);
	for (i = (size_t)(k ^ k >> 31) & h->mask; h->slot[i] != 0;
	    i = (i + 1) & h->mask)
		if (c->nodes[h->slot[i]].parent == p &&
		    c->nodes[h->slot[i]].fn == fn)
			return h->slot[i];
	if (c->n == *cap) {
		*cap *= 2;
		c->nodes = gp_xreallocarray(c->nodes, *cap, sizeof(*c->nodes));
	}
	x = &c->nodes[c->n];
	memset(x, 0, sizeof(*x));
	x->parent = p;
	x->fn = fn;
	x->site = site;
	h->slot[i] = c->n++;
	if (2 * c->n > h->mask) {	/* grow: rehash */
		ns = gp_xcalloc(2 * (h->mask + 1), sizeof(*ns));
		h->mask = 2 * (h->mask + 1) - 1;
		for (j = 1; j < c->n; j++) {
			x = &c->nodes[j];
			k = (x->parent * 0x9e3779b97f4a7c15ull) ^
			    (x->fn * 0xc2b2ae3d27d4eb4full);
			for (i = (size_t)(k ^ k >> 31) & h->mask; ns[i] != 0;
			    i = (i + 1) & h->mask)
				;
			ns[i] = j;
		}
		free(h->slot);
		h->slot = ns;
	}
	return c->n - 1;
}

/* A thread's samples made arcs and its calling-context tree. */
static void
sampthread(struct gp_gprt *g, struct starts *sts,
    const struct gp_gprt_samp *s, size_t *acap)
{
	struct gp_gprt_thread *t = NULL;
	struct gp_gprt_cct *c;
	struct gp_gprt_arc *a;
	struct ctab h;
	uint64_t *fn, f[MAXPATH], site[MAXPATH], cnt;
	size_t i, j, d, k, cur, ccap, path[MAXPATH], np;
	uint64_t idx[MAXPATH];

	for (i = 0; i < g->nthreads; i++)
		if (g->threads[i].slot == s->thread)
			t = &g->threads[i];
	fn = gp_xcalloc(s->n, sizeof(*fn));
	for (i = 1; i < s->n; i++)
		fn[i] = fnof(g, sts, s->nodes[i].pc);
	g->ccts = gp_xreallocarray(g->ccts, g->ncct + 1, sizeof(*g->ccts));
	c = &g->ccts[g->ncct++];
	c->thread = s->thread;
	ccap = 256;
	c->nodes = gp_xcalloc(ccap, sizeof(*c->nodes));
	c->n = 1;
	h.mask = 1023;
	h.slot = gp_xcalloc(h.mask + 1, sizeof(*h.slot));
	for (i = 1; i < s->n; i++) {
		if ((cnt = s->nodes[i].self) == 0)
			continue;
		/* the path, outermost first */
		for (d = 0, j = i; j != 0 && d < MAXPATH; j = s->nodes[j].parent)
			idx[d++] = j;
		for (k = 0; k < d / 2; k++) {
			j = idx[k];
			idx[k] = idx[d - 1 - k];
			idx[d - 1 - k] = j;
		}
		for (k = 0; k < d; k++) {
			f[k] = fn[idx[k]];
			site[k] = k == 0 ? 0 : s->nodes[idx[k - 1]].pc + 1;
		}
		for (k = 0; k < d; k++) {
			if (g->narcs == *acap) {
				*acap = *acap ? *acap * 2 : 1024;
				g->arcs = gp_xreallocarray(g->arcs, *acap,
				    sizeof(*g->arcs));
			}
			a = &g->arcs[g->narcs++];
			memset(a, 0, sizeof(*a));
			a->thread = s->thread;
			a->site = site[k];
			a->fn = f[k];
			a->nmaps = g->nobjs;
			if (k == d - 1)
				a->self = cnt * s->period;
			for (j = 0; j < k && f[j] != f[k]; j++)
				;
			if (j == k)
				a->incl = cnt * s->period;
		}
		/* the calling context, recursion folded */
		for (cur = 0, np = 0, k = 0; k < d; k++) {
			for (j = 0; j < np && c->nodes[path[j]].fn != f[k]; j++)
				;
			if (j < np) {
				cur = path[j];
				np = j + 1;
				continue;
			}
			cur = ctxchild(c, &ccap, &h, cur, f[k], site[k]);
			path[np++] = cur;
		}
		c->nodes[cur].self += cnt * s->period;
		if (t != NULL)
			t->ticks += cnt * s->period;
	}
	for (i = c->n; i-- > 1;) {
		c->nodes[i].incl += c->nodes[i].self;
		c->nodes[c->nodes[i].parent].incl += c->nodes[i].incl;
	}
	free(h.slot);
	free(fn);
}

/*
 * Each thread's samples that the runtime could not keep whole, one line
 * a thread as for truncated calling contexts: those lost (the tree full,
 * or a signal come while the handler ran) are in no report; those cut
 * at the depth cap have lost their outermost frames.
 */
static void
samplimits(const struct rd *r, const struct gp_gprt_samp *s)
{
	uint64_t all = s->samples + s->lost;

	if (r->catch != NULL)		/* gp-top's snapshots: no lines */
		return;
	if (s->lost > 0)
		warnx("%s: thread %" PRIu64 ": %" PRIu64 " of %" PRIu64
		    " samples (%.6g s) lost: the tree of sampled stacks "
		    "reached its %" PRIu64 " nodes (GPRT_SAMPLE_NODES raises "
		    "the limit)", r->path, s->thread, s->lost, all,
		    (double)s->lost * (double)s->period / 1e9, s->cap);
	if (s->cut > 0)
		warnx("%s: thread %" PRIu64 ": %" PRIu64 " of %" PRIu64
		    " samples cut at %" PRIu64 " frames, their outermost "
		    "frames left out (GPRT_SAMPLE_DEPTH raises the limit)",
		    r->path, s->thread, s->cut, all, s->depth);
}

/*
 * The samples, when the file has them, in place of the hooks' arcs: the
 * group's clock is then the threads' CPU time, in nanoseconds.
 */
void
gp_gprt_sampfinish(const struct rd *r, struct gp_gprt *g)
{
	struct starts *sts;
	size_t i, k, acap;

	if (g->nsamp == 0)
		return;
	g->sampled = 1;
	free(g->arcs);
	g->arcs = NULL;
	g->narcs = acap = 0;
	for (i = 0; i < g->nthreads; i++) {
		g->threads[i].ticks = 0;
		g->threads[i].open = 0;
		free(g->threads[i].frames);
		g->threads[i].frames = NULL;
	}
	sts = gp_xcalloc(g->nobjs + 1, sizeof(*sts));
	for (i = 0; i < g->nsamp; i++) {
		sampthread(g, sts, &g->samps[i], &acap);
		samplimits(r, &g->samps[i]);
	}
	for (i = 0; i < g->nobjs; i++)
		free(sts[i].v);
	free(sts);
	/* one arc per thread, site and function */
	gp_sort(g->arcs, g->narcs, sizeof(*g->arcs), cmpsarc);
	for (i = k = 0; i < g->narcs; i++) {
		if (k > 0 && cmpsarc(&g->arcs[k - 1], &g->arcs[i]) == 0) {
			g->arcs[k - 1].self += g->arcs[i].self;
			g->arcs[k - 1].incl += g->arcs[i].incl;
		} else
			g->arcs[k++] = g->arcs[i];
	}
	g->narcs = k;
	g->rate = 1e9;
}
