/*
 * The runtime layer: what the gprt(3) runtime measured, as gmon-cat(1)
 * reads it from a gmon.out.gprt companion file ("gprt", "map", "thread",
 * "marc", "mem", "memsum" and "ctx" records, gp-stream(5)); and the analysis
 * that puts those measurements where gprof puts its estimates.
 *
 * A stream may hold several companion files: each "gprt" record starts a
 * group, and the map ids of the records after it are that group's.
 *
 * Measured analysis (measured.c): when the stream has measured call arcs,
 *  - the credit layer (gp_credit_make) credits each function with its
 *    measured self time instead of the histogram's samples;
 *  - the graph layer (gp_graph_make) tallies the measured arcs, all
 *    objects' functions included, and takes the children times of nodes
 *    and arcs from the measured inclusive times instead of propagating
 *    estimates; cycles are found and numbered as gprof finds them.
 * Times stay in the credit layer's units (seconds times hz), so the
 * printers print them as gprof prints its own.
 */
#ifndef GP_MEASURED_H
#define GP_MEASURED_H

#include <stddef.h>
#include <stdint.h>

#include <gp/companion.h>
#include "analysis/profile.h"

struct gp_credit;

struct gp_rtaddr {			/* an address, as two fields */
	int64_t		 obj;		/* map id; -1: in no object */
	uint64_t	 addr;		/* link-time in obj, else run-time */
};

struct gp_rtobj {			/* a "map" record */
	uint64_t	 bias;
	uint64_t	 low;
	uint64_t	 textlow;
	uint64_t	 texthigh;
	char		*path;
	size_t		 symobj;	/* its object in the symbol layer,
					   (size_t)-1 if none; set by
					   gp_rt_sym() */
};

struct gp_rtthread {			/* a "thread" record */
	uint64_t	 slot;
	uint64_t	 tid;
	uint64_t	 nthreads;
	char		*state;
	char		*name;
	uint64_t	 calls;
	uint64_t	 ticks;
	double		 time;
	uint64_t	 open;
};

struct gp_rtgroup {			/* a "gprt" record and what follows */
	char		*path;
	uint64_t	 pid;
	uint64_t	 ppid;
	int		 exited;	/* state: exited, else unfinished */
	char		*clock;
	double		 rate;		/* ticks per second */
	uint64_t	 nthreads;
	struct gp_rtobj	*objs;		/* by map id */
	size_t		 nobjs;
	struct gp_rtthread *threads;
	size_t		 nthr;
	int		 hasmemsum;
	uint64_t	 livebytes;	/* "memsum" */
	uint64_t	 peak;
	long		 lineno;
};

struct gp_rtarc {			/* a "marc" record */
	size_t		 group;
	uint64_t	 thread;
	struct gp_rtaddr from;
	struct gp_rtaddr self;
	uint64_t	 count;
	int		 counted;	/* 0: count empty, not counted */
	uint64_t	 selfticks;
	uint64_t	 inclticks;
	double		 selftime;
	double		 incltime;
};

struct gp_rtmem {			/* a "mem" record */
	size_t		 group;
	uint64_t	 thread;
	struct gp_rtaddr site;
	struct gp_rtaddr fn;		/* fn.obj -2: no function known */
	struct gprt_mem	 m;		/* the counters; site, fn unused */
};

/*
 * A "ctx" record: a node of a calling-context tree.  The loader checks
 * what gp-stream(5) promises, so that readers need not: ids increase in
 * each tree (a group's thread), a parent is a node read before in the
 * same tree, the inclusive time is at least the self time and covers
 * the children's.
 */
struct gp_rtctx {
	size_t		 group;
	uint64_t	 thread;	/* 0: the group's threads merged */
	uint64_t	 id;
	uint64_t	 parentid;	/* 0: a root */
	size_t		 parent;	/* its index in gp_rt.ctxs, or
					   (size_t)-1 for a root */
	struct gp_rtaddr fn;		/* obj -2: none (truncated) */
	struct gp_rtaddr site;		/* obj -2: not known */
	int		 hascount;	/* count given */
	int		 truncated;	/* mark "truncated" */
	uint64_t	 count;
	uint64_t	 selfticks;
	uint64_t	 inclticks;
	double		 selftime;
	double		 incltime;
	uint64_t	 left;		/* inclticks less self and the
					   children's read so far */
};

struct gp_rtctree {			/* one tree: a group's thread */
	size_t		 group;
	uint64_t	 thread;
	size_t		*nodes;		/* into gp_rt.ctxs, by id */
	size_t		 n;
	size_t		 cap;
};

