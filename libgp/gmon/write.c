/*
 * Writing the raw model as a gmon.out file: GNU, 4.4BSD or old BSD,
 * 32- or 64-bit, either byte order.  Everything the layout cannot hold
 * is refused before the first byte is written.
 */
#include <err.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "gmon/raw.h"

#ifndef OBUFSZ			/* the fuzz targets give a small one */
#define OBUFSZ	(1 << 20)
#endif

struct out {
	int		 fd;
	const char	*name;
	int		 be;
	size_t		 psz;
	size_t		 n;
	unsigned char	*buf;
};

static void
oflush(struct out *o)
{
	gp_xwrite(o->fd, o->buf, o->n, o->name);
	o->n = 0;
}

static unsigned char *
oroom(struct out *o, size_t n)
{
	if (o->n + n > OBUFSZ)
		oflush(o);
	return o->buf + o->n;
}

static void
obytes(struct out *o, const void *p, size_t n)
{
	const unsigned char *s = p;
	size_t k;

	while (n > 0) {
		oroom(o, 1);
		k = OBUFSZ - o->n < n ? OBUFSZ - o->n : n;
		memcpy(o->buf + o->n, s, k);
		o->n += k;
		s += k;
		n -= k;
	}
}

static void
o16(struct out *o, uint16_t v)
{
	unsigned char *p = oroom(o, 2);

	p[o->be ? 0 : 1] = v >> 8;
	p[o->be ? 1 : 0] = v;
	o->n += 2;
}

static void
o32(struct out *o, uint32_t v)
{
	unsigned char *p = oroom(o, 4);
	int i;

	for (i = 0; i < 4; i++)
		p[o->be ? 3 - i : i] = v >> (8 * i);
	o->n += 4;
}

static void
optr(struct out *o, uint64_t v)
{
	unsigned char *p;
	size_t i;

	if (o->psz == 4) {
		o32(o, v);
		return;
	}
	p = oroom(o, 8);
	for (i = 0; i < 8; i++)
		p[o->be ? 7 - i : i] = v >> (8 * i);
	o->n += 8;
}

static void
ohist(struct out *o, const struct gp_hist *h)
{
	uint32_t i;
	size_t k = 0;

	/* every bin, the empty ones too: the file holds them all */
	for (i = 0; i < h->nbins; i++)
		if (k < h->nb && h->bins[k].i == i)
			o16(o, h->bins[k++].count);
		else
			o16(o, 0);
}

/* Refuse what the layout cannot hold. */
static void
check(const char *name, const struct gp_raw *raw, enum gp_layout layout,
    int width)
{
	static const char secs[15] = "seconds";
	const struct gp_hist *h;
	const struct gp_arc *a;
	const struct gp_bbrec *b;
	uint64_t amax, cmax;
	size_t i, j;
	const char *ln;

	amax = width == 32 ? UINT32_MAX : UINT64_MAX;
	cmax = layout == GP_GNU ? UINT32_MAX : amax;
	ln = layout == GP_GNU ? "GNU" : layout == GP_BSD44 ? "4.4BSD" :
	    "old BSD";
	if (layout != GP_GNU) {
		if (raw->nhists > 1)
			errx(1, "%s: %s files hold one histogram, the profile "
			    "has %zu", name, ln, raw->nhists);
		if (raw->nbbrecs > 0)
			errx(1, "%s: %s files hold no basic-block counts",
			    name, ln);
		if (raw->nraws > 0)
			errx(1, "%s: %s files hold no records of tag %u",
			    name, ln, raw->raws[0].tag);
	}
	for (i = 0; i < raw->nhists; i++) {
		h = &raw->hists[i];
		if (h->high > amax)
			errx(1, "%s: histogram 0x%" PRIx64 "-0x%" PRIx64 " does "
			    "not fit in %d-bit addresses", name, h->low,
			    h->high, width);
		if (h->low > h->high)
			errx(1, "%s: histogram low_pc 0x%" PRIx64 " above "
			    "high_pc 0x%" PRIx64, name, h->low, h->high);
		if (layout == GP_GNU)
			continue;
		if (memcmp(h->dimen, secs, 15) != 0 || h->abbrev != 's')
			errx(1, "%s: %s files count seconds, not '%.15s'",
			    name, ln, h->dimen);
		if ((uint64_t)h->nbins * 2 + 2 * width / 8 + 24 > UINT32_MAX)
			errx(1, "%s: %" PRIu32 " bins are too many for %s "
			    "files", name, h->nbins, ln);
		if (layout == GP_OLDBSD && h->rate != gp_hertz())
			errx(1, "%s: old BSD files cannot tell the rate %"
			    PRIu32 " (readers assume %" PRIu32 "); use the "
			    "4.4BSD layout", name, h->rate, gp_hertz());
	}
	for (i = 0; i < raw->narcs; i++) {
		a = &raw->arcs[i];
		if (a->from > amax || a->self > amax)
			errx(1, "%s: arc 0x%" PRIx64 " -> 0x%" PRIx64 " does not "
			    "fit in %d-bit addresses", name, a->from, a->self,
			    width);
		if (a->count > cmax)
			errx(1, "%s: arc 0x%" PRIx64 " -> 0x%" PRIx64 ": count %"
			    PRIu64 " does not fit in the %d-bit count of %s "
			    "files", name, a->from, a->self, a->count,
			    cmax == UINT32_MAX ? 32 : 64, ln);
	}
	for (i = 0; i < raw->nbbrecs; i++) {
		b = &raw->bbrecs[i];
		if (b->nbbs != b->n)
			errx(1, "%s: basic-block record %u declares %" PRIu32
			    " blocks and has %zu", name, b->id, b->n, b->nbbs);
		for (j = 0; j < b->nbbs; j++)
			if (b->bbs[j].addr > amax || b->bbs[j].count > amax)
				errx(1, "%s: basic block 0x%" PRIx64 " (count %"
				    PRIu64 ") does not fit in %d bits", name,
				    b->bbs[j].addr, b->bbs[j].count, width);
	}
}

