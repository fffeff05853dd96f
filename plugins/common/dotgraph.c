/*
 * The call graph in Graphviz's language, as the dot format writes it:
 * one box per function (its name, the share of the time in it and its
 * descendants, its self share, its calls), one arrow per arc (the time
 * passed to the caller, the calls), blue (cold) to red (hot), hot
 * arrows thicker, members of a cycle boxed together; functions and arcs
 * under the thresholds left out.  The svg format lays it out with
 * Graphviz's library (plugins/svg/graph.c), the dot format writes it
 * (plugins/dot/dot.c).
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dotgraph.h"
#include "names.h"
#include "pos.h"
#include "units.h"
#include "utf8.h"

#define WRAP	32		/* a label's line, at most, where it can */

/*
 * A string for Graphviz: quotes and backslashes escaped; wrap > 0: lines
 * broken after "::", ", " or a space once they are wrap long.
 */
void
dstr(FILE *out, const char *s, size_t wrap)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t col = 0;

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
		else
			p += utf8_put(out, p, "?") - 1;
	}
}

/* A colour from cold (0) to hot (1), as "#rrggbb" (buf >= 8). */
static void
heat_color(char *buf, double t)
{
	double r, g, b;

	if (!(t > 0))
		t = 0;
	if (t > 1)
		t = 1;
	/* Blue through green and yellow to red, as gprof2dot's. */
	if (t < 0.5) {
		r = 0;
		g = t * 2;
		b = 1 - t * 2;
	} else {
		r = (t - 0.5) * 2;
		g = 1 - (t - 0.5) * 2;
		b = 0;
	}
	/* Soften towards white for reading labels. */
	r = 0.15 + 0.8 * r;
	g = 0.15 + 0.7 * g;
	b = 0.15 + 0.8 * b;
	snprintf(buf, 8, "#%02x%02x%02x", (int)(r * 255), (int)(g * 255),
	    (int)(b * 255));
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

/*
 * A node's name: n and its place among the functions, or, byname, the
 * function's name as drawn, with its [index] if another box has that name.
 */
static void
nodeid(FILE *out, const struct gp_profile *p, char *const *names,
    const int *shown, size_t i, int byname)
{
	size_t j;

	if (!byname) {
		fprintf(out, "n%zu", i);
		return;
	}
	putc('"', out);
	dstr(out, names[i], 0);
	for (j = 0; j < p->nfuncs; j++)
		if (j != i && shown[j] && strcmp(names[j], names[i]) == 0) {
			fprintf(out, " [%d]", p->funcs[i]->index);
			break;
		}
	putc('"', out);
}

int
dot_graph(FILE *out, const struct gp_profile *p, char *const *names,
    double nthres, double ethres, int gray, int byname)
{
	const struct gp_pfunc *f;
	const struct gp_parc *a;
	double base, t, s, w;
	char fill[8];
	size_t i, j;
	int *shown, cyc, any;
	struct pos *pv;

	base = p->printtime > 0 ? p->printtime : p->total;
	shown = calloc(p->nfuncs + 1, sizeof(*shown));
	pv = pos_make((const void *const *)p->funcs, p->nfuncs);
	if (shown == NULL || pv == NULL) {
		free(shown);
		free(pv);
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

	/*
	 * newrank: cycles are clusters, and Graphviz 2.42's dot, ranking
	 * clusters on their own, frees a list twice when it frees the
	 * layout of a cluster with labelled edges between nodes of one rank
	 * (7 of 40 random such graphs under valgrind; none with newrank).
	 * The svg plugin frees its layouts; fuzz_fmt found it.
	 */
	fprintf(out, "digraph gprof {\n");
	fprintf(out, "\tgraph [fontname=\"Helvetica\", fontsize=10, "
	    "ranksep=0.4, nodesep=0.3, newrank=true, labelloc=t, "
	    "label=\"");
	if (p->exe != NULL) {
		dstr(out, p->exe, 0);
		fputs(": ", out);
	}
	fprintf(out, "%.*f ", event_unit(p) != NULL ? 0 : 2, base);
	dstr(out, p->dimen != NULL ? p->dimen : "seconds", 0);
	fprintf(out, " in the call graph; functions under %g%%, "
	    "arcs under %g%% left out\"];\n", nthres, ethres);
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
			if (shown[j] && p->funcs[j]->cyc == f) {
				fputs("\t\t", out);
				nodeid(out, p, names, shown, j, byname);
				fputs(";\n", out);
			}
		fprintf(out, "\t}\n");
	}
	for (i = 0; i < p->nfuncs; i++) {
		if (!shown[i])
			continue;
		f = p->funcs[i];
		t = base > 0 ? ftime(f) / base : 0;
		s = base > 0 ? f->propself / base : 0;
		color(fill, t, gray);
		putc('\t', out);
		nodeid(out, p, names, shown, i, byname);
		fputs(" [label=\"", out);
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
			putc('\t', out);
			nodeid(out, p, names, shown, i, byname);
			fputs(" -> ", out);
			nodeid(out, p, names, shown, i, byname);
			fprintf(out, " [label=\"%" PRIu64 "\xc3\x97\", "
			    "color=\"#888888\", style=dashed];\n", f->selfcalls);
		}
	}

	/* Arrows. */
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
		/*
		 * The label tells what the profile says; the pen and the
		 * layout weight take the share within 0..1.  A measured
		 * profile whose arc outweighs the whole (a bad or hostile
		 * companion) once gave weight=1279361854, and Graphviz
		 * 2.43's dot crashed in rank2 on it (SIGSEGV), as in the
		 * plugin (tests/fuzz/regress/fuzz_fmt/svg-graph-rank2-segv).
		 */
		w = !(t > 0) ? 0 : t > 1 ? 1 : t;
		putc('\t', out);
		nodeid(out, p, names, shown, (size_t)from, byname);
		fputs(" -> ", out);
		nodeid(out, p, names, shown, (size_t)to, byname);
		fputs(" [label=\"", out);
		if (!cyc)
			fprintf(out, "%.2f%%\\n", 100 * t);
		fprintf(out, "%" PRIu64 "\xc3\x97\", color=\"%s\", "
		    "fontcolor=\"%s\", penwidth=%.2f, weight=%d%s];\n",
		    a->count, fill, fill, 0.5 + 4.5 * sqrt(w),
		    1 + (int)(100 * w), cyc ? ", style=dashed" : "");
	}
	fprintf(out, "}\n");
	free(shown);
	free(pv);
	return 0;
}
