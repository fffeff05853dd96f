/*
 * Several gmon.out files added up the way gprof adds them (gp_raw_sum).
 */
#include <err.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gmon/rawint.h"

/* Summing. */

static const char *
histfile(const struct gp_raw *raw, const struct gp_hist *h)
{
	if (h->file < raw->nfiles)
		return raw->files[h->file].path;
	return raw->name;
}

static double
histscale(const struct gp_hist *h)
{
	return (double)((h->high - h->low) / 2) / h->nbins;
}

static size_t
archash(const struct gp_arcidx *x, uint64_t from, uint64_t self)
{
	uint64_t v;

	v = from * 0x9e3779b97f4a7c15ULL ^ self * 0xc2b2ae3d27d4eb4fULL;
	return (v ^ v >> 29) & x->mask;
}

static void
idxput(struct gp_arcidx *x, const struct gp_arc *arcs, size_t i)
{
	size_t s;

	for (s = archash(x, arcs[i].from, arcs[i].self); x->slot[s] != 0;
	    s = (s + 1) & x->mask)
		;
	x->slot[s] = i + 1;
	x->n++;
}

static void
idxgrow(struct gp_raw *raw, size_t need)
{
	struct gp_arcidx *x;
	size_t cap, i;

	if ((x = raw->idx) == NULL) {
		if ((x = raw->idx = calloc(1, sizeof(*x))) == NULL)
			err(1, NULL);
	}
	if (x->slot != NULL && need * 2 <= x->mask + 1)
		return;
	for (cap = 1024; cap < need * 2; cap *= 2)
		;
	free(x->slot);
	if ((x->slot = calloc(cap, sizeof(*x->slot))) == NULL)
		err(1, NULL);
	x->mask = cap - 1;
	x->n = 0;
	for (i = 0; i < raw->narcs; i++)
		idxput(x, raw->arcs, i);
}

static uint64_t
arclimit(const struct gp_raw *raw)
{
	const struct gp_file *f;

	if (raw->nfiles == 0)
		return UINT32_MAX;
	f = &raw->files[0];
	if (f->layout == GP_GNU || f->width == 32)
		return UINT32_MAX;
	return UINT64_MAX;
}

static void
sumarcs(struct gp_raw *dst, const struct gp_raw *src, const char *sname)
{
	const struct gp_arc *a;
	struct gp_arcidx *x;
	struct gp_arc *d;
	const char *first;
	uint64_t limit;
	size_t i, s;

	limit = arclimit(dst);
	first = dst->nfiles > 0 ? dst->files[0].path : "the output";
	idxgrow(dst, dst->narcs + src->narcs);
	x = dst->idx;
	for (i = 0; i < src->narcs; i++) {
		a = &src->arcs[i];
		for (s = archash(x, a->from, a->self); x->slot[s] != 0;
		    s = (s + 1) & x->mask) {
			d = &dst->arcs[x->slot[s] - 1];
			if (d->from == a->from && d->self == a->self)
				break;
		}
		if (x->slot[s] != 0) {
			d = &dst->arcs[x->slot[s] - 1];
			if (a->count > limit - d->count)
				errx(1, "%s: arc 0x%" PRIx64 " -> 0x%" PRIx64
				    ": count %" PRIu64 " + %" PRIu64 " does not "
				    "fit in the %d-bit counts of %s", sname,
				    a->from, a->self, d->count, a->count,
				    limit == UINT32_MAX ? 32 : 64, first);
			d->count += a->count;
			continue;
		}
		if (a->count > limit)
			errx(1, "%s: arc 0x%" PRIx64 " -> 0x%" PRIx64 ": count "
			    "%" PRIu64 " does not fit in the %d-bit counts of %s",
			    sname, a->from, a->self, a->count,
			    limit == UINT32_MAX ? 32 : 64, first);
		d = gp_raw_addarc(dst);
		*d = *a;
		x->slot[s] = dst->narcs;
		x->n++;
	}
}

/* h's bins added to d's, both in index order (gp_raw_norm). */
static void
addbins(struct gp_hist *d, const struct gp_hist *h, const char *sname,
    const char *dname)
{
	struct gp_bin *m;
	size_t a, b, n;

	if (h->nb == 0)
		return;
	if ((m = reallocarray(NULL, d->nb + h->nb, sizeof(*m))) == NULL)
		err(1, NULL);
	for (a = b = n = 0; a < d->nb || b < h->nb; n++) {
		if (b == h->nb || (a < d->nb && d->bins[a].i < h->bins[b].i))
			m[n] = d->bins[a++];
		else if (a == d->nb || h->bins[b].i < d->bins[a].i)
			m[n] = h->bins[b++];
		else {
			if (d->bins[a].count + h->bins[b].count > 65535) {
				free(m);
				errx(1, "%s: histogram 0x%" PRIx64 "-0x%" PRIx64
				    " bin %" PRIu32 ": %" PRIu32 " + %" PRIu32
				    " samples (with %s) do not fit in 16 bits",
				    sname, h->low, h->high, h->bins[b].i,
				    h->bins[b].count, d->bins[a].count, dname);
			}
			m[n] = d->bins[a++];
			m[n].count += h->bins[b++].count;
		}
	}
	free(d->bins);
	d->bins = m;
	d->nb = d->cb = n;
}

