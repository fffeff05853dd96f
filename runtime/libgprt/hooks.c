/*
 * The two hooks gcc -finstrument-functions calls, and what they keep.
 *
 * Each thread has a shadow stack of open activations (in the file, so a
 * killed run still shows them) and a table of arcs keyed by (call site,
 * callee), found through a private open-addressing index.  At entry the
 * arc's count goes up and a frame is pushed with the time; at exit the
 * frame is popped and its time split:
 *
 *	self	elapsed minus the time of the callees finished inside;
 *	incl	elapsed, but only for the outermost activation of the
 *		callee (the frame its node points to), so recursion and
 *		cycles never count the same time twice.
 *
 * No locks on this path: everything it touches belongs to the thread.
 *
 * Inlined functions.  gcc and clang call the hooks for inlined calls too,
 * from the enclosing function's body: the entry of an inlined function
 * passes, as site, the site of the real frame it is in (the enclosing
 * function's return address), with a stack pointer inside that frame
 * (below its caller's; the body's may be a little above the one its own
 * entry hook had).  Such a call is pushed as a frame nested in the top
 * one, marked INL in the low bits of its stack pointer, with the
 * enclosing function's address plus one as its site (inside the
 * function, as a return address is), so that the caller is named right.
 * A real call made from an inlined body gets the inlined function's
 * address plus one as its site, marked INLSITE; each frame keeps the
 * site its hook was passed, the one the calls inlined into it pass.
 * Exits of frames so marked are matched by function alone.  A real call from the top frame
 * has another site, so a longjmp (which leaves frames at or below the new
 * stack pointer) is still told apart.  GPRT_INLINE=0 leaves inlined calls
 * out, as -pg does.
 *
 * Longer than most files here: the hooks' fast and slow paths stay in one
 * unit so that the compiler inlines them as measured (share/bench).
 */
#include <signal.h>
#include <stddef.h>
#include <string.h>

#include "rt.h"

/* Thread blocks start on a cache line: the fast paths touch one line. */
_Static_assert(offsetof(struct rt_thr, pub.top) / RT_ALIGN ==
    offsetof(struct rt_thr, next_cp) / RT_ALIGN &&
    offsetof(struct rt_thr, pub.top) / RT_ALIGN ==
    offsetof(struct rt_thr, hook) / RT_ALIGN, "rt_thr layout");

#define NODES	256		/* nodes per pool chunk */
#define INL	((uintptr_t)1)	/* in a frame's sp: an inlined call, */
#define INLSITE	((uintptr_t)2)	/* a call from an inlined body; */
#define SPBITS	(INL | INLSITE)	/* both: exits match by function */

void	__cyg_profile_func_enter(void *, void *) RT_EXPORT RT_FN;
void	__cyg_profile_func_exit(void *, void *) RT_EXPORT RT_FN;

RT_FN static inline uint64_t
hash(uintptr_t a, uintptr_t b)
{
	/* The call site alone tells arcs apart but for indirect calls. */
	return (uint64_t)((a ^ (b >> 4)) * 0x9e3779b97f4a7c15ull) >> 32;
}

/* The entry of arc (site, fn) in t's index, probing from h; NULL if new. */
RT_FN static inline struct rt_ent *
probe(struct rt_thr *t, uint64_t h, uintptr_t site, uintptr_t fn)
{
	struct rt_ent *e;

	for (;; h++) {
		e = &t->idx[h & t->mask];
		if (e->site == site && e->fn == fn)
			return e;
		if (e->arc == NULL)
			return NULL;
	}
}

/* The free entry where a new arc that hashes to h goes in t's index. */
RT_FN static inline struct rt_ent *
freeent(struct rt_thr *t, uint64_t h)
{
	struct rt_ent *e;

	for (;; h++) {
		e = &t->idx[h & t->mask];
		if (e->arc == NULL)
			return e;
	}
}

