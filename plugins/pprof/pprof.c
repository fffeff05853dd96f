/*
 * pprof: the profile as pprof's profile.proto (gp-formats(5)),
 * gzip-compressed with zlib, for go tool pprof and the services that
 * read that format.
 *
 * The protocol buffer is written by the small encoder below rather than
 * protobuf-c: the message is write-only and flat (varints, lengths and
 * packed arrays, about sixty lines), where protobuf-c would add a
 * generated file from profile.proto, protoc-c to the build and a
 * library at run time for no check we do not get from go tool pprof
 * reading the result in the tests.
 *
 * Samples, with calling contexts (the cct collector's ctx records): one
 * per context with time or calls, its path as the stack, its measured
 * nanoseconds and calls, and its thread as the label "thread".  Without:
 * one per folded stack (plugins/common: the call graph's
 * estimate, said so in the profile's comments), with the self samples
 * and CPU nanoseconds of its leaf.  Nanoseconds are rounded so that the
 * stacks of each function add up to its own time; samples (fractions
 * where gprof shares a bin between functions) so that all add up to the
 * profile's samples.  Calls: one
 * sample per call-graph arc, callee over caller, with the arc's count.
 * A profile that counts events in place of time (Ir from callgrind, a
 * perf event) has its event as the type, in counts, not nanoseconds.
 */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include <gp/format.h>

#include "frames.h"
#include "hash.h"
#include "names.h"
#include "stacks.h"
#include "units.h"
#include "host.h"

/* ------------------------------------------------------------------ */
/* Protocol buffer encoding.                                           */

struct pb {
	unsigned char	*p;
	size_t		 n, cap;
	int		 nomem;
};

static void
pb_raw(struct pb *b, const void *v, size_t n)
{
	unsigned char *np;
	size_t cap;

	if (b->nomem)
		return;
	if (b->n + n > b->cap) {
		cap = b->cap ? b->cap : 256;
		while (cap < b->n + n)
			cap *= 2;
		if ((np = realloc(b->p, cap)) == NULL) {
			b->nomem = 1;
			return;
		}
		b->p = np;
		b->cap = cap;
	}
	memcpy(b->p + b->n, v, n);
	b->n += n;
}

static void
pb_varint(struct pb *b, uint64_t v)
{
	unsigned char buf[10];
	size_t n = 0;

	do {
		buf[n++] = (unsigned char)((v & 0x7f) | (v > 0x7f ? 0x80 : 0));
		v >>= 7;
	} while (v != 0);
	pb_raw(b, buf, n);
}

/* A varint field (wire type 0); zero is the default and left out. */
static void
pb_uint(struct pb *b, int field, uint64_t v)
{
	if (v == 0)
		return;
	pb_varint(b, (uint64_t)field << 3);
	pb_varint(b, v);
}

/* A length-delimited field (wire type 2): bytes, string, message. */
static void
pb_bytes(struct pb *b, int field, const void *v, size_t n)
{
	pb_varint(b, (uint64_t)field << 3 | 2);
	pb_varint(b, n);
	pb_raw(b, v, n);
}

/* A message field made in m, which is emptied for the next. */
static void
pb_msg(struct pb *b, int field, struct pb *m)
{
	if (m->nomem)
		b->nomem = 1;
	pb_bytes(b, field, m->p, m->n);
	m->n = 0;
}

/* ------------------------------------------------------------------ */
/* The string table: strings by index, with a hash for the look-up.    */

struct strtab {
	struct pb	 out;		/* field 6 of Profile, in order */
	char		**tab;		/* open addressing, copies */
	int64_t		*idx;
	size_t		 cap, n;
	int		 nomem;
};

