/*
 * Frames: the functions of a profile by their folded-stack names.
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "frames.h"
#include "pos.h"
#include "stacks.h"

static int
byname(const void *a, const void *b)
{
	return strcmp(((const struct frame *)a)->name,
	    ((const struct frame *)b)->name);
}

/* Should the frame of a name be f rather than g? */
static int
better(const struct gp_pfunc *f, const struct gp_pfunc *g)
{
	if ((f->symflags & GP_PSYM_FUNC) != (g->symflags & GP_PSYM_FUNC))
		return (f->symflags & GP_PSYM_FUNC) != 0;
	return f->index != 0 && (g->index == 0 || f->index < g->index);
}

const char *
frames_fname(const struct frames *fr, const struct gp_pfunc *f)
{
	long k;

	if (fr->names == NULL ||
	    (k = pos_find(fr->pv, fr->p->nfuncs, f)) < 0 ||
	    fr->names[k] == NULL)
		return f->name;
	return fr->names[k];
}

int
frames_make(const struct gp_profile *p, struct frames *fr)
{
	return frames_make_named(p, NULL, fr);
}

int
frames_make_named(const struct gp_profile *p, const char *const *names,
    struct frames *fr)
{
	const struct gp_pfunc *f;
	const char *nm;
	size_t i, n, len;

	memset(fr, 0, sizeof(*fr));
	if (names != NULL) {
		fr->p = p;
		fr->names = names;
		if ((fr->pv = pos_make((const void *const *)p->funcs,
		    p->nfuncs)) == NULL)
			return -1;
	}
	if ((fr->v = calloc(p->nfuncs + 1, sizeof(*fr->v))) == NULL) {
		free(fr->pv);
		memset(fr, 0, sizeof(*fr));
		return -1;
	}
	for (n = i = 0; i < p->nfuncs; i++) {
		f = p->funcs[i];
		if (f->iscycle)
			continue;
		nm = names != NULL && names[i] != NULL ? names[i] : f->name;
		len = strlen(nm) + 1;
		if ((fr->v[n].name = malloc(len)) == NULL) {
			fr->n = n;
			frames_free(fr);
			return -1;
		}
		frame_name(fr->v[n].name, len, nm);
		fr->v[n++].f = f;
	}
	/*
	 * Of functions with one name, the frame keeps a function's symbol
	 * before a source line's (gp-sym -l: a line of it, or one where it
	 * was inlined), then the first in the graph.
	 */
	if (n > 1)
		qsort(fr->v, n, sizeof(*fr->v), byname);
	fr->n = 0;
	for (i = 0; i < n; i++) {
		if (fr->n > 0 && strcmp(fr->v[fr->n - 1].name,
		    fr->v[i].name) == 0) {
			if (better(fr->v[i].f, fr->v[fr->n - 1].f))
				fr->v[fr->n - 1].f = fr->v[i].f;
			free(fr->v[i].name);
			continue;
		}
		fr->v[fr->n++] = fr->v[i];
	}
	return 0;
}

long
frames_find(const struct frames *fr, const char *s, size_t len)
{
	size_t lo = 0, hi = fr->n, mid;
	int c;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		c = strncmp(s, fr->v[mid].name, len);
		if (c == 0 && fr->v[mid].name[len] != '\0')
			c = -1;
		if (c == 0)
			return (long)mid;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return -1;
}

long
frames_func(const struct frames *fr, const struct gp_pfunc *f)
{
	const char *nm;
	char *buf;
	size_t len;
	long i;

	nm = frames_fname(fr, f);
	len = strlen(nm) + 1;
	if ((buf = malloc(len)) == NULL)
		return -1;
	frame_name(buf, len, nm);
	i = frames_find(fr, buf, len - 1);
	free(buf);
	return i;
}

void
frames_free(struct frames *fr)
{
	size_t i;

	for (i = 0; fr->v != NULL && i < fr->n; i++)
		free(fr->v[i].name);
	free(fr->v);
	free(fr->pv);
	memset(fr, 0, sizeof(*fr));
}