static void
writegnu(struct out *o, const struct gp_raw *raw, const struct gp_file *f0)
{
	static const unsigned char zero[12];
	const struct gp_run *run;
	const struct gp_hist *h;
	const struct gp_arc *a;
	const struct gp_bbrec *b;
	const struct gp_rawrec *r;
	unsigned char *p;
	size_t i, j, k;
	int gnu0 = f0 != NULL && f0->layout == GP_GNU;

	obytes(o, GP_GMON_COOKIE, 4);
	o32(o, gnu0 ? f0->version : 1);
	obytes(o, gnu0 && f0->nspare == 12 ? f0->spare : zero, 12);
	for (k = 0; k < raw->norder; k++) {
		run = &raw->order[k];
		for (i = run->first; i < run->first + run->n; i++) {
			switch (run->kind) {
			case GP_R_HIST:
				h = &raw->hists[i];
				*oroom(o, 1) = 0;
				o->n++;
				optr(o, h->low);
				optr(o, h->high);
				o32(o, h->nbins);
				o32(o, h->rate);
				obytes(o, h->dimen, 15);
				obytes(o, &h->abbrev, 1);
				ohist(o, h);
				break;
			case GP_R_ARC:
				a = &raw->arcs[i];
				p = oroom(o, 1);
				*p = 1;
				o->n++;
				optr(o, a->from);
				optr(o, a->self);
				o32(o, a->count);
				break;
			case GP_R_BB:
				b = &raw->bbrecs[i];
				*oroom(o, 1) = 2;
				o->n++;
				o32(o, b->nbbs);
				for (j = 0; j < b->nbbs; j++) {
					optr(o, b->bbs[j].addr);
					optr(o, b->bbs[j].count);
				}
				break;
			case GP_R_RAW:
				r = &raw->raws[i];
				*oroom(o, 1) = r->tag;
				o->n++;
				obytes(o, r->data, r->len);
				break;
			}
		}
	}
}

static void
writebsd(struct out *o, const struct gp_raw *raw, const struct gp_file *f0,
    enum gp_layout layout)
{
	static const unsigned char zero[12];
	const struct gp_hist *h;
	size_t hdr, i;
	uint64_t low, high;
	uint32_t nbins, rate;

	hdr = 2 * o->psz + (layout == GP_BSD44 ? 24 : 4);
	h = raw->nhists > 0 ? &raw->hists[0] : NULL;
	low = h != NULL ? h->low : 0;
	high = h != NULL ? h->high : 0;
	nbins = h != NULL ? h->nbins : 0;
	rate = h != NULL ? h->rate : gp_hertz();
	optr(o, low);
	optr(o, high);
	o32(o, hdr + 2 * nbins);
	if (layout == GP_BSD44) {
		o32(o, GP_BSD44_VERSION);
		o32(o, rate);
		obytes(o, f0 != NULL && f0->layout == GP_BSD44 &&
		    f0->nspare == 12 ? f0->spare : zero, 12);
	}
	if (h != NULL)
		ohist(o, h);
	for (i = 0; i < raw->narcs; i++) {
		optr(o, raw->arcs[i].from);
		optr(o, raw->arcs[i].self);
		optr(o, raw->arcs[i].count);
	}
}

void
gp_gmon_write(int fd, const char *name, const struct gp_raw *raw,
    enum gp_layout layout, int width, int order)
{
	const struct gp_file *f0;
	const uint16_t one = 1;
	struct out o;

	f0 = raw->nfiles > 0 ? &raw->files[0] : NULL;
	if (layout == 0)
		layout = f0 != NULL ? f0->layout : GP_GNU;
	if (width == 0)
		width = f0 != NULL ? f0->width : 64;
	if (width != 32 && width != 64)
		errx(1, "%s: width %d, expected 32 or 64", name, width);
	memset(&o, 0, sizeof(o));
	if (order == 0)
		o.be = f0 != NULL ? f0->bigendian :
		    *(const unsigned char *)&one == 0;
	else
		o.be = order == GP_BE;
	o.fd = fd;
	o.name = name;
	o.psz = width / 8;
	check(name, raw, layout, width);
	if ((o.buf = malloc(OBUFSZ)) == NULL)
		err(1, NULL);
	if (layout == GP_GNU)
		writegnu(&o, raw, f0);
	else
		writebsd(&o, raw, f0, layout);
	oflush(&o);
	free(o.buf);
}