static int64_t
str(struct strtab *t, const char *s)
{
	char **ntab;
	int64_t *nidx;
	size_t i, j, ncap;

	if (s == NULL)
		s = "";
	if (2 * (t->n + 1) > t->cap) {
		ncap = t->cap ? 2 * t->cap : 1024;
		ntab = calloc(ncap, sizeof(*ntab));
		nidx = calloc(ncap, sizeof(*nidx));
		if (ntab == NULL || nidx == NULL) {
			free(ntab);
			free(nidx);
			t->nomem = 1;
			return 0;
		}
		for (i = 0; i < t->cap; i++) {
			if (t->tab[i] == NULL)
				continue;
			j = hash_str(t->tab[i], HASH_BASIS) & (ncap - 1);
			while (ntab[j] != NULL)
				j = (j + 1) & (ncap - 1);
			ntab[j] = t->tab[i];
			nidx[j] = t->idx[i];
		}
		free(t->tab);
		free(t->idx);
		t->tab = ntab;
		t->idx = nidx;
		t->cap = ncap;
	}
	j = hash_str(s, HASH_BASIS) & (t->cap - 1);
	while (t->tab[j] != NULL) {
		if (strcmp(t->tab[j], s) == 0)
			return t->idx[j];
		j = (j + 1) & (t->cap - 1);
	}
	/* a copy: callers pass buffers they write again */
	if ((t->tab[j] = strdup(s)) == NULL) {
		t->nomem = 1;
		return 0;
	}
	t->idx[j] = (int64_t)t->n++;
	pb_bytes(&t->out, 6, s, strlen(s));
	return t->idx[j];
}

/* ------------------------------------------------------------------ */
/* The profile.                                                        */

/* Profile's fields (profile.proto). */
#define P_SAMPLE_TYPE	1
#define P_SAMPLE	2
#define P_MAPPING	3
#define P_LOCATION	4
#define P_FUNCTION	5
#define P_PERIOD_TYPE	11
#define P_PERIOD	12
#define P_COMMENT	13
#define P_DEFAULT_TYPE	14

struct out {
	struct pb	 prof, m, sub;
	struct strtab	 st;
	struct frames	 fr;
	int		 samples, cpu, calls;	/* sample types given */
	const char	*timetype;	/* "cpu" (sampled), "time" (measured),
					   or the event counted ("Ir") */
	const char	*tunit;		/* "nanoseconds", or "count" */
	double		 per;		/* tunit per unit: 1e9, or 1 */
};

static void
valuetype(struct out *o, int field, const char *type, const char *unit)
{
	pb_uint(&o->m, 1, (uint64_t)str(&o->st, type));
	pb_uint(&o->m, 2, (uint64_t)str(&o->st, unit));
	pb_msg(&o->prof, field, &o->m);
}

static void
comment(struct out *o, const char *s)
{
	pb_uint(&o->prof, P_COMMENT, (uint64_t)str(&o->st, s));
}

/* A sample: locations (frame index + 1), leaf first, and its values. */
static void
sample(struct out *o, const uint64_t *locs, size_t nlocs,
    uint64_t samples, uint64_t ns, uint64_t calls, const char *thread)
{
	size_t i;

	for (i = 0; i < nlocs; i++)
		pb_varint(&o->sub, locs[i]);
	pb_msg(&o->m, 1, &o->sub);
	if (o->samples)
		pb_varint(&o->sub, samples);
	if (o->cpu)
		pb_varint(&o->sub, ns);
	if (o->calls)
		pb_varint(&o->sub, calls);
	pb_msg(&o->m, 2, &o->sub);
	if (thread != NULL) {			/* Label */
		pb_uint(&o->sub, 1, (uint64_t)str(&o->st, "thread"));
		pb_uint(&o->sub, 2, (uint64_t)str(&o->st, thread));
		pb_msg(&o->m, 3, &o->sub);
	}
	pb_msg(&o->prof, P_SAMPLE, &o->m);
}

/*
 * Functions, locations (one each per frame) and the mappings: the
 * executable's, then one for each other object the calling contexts
 * name.
 */
