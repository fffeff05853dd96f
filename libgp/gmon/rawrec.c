/*
 * The raw layer's stream records (gp-stream(5): profile hist bins arc
 * bbrec bb raw, and the kinds of record types handed in) loaded into the
 * model and written from it.
 */
#include <err.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gmon/rawint.h"

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


static const char hexdig[] = "0123456789abcdef";


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
	b->bbs = gp_raw_grow(b->bbs, &b->cap, b->nbbs, sizeof(*b->bbs));
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
	gp_wrecf(w, "hist", "uxxuunn", (uint64_t)h->id, h->low, h->high,
	    (uint64_t)h->nbins, (uint64_t)h->rate, h->dimen, n, &h->abbrev,
	    (size_t)1);
	emitbins(w, h, bins16, bigendian);
}

/*
 * Field by field, not with gp_wrecf(): a record a call arc, the stream's
 * most numerous, and gmon-cat's whole work on a large profile.
 */
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
	gp_wrecf(w, "bbrec", "uu", (uint64_t)id, (uint64_t)n);
}

void
gp_raw_emitbb(struct gp_writer *w, unsigned id, const struct gp_bb *bb)
{
	gp_wrecf(w, "bb", "uxu", (uint64_t)id, bb->addr, bb->count);
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

