/*
 * Folded stacks from calling contexts or the call graph (stacks.h).
 */
#include <assert.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "pos.h"
#include "stacks.h"
#include "units.h"

#define MAXDEPTH	256		/* a longer chain ends there */
#define MINSHARE	1e-6		/* of the total: a smaller share ends */

struct walk {
	const struct gp_pfunc **path;	/* leaf first */
	const char *const *names;	/* by position in funcs, or NULL */
	struct pos	*pv;
	size_t		 nfuncs;
	int		 narrowed;	/* only stacks through printed
					   functions, from the first */
	unsigned long	 calls;		/* walks so far */
	unsigned long	 budget;
	size_t		 depth;
	double		 minw;
	double		 scale;
	struct stack	*tab;		/* open addressing on frames */
	size_t		 cap;
	size_t		 n;
	char		*buf;
	size_t		 bufsz;
	int		 nomem;
	int		 bytime;	/* no arc counts calls (sampled
					   stacks: perf): an arc is recorded
					   if time went through it */
};

/*
 * The slot of key in the table: where it is, or else the empty one where
 * it goes.
 */
static size_t
slot(const struct walk *w, const char *key)
{
	size_t j;

	j = hash_str(key, HASH_BASIS) & (w->cap - 1);
	while (w->tab[j].frames != NULL && strcmp(w->tab[j].frames, key))
		j = (j + 1) & (w->cap - 1);
	return j;
}

static int
grow(struct walk *w)
{
	struct stack *old = w->tab;
	size_t i, ocap = w->cap;

	w->cap = ocap ? ocap * 2 : 1024;
	if ((w->tab = calloc(w->cap, sizeof(*w->tab))) == NULL) {
		w->tab = old;
		w->cap = ocap;
		return -1;
	}
	for (i = 0; i < ocap; i++)
		if (old[i].frames != NULL)
			w->tab[slot(w, old[i].frames)] = old[i];
	free(old);
	return 0;
}

/* A name's character in a frame: ';' and control characters are '_'. */
static char
fchar(char c)
{
	return c == ';' || (unsigned char)c < 0x20 || c == 0x7f ? '_' : c;
}

/* The name of f in the frames. */
static const char *
fname(const struct walk *w, const struct gp_pfunc *f)
{
	long k;

	if (w->names == NULL || (k = pos_find(w->pv, w->nfuncs, f)) < 0 ||
	    w->names[k] == NULL)
		return f->name;
	return w->names[k];
}

/* Add weight wt to the stack key. */
static void
put(struct walk *w, const char *key, double wt)
{
	size_t j;

	if (2 * (w->n + 1) > w->cap && grow(w) == -1) {
		w->nomem = 1;
		return;
	}
	j = slot(w, key);
	if (w->tab[j].frames == NULL) {
		if ((w->tab[j].frames = strdup(key)) == NULL) {
			w->nomem = 1;
			return;
		}
		w->n++;
	}
	w->tab[j].w += wt;
}

/* Room for need bytes in w->buf; 0, or -1 out of memory. */
static int
room(struct walk *w, size_t need)
{
	if (need <= w->bufsz) {
		/*
		 * bufsz is 0 until a malloc here succeeds (and again when
		 * one fails), and every caller asks for at least the 1 byte
		 * of the terminating NUL: a buffer this big exists.
		 */
		assert(need > 0 && w->buf != NULL);
		return 0;
	}
	free(w->buf);
	w->bufsz = need * 2;
	if ((w->buf = malloc(w->bufsz)) == NULL) {
		w->bufsz = 0;
		w->nomem = 1;
		return -1;
	}
	return 0;
}

/* Add weight to the chain on the path. */
static void
add(struct walk *w, double wt)
{
	size_t i, len, need, top;
	char *p;

	if (w->nomem)
		return;
	/* Narrowed by symspecs: from the outermost printed function. */
	for (top = w->depth; w->narrowed && top > 0 &&
	    !w->path[top - 1]->printed; top--)
		continue;
	if (top == 0)
		return;
	for (need = 1, i = 0; i < top; i++)
		need += strlen(fname(w, w->path[i])) + 1;
	if (room(w, need) == -1)
		return;
	p = w->buf;
	for (i = top; i-- > 0;) {
		frame_name(p, need - (p - w->buf), fname(w, w->path[i]));
		len = strlen(p);
		p += len;
		if (i > 0)
			*p++ = ';';
	}
	*p = '\0';
	put(w, w->buf, wt);
}

