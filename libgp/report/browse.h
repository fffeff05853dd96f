/*
 * The profile as a terminal browser shows it (gp-view(1), gp-top(1)): a
 * table of functions, sorted and filtered, each with its callers and
 * callees, and the text of every line, so that the screen and the batch
 * output are the same bytes.  The commands draw; this is the model.
 *
 * Made from an analysed profile (gp_analyse(): the numbers are gp-fmt's
 * flat profile and call graph, formatted as gprof formats them), for all
 * threads or for one (the stream's per-thread marc records, gmon-cat
 * -t), or from gp-diff(1)'s diff layer, whose pairs it shows with their
 * changes.
 */
#ifndef GP_REPORT_BROWSE_H
#define GP_REPORT_BROWSE_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/profile.h"

#define GP_BR_NONE	((size_t)-1)

enum gp_brcol {				/* what the list is sorted by */
	GP_BRC_SELF,			/* self time: gprof's flat order; a
					   diff: gp-fmt's, the change first */
	GP_BRC_TOTAL,			/* self and children's time */
	GP_BRC_CALLS,			/* calls (a diff: their change) */
	GP_BRC_NAME,
	GP_BRC_N
};

/* A function (or a cycle as a whole, name "<cycle N as a whole>"). */
struct gp_brow {
	const char	*name;		/* as printed (demangled) */
	const char	*file;		/* a diff's static function: its file */
	int		 index;		/* [index] in the call graph, 0: none */
	int		 cycle;		/* its cycle's number, 0: none */
	int		 iscycle;
	int		 printed;	/* has a call-graph entry */
	int		 listed;	/* a line of the flat profile */
	uint64_t	 calls;		/* without self calls */
	uint64_t	 selfcalls;
	double		 time;		/* samples (divide by hz) */
	double		 childtime;	/* gprof's cg.child_time, samples */
	double		 propself;	/* what its entry prints, samples */
	double		 propchild;
	double		 cum;		/* the flat profile's cumulative */
	size_t		 flatpos;	/* its place in gprof's flat order */
	/* The diff layer's pair (gp_browse.diff). */
	unsigned	 in;		/* GP_D_* of analysis/diff.h */
	uint64_t	 oc, nc;	/* calls, recursive ones included */
	double		 os, ns;	/* self seconds */
	double		 oi, ni;	/* inclusive seconds */
	/* gp_browse_since(): what it did since the model before. */
	uint64_t	 dcalls;
	double		 dtime;		/* samples */
	double		 dchild;
	/* Its lines in gp_browse.links, in gprof's order. */
	size_t		 caller, ncallers;
	size_t		 callee, ncallees;
	size_t		 member, nmembers;	/* a cycle's */
};

/* A caller's, callee's or member's line of an entry. */
struct gp_blink {
	size_t		 row;		/* the other function; GP_BR_NONE:
					   <spontaneous> */
	uint64_t	 count;
	uint64_t	 of;		/* gprof's "/total": the calls of the
					   callee's cycle or itself */
	int		 inner;		/* a self call or one within a cycle:
					   the count alone */
	double		 time;		/* samples carried to the caller */
	double		 childtime;
	uint64_t	 oc, nc;	/* a diff's arc: calls, seconds */
	double		 ot, nt;
};

struct gp_browse {
	int		 diff;		/* rows are gp-diff's pairs */
	int		 measured;	/* times measured per call (gprt(3)) */
	int		 uncounted;	/* sampled stacks: no call counts */
	double		 hz;
	char		 dimen[16];	/* "seconds", or an event's name */
	char		 abbrev;
	double		 total;		/* gprof's total_time, samples; 1
					   when none, as gp-fmt takes it */
	int		 notime;	/* no time accumulated */
	double		 printtime;	/* the call graph's 100%, samples */
	char		 unit[24];	/* per-call columns: "ms/call" */
	double		 scale;
	uint64_t	 thread;	/* the thread shown, 0: all */
	char		*oldname, *newname;	/* a diff's streams */
	double		 ototal, ntotal;
	struct gp_brow	*rows;
	size_t		 nrows;
	struct gp_blink	*links;
	size_t		 nlinks;
	size_t		*list;		/* rows shown, sorted, filtered */
	size_t		 nlist;
	int		 sort;		/* enum gp_brcol */
	int		 live;		/* gp_browse_since() was called: the
					   list shows the interval first */
	double		 interval;	/* seconds since the model before */
	uint64_t	 dcalls;	/* all functions' in the interval */
	char		*filter;	/* names containing it, or NULL */
	int		 lines;		/* rows are source lines (gp-sym -l):
					   named as gprof -l names them */
	char		**linenames;	/* by row, those names */
};

/* A thread of the profile, as the runtime layer names it. */
struct gp_bthread {
	uint64_t	 slot;
	uint64_t	 tid;
	const char	*name;
	uint64_t	 calls;
};

/*
 * The model of p for thread `thread' (0: all).  p must have the symbol
 * layer, or the diff layer; the credit and graph layers are made when
 * missing.  A thread's view is made from that thread's measured arcs
 * alone, as gp-fmt makes it from a stream holding only those.
 */
struct gp_browse *gp_browse_make(struct gp_prof *p, uint64_t thread);
void	gp_browse_free(struct gp_browse *);

/*
 * The threads whose arcs the stream keeps apart (gmon-cat -t): their
 * number; *v (malloc'd) lists them by slot.  0 if the arcs are merged.
 */
size_t	gp_browse_threads(const struct gp_prof *, struct gp_bthread **v);

/*
 * A running program's model (gp-top(1)): each function's calls and times
 * since the model before (NULL: since the start), matched by name, over
 * secs seconds; the list then shows them first and sorts by them.
 */
void	gp_browse_since(struct gp_browse *, const struct gp_browse *before,
	    double secs);

/* Sort the list by column col; narrow it to names containing s (NULL:
   all).  Both keep the other's choice. */
void	gp_browse_sort(struct gp_browse *, int col);
void	gp_browse_filter(struct gp_browse *, const char *s);
const char *gp_browse_colname(const struct gp_browse *, int col);

/* The row of the function named name (the first listed), or GP_BR_NONE. */
size_t	gp_browse_find(const struct gp_browse *, const char *name);

/*
 * Text, without a newline, into buf of size n (truncated there): the
 * list's two header lines (i 0, 1) and the line of a row, whose columns
 * are gp-fmt's (its flat profile's, or for a diff its comparison's).
 */
void	gp_browse_head(const struct gp_browse *, int i, char *buf, size_t n);
void	gp_browse_line(const struct gp_browse *, size_t row, char *buf,
	    size_t n);

/*
 * A row's call-graph entry as gp-fmt prints it: its lines in order
 * (callers, the function's own line, callees; a cycle's line and its
 * members).  The number of lines; for line i, its text and the row it
 * leads to (GP_BR_NONE: none), with gp_browse_entryline().  self: the
 * index of the function's own line.
 */
size_t	gp_browse_entrylen(const struct gp_browse *, size_t row,
	    size_t *self);
size_t	gp_browse_entryline(const struct gp_browse *, size_t row, size_t i,
	    char *buf, size_t n);
void	gp_browse_entryhead(const struct gp_browse *, char *buf, size_t n);

/* A summary line: the profile's total, its unit, the thread shown. */
void	gp_browse_summary(const struct gp_browse *, char *buf, size_t n);

#endif /* GP_REPORT_BROWSE_H */
