/*
 * svg: the call-graph mode (type=graph) of the svg format; see svg.c.
 *
 * The graph is the one the dot format writes (plugins/common/dotgraph.c),
 * laid out and drawn by Graphviz's own library (libgvc, the dot layout
 * and its SVG renderer) inside the plugin: edge labels and boxes placed
 * by Graphviz do not overlap, as a hand-written layout's did on large
 * profiles, and the picture is the one `gp-fmt -o dot | dot -Tsvg' gives.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <gp/format.h>

#include "dotgraph.h"
#include "names.h"
#include "svg.h"

static GVC_t	*gvc;		/* kept for the process (see graph()) */

int
graph(struct gp_ctx *ctx, const struct gp_profile *p, FILE *out)
{
	double nthres = 0.5, ethres = 0.1;
	FILE *mem;
	char *text = NULL, *svg = NULL;
	size_t len = 0;
	unsigned svglen = 0;
	Agraph_t *g;
	char **names;
	int rv = -1, mode;

	if (host->optnum(ctx, "node-thres", 0, 100, &nthres) == -1 ||
	    host->optnum(ctx, "edge-thres", 0, 100, &ethres) == -1)
		return -1;
	if ((mode = strip_option(ctx, STRIP_AUTO)) == -1)
		return -1;
	if ((names = names_make(p, mode)) == NULL ||
	    (mem = open_memstream(&text, &len)) == NULL) {
		names_free(names, p->nfuncs);
		host->error(ctx, "out of memory");
		return -1;
	}
	rv = dot_graph(mem, p, names, nthres, ethres, 0, 1);
	if (fclose(mem) != 0 || rv == -1) {
		names_free(names, p->nfuncs);
		free(text);
		host->error(ctx, "out of memory");
		return -1;
	}
	names_free(names, p->nfuncs);
	rv = -1;
	/*
	 * One Graphviz context for the process: each gvContext() and
	 * gvFreeContext() of Graphviz 2.42 leaves about 3.6 KB behind (a
	 * process laying out several graphs, as fuzz_fmt does, grew without
	 * bound); one context laid out 3000 graphs in the same memory as 100.
	 */
	if (gvc == NULL && (gvc = gvContext()) == NULL) {
		free(text);
		host->error(ctx, "Graphviz: no context");
		return -1;
	}
	if ((g = agmemread(text)) == NULL)
		host->error(ctx, "Graphviz cannot read the graph");
	else if (gvLayout(gvc, g, "dot") != 0)
		host->error(ctx, "Graphviz: the dot layout failed (is "
		    "Graphviz's dot plugin installed?)");
	else {
		if (gvRenderData(gvc, g, "svg", &svg, &svglen) != 0)
			host->error(ctx, "Graphviz: no SVG renderer");
		else if (fwrite(svg, 1, svglen, out) != svglen)
			host->error(ctx, "write error");
		else
			rv = 0;
		gvFreeRenderData(svg);
		gvFreeLayout(gvc, g);
	}
	if (g != NULL)
		agclose(g);
	free(text);
	return rv;
}
