/*
 * The call graph in Graphviz's language (dot, svg).  Not part of the
 * plugin ABI.
 */
#ifndef GP_PLUGINS_DOTGRAPH_H
#define GP_PLUGINS_DOTGRAPH_H

#include <stdio.h>

#include <gp/format.h>

/*
 * A string for Graphviz: quotes and backslashes escaped; wrap > 0: lines
 * broken after "::", ", " or a space once they are wrap long.
 */
void	dstr(FILE *, const char *, size_t wrap);

/*
 * Write the call graph as a digraph, the functions labelled with names
 * (names_make(), in the order of p->funcs): functions under nthres
 * percent and arcs under ethres percent of the time left out, and those
 * gp-fmt's symspecs leave out; grey instead of heat colours if gray;
 * boxes named n0, n1, ... or, byname, by their names (which an SVG
 * drawing shows on hovering).  0, or -1 when out of memory.
 */
int	dot_graph(FILE *, const struct gp_profile *, char *const *names,
	    double nthres, double ethres, int gray, int byname);

#endif /* GP_PLUGINS_DOTGRAPH_H */
