/*
 * dot: the call graph for Graphviz (gp-formats(5)).
 *
 * One box per function: its name, the share of the time spent in it and
 * its descendants (gprof's "% time" column of the call graph), its self
 * share in parentheses, and its calls.  One arrow per arc: the time the
 * callee passed to the caller along it, and the calls.  Boxes and arrows
 * go from blue (cold) to red (hot), and hot arrows are thicker, so the
 * hot paths stand out; functions and arcs under the thresholds are left
 * out.  Members of a cycle are boxed together.
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gp/plugin.h>

#include "common.h"

static const struct gp_host *host;

static const struct gp_option options[] = {
	{ "node-thres", "PCT",
	    "leave out functions under PCT% of the time (default 0.5)" },
	{ "edge-thres", "PCT",
	    "leave out arcs under PCT% of the time (default 0.1)" },
	{ "color", "heat|gray", "colours of boxes and arrows (default heat)" },
	{ "strip", "yes|no|auto", "names without template arguments and "
	    "parameters (default auto: the long ones)" },
	{ NULL, NULL, NULL },
};

static int
init(struct gp_ctx *ctx, const struct gp_host *h)
{
	host = h;
	return 0;
}

#define WRAP	32		/* a label's line, at most, where it can */

/*
 * A string for Graphviz: quotes and backslashes escaped; wrap > 0: lines
 * broken after "::", ", " or a space once they are wrap long.
 */
static void
dstr(FILE *out, const char *s, size_t wrap)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n, col = 0;

	for (; *p != '\0'; p++, col++) {
		if (wrap > 0 && col >= wrap && p[1] != '\0' &&
		    ((p > (const unsigned char *)s + 1 && p[-1] == ':' &&
		    p[-2] == ':') || (p[-1] == ' ' && p[0] != ' '))) {
			fputs("\\n", out);
			col = 0;
		}
		if (*p == '"' || *p == '\\')
			putc('\\', out);
		if (*p < 0x20 || *p == 0x7f)
			putc('?', out);
		else if (*p < 0x80)
			putc(*p, out);
		else if ((n = utf8_len(p)) == 0)
			putc('?', out);
		else {
			fwrite(p, 1, n, out);
			p += n - 1;
		}
	}
}

static void
color(char *buf, double t, int gray)
{
	int v;

	if (!gray) {
		heat_color(buf, t);
		return;
	}
	if (!(t > 0))
		t = 0;
	if (t > 1)
		t = 1;
	v = (int)(230 - 180 * t);
	snprintf(buf, 8, "#%02x%02x%02x", v, v, v);
}

/* Readable text on a fill colour. */
static const char *
ink(const char *fill)
{
	unsigned r, g, b;

	if (sscanf(fill, "#%2x%2x%2x", &r, &g, &b) != 3)
		return "#000000";
	return 0.299 * r + 0.587 * g + 0.114 * b < 120 ? "#ffffff" : "#000000";
}

/*
 * A function's time in the call graph; for a cycle's member at least
 * what its calls from outside the cycle carry, so that the entry of a
 * cycle (whose own time gprof shows as its calls out of the cycle, often
 * none) is drawn with the arrow into it.
 */
static double
ftime(const struct gp_pfunc *f)
{
	const struct gp_parc *a;
	double t = f->propself + f->child, in = 0;
	size_t i;

	if (f->cycle == 0)
		return t;
	for (i = 0; i < f->ncallers; i++) {
		a = f->callers[i];
		if (a->caller->cycle != f->cycle && !a->caller->iscycle)
			in += a->self + a->child;
	}
	return in > t ? in : t;
}

