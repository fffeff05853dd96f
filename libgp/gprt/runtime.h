/*
 * The runtime layer: what the gprt(3) runtime measured, as gmon-cat(1)
 * reads it from a gmon.out.gprt companion file ("gprt", "map", "thread",
 * "marc", "mem", "memsum", "ctx", "trace" and "tev" records, gp-stream(5)).
 *
 * A stream may hold several companion files: each "gprt" record starts a
 * group, and the map ids of the records after it are that group's.
 *
 * The analysis of the measurements is analysis/measured.h's.
 */
#ifndef GP_GPRT_RUNTIME_H
#define GP_GPRT_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#include <gp/companion.h>
#include "stream/stream.h"


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

/*
 * A tev record's kind beyond GP_EV_ENTER and GP_EV_LEAVE: a call open
 * through the whole timeline (entered before its first event, not left
 * after its last), first in its trace.
 */
#define GP_RTEV_OPEN	3

struct gp_rttev {			/* a "tev" record */
	uint64_t	 seq;
	int		 kind;		/* GP_EV_* of <gp/plugin.h>, or
					   GP_RTEV_OPEN */
	uint64_t	 ticks;
	double		 time;
	uint64_t	 depth;
	struct gp_rtaddr fn;
	struct gp_rtaddr site;		/* obj -2 for a leave */
};


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
	const struct gp_symtab *bound;	/* the table symobj refers to */
};

/* Loader (analysis/profile.h) and emitter of the runtime layer. */
int	gp_rt_load(struct gp_rt **, const struct gp_rec *);
void	gp_rt_emit(struct gp_writer *, const struct gp_rt *);
void	gp_rt_free(struct gp_rt *);
/* A "mem" record's counters, nmalloc to peak (compemit.c writes them too). */
void	gp_rt_wmem(struct gp_writer *, const struct gprt_mem *);

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
 * Did another profiler name the measured functions (a group's clock is
 * an input format's: cpu-clock, task-clock or event:NAME, perf's and
 * Callgrind's), rather than the gprt(3) runtime take their addresses?
 */
int		 gp_rt_named(const struct gp_rt *);

/*
 * Did the gprt(3) runtime's hooks measure group g (its clock is not an
 * input format's): each callee was entered through a hook, so a function
 * that is never a callee ran without hooks.
 */
int		 gp_rt_hooked(const struct gp_rt *, size_t g);

/* Does any group of the layer come from the gprt(3) runtime's hooks? */
int		 gp_rt_anyhooked(const struct gp_rt *);

#endif /* GP_GPRT_RUNTIME_H */
