/*
 * The raw layer: the model of gmon.out files (raw.h).  Its stream
 * records are rawrec.c's, summing several files sum.c's.
 */
#include <err.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gmon/rawint.h"

/* Model. */

void *
gp_raw_grow(void *p, size_t *cap, size_t n, size_t size)
{
	return gp_xgrow(p, cap, n, 16, size);
}

static void
addorder(struct gp_raw *raw, enum gp_rkind kind, size_t idx)
{
	struct gp_run *run;

	if (raw->norder > 0) {
		run = &raw->order[raw->norder - 1];
		if (run->kind == kind && run->first + run->n == idx) {
			run->n++;
			return;
		}
	}
	raw->order = gp_raw_grow(raw->order, &raw->ocap, raw->norder,
	    sizeof(*raw->order));
	run = &raw->order[raw->norder++];
	run->kind = kind;
	run->first = idx;
	run->n = 1;
}

struct gp_raw *
gp_raw_new(const char *name)
{
	struct gp_raw *raw;

	if ((raw = calloc(1, sizeof(*raw))) == NULL ||
	    (raw->name = strdup(name != NULL ? name : "")) == NULL)
		err(1, NULL);
	return raw;
}

void
gp_raw_setname(struct gp_raw *raw, const char *name)
{
	char *s = gp_xstrdup(name);

	free(raw->name);
	raw->name = s;
}

void
gp_raw_droparcs(struct gp_raw *raw)
{
	size_t n;

	free(gp_raw_takearcs(raw, &n));
}

struct gp_arc *
gp_raw_takearcs(struct gp_raw *raw, size_t *n)
{
	struct gp_arc *a = raw->arcs;
	size_t i, k;

	if (raw->idx != NULL)
		free(raw->idx->slot);
	free(raw->idx);
	raw->idx = NULL;
	*n = raw->narcs;
	raw->arcs = NULL;
	raw->narcs = raw->acap = 0;
	for (i = k = 0; i < raw->norder; i++)
		if (raw->order[i].kind != GP_R_ARC)
			raw->order[k++] = raw->order[i];
	raw->norder = k;
	return a;
}

void
gp_raw_free(struct gp_raw *raw)
{
	size_t i;

	if (raw == NULL)
		return;
	for (i = 0; i < raw->nfiles; i++)
		free(raw->files[i].path);
	for (i = 0; i < raw->nhists; i++)
		free(raw->hists[i].bins);
	for (i = 0; i < raw->nbbrecs; i++)
		free(raw->bbrecs[i].bbs);
	for (i = 0; i < raw->nraws; i++)
		free(raw->raws[i].data);
	if (raw->idx != NULL)
		free(raw->idx->slot);
	free(raw->idx);
	free(raw->files);
	free(raw->hists);
	free(raw->arcs);
	free(raw->bbrecs);
	free(raw->raws);
	free(raw->order);
	free(raw->name);
	free(raw);
}

struct gp_file *
gp_raw_addfile(struct gp_raw *raw)
{
	struct gp_file *f;

	raw->files = gp_raw_grow(raw->files, &raw->fcap, raw->nfiles,
	    sizeof(*raw->files));
	f = &raw->files[raw->nfiles++];
	memset(f, 0, sizeof(*f));
	return f;
}

struct gp_hist *
gp_raw_addhist(struct gp_raw *raw)
{
	struct gp_hist *h;

	raw->hists = gp_raw_grow(raw->hists, &raw->hcap, raw->nhists,
	    sizeof(*raw->hists));
	addorder(raw, GP_R_HIST, raw->nhists);
	h = &raw->hists[raw->nhists++];
	memset(h, 0, sizeof(*h));
	h->id = raw->nhists - 1;
	h->file = raw->nfiles > 0 ? raw->nfiles - 1 : SIZE_MAX;
	return h;
}

/* A bin with samples, appended; gp_raw_norm orders them. */
void
gp_hist_add(struct gp_hist *h, uint32_t i, uint32_t count, long line)
{
	if (count == 0)
		return;
	if (h->nb > 0 && h->bins[h->nb - 1].i >= i)
		h->unsorted = 1;
	h->bins = gp_raw_grow(h->bins, &h->cb, h->nb, sizeof(*h->bins));
	h->bins[h->nb].i = i;
	h->bins[h->nb].count = count;
	h->bins[h->nb].line = line;
	h->nb++;
}

