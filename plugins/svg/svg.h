/*
 * svg: what svg.c (the flame graph, the plugin) and graph.c (the call
 * graph, which Graphviz draws whole) share: the host, graph(); header()
 * and label() are svg.c's own drawing helpers.
 */
#ifndef GP_SVG_H
#define GP_SVG_H

#include <stdio.h>

#include <gp/format.h>

#define CHARW		6.6		/* width of a character at 11px */
#define TOP		40		/* room for the title */

#include "host.h"

/* The document's start: size, style, white background, title. */
void	header(FILE *, double w, double h, const char *title);
/* Text clipped to a box `w' wide, with ".." when cut. */
void	label(FILE *, double x, double y, double w, const char *);

/* type=graph: the call graph. */
int	graph(struct gp_ctx *, const struct gp_profile *, FILE *);

#endif /* GP_SVG_H */
