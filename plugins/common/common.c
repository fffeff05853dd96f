/*
 * Helpers shared by the bundled output formats: folded stacks from the
 * call graph, rounding, numbers, colours, XML escaping.
 */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

#define MAXDEPTH	256		/* a longer chain ends there */
#define MINSHARE	1e-6		/* of the total: a smaller share ends */

/* ------------------------------------------------------------------ */
/* Folded stacks.                                                      */

struct incyc {				/* the calls into one cycle */
	const struct gp_parc **arcs;
	size_t		 n;
	double		 denom;
	int		 done;
};

struct walk {
	const struct gp_pfunc **path;	/* leaf first */
	struct incyc	*cyc;		/* by cycle number */
	size_t		 ncyc;
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
					   stacks): arcs weigh their time */
};

static uint64_t
hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return h;
}

static int
grow(struct walk *w)
{
	struct stack *old = w->tab, *s;
	size_t i, j, ocap = w->cap;

	w->cap = ocap ? ocap * 2 : 1024;
	if ((w->tab = calloc(w->cap, sizeof(*w->tab))) == NULL) {
		w->tab = old;
		w->cap = ocap;
		return -1;
	}
	for (i = 0; i < ocap; i++) {
		if (old[i].frames == NULL)
			continue;
		j = hash(old[i].frames) & (w->cap - 1);
		while (w->tab[j].frames != NULL)
			j = (j + 1) & (w->cap - 1);
		s = &w->tab[j];
		*s = old[i];
	}
	free(old);
	return 0;
}

