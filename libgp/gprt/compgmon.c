/*
 * The gmon.out a companion file's run would have written: its
 * executable's histogram and call arcs (gprt-dump -g, and gmon-cat for a
 * companion file read alone), as gprof reads it.
 */
#include <err.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gp/plugin.h>

#include "gmon/raw.h"
#include "gprt/compint.h"
#include "stream/stream.h"

/* The executable's text range for a histogram, as glibc rounds it. */
void
gp_gprt_exerange(const struct gp_gprt *g, uint64_t *low, uint64_t *high,
    uint64_t *nbins)
{
	uint64_t kcount;

	if (g->bins != NULL) {
		*low = g->histlow;
		*high = g->histhigh;
		*nbins = g->nbins;
		return;
	}
	*low = *high = *nbins = 0;
	if (g->nobjs == 0)
		return;
	*low = g->objs[0].low & ~(uint64_t)3;
	*high = (g->objs[0].texthigh + 3) & ~(uint64_t)3;
	if (*high <= *low)
		*high = *low;
	kcount = ((*high - *low) / 2 + 7) / 8 * 8;
	*nbins = kcount / 2;
}

int
gp_gprt_hostle(void)
{
	uint32_t x = 1;

	return *(unsigned char *)&x == 1;
}

/* The executable's arcs, merged over threads: from, self, count. */
uint64_t *
gp_gprt_exearcs(const struct gp_gprt *g, size_t *np)
{
	uint64_t *v, f, s;
	size_t i, n;

	v = gp_xcalloc(g->narcs * 3 + 1, sizeof(*v));
	n = 0;
	for (i = 0; i < g->narcs; i++) {
		if (g->arcs[i].count == 0 || g->arcs[i].sobj != 0 ||
		    g->arcs[i].fobj != 0)
			continue;
		f = g->arcs[i].srel;
		s = g->arcs[i].frel;
		v[n * 3] = f;
		v[n * 3 + 1] = s;
		v[n * 3 + 2] = g->arcs[i].count;
		n++;
	}
	*np = gp_arc3sum(v, n);
	return v;
}


struct wout {
	FILE		*fp;
	int		 swap;
	unsigned	 ptrsize;
};

static void
w32(struct wout *o, uint32_t v)
{
	if (o->swap)
		v = __builtin_bswap32(v);
	fwrite(&v, 4, 1, o->fp);
}

static void
waddr_(struct wout *o, uint64_t v)
{
	if (o->ptrsize == 4)
		w32(o, (uint32_t)v);
	else {
		if (o->swap)
			v = __builtin_bswap64(v);
		fwrite(&v, 8, 1, o->fp);
	}
}

/*
 * Write the plain GNU gmon.out the runtime writes at exit, from the
 * companion alone (for a run that did not reach exit).  -1 on error.
 */
static int
gmonwrite(const struct gp_gprt *g, FILE *fp)
{
	struct wout o;
	uint64_t low, high, nbins, i, maxbin, skip, b, c, *v;
	uint16_t v16;
	uint32_t c32;
	char dimen[15];
	size_t n;

	o.fp = fp;
	o.swap = g->swapped;
	o.ptrsize = g->hdr.ptrsize;
	fwrite("gmon", 4, 1, o.fp);
	w32(&o, 1);
	fwrite("\0\0\0\0\0\0\0\0\0\0\0\0", 12, 1, o.fp);
	gp_gprt_exerange(g, &low, &high, &nbins);
	maxbin = 0;
	for (i = 0; g->bins != NULL && i < nbins; i++)
		if (g->bins[i] > maxbin)
			maxbin = g->bins[i];
	skip = 0;
	do {
		fputc(0, o.fp);
		waddr_(&o, low);
		waddr_(&o, high);
		w32(&o, (uint32_t)nbins);
		w32(&o, g->bins != NULL ? (uint32_t)g->hz : 100);
		memset(dimen, 0, sizeof(dimen));
		memcpy(dimen, "seconds", 7);
		fwrite(dimen, sizeof(dimen), 1, o.fp);
		fputc('s', o.fp);
		for (i = 0; i < nbins; i++) {
			b = g->bins != NULL ? g->bins[i] : 0;
			b = b > skip ? b - skip : 0;
			v16 = (uint16_t)(b > 65535 ? 65535 : b);
			if (o.swap)
				v16 = __builtin_bswap16(v16);
			fwrite(&v16, 2, 1, o.fp);
		}
		skip += 65535;
	} while (skip < maxbin);
	v = gp_gprt_exearcs(g, &n);
	for (i = 0; i < n; i++)
		for (c = v[i * 3 + 2]; c > 0; c -= c32) {
			c32 = c > UINT32_MAX ? UINT32_MAX : (uint32_t)c;
			fputc(1, o.fp);
			waddr_(&o, v[i * 3]);
			waddr_(&o, v[i * 3 + 1]);
			w32(&o, c32);
		}
	free(v);
	return ferror(o.fp) ? -1 : 0;
}

int
gp_gprt_gmon(const struct gp_gprt *g, const char *out)
{
	FILE *fp;

	if ((fp = fopen(out, "wb")) == NULL)
		return -1;
	if (gmonwrite(g, fp) == -1) {
		fclose(fp);
		return -1;
	}
	return fclose(fp) == 0 ? 0 : -1;
}

int
gp_gprt_gmonbuf(const struct gp_gprt *g, unsigned char **buf, size_t *len)
{
	FILE *fp;
	char *p;

	if ((fp = open_memstream(&p, len)) == NULL)
		return -1;
	if (gmonwrite(g, fp) == -1 || fclose(fp) == EOF) {
		free(p);
		return -1;
	}
	*buf = (unsigned char *)p;
	return 0;
}

