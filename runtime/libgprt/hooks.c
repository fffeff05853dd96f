/*
 * The two hooks gcc -finstrument-functions calls, and what they keep.
 *
 * Each thread has a shadow stack of open activations (in the file, so a
 * killed run still shows them) and a table of arcs keyed by (call site,
 * callee), found through a private open-addressing index.  At entry the
 * arc's count goes up and a frame is pushed with the time; at exit the
 * frame is popped and its time split:
 *
 *	self	elapsed minus the time of the callees that finished inside;
 *	incl	elapsed, but only for the outermost activation of the
 *		callee (its node's active count drops to zero), so
 *		recursion and cycles never count the same time twice.
 *
 * No locks on this path: everything it touches belongs to the thread.
 */
#include <string.h>

#include "rt.h"

#define NODES	256		/* nodes per pool chunk */

void	__cyg_profile_func_enter(void *, void *) RT_EXPORT RT_FN;
void	__cyg_profile_func_exit(void *, void *) RT_EXPORT RT_FN;

RT_FN static inline uint64_t
hash(uintptr_t a, uintptr_t b)
{
	return (uint64_t)((a ^ (b << 7) ^ (b >> 3)) * 0x9e3779b97f4a7c15ull)
	    >> 32;
}

RT_FN static inline uintptr_t
stackptr(void)
{
	uintptr_t sp;

#if defined(__x86_64__)
	__asm__ __volatile__("mov %%rsp, %0" : "=r"(sp));
#elif defined(__i386__)
	__asm__ __volatile__("mov %%esp, %0" : "=r"(sp));
#elif defined(__aarch64__)
	__asm__ __volatile__("mov %0, sp" : "=r"(sp));
#else
	sp = (uintptr_t)__builtin_frame_address(0);
#endif
	return sp;
}

/* The node of function fn in thread t, made if new. */
RT_FN static struct rt_node *
node(struct rt_thr *t, uintptr_t fn)
{
	struct rt_node **n, **old, *nd;
	uint64_t i, h, omask;

	for (h = hash(fn, 0);; h++) {
		n = &t->fidx[h & t->fmask];
		if (*n == NULL)
			break;
		if ((*n)->fn == fn)
			return *n;
	}
	if ((t->nfidx + 1) * 2 > t->fmask + 1) {
		old = t->fidx;
		omask = t->fmask;
		if ((t->fidx = rt_pmem((omask + 1) * 2 * sizeof(*n))) == NULL) {
			t->fidx = old;
			return NULL;
		}
		t->fmask = omask * 2 + 1;
		for (i = 0; i <= omask; i++) {
			if (old[i] == NULL)
				continue;
			for (h = hash(old[i]->fn, 0);; h++) {
				n = &t->fidx[h & t->fmask];
				if (*n == NULL)
					break;
			}
			*n = old[i];
		}
		rt_pfree(old, (omask + 1) * sizeof(*n));
		for (h = hash(fn, 0);; h++) {
			n = &t->fidx[h & t->fmask];
			if (*n == NULL)
				break;
		}
	}
	if (t->nfree == 0) {
		if ((t->npool = rt_pmem(NODES * sizeof(*nd))) == NULL)
			return NULL;
		t->nfree = NODES;
	}
	nd = t->npool++;
	t->nfree--;
	nd->fn = fn;
	*n = nd;
	t->nfidx++;
	return nd;
}

/* Grow the arc index of t to twice its size. */
RT_FN static int
regrow(struct rt_thr *t)
{
	struct rt_ent *old, *e;
	uint64_t i, h, omask;

	old = t->idx;
	omask = t->mask;
	if ((t->idx = rt_pmem((omask + 1) * 2 * sizeof(*e))) == NULL) {
		t->idx = old;
		return -1;
	}
	t->mask = omask * 2 + 1;
	for (i = 0; i <= omask; i++) {
		if (old[i].site == 0 && old[i].fn == 0)
			continue;
		for (h = hash(old[i].site, old[i].fn);; h++) {
			e = &t->idx[h & t->mask];
			if (e->site == 0 && e->fn == 0)
				break;
		}
		*e = old[i];
	}
	rt_pfree(old, (omask + 1) * sizeof(*e));
	return 0;
}

