/*
 * The call graph in Graphviz's language (dot, svg).  Not part of the
 * plugin ABI.
 */
#ifndef GP_PLUGINS_DOTGRAPH_H
#define GP_PLUGINS_DOTGRAPH_H

#include <stdio.h>

#include <gp/plugin.h>

/* A string for Graphviz: quotes and backslashes escaped. */
void	dstr(FILE *, const char *);

/*
 * Write the call graph as a digraph: functions under nthres percent and
 * arcs under ethres percent of the time left out, grey instead of heat
 * colours if gray; boxes named n0, n1, ... or, byname, by their
 * functions' names (which an SVG drawing shows on hovering).  0, or -1
 * when out of memory.
 */
int	dot_graph(FILE *, const struct gp_profile *, double nthres,
	    double ethres, int gray, int byname);

#endif /* GP_PLUGINS_DOTGRAPH_H */