/* The free slot where a new node that hashes to h goes in t's node index. */
RT_FN static inline struct rt_node **
freenode(struct rt_thr *t, uint64_t h)
{
	struct rt_node **n;

	for (;; h++) {
		n = &t->fidx[h & t->fmask];
		if (*n == NULL)
			return n;
	}
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
		for (i = 0; i <= omask; i++)
			if (old[i] != NULL)
				*freenode(t, hash(old[i]->fn, 0)) = old[i];
		rt_pfree(old, (omask + 1) * sizeof(*n));
		n = freenode(t, hash(fn, 0));
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
	uint64_t i, omask;

	old = t->idx;
	omask = t->mask;
	if ((t->idx = rt_pmem((omask + 1) * 2 * sizeof(*e))) == NULL) {
		t->idx = old;
		return -1;
	}
	t->mask = omask * 2 + 1;
	for (i = 0; i <= omask; i++)
		if (old[i].arc != NULL)
			*freeent(t, hash(old[i].site, old[i].fn)) = old[i];
	rt_pfree(old, (omask + 1) * sizeof(*e));
	return 0;
}

/*
 * A new arc (site, fn) for thread t, and its index entry.  An entry is
 * free while its arc is NULL; the fast path finds its key there only if
 * gcc passed zeros, which it does not.
 */
RT_FN static struct rt_ent *
newarc(struct rt_thr *t, uintptr_t site, uintptr_t fn)
{
	struct gprt_blk *b;
	struct gprt_arc *a;
	struct rt_node *nd;
	struct rt_ent *e;

	/*
	 * At most a quarter full while small, half beyond: more calls find
	 * their arc in the slot they hash to (a miss is a mispredicted
	 * branch; share/bench/NOTES-runtime.md).
	 */
	if ((t->nidx + 1) * (t->mask < 65536 ? 4 : 2) > t->mask + 1 &&
	    regrow(t) == -1)
		return NULL;
	if ((nd = node(t, fn)) == NULL)
		return NULL;
	rt_map_need(site);
	rt_map_need(fn);
	b = t->arcs;
	/* After a dlclose, arcs follow the map records of what they name. */
	if (b != NULL && rt.gen != 0 && t->arcmaps != rt_map_count())
		b = NULL;
	if (b == NULL || b->n == b->cap) {
		if ((b = rt_nextblk(b, GPRT_B_ARCS, (uint32_t)t->pub.slot, 64,
		    sizeof(*a))) == NULL)
			return NULL;
		t->arcs = b;
		t->arcmaps = rt_map_count();
	}
	a = (struct gprt_arc *)(void *)(b + 1) + b->n;
	a->site = site;
	a->fn = fn;
	/*
	 * gp-top reads the file while the program runs, every word with
	 * an acquire load in ascending order: a release store of the
	 * count makes the arc's words visible before the count that takes
	 * it in, on a weakly ordered machine (arm64) as on x86, where it
	 * is a plain store.
	 */
	__atomic_store_n(&b->n, b->n + 1, __ATOMIC_RELEASE);
	e = freeent(t, hash(site, fn));
	e->site = site;
	e->fn = fn;
	e->node = nd;
	barrier();
	e->arc = a;
	t->nidx++;
	return e;
}

/* Double the shadow stack of t: a new STACK block, the old one retired. */
RT_FN static int
growstack(struct rt_thr *t)
{
	struct gprt_blk *ob, *nb;
	struct gprt_frame *nf;
	struct rt_node *nd;
	uint64_t cap, d, i;

	cap = (uint64_t)t->cap * 2;
	if (cap > UINT32_MAX ||
	    (nb = rt_alloc(GPRT_B_STACK, (uint32_t)t->pub.slot, sizeof(*nb) +
	    cap * sizeof(struct gprt_frame), cap)) == NULL)
		return -1;
	ob = (struct gprt_blk *)(void *)(rt.base + t->pub.stack);
	d = rt_depth(t);
	nf = (struct gprt_frame *)(void *)(nb + 1);
	memcpy(nf, t->frames, t->cap * sizeof(struct gprt_frame));
	/* The nodes' outermost frames move with the stack. */
	for (i = 1; i <= d; i++) {
		nd = (struct rt_node *)(uintptr_t)nf[i].node;
		if (nd->outer == &t->frames[i])
			nd->outer = &nf[i];
	}
	t->frames = nf;
	t->cap = (uint32_t)cap;
	t->limit = t->frames + cap - 1;
	barrier();
	t->pub.stack = (uint64_t)((char *)nb - rt.base);
	rt_settop(t, t->frames + d);
	barrier();
	ob->type = GPRT_B_DEAD;
	return 0;
}