/* Add weight to the chain on the path. */
static void
add(struct walk *w, double wt)
{
	size_t i, j, len, need;
	char *p;

	if (w->nomem)
		return;
	for (need = 1, i = 0; i < w->depth; i++)
		need += strlen(w->path[i]->name) + 1;
	if (need > w->bufsz) {
		free(w->buf);
		w->bufsz = need * 2;
		if ((w->buf = malloc(w->bufsz)) == NULL) {
			w->nomem = 1;
			return;
		}
	}
	p = w->buf;
	for (i = w->depth; i-- > 0;) {
		frame_name(p, need - (p - w->buf), w->path[i]->name);
		len = strlen(p);
		p += len;
		if (i > 0)
			*p++ = ';';
	}
	*p = '\0';

	if (2 * (w->n + 1) > w->cap && grow(w) == -1) {
		w->nomem = 1;
		return;
	}
	j = hash(w->buf) & (w->cap - 1);
	while (w->tab[j].frames != NULL && strcmp(w->tab[j].frames, w->buf))
		j = (j + 1) & (w->cap - 1);
	if (w->tab[j].frames == NULL) {
		if ((w->tab[j].frames = strdup(w->buf)) == NULL) {
			w->nomem = 1;
			return;
		}
		w->n++;
	}
	w->tab[j].w += wt;
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

/*
 * May the chain ending in f go on to the caller of arc a (into m)?  Not
 * along self calls, nor inside f's cycle: a cycle's members are charged
 * to the cycle's callers from outside it, as gprof charges them.
 */
/* An arc's weight among the callers: its calls, or its time. */
static double
weight(const struct walk *w, const struct gp_parc *a)
{
	return w->bytime ? a->self + a->child : (double)a->count;
}

static int
along(const struct walk *w, const struct gp_parc *a,
    const struct gp_pfunc *m, const struct gp_pfunc *f)
{
	return weight(w, a) > 0 && a->caller != m && !a->caller->iscycle &&
	    (f->cycle == 0 || a->caller->cycle != f->cycle);
}

/*
 * The calls into f's cycle from outside it, made once per cycle: every
 * member would otherwise walk the whole cycle's arcs.
 */
static struct incyc *
incycle(struct walk *w, const struct gp_pfunc *f)
{
	const struct gp_pfunc *const *mem = f->cyc->members;
	struct incyc *c;
	size_t i, j, n;

	if ((size_t)f->cycle >= w->ncyc)
		return NULL;
	c = &w->cyc[f->cycle];
	if (c->done)
		return c;
	c->done = 1;
	for (n = 0, j = 0; j < f->cyc->nmembers; j++)
		for (i = 0; i < mem[j]->ncallers; i++)
			if (along(w, mem[j]->callers[i], mem[j], f))
				n++;
	if ((c->arcs = calloc(n + 1, sizeof(*c->arcs))) == NULL) {
		w->nomem = 1;
		return NULL;
	}
	for (j = 0; j < f->cyc->nmembers; j++)
		for (i = 0; i < mem[j]->ncallers; i++)
			if (along(w, mem[j]->callers[i], mem[j], f)) {
				c->arcs[c->n++] = mem[j]->callers[i];
				c->denom += weight(w, mem[j]->callers[i]);
			}
	return c;
}

/* Share wt of the chain ending in f among f's callers. */
static void
up(struct walk *w, const struct gp_pfunc *f, double wt)
{
	const struct gp_parc *const *arcs;
	const struct gp_parc *a;
	struct incyc *c;
	double denom, share, rest;
	size_t i, n;
	int cyc;

	/* A cycle's member: the calls into the whole cycle. */
	cyc = f->cycle != 0 && f->cyc != NULL && f->cyc->nmembers > 0;
	if (cyc) {
		if ((c = incycle(w, f)) == NULL) {
			add(w, wt);
			return;
		}
		arcs = c->arcs;
		n = c->n;
		denom = c->denom;
	} else {
		arcs = f->callers;
		n = f->ncallers;
		for (denom = 0, i = 0; i < n; i++)
			if (along(w, arcs[i], f, f))
				denom += weight(w, arcs[i]);
	}
	if (denom == 0 || w->depth >= MAXDEPTH) {
		add(w, wt);
		return;
	}
	rest = 0;
	for (i = 0; i < n; i++) {
		a = arcs[i];
		if (!cyc && !along(w, a, f, f))
			continue;
		share = wt * (weight(w, a) / denom);
		if (share < w->minw || onpath(w, a->caller)) {
			rest += share;
			continue;
		}
		w->path[w->depth++] = a->caller;
		up(w, a->caller, share);
		w->depth--;
	}
	if (rest > 0)
		add(w, rest);
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

int
stacks_make(const struct gp_profile *p, double scale, struct stacks *st)
{
	const struct gp_pfunc *f;
	struct walk w;
	double sum, *ws;
	unsigned long long *iws;
	size_t i, n;

	memset(st, 0, sizeof(*st));
	memset(&w, 0, sizeof(w));
	w.scale = scale;
	if ((w.path = calloc(MAXDEPTH + 1, sizeof(*w.path))) == NULL)
		return -1;
	for (sum = 0, i = 0; i < p->nfuncs; i++)
		if (!p->funcs[i]->iscycle && p->funcs[i]->samples > 0)
			sum += p->funcs[i]->samples * scale;
	w.minw = sum * MINSHARE;
	w.bytime = 1;
	for (i = 0; i < p->narcs; i++)
		if (p->arcs[i]->count > 0)
			w.bytime = 0;
	w.ncyc = p->ncycles + 1;
	if ((w.cyc = calloc(w.ncyc, sizeof(*w.cyc))) == NULL) {
		free(w.path);
		return -1;
	}
	for (i = 0; i < p->nfuncs; i++) {
		f = p->funcs[i];
		if (f->iscycle || !(f->samples > 0))
			continue;
		w.path[0] = f;
		w.depth = 1;
		up(&w, f, f->samples * scale);
	}
	free(w.path);
	free(w.buf);
	for (i = 0; i < w.ncyc; i++)
		free(w.cyc[i].arcs);
	free(w.cyc);
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
		dst[i] = s[i] == ';' || (unsigned char)s[i] < 0x20 ||
		    s[i] == 0x7f ? '_' : s[i];
	dst[i] = '\0';
}

double
unit_scale(const struct gp_profile *p, const char *unit)
{
	double hz = p->hz > 0 ? p->hz : 1;

	if (strcmp(unit, "samples") == 0)
		return 1;
	if (strcmp(unit, "s") == 0)
		return 1 / hz;
	if (strcmp(unit, "ms") == 0)
		return 1e3 / hz;
	if (strcmp(unit, "us") == 0)
		return 1e6 / hz;
	if (strcmp(unit, "ns") == 0)
		return 1e9 / hz;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Numbers.                                                            */

char *
fmt_double(char *buf, double v)
{
	int prec;

	if (v == 0) {
		strcpy(buf, "0");
		return buf;
	}
	for (prec = 15; prec <= 17; prec++) {
		snprintf(buf, 32, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return buf;
}

struct frac {
	double		 f;
	size_t		 i;
};

static int
byfrac(const void *a, const void *b)
{
	const struct frac *x = a, *y = b;

	if (x->f != y->f)
		return x->f > y->f ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

void
round_sum(const double *w, unsigned long long *iw, size_t n)
{
	struct frac *fr;
	unsigned long long floors, target;
	double sum;
	size_t i;

	sum = 0;
	floors = 0;
	for (i = 0; i < n; i++) {
		sum += w[i];
		iw[i] = (unsigned long long)floor(w[i]);
		floors += iw[i];
	}
	target = (unsigned long long)llround(sum);
	if (target <= floors)
		return;
	if ((fr = calloc(n, sizeof(*fr))) == NULL) {
		/* Out of memory: give the rest to the heaviest. */
		size_t k = 0;

		for (i = 1; i < n; i++)
			if (w[i] > w[k])
				k = i;
		iw[k] += target - floors;
		return;
	}
	for (i = 0; i < n; i++) {
		fr[i].f = w[i] - floor(w[i]);
		fr[i].i = i;
	}
	if (n > 1)
		qsort(fr, n, sizeof(*fr), byfrac);
	for (i = 0; i < n && floors < target; i++, floors++)
		iw[fr[i].i]++;
	free(fr);
}

/* ------------------------------------------------------------------ */
/* Positions.                                                          */

static int
byptr(const void *a, const void *b)
{
	const struct pos *x = a, *y = b;

	return (uintptr_t)x->ptr < (uintptr_t)y->ptr ? -1 :
	    (uintptr_t)x->ptr > (uintptr_t)y->ptr;
}

struct pos *
pos_make(const void *const *v, size_t n)
{
	struct pos *pv;
	size_t i;

	if ((pv = calloc(n + 1, sizeof(*pv))) == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		pv[i].ptr = v[i];
		pv[i].i = i;
	}
	if (n > 1)
		qsort(pv, n, sizeof(*pv), byptr);
	return pv;
}

long
pos_find(const struct pos *v, size_t n, const void *ptr)
{
	struct pos key;
	const struct pos *r;

	key.ptr = ptr;
	r = bsearch(&key, v, n, sizeof(*v), byptr);
	return r != NULL ? (long)r->i : -1;
}

/* ------------------------------------------------------------------ */
/* Colours and XML.                                                    */

void
heat_color(char *buf, double t)
{
	double r, g, b;

	if (!(t > 0))
		t = 0;
	if (t > 1)
		t = 1;
	/* Blue through green and yellow to red, as gprof2dot's. */
	if (t < 0.5) {
		r = 0;
		g = t * 2;
		b = 1 - t * 2;
	} else {
		r = (t - 0.5) * 2;
		g = 1 - (t - 0.5) * 2;
		b = 0;
	}
	/* Soften towards white for reading labels. */
	r = 0.15 + 0.8 * r;
	g = 0.15 + 0.7 * g;
	b = 0.15 + 0.8 * b;
	snprintf(buf, 8, "#%02x%02x%02x", (int)(r * 255), (int)(g * 255),
	    (int)(b * 255));
}

size_t
utf8_len(const unsigned char *p)
{
	size_t n, i;
	unsigned c = p[0], min;

	if (c < 0x80)
		return c != 0;
	if ((c & 0xe0) == 0xc0) {
		n = 2;
		min = 0x80;
		c &= 0x1f;
	} else if ((c & 0xf0) == 0xe0) {
		n = 3;
		min = 0x800;
		c &= 0x0f;
	} else if ((c & 0xf8) == 0xf0) {
		n = 4;
		min = 0x10000;
		c &= 0x07;
	} else
		return 0;
	for (i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (p[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	return n;
}

void
xml_escape(FILE *fp, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	for (; *p != '\0'; p++)
		switch (*p) {
		case '<':
			fputs("&lt;", fp);
			break;
		case '>':
			fputs("&gt;", fp);
			break;
		case '&':
			fputs("&amp;", fp);
			break;
		case '"':
			fputs("&quot;", fp);
			break;
		case '\'':
			fputs("&apos;", fp);
			break;
		default:
			/* XML 1.0 has no other control characters. */
			if (*p < 0x20 && *p != '\t' && *p != '\n')
				putc('?', fp);
			else if (*p < 0x80)
				putc(*p, fp);
			else if ((n = utf8_len(p)) == 0)
				putc('?', fp);	/* not UTF-8 */
			else {
				fwrite(p, 1, n, fp);
				p += n - 1;
			}
		}
}
