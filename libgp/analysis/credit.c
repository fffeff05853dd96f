/*
 * The credit layer: histogram samples credited to symbols as GNU gprof
 * 2.40 credits them (hist_assign_samples), operation for operation.
 *
 *  - Histograms with the same range are summed bin by bin into the first
 *    of them; the others must not overlap.  hz, the unit and the scale
 *    come from the first histogram; scale = ((high - low) / 2) / nbins.
 *  - Addresses are in units of 2 bytes.  Bin i covers [lo + (u64)(scale
 *    * i), lo + (u64)(scale * (i + 1))); a symbol covers its address up
 *    to the next symbol's (the last one: everything above it).
 *  - Every symbol a bin overlaps gets overlap * count / scale, in bin
 *    order, then symbol order; a symbol that fails the FLAT tables gets
 *    nothing and the credit is taken off the total instead.
 */
#include <err.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stream/stream.h"
#include "gmon/raw.h"
#include "analysis/credit.h"
#include "analysis/measured.h"
#include "gprt/runtime.h"
#include "sym/symspec.h"
#include "sym/symtab.h"

struct rbin {
	uint32_t	 i;
	uint64_t	 count;
};

struct range {
	const struct gp_hist *h;	/* the first histogram of the range */
	struct rbin	*bins;		/* bins with samples, summed, by index */
	size_t		 nb;
};

/* h's bins (in index order, gp_raw_norm) added into r's. */
static void
addrange(struct range *r, const struct gp_hist *h)
{
	struct rbin *m;
	size_t a, b, n;

	if ((m = reallocarray(NULL, r->nb + h->nb + 1, sizeof(*m))) == NULL)
		err(1, NULL);
	for (a = b = n = 0; a < r->nb || b < h->nb; n++) {
		if (b < h->nb && h->bins[b].i >= r->h->nbins) {
			b++;		/* past the range's first histogram */
			n--;
		} else if (b == h->nb ||
		    (a < r->nb && r->bins[a].i < h->bins[b].i))
			m[n] = r->bins[a++];
		else {
			m[n].i = h->bins[b].i;
			m[n].count = h->bins[b++].count;
			if (a < r->nb && r->bins[a].i == m[n].i)
				m[n].count += r->bins[a++].count;
		}
	}
	free(r->bins);
	r->bins = m;
	r->nb = n;
}


void
gp_credit_free(struct gp_credit *c)
{
	if (c == NULL)
		return;
	gp_specs_free(&c->flat);
	free(c->time);
	free(c->src);
	free(c);
}

/* Sum histograms with equal ranges; check the others as gprof does. */
static struct range *
ranges(const struct gp_raw *raw, size_t *np)
{
	const struct gp_hist *h, *h0;
	struct range *rv;
	const char *src;
	size_t i, j, k, n = 0;
	double sc, sc0;

	if ((rv = calloc(raw->nhists + 1, sizeof(*rv))) == NULL)
		err(1, NULL);
	*np = 0;
	if (raw->nhists == 0)
		return rv;
	src = raw->name != NULL ? raw->name : "<stream>";
	h0 = &raw->hists[0];	/* the others must agree with the first */
	sc0 = (double)((h0->high - h0->low) / 2) / h0->nbins;
	for (i = 0; i < raw->nhists; i++) {
		h = &raw->hists[i];
		if (h->low > h->high)
			errx(1, "%s: histogram %u: low address 0x%jx above "
			    "high address 0x%jx", src, h->id, (uintmax_t)h->low,
			    (uintmax_t)h->high);
		if (strncmp(h->dimen, h0->dimen, 15) != 0)
			errx(1, "%s: histogram %u: dimension unit changed "
			    "between histogram records: from '%s' to '%s'",
			    src, h->id,
			    h0->dimen, h->dimen);
		if (h->abbrev != h0->abbrev)
			errx(1, "%s: histogram %u: dimension abbreviation "
			    "changed between histogram records: from '%c' to "
			    "'%c'", src, h->id, h0->abbrev, h->abbrev);
		sc = (double)((h->high - h->low) / 2) / h->nbins;
		if (fabs(sc - sc0) > 0.000001)
			errx(1, "%s: histogram %u: different scales in "
			    "histogram records", src, h->id);
		for (j = 0; j < n; j++)
			if (rv[j].h->low == h->low && rv[j].h->high == h->high)
				break;
		if (j == n) {
			for (k = 0; k < n; k++)
				if (h->low < rv[k].h->high &&
				    rv[k].h->low < h->high)
					errx(1, "%s: histogram %u: "
					    "overlapping histogram records",
					    src, h->id);
			rv[n].h = h;
			n++;
		}
		addrange(&rv[j], h);
	}
	*np = n;
	return rv;
}

