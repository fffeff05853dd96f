/*
 * The graph analysis's own state, shared by the files that make the graph
 * layer (graph.c, cycles.c, propagate.c, printorder.c, graphrec.c) and by
 * no one else: gprof's nodes and arcs as arrays, and the steps of
 * gp_graph_make() in the order it calls them.
 */
#ifndef GP_ANALYSIS_GRAPHAN_H
#define GP_ANALYSIS_GRAPHAN_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/graph.h"
#include "analysis/measured.h"
#include "sym/symspec.h"
#include "sym/symtab.h"

#define NONE		((size_t)-1)
#define DFN_NAN		0
#define DFN_BUSY	(-1)

struct anode {
	uint64_t	 ncalls;
	uint64_t	 selfc;
	double		 time;
	double		 ctime;
	double		 fract;
	double		 pself;
	double		 pchild;
	long		 top;		/* top_order */
	unsigned	 cyc;		/* cyc.num */
	int		 print;
	uint64_t	 spontc;	/* of ncalls, from code not instrumented */
	size_t		 head;		/* cyc.head */
	size_t		 next;		/* cyc.next */
};

/*
 * Node and arc numbers are 32 bits (gp_graph_make refuses more), so that
 * a large graph's arrays stay small: an arc 16 bytes while the arcs are
 * tallied (the raw arcs still held), its times 16 more made after, a
 * list entry 8.
 */
struct aarc {
	union {
		uint32_t parent;
		uint32_t inchild;	/* once an_rank_parents() has run */
	};
	uint32_t	 child;
	uint64_t	 count;
};

struct atime {
	double		 time;
	double		 ctime;
};

/*
 * gprof's lists of a symbol's arcs, newest arc first, as arrays: the arcs
 * from symbol s are slots beg[s] to beg[s + 1] of the "kids" lists, the
 * arcs to it those of the "pars" lists.
 */
struct adj {
	size_t		*beg;
	uint32_t	*arc;		/* the arc: its other end is in g->a */
};

/* What gprof's cmp_arc looks at, for sorting a node's arcs. */
struct rk {
	double		 t;		/* time + child_time */
	uint64_t	 count;
	uint32_t	 arc;		/* its index: the older, the lower */
	int		 cls;		/* 0 self, 1 within a cycle, 2 other */
};

struct an {
	const struct gp_symtab *st;
	struct gp_tables *tb;
	struct anode	*n;
	size_t		 nsyms;
	size_t		 nn;		/* nsyms + ncycles */
	unsigned	 ncycles;
	struct aarc	*a;
	struct atime	*at;		/* each arc's times */
	size_t		 na;
	size_t		 acap;
	uint32_t	*hash;		/* arcs by (parent, child), once needed */
	size_t		 hcap;		/* 2^hbits slots */
	int		 hbits;
	/*
	 * Arcs are tallied in runs of one parent, as gmon-cat sorts them:
	 * last[c] - 1 is the newest arc to c, run[s] says s had a run.
	 * A parent that comes back makes the hash table.
	 */
	uint32_t	*last;
	unsigned char	*run;
	size_t		 runp;		/* the current run's parent; NONE */
	size_t		 hint;		/* arcs to come, at most */
	double		 print_time;
	struct adj	 kids;
	struct adj	 pars;
};

typedef int cmpfn(size_t, size_t, const void *);

/* arctab.c: gprof's qsort, glibc's merge sort (stream/sort.c), of v[0..n). */
void	an_msort(size_t *v, size_t n, cmpfn *cmp, const void *ctx);

/*
 * arctab.c: room for n arcs (a hint: the raw arcs), or the arcs kept in
 * room (roomsize bytes, the caller's no more); gprof's arc_add; the
 * arc from parent to child, or NONE (the hash table made the first
 * time); the tally's tables freed.
 */
void	an_arc_begin(struct an *, size_t n, void *room, size_t roomsize);
void	an_arc_add(struct an *, size_t parent, size_t child, uint64_t count);
size_t	an_arc_lookup(struct an *, size_t parent, size_t child);
void	an_arc_end(struct an *);

/* The specs' tables by symbol (arctab.c). */
int	an_tpass(const struct an *, enum gp_table, size_t s);
int	an_thas(const struct an *, enum gp_table, size_t s);

/* cycles.c: gprof's depth-first numbering (cg_dfn) and cycle_link. */
void	an_dfn(struct an *);
void	an_cycle_link(struct an *);

/*
 * propagate.c: gprof's propagate_flags, cycle_time and propagate_time,
 * and the measured times that replace the propagated estimates.
 */
void	an_propagate_flags(struct an *, const size_t *ts);
void	an_cycle_time(struct an *);
void	an_propagate_time(struct an *, size_t parent);
void	an_measured_time(struct an *, const struct gp_meas *, double hz);

/* printorder.c: the orders gprof prints nodes, members and arcs in. */
int	an_cmp_total(size_t, size_t, const void *);
int	an_cmp_member_desc(size_t, size_t, const void *);
size_t	an_rank_most(const struct an *, const struct adj *);
size_t	an_rank_node(const struct an *, const struct adj *, size_t k, int desc,
	    struct rk *v, struct rk *tmp);
/*
 * Each arc's place among its child's parents, from 1, as gprof prints
 * them, into its inchild, over its parent: no step after it reads an
 * arc's parent (the kids lists know it).
 */
void	an_rank_parents(struct an *);

/* graphrec.c: each node's lists from the ranks; NULL, or what is wrong. */
const char *an_link_lists(struct gp_graph *, size_t *bad);

/* graphrec.c: the graph record and the node records; one carc record. */
void	an_emit_nodes(const struct gp_graph *, struct gp_writer *);
void	an_emit_carc(const struct gp_carc *, struct gp_writer *);

#endif /* GP_ANALYSIS_GRAPHAN_H */