/*
 * Pop the top frame of t as if its function returned at time now; its
 * parent is frame 0, the root, for an outermost call.
 */
RT_FN static void
closetop(struct rt_thr *t, uint64_t now)
{
	struct gprt_frame *f;
	struct gprt_arc *a;
	struct rt_node *nd;
	uint64_t el;

	f = rt_top(t);
	a = (struct gprt_arc *)(uintptr_t)f->arc;
	el = now > f->t0 ? now - f->t0 : 0;
	if (el < f->child)
		el = f->child;
	a->self += el - f->child;
	nd = (struct rt_node *)(uintptr_t)f->node;
	if (likely(nd->outer == f)) {
		a->incl += el;
		nd->outer = NULL;
	}
	rt_settop(t, f - 1);
	f[-1].child += el;
	if (unlikely(t->ncoll != 0))
		rt_coll_leave(t, a->fn, now);
}

RT_FN void
rt_close_all(struct rt_thr *t, uint64_t now)
{
	while (rt_depth(t) > 0)
		closetop(t, now);
	t->pub.last = now;
}

/*
 * An exit that does not match the top frame.  If the frame is deeper,
 * the ones above it were left without an exit (longjmp, exceptions in
 * code without exit hooks): close them.  0 if there is no such frame.
 */
RT_FN static int
resync(struct rt_thr *t, uintptr_t fn, uintptr_t site, uint64_t now)
{
	struct gprt_frame *f;
	struct gprt_arc *a;

	for (f = rt_top(t); f > t->frames; f--) {
		a = (struct gprt_arc *)(uintptr_t)f->arc;
		if (a->fn == fn && (a->site == site || (f->sp & SPBITS)))
			break;
	}
	if (f == t->frames)
		return 0;
	while (rt_top(t) > f)
		closetop(t, now);
	return 1;
}

/*
 * Write frame f, for arc e, entered at time now with stack pointer sp
 * and the call site site passed to the hook.
 */
RT_FN static inline void
fill(struct gprt_frame *f, struct rt_ent *e, uintptr_t sp, uintptr_t site,
    uint64_t now)
{
	typedef uint64_t pair __attribute__((__vector_size__(16)));
	pair tc = { now, 0 }, ss = { sp, site };

	_Static_assert(offsetof(struct gprt_frame, child) ==
	    offsetof(struct gprt_frame, t0) + 8 &&
	    offsetof(struct gprt_frame, site) ==
	    offsetof(struct gprt_frame, sp) + 8, "gprt_frame layout");
	f->arc = (uintptr_t)e->arc;
	f->node = (uintptr_t)e->node;
	/* two 16-byte stores, not four: the hooks' stores are what is left */
	memcpy(&f->t0, &tc, sizeof(tc));
	memcpy(&f->sp, &ss, sizeof(ss));
}

/* Frame f, the top, is a new activation of arc e: count it. */
RT_FN static inline void
count(struct rt_ent *e, struct gprt_frame *f)
{
	/* most calls are not recursive: the straight line */
	if (likely(e->node->outer == NULL))
		e->node->outer = f;
	e->arc->count++;
}

/*
 * The whole of an entry, for every case the fast path leaves out: first
 * call in a thread, a new arc, a longjmp, a full stack, a clock other
 * than the TSC, a hook running inside the runtime (signal handler).
 */
/*
 * The index of t without the arcs that name an object dlclose retired
 * (map.c), and the limit the retirement lowered put back: calls to code
 * loaded since at the same addresses make arcs of their own.
 */