/*
 * A stack lighter than min: its last frame becomes OTHER_FRAME, the
 * stacks so merged are one, under the same parent.
 */
static void
merge_small(struct walk *w, double min)
{
	struct stack *old = w->tab;
	size_t i, ocap = w->cap, len;
	char *semi, *key;

	w->tab = NULL;
	w->cap = w->n = 0;
	for (i = 0; i < ocap; i++) {
		if (old[i].frames == NULL)
			continue;
		key = old[i].frames;
		if (!w->nomem && old[i].w < min && old[i].w > 0) {
			semi = strrchr(old[i].frames, ';');
			len = semi != NULL ? (size_t)(semi + 1 - key) : 0;
			if ((key = malloc(len + sizeof(OTHER_FRAME))) == NULL) {
				w->nomem = 1;
				key = old[i].frames;
			} else {
				memcpy(key, old[i].frames, len);
				strcpy(key + len, OTHER_FRAME);
				free(old[i].frames);
			}
		}
		if (!w->nomem)
			put(w, key, old[i].w);
		free(key);
	}
	free(old);
}

static int
onpath(const struct walk *w, const struct gp_pfunc *f)
{
	size_t i;

	for (i = 0; i < w->depth; i++)
		if (w->path[i] == f)
			return 1;
	return 0;
}

/* An arc that was recorded: it counts calls, or time went through it. */
static int
recorded(const struct walk *w, const struct gp_parc *a)
{
	return a->count > 0 || (w->bytime && a->self + a->child > 0);
}

/*
 * May the chain ending in f go on to the caller of arc a?  Along the arcs
 * that were recorded, from a function (never a cycle as a whole), not
 * along self calls, nor to a function already on the chain.
 */
static int
along(const struct walk *w, const struct gp_parc *a,
    const struct gp_pfunc *f)
{
	return recorded(w, a) && a->caller != f && !a->caller->iscycle &&
	    a->callee == f && !onpath(w, a->caller);
}

/*
 * The weight of arc a into f for sharing the chain's time among f's
 * callers: at the leaf, the part of f's self time that went through the
 * arc (measured with a runtime layer, propagated by gprof from -pg
 * data); further up, where the chain's time is spent in f's callees,
 * the part of f's child time that went through it.  Not its self time
 * too: a caller whose calls of f cost f itself much but its callees
 * little (42,000 cheap calls of work() beside one that runs spin() for
 * a third of the run, each cheap call's hooks measured as its own time)
 * would take the callees' time from the callers whose calls spent it.
 * gprof's propagated times give each arc f's self and child time in the
 * same proportion, the calls', so its stacks are the same either way.
 * Arcs between members of one cycle carry no time: there the calls are
 * the weights.
 */
static double
arcweight(const struct gp_parc *a, int leaf, int bycount)
{
	if (bycount)
		return (double)a->count;
	return leaf ? a->self : a->child;
}

/*
 * Share wt of the chain ending in f among f's callers: what went through
 * each recorded arc, a chain ending where f has no caller.  A caller
 * whose chains all run into the path (the rest of a cycle the chain has
 * been through) places nothing; what it could not place goes to the
 * callers that could, in proportion.  Returns the weight not placed.
 */