static void
sumhist(struct gp_raw *dst, const struct gp_raw *src, const struct gp_hist *h,
    size_t fileoff)
{
	const struct gp_hist *h0;
	struct gp_hist *d;
	const char *sname, *dname;
	size_t i;
	int bsd;

	sname = histfile(src, h);
	bsd = h->file < src->nfiles && src->files[h->file].layout != GP_GNU;
	if (dst->nhists > 0) {
		h0 = &dst->hists[0];
		dname = histfile(dst, h0);
		if (memcmp(h->dimen, h0->dimen, 15) != 0)
			errx(1, "%s: dimension '%.15s' differs from '%.15s' "
			    "in %s", sname, h->dimen, h0->dimen, dname);
		if (h->abbrev != h0->abbrev)
			errx(1, "%s: dimension abbreviation '%c' differs from "
			    "'%c' in %s", sname, h->abbrev, h0->abbrev, dname);
		if (h->rate != h0->rate)
			errx(1, "%s: sampling rate %" PRIu32 " differs from %"
			    PRIu32 " in %s", sname, h->rate, h0->rate, dname);
		if (fabs(histscale(h) - histscale(h0)) > 0.000001)
			errx(1, "%s: histogram scale %g (0x%" PRIx64 "-0x%"
			    PRIx64 ", %" PRIu32 " bins) differs from %g in %s",
			    sname, histscale(h), h->low, h->high, h->nbins,
			    histscale(h0), dname);
		if (bsd && (h->low != h0->low || h->high != h0->high ||
		    h->nbins != h0->nbins))
			errx(1, "%s: BSD histogram 0x%" PRIx64 "-0x%" PRIx64
			    " differs from the first one, 0x%" PRIx64 "-0x%"
			    PRIx64 " in %s", sname, h->low, h->high, h0->low,
			    h0->high, dname);
	}
	for (i = 0; i < dst->nhists; i++) {
		d = &dst->hists[i];
		dname = histfile(dst, d);
		if (d->low == h->low && d->high == h->high) {
			if (d->nbins != h->nbins)
				errx(1, "%s: histogram 0x%" PRIx64 "-0x%" PRIx64
				    " has %" PRIu32 " bins, %" PRIu32 " in %s",
				    sname, h->low, h->high, h->nbins,
				    d->nbins, dname);
			addbins(d, h, sname, dname);
			return;
		}
		if (h->low < d->high && d->low < h->high)
			errx(1, "%s: histogram 0x%" PRIx64 "-0x%" PRIx64
			    " overlaps histogram 0x%" PRIx64 "-0x%" PRIx64
			    " of %s", sname, h->low, h->high, d->low, d->high,
			    dname);
	}
	d = gp_raw_addhist(dst);
	i = d->id;
	*d = *h;
	d->id = i;
	gp_hist_copy(d, h);
	d->file = h->file < src->nfiles ? h->file + fileoff : SIZE_MAX;
}

void
gp_raw_sum(struct gp_raw *dst, const struct gp_raw *src)
{
	const struct gp_bbrec *sb;
	const struct gp_rawrec *sr;
	struct gp_bbrec *b;
	struct gp_rawrec *r;
	struct gp_file *f;
	size_t fileoff, i, id;

	fileoff = dst->nfiles;
	for (i = 0; i < src->nfiles; i++) {
		f = gp_raw_addfile(dst);
		*f = src->files[i];
		if ((f->path = strdup(src->files[i].path)) == NULL)
			err(1, NULL);
	}
	for (i = 0; i < src->nhists; i++)
		sumhist(dst, src, &src->hists[i], fileoff);
	sumarcs(dst, src, src->nfiles > 0 ? src->files[0].path : src->name);
	for (i = 0; i < src->nbbrecs; i++) {
		sb = &src->bbrecs[i];
		b = gp_raw_addbbrec(dst);
		id = b->id;
		*b = *sb;
		b->id = id;
		b->cap = sb->nbbs;
		if ((b->bbs = reallocarray(NULL, b->cap ? b->cap : 1,
		    sizeof(*b->bbs))) == NULL)
			err(1, NULL);
		memcpy(b->bbs, sb->bbs, sb->nbbs * sizeof(*b->bbs));
	}
	for (i = 0; i < src->nraws; i++) {
		sr = &src->raws[i];
		r = gp_raw_addraw(dst);
		*r = *sr;
		r->cap = sr->len;
		if ((r->data = malloc(r->cap ? r->cap : 1)) == NULL)
			err(1, NULL);
		memcpy(r->data, sr->data, sr->len);
	}
}

int
gp_arc3cmp(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;

	if (x[0] != y[0])
		return x[0] < y[0] ? -1 : 1;
	if (x[1] != y[1])
		return x[1] < y[1] ? -1 : 1;
	return 0;
}

size_t
gp_arc3sum(uint64_t *v, size_t n)
{
	size_t i, k = 0;

	gp_sort(v, n, 3 * sizeof(*v), gp_arc3cmp);
	for (i = 0; i < n; i++) {
		if (k > 0 && gp_arc3cmp(&v[(k - 1) * 3], &v[i * 3]) == 0)
			v[(k - 1) * 3 + 2] += v[i * 3 + 2];
		else {
			memmove(&v[k * 3], &v[i * 3], 3 * sizeof(*v));
			k++;
		}
	}
	return k;
}