RT_FN RT_COLD static void
purge(struct rt_thr *t)
{
	struct rt_ent *old, *e;
	uint64_t i, h, n;

	old = t->idx;
	if ((t->idx = rt_pmem((t->mask + 1) * sizeof(*e))) == NULL) {
		t->idx = old;
		return;
	}
	for (i = n = 0; i <= t->mask; i++) {
		if (old[i].arc == NULL || rt_map_retired(old[i].site) ||
		    rt_map_retired(old[i].fn))
			continue;
		for (h = hash(old[i].site, old[i].fn);; h++) {
			e = &t->idx[h & t->mask];
			if (e->arc == NULL)
				break;
		}
		*e = old[i];
		n++;
	}
	rt_pfree(old, (t->mask + 1) * sizeof(*e));
	t->nidx = n;
	t->gen = __atomic_load_n(&rt.gen, __ATOMIC_ACQUIRE);
	t->limit = t->frames + t->cap - 1;
}

/*
 * An entry at stack pointer sp seen from frame f, the top: INL if it is
 * an inlined call nested in f (see the top of the file), with *site made
 * the address of the function it is in; INLSITE for a real call from the
 * body of f, itself an inlined call, *site made the function f runs; 0
 * otherwise.  An inlined call passes the call site of the real frame it is
 * in, and its stack pointer is not above that frame's.
 */
RT_FN static inline __attribute__((__always_inline__)) uintptr_t
inlined(struct rt_thr *t, struct gprt_frame *f, uintptr_t fn,
    uintptr_t *site, uintptr_t sp)
{
	struct gprt_arc *a = (struct gprt_arc *)(uintptr_t)f->arc;
	struct gprt_frame *g;
	struct gprt_arc *ga;

	/*
	 * The real frame g the top belongs to must have the entry's site
	 * and hold its stack pointer: below g's caller's, though the body's
	 * may be above the one g's own entry hook had (stack alignment
	 * around the hook calls).  A real recursion of g's function through
	 * the very call site of g, from an inlined body, is below that body.
	 */
	if (f != t->frames && a->fn != fn) {
		for (g = f; g->sp & INL; g--)
			;
		ga = (struct gprt_arc *)(uintptr_t)g->arc;
		if (g->site == *site && sp < (g[-1].sp & ~SPBITS) &&
		    !((f->sp & INL) && ga->fn == fn &&
		    sp < (f->sp & ~SPBITS))) {
			*site = a->fn + 1;	/* inside it, as a call site is */
			return INL;
		}
	}
	if ((f->sp & INL) && (f->sp & ~SPBITS) > sp) {
		*site = a->fn + 1;
		return INLSITE;
	}
	return 0;
}

/*
 * 1 if an entry at stack pointer sp that inlined() took for an inlined
 * call nested in f, the top, is a real call f's function made at the very
 * call site it was itself called from (a function recursing through a
 * virtual call that reaches another function the second time, as
 * tinyxml2's XMLElement::Accept does): the callee's frame, between sp
 * and f's stack pointer, holds that site as its return address, where an
 * inlined call runs in f's own frame.  Asked only before an entry is left
 * out (GPRT_INLINE=0): taken in, such a call is named right either way.
 */
RT_FN RT_COLD static __attribute__((__no_sanitize_address__)) int
realcall(const struct gprt_frame *f, uintptr_t site, uintptr_t sp)
{
	const uintptr_t *w, *end;
	int i;

	w = (const uintptr_t *)sp;
	end = (const uintptr_t *)(f->sp & ~SPBITS);
	for (i = 0; i < 64 && w + i < end; i++)
		if (w[i] == site)
			return 1;
	return 0;
}

/*
 * 1 if a hook called with stack pointer sp must keep out of thread t,
 * inside the runtime: the hook runs in a signal handler that interrupted
 * the runtime, below its mark (rt_busy()) or on an alternate signal
 * stack.  A mark at or below sp, off such a stack, was left by a handler
 * that jumped out of the runtime with siglongjmp(3), never to come back:
 * the hook takes the thread over.  Else the thread would stay busy, and
 * with rt_cur NULL every later hook would take the slow path, find it
 * busy and count nothing (with CLOCK_MONOTONIC, under a kvm-clock, every
 * hook takes the slow path, so most jumps leave it).
 */
