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

static uint64_t
hkey(size_t parent, size_t child)
{
	return (uint64_t)parent << 32 | child;
}

static size_t
hslot(const struct an *g, uint64_t key)
{
	uint64_t h = key * 0x9e3779b97f4a7c15ULL;

	return (size_t)(h >> 29 ^ h) & (g->hcap - 1);
}

size_t
an_arc_lookup(const struct an *g, size_t parent, size_t child)
{
	uint64_t key = hkey(parent, child);
	size_t i;

	if (g->hcap == 0)
		return NONE;
	for (i = hslot(g, key); g->hash[i].key != HEMPTY;
	    i = (i + 1) & (g->hcap - 1))
		if (g->hash[i].key == key)
			return g->hash[i].arc;
	return NONE;
}

static void
hinsert(struct an *g, size_t a)
{
	uint64_t key = hkey(g->a[a].parent, g->a[a].child);
	size_t i;

	for (i = hslot(g, key); g->hash[i].key != HEMPTY;
	    i = (i + 1) & (g->hcap - 1))
		;
	g->hash[i].key = key;
	g->hash[i].arc = a;
}

/* gprof's arc_add. */
void
an_arc_add(struct an *g, size_t parent, size_t child, uint64_t count)
{
	struct aarc *a;
	size_t i;

	if ((i = an_arc_lookup(g, parent, child)) != NONE) {
		g->a[i].count += count;
		return;
	}
	g->a = gp_xgrow(g->a, &g->acap, g->na, 1024, sizeof(*g->a));
	if (2 * (g->na + 1) > g->hcap) {
		free(g->hash);
		g->hcap = g->hcap ? g->hcap * 2 : 2048;
		if ((g->hash = reallocarray(NULL, g->hcap,
		    sizeof(*g->hash))) == NULL)
			err(1, NULL);
		for (i = 0; i < g->hcap; i++)
			g->hash[i].key = HEMPTY;
		for (i = 0; i < g->na; i++)
			hinsert(g, i);
	}
	a = &g->a[g->na];
	memset(a, 0, sizeof(*a));
	a->parent = parent;
	a->child = child;
	a->count = count;
	hinsert(g, g->na++);
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