static int
places(struct out *o, const struct gp_profile *p)
{
	const struct gp_pfunc *f;
	const struct frame *fm;
	const char **objs = NULL;
	uint64_t lo = UINT64_MAX, hi = 0, *olo = NULL, *ohi = NULL;
	size_t i, k, nobjs = 0;
	int files = 0, lines = 0;

	if ((objs = calloc(o->fr.n + 1, sizeof(*objs))) == NULL ||
	    (olo = calloc(o->fr.n + 1, sizeof(*olo))) == NULL ||
	    (ohi = calloc(o->fr.n + 1, sizeof(*ohi))) == NULL) {
		free(objs);
		free(olo);
		return -1;
	}
	for (i = 0; i < o->fr.n; i++) {
		fm = &o->fr.v[i];
		if ((f = fm->f) == NULL) {
			/* A function only contexts or events name. */
			for (k = 0; fm->obj != NULL && k < nobjs; k++)
				if (strcmp(objs[k], fm->obj) == 0)
					break;
			if (fm->obj != NULL && k == nobjs) {
				objs[nobjs] = fm->obj;
				olo[nobjs] = UINT64_MAX;
				nobjs++;
			}
			if (fm->obj != NULL && fm->addr < olo[k])
				olo[k] = fm->addr;
			if (fm->obj != NULL && fm->addr > ohi[k])
				ohi[k] = fm->addr;
			pb_uint(&o->m, 1, i + 1);
			pb_uint(&o->m, 2, (uint64_t)str(&o->st, fm->name));
			pb_msg(&o->prof, P_FUNCTION, &o->m);
			pb_uint(&o->m, 1, i + 1);
			pb_uint(&o->m, 2, fm->obj != NULL ? k + 2 : 1);
			pb_uint(&o->m, 3, fm->addr);
			pb_uint(&o->sub, 1, i + 1);
			pb_msg(&o->m, 4, &o->sub);
			pb_msg(&o->prof, P_LOCATION, &o->m);
			continue;
		}
		pb_uint(&o->m, 1, i + 1);
		pb_uint(&o->m, 2, (uint64_t)str(&o->st,
		    frames_fname(&o->fr, f)));
		pb_uint(&o->m, 3, (uint64_t)str(&o->st, f->symname));
		pb_uint(&o->m, 4, (uint64_t)str(&o->st, f->file));
		pb_uint(&o->m, 5, f->line > 0 ? (uint64_t)f->line : 0);
		pb_msg(&o->prof, P_FUNCTION, &o->m);

		pb_uint(&o->m, 1, i + 1);		/* Location */
		pb_uint(&o->m, 2, 1);
		pb_uint(&o->m, 3, f->addr);
		pb_uint(&o->sub, 1, i + 1);		/* Line */
		pb_uint(&o->sub, 2, f->line > 0 ? (uint64_t)f->line : 0);
		pb_msg(&o->m, 4, &o->sub);
		pb_msg(&o->prof, P_LOCATION, &o->m);

		if (f->addr != 0 && f->addr < lo)
			lo = f->addr;
		if (f->end > hi)
			hi = f->end;
		files |= f->file != NULL;
		lines |= f->line > 0;
	}
	pb_uint(&o->m, 1, 1);				/* Mapping */
	pb_uint(&o->m, 2, lo <= hi ? lo : 0);
	pb_uint(&o->m, 3, lo <= hi ? hi + 1 : 0);
	pb_uint(&o->m, 5, (uint64_t)str(&o->st,
	    p->exe != NULL ? p->exe : "a.out"));
	pb_uint(&o->m, 7, 1);
	pb_uint(&o->m, 8, (uint64_t)files);
	pb_uint(&o->m, 9, (uint64_t)lines);
	pb_msg(&o->prof, P_MAPPING, &o->m);
	for (k = 0; k < nobjs; k++) {
		pb_uint(&o->m, 1, k + 2);
		pb_uint(&o->m, 2, olo[k]);
		pb_uint(&o->m, 3, ohi[k] + 1);
		pb_uint(&o->m, 5, (uint64_t)str(&o->st, objs[k]));
		pb_uint(&o->m, 7, 1);
		pb_msg(&o->prof, P_MAPPING, &o->m);
	}
	free(objs);
	free(olo);
	free(ohi);
	return 0;
}

