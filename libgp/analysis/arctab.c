/*
 * What the steps of the graph analysis share below them: gprof's arcs by
 * (parent, child) in a hash table (arc_add, arc_lookup), the specs'
 * tables by symbol, and gprof's sort.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "stream/stream.h"
#include "analysis/graphan.h"

struct cmpctx {
	cmpfn		*cmp;
	const void	*ctx;
};

static int
cmpcall(const void *a, const void *b, void *arg)
{
	const struct cmpctx *c = arg;

	return c->cmp(*(const size_t *)a, *(const size_t *)b, c->ctx);
}

/* gprof's qsort, glibc's merge sort (stream/sort.c), of v[0..n). */
void
an_msort(size_t *v, size_t n, cmpfn *cmp, const void *ctx)
{
	struct cmpctx c = { cmp, ctx };

	gp_msort(v, n, sizeof(*v), cmpcall, &c);
}

/*
 * The hash table holds arc numbers plus one (0: a free slot), 4 bytes a
 * slot, and in the bits the numbers leave free (a table of 2^k slots
 * holds fewer than 2^(k-1) arcs) more bits of the pair's hash: a slot
 * of another pair is passed over without reading its arc, most of the
 * time, where the arcs are far larger than the cache.  The pair is
 * compared in the arc itself.
 */
static uint64_t
hkey(size_t parent, size_t child)
{
	return ((uint64_t)parent << 32 | child) * 0x9e3779b97f4a7c15ULL;
}

static size_t
hslot(const struct an *g, uint64_t h)
{
	return (size_t)(h >> 29 ^ h) & (g->hcap - 1);
}

/* The hash's bits above the arc number's: its top 32 - hbits bits. */
static uint32_t
htag(const struct an *g, uint64_t h)
{
	if (g->hbits >= 32)
		return 0;
	return (uint32_t)(h >> (32 + g->hbits)) << g->hbits;
}

static void
hinsert(struct an *g, size_t a)
{
	uint64_t h = hkey(g->a[a].parent, g->a[a].child);
	size_t i;

	for (i = hslot(g, h); g->hash[i] != 0; i = (i + 1) & (g->hcap - 1))
		;
	g->hash[i] = htag(g, h) | (uint32_t)(a + 1);
}

/* The hash table for n arcs, every arc so far in it. */
static void
hmake(struct an *g, size_t n)
{
	size_t i, c = g->hcap ? g->hcap : 2048;

	while (c < 2 * n)
		c *= 2;
	if (c == g->hcap && g->hash != NULL)
		return;
	free(g->hash);
	g->hcap = c;
	for (g->hbits = 0; ((size_t)1 << g->hbits) < c; g->hbits++)
		;
	g->hash = gp_xcalloc(g->hcap, sizeof(*g->hash));
	for (i = 0; i < g->na; i++)
		hinsert(g, i);
}

static size_t
hfind(const struct an *g, size_t parent, size_t child)
{
	const struct aarc *a;
	uint64_t h = hkey(parent, child);
	uint32_t v, tag = htag(g, h), num;
	uint32_t nummask = g->hbits >= 32 ? UINT32_MAX :
	    ((uint32_t)1 << g->hbits) - 1;
	size_t i;

	for (i = hslot(g, h); (v = g->hash[i]) != 0;
	    i = (i + 1) & (g->hcap - 1)) {
		if ((v & ~nummask) != tag)
			continue;
		num = v & nummask;
		a = &g->a[num - 1];
		if (a->parent == parent && a->child == child)
			return num - 1;
	}
	return NONE;
}

size_t
an_arc_lookup(struct an *g, size_t parent, size_t child)
{
	if (g->na == 0)
		return NONE;
	if (g->hash == NULL)
		hmake(g, g->na);
	return hfind(g, parent, child);
}

void
an_arc_begin(struct an *g, size_t n, void *room, size_t roomsize)
{
	g->hint = n;
	if (room != NULL) {
		free(g->a);
		g->a = room;
		g->acap = roomsize / sizeof(*g->a);
	} else if (n > 0)
		g->a = gp_xgrow(g->a, &g->acap, n - 1, n, sizeof(*g->a));
	g->last = gp_xcalloc(g->nsyms + 1, sizeof(*g->last));
	g->run = gp_xcalloc(g->nsyms + 1, sizeof(*g->run));
	g->runp = NONE;
}

void
an_arc_end(struct an *g)
{
	struct aarc *a;

	/* the room an_arc_begin() reserved for arcs that were the same */
	if (g->na > 0 && g->na < g->acap &&
	    (a = reallocarray(g->a, g->na, sizeof(*g->a))) != NULL) {
		g->a = a;
		g->acap = g->na;
	}
	free(g->last);
	free(g->run);
	g->last = NULL;
	g->run = NULL;
	free(g->hash);
	g->hash = NULL;
	g->hcap = 0;
}

/*
 * gprof's arc_add.  While each parent's arcs come together (gmon-cat
 * sorts them by caller), an arc is found by its child alone (last[]);
 * the first parent to come back makes the hash table, which then finds
 * them all.
 */
void
an_arc_add(struct an *g, size_t parent, size_t child, uint64_t count)
{
	struct aarc *a;
	size_t i;

	if (g->hash == NULL && parent != g->runp) {
		if (g->run[parent])
			hmake(g, g->hint > g->na ? g->hint : g->na + 1);
		else {
			g->run[parent] = 1;
			g->runp = parent;
		}
	}
	if (g->hash == NULL) {
		i = g->last[child];
		if (i != 0 && g->a[i - 1].parent == parent) {
			g->a[i - 1].count += count;
			return;
		}
	} else {
		if ((i = hfind(g, parent, child)) != NONE) {
			g->a[i].count += count;
			return;
		}
		if (2 * (g->na + 1) > g->hcap)
			hmake(g, g->na + 1);
	}
	if (g->na >= UINT32_MAX - 1)
		errx(1, "%zu call arcs: more than this analysis handles",
		    g->na);
	g->a = gp_xgrow(g->a, &g->acap, g->na, 1024, sizeof(*g->a));
	a = &g->a[g->na];
	memset(a, 0, sizeof(*a));
	a->parent = (uint32_t)parent;
	a->child = (uint32_t)child;
	a->count = count;
	if (g->hash != NULL)
		hinsert(g, g->na);
	else
		g->last[child] = (uint32_t)(g->na + 1);
	g->na++;
}

/*
 * The tables by symbol: specs name the executable's symbols alone, so
 * another object's symbol passes a table when its INCL part is empty.
 */
int
an_tpass(const struct an *g, enum gp_table t, size_t s)
{
	if (s >= g->st->nsyms)
		return gp_tables_empty(g->tb, t);
	return gp_tables_pass(g->tb, t, g->st->syms[s].addr);
}

int
an_thas(const struct an *g, enum gp_table t, size_t s)
{
	return s < g->st->nsyms && gp_tables_has(g->tb, t, g->st->syms[s].addr);
}