RT_FN static int
busy(const struct rt_thr *t, uintptr_t sp)
{
	stack_t ss;

	if (t->busy == 0)
		return 0;
	if (sp < t->busy)
		return 1;
	return sigaltstack(NULL, &ss) == 0 && (ss.ss_flags & SS_ONSTACK);
}

RT_FN RT_COLD static void
enter_slow(uintptr_t fn, uintptr_t site, uintptr_t sp)
{
	struct rt_thr *t;
	struct rt_ent *e;
	struct gprt_frame *f;
	uintptr_t inl, rsite;
	uint64_t now;

	if ((t = rt_self) == NULL && (t = rt_thread()) == NULL)
		return;
	if (busy(t, sp))
		return;
	rt_busy(t);
	if (unlikely(t->gen != __atomic_load_n(&rt.gen, __ATOMIC_ACQUIRE)))
		purge(t);
	now = rt_now();
	rsite = site;
	inl = inlined(t, rt_top(t), fn, &site, sp);
	if (inl == INL && !rt.inline_calls) {
		if (!realcall(rt_top(t), rsite, sp))
			goto out;
		inl = 0;
		site = rsite;
	}
	/* Frames at or below our stack pointer were left by a longjmp. */
	if (!inl)
		while ((rt_top(t)->sp & ~SPBITS) <= sp)
			closetop(t, now);
	if ((e = probe(t, hash(site, fn), site, fn)) == NULL)
		e = newarc(t, site, fn);
	if (e == NULL)
		goto out;
	if (rt_top(t) >= t->limit && growstack(t) == -1)
		goto out;
	f = rt_top(t) + 1;
	fill(f, e, sp | inl, rsite, now);
	barrier();
	rt_settop(t, f);
	count(e, f);
	if (unlikely(t->ncoll != 0))
		rt_coll_enter(t, fn, site, now);
out:
	t->pub.last = now;
	rt_unbusy(t);
}

/*
 * The whole of an exit, for what the fast path leaves out; sp is the
 * stack pointer the hook was called with.
 */
RT_FN RT_COLD static void
exit_slow(uintptr_t fn, uintptr_t site, uint64_t now, uintptr_t sp)
{
	struct rt_thr *t;
	struct gprt_arc *a;

	if ((t = rt_self) == NULL || busy(t, sp) || rt_depth(t) == 0)
		return;
	rt_busy(t);
	a = (struct gprt_arc *)(uintptr_t)rt_top(t)->arc;
	if ((a->fn == fn && (a->site == site || (rt_top(t)->sp & SPBITS))) ||
	    resync(t, fn, site, now))
		closetop(t, now);
	t->pub.last = now;
	rt_unbusy(t);
	if (now >= t->next_cp) {
		rt_checkpoint(t, now);
		rt_hist_check();
	}
}

/* exit_slow() at the time now, for a thread the fast paths leave out. */
RT_FN RT_COLD static void
exit_clock(uintptr_t fn, uintptr_t site, uintptr_t sp)
{
	exit_slow(fn, site, rt_now(), sp);
}

/*
 * The collectors' part of a fast path, which ends it: out of line, so
 * that the path saves no registers, but not cold (it runs at every call
 * when collectors are on).  One collector is called here, several by
 * enter_colls() and exit_colls(), so that the common case saves no
 * registers either.
 */
RT_FN static __attribute__((__noinline__)) void
enter_colls(struct rt_thr *t, uintptr_t fn, uintptr_t site, uint64_t now)
{
	rt_coll_enter(t, fn, site, now);
}

RT_FN static __attribute__((__noinline__)) void
exit_colls(struct rt_thr *t, uintptr_t fn, uint64_t now)
{
	rt_coll_leave(t, fn, now);
}