struct leaf {
	size_t		 stack;		/* in the stacks */
	long		 frame;		/* its leaf */
};

static int
byleaf(const void *a, const void *b)
{
	const struct leaf *x = a, *y = b;

	if (x->frame != y->frame)
		return x->frame < y->frame ? -1 : 1;
	return x->stack < y->stack ? -1 : x->stack > y->stack;
}

/*
 * The time samples: each function's stacks rounded to add up to its own
 * samples and nanoseconds.
 */
static int
timesamples(struct out *o, const struct gp_profile *p)
{
	struct stacks st;
	struct leaf *lv = NULL;
	uint64_t *locs = NULL, t;
	double *wn = NULL, hz;
	unsigned long long *in = NULL;
	const char *s, *e;
	size_t i, j, k, a, nl, maxd;
	long fi;
	int rv = -1;

	hz = p->hz > 0 ? p->hz : 1;
	if (stacks_make(p, 1, 0, o->fr.names, &st) == -1)
		return -1;
	lv = calloc(st.n + 1, sizeof(*lv));
	wn = calloc(st.n + 1, sizeof(*wn));
	in = calloc(st.n + 1, sizeof(*in));
	if (lv == NULL || wn == NULL || in == NULL)
		goto done;
	maxd = 1;
	for (i = 0; i < st.n; i++) {
		for (k = 1, s = st.v[i].frames; (s = strchr(s, ';')) != NULL;
		    s++)
			k++;
		if (k > maxd)
			maxd = k;
		s = strrchr(st.v[i].frames, ';');
		s = s != NULL ? s + 1 : st.v[i].frames;
		lv[i].stack = i;
		lv[i].frame = frames_find(&o->fr, s, strlen(s));
	}
	if ((locs = calloc(maxd, sizeof(*locs))) == NULL)
		goto done;
	if (st.n > 1)
		qsort(lv, st.n, sizeof(*lv), byleaf);
	for (i = 0; i < st.n; i = j) {
		for (j = i; j < st.n && lv[j].frame == lv[i].frame; j++)
			wn[j - i] = st.v[lv[j].stack].w * (o->per / hz);
		round_sum(wn, in, j - i);
		for (k = i; k < j; k++) {
			/* Leaf first. */
			nl = 0;
			s = st.v[lv[k].stack].frames;
			for (;; s = e + 1) {
				if ((e = strchr(s, ';')) == NULL)
					e = s + strlen(s);
				fi = frames_find(&o->fr, s, (size_t)(e - s));
				if (fi >= 0)
					locs[nl++] = (uint64_t)fi + 1;
				if (*e == '\0')
					break;
			}
			for (a = 0; a < nl / 2; a++) {
				t = locs[a];
				locs[a] = locs[nl - 1 - a];
				locs[nl - 1 - a] = t;
			}
			if (st.v[lv[k].stack].iw > 0 || in[k - i] > 0)
				sample(o, locs, nl, st.v[lv[k].stack].iw,
				    in[k - i], 0, NULL);
		}
	}
	rv = 0;
done:
	free(lv);
	free(wn);
	free(in);
	free(locs);
	stacks_free(&st);
	return rv;
}

