/*
 * gprof -R's function map (mapfile.h), read as GNU gprof 2.40 reads it:
 * each line's object file up to its first ':' (fscanf's %[^\n:] with a
 * 1023-byte buffer), its function after the line's last space; blank
 * lines fall to the whitespace the reading skips, "No symbols in ..."
 * lines are skipped.
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sym/mapfile.h"
#include "stream/stream.h"

static void
badmap(const char *path)
{
	errx(1, "unable to parse mapping file %s.", path);
}

static int
cmp_func(const void *a, const void *b, void *arg)
{
	const struct gp_mapent *l = a, *r = b;

	(void)arg;
	return strcmp(l->func, r->func);
}

void
gp_map_read(struct gp_map *m, const char *path)
{
	char buf[1024], *sp;	/* gprof's buffer size */
	size_t cap = 0, i;
	FILE *f;
	int k;

	m->v = NULL;
	m->n = 0;
	if ((f = fopen(path, "r")) == NULL)
		err(1, "%s", path);
	while (!feof(f)) {
		if ((k = fscanf(f, "%1023[^\n:]", buf)) == EOF)
			break;
		if (k == 0)
			badmap(path);
		if (strncmp(buf, "No symbols in ", 14) == 0) {
			if (fscanf(f, "\n") == EOF && ferror(f))
				badmap(path);
			continue;
		}
		m->v = gp_xgrow(m->v, &cap, m->n, 64, sizeof(*m->v));
		m->v[m->n].file = gp_xstrdup(buf);
		if (fscanf(f, "%1023[^\n]\n", buf) != 1)
			badmap(path);
		sp = strrchr(buf, ' ');
		m->v[m->n].func = gp_xstrdup(sp != NULL ? sp + 1 : buf);
		m->n++;
	}
	if (ferror(f))
		err(1, "%s", path);
	fclose(f);
	for (i = 0; i < m->n; i++)
		m->v[i].first = i == 0 ||
		    strcmp(m->v[i].file, m->v[i - 1].file) != 0;
	/* gprof's qsort, glibc's merge sort: equal names keep their order */
	gp_msort(m->v, m->n, sizeof(*m->v), cmp_func, NULL);
}

/*
 * The halving search glibc's bsearch does, so that of several lines with
 * one name the same is found.
 */
const struct gp_mapent *
gp_map_find(const struct gp_map *m, const char *name)
{
	size_t lo = 0, hi = m->n, mid;
	int c;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		c = strcmp(name, m->v[mid].func);
		if (c < 0)
			hi = mid;
		else if (c > 0)
			lo = mid + 1;
		else
			return &m->v[mid];
	}
	return NULL;
}

void
gp_map_free(struct gp_map *m)
{
	size_t i;

	for (i = 0; i < m->n; i++) {
		free(m->v[i].file);
		free(m->v[i].func);
	}
	free(m->v);
	m->v = NULL;
	m->n = 0;
}