RT_FN static __attribute__((__noinline__)) void
enter_coll(struct rt_thr *t, uintptr_t fn, uintptr_t site, uint64_t now)
{
	if (likely(t->ncoll == 1))
		t->cen[0](t->cst[0], fn, site, now);
	else
		enter_colls(t, fn, site, now);
	barrier();
	/* t again from rt_self: nothing kept across the call */
	rt_self->hook = 0;
}

RT_FN static __attribute__((__noinline__)) void
exit_coll(struct rt_thr *t, uintptr_t fn, uint64_t now)
{
	if (likely(t->ncoll == 1))
		t->cle[0](t->cst[0], fn, now);
	else
		exit_colls(t, fn, now);
	barrier();
	rt_self->hook = 0;
}

/*
 * The stack pointer of the hooks' caller at the call: the same in both
 * hooks whatever their own frames (the fast paths save no registers).
 * Elsewhere (no fast paths there: rt_fastclock()), the hook's own frame
 * address.
 */
#if defined(__x86_64__) || defined(__i386__) || defined(__aarch64__)
#define HOOKSP()	((uintptr_t)__builtin_dwarf_cfa())
#else
#define HOOKSP()	((uintptr_t)__builtin_frame_address(0))
#endif

/*
 * Push arc e's frame above f, the top, at time now (see enter_rest).
 */
RT_FN static inline __attribute__((__always_inline__)) void
enter_push(struct rt_thr *t, struct gprt_frame *f, struct rt_ent *e,
    uintptr_t fn, uintptr_t site, uintptr_t rsite, uintptr_t sp,
    uintptr_t inl, uint64_t now)
{
	if (unlikely(f >= t->limit)) {
		barrier();
		t->hook = 0;
		return enter_slow(fn, rsite, sp);
	}
	fill(++f, e, sp | inl, rsite, now);
	rt_settop(t, f);
	count(e, f);
	if (unlikely(t->ncoll != 0))
		return enter_coll(t, fn, site, now);
	barrier();
	t->hook = 0;
}

/*
 * An entry whose arc is not in its home slot: probed for, at time now
 * (read by the fast path).  The stack pointer is the one the hook marked.
 * The arc found moves one slot nearer its home, trading places with the
 * entry before it (a transposition: both stay reachable, every slot from
 * either's home to where it lands being taken), so that the arcs called
 * most come to be found in their home slot; two hot arcs sharing a home
 * take turns in it.  Moving the arc only when called more than the other
 * does not help: the colder then always probes (the counts are in
 * share/bench/NOTES-runtime.md).
 */
RT_FN static __attribute__((__noinline__)) void
enter_probe(struct rt_thr *t, uintptr_t fn, uintptr_t site, uintptr_t rsite,
    uintptr_t inl, uint64_t now)
{
	struct rt_ent *e, *p, tmp;
	uintptr_t sp = t->hook;

	/* never found in its home slot, which the fast path tried */
	if ((e = probe(t, hash(site, fn), site, fn)) == NULL) {
		barrier();
		t->hook = 0;
		return enter_slow(fn, rsite, sp);
	}
	p = e == t->idx ? &t->idx[t->mask] : e - 1;
	tmp = *p;
	*p = *e;
	*e = tmp;
	enter_push(t, rt_top(t), p, fn, site, rsite, sp, inl, now);
}

/*
 * The rest of an entry once the top frame f is known to take it as a
 * nested call: inl says how (0, INL or INLSITE), site is the arc's call
 * site, rsite the one the hook was passed.  Out-of-line calls are tail
 * calls, so that the fast path needs no saved registers.
 */
RT_FN static inline __attribute__((__always_inline__)) void
enter_rest(struct rt_thr *t, struct gprt_frame *f, uintptr_t fn,
    uintptr_t site, uintptr_t rsite, uintptr_t sp, uintptr_t inl)
{
	struct rt_ent *e;
	uint64_t now;

	e = &t->idx[hash(site, fn) & t->mask];
	now = rt_fastnow();
	if (unlikely(e->site != site || e->fn != fn))
		return enter_probe(t, fn, site, rsite, inl, now);
	enter_push(t, f, e, fn, site, rsite, sp, inl, now);
}

