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

int
stacks_make(const struct gp_profile *p, double scale, double min,
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