/* Calling contexts: one sample per node with time or calls. */
static int
ctxsamples(struct out *o, const struct gp_profile *p)
{
	const struct gp_pctxtree *t;
	const struct gp_pctx *n;
	uint64_t *locs = NULL, *nl;
	long *fv = NULL, d, k;
	size_t i, j, cap = 0, lcap = 0;
	char thread[128];

	for (i = 0; i < p->nctxtrees; i++) {
		t = p->ctxtrees[i];
		if (t->thread == 0)
			snprintf(thread, sizeof(thread), "all threads");
		else
			snprintf(thread, sizeof(thread), "%" PRIu64 "%s%.100s",
			    t->thread, t->name != NULL ? " " : "",
			    t->name != NULL ? t->name : "");
		for (j = 0; j < t->nnodes; j++) {
			n = t->nodes[j];
			if (!(n->self > 0) && !(n->hascount && n->count > 0))
				continue;
			/* ctx_frames: -1 out of memory, else a count. */
			if ((d = ctx_frames(&o->fr, n, &fv, &cap)) < 0)
				goto nomem;
			if (d == 0)
				continue;
			if ((size_t)d > lcap) {
				if ((nl = realloc(locs, cap *
				    sizeof(*locs))) == NULL)
					goto nomem;
				locs = nl;
				lcap = cap;
			}
			for (k = 0; k < d; k++)		/* leaf first */
				locs[k] = (uint64_t)fv[d - 1 - k] + 1;
			sample(o, locs, (size_t)d, 0,
			    (uint64_t)llround(n->self * o->per),
			    n->hascount ? n->count : 0, thread);
		}
	}
	free(fv);
	free(locs);
	return 0;
nomem:
	free(fv);
	free(locs);
	return -1;
}

/* The calls: one sample per arc, callee over caller. */
static void
callsamples(struct out *o, const struct gp_profile *p)
{
	const struct gp_parc *a;
	uint64_t locs[2];
	long c, d;
	size_t i;

	for (i = 0; i < p->narcs; i++) {
		a = p->arcs[i];
		if (a->count == 0 || a->caller->iscycle || a->callee->iscycle)
			continue;
		if ((d = frames_func(&o->fr, a->callee)) < 0 ||
		    (c = frames_func(&o->fr, a->caller)) < 0)
			continue;
		locs[0] = (uint64_t)d + 1;
		locs[1] = (uint64_t)c + 1;
		sample(o, locs, 2, 0, 0, a->count, NULL);
	}
}

/* Write b gzip-compressed. */
static int
gzwrite_all(struct gp_ctx *ctx, FILE *out, const struct pb *b)
{
	unsigned char buf[65536];
	z_stream z;
	int r;

	memset(&z, 0, sizeof(z));
	if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8,
	    Z_DEFAULT_STRATEGY) != Z_OK) {
		host->error(ctx, "zlib: cannot start compressing");
		return -1;
	}
	z.next_in = b->p;
	z.avail_in = (uInt)b->n;	/* profiles stay under 4 GB */
	do {
		z.next_out = buf;
		z.avail_out = sizeof(buf);
		r = deflate(&z, Z_FINISH);
		if (r == Z_STREAM_ERROR) {
			deflateEnd(&z);
			host->error(ctx, "zlib: compressing failed");
			return -1;
		}
		if (fwrite(buf, 1, sizeof(buf) - z.avail_out, out) !=
		    sizeof(buf) - z.avail_out) {
			deflateEnd(&z);
			host->error(ctx, "write error");
			return -1;
		}
	} while (r != Z_STREAM_END);
	deflateEnd(&z);
	return 0;
}