/* An entry whose top frame is or may be an inlined call: the rest. */
RT_FN static __attribute__((__noinline__)) void
enter_inl_any(struct rt_thr *t, struct gprt_frame *f, uintptr_t fn,
    uintptr_t site, uintptr_t sp)
{
	uintptr_t inl, rsite = site;

	if ((inl = inlined(t, f, fn, &site, sp)) == INL &&
	    !rt.inline_calls) {
		if (!realcall(f, rsite, sp)) {
			barrier();
			t->hook = 0;
			return;
		}
		inl = 0;
		site = rsite;
	}
	if (!inl && (f->sp & ~SPBITS) <= sp) {
		/* frames left by a longjmp */
		barrier();
		t->hook = 0;
		return enter_slow(fn, rsite, sp);
	}
	enter_rest(t, f, fn, site, rsite, sp, inl);
}

/*
 * An entry whose top frame is or may be an inlined call.  Most are an
 * inlined call in a real frame, f (inlined() with g = f): that case has
 * a path of its own, with the fewest branches and no saved registers.
 */
RT_FN static __attribute__((__noinline__)) void
enter_inl(struct rt_thr *t, struct gprt_frame *f, uintptr_t fn,
    uintptr_t site, uintptr_t sp)
{
	struct gprt_arc *a = (struct gprt_arc *)(uintptr_t)f->arc;

	if (likely(!(f->sp & INL) && f->site == site && a->fn != fn &&
	    f != t->frames && sp < (f[-1].sp & ~SPBITS))) {
		if (likely(rt.inline_calls))
			return enter_rest(t, f, fn, a->fn + 1, site, sp, INL);
		/* left out (GPRT_INLINE=0), unless a real call after all */
		if (!realcall(f, site, sp)) {
			barrier();
			t->hook = 0;
			return;
		}
	}
	enter_inl_any(t, f, fn, site, sp);
}

/*
 * The fast paths: straight-line code that saves no registers, every way
 * out of it a tail call (inlined calls, an arc not in its home slot, the
 * collectors, the slow paths).  Frame 0 is a root frame whose arc
 * matches nothing and whose stack pointer is above everything, so
 * neither path tests the depth.
 *
 * Each marks itself under way in t->hook with its stack pointer.  A hook
 * run by a signal handler that interrupted one is below it on the stack:
 * it does nothing, and the handler's calls are not counted, their time
 * going to the interrupted call or its caller as any uninstrumented
 * code's would.  A mark left by a hook that never finished, the handler
 * having jumped out of it with siglongjmp(3), is at or below the next
 * hooks, which ignore it.  Without the mark, a handler running between
 * the reads and the writes of a path would have its time lost or counted
 * twice (tests/runtime/sig.c).  The mark is two stores a hook; running
 * the program's handlers through a trampoline that marks the thread only
 * when a signal interrupts the hooks (libgprt defining sigaction(2))
 * saved nothing measurable (share/bench/NOTES-runtime.md).
 *
 * The clock is read as soon as the loads it does not delay are issued:
 * a read issued early overlaps the work after it, one issued last does
 * not.
 */
RT_FN static inline __attribute__((__always_inline__)) void
enter_fast(struct rt_thr *t, uintptr_t fn, uintptr_t site, uintptr_t sp)
{
	struct gprt_frame *f;

	if (unlikely(t->hook != 0) && sp < t->hook)
		return;
	t->hook = sp;
	barrier();
	f = rt_top(t);
	/* inlined, a real call from an inlined body, or after a longjmp */
	if (unlikely((f->sp & INL) || f->site == site ||
	    (f->sp & ~SPBITS) <= sp))
		return enter_inl(t, f, fn, site, sp);
	enter_rest(t, f, fn, site, site, sp, 0);
}

/*
 * An entry with rt_cur NULL: the fast path for a thread that leaves
 * inlined calls out (rt_noinl), else the slow path.
 */