static double
up(struct walk *w, const struct gp_pfunc *f, double wt)
{
	const struct gp_parc *a;
	double denom, share, rest, placed, lost, got, small, back, *sh;
	size_t i, n, live;
	int bycount, leaf = w->depth == 1;

	if (w->nomem)
		return 0;
	w->calls++;
	for (n = live = 0, i = 0; i < f->ncallers; i++) {
		a = f->callers[i];
		if (recorded(w, a) && a->caller != f && !a->caller->iscycle &&
		    a->callee == f)
			n++;
		if (along(w, a, f))
			live++;
	}
	if (n == 0 || w->depth >= MAXDEPTH) {
		add(w, wt);		/* a root, or too deep */
		return 0;
	}
	if (live == 0)
		return wt;		/* every caller is on the chain */
	bycount = 0;
	for (denom = 0, i = 0; i < f->ncallers; i++) {
		a = f->callers[i];
		if (!along(w, a, f))
			continue;
		if (f->cycle != 0 && a->caller->cycle == f->cycle)
			bycount = 1;
		denom += arcweight(a, leaf, 0);
	}
	if ((bycount && !w->bytime) || !(denom > 0))
		for (bycount = 1, denom = 0, i = 0; i < f->ncallers; i++)
			if (along(w, f->callers[i], f))
				denom += (double)f->callers[i]->count;
	if ((sh = calloc(f->ncallers + 1, sizeof(*sh))) == NULL) {
		w->nomem = 1;
		return 0;
	}
	rest = placed = lost = small = 0;
	for (i = 0; i < f->ncallers; i++) {
		a = f->callers[i];
		if (!along(w, a, f))
			continue;
		share = wt * (arcweight(a, leaf, bycount) / denom);
		if (share < w->minw) {
			rest += share;
			small += share;
			sh[i] = -1;	/* too small to walk alone */
			continue;
		}
		w->path[w->depth++] = a->caller;
		got = share - up(w, a->caller, share);
		w->depth--;
		sh[i] = got / share;	/* the part of a share it places */
		placed += got;
		lost += share - got;
	}
	/*
	 * Nothing placed, and callers left whose shares were too small to
	 * walk alone: they take all of wt between them.  In a cycle, where
	 * calls are the weights, the arc from the member that called f most
	 * can lead only back into the chain (tinyxml2's XMLElement::ParseDeep
	 * under XMLNode::ParseDeep, 20,005 calls), and the way out the
	 * cycle's five calls from outside, whose share fell under the
	 * minimum: f's time was drawn as a root of its own.
	 */
	if (lost > 0 && placed == 0 && small > 0 && w->calls < w->budget) {
		for (back = 0, i = 0; i < f->ncallers; i++) {
			if (!(sh[i] < 0))
				continue;
			a = f->callers[i];
			share = wt * (arcweight(a, leaf, bycount) / denom);
			share = wt * (share / small);
			w->path[w->depth++] = a->caller;
			back += up(w, a->caller, share);
			w->depth--;
		}
		free(sh);
		if (back > 0)
			add(w, back);
		return 0;
	}
	/*
	 * Give what could not be placed to the callers that placed theirs,
	 * once, in proportion to what each placed; what such a walk again
	 * cannot place stays here, so that the stacks of f add up to its
	 * weight exactly.  The budget bounds the walks again a deep cycle
	 * could multiply.
	 */
	if (lost > 0 && placed > 0 && w->calls < w->budget) {
		for (i = 0; i < f->ncallers; i++) {
			if (!(sh[i] > 0))
				continue;
			a = f->callers[i];
			share = wt * (arcweight(a, leaf, bycount) / denom);
			share = lost * (share * sh[i] / placed);
			w->path[w->depth++] = a->caller;
			rest += up(w, a->caller, share);
			w->depth--;
		}
	} else if (lost > 0 && placed == 0) {
		free(sh);
		if (rest > 0)
			add(w, rest);
		return lost;
	} else if (lost > 0)
		rest += lost;
	free(sh);
	if (rest > 0)
		add(w, rest);
	return 0;
}

/*
 * Frame by frame (';' before any other byte), so that the stacks under
 * one chain are next to each other, as flame graphs want them.
 */
static int
byframes(const void *a, const void *b)
{
	const unsigned char *x = (const unsigned char *)
	    ((const struct stack *)a)->frames;
	const unsigned char *y = (const unsigned char *)
	    ((const struct stack *)b)->frames;
	int cx, cy;

	for (; *x != '\0' && *x == *y; x++, y++)
		continue;
	cx = *x == ';' ? 1 : *x == '\0' ? 0 : *x + 1;
	cy = *y == ';' ? 1 : *y == '\0' ? 0 : *y + 1;
	return cx - cy;
}

/*
 * The stacks the runtime measured: one per calling context, weighed by
 * its self time.  The names of the functions the profile has come from
 * names[], the others' as the context says.
 */
static const char *
ctxname(const struct walk *w, const struct gp_pctx *x)
{
	return x->func != NULL ? fname(w, x->func) : x->name;
}

static void
ctxstacks(struct walk *w, const struct gp_profile *p, double perunit)
{
	const struct gp_pctxtree *t;
	const struct gp_pctx *c, *x, *top;
	const char *nm;
	char *q;
	size_t i, j, k, len, need;

	for (i = 0; i < p->nctxtrees && !w->nomem; i++) {
		t = p->ctxtrees[i];
		for (j = 0; j < t->nnodes && !w->nomem; j++) {
			c = t->nodes[j];
			if (!(c->self > 0))
				continue;
			/* Narrowed: from the outermost printed function. */
			for (top = NULL, x = c; x != NULL; x = x->parent)
				if (!w->narrowed || (x->func != NULL &&
				    x->func->printed))
					top = x;
			if (top == NULL)
				continue;
			for (need = 1, x = c; x != top->parent; x = x->parent)
				need += strlen(ctxname(w, x)) + 1;
			if (room(w, need) == -1)
				return;
			/* Leaf last: written from the end of the buffer. */
			q = w->buf + need - 1;
			*q = '\0';
			for (x = c; x != top->parent; x = x->parent) {
				nm = ctxname(w, x);
				len = strlen(nm);
				q -= len;
				for (k = 0; k < len; k++)
					q[k] = fchar(nm[k]);
				if (x != top)
					*--q = ';';
			}
			put(w, q, c->self * perunit);
		}
	}
}