/*
 * A new arc (site, fn) for thread t.  Addresses 0 never reach the index
 * (gcc passes a real return address), so an all-zero entry is free.
 */
RT_FN RT_COLD static struct rt_ent *
newarc(struct rt_thr *t, uintptr_t site, uintptr_t fn)
{
	struct gprt_blk *b;
	struct gprt_arc *a;
	struct rt_node *nd;
	struct rt_ent *e;
	uint64_t h, cap;

	t->busy = 1;
	e = NULL;
	if ((t->nidx + 1) * 2 > t->mask + 1 && regrow(t) == -1)
		goto out;
	if ((nd = node(t, fn)) == NULL)
		goto out;
	rt_map_need(site);
	rt_map_need(fn);
	b = t->arcs;
	if (b == NULL || b->n == b->cap) {
		cap = b == NULL ? 64 : b->cap * 2;
		if (cap > 4096)
			cap = 4096;
		b = rt_alloc(GPRT_B_ARCS, (uint32_t)t->pub.slot, sizeof(*b) +
		    cap * sizeof(*a), cap);
		if (b == NULL)
			goto out;
		t->arcs = b;
	}
	a = (struct gprt_arc *)(void *)(b + 1) + b->n;
	a->site = site;
	a->fn = fn;
	a->node = (uintptr_t)nd;
	barrier();
	b->n++;
	for (h = hash(site, fn);; h++) {
		e = &t->idx[h & t->mask];
		if (e->site == 0 && e->fn == 0)
			break;
	}
	e->site = site;
	e->fn = fn;
	e->arc = a;
	t->nidx++;
out:
	t->busy = 0;
	return e;
}

/* Double the shadow stack of t: a new STACK block, the old one retired. */
RT_FN RT_COLD static int
growstack(struct rt_thr *t)
{
	struct gprt_blk *ob, *nb;
	uint64_t cap;

	t->busy = 1;
	cap = (uint64_t)t->cap * 2;
	if (cap > UINT32_MAX ||
	    (nb = rt_alloc(GPRT_B_STACK, (uint32_t)t->pub.slot, sizeof(*nb) +
	    cap * sizeof(struct gprt_frame), cap)) == NULL) {
		t->busy = 0;
		return -1;
	}
	ob = (struct gprt_blk *)(void *)(rt.base + t->pub.stack);
	memcpy(nb + 1, t->frames, t->cap * sizeof(struct gprt_frame));
	t->frames = (struct gprt_frame *)(void *)(nb + 1);
	t->cap = (uint32_t)cap;
	barrier();
	t->pub.stack = (uint64_t)((char *)nb - rt.base);
	barrier();
	ob->type = GPRT_B_DEAD;
	t->busy = 0;
	return 0;
}

/* Pop the top frame of t as if its function returned at time now. */
RT_FN static void
closetop(struct rt_thr *t, uint64_t now)
{
	struct gprt_frame *f;
	struct gprt_arc *a;
	struct rt_node *nd;
	uint64_t d, el;

	d = t->pub.depth;
	f = &t->frames[d - 1];
	a = (struct gprt_arc *)(uintptr_t)f->arc;
	el = now > f->t0 ? now - f->t0 : 0;
	a->self += el > f->child ? el - f->child : 0;
	nd = (struct rt_node *)(uintptr_t)a->node;
	if (--nd->active == 0)
		a->incl += el;
	t->pub.depth = --d;
	if (d > 0)
		f[-1].child += el;
	else
		t->pub.root += el;
}

RT_FN void
rt_close_all(struct rt_thr *t, uint64_t now)
{
	while (t->pub.depth > 0)
		closetop(t, now);
	t->pub.last = now;
}

/*
 * Frames whose stack pointer is at or below the caller's are gone: the
 * program longjmp'd out of them.  Close them now.
 */
