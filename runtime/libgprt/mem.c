/*
 * The memory profile (GPRT_MEM=1): malloc, calloc, realloc, free and the
 * memalign family, by call site.
 *
 * The wrappers are weak definitions that call glibc's __libc_* entry
 * points.  In a dynamically linked program they interpose on libc's (the
 * program's own calls and libc's internal ones); in a static link where
 * libc.a's malloc gets pulled in, its strong definitions win and the
 * memory profile is simply absent.
 *
 * Each thread keeps its call sites (struct gprt_mem, in the file) through
 * a private index.  Live blocks are in a table striped over 64 spinlocks,
 * pointer -> (size, site), so a free in any thread finds the site that
 * made the block; the fields other threads change are atomic.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rt.h"

#define NSTRIPE		64
#define STRIPE0		256
#define MSITES0		64
#define MIDX0		64

extern void	*__libc_malloc(size_t);
extern void	*__libc_calloc(size_t, size_t);
extern void	*__libc_realloc(void *, size_t);
extern void	 __libc_free(void *);
extern void	*__libc_memalign(size_t, size_t);
extern void	*__libc_valloc(size_t);
extern void	*__libc_pvalloc(size_t);

#define WEAK	__attribute__((__weak__)) RT_EXPORT RT_FN
void	*malloc(size_t) WEAK;
void	*calloc(size_t, size_t) WEAK;
void	*realloc(void *, size_t) WEAK;
void	*reallocarray(void *, size_t, size_t) WEAK;
void	 free(void *) WEAK;
int	 posix_memalign(void **, size_t, size_t) WEAK;
void	*aligned_alloc(size_t, size_t) WEAK;
void	*memalign(size_t, size_t) WEAK;
void	*valloc(size_t) WEAK;
void	*pvalloc(size_t) WEAK;

enum kind { K_MALLOC, K_CALLOC, K_REALLOC };

struct blk {
	uintptr_t	 p;
	uint64_t	 size;
	struct gprt_mem	*site;
};

struct stripe {
	int		 lock;
	struct blk	*tab;
	uint64_t	 mask;
	uint64_t	 n;
	char		 pad[32];
};

static struct stripe	stripes[NSTRIPE];
static int		memon;		/* 0 undecided, 1 on, -1 off */

extern char **environ;

RT_FN static int
on(void)
{
	int v;

	if (likely(memon != 0))
		return memon > 0;
	if (environ == NULL)
		return 0;		/* too early to tell */
	v = rt_env("GPRT_MEM") != NULL && strcmp(rt_env("GPRT_MEM"), "1") == 0 ?
	    1 : -1;
	__atomic_store_n(&memon, v, __ATOMIC_RELAXED);
	return v > 0;
}

RT_FN static uint64_t
phash(uintptr_t p)
{
	return (uint64_t)((p >> 4) * 0x9e3779b97f4a7c15ull) >> 32;
}

RT_FN static inline void
cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

RT_FN static void
slock(struct stripe *s)
{
	while (__atomic_exchange_n(&s->lock, 1, __ATOMIC_ACQUIRE))
		while (__atomic_load_n(&s->lock, __ATOMIC_RELAXED))
			cpu_relax();
}

RT_FN static void
sunlock(struct stripe *s)
{
	__atomic_store_n(&s->lock, 0, __ATOMIC_RELEASE);
}

RT_FN void
rt_mem_lock(int lock)
{
	int i;

	for (i = 0; i < NSTRIPE; i++)
		if (lock)
			slock(&stripes[i]);
		else
			sunlock(&stripes[i]);
}

RT_FN static struct stripe *
stripeof(uintptr_t p)
{
	return &stripes[(p >> 4) % NSTRIPE];
}

