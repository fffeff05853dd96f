/*
 * The raw layer: the model of gmon.out files, its stream records
 * (gp-stream(5): profile hist bins arc bbrec bb raw) and summing.
 */
#include <err.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gmon/raw.h"

#define BINSMAX		64	/* counts in one bins record */
#define BINSGAP		4	/* zero bins kept inside a bins record */
#define RAWCHUNK	4096	/* bytes in one raw record */

/* The record types handed in (gp_raw_rectypes), or NULL. */
static const struct gp_rectypes *rectypes;

void
gp_raw_rectypes(const struct gp_rectypes *t)
{
	rectypes = t;
}

int
gp_raw_iskind(const char *kind)
{
	return rectypes != NULL && rectypes->iskind(kind);
}

long
gp_raw_measure(unsigned tag, const unsigned char *buf, size_t avail,
    int width, int bigendian, char *why, size_t whysz)
{
	if (rectypes == NULL)
		return -2;
	return rectypes->measure(tag, buf, avail, width, bigendian, why,
	    whysz);
}

struct gp_arcidx {
	size_t		*slot;		/* arc index + 1, 0 if empty */
	size_t		 mask;
	size_t		 n;
};

static const char hexdig[] = "0123456789abcdef";

/* Model. */

static void *
grow(void *p, size_t *cap, size_t n, size_t size)
{
	size_t ncap;

	if (n < *cap)
		return p;
	ncap = *cap ? *cap * 2 : 16;
	if (ncap <= n)
		ncap = n + 1;
	if ((p = reallocarray(p, ncap, size)) == NULL)
		err(1, NULL);
	*cap = ncap;
	return p;
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
	raw->order = grow(raw->order, &raw->ocap, raw->norder,
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

	raw->files = grow(raw->files, &raw->fcap, raw->nfiles,
	    sizeof(*raw->files));
	f = &raw->files[raw->nfiles++];
	memset(f, 0, sizeof(*f));
	return f;
}

struct gp_hist *
gp_raw_addhist(struct gp_raw *raw)
{
	struct gp_hist *h;

	raw->hists = grow(raw->hists, &raw->hcap, raw->nhists,
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
	h->bins = grow(h->bins, &h->cb, h->nb, sizeof(*h->bins));
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
		raw->arcs = grow(raw->arcs, &raw->acap, raw->narcs,
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

	raw->bbrecs = grow(raw->bbrecs, &raw->bcap, raw->nbbrecs,
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

	raw->raws = grow(raw->raws, &raw->rcap, raw->nraws,
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

/* Loading stream records. */

static struct gp_raw *
rawof(struct gp_raw **rawp, const struct gp_rec *rec)
{
	if (*rawp == NULL)
		*rawp = gp_raw_new(rec->r != NULL ? gp_rname(rec->r) : "");
	return *rawp;
}

static struct gp_hist *
findhist(struct gp_raw *raw, uint64_t id)
{
	size_t i;

	if (id < raw->nhists && raw->hists[id].id == id)
		return &raw->hists[id];
	for (i = 0; i < raw->nhists; i++)
		if (raw->hists[i].id == id)
			return &raw->hists[i];
	return NULL;
}

static struct gp_bbrec *
findbbrec(struct gp_raw *raw, uint64_t id)
{
	size_t i;

	if (raw->nbbrecs > 0 && raw->bbrecs[raw->nbbrecs - 1].id == id)
		return &raw->bbrecs[raw->nbbrecs - 1];
	for (i = 0; i < raw->nbbrecs; i++)
		if (raw->bbrecs[i].id == id)
			return &raw->bbrecs[i];
	return NULL;
}

/*
 * The bytes field i stands for, NUL bytes included (gp_fstr stops at
 * the first \x00): at most max of them into dst; returns their number.
 */
static size_t
fbytes(const struct gp_rec *rec, int i, char *dst, size_t max)
{
	ssize_t n;

	gp_need(rec, i + 1);
	if ((n = gp_unescapen(rec->f[i], dst, max)) == -1)
		gp_recerr(rec, "field %d: bad escape in '%s'", i + 1,
		    rec->f[i]);
	if (n < 0)
		gp_recerr(rec, "field %d: '%s' is longer than %zu bytes",
		    i + 1, rec->f[i], max);
	return n;
}

/* Hexadecimal digits without 0x, two a byte, into dst; returns bytes. */
static size_t
fhexbytes(const struct gp_rec *rec, int i, unsigned char *dst, size_t max)
{
	const char *s;
	size_t n;
	int hi, lo;

	gp_need(rec, i + 1);
	s = rec->f[i];
	for (n = 0; s[0] != '\0'; s += 2, n++) {
		if ((hi = gp_hexdigit(s[0])) < 0 ||
		    (lo = gp_hexdigit(s[1])) < 0)
			gp_recerr(rec, "field %d: expected pairs of hex "
			    "digits", i + 1);
		if (n == max)
			gp_recerr(rec, "field %d: more than %zu bytes",
			    i + 1, max);
		dst[n] = hi << 4 | lo;
	}
	return n;
}

static void
loadprofile(struct gp_raw *raw, const struct gp_rec *rec)
{
	struct gp_file *f;
	const char *s;
	uint64_t v;

	gp_need(rec, 7);
	f = gp_raw_addfile(raw);
	f->path = gp_fstr(rec, 1);
	s = rec->f[2];
	if (strcmp(s, "gnu") == 0)
		f->layout = GP_GNU;
	else if (strcmp(s, "bsd44") == 0)
		f->layout = GP_BSD44;
	else if (strcmp(s, "oldbsd") == 0)
		f->layout = GP_OLDBSD;
	else
		gp_recerr(rec, "field 3: layout '%s', expected gnu, bsd44 "
		    "or oldbsd", s);
	v = gp_fu64(rec, 3);
	if (v != 32 && v != 64)
		gp_recerr(rec, "field 4: width %s, expected 32 or 64",
		    rec->f[3]);
	f->width = v;
	if (strcmp(rec->f[4], "le") == 0)
		f->bigendian = 0;
	else if (strcmp(rec->f[4], "be") == 0)
		f->bigendian = 1;
	else
		gp_recerr(rec, "field 5: byte order '%s', expected le or be",
		    rec->f[4]);
	if (f->layout == GP_OLDBSD) {
		if (!gp_fempty(rec, 5) || !gp_fempty(rec, 6))
			gp_recerr(rec, "old BSD files have no version and "
			    "no spare bytes: fields 6 and 7 must be empty");
		return;
	}
	v = gp_fhex(rec, 5);
	if (f->layout == GP_GNU && v > 1)
		gp_recerr(rec, "field 6: GNU version %s, expected 0x0 or 0x1",
		    rec->f[5]);
	if (f->layout == GP_BSD44 && v != GP_BSD44_VERSION)
		gp_recerr(rec, "field 6: 4.4BSD version %s, expected %#x",
		    rec->f[5], GP_BSD44_VERSION);
	f->version = v;
	if (fhexbytes(rec, 6, f->spare, sizeof(f->spare)) !=
	    sizeof(f->spare))
		gp_recerr(rec, "field 7: expected %zu spare bytes",
		    sizeof(f->spare));
	f->nspare = sizeof(f->spare);
}

static void
loadhist(struct gp_raw *raw, const struct gp_rec *rec)
{
	struct gp_hist *h;
	uint64_t id, low, high, nbins;
	size_t n;

	gp_need(rec, 8);
	id = gp_fu64max(rec, 1, UINT_MAX);
	if (findhist(raw, id) != NULL)
		gp_recerr(rec, "histogram id %ju given twice (to add "
		    "profiles up, give them all to gmon-cat)", (uintmax_t)id);
	low = gp_fhex(rec, 2);
	high = gp_fhex(rec, 3);
	if (low > high)
		gp_recerr(rec, "low_pc %s above high_pc %s", rec->f[2],
		    rec->f[3]);
	nbins = gp_fu64max(rec, 4, UINT32_MAX);
	h = gp_raw_addhist(raw);
	h->id = id;
	h->low = low;
	h->high = high;
	h->nbins = nbins;
	h->rate = gp_fu64max(rec, 5, UINT32_MAX);
	n = fbytes(rec, 6, h->dimen, 15);
	memset(h->dimen + n, 0, sizeof(h->dimen) - n);
	if (fbytes(rec, 7, &h->abbrev, 1) != 1)
		gp_recerr(rec, "field 8: expected one character");
}

static void
loadbins(struct gp_raw *raw, const struct gp_rec *rec)
{
	struct gp_hist *h;
	uint64_t id, first, c;
	int i;

	gp_need(rec, 4);
	id = gp_fu64(rec, 1);
	if ((h = findhist(raw, id)) == NULL)
		gp_recerr(rec, "no hist record with id %s before it",
		    rec->f[1]);
	first = gp_fu64(rec, 2);
	if (first > h->nbins || h->nbins - first < (uint64_t)rec->nf - 3)
		gp_recerr(rec, "bins %ju to %ju are past the %" PRIu32
		    " bins of histogram %s", (uintmax_t)first,
		    (uintmax_t)(first + rec->nf - 4), h->nbins, rec->f[1]);
	for (i = 3; i < rec->nf; i++) {
		c = gp_fu64max(rec, i, 65535);
		gp_hist_add(h, (uint32_t)(first + i - 3), (uint32_t)c,
		    rec->lineno);
	}
}

static void
loadbbrec(struct gp_raw *raw, const struct gp_rec *rec)
{
	struct gp_bbrec *b;
	uint64_t id;

	gp_need(rec, 3);
	id = gp_fu64max(rec, 1, UINT_MAX);
	if (findbbrec(raw, id) != NULL)
		gp_recerr(rec, "basic-block record id %s given twice",
		    rec->f[1]);
	b = gp_raw_addbbrec(raw);
	b->id = id;
	b->n = gp_fu64max(rec, 2, UINT32_MAX);
}

static void
loadbb(struct gp_raw *raw, const struct gp_rec *rec)
{
	struct gp_bbrec *b;
	struct gp_bb *bb;

	gp_need(rec, 4);
	if ((b = findbbrec(raw, gp_fu64(rec, 1))) == NULL)
		gp_recerr(rec, "no bbrec record with id %s before it",
		    rec->f[1]);
	if (b->nbbs == b->n)
		gp_recerr(rec, "more blocks than the %" PRIu32 " its bbrec "
		    "record declares", b->n);
	b->bbs = grow(b->bbs, &b->cap, b->nbbs, sizeof(*b->bbs));
	bb = &b->bbs[b->nbbs++];
	bb->addr = gp_fhex(rec, 2);
	bb->count = gp_fu64(rec, 3);
}

static void
loadraw(struct gp_raw *raw, const struct gp_rec *rec)
{
	struct gp_rawrec *r;
	size_t n;

	gp_need(rec, 3);
	if (gp_fempty(rec, 1)) {
		if (raw->lastkind != GP_R_RAW || raw->nraws == 0)
			gp_recerr(rec, "an empty tag continues a raw record, "
			    "but the record before is not one");
		r = &raw->raws[raw->nraws - 1];
	} else {
		r = gp_raw_addraw(raw);
		r->tag = gp_fu64max(rec, 1, 255);
	}
	n = strlen(rec->f[2]) / 2;
	/*
	 * data is never NULL, as in a record read from a file: a record of
	 * no bytes (an unknown tag that ends the file) would otherwise
	 * take an offset from a null pointer below.
	 */
	if (r->data == NULL || r->cap - r->len < n) {
		r->cap = r->len + n > 2 * r->cap ? r->len + n : 2 * r->cap;
		if ((r->data = realloc(r->data, r->cap + 1)) == NULL)
			err(1, NULL);
	}
	r->len += fhexbytes(rec, 2, r->data + r->len, n);
}

int
gp_raw_load(struct gp_raw **rawp, const struct gp_rec *rec)
{
	struct gp_raw *raw;
	const char *k = rec->f[0];
	int kind;

	raw = rawof(rawp, rec);
	kind = 0;
	if (strcmp(k, "arc") == 0) {
		struct gp_arc *a;

		gp_need(rec, 4);
		a = gp_raw_addarc(raw);
		a->from = gp_fhex(rec, 1);
		a->self = gp_fhex(rec, 2);
		a->count = gp_fu64(rec, 3);
		kind = GP_R_ARC;
	} else if (strcmp(k, "bins") == 0)
		loadbins(raw, rec);
	else if (strcmp(k, "hist") == 0)
		loadhist(raw, rec);
	else if (strcmp(k, "profile") == 0)
		loadprofile(raw, rec);
	else if (strcmp(k, "bbrec") == 0)
		loadbbrec(raw, rec);
	else if (strcmp(k, "bb") == 0)
		loadbb(raw, rec);
	else if (strcmp(k, "raw") == 0) {
		loadraw(raw, rec);
		kind = GP_R_RAW;
	} else if (gp_raw_iskind(k)) {
		/* A plugin's record type: kept as its bytes. */
		struct gp_rawrec *r = gp_raw_addraw(raw);

		rectypes->encode(rec, raw->nfiles ? raw->files[0].width : 64,
		    raw->nfiles ? raw->files[0].bigendian : 0, &r->tag,
		    &r->data, &r->len);
		r->cap = r->len;
	} else
		return 0;
	raw->lastkind = kind;
	return 1;
}

/* Emitting stream records. */

static void
emithex(struct gp_writer *w, const unsigned char *p, size_t n)
{
	char buf[2 * RAWCHUNK + 1];
	size_t i;

	for (i = 0; i < n; i++) {
		buf[2 * i] = hexdig[p[i] >> 4];
		buf[2 * i + 1] = hexdig[p[i] & 15];
	}
	buf[2 * n] = '\0';
	gp_wraw(w, buf);
}

void
gp_raw_emitprofile(struct gp_writer *w, const struct gp_file *f)
{
	gp_wkind(w, "profile");
	gp_wstr(w, f->path);
	gp_wraw(w, gp_layout_name(f->layout) != NULL ?
	    gp_layout_name(f->layout) : "");
	gp_wu64(w, f->width);
	gp_wraw(w, f->bigendian ? "be" : "le");
	if (f->layout == GP_OLDBSD) {
		gp_wraw(w, "");
		gp_wraw(w, "");
	} else {
		gp_whex(w, f->version);
		emithex(w, f->spare, sizeof(f->spare));
	}
	gp_weol(w);
}

/* Bin i of a file's 16-bit bins. */
static inline uint64_t
binat(const unsigned char *b16, int be, size_t i)
{
	b16 += 2 * i;
	return be ? (unsigned)b16[0] << 8 | b16[1] :
	    (unsigned)b16[1] << 8 | b16[0];
}

static void
binsrec(struct gp_writer *w, const struct gp_hist *h, size_t start)
{
	gp_wkind(w, "bins");
	gp_wu64(w, h->id);
	gp_wu64(w, start);
}

/*
 * "bins" records for the bins with samples: a run of bins in one record,
 * with gaps of up to BINSGAP empty bins written as 0, at most BINSMAX
 * bins a record.  From a file's 16-bit bins as they are, or the model's.
 */
static void
emitbins(struct gp_writer *w, const struct gp_hist *h,
    const unsigned char *b16, int be)
{
	const struct gp_bin *b = h->bins;
	size_t i, j, k, last, start, n = h->nbins;

	if (b16 != NULL) {
		for (i = 0; i < n; i = last + 1) {
			while (i < n && binat(b16, be, i) == 0)
				i++;
			if (i == n)
				break;
			start = last = i;
			for (j = i + 1; j < n && j - start < BINSMAX; j++) {
				if (binat(b16, be, j) != 0)
					last = j;
				else if (j - last > BINSGAP)
					break;
			}
			binsrec(w, h, start);
			for (j = start; j <= last; j++)
				gp_wu64(w, binat(b16, be, j));
			gp_weol(w);
		}
		return;
	}
	for (k = 0; k < h->nb; k = j) {
		start = b[k].i;
		for (j = k + 1; j < h->nb && b[j].i - b[j - 1].i - 1 <= BINSGAP &&
		    b[j].i - start < BINSMAX; j++)
			;
		binsrec(w, h, start);
		for (i = k; i < j; i++) {
			for (last = i > k ? b[i - 1].i + 1 : start;
			    last < b[i].i; last++)
				gp_wu64(w, 0);
			gp_wu64(w, b[i].count);
		}
		gp_weol(w);
	}
}

void
gp_raw_emithist(struct gp_writer *w, const struct gp_hist *h,
    const unsigned char *bins16, int bigendian)
{
	size_t n;

	for (n = 15; n > 0 && h->dimen[n - 1] == '\0'; n--)
		;
	gp_wkind(w, "hist");
	gp_wu64(w, h->id);
	gp_whex(w, h->low);
	gp_whex(w, h->high);
	gp_wu64(w, h->nbins);
	gp_wu64(w, h->rate);
	gp_wstrn(w, h->dimen, n);
	gp_wstrn(w, &h->abbrev, 1);
	gp_weol(w);
	emitbins(w, h, bins16, bigendian);
}

void
gp_raw_emitarc(struct gp_writer *w, const struct gp_arc *a)
{
	gp_wkind(w, "arc");
	gp_whex(w, a->from);
	gp_whex(w, a->self);
	gp_wu64(w, a->count);
	gp_weol(w);
}

void
gp_raw_emitbbrec(struct gp_writer *w, unsigned id, uint32_t n)
{
	gp_wkind(w, "bbrec");
	gp_wu64(w, id);
	gp_wu64(w, n);
	gp_weol(w);
}

void
gp_raw_emitbb(struct gp_writer *w, unsigned id, const struct gp_bb *bb)
{
	gp_wkind(w, "bb");
	gp_wu64(w, id);
	gp_whex(w, bb->addr);
	gp_wu64(w, bb->count);
	gp_weol(w);
}

void
gp_raw_emitraw(struct gp_writer *w, unsigned tag, const unsigned char *data,
    size_t len, int width, int bigendian)
{
	size_t off = 0, n;

	/* A plugin's record type, else opaque. */
	if (rectypes != NULL &&
	    rectypes->emit(w, tag, data, len, width, bigendian))
		return;
	do {
		n = len - off < RAWCHUNK ? len - off : RAWCHUNK;
		gp_wkind(w, "raw");
		if (off == 0)
			gp_wu64(w, tag);
		else
			gp_wraw(w, "");
		emithex(w, data + off, n);
		gp_weol(w);
		off += n;
	} while (off < len);
}

void
gp_raw_emit(struct gp_writer *w, const struct gp_raw *raw)
{
	const struct gp_run *run;
	const struct gp_bbrec *b;
	const struct gp_rawrec *r;
	size_t i, j, k;
	int width, be;

	width = raw->nfiles > 0 ? raw->files[0].width : 64;
	be = raw->nfiles > 0 ? raw->files[0].bigendian : 0;
	for (i = 0; i < raw->nfiles; i++)
		gp_raw_emitprofile(w, &raw->files[i]);
	for (k = 0; k < raw->norder; k++) {
		run = &raw->order[k];
		for (i = run->first; i < run->first + run->n; i++) {
			switch (run->kind) {
			case GP_R_HIST:
				gp_raw_emithist(w, &raw->hists[i], NULL, 0);
				break;
			case GP_R_ARC:
				gp_raw_emitarc(w, &raw->arcs[i]);
				break;
			case GP_R_BB:
				b = &raw->bbrecs[i];
				gp_raw_emitbbrec(w, b->id, b->n);
				for (j = 0; j < b->nbbs; j++)
					gp_raw_emitbb(w, b->id, &b->bbs[j]);
				break;
			case GP_R_RAW:
				r = &raw->raws[i];
				gp_raw_emitraw(w, r->tag, r->data, r->len,
				    width, be);
				break;
			}
		}
	}
}

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