/*
 * Line symbols (gp-sym -l) joined to their functions.  gprof's line-level
 * call graph gives a line no caller unless it is its function's first
 * (calls enter there), so a stack made from it stopped at every other
 * line: one frame.  The stacks are made instead from a graph of the
 * functions: a line symbol (no 'f' flag, a source line) joins the
 * function symbol before it in address order, whose code it is, with
 * its samples, whether printed, and its arcs; the arcs of one caller and
 * callee are summed, those within a function dropped.  Not by name: the
 * line of an inlined call is named by the function inlined, as libbfd
 * names it, and its time is its caller's, as without -l.  Cycles of
 * lines are not kept: a chain never repeats a function anyway.
 */
struct fgraph {
	struct gp_profile prof;
	struct gp_pfunc *f;
	const struct gp_pfunc **fv;
	const char **names;
	struct gp_parc *a;
	const struct gp_parc **av;
	const struct gp_parc **lists;
};

struct apair {
	size_t		 caller;
	size_t		 callee;
	const struct gp_parc *arc;
};

static int
byaddr(const void *a, const void *b)
{
	const struct gp_pfunc *x = *(const struct gp_pfunc *const *)a;
	const struct gp_pfunc *y = *(const struct gp_pfunc *const *)b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	/* the function before its lines */
	return (int)(y->symflags & GP_PSYM_FUNC) -
	    (int)(x->symflags & GP_PSYM_FUNC);
}

static int
bypair(const void *a, const void *b)
{
	const struct apair *x = a, *y = b;

	if (x->caller != y->caller)
		return x->caller < y->caller ? -1 : 1;
	return x->callee < y->callee ? -1 : x->callee > y->callee;
}

static void
fgraph_free(struct fgraph *g)
{
	free(g->f);
	free(g->fv);
	free(g->names);
	free(g->a);
	free(g->av);
	free(g->lists);
	memset(g, 0, sizeof(*g));
}

/*
 * The function graph of p in g when p has line symbols: 1; 0 when it has
 * none (p is used as it is), -1 out of memory.
 */
static int
fgraph_make(const struct gp_profile *p, const char *const *names,
    struct fgraph *g)
{
	const struct gp_pfunc **sorted = NULL, *cur, *f;
	struct pos *pv = NULL;
	struct apair *pr = NULL;
	size_t *canon = NULL, *fk = NULL, i, j, k, n, nf, na, np, *cnt = NULL;
	long x, y;
	int joined = 0, rv = -1;

