/*
 * json: the whole analysed profile as one JSON document (gp-formats(5)
 * gives the schema).
 *
 * Numbers that are times are written so that they read back as the very
 * doubles gprof computes; addresses are strings ("0x401136") because
 * JSON readers often hold numbers as doubles, which cannot hold every
 * 64-bit address.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gp/format.h>

#include "jsonstr.h"
#include "names.h"
#include "pos.h"
#include "units.h"
#include "host.h"

#define SCHEMA_VERSION	1

static const struct gp_option options[] = {
	{ "raw", NULL, "add the histograms' bins and the arcs as recorded" },
	{ "strip", "yes|no|auto", "add each function's short_name, without "
	    "template arguments and parameters (default no)" },
	{ "data", NULL, "list data symbols with time too, as gprof -z "
	    "lists unused functions" },
	{ NULL, NULL, NULL },
};

/* A member's key after a comma, ", "key": ", unless key is NULL. */
static void
jkey(FILE *out, const char *key)
{
	if (key != NULL)
		fprintf(out, ", \"%s\": ", key);
}

/* A JSON string; bytes that are not UTF-8 become U+FFFD. */
static void
jstr(FILE *out, const char *key, const char *s)
{
	jkey(out, key);
	json_string(out, s, 0);
}

static void
jnum(FILE *out, const char *key, double v)
{
	char buf[32];

	jkey(out, key);
	fputs(fmt_double(buf, v), out);
}

static void
jaddr(FILE *out, const char *key, uint64_t v)
{
	jkey(out, key);
	fprintf(out, "\"0x%" PRIx64 "\"", v);
}

static const char *
layoutname(int l)
{
	switch (l) {
	case GP_LAYOUT_GNU:
		return "gnu";
	case GP_LAYOUT_BSD44:
		return "bsd44";
	case GP_LAYOUT_OLDBSD:
		return "oldbsd";
	}
	return "unknown";
}

static void
idlist(FILE *out, const char *key, const long *ids, size_t n)
{
	size_t i;

	fprintf(out, ", \"%s\": [", key);
	for (i = 0; i < n; i++)
		fprintf(out, "%s%ld", i ? ", " : "", ids[i]);
	putc(']', out);
}

static void
function(FILE *out, const struct gp_profile *p, const struct gp_pfunc *f,
    size_t id, const struct pos *pv, const struct pos *av, long *ids,
    const char *shortname)
{
	size_t i;

	fprintf(out, "    {\"id\": %zu, \"index\": %d, \"name\": ", id,
	    f->index);
	jstr(out, NULL, f->name);
	if (shortname != NULL)
		jstr(out, "short_name", shortname);
	if (f->iscycle)
		fprintf(out, ", \"cycle_entry\": true");
	else {
		jstr(out, "symbol", f->symname);
		jaddr(out, "address", f->addr);
		/* The last symbol's end may be below it (gp-stream(5)). */
		jaddr(out, "end", f->end < f->addr ? f->addr : f->end);
		fprintf(out, ", \"kind\": \"%s\"",
		    f->symflags & GP_PSYM_FUNC ? "function" : "data");
		jstr(out, "file", f->file);
		fprintf(out, ", \"line\": %d", f->line);
	}
	fprintf(out, ", \"cycle\": %d", f->cycle);
	fprintf(out, ", \"printed\": %s", f->printed ? "true" : "false");
	fprintf(out, ", \"calls\": %" PRIu64 ", \"self_calls\": %" PRIu64,
	    f->calls, f->selfcalls);
	jnum(out, "self_samples", f->samples);
	jnum(out, "self", f->self);
	jnum(out, "graph_self", f->propself);
	jnum(out, "children", f->child);
	for (i = 0; i < f->ncallers; i++)
		ids[i] = pos_find(av, p->narcs, f->callers[i]);
	idlist(out, "callers", ids, f->ncallers);
	for (i = 0; i < f->ncallees; i++)
		ids[i] = pos_find(av, p->narcs, f->callees[i]);
	idlist(out, "callees", ids, f->ncallees);
	if (f->iscycle) {
		for (i = 0; i < f->nmembers; i++)
			ids[i] = pos_find(pv, p->nfuncs, f->members[i]);
		idlist(out, "members", ids, f->nmembers);
	}
	if ((p->have & GP_HAVE_DIFF) && f->old != NULL) {
		/* gp-diff's pair: the old profile's numbers, and the new */
		fprintf(out, ", \"diff\": {\"in_old\": %s, \"old_calls\": %"
		    PRIu64 ", \"new_calls\": %" PRIu64,
		    f->old->present ? "true" : "false", f->old->calls,
		    f->old->newcalls);
		jnum(out, "old_self", f->old->self);
		jnum(out, "new_self", f->old->newself);
		jnum(out, "old_total", f->old->total);
		jnum(out, "new_total", f->old->newtotal);
		putc('}', out);
	}
	fputs("}", out);
}