/* gprof's hist_assign_samples_1 for one range. */
static void
credit1(struct gp_credit *c, const struct gp_symtab *st,
    const struct gp_tables *tb, const struct range *r)
{
	const struct gp_sym *sy = st->syms;
	uint64_t lowpc, blo, bhi, slo, shi, lo, hi, overlap;
	double count, credit, scale = c->scale;
	size_t b, i, j, k = 0, n = st->nsyms;

	lowpc = r->h->low / 2;
	for (b = 0; b < r->nb; b++) {
		i = r->bins[b].i;
		blo = lowpc + (uint64_t)(scale * (unsigned)i);
		bhi = lowpc + (uint64_t)(scale * (unsigned)(i + 1));
		count = (double)r->bins[b].count;
		c->total += count;
		/* symbols that end at or below blo end below later bins too */
		while (k < n && k + 1 < n && sy[k + 1].addr / 2 <= blo)
			k++;
		for (j = k; j < n; j++) {
			slo = sy[j].addr / 2;
			shi = j + 1 < n ? sy[j + 1].addr / 2 : UINT64_MAX;
			if (bhi < slo)
				break;
			if (blo >= shi)
				continue;
			hi = bhi < shi ? bhi : shi;
			lo = blo > slo ? blo : slo;
			overlap = hi - lo;
			if (overlap == 0)
				continue;
			credit = (double)overlap * count / scale;
			if (gp_tables_pass(tb, GP_INCL_FLAT, sy[j].addr))
				c->time[j] += credit;
			else
				c->total -= credit;
		}
	}
}

void
gp_credit_make(struct gp_prof *p, const struct gp_specs *user)
{
	struct gp_specs all;
	struct gp_credit *c;
	struct gp_tables *tb;
	struct range *rv;
	size_t i, n;

	if (p->raw == NULL)
		errx(1, "no raw layer in the stream: it does not come from "
		    "gmon-cat");
	if (p->sym == NULL)
		errx(1, "no symbol layer in the stream: run it through gp-sym");
	if ((c = calloc(1, sizeof(*c))) == NULL)
		err(1, NULL);
	/* The FLAT specs, the user's first, then gprof's defaults. */
	memset(&all, 0, sizeof(all));
	if (user != NULL)
		for (i = 0; i < user->n; i++)
			gp_specs_add(&all, user->v[i].table, user->v[i].spec);
	gp_specs_defaults(&all);
	for (i = 0; i < all.n; i++)
		if (all.v[i].table == GP_INCL_FLAT ||
		    all.v[i].table == GP_EXCL_FLAT)
			gp_specs_add(&c->flat, all.v[i].table, all.v[i].spec);
	gp_specs_free(&all);

	c->ntime = GP_NSYMS(p->sym);
	if ((c->time = calloc(c->ntime + 1, sizeof(*c->time))) == NULL)
		err(1, NULL);
	snprintf(c->dimen, sizeof(c->dimen), "seconds");
	c->abbrev = 's';
	rv = ranges(p->raw, &n);
	c->nhist = n;
	if (n > 0) {
		const struct gp_hist *h0 = &p->raw->hists[0];

		c->hz = h0->rate;
		memcpy(c->dimen, h0->dimen, 15);
		c->dimen[15] = '\0';
		c->abbrev = h0->abbrev;
		c->scale = (double)((h0->high - h0->low) / 2) / h0->nbins;
		tb = gp_tables_make(&c->flat, p->sym);
		for (i = 0; i < n; i++)
			credit1(c, p->sym, tb, &rv[i]);
		gp_tables_free(tb);
	}
	for (i = 0; i < n; i++)
		free(rv[i].bins);
	free(rv);
	/* Measured self times, if the stream has them, instead (analysis/measured.c). */
	gp_meas_credit(p, c);
	gp_credit_free(p->credit);
	p->credit = c;
}

void
gp_credit_emit(const struct gp_prof *p, struct gp_writer *w)
{
	const struct gp_credit *c = p->credit;
	size_t i;

	/* The abbreviation is a field of one character, or empty. */
	gp_wrecf(w, "histsum", "ddusnu", c->total, c->scale, (uint64_t)c->hz,
	    c->dimen, &c->abbrev, (size_t)(c->abbrev != '\0'),
	    (uint64_t)c->nhist);
	for (i = 0; i < c->flat.n; i++)
		gp_wrecf(w, "flatspec", "rs",
		    gp_table_name(c->flat.v[i].table), c->flat.v[i].spec);
	for (i = 0; i < c->ntime; i++)
		if (c->time[i] != 0)
			gp_wrecf(w, "time", "ud", (uint64_t)i, c->time[i]);
}