	memset(g, 0, sizeof(*g));
	if ((sorted = calloc(p->nfuncs + 1, sizeof(*sorted))) == NULL ||
	    (canon = calloc(p->nfuncs + 1, sizeof(*canon))) == NULL ||
	    (fk = calloc(p->nfuncs + 1, sizeof(*fk))) == NULL ||
	    (pv = pos_make((const void *const *)p->funcs, p->nfuncs)) == NULL)
		goto out;
	for (n = i = 0; i < p->nfuncs; i++) {
		canon[i] = (size_t)-1;
		if (!p->funcs[i]->iscycle && p->funcs[i]->symname != NULL)
			sorted[n++] = p->funcs[i];
	}
	if (n > 1)
		qsort(sorted, n, sizeof(*sorted), byaddr);
	for (cur = NULL, i = 0; i < n; i++) {
		f = sorted[i];
		x = pos_find(pv, p->nfuncs, f);
		if (f->symflags & GP_PSYM_FUNC)
			cur = f;
		else if (cur != NULL && f->file != NULL && f->line > 0) {
			canon[x] = (size_t)pos_find(pv, p->nfuncs, cur);
			joined = 1;
			continue;
		}
		canon[x] = (size_t)x;
	}
	if (!joined) {
		rv = 0;
		goto out;
	}
	/* The functions, numbered in the order of p->funcs. */
	for (nf = i = 0; i < p->nfuncs; i++)
		if (canon[i] == i)
			fk[i] = nf++;
	if ((g->f = calloc(nf + 1, sizeof(*g->f))) == NULL ||
	    (g->fv = calloc(nf + 1, sizeof(*g->fv))) == NULL ||
	    (g->names = calloc(nf + 1, sizeof(*g->names))) == NULL ||
	    (pr = calloc(p->narcs + 1, sizeof(*pr))) == NULL ||
	    (cnt = calloc(2 * nf + 1, sizeof(*cnt))) == NULL)
		goto out;
	for (i = 0; i < p->nfuncs; i++) {
		if (canon[i] != i)
			continue;
		k = fk[i];
		g->f[k] = *p->funcs[i];
		g->f[k].samples = 0;
		g->f[k].printed = 0;
		g->f[k].cycle = 0;
		g->f[k].cyc = NULL;
		g->f[k].callers = g->f[k].callees = NULL;
		g->f[k].ncallers = g->f[k].ncallees = 0;
		g->fv[k] = &g->f[k];
		g->names[k] = names != NULL ? names[i] : NULL;
	}
	for (i = 0; i < p->nfuncs; i++) {
		if (canon[i] == (size_t)-1)
			continue;
		k = fk[canon[i]];
		g->f[k].samples += p->funcs[i]->samples;
		if (p->funcs[i]->printed)
			g->f[k].printed = 1;
	}
	/* The arcs between functions, one per caller and callee. */
	for (np = i = 0; i < p->narcs; i++) {
		x = pos_find(pv, p->nfuncs, p->arcs[i]->caller);
		y = pos_find(pv, p->nfuncs, p->arcs[i]->callee);
		if (x < 0 || y < 0 || canon[x] == (size_t)-1 ||
		    canon[y] == (size_t)-1 || canon[x] == canon[y])
			continue;
		pr[np].caller = fk[canon[x]];
		pr[np].callee = fk[canon[y]];
		pr[np++].arc = p->arcs[i];
	}
	if (np > 1)
		qsort(pr, np, sizeof(*pr), bypair);
	if ((g->a = calloc(np + 1, sizeof(*g->a))) == NULL ||
	    (g->av = calloc(np + 1, sizeof(*g->av))) == NULL ||
	    (g->lists = calloc(2 * np + 1, sizeof(*g->lists))) == NULL)
		goto out;
	for (na = i = 0; i < np; i++) {
		if (na == 0 || g->a[na - 1].caller != &g->f[pr[i].caller] ||
		    g->a[na - 1].callee != &g->f[pr[i].callee]) {
			g->a[na] = *pr[i].arc;
			g->a[na].caller = &g->f[pr[i].caller];
			g->a[na].callee = &g->f[pr[i].callee];
			g->a[na].sites = NULL;
			g->a[na].nsites = 0;
			na++;
			continue;
		}
		g->a[na - 1].count += pr[i].arc->count;
		g->a[na - 1].self += pr[i].arc->self;
		g->a[na - 1].child += pr[i].arc->child;
	}
	/*
	 * Each function's callers, then its callees, in one pool: cnt[k]
	 * and cnt[nf + k] count them, then are where the next one goes.
	 */
	for (i = 0; i < na; i++) {
		cnt[g->a[i].callee - g->f]++;
		cnt[nf + (size_t)(g->a[i].caller - g->f)]++;
	}
	for (j = i = 0; i < nf; i++) {
		g->f[i].callers = &g->lists[j];
		k = cnt[i];
		cnt[i] = j;
		j += k;
		g->f[i].callees = &g->lists[j];
		k = cnt[nf + i];
		cnt[nf + i] = j;
		j += k;
	}
	for (i = 0; i < na; i++) {
		g->av[i] = &g->a[i];
		k = (size_t)(g->a[i].callee - g->f);
		g->lists[cnt[k]++] = &g->a[i];
		g->f[k].ncallers++;
		k = (size_t)(g->a[i].caller - g->f);
		g->lists[cnt[nf + k]++] = &g->a[i];
		g->f[k].ncallees++;
	}
	g->prof = *p;
	g->prof.funcs = g->fv;
	g->prof.nfuncs = nf;
	g->prof.arcs = g->av;
	g->prof.narcs = na;
	g->prof.ncycles = 0;
	rv = 1;
out:
	if (rv == -1)
		fgraph_free(g);
	free(sorted);
	free(canon);
	free(fk);
	free(pv);
	free(pr);
	free(cnt);
	return rv;
}

static int	stacks_graph(const struct gp_profile *, double, double,
		    const char *const *, struct stacks *);

