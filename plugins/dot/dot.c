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
#include <string.h>

#include <gp/format.h>

#include "dotgraph.h"
#include "names.h"
#include "host.h"

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
write_dot(struct gp_ctx *ctx, const struct gp_profile *p, FILE *out)
{
	double nthres = 0.5, ethres = 0.1;
	const char *c;
	int gray = 0, mode, rv;
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
	if ((mode = strip_option(ctx, STRIP_AUTO)) == -1)
		return -1;
	if ((names = names_make(p, mode)) == NULL ||
	    (rv = dot_graph(out, p, names, nthres, ethres, gray, 0)) == -1)
		host->error(ctx, "out of memory");
	names_free(names, p->nfuncs);
	return names == NULL ? -1 : rv;
}

PLUG_FORMAT("dot", "the call graph for Graphviz (dot -Tsvg), hot paths "
    "emphasised", GP_HAVE_GRAPH, options, write_dot);
