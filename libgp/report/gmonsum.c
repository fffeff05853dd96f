/*
 * gmon.sum as GNU gprof 2.40 writes it (gprof -s).
 */
#include <err.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stream/stream.h"
#include "gmon/raw.h"
#include "report/gmonsum.h"
#include "sym/symspec.h"
#include "sym/symtab.h"

#define NONE	GP_TARC_NONE


/* gprof's cg_tally: each new arc prepended to its parent's list. */
struct gp_tarc *
gp_tally(const struct gp_prof *p, const struct gp_specs *specs,
    size_t *narcs, size_t *newest)
{
	const struct gp_symtab *st = p->sym;
	const struct gp_raw *raw = p->raw;
	const struct gp_sym *ps, *cs;
	struct gp_tables *tb;
	struct gp_tarc *v;
	size_t i, k, n, *hash, hsize, h;
	int inclempty;

	tb = gp_tables_make(specs, st);
	inclempty = gp_tables_empty(tb, GP_INCL_ARCS);
	v = gp_xcalloc(raw->narcs, sizeof(*v));
	for (hsize = 16; hsize < 2 * raw->narcs; hsize *= 2)
		;
	hash = gp_xcalloc(hsize, sizeof(*hash));
	for (i = 0; i < hsize; i++)
		hash[i] = NONE;
	for (i = 0; i < st->nsyms; i++)
		newest[i] = NONE;
	n = 0;
	for (i = 0; i < raw->narcs; i++) {
		ps = gp_sym_lookup(st, raw->arcs[i].from);
		cs = gp_sym_lookup(st, raw->arcs[i].self);
		if (ps == NULL || cs == NULL)
			continue;
		/* gprof backs a callee that is not a function up to one */
		while (cs > st->syms && !(cs->flags & GP_SYM_FUNC))
			cs--;
		if (!(cs->flags & GP_SYM_FUNC))
			continue;
		if (!gp_tables_arc(tb, GP_INCL_ARCS, ps, cs) &&
		    !(inclempty && !gp_tables_arc(tb, GP_EXCL_ARCS, ps, cs)))
			continue;
		h = ((size_t)(ps - st->syms) * 31 + (size_t)(cs - st->syms)) &
		    (hsize - 1);
		for (; (k = hash[h]) != NONE; h = (h + 1) & (hsize - 1))
			if (v[k].parent == (size_t)(ps - st->syms) &&
			    v[k].child == (size_t)(cs - st->syms))
				break;
		if (k != NONE) {
			v[k].count += raw->arcs[i].count;
			continue;
		}
		v[n].parent = ps - st->syms;
		v[n].child = cs - st->syms;
		v[n].count = raw->arcs[i].count;
		v[n].next = newest[v[n].parent];
		newest[v[n].parent] = n;
		hash[h] = n++;
	}
	free(hash);
	gp_tables_free(tb);
	*narcs = n;
	return v;
}

void
gp_sum_write(const char *path, const struct gp_prof *p,
    const struct gp_specs *specs, const char *format)
{
	const struct gp_raw *in = p->raw;
	const struct gp_symtab *st = p->sym;
	const struct gp_hist *h;
	const struct gp_bbrec *b;
	struct gp_raw *out;
	struct gp_file *f;
	struct gp_hist *oh;
	struct gp_bbrec *ob;
	struct gp_arc *oa;
	struct gp_tarc *arcs;
	enum gp_layout layout;
	size_t i, k, narcs, *newest;
	int fd;

	if (in == NULL || st == NULL)
		errx(1, "%s: the stream has no raw or no symbol layer", path);
	if (format == NULL || strcmp(format, "auto") == 0 ||
	    strcmp(format, "magic") == 0 || strcmp(format, "gnu") == 0)
		layout = GP_GNU;
	else if (strcmp(format, "4.4bsd") == 0)
		layout = GP_BSD44;
	else if (strcmp(format, "bsd") == 0)
		layout = in->nhists > 0 && in->hists[0].rate != gp_hertz() ?
		    GP_BSD44 : GP_OLDBSD;
	else
		errx(1, "%s: unknown file format", format);

	out = gp_raw_new(path);
	f = gp_raw_addfile(out);
	if ((f->path = strdup(path)) == NULL)
		err(1, NULL);
	f->layout = layout;
	f->width = in->nfiles > 0 ? in->files[0].width : 64;
	f->bigendian = in->nfiles > 0 ? in->files[0].bigendian : 0;
	f->version = layout == GP_GNU ? 1 :
	    layout == GP_BSD44 ? GP_BSD44_VERSION : 0;
	f->nspare = layout == GP_OLDBSD ? 0 : 12;

	for (i = 0; i < in->nhists; i++) {
		h = &in->hists[i];
		oh = gp_raw_addhist(out);
		*oh = *h;
		oh->id = out->nhists - 1;
		oh->file = 0;
		gp_hist_copy(oh, h);
	}

	newest = gp_xcalloc(st->nsyms, sizeof(*newest));
	arcs = gp_tally(p, specs, &narcs, newest);
	gp_raw_reserve(out, narcs);
	for (i = 0; i < st->nsyms; i++)
		for (k = newest[i]; k != NONE; k = arcs[k].next) {
			oa = gp_raw_addarc(out);
			oa->from = st->syms[arcs[k].parent].addr;
			oa->self = st->syms[arcs[k].child].addr;
			oa->count = arcs[k].count;
		}
	free(arcs);
	free(newest);

	for (i = 0; i < in->nbbrecs; i++) {
		b = &in->bbrecs[i];
		ob = gp_raw_addbbrec(out);
		ob->n = b->n;
		ob->nbbs = ob->cap = b->nbbs;
		ob->bbs = gp_xcalloc(b->nbbs, sizeof(*ob->bbs));
		if (b->nbbs > 0)
			memcpy(ob->bbs, b->bbs, b->nbbs * sizeof(*b->bbs));
	}

	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666)) == -1)
		err(1, "%s", path);
	gp_gmon_write(fd, path, out, layout, f->width,
	    f->bigendian ? GP_BE : GP_LE);
	if (close(fd) == -1)
		err(1, "%s", path);
	gp_raw_free(out);
}