RT_FN static __attribute__((__noinline__)) void
enter_null(uintptr_t fn, uintptr_t site, uintptr_t sp)
{
	struct rt_thr *t;

	if ((t = rt_noinl) != NULL)
		return enter_fast(t, fn, site, sp);
	enter_slow(fn, site, sp);
}

void
__cyg_profile_func_enter(void *fnp, void *sitep)
{
	struct rt_thr *t;
	uintptr_t fn, site, sp;

	fn = (uintptr_t)fnp;
	site = (uintptr_t)sitep;
	sp = HOOKSP();
	__asm__("" : "+r"(sp));		/* one register, not made again */
	if (unlikely((t = rt_cur) == NULL))
		return enter_null(fn, site, sp);
	enter_fast(t, fn, site, sp);
}

/*
 * The exit of the function fnp called from sitep, by thread t: the fast
 * path once t is known.
 */
RT_FN static inline __attribute__((__always_inline__)) void
exit_fast(struct rt_thr *t, void *fnp, void *sitep)
{
	struct gprt_frame *f;
	struct gprt_arc *a;
	struct rt_node *nd;
	uint64_t c, el, now;
	uintptr_t sp;

	now = rt_fastnow();
	f = rt_top(t);
	a = (struct gprt_arc *)(uintptr_t)f->arc;
	el = now - f->t0;
	c = f->child;
	/*
	 * A clock that went back (now before t0, or less time than the
	 * callees took) makes el - c negative: the slow path clamps it.
	 */
	if (unlikely(a->fn != (uintptr_t)fnp ||
	    (f->site != (uintptr_t)sitep && !(f->sp & SPBITS)) ||
	    (int64_t)(el - c) < 0 || now >= t->next_cp)) {
		sp = t->hook;		/* the one the hook marked */
		barrier();
		t->hook = 0;
		return exit_slow((uintptr_t)fnp, (uintptr_t)sitep, now, sp);
	}
	a->self += el - c;
	nd = (struct rt_node *)(uintptr_t)f->node;
	if (likely(nd->outer == f)) {
		nd->outer = NULL;
		a->incl += el;
	}
	rt_settop(t, f - 1);
	f[-1].child += el;
	if (unlikely(t->ncoll != 0))
		return exit_coll(t, (uintptr_t)fnp, now);
	barrier();
	t->hook = 0;
}

/*
 * An exit with rt_cur NULL.  With inlined calls left out (GPRT_INLINE=0),
 * the exit of a call left out reads no clock: in C++ most hooked calls
 * may be inlined ones, and a clock read at each of their exits costs as
 * much as measuring them.  That mode's threads have rt_cur NULL and
 * rt_noinl set (rt_setcur()), so that the default mode's fast path tests
 * no flag before its clock read (share/bench/NOTES-runtime.md).
 */
RT_FN static __attribute__((__noinline__)) void
exit_null(void *fnp, void *sitep, uintptr_t sp)
{
	struct rt_thr *t;
	struct gprt_frame *f;
	struct gprt_arc *a;

	if ((t = rt_noinl) == NULL)
		return exit_clock((uintptr_t)fnp, (uintptr_t)sitep, sp);
	if (unlikely(t->hook != 0) && sp < t->hook)
		return;
	t->hook = sp;
	barrier();
	f = rt_top(t);
	a = (struct gprt_arc *)(uintptr_t)f->arc;
	if (a->fn != (uintptr_t)fnp && (f->sp & ~SPBITS) == sp) {
		barrier();
		t->hook = 0;
		return;
	}
	exit_fast(t, fnp, sitep);
}

void
__cyg_profile_func_exit(void *fnp, void *sitep)
{
	struct rt_thr *t;
	uintptr_t sp;

	sp = HOOKSP();
	if (unlikely((t = rt_cur) == NULL))
		return exit_null(fnp, sitep, sp);
	if (unlikely(t->hook != 0) && sp < t->hook)
		return;
	t->hook = sp;
	barrier();
	exit_fast(t, fnp, sitep);
}