static int
write_dot(struct gp_ctx *ctx, const struct gp_profile *p, FILE *out)
{
	const struct gp_pfunc *f;
	const struct gp_parc *a;
	double nthres = 0.5, ethres = 0.1, base, t, s;
	const char *c;
	char fill[8];
	size_t i, j;
	int gray = 0, *shown, cyc, any, mode;
	struct pos *pv;
	char **names;

	if (host->optnum(ctx, "node-thres", 0, 100, &nthres) == -1 ||
	    host->optnum(ctx, "edge-thres", 0, 100, &ethres) == -1)
		return -1;
	if ((c = host->option(ctx, "color")) != NULL) {
		if (strcmp(c, "gray") == 0)
			gray = 1;
		else if (strcmp(c, "heat") != 0) {
			host->error(ctx, "color=%s: not heat or gray", c);
			return -1;
		}
	}
	if ((mode = strip_mode(host->option(ctx, "strip"),
	    STRIP_AUTO)) == -1) {
		host->error(ctx, "strip=%s: not yes, no or auto",
		    host->option(ctx, "strip"));
		return -1;
	}
	base = p->printtime > 0 ? p->printtime : p->total;
	shown = calloc(p->nfuncs + 1, sizeof(*shown));
	pv = pos_make((const void *const *)p->funcs, p->nfuncs);
	names = names_make(p, mode);
	if (shown == NULL || pv == NULL || names == NULL) {
		free(shown);
		free(pv);
		names_free(names, p->nfuncs);
		host->error(ctx, "out of memory");
		return -1;
	}

	/* Which functions: cycles are drawn as the boxes of their members. */
	for (i = 0; i < p->nfuncs; i++) {
		f = p->funcs[i];
		if (f->iscycle)
			continue;
		t = base > 0 ? 100 * ftime(f) / base : 100;
		shown[i] = t >= nthres && (f->calls > 0 || f->ncallees > 0 ||
		    f->samples > 0) && narrow_shows(p, f);
	}

	fprintf(out, "digraph gprof {\n");
	fprintf(out, "\tgraph [fontname=\"Helvetica\", fontsize=10, "
	    "ranksep=0.4, nodesep=0.3, labelloc=t, label=\"");
	if (p->exe != NULL) {
		dstr(out, p->exe, 0);
		fputs(": ", out);
	}
	fprintf(out, "%.2f %s in the call graph; functions under %g%%, "
	    "arcs under %g%% left out\"];\n", base,
	    p->dimen != NULL ? p->dimen : "seconds", nthres, ethres);
	fprintf(out, "\tnode [shape=box, style=\"filled,rounded\", "
	    "fontname=\"Helvetica\", fontsize=10];\n");
	fprintf(out, "\tedge [fontname=\"Helvetica\", fontsize=9, "
	    "arrowsize=0.6];\n");

	/* Boxes, members of a cycle together. */
	for (i = 0; i < p->nfuncs; i++) {
		f = p->funcs[i];
		if (!f->iscycle || f->nmembers == 0)
			continue;
		any = 0;
		for (j = 0; j < p->nfuncs; j++)
			if (shown[j] && p->funcs[j]->cyc == f)
				any = 1;
		if (!any)
			continue;
		fprintf(out, "\tsubgraph cluster_cycle%d {\n\t\tlabel=\"cycle "
		    "%d\"; style=dashed; color=\"#888888\"; fontsize=9;\n",
		    f->cycle, f->cycle);
		for (j = 0; j < p->nfuncs; j++)
			if (shown[j] && p->funcs[j]->cyc == f)
				fprintf(out, "\t\tn%zu;\n", j);
		fprintf(out, "\t}\n");
	}
	for (i = 0; i < p->nfuncs; i++) {
		if (!shown[i])
			continue;
		f = p->funcs[i];
		t = base > 0 ? ftime(f) / base : 0;
		s = base > 0 ? f->propself / base : 0;
		color(fill, t, gray);
		fprintf(out, "\tn%zu [label=\"", i);
		dstr(out, names[i], WRAP);
		fprintf(out, "\\n%.2f%%\\n(%.2f%%)", 100 * t, 100 * s);
		/* No count for a root nobody called (main, from libc). */
		if (f->calls > 0 || f->ncallers > 0) {
			fprintf(out, "\\n%" PRIu64, f->calls);
			if (f->selfcalls > 0)
				fprintf(out, "+%" PRIu64, f->selfcalls);
			fputs("\xc3\x97", out);
		}
		fprintf(out, "\", fillcolor=\"%s\", fontcolor=\"%s\"];\n",
		    fill, ink(fill));
		if (f->selfcalls > 0) {
			/* Recursive calls, gprof's "calls+self", as a loop. */
			fprintf(out, "\tn%zu -> n%zu [label=\"%" PRIu64
			    "\xc3\x97\", color=\"#888888\", style=dashed];\n",
			    i, i, f->selfcalls);
		}
	}

	/* Arrows. */
	cyc = 0;
	for (i = 0; i < p->narcs; i++) {
		long from, to;

		a = p->arcs[i];
		if (a->caller == a->callee)
			continue;		/* drawn as the loop */
		from = pos_find(pv, p->nfuncs, a->caller);
		to = pos_find(pv, p->nfuncs, a->callee);
		if (from < 0 || to < 0 || !shown[from] || !shown[to])
			continue;
		t = base > 0 ? (a->self + a->child) / base : 0;
		cyc = a->caller->cycle != 0 &&
		    a->caller->cycle == a->callee->cycle;
		/* Inside a cycle no time passes: always drawn, dashed. */
		if (!cyc && base > 0 && 100 * t < ethres)
			continue;
		color(fill, t, gray);
		fprintf(out, "\tn%ld -> n%ld [label=\"", from, to);
		if (!cyc)
			fprintf(out, "%.2f%%\\n", 100 * t);
		fprintf(out, "%" PRIu64 "\xc3\x97\", color=\"%s\", "
		    "fontcolor=\"%s\", penwidth=%.2f, weight=%d%s];\n",
		    a->count, fill, fill, 0.5 + 4.5 * sqrt(t),
		    1 + (int)(100 * t), cyc ? ", style=dashed" : "");
	}
	fprintf(out, "}\n");
	free(shown);
	free(pv);
	names_free(names, p->nfuncs);
	return 0;
}

static const struct gp_format format = {
	.needs = GP_HAVE_GRAPH,
	.options = options,
	.write = write_dot,
};

GP_PLUGIN_DESCRIPTOR = {
	GP_PLUGIN_HEADER,
	.name = "dot",
	.desc = "the call graph for Graphviz (dot -Tsvg), hot paths "
	    "emphasised",
	.version = "1",
	.init = init,
	.format = &format,
};