/* dst's bins become a copy of h's. */
void
gp_hist_copy(struct gp_hist *dst, const struct gp_hist *h)
{
	dst->nb = dst->cb = 0;
	dst->bins = NULL;
	if (h->nb == 0)
		return;
	if ((dst->bins = reallocarray(NULL, h->nb, sizeof(*h->bins))) == NULL)
		err(1, NULL);
	memcpy(dst->bins, h->bins, h->nb * sizeof(*h->bins));
	dst->nb = dst->cb = h->nb;
	dst->unsorted = h->unsorted;
}

static int
cmp_bin(const void *a, const void *b)
{
	const struct gp_bin *l = a, *r = b;

	if (l->i != r->i)
		return l->i < r->i ? -1 : 1;
	return (l->line > r->line) - (l->line < r->line);
}

/*
 * Each histogram's bins in index order, one entry per index: an index
 * named twice (by two "bins" records) gets the sum, which must still fit
 * in the 16 bits of a gmon.out bin.
 */
void
gp_raw_norm(struct gp_raw *raw)
{
	struct gp_hist *h;
	size_t i, j, k;

	for (i = 0; raw != NULL && i < raw->nhists; i++) {
		h = &raw->hists[i];
		if (!h->unsorted)
			continue;
		gp_sort(h->bins, h->nb, sizeof(*h->bins), cmp_bin);
		for (j = 1, k = 0; j < h->nb; j++) {
			if (h->bins[j].i != h->bins[k].i) {
				h->bins[++k] = h->bins[j];
				continue;
			}
			if (h->bins[k].count + h->bins[j].count > 65535)
				errx(1, "%s:%ld: bins: bin %" PRIu32 " named "
				    "twice: its counts add up to more than "
				    "65535", raw->name, h->bins[j].line,
				    h->bins[j].i);
			h->bins[k].count += h->bins[j].count;
		}
		h->nb = h->nb > 0 ? k + 1 : 0;
		h->unsorted = 0;
	}
}

struct gp_arc *
gp_raw_addarc(struct gp_raw *raw)
{
	if (raw->narcs == raw->acap)
		raw->arcs = gp_raw_grow(raw->arcs, &raw->acap, raw->narcs,
		    sizeof(*raw->arcs));
	addorder(raw, GP_R_ARC, raw->narcs);
	return &raw->arcs[raw->narcs++];
}

void
gp_raw_reserve(struct gp_raw *raw, size_t narcs)
{
	if (raw->acap - raw->narcs >= narcs)
		return;
	raw->acap = raw->narcs + narcs;
	if ((raw->arcs = reallocarray(raw->arcs, raw->acap,
	    sizeof(*raw->arcs))) == NULL)
		err(1, NULL);
}

struct gp_bbrec *
gp_raw_addbbrec(struct gp_raw *raw)
{
	struct gp_bbrec *b;

	raw->bbrecs = gp_raw_grow(raw->bbrecs, &raw->bcap, raw->nbbrecs,
	    sizeof(*raw->bbrecs));
	addorder(raw, GP_R_BB, raw->nbbrecs);
	b = &raw->bbrecs[raw->nbbrecs++];
	memset(b, 0, sizeof(*b));
	b->id = raw->nbbrecs - 1;
	return b;
}

struct gp_rawrec *
gp_raw_addraw(struct gp_raw *raw)
{
	struct gp_rawrec *r;

	raw->raws = gp_raw_grow(raw->raws, &raw->rcap, raw->nraws,
	    sizeof(*raw->raws));
	addorder(raw, GP_R_RAW, raw->nraws);
	r = &raw->raws[raw->nraws++];
	memset(r, 0, sizeof(*r));
	return r;
}

const char *
gp_layout_name(enum gp_layout l)
{
	switch (l) {
	case GP_GNU:
		return "gnu";
	case GP_BSD44:
		return "bsd44";
	case GP_OLDBSD:
		return "oldbsd";
	}
	return NULL;
}

uint32_t
gp_hertz(void)
{
	long hz;

	/*
	 * gprof's hertz() probes setitimer(2) and falls back to the clock
	 * tick; on Linux the probe yields nothing and the tick is used.
	 */
	hz = sysconf(_SC_CLK_TCK);
	return hz > 0 && hz <= (long)UINT32_MAX ? (uint32_t)hz : 1;
}

