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
 * colours if gray.  0, or -1 when out of memory.
 */
int	dot_graph(FILE *, const struct gp_profile *, double nthres,
	    double ethres, int gray);

#endif /* GP_PLUGINS_DOTGRAPH_H */
