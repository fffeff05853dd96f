/*
 * gprof -i: the records each profile file holds.
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gmon/fileinfo.h"

void
gp_fileinfo_emit(struct gp_writer *w, struct gp_fileinfo *fi,
    const struct gp_raw *raw)
{
	const struct gp_file *f;

	if (raw->nfiles == 0)
		return;
	f = &raw->files[0];
	if (f->layout == GP_GNU)
		fi->version = f->version;
	gp_wrecf(w, "fileinfo", "suuuu", f->path, (uint64_t)fi->version,
	    (uint64_t)raw->nhists, (uint64_t)raw->narcs,
	    (uint64_t)raw->nbbrecs);
}

static const char *
plural(uint64_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

void
gp_fileinfo_take(const struct gp_rec *rec, void *arg)
{
	struct gp_fileinfo *fi = arg;
	uint64_t v, h, a, b;
	char *path, *s;

	if (!gp_iskind(rec, "fileinfo"))
		return;
	gp_need(rec, 6);
	path = gp_fstr(rec, 1);
	v = gp_fu64max(rec, 2, UINT32_MAX);
	h = gp_fu64max(rec, 3, UINT32_MAX);
	a = gp_fu64max(rec, 4, UINT32_MAX);
	b = gp_fu64max(rec, 5, UINT32_MAX);
	if (asprintf(&s, "File `%s' (version %d) contains:\n"
	    "\t%d %s\n\t%d %s\n\t%d %s\n", path, (int)v,
	    (int)h, plural(h, "histogram record", "histogram records"),
	    (int)a, plural(a, "call-graph record", "call-graph records"),
	    (int)b, plural(b, "basic-block count record",
	    "basic-block count records")) == -1)
		err(1, NULL);
	free(path);
	fi->lines = reallocarray(fi->lines, fi->n + 1, sizeof(*fi->lines));
	if (fi->lines == NULL)
		err(1, NULL);
	fi->lines[fi->n++] = s;
}

void
gp_fileinfo_print(const struct gp_fileinfo *fi)
{
	size_t i;

	for (i = 0; i < fi->n; i++)
		fputs(fi->lines[i], stdout);
}
