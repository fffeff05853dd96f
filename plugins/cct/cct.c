/*
 * cct: a collector (gp-plugin(3)) that keeps, for each thread of a program
 * profiled with gprt(3), its calling-context tree: a node for each
 * distinct path of call sites from the thread's root, with the calls
 * made along it and the ticks its function ran itself.  gmon-cat(1) and
 * gprt-dump(1) read it from the companion file as ctx records
 * (gp-stream(5)), the inclusive times summed from the self times.
 *
 * Recursion is folded: a call of a function already on the path goes to
 * the node the path has for it, so the nodes follow the distinct paths,
 * never the calls or the depth.  GPRT_CCT_NODES (default 65536) limits
 * the nodes of a thread; beyond it, a call that would make a node goes to
 * the "(truncated)" node of its caller's node, with everything it calls:
 * time is never lost.  A quarter more room is kept for those nodes; when
 * even that is used, one last truncated node under the root takes them.
 *
 * Each event gives the ticks since the previous one to the node that ran
 * (its self time) and moves to the next: an enter to the child node found
 * through a private hash table of (node, function, call site), a leave
 * back to the node on the collector's own stack.  The nodes, the running
 * node and the time of the last event are in the companion file, so that
 * a killed program leaves them.
 */
#include <sys/mman.h>

#include <stdint.h>

#include <gp/collector.h>

#include "host.h"

#define FN		__attribute__((__no_instrument_function__))
#define NODES_DEF	65536
#define NODES_MAX	(1u << 24)
#define STACK0		4096

struct ent {				/* (parent, fn, site) -> node */
	uint64_t	 parent;
	uintptr_t	 fn;
	uintptr_t	 site;
	uint64_t	 node;		/* 0: a free entry */
};

struct tstate {
	uint64_t	 cur;		/* h->cur and h->last, read here and */
	uint64_t	 last;		/* written to both */
	struct gp_cct	*h;		/* in the companion file */
	struct gp_cctnode *nodes;
	struct ent	*tab;		/* private */
	uint64_t	 mask;
	uint64_t	*stack;		/* the node of each open call */
	uint64_t	 depth;
	uint64_t	 room;		/* scap, or 0 while over > 0 */
	uint64_t	 scap;
	uint64_t	 nent;
	uint64_t	 lasttrunc;	/* the root's last-resort node, or 0 */
	uint64_t	 over;		/* calls the stack had no room for */
};

static uint64_t limit = NODES_DEF;

FN static void *
pmem(size_t n)
{
	void *p;

	p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
	    -1, 0);
	return p == MAP_FAILED ? NULL : p;
}

/* GPRT_CCT_NODES, the option "nodes" (the runtime's options are the
   environment's) */
FN static int
start(struct gp_ctx *c)
{
	double v;

	if (host->optnum(c, "nodes", 16, NODES_MAX, &v) == 1)
		limit = (uint64_t)v;
	return 0;
}

FN static void *
thread(struct gp_ctx *c, uint32_t slot)
{
	struct tstate *s;
	uint64_t cap, tcap;

	cap = limit + limit / 4 + 2;
	for (tcap = 64; tcap < 2 * cap; tcap *= 2)
		continue;
	if ((s = pmem(sizeof(*s))) == NULL ||
	    (s->tab = pmem(tcap * sizeof(*s->tab))) == NULL ||
	    (s->stack = pmem(STACK0 * sizeof(*s->stack))) == NULL ||
	    (s->h = host->collector->reserve(c, slot, GP_COLL_CCT,
	    sizeof(*s->h) + cap * sizeof(*s->nodes))) == NULL) {
		host->warn(c, "thread %u: no room for its tree", slot);
		return NULL;
	}
	s->nodes = (struct gp_cctnode *)(void *)(s->h + 1);
	s->mask = tcap - 1;
	s->scap = s->room = STACK0;
	s->h->cap = cap;
	s->h->limit = limit;
	s->h->n = 1;			/* node 0, the root */
	return s;
}

FN static inline uint64_t
hash(uint64_t parent, uintptr_t fn, uintptr_t site)
{
	uint64_t h;

	h = (parent * 0x9e3779b97f4a7c15u) ^ (fn >> 4) ^ (site * 0xff51afd7ed558ccdu);
	return h ^ (h >> 29);
}

/* Remember (parent, fn, site) -> node, if the table has room. */
FN static void
remember(struct tstate *s, uint64_t parent, uintptr_t fn, uintptr_t site,
    uint64_t node)
{
	struct ent *e;
	uint64_t h;

	if ((s->nent + 1) * 4 > (s->mask + 1) * 3)
		return;		/* full: folds are found again each time */
	for (h = hash(parent, fn, site);; h++) {
		e = &s->tab[h & s->mask];
		if (e->node == 0)
			break;
	}
	e->parent = parent;
	e->fn = fn;
	e->site = site;
	e->node = node;
	s->nent++;
}

