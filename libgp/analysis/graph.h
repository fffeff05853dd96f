/*
 * The graph layer: GNU gprof's call graph analysis done once, so that a
 * printer needs no graph (gp-arcs(1), gp-stream(5)).
 *
 * What gprof's cg_assemble and cg_print compute is here, with gprof's
 * floating-point operations done in gprof's order, so ties break as they
 * do in gprof:
 *
 *	nodes	every symbol and every cycle, in index order: nodes[i] is
 *		printed as [i+1] (or (i+1) when not printed);
 *	arcs	the call arcs between nodes (self arcs included), each with
 *		its place in the parent's list of children and in the
 *		child's list of parents as gprof prints them;
 *	members	the members of each cycle in gprof's printing order.
 *
 * Times are in samples, as in the credit layer: divide by hz.  The rate
 * (hz), the unit, the histogram scale and gprof's total_time are in the
 * credit layer (p->credit, analysis/credit.h), which gp_analyse() makes or checks
 * too.
 *
 * A printer reads a stream with gp_stage_read() and calls gp_analyse(),
 * which makes the credit and graph layers if the stream lacks them and
 * checks them against the symbol layer if it has them.
 */
#ifndef GP_GRAPH_H
#define GP_GRAPH_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/profile.h"
#include "sym/symspec.h"

#define GP_NOSYM	((size_t)-1)

#define GP_N_PRINT	0x01	/* 'p': gprof's print_flag: has an entry */
#define GP_N_FLAT	0x02	/* 'f': passes the FLAT tables (-p/-P and
				   the default exclusions): gprof lists it
				   in the flat profile */

struct gp_node {			/* a "node" record */
	size_t		 sym;		/* symbol id; GP_NOSYM: a whole cycle */
	unsigned	 cycle;		/* cycle number; 0: in no cycle */
	uint64_t	 ncalls;	/* calls, self calls excluded; a cycle:
					   calls from outside the cycle */
	uint64_t	 self_calls;	/* a cycle: calls among its members */
	double		 time;		/* hist.time; a cycle: its members' */
	double		 child_time;	/* cg.child_time */
	double		 prop_self;	/* cg.prop.self */
	double		 prop_child;	/* cg.prop.child */
	double		 fract;		/* cg.prop.fract */
	unsigned	 flags;		/* GP_N_* */
	size_t		 member;	/* a cycle member: its place in the
					   cycle's entry, from 1; else 0 */
	/*
	 * The lines of this node's entry, in gprof's order: arcs are
	 * indexes into gp_graph.arcs, members node positions.  Not in the
	 * stream: derived from the ranks.
	 */
	size_t		*parents;	/* arcs to this node */
	size_t		 nparents;
	size_t		*children;	/* arcs from this node */
	size_t		 nchildren;
	size_t		*members;	/* a cycle: its members */
	size_t		 nmembers;
};

struct gp_carc {			/* a "carc" record */
	size_t		 parent;	/* node positions (index - 1) */
	size_t		 child;
	uint64_t	 count;
	double		 time;		/* arc->time (times the parent's fract) */
	double		 child_time;	/* arc->child_time */
	size_t		 inparent;	/* place among the parent's children */
	size_t		 inchild;	/* place among the child's parents */
};

struct gp_graph {
	int		 callgraph;	/* the profile had call-graph data */
	double		 print_time;	/* gprof's print_time */
	unsigned	 ncycles;
	struct gp_node	*nodes;		/* index order */
	size_t		 nnodes;	/* nsyms + ncycles */
	size_t		*bysym;		/* symbol id -> node position */
	size_t		*cycles;	/* cycle number - 1 -> node position */
	struct gp_carc	*arcs;		/* by parent position, then inparent */
	size_t		 narcs;
	size_t		*lists;		/* storage of the nodes' lists */
	long		 lineno;	/* of the graph record, 0 if made */
	/* loading */
	char		*src;		/* the stream's name */
	size_t		 nloaded;	/* node records so far */
	size_t		 aloaded;	/* carc records so far */
	long		*nodeline;	/* line of each node record */
	long		*arcline;	/* line of each carc record */
	size_t		 ncap;		/* room in nodes, nodeline */
	size_t		 acap;		/* room in arcs, arcline */
	size_t		 cyccap;	/* room in cycles */
};

struct gp_opts {
	const struct gp_specs *specs;	/* the command line's, or NULL */
	/*
	 * A stage's writer, or NULL.  Given, the layers gp_analyse() makes
	 * are written to it, the credit layer first, the graph layer as
	 * it is made, and not kept whole: its
	 * arcs are not in the model (arcs NULL, the nodes' lists empty),
	 * and the raw layer's arcs are freed once tallied (gp-arcs, which
	 * has copied them through: a large graph's memory).
	 */
	struct gp_writer *emit;
};

/*
 * Make what is missing: the credit layer if p->credit is NULL or the
 * specs have FLAT tables, the graph layer if p->graph is NULL, the credit
 * layer was made, or the specs have TIME, GRAPH or ARCS tables.  Checks
 * the layers it did not make.  Returns the GP_L_* layers it made.
 * Exits 1 with a message if a layer it needs is missing or bad.
 */
unsigned gp_analyse(struct gp_prof *, const struct gp_opts *);

/* The graph layer from the raw, symbol and credit layers. */
void	gp_graph_make(struct gp_prof *, const struct gp_specs *);
void	gp_graph_emit(const struct gp_prof *, struct gp_writer *);
void	gp_graph_free(struct gp_graph *);
/* Check a loaded graph layer against the symbol layer; link its lists. */
void	gp_graph_check(struct gp_prof *);

#endif /* GP_GRAPH_H */