RT_FN static int
sgrow(struct stripe *s)
{
	struct blk *old, *e;
	uint64_t i, h, omask, cap;

	old = s->tab;
	omask = s->mask;
	cap = old == NULL ? STRIPE0 : (omask + 1) * 2;
	if ((s->tab = rt_pmem(cap * sizeof(*e))) == NULL) {
		s->tab = old;
		return -1;
	}
	s->mask = cap - 1;
	for (i = 0; old != NULL && i <= omask; i++) {
		if (old[i].p == 0)
			continue;
		for (h = phash(old[i].p);; h++) {
			e = &s->tab[h & s->mask];
			if (e->p == 0)
				break;
		}
		*e = old[i];
	}
	if (old != NULL)
		rt_pfree(old, (omask + 1) * sizeof(*e));
	return 0;
}

RT_FN static void
live(struct gprt_mem *m, int64_t blocks, int64_t bytes)
{
	uint64_t v, pk;

	__atomic_fetch_add(&m->liveblocks, (uint64_t)blocks, __ATOMIC_RELAXED);
	v = __atomic_add_fetch(&m->livebytes, (uint64_t)bytes,
	    __ATOMIC_RELAXED);
	if (bytes > 0) {
		pk = __atomic_load_n(&m->peak, __ATOMIC_RELAXED);
		while (v > pk && !__atomic_compare_exchange_n(&m->peak, &pk, v,
		    1, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
			;
	}
	v = __atomic_add_fetch(&rt.hdr->mem_live, (uint64_t)bytes,
	    __ATOMIC_RELAXED);
	if (bytes > 0) {
		pk = __atomic_load_n(&rt.hdr->mem_peak, __ATOMIC_RELAXED);
		while (v > pk && !__atomic_compare_exchange_n(&rt.hdr->mem_peak,
		    &pk, v, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
			;
	}
}

/* Remember block p of n bytes made at site m. */
RT_FN static void
insert(uintptr_t p, uint64_t n, struct gprt_mem *m)
{
	struct stripe *s;
	struct blk *e;
	uint64_t h;

	s = stripeof(p);
	slock(s);
	/* sgrow() makes the table the first time: none, no room */
	if (((s->n + 1) * 4 > (s->tab == NULL ? 0 : (s->mask + 1) * 3) &&
	    sgrow(s) == -1) || s->tab == NULL) {
		sunlock(s);
		return;
	}
	for (h = phash(p);; h++) {
		e = &s->tab[h & s->mask];
		if (e->p == 0 || e->p == p)
			break;
	}
	if (e->p == p) {
		/* Freed behind our back (a path we do not wrap): drop it. */
		live(e->site, -1, -(int64_t)e->size);
	} else
		s->n++;
	e->p = p;
	e->size = n;
	e->site = m;
	sunlock(s);
	live(m, 1, (int64_t)n);
}

/* Forget block p; 0 if it was not known. */
RT_FN static int
delete(uintptr_t p, struct blk *out)
{
	struct stripe *s;
	struct blk *e;
	uint64_t h, i, j, k;

	s = stripeof(p);
	slock(s);
	if (s->tab == NULL) {
		sunlock(s);
		return 0;
	}
	for (h = phash(p);; h++) {
		e = &s->tab[h & s->mask];
		if (e->p == p)
			break;
		if (e->p == 0) {
			sunlock(s);
			return 0;
		}
	}
	*out = *e;
	/* Backward-shift deletion keeps linear probing tombstone-free. */
	i = h & s->mask;
	for (j = i;;) {
		j = (j + 1) & s->mask;
		if (s->tab[j].p == 0)
			break;
		k = phash(s->tab[j].p) & s->mask;
		if ((j > i && (k <= i || k > j)) ||
		    (j < i && k <= i && k > j)) {
			s->tab[i] = s->tab[j];
			i = j;
		}
	}
	s->tab[i].p = 0;
	s->n--;
	sunlock(s);
	__atomic_fetch_add(&out->site->freedblocks, 1, __ATOMIC_RELAXED);
	__atomic_fetch_add(&out->site->freedbytes, out->size, __ATOMIC_RELAXED);
	live(out->site, -1, -(int64_t)out->size);
	return 1;
}

/* The free entry where a new site that hashes to h goes in t's site index. */
RT_FN static inline struct rt_ment *
freement(struct rt_thr *t, uint64_t h)
{
	struct rt_ment *e;

	for (;; h++) {
		e = &t->midx[h & t->mmask];
		if (e->m == NULL)
			return e;
	}
}

RT_FN static int
mgrow(struct rt_thr *t)
{
	struct rt_ment *old, *e;
	uint64_t i, omask, cap;

	old = t->midx;
	omask = t->mmask;
	cap = old == NULL ? MIDX0 : (omask + 1) * 2;
	if ((t->midx = rt_pmem(cap * sizeof(*e))) == NULL) {
		t->midx = old;
		return -1;
	}
	t->mmask = cap - 1;
	for (i = 0; old != NULL && i <= omask; i++)
		if (old[i].m != NULL)
			*freement(t, phash(old[i].site ^ (old[i].fn << 3))) =
			    old[i];
	if (old != NULL)
		rt_pfree(old, (omask + 1) * sizeof(*e));
	return 0;
}

/* The record of call site `site' in function fn, for thread t. */
RT_FN static struct gprt_mem *
siteof(struct rt_thr *t, uintptr_t site)
{
	struct gprt_blk *b;
	struct gprt_mem *m;
	struct rt_ment *e;
	uintptr_t fn;
	uint64_t h;

	fn = 0;
	if (rt_depth(t) > 0)
		fn = (uintptr_t)((struct gprt_arc *)(uintptr_t)
		    rt_top(t)->arc)->fn;
	if (t->midx != NULL)
		for (h = phash(site ^ (fn << 3));; h++) {
			e = &t->midx[h & t->mmask];
			if (e->m == NULL)
				break;
			if (e->site == site && e->fn == fn)
				return e->m;
		}
	/* mgrow() makes the index the first time: none, no site */
	if (((t->nmidx + 1) * 2 > (t->midx == NULL ? 0 : t->mmask + 1) &&
	    mgrow(t) == -1) || t->midx == NULL)
		return NULL;
	rt_map_need(site);
	b = t->mems;
	if (b == NULL || b->n == b->cap) {
		if ((b = rt_nextblk(b, GPRT_B_MEM, (uint32_t)t->pub.slot,
		    MSITES0, sizeof(*m))) == NULL)
			return NULL;
		t->mems = b;
	}
	m = (struct gprt_mem *)(void *)(b + 1) + b->n;
	m->site = site;
	m->fn = fn;
	barrier();
	b->n++;
	e = freement(t, phash(site ^ (fn << 3)));
	e->site = site;
	e->fn = fn;
	e->m = m;
	t->nmidx++;
	return m;
}

/* Enter the runtime from a wrapper: the thread, or NULL to pass through. */
RT_FN static struct rt_thr *
enter(void)
{
	struct rt_thr *t;

	if (!on() || rt_inside)
		return NULL;
	if ((t = rt_self) == NULL && (t = rt_thread()) == NULL)
		return NULL;
	if (t->busy)
		return NULL;
	rt_busy(t);
	rt_inside = 1;
	return t;
}

RT_FN static void
leave(struct rt_thr *t)
{
	rt_inside = 0;
	rt_unbusy(t);
}

/* Account for an allocation of n bytes at site that gave p. */
RT_FN static void
alloced(struct rt_thr *t, uintptr_t site, enum kind k, void *p, uint64_t n)
{
	struct gprt_mem *m;

	if ((m = siteof(t, site)) == NULL)
		return;
	switch (k) {
	case K_MALLOC:
		m->nmalloc++;
		break;
	case K_CALLOC:
		m->ncalloc++;
		break;
	case K_REALLOC:
		m->nrealloc++;
		break;
	}
	if (p == NULL) {
		m->fails++;
		return;
	}
	m->bytes += n;
	insert((uintptr_t)p, n, m);
}

#define SITE()	((uintptr_t)__builtin_return_address(0))

void *
malloc(size_t n)
{
	struct rt_thr *t;
	void *p;

	if ((t = enter()) == NULL)
		return __libc_malloc(n);
	p = __libc_malloc(n);
	alloced(t, SITE(), K_MALLOC, p, n);
	leave(t);
	return p;
}

void *
calloc(size_t n, size_t sz)
{
	struct rt_thr *t;
	void *p;

	if ((t = enter()) == NULL)
		return __libc_calloc(n, sz);
	p = __libc_calloc(n, sz);
	alloced(t, SITE(), K_CALLOC, p, (uint64_t)n * sz);
	leave(t);
	return p;
}

RT_FN static void *
dorealloc(void *old, size_t n, uintptr_t site)
{
	struct gprt_mem *m;
	struct rt_thr *t;
	struct blk b;
	int had;
	void *p;

	if ((t = enter()) == NULL)
		return __libc_realloc(old, n);
	if (old == NULL) {
		p = __libc_realloc(old, n);
		alloced(t, site, K_REALLOC, p, n);
		leave(t);
		return p;
	}
	/* Out of the table first: once freed, the address may be reused. */
	had = delete((uintptr_t)old, &b);
	p = __libc_realloc(old, n);
	if (p == NULL && n != 0) {
		if (had)
			insert((uintptr_t)old, b.size, b.site);
		alloced(t, site, K_REALLOC, NULL, n);
	} else if (p == NULL) {
		/* realloc(p, 0) freed p. */
		if ((m = siteof(t, site)) != NULL) {
			m->nrealloc++;
			if (!had)
				m->badfree++;
		}
	} else {
		alloced(t, site, K_REALLOC, p, n);
		if (!had && (m = siteof(t, site)) != NULL)
			m->badfree++;
	}
	leave(t);
	return p;
}

void *
realloc(void *old, size_t n)
{
	return dorealloc(old, n, SITE());
}

void *
reallocarray(void *old, size_t n, size_t sz)
{
	if (sz != 0 && n > SIZE_MAX / sz) {
		errno = ENOMEM;
		return NULL;
	}
	return dorealloc(old, n * sz, SITE());
}

void
free(void *p)
{
	struct gprt_mem *m;
	struct rt_thr *t;
	struct blk b;
	int had;

	if (p == NULL || (t = enter()) == NULL) {
		__libc_free(p);
		return;
	}
	had = delete((uintptr_t)p, &b);
	__libc_free(p);
	if ((m = siteof(t, SITE())) != NULL) {
		m->nfree++;
		if (!had)
			m->badfree++;
	}
	leave(t);
}

RT_FN static void *
aligned(size_t al, size_t n, uintptr_t site)
{
	struct rt_thr *t;
	void *p;

	if ((t = enter()) == NULL)
		return __libc_memalign(al, n);
	p = __libc_memalign(al, n);
	alloced(t, site, K_MALLOC, p, n);
	leave(t);
	return p;
}

int
posix_memalign(void **pp, size_t al, size_t n)
{
	void *p;
	int e;

	if (al % sizeof(void *) != 0 || (al & (al - 1)) != 0 || al == 0)
		return EINVAL;
	e = errno;
	p = aligned(al, n, SITE());
	if (p == NULL) {
		errno = e;
		return ENOMEM;
	}
	*pp = p;
	return 0;
}

void *
aligned_alloc(size_t al, size_t n)
{
	return aligned(al, n, SITE());
}

void *
memalign(size_t al, size_t n)
{
	return aligned(al, n, SITE());
}

void *
valloc(size_t n)
{
	struct rt_thr *t;
	void *p;

	if ((t = enter()) == NULL)
		return __libc_valloc(n);
	p = __libc_valloc(n);
	alloced(t, SITE(), K_MALLOC, p, n);
	leave(t);
	return p;
}

void *
pvalloc(size_t n)
{
	struct rt_thr *t;
	void *p;

	if ((t = enter()) == NULL)
		return __libc_pvalloc(n);
	p = __libc_pvalloc(n);
	alloced(t, SITE(), K_MALLOC, p, n);
	leave(t);
	return p;
}