struct gp_rttrace {			/* a "trace" record */
	size_t		 group;
	uint64_t	 thread;
	uint64_t	 events;	/* announced */
	uint64_t	 lost;
	int		 first;		/* keep first, not last */
	size_t		 ev;		/* its first in gp_rt.tevs */
	size_t		 n;		/* tev records read */
};

struct gp_rttev {			/* a "tev" record */
	uint64_t	 seq;
	int		 kind;		/* GP_EV_* of <gp/plugin.h> */
	uint64_t	 ticks;
	double		 time;
	uint64_t	 depth;
	struct gp_rtaddr fn;
	struct gp_rtaddr site;		/* obj -2 for a leave */
};

struct gp_meas;

struct gp_rt {
	struct gp_rtgroup *groups;
	size_t		 ngroups;
	struct gp_rtarc	*arcs;
	size_t		 narcs;
	size_t		 acap;
	struct gp_rtmem	*mems;
	size_t		 nmems;
	size_t		 mcap;
	struct gp_rtctx	*ctxs;		/* in stream order */
	size_t		 nctxs;
	size_t		 ccap;
	struct gp_rtctree *ctrees;	/* in order of their first node */
	size_t		 nctrees;
	size_t		*thash;		/* (group, thread) -> tree */
	size_t		 thcap;
	struct gp_rttrace *traces;	/* in stream order */
	size_t		 ntraces;
	struct gp_rttev	*tevs;		/* the traces' events, in order */
	size_t		 ntevs;
	size_t		 tcap;
	struct gp_meas	*meas;		/* gp_meas_get()'s, cached */
	const struct gp_symtab *bound;	/* the table symobj refers to */
};

/* Loader (prof.h) and emitter of the runtime layer. */
int	gp_rt_load(struct gp_prof *, const struct gp_rec *);
void	gp_rt_emit(struct gp_writer *, const struct gp_rt *);
void	gp_rt_free(struct gp_rt *);

/*
 * The symbol id of address a of group g in the symbol layer, or GP_NOSYM
 * (graph.h).  func: back up to a function symbol, as a callee is.
 */
size_t	gp_rt_sym(const struct gp_prof *, size_t group,
	    const struct gp_rtaddr *a, int func);

/* Measured calls between two functions, summed over call sites. */
struct gp_marc {
	size_t		 parent;	/* symbol ids */
	size_t		 child;
	uint64_t	 count;
	double		 self;		/* seconds in the callee itself */
	double		 incl;		/* seconds in it and its callees,
					   outermost activations only */
	size_t		 group;		/* while summed: its group, */
	uint64_t	 selfticks;	/* and the ticks of self and incl */
	uint64_t	 inclticks;
};

struct gp_meas {
	size_t		 nsyms;		/* GP_NSYMS of the symbol layer */
	double		*self;		/* by symbol: seconds in itself */
	double		*incl;		/* by symbol: its calls' inclusive */
	double		*spont;		/* the part from unknown call sites */
	uint64_t	*spontc;	/* calls from unknown call sites */
	struct gp_marc	*arcs;		/* known call sites, by parent, child */
	size_t		 narcs;
	double		 total;		/* self time of every marc record */
	double		 lost;		/* that of callees in no symbol */
	uint64_t	 nlost;		/* how many such marc records */
};

/*
 * The measurements resolved to the symbol layer; NULL if the stream has
 * no measured call arcs (then gprof's estimates stand).
 */
const struct gp_meas *gp_meas_get(struct gp_prof *);

/*
 * The event the runtime layer counts when its clocks count events, not
 * time ("event:NAME", a Callgrind file's Ir say: gp-stream(5)), the same
 * in every group; else NULL.
 */
const char	*gp_rt_event(const struct gp_rt *);

/*
 * Does any measured arc count its calls?  Sampled stacks (perf) do not:
 * their counts are empty, and the reports must not print them as zeros.
 */
int		 gp_rt_counted(const struct gp_rt *);

/*
 * The credit layer from the measurements: each symbol's self time in
 * seconds times c->hz (100 if not set), the FLAT tables applied as gprof
 * applies them; for event counts (gp_rt_event), the counts, with hz 1 and
 * the event's name as the unit.  Returns 0 (c untouched) without measurements.
 */
int	gp_meas_credit(struct gp_prof *, struct gp_credit *c);

#endif /* GP_MEASURED_H */