RT_FN RT_COLD static uint64_t
unwind(struct rt_thr *t, uintptr_t sp)
{
	uint64_t now;

	now = rt_now();
	while (t->pub.depth > 0 && t->frames[t->pub.depth - 1].sp <= sp)
		closetop(t, now);
	return t->pub.depth;
}

/*
 * An exit that does not match the top frame.  If the frame is deeper,
 * the ones above it were left without an exit (longjmp, exceptions in
 * code without exit hooks): close them.  0 if there is no such frame.
 */
RT_FN RT_COLD static int
resync(struct rt_thr *t, uintptr_t fn, uintptr_t site, uint64_t now)
{
	struct gprt_arc *a;
	uint64_t d;

	for (d = t->pub.depth; d > 0; d--) {
		a = (struct gprt_arc *)(uintptr_t)t->frames[d - 1].arc;
		if (a->fn == fn && a->site == site)
			break;
	}
	if (d == 0)
		return 0;
	while (t->pub.depth > d)
		closetop(t, now);
	return 1;
}

RT_FN RT_COLD static struct rt_thr *
slowthread(void)
{
	struct rt_thr *t;

	if ((t = rt_cur) == NULL)
		t = rt_thread();
	return t == NULL || t->busy ? NULL : t;
}

void
__cyg_profile_func_enter(void *fnp, void *sitep)
{
	struct rt_thr *t;
	struct gprt_frame *f;
	struct gprt_arc *a;
	struct rt_ent *e;
	uintptr_t fn, site, sp;
	uint64_t d, h;

	t = rt_cur;
	if (unlikely(t == NULL || t->busy) && (t = slowthread()) == NULL)
		return;
	fn = (uintptr_t)fnp;
	site = (uintptr_t)sitep;
	sp = stackptr();
	for (h = hash(site, fn);; h++) {
		e = &t->idx[h & t->mask];
		if (likely(e->site == site && e->fn == fn))
			break;
		if (e->site == 0 && e->fn == 0) {
			if ((e = newarc(t, site, fn)) == NULL)
				return;
			break;
		}
	}
	a = e->arc;
	d = t->pub.depth;
	if (unlikely(d > 0 && t->frames[d - 1].sp <= sp))
		d = unwind(t, sp);
	if (unlikely(d >= t->cap) && growstack(t) == -1)
		return;
	a->count++;
	((struct rt_node *)(uintptr_t)a->node)->active++;
	/*
	 * Depth first, then the frame: a signal handler that runs
	 * instrumented code in between pushes above this frame, never on it.
	 */
	t->pub.depth = d + 1;
	barrier();
	f = &t->frames[d];
	f->arc = (uintptr_t)a;
	f->sp = sp;
	f->child = 0;
	f->t0 = rt_now();
}

void
__cyg_profile_func_exit(void *fnp, void *sitep)
{
	struct rt_thr *t;
	struct gprt_frame *f;
	struct gprt_arc *a;
	uint64_t d, el, now;

	now = rt_now();
	t = rt_cur;
	if (unlikely(t == NULL || t->busy))
		return;
	d = t->pub.depth;
	if (unlikely(d == 0))
		return;
	f = &t->frames[d - 1];
	a = (struct gprt_arc *)(uintptr_t)f->arc;
	if (unlikely(a->fn != (uintptr_t)fnp || a->site != (uintptr_t)sitep)) {
		if (!resync(t, (uintptr_t)fnp, (uintptr_t)sitep, now))
			return;
		d = t->pub.depth;
		f = &t->frames[d - 1];
		a = (struct gprt_arc *)(uintptr_t)f->arc;
	}
	el = now - f->t0;
	if (unlikely((int64_t)el < 0))
		el = 0;
	a->self += el > f->child ? el - f->child : 0;
	if (--((struct rt_node *)(uintptr_t)a->node)->active == 0)
		a->incl += el;
	t->pub.depth = --d;
	if (d > 0)
		f[-1].child += el;
	else
		t->pub.root += el;
	t->pub.last = now;
	if (unlikely(now >= t->next_cp))
		rt_checkpoint(t, now);
}