/* Records of the credit layer into the model. */
int
gp_credit_load(struct gp_prof *p, const struct gp_rec *rec)
{
	struct gp_credit *c = p->credit;
	uint64_t id;
	double t;
	char *s;
	int tab;

	if (gp_iskind(rec, "histsum")) {
		if (c != NULL)
			gp_recerr(rec, "a second histsum record (the first "
			    "is at line %ld)", c->lineno);
		gp_need(rec, 7);
		if ((c = calloc(1, sizeof(*c))) == NULL)
			err(1, NULL);
		c->lineno = rec->lineno;
		c->src = gp_xstrdup(gp_rname(rec->r));
		c->total = gp_fdbl(rec, 1);
		c->scale = gp_fdbl(rec, 2);
		c->hz = gp_fu64max(rec, 3, UINT32_MAX);
		s = gp_fstr(rec, 4);
		if (strlen(s) > 15)
			gp_recerr(rec, "field 5: unit '%s' longer than 15 "
			    "bytes", s);
		snprintf(c->dimen, sizeof(c->dimen), "%s", s);
		free(s);
		s = gp_fstr(rec, 5);
		if (strlen(s) > 1)
			gp_recerr(rec, "field 6: abbreviation '%s' is more "
			    "than one character", s);
		c->abbrev = s[0];
		free(s);
		c->nhist = gp_fu64max(rec, 6, INT32_MAX);
		/* the scale is gprof's, infinite for a histogram of 0 bins */
		if (!isfinite(c->total))
			gp_recerr(rec, "field 2: total '%s' is not finite",
			    rec->f[1]);
		if (p->sym != NULL)
			c->ntime = GP_NSYMS(p->sym);
		if ((c->time = calloc(c->ntime + 1, sizeof(*c->time))) == NULL)
			err(1, NULL);
		p->credit = c;
		return 1;
	}
	if (gp_iskind(rec, "flatspec")) {
		if (c == NULL)
			gp_recerr(rec, "before the histsum record");
		gp_need(rec, 3);
		tab = gp_table_byname(rec->f[1]);
		if (tab != GP_INCL_FLAT && tab != GP_EXCL_FLAT)
			gp_recerr(rec, "field 2: '%s' is not incl-flat or "
			    "excl-flat", rec->f[1]);
		s = gp_fstr(rec, 2);
		gp_specs_add(&c->flat, tab, s);
		free(s);
		return 1;
	}
	if (gp_iskind(rec, "time")) {
		if (c == NULL)
			gp_recerr(rec, "before the histsum record");
		if (p->sym == NULL)
			gp_recerr(rec, "before the symbol layer");
		gp_need(rec, 3);
		id = gp_fu64(rec, 1);
		t = gp_fdbl(rec, 2);
		if (!isfinite(t) || t < 0)
			gp_recerr(rec, "field 3: bad time '%s'", rec->f[2]);
		if (id >= GP_NSYMS(p->sym))
			gp_recerr(rec, "field 2: symbol %ju not in the symbol "
			    "layer (%zu symbols)", (uintmax_t)id,
			    GP_NSYMS(p->sym));
		if (id >= c->ntime) {
			size_t n = id + 1;

			if ((c->time = reallocarray(c->time, n + 1,
			    sizeof(*c->time))) == NULL)
				err(1, NULL);
			memset(c->time + c->ntime, 0,
			    (n + 1 - c->ntime) * sizeof(*c->time));
			c->ntime = n;
		}
		if (c->time[id] != 0)
			gp_recerr(rec, "symbol %ju credited twice",
			    (uintmax_t)id);
		c->time[id] = t;
		return 1;
	}
	return 0;
}

void
gp_credit_check(struct gp_prof *p)
{
	struct gp_credit *c = p->credit;

	if (c == NULL || p->sym == NULL)
		return;
	if (c->ntime < GP_NSYMS(p->sym)) {
		if ((c->time = reallocarray(c->time, GP_NSYMS(p->sym) + 1,
		    sizeof(*c->time))) == NULL)
			err(1, NULL);
		memset(c->time + c->ntime, 0,
		    (GP_NSYMS(p->sym) + 1 - c->ntime) * sizeof(*c->time));
		c->ntime = GP_NSYMS(p->sym);
	}
}
