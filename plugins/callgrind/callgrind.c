/*
 * callgrind: the profile in Callgrind's format, for KCachegrind and
 * callgrind_annotate (gp-formats(5)).
 *
 * One event, Time, in microseconds (or the unit asked for).  Each
 * function's self cost is its self time, rounded so that the costs add
 * up to the total; each call line carries the arc's count and, as
 * Callgrind's calls do, the inclusive cost of the calls: the self and
 * child time gprof propagates along the arc.  Positions are source lines
 * when the executable has them.
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gp/plugin.h>

#include "common.h"
#include "input.h"

static const struct gp_host *host;

static const struct gp_option options[] = {
	{ "unit", "us|ns|ms|samples",
	    "unit of the Time event (default us)" },
	{ NULL, NULL, NULL },
};

static int
init(struct gp_ctx *ctx, const struct gp_host *h)
{
	host = h;
	callgrind_host = h;	/* the input side's (input.c) */
	return 0;
}

/* A name on one line: newlines and carriage returns become '?'. */
static void
cgname(FILE *out, const char *s)
{
	for (; *s != '\0'; s++)
		putc(*s == '\n' || *s == '\r' ? '?' : *s, out);
}

/* Compressed names: "(id) name" the first time, "(id)" after; files. */
struct names {
	const char	**v;
	size_t		 n;
	size_t		 cap;
};

static int
nameref(FILE *out, struct names *t, const char *s)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (strcmp(t->v[i], s) == 0) {
			fprintf(out, "(%zu)\n", i + 1);
			return 0;
		}
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		if ((t->v = realloc(t->v, t->cap * sizeof(*t->v))) == NULL)
			return -1;
	}
	t->v[t->n++] = s;
	fprintf(out, "(%zu) ", t->n);
	cgname(out, s);
	putc('\n', out);
	return 0;
}

/* Functions: the id is the position in funcs, plus 1. */
static void
fnref(FILE *out, const struct gp_pfunc *f, size_t i, unsigned char *named)
{
	if (named[i]) {
		fprintf(out, "(%zu)\n", i + 1);
		return;
	}
	named[i] = 1;
	fprintf(out, "(%zu) ", i + 1);
	cgname(out, f->name);
	putc('\n', out);
}

static const char *
fileof(const struct gp_pfunc *f)
{
	return f->file != NULL && f->file[0] != '\0' ? f->file : "???";
}

static int
write_callgrind(struct gp_ctx *ctx, const struct gp_profile *p, FILE *out)
{
	struct names files;
	struct pos *pv;
	unsigned char *named;
	long k;
	const struct gp_pfunc *f, *g;
	const struct gp_parc *a;
	unsigned long long *iself, total;
	const char *unit;
	double scale, *self, incl;
	size_t i, j;
	int rv = -1;

	if ((unit = host->option(ctx, "unit")) == NULL)
		unit = "us";
	if ((scale = unit_scale(p, unit)) == 0) {
		host->error(ctx, "unit=%s: not us, ns, ms or samples", unit);
		return -1;
	}
	memset(&files, 0, sizeof(files));
	self = calloc(p->nfuncs + 1, sizeof(*self));
	iself = calloc(p->nfuncs + 1, sizeof(*iself));
	named = calloc(p->nfuncs + 1, 1);
	pv = pos_make((const void *const *)p->funcs, p->nfuncs);
	if (self == NULL || iself == NULL || named == NULL || pv == NULL)
		goto nomem;
	for (i = 0; i < p->nfuncs; i++)
		if (!p->funcs[i]->iscycle && p->funcs[i]->samples > 0)
			self[i] = p->funcs[i]->samples * scale;
	round_sum(self, iself, p->nfuncs);
	for (total = 0, i = 0; i < p->nfuncs; i++)
		total += iself[i];

	fprintf(out, "# callgrind format\n");
	fprintf(out, "version: 1\n");
	fprintf(out, "creator: gptools gp-fmt -o callgrind (from gprof "
	    "data)\n");
	if (p->exe != NULL) {
		fprintf(out, "cmd: ");
		cgname(out, p->exe);
		putc('\n', out);
	}
	fprintf(out, "positions: line\n");
	fprintf(out, "event: Time : Time (%s)\n",
	    strcmp(unit, "samples") == 0 ? "samples" : unit);
	fprintf(out, "events: Time\n");
	fprintf(out, "summary: %llu\n\n", total);

	for (i = 0; i < p->nfuncs; i++) {
		f = p->funcs[i];
		if (f->iscycle || (iself[i] == 0 && f->ncallees == 0 &&
		    f->calls == 0))
			continue;
		fputs("fl=", out);
		if (nameref(out, &files, fileof(f)) == -1)
			goto nomem;
		fputs("fn=", out);
		fnref(out, f, i, named);
		fprintf(out, "%d %llu\n", f->line, iself[i]);
		for (j = 0; j < f->ncallees; j++) {
			a = f->callees[j];
			g = a->callee;
			if (g->iscycle || (k = pos_find(pv, p->nfuncs, g)) < 0)
				continue;
			fputs("cfl=", out);
			if (nameref(out, &files, fileof(g)) == -1)
				goto nomem;
			fputs("cfn=", out);
			fnref(out, g, (size_t)k, named);
			incl = (a->self + a->child) * p->hz * scale;
			fprintf(out, "calls=%" PRIu64 " %d\n", a->count,
			    g->line);
			fprintf(out, "%d %.0f\n", f->line,
			    incl > 0 ? floor(incl + 0.5) : 0.0);
		}
		putc('\n', out);
	}
	fprintf(out, "totals: %llu\n", total);
	rv = 0;
	goto done;
nomem:
	host->error(ctx, "out of memory");
done:
	free(self);
	free(iself);
	free(files.v);
	free(named);
	free(pv);
	return rv;
}

static const struct gp_format format = {
	.needs = GP_HAVE_GRAPH,
	.options = options,
	.write = write_callgrind,
};

GP_PLUGIN_DESCRIPTOR = {
	GP_PLUGIN_HEADER,
	.name = "callgrind",
	.desc = "Callgrind's format for KCachegrind and callgrind_annotate",
	.version = "1",
	.init = init,
	.format = &format,
	.input = &callgrind_input,
};