int
stacks_make(const struct gp_profile *p, double scale, double min,
    const char *const *names, struct stacks *st)
{
	struct fgraph g;
	int rv;

	if (!((p->have & GP_HAVE_CTX) && p->nctxtrees > 0 &&
	    p->ctxtotal > 0)) {
		memset(st, 0, sizeof(*st));
		if ((rv = fgraph_make(p, names, &g)) == -1)
			return -1;
		if (rv == 1) {
			rv = stacks_graph(&g.prof, scale, min,
			    names != NULL ? g.names : NULL, st);
			fgraph_free(&g);
			return rv;
		}
	}
	return stacks_graph(p, scale, min, names, st);
}

static int
stacks_graph(const struct gp_profile *p, double scale, double min,
    const char *const *names, struct stacks *st)
{
	const struct gp_pfunc *f;
	struct walk w;
	double sum, *ws, lost;
	unsigned long long *iws;
	size_t i, n;

	memset(st, 0, sizeof(*st));
	memset(&w, 0, sizeof(w));
	w.scale = scale;
	w.names = names;
	w.nfuncs = p->nfuncs;
	w.narrowed = p->narrowed;
	w.bytime = 1;
	for (i = 0; i < p->narcs; i++)
		if (p->arcs[i]->count > 0)
			w.bytime = 0;
	w.budget = 64 * (unsigned long)p->nfuncs + 100000;
	if ((w.path = calloc(MAXDEPTH + 1, sizeof(*w.path))) == NULL)
		return -1;
	if (names != NULL && (w.pv = pos_make((const void *const *)p->funcs,
	    p->nfuncs)) == NULL) {
		free(w.path);
		return -1;
	}
	if ((p->have & GP_HAVE_CTX) && p->nctxtrees > 0 &&
	    p->ctxtotal > 0) {
		ctxstacks(&w, p, (p->hz > 0 ? p->hz : 1) * scale);
		st->fromctx = 1;
		goto made;
	}
	for (sum = 0, i = 0; i < p->nfuncs; i++)
		if (!p->funcs[i]->iscycle && p->funcs[i]->samples > 0)
			sum += p->funcs[i]->samples * scale;
	w.minw = sum * MINSHARE;
	for (i = 0; i < p->nfuncs; i++) {
		f = p->funcs[i];
		if (f->iscycle || !(f->samples > 0))
			continue;
		w.path[0] = f;
		w.depth = 1;
		if ((lost = up(&w, f, f->samples * scale)) > 0)
			add(&w, lost);
	}
made:
	if (min > 0)
		merge_small(&w, min);
	free(w.pv);
	free(w.path);
	free(w.buf);
	if (w.nomem)
		goto nomem;

	/* Compact, sort, round. */
	if ((st->v = calloc(w.n + 1, sizeof(*st->v))) == NULL)
		goto nomem;
	for (n = i = 0; i < w.cap; i++)
		if (w.tab[i].frames != NULL)
			st->v[n++] = w.tab[i];
	free(w.tab);
	w.tab = NULL;
	st->n = n;
	if (n > 1)
		qsort(st->v, n, sizeof(*st->v), byframes);
	if ((ws = calloc(n + 1, sizeof(*ws))) == NULL ||
	    (iws = calloc(n + 1, sizeof(*iws))) == NULL) {
		free(ws);
		return -1;
	}
	for (i = 0; i < n; i++) {
		ws[i] = st->v[i].w;
		st->total += ws[i];
	}
	round_sum(ws, iws, n);
	for (i = 0; i < n; i++) {
		st->v[i].iw = iws[i];
		st->itotal += iws[i];
	}
	free(ws);
	free(iws);
	return 0;

nomem:
	if (w.tab != NULL) {
		for (i = 0; i < w.cap; i++)
			free(w.tab[i].frames);
		free(w.tab);
	}
	stacks_free(st);
	return -1;
}

void
stacks_free(struct stacks *st)
{
	size_t i;

	/* n counts the stacks in v: stacks_build sets it once v is made. */
	assert(st->n == 0 || st->v != NULL);
	for (i = 0; i < st->n; i++)
		free(st->v[i].frames);
	free(st->v);
	memset(st, 0, sizeof(*st));
}

void
frame_name(char *dst, size_t n, const char *s)
{
	size_t i;

	if (n == 0)
		return;
	for (i = 0; s[i] != '\0' && i + 1 < n; i++)
		dst[i] = fchar(s[i]);
	dst[i] = '\0';
}