/* A new node under parent; 0 if there is no room. */
FN static uint64_t
newnode(struct tstate *s, uint64_t parent, uintptr_t fn, uintptr_t site)
{
	struct gp_cctnode *x;
	uint64_t n = s->h->n;

	x = &s->nodes[n];
	x->parent = parent;
	x->fn = fn;
	x->site = site;
	__asm__ __volatile__("" ::: "memory");
	s->h->n = n + 1;
	return n;
}

/* The node a call of fn from site goes to, below node cur: not known yet. */
FN __attribute__((__noinline__)) static uint64_t
child_slow(struct tstate *s, uint64_t cur, uintptr_t fn, uintptr_t site)
{
	struct ent *e;
	uint64_t p, n, h;

	/* recursion: the path's own node for fn */
	for (p = cur; p != 0; p = s->nodes[p].parent)
		if (s->nodes[p].fn == fn) {
			remember(s, cur, fn, site, p);
			return p;
		}
	if (s->h->n < s->h->limit) {
		n = newnode(s, cur, fn, site);
		remember(s, cur, fn, site, n);
		return n;
	}
	/* no more nodes: the truncated node of cur */
	for (h = hash(cur, 0, 0);; h++) {
		e = &s->tab[h & s->mask];
		if (e->node == 0)
			break;
		if (e->parent == cur && e->fn == 0 && e->site == 0)
			return e->node;
	}
	if (s->h->n < s->h->cap - 1) {
		n = newnode(s, cur, 0, 0);
		remember(s, cur, 0, 0, n);
		return n;
	}
	if (s->lasttrunc == 0)
		s->lasttrunc = newnode(s, 0, 0, 0);
	return s->lasttrunc;
}

/*
 * The rare parts of an enter: a full stack, a pair (node, function, call
 * site) not in the first slot of its hash, a node to make.  The stack
 * holds cur already unless it had no room (then 0 is returned and the
 * call stays in cur).
 */
FN __attribute__((__noinline__)) static uint64_t
enter_slow(struct tstate *s, uint64_t cur, uintptr_t fn, uintptr_t site)
{
	struct ent *e;
	uint64_t *ns, i;

	if (s->depth >= s->room) {
		ns = s->over > 0 ? MAP_FAILED : mremap(s->stack, s->scap *
		    sizeof(*ns), 2 * s->scap * sizeof(*ns), MREMAP_MAYMOVE);
		if (ns == MAP_FAILED) {
			/* no room to come back: the call and its callees
			   stay in cur */
			s->over++;
			s->room = 0;
			return cur;
		}
		s->stack = ns;
		s->scap *= 2;
		s->room = s->scap;
	}
	s->stack[s->depth++] = cur;
	for (i = hash(cur, fn, site);; i++) {
		e = &s->tab[i & s->mask];
		if (e->node == 0)
			break;
		if (e->parent == cur && e->fn == fn && e->site == site)
			return e->node;
	}
	/* below a truncated node, all is its own */
	if (cur != 0 && s->nodes[cur].fn == 0) {
		remember(s, cur, fn, site, cur);
		return cur;
	}
	return child_slow(s, cur, fn, site);
}

FN static void
enter(void *v, uintptr_t fn, uintptr_t site, uint64_t now)
{
	struct tstate *s = v;
	struct ent *e;
	uint64_t cur = s->cur, n;

	if ((int64_t)(now - s->last) > 0)
		s->nodes[cur].self += now - s->last;
	e = &s->tab[hash(cur, fn, site) & s->mask];
	if (__builtin_expect(e->parent == cur && e->fn == fn &&
	    e->site == site && s->depth < s->room, 1)) {
		s->stack[s->depth++] = cur;
		n = e->node;
	} else
		n = enter_slow(s, cur, fn, site);
	s->nodes[n].count++;
	s->cur = s->h->cur = n;
	s->last = s->h->last = now;
}

FN static void
leave(void *v, uintptr_t fn, uint64_t now)
{
	struct tstate *s = v;

	(void)fn;
	if ((int64_t)(now - s->last) > 0)
		s->nodes[s->cur].self += now - s->last;
	s->last = s->h->last = now;
	if (__builtin_expect(s->over > 0, 0)) {
		if (--s->over == 0)
			s->room = s->scap;
	} else
		s->cur = s->h->cur = s->depth > 0 ?
		    s->stack[--s->depth] : 0;
}

PLUG_COLLECTOR("cct", "calling-context trees of each thread (gprt(3) "
    "collector)", start, thread, enter, leave);