int
ctx_have(const struct gp_profile *p)
{
	return (p->have & GP_HAVE_CTX) && p->nctxtrees > 0;
}

/* The frame of a name, added where it belongs if new; -1: no memory. */
static long
frames_add(struct frames *fr, const char *name, const char *obj,
    uint64_t addr)
{
	struct frame *nv;
	char *s;
	size_t len, lo, hi, mid;
	int c;

	len = strlen(name) + 1;
	if ((s = malloc(len)) == NULL)
		return -1;
	frame_name(s, len, name);
	lo = 0, hi = fr->n;
	while (lo < hi) {
		mid = (lo + hi) / 2;
		if ((c = strcmp(s, fr->v[mid].name)) == 0) {
			free(s);
			return (long)mid;
		}
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	if ((nv = realloc(fr->v, (fr->n + 2) * sizeof(*nv))) == NULL) {
		free(s);
		return -1;
	}
	fr->v = nv;
	memmove(&fr->v[lo + 1], &fr->v[lo], (fr->n - lo) * sizeof(*nv));
	fr->v[lo].name = s;
	fr->v[lo].f = NULL;
	fr->v[lo].obj = obj;
	fr->v[lo].addr = addr;
	fr->n++;
	return (long)lo;
}

int
prof_measured(const struct gp_profile *p)
{
	return fabs(p->totalsamples - floor(p->totalsamples + 0.5)) > 1e-6;
}

int
trace_have(const struct gp_profile *p)
{
	return (p->have & GP_HAVE_TRACE) && p->ntraces > 0;
}

int
frames_addctx(struct frames *fr, const struct gp_profile *p)
{
	const struct gp_pctxtree *t;
	const struct gp_ptrace *tr;
	size_t i, j;

	for (i = 0; ctx_have(p) && i < p->nctxtrees; i++) {
		t = p->ctxtrees[i];
		for (j = 0; j < t->nnodes; j++)
			if (t->nodes[j]->func == NULL &&
			    frames_add(fr, t->nodes[j]->name, t->nodes[j]->obj,
			    t->nodes[j]->addr) == -1)
				return -1;
	}
	for (i = 0; trace_have(p) && i < p->ntraces; i++) {
		tr = p->traces[i];
		for (j = 0; j < tr->nevents; j++)
			if (tr->events[j]->func == NULL &&
			    tr->events[j]->name != NULL &&
			    frames_add(fr, tr->events[j]->name, NULL,
			    tr->events[j]->addr) == -1)
				return -1;
	}
	return 0;
}

/* The frame of a function, else of the name a context or event gives. */
long
frames_named(const struct frames *fr, const struct gp_pfunc *f,
    const char *name)
{
	char *buf;
	size_t len;
	long i;

	if (f != NULL)
		return frames_func(fr, f);
	len = strlen(name) + 1;
	if ((buf = malloc(len)) == NULL)
		return -1;
	frame_name(buf, len, name);
	i = frames_find(fr, buf, len - 1);
	free(buf);
	return i;
}

long
frames_node(const struct frames *fr, const struct gp_pctx *n)
{
	return frames_named(fr, n->func, n->name);
}

long
ctx_frames(const struct frames *fr, const struct gp_pctx *n, long **v,
    size_t *cap)
{
	long *nv, fi;
	size_t k, len;

	len = (size_t)n->depth + 1;
	if (len > *cap) {
		if ((nv = realloc(*v, 2 * len * sizeof(*nv))) == NULL)
			return -1;
		*v = nv;
		*cap = 2 * len;
	}
	/* Leaf up to the root, then turned round; missing frames left out. */
	for (k = 0; n != NULL && k < len; n = n->parent)
		if ((fi = frames_node(fr, n)) >= 0)
			(*v)[k++] = fi;
	for (len = 0; len < k / 2; len++) {
		fi = (*v)[len];
		(*v)[len] = (*v)[k - 1 - len];
		(*v)[k - 1 - len] = fi;
	}
	return (long)k;
}