static int
write_pprof(struct gp_ctx *ctx, const struct gp_profile *p, FILE *out)
{
	struct out o;
	char buf[128], **names;
	double hz;
	size_t i;
	int rv = -1, hasctx;

	memset(&o, 0, sizeof(o));
	hz = p->hz > 0 ? p->hz : 1;
	hasctx = ctx_have(p);
	/* statics of one name in two files: "work (a.c)", "work (b.c)" */
	if ((names = names_make(p, STRIP_NO)) == NULL ||
	    frames_make_named(p, (const char *const *)names, &o.fr) == -1 ||
	    frames_addctx(&o.fr, p) == -1)
		goto nomem;
	str(&o.st, "");				/* index 0 */
	o.timetype = hasctx || prof_measured(p) ? "time" : "cpu";
	o.tunit = "nanoseconds";
	o.per = unit_ns(p);
	if (event_unit(p) != NULL) {	/* counts, not time: Ir, cycles */
		o.timetype = event_unit(p);
		o.tunit = "count";
	}
	if (hasctx) {
		o.cpu = o.calls = 1;
	} else {
		o.samples = o.cpu = p->totalsamples > 0;
		for (i = 0; i < p->narcs; i++)
			if (p->arcs[i]->count > 0)
				o.calls = 1;
		if (!o.samples && !o.calls)
			o.cpu = 1;		/* an empty profile: time 0 */
	}
	if (o.samples)
		valuetype(&o, P_SAMPLE_TYPE, "samples", "count");
	if (o.cpu)
		valuetype(&o, P_SAMPLE_TYPE, o.timetype, o.tunit);
	if (o.calls)
		valuetype(&o, P_SAMPLE_TYPE, "calls", "count");
	if (hasctx) {
		if (ctxsamples(&o, p) == -1)
			goto nomem;
	} else {
		if (o.samples && timesamples(&o, p) == -1)
			goto nomem;
		if (o.calls)
			callsamples(&o, p);
	}
	if (places(&o, p) == -1)
		goto nomem;
	valuetype(&o, P_PERIOD_TYPE, o.timetype, o.tunit);
	pb_uint(&o.prof, P_PERIOD, hasctx ? 1 : (uint64_t)llround(o.per / hz));
	comment(&o, "gptools gp-fmt -o pprof");
	if (p->exe != NULL) {
		snprintf(buf, sizeof(buf), "program: %.100s", p->exe);
		comment(&o, buf);
	}
	if (event_unit(p) != NULL) {
		snprintf(buf, sizeof(buf), "%.32s: events counted (by "
		    "callgrind, perf), not time; %.0f in all", o.timetype,
		    p->total);
		comment(&o, buf);
	} else if (hasctx)
		comment(&o, "stacks measured: the calling contexts the "
		    "runtime recorded, one tree per thread (label thread); "
		    "time: real time in each function itself on each path");
	else if (prof_measured(p))
		comment(&o, "time: real time measured per call by the "
		    "runtime (libgprt), in samples of 1/hz as gprof counts it");
	else {
		snprintf(buf, sizeof(buf), "sampling: %g samples per "
		    "second; %.0f samples", hz, p->totalsamples);
		comment(&o, buf);
	}
	if (o.samples && prof_measured(p))
		comment(&o, "stacks estimated from the call graph: each "
		    "function's self time shared among its callers by the "
		    "time measured on each call arc");
	else if (o.samples)
		comment(&o, "stacks estimated from the call graph: each "
		    "function's self time shared among its callers in "
		    "proportion to the calls (gprof's assumption)");
	if (o.calls && !hasctx)
		comment(&o, "calls: exact counts, one sample per call-graph "
		    "arc, callee over caller");
	pb_uint(&o.prof, P_DEFAULT_TYPE, (uint64_t)str(&o.st,
	    o.cpu ? o.timetype : "calls"));
	if (o.st.nomem)
		goto nomem;
	pb_raw(&o.prof, o.st.out.p, o.st.out.n);
	if (o.prof.nomem || o.m.nomem || o.sub.nomem || o.st.out.nomem)
		goto nomem;
	rv = gzwrite_all(ctx, out, &o.prof);
	goto done;
nomem:
	host->error(ctx, "out of memory");
done:
	free(o.prof.p);
	free(o.m.p);
	free(o.sub.p);
	free(o.st.out.p);
	for (i = 0; i < o.st.cap; i++)
		free(o.st.tab[i]);
	free(o.st.tab);
	free(o.st.idx);
	frames_free(&o.fr);
	if (names != NULL)
		names_free(names, p->nfuncs);
	return rv;
}

PLUG_FORMAT_WITH((.needs = GP_HAVE_GRAPH, .binary = 1, .write = write_pprof),
    .name = "pprof",
    .desc = "pprof's profile.proto, gzip-compressed, for go tool pprof",
    .version = "1", .init = plug_init);