static int
write_json(struct gp_ctx *ctx, const struct gp_profile *p, FILE *out)
{
	const struct gp_pfunc *f;
	struct pos *pv, *av;
	long *ids;
	size_t i, j, most;
	int raw, data, first, mode;
	char **names = NULL;

	if ((mode = strip_option(ctx, STRIP_NO)) == -1)
		return -1;
	raw = host->option(ctx, "raw") != NULL;
	data = host->option(ctx, "data") != NULL;
	most = 1;
	for (i = 0; i < p->nfuncs; i++) {
		if (p->funcs[i]->ncallers > most)
			most = p->funcs[i]->ncallers;
		if (p->funcs[i]->ncallees > most)
			most = p->funcs[i]->ncallees;
		if (p->funcs[i]->nmembers > most)
			most = p->funcs[i]->nmembers;
	}
	pv = pos_make((const void *const *)p->funcs, p->nfuncs);
	av = pos_make((const void *const *)p->arcs, p->narcs);
	ids = calloc(most, sizeof(*ids));
	if (mode != STRIP_NO)
		names = names_make(p, mode);
	if (pv == NULL || av == NULL || ids == NULL ||
	    (mode != STRIP_NO && names == NULL)) {
		names_free(names, p->nfuncs);
		free(pv);
		free(av);
		free(ids);
		host->error(ctx, "out of memory");
		return -1;
	}

	fprintf(out, "{\n  \"format\": \"gptools-profile\", \"version\": %d,\n",
	    SCHEMA_VERSION);
	fputs("  \"executable\": ", out);
	jstr(out, NULL, p->exe);
	fputs(",\n  \"unit\": ", out);
	jstr(out, NULL, p->dimen);
	jnum(out, "hz", p->hz);
	jnum(out, "total_samples", p->totalsamples);
	jnum(out, "total", p->total);
	jnum(out, "graph_total", p->printtime);
	fprintf(out, ", \"cycles\": %zu,\n", p->ncycles);
	if (p->have & GP_HAVE_DIFF) {
		fputs("  \"compared_with\": ", out);
		jstr(out, NULL, p->oldname);
		jnum(out, "old_total", p->oldtotal);
		fputs(",\n", out);
	}

	fputs("  \"files\": [", out);
	for (i = 0; i < p->nfiles; i++) {
		fprintf(out, "%s\n    {\"path\": ", i ? "," : "");
		jstr(out, NULL, p->files[i]->path);
		fprintf(out, ", \"layout\": \"%s\", \"width\": %d, "
		    "\"byte_order\": \"%s\", \"version\": %" PRIu32 "}",
		    layoutname(p->files[i]->layout), p->files[i]->width,
		    p->files[i]->bigendian ? "big" : "little",
		    p->files[i]->version);
	}
	fputs(p->nfiles ? "\n  ],\n" : "],\n", out);

	fputs("  \"histograms\": [", out);
	for (i = 0; i < p->nhists; i++) {
		const struct gp_phist *h = p->hists[i];

		fprintf(out, "%s\n    {\"low\": ", i ? "," : "");
		jaddr(out, NULL, h->low);
		jaddr(out, "high", h->high);
		fprintf(out, ", \"nbins\": %" PRIu32 ", \"rate\": %" PRIu32
		    ", \"unit\": ", h->nbins, h->rate);
		jstr(out, NULL, h->dimen);
		fprintf(out, ", \"abbrev\": \"%c\"",
		    h->abbrev >= 0x20 && h->abbrev < 0x7f &&
		    h->abbrev != '"' && h->abbrev != '\\' ? h->abbrev : '?');
		if (raw) {	/* the bins with samples: [index, count] */
			fputs(", \"bins\": [", out);
			for (j = 0; j < h->nsbins; j++)
				fprintf(out, "%s[%" PRIu32 ",%" PRIu32 "]",
				    j ? "," : "", h->sbins[j].i,
				    h->sbins[j].count);
			putc(']', out);
		}
		putc('}', out);
	}
	fputs(p->nhists ? "\n  ],\n" : "],\n", out);

	if (raw) {
		fputs("  \"raw_arcs\": [", out);
		for (i = 0; i < p->nrawarcs; i++) {
			fprintf(out, "%s\n    {\"from\": ", i ? "," : "");
			jaddr(out, NULL, p->rawarcs[i]->from);
			jaddr(out, "self", p->rawarcs[i]->self);
			fprintf(out, ", \"count\": %" PRIu64 "}",
			    p->rawarcs[i]->count);
		}
		fputs(p->nrawarcs ? "\n  ],\n" : "],\n", out);
	}

	/*
	 * Functions: a data symbol that got samples (code without a
	 * function symbol, credited to the symbol before it) only with
	 * data, or when an arc names it.  An entry's id is its place in
	 * the profile, which the arcs use.
	 */
	fputs("  \"functions\": [", out);
	for (first = 1, i = 0; i < p->nfuncs; i++) {
		f = p->funcs[i];
		if (!data && !f->iscycle && !(f->symflags & GP_PSYM_FUNC) &&
		    f->ncallers == 0 && f->ncallees == 0)
			continue;
		if (!narrow_shows(p, f))
			continue;
		fputs(first ? "\n" : ",\n", out);
		first = 0;
		function(out, p, f, i, pv, av, ids,
		    names != NULL ? names[i] : NULL);
	}
	fputs(!first ? "\n  ],\n" : "],\n", out);

	fputs("  \"arcs\": [", out);
	for (first = 1, i = 0; i < p->narcs; i++) {
		const struct gp_parc *a = p->arcs[i];

		/* Narrowed: the arcs of the printed entries. */
		if (!narrow_shows(p, a->caller) ||
		    !narrow_shows(p, a->callee) || (p->narrowed &&
		    !a->caller->printed && !a->callee->printed))
			continue;
		fprintf(out, "%s\n    {\"id\": %zu, \"caller\": %ld, "
		    "\"callee\": %ld, \"count\": %" PRIu64,
		    first ? "" : ",", i, pos_find(pv, p->nfuncs, a->caller),
		    pos_find(pv, p->nfuncs, a->callee), a->count);
		jnum(out, "self", a->self);
		jnum(out, "children", a->child);
		putc('}', out);
		first = 0;
	}
	fputs(!first ? "\n  ]\n}\n" : "]\n}\n", out);
	free(pv);
	free(av);
	free(ids);
	names_free(names, p->nfuncs);
	return 0;
}

PLUG_FORMAT("json", "the whole analysed profile as JSON", GP_HAVE_GRAPH,
    options, write_json);
