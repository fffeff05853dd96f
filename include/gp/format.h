/*
 * <gp/format.h>: output formats (gp-fmt -o NAME, gp-plugin(3)) and the
 * read-only view of the analysed profile they write.
 *
 * Every structure of the view begins with its size, as <gp/abi.h> says:
 * a field added after 1.0 is there if GP_HAS(p, field).  Arrays are of
 * pointers, so that the structures can grow; a plugin must not assume
 * their sizes.  Times are in the profile's unit (gp_profile.dimen,
 * seconds); samples are histogram counts, before dividing by hz.
 */
#ifndef GP_FORMAT_H
#define GP_FORMAT_H

#include <gp/abi.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Layers of the profile (gp-stream(5)): gp_profile.have, gp_format.needs. */
#define GP_HAVE_RAW	0x01		/* gmon.out contents */
#define GP_HAVE_SYM	0x02		/* symbol table */
#define GP_HAVE_CREDIT	0x04		/* histogram credited to symbols */
#define GP_HAVE_GRAPH	0x08		/* call graph, time propagated */
#define GP_HAVE_DIFF	0x10		/* gp-diff's pairs: gp_pfunc.old */
#define GP_HAVE_CTX	0x20		/* calling contexts: ctxtrees */
#define GP_HAVE_TRACE	0x40		/* call timelines: traces */
#define GP_HAVE_SITES	0x100		/* arcs' call sites with source
					   lines: gp_parc.sites */
#define GP_HAVE_MEM	0x200		/* memory profile: mems (ABI 1.2) */
#define GP_HAVE_THREADS	0x400		/* each thread's own profile:
					   threads (ABI 1.4) */

/* ------------------------------------------------------------------ */
/* The raw layer.                                                      */

struct gp_pbin {			/* a bin with samples; never grows */
	uint32_t	 i;		/* its index, below nbins */
	uint32_t	 count;
};

#define GP_PHIST_DENSEMAX	(1u << 20)

struct gp_phist {			/* one histogram */
	uint32_t	 size;
	uint32_t	 nbins;
	uint64_t	 low;		/* first address covered */
	uint64_t	 high;		/* one past the last */
	uint32_t	 rate;		/* samples per dimen */
	char		 abbrev;	/* 's' */
	const char	*dimen;		/* "seconds" */
	const struct gp_pbin *sbins;	/* the bins with samples, by index */
	size_t		 nsbins;
	const uint64_t	*bins;		/* all nbins counts; NULL above
					   GP_PHIST_DENSEMAX bins */
};

struct gp_prawarc {			/* one arc as recorded */
	uint32_t	 size;
	uint64_t	 from;		/* call site */
	uint64_t	 self;		/* callee */
	uint64_t	 count;
};

/* ------------------------------------------------------------------ */
/* Functions and the call graph.                                       */

struct gp_parc;
struct gp_pold;

/* gp_pfunc.symflags: the sym record's flags, gp-stream(5). */
#define GP_PSYM_FUNC	0x01		/* 'f': a function, not data */
#define GP_PSYM_STATIC	0x02		/* 's': local */
#define GP_PSYM_GLOBAL	0x04		/* 'g' */
#define GP_PSYM_WEAK	0x08		/* 'w' */

/* A function of the profile, or a cycle as a whole (iscycle). */
struct gp_pfunc {
	uint32_t	 size;
	unsigned	 symflags;	/* GP_PSYM_* of its symbol; 0 for a
					   cycle */
	const char	*name;		/* as printed (demangled); a cycle:
					   "<cycle N as a whole>" */
	const char	*symname;	/* in the executable; NULL: a cycle */
	const char	*file;		/* source file, or NULL */
	int		 line;		/* 0 if unknown */
	uint64_t	 addr;		/* first address; 0 for a cycle */
	uint64_t	 end;		/* last address covered */

	/* Its place in the call graph. */
	int		 index;		/* gprof's [index]; 0: not in it */
	int		 printed;	/* the call graph prints its entry:
					   gprof's -e/-E/-f/-F narrow it */
	int		 cycle;		/* number of its cycle, 0 if none */
	int		 iscycle;	/* this entry is cycle `cycle' */
	const struct gp_pfunc *cyc;	/* the cycle's entry, or NULL */
	const struct gp_pfunc *const *members;	/* a cycle's members */
	size_t		 nmembers;

	uint64_t	 calls;		/* calls from other functions */
	uint64_t	 selfcalls;	/* recursive calls from itself */
	double		 samples;	/* self samples */
	double		 self;		/* self time (the flat profile's) */
	double		 propself;	/* self time in the call graph: less
					   than self under gprof -E/-F */
	double		 child;		/* time propagated from descendants,
					   as the call graph shows it */
	const struct gp_parc *const *callers;	/* arcs into it */
	size_t		 ncallers;
	const struct gp_parc *const *callees;	/* arcs out of it */
	size_t		 ncallees;

	const struct gp_pold *old;	/* GP_HAVE_DIFF: the same function in
					   the old profile, else NULL */
};

struct gp_pold {			/* a function in gp-diff's old profile */
	uint32_t	 size;
	int		 present;	/* 0: the new profile adds it */
	uint64_t	 calls;		/* recursive calls included */
	double		 self;		/* seconds */
	double		 total;		/* seconds, its children's included */
	uint64_t	 newcalls;	/* the new profile's, the same way */
	double		 newself;	/* (scaled as gp-diff -n says) */
	double		 newtotal;
};

/* A call site of an arc, as gmon.out records it (GP_HAVE_SITES). */
struct gp_psite {
	uint32_t	 size;
	int		 line;		/* its line, 0 if unknown */
	const char	*file;		/* the call's source file, or NULL */
	uint64_t	 ret;		/* the return address: gmon.out's
					   "from", link-time */
	uint64_t	 count;		/* calls from it */
};

/*
 * A call-graph arc.  self and child are the parts of the callee's self
 * and child time that gprof propagates to the caller along this arc
 * (measured by the runtime, when gp_profile.measured).  Arcs into a
 * cycle's member from outside it are also listed on the cycle's entry;
 * arcs between members of one cycle propagate nothing.
 */
struct gp_parc {
	uint32_t	 size;
	const struct gp_pfunc *caller;
	const struct gp_pfunc *callee;
	uint64_t	 count;
	double		 self;
	double		 child;
	/* GP_HAVE_SITES: the recorded arcs this one sums, by return
	   address; none for the runtime's measured arcs. */
	const struct gp_psite *const *sites;
	size_t		 nsites;
};

/* ------------------------------------------------------------------ */
/* The runtime layer.                                                  */

/*
 * Calling contexts (GP_HAVE_CTX): what the runtime measured along each
 * distinct path of calls ("ctx" records, gp-stream(5)), one tree per
 * thread of each run, or one for all when threads are merged (gp-fmt
 * --merge-threads).  A node's incl is its self plus its children's incl;
 * the roots' incl add up to the tree's total.  Recursion is folded: a
 * function already on a path has no node below itself.
 */
struct gp_pctx {
	uint32_t	 size;
	unsigned	 depth;		/* 0 for a root */
	const struct gp_pctx *parent;	/* NULL: a root */
	const struct gp_pctx *const *children;	/* by incl, largest first */
	size_t		 nchildren;
	const struct gp_pfunc *func;	/* NULL: not among gp_profile.funcs
					   (or truncated); see name */
	const char	*name;		/* always set: func's name, else the
					   symbol's, else "OBJ+0xADDR";
					   "(truncated)" */
	const char	*obj;		/* the function's object file, or
					   NULL (the executable, unknown) */
	uint64_t	 addr;		/* its address, link-time in obj */
	uint64_t	 site;		/* the call site in the parent's
					   function, link-time; 0: unknown */
	int		 hascount;	/* count is known (not sampled) */
	int		 truncated;	/* holds the paths below parent that
					   got no node of their own */
	uint64_t	 count;		/* calls along this path */
	double		 self;		/* seconds in the function itself */
	double		 incl;		/* seconds in it and below it */
};

struct gp_pctxtree {			/* one thread's tree */
	uint32_t	 size;
	uint64_t	 pid;		/* the process; 0 when merged */
	uint64_t	 thread;	/* its slot, from 1; 0: merged */
	uint64_t	 tid;		/* the kernel's thread ID, or 0 */
	const char	*name;		/* the thread's name, or NULL */
	double		 total;		/* the roots' incl summed */
	const struct gp_pctx *const *nodes;	/* parents before children */
	size_t		 nnodes;
	const struct gp_pctx *const *roots;	/* by incl, largest first */
	size_t		 nroots;
};

/*
 * Call timelines (GP_HAVE_TRACE): the enter and leave events the trace
 * collector kept for each thread ("trace" and "tev" records,
 * gp-stream(5)), in the order they happened.  A ring that lost its oldest
 * events starts inside calls: leaves come before any enter of theirs.
 * A killed program leaves calls open at the end.  The calls open through
 * the whole timeline come first, as enters marked open, at the times
 * they were entered.
 */
#define GP_EV_ENTER	1		/* as in <gp/companion.h> */
#define GP_EV_LEAVE	2

struct gp_pevent {
	uint32_t	 size;
	int		 kind;		/* GP_EV_ENTER, GP_EV_LEAVE */
	unsigned	 depth;		/* calls open after an enter, before
					   a leave: 1 for an outermost call */
	double		 time;		/* seconds since the process started */
	const struct gp_pfunc *func;	/* as gp_pctx.func */
	const char	*name;		/* as gp_pctx.name */
	uint64_t	 addr;		/* the function, link-time */
	uint64_t	 site;		/* an enter's call site; 0: unknown */
	int		 open;		/* an enter before the timeline's
					   first event (lost, or made before
					   the collector), of a call still
					   open after its last; these come
					   first, outermost first */
};

struct gp_ptrace {			/* one thread's timeline */
	uint32_t	 size;
	int		 first;		/* kept the first events, not the
					   last */
	uint64_t	 pid;
	uint64_t	 thread;	/* its slot, from 1 */
	uint64_t	 tid;		/* the kernel's thread ID, or 0 */
	const char	*name;		/* the thread's name, or NULL */
	uint64_t	 lost;		/* events not kept (ring full) */
	const struct gp_pevent *const *events;
	size_t		 nevents;
};

/*
 * The memory profile (GP_HAVE_MEM): what the runtime counted at each call
 * site of malloc, calloc, realloc, the memalign family and free (gprt(3)
 * run with GPRT_MEM=1; "mem" records, gp-stream(5)), one for each
 * process, thread, site and instrumented function, named as gp-fmt -M
 * names them.  ABI 1.2.
 */
struct gp_pmem {
	uint32_t	 size;
	uint64_t	 pid;
	uint64_t	 thread;	/* its slot, from 1 */
	const char	*site;		/* "NAME+0xOFF" (NAME at its start),
					   else "OBJ+0xADDR", else "0xADDR" */
	const struct gp_pfunc *sitefunc;	/* the function holding the
					   call, or NULL */
	const char	*fn;		/* the innermost instrumented function
					   running, or NULL: none known */
	const struct gp_pfunc *func;	/* its function, or NULL */
	uint64_t	 nmalloc;	/* malloc and the memalign family */
	uint64_t	 ncalloc;
	uint64_t	 nrealloc;
	uint64_t	 nfree;		/* free calls made at the site */
	uint64_t	 fails;		/* allocations that returned NULL */
	uint64_t	 badfree;	/* frees of pointers not seen made */
	uint64_t	 bytes;		/* bytes allocated there */
	uint64_t	 freedblocks;	/* of the blocks allocated there */
	uint64_t	 freedbytes;
	uint64_t	 liveblocks;	/* not freed at the end */
	uint64_t	 livebytes;
	uint64_t	 peak;		/* most livebytes at once */
};

/*
 * gp-diff's pairs as its stream has them (GP_HAVE_DIFF; "dfunc" and
 * "darc" records, gp-stream(5)), those of functions only the old profile
 * has included.  ABI 1.2.
 */
#define GP_DIFF_OLD	0x1		/* gp_pdfunc.in: the old profile has
					   it */
#define GP_DIFF_NEW	0x2		/* the new one */

struct gp_pdfunc {
	uint32_t	 size;
	const char	*name;		/* demangled */
	const char	*file;		/* a static function's source file,
					   else NULL */
	unsigned	 in;		/* GP_DIFF_* */
	uint64_t	 oldcalls;	/* recursive calls included */
	uint64_t	 newcalls;
	double		 oldself;	/* seconds */
	double		 newself;
	double		 oldtotal;	/* its children's included */
	double		 newtotal;
};

struct gp_pdarc {
	uint32_t	 size;
	const char	*parent;	/* by name, as gp_pdfunc.name */
	const char	*child;
	uint64_t	 oldcalls;	/* 0 where a profile lacks it */
	uint64_t	 newcalls;
	double		 oldtime;	/* seconds the child and its children
					   spent for the parent */
	double		 newtime;
};

/*
 * One thread's own profile (GP_HAVE_THREADS; ABI 1.4): the profile
 * gp-fmt -u N gives, N the thread's number, the slot of its "thread"
 * records (gp-stream(5)), the same number in every process of the
 * stream.  Its layers are the whole profile's from raw to graph (the
 * credit and graph layers made from that thread's records alone, as
 * gprof would report them), with call sites when the format needs them;
 * it has no calling contexts, timelines, memory profile or gp-diff pairs
 * (the whole profile's are already each thread's: their thread fields)
 * and no threads of its own.  Its functions are its own structures:
 * match them to the whole profile's by addr and symname (a cycle's
 * number and members may differ from thread to thread).
 */
struct gp_pthread {
	uint32_t	 size;
	uint64_t	 thread;	/* its number, from 1 */
	uint64_t	 tid;		/* the kernel's thread ID, in the first
					   process that has the thread, or 0 */
	const char	*name;		/* its name, the first process's that
					   names it, or NULL */
	size_t		 nprocs;	/* processes with a thread of that
					   number */
	const struct gp_profile *profile;	/* its own */
};

/* ------------------------------------------------------------------ */
/* The profile.                                                        */

struct gp_profile {
	uint32_t	 size;
	unsigned	 have;		/* GP_HAVE_* present */

	/* Raw layer. */
	const struct gp_pfile *const *files;
	size_t		 nfiles;
	const struct gp_phist *const *hists;
	size_t		 nhists;
	const struct gp_prawarc *const *rawarcs;
	size_t		 nrawarcs;

	/* Symbol layer. */
	const char	*exe;		/* executable, or NULL */

	/* Credit layer. */
	double		 hz;		/* samples per unit */
	const char	*dimen;		/* the unit: "seconds" */
	char		 abbrev;
	double		 totalsamples;	/* all samples credited */
	double		 total;		/* totalsamples / hz */

	/* Graph layer. */
	double		 printtime;	/* base of the call graph's %time */
	size_t		 ncycles;
	int		 measured;	/* the runtime measured the arcs'
					   times (gprt(3)): gp_parc self
					   and child are measured, not
					   propagated */
	int		 narrowed;	/* symspecs (-e/-E/-f/-F) leave some
					   function with time or calls
					   unprinted: pictures show the
					   printed ones (gp_pfunc.printed) */

	/*
	 * Functions: with a graph, its entries in index order (cycles
	 * included) and then the other functions with time; without one,
	 * the functions with time, by address.
	 */
	const struct gp_pfunc *const *funcs;
	size_t		 nfuncs;
	const struct gp_parc *const *arcs;	/* every arc, by caller */
	size_t		 narcs;

	/* Diff layer (GP_HAVE_DIFF). */
	const char	*oldname;	/* the old stream gp-diff compared */
	double		 oldtotal;	/* its total seconds */

	/* Calling contexts (GP_HAVE_CTX). */
	const struct gp_pctxtree *const *ctxtrees;	/* by process and
							   thread */
	size_t		 nctxtrees;
	double		 ctxtotal;	/* the trees' totals summed */

	/* Call timelines (GP_HAVE_TRACE). */
	const struct gp_ptrace *const *traces;	/* by process, thread */
	size_t		 ntraces;

	/* Memory profile (GP_HAVE_MEM; ABI 1.2). */
	const struct gp_pmem *const *mems;	/* in stream order */
	size_t		 nmems;
	size_t		 memsums;	/* processes that wrote their totals:
					   then memlive and mempeak */
	uint64_t	 memlive;	/* bytes in use at the end, summed */
	uint64_t	 mempeak;	/* most in use at once, largest of
					   the processes' */

	/* gp-diff's pairs (GP_HAVE_DIFF; ABI 1.2). */
	const char	*newname;	/* the new stream gp-diff compared */
	double		 newtotal;	/* its total seconds */
	int		 normalised;	/* new times scaled to oldtotal */
	const struct gp_pdfunc *const *dfuncs;
	size_t		 ndfuncs;
	const struct gp_pdarc *const *darcs;
	size_t		 ndarcs;

	/*
	 * Each thread's own profile (GP_HAVE_THREADS; ABI 1.4), by number,
	 * when the format's needs ask for it and the stream has threads
	 * with records of their own (gprt(3)'s, gmon-cat -t).  With
	 * gp-fmt -u, the threads chosen.
	 */
	const struct gp_pthread *const *threads;
	size_t		 nthreads;
};

/* ------------------------------------------------------------------ */
/* The output format.                                                  */

/*
 * gp-fmt -o NAME[,KEY=VALUE...] checks the options against `options',
 * reads the layers the format needs, makes the missing ones as gprof
 * would, and calls write() once with the profile and the output.
 * write() returns 0, or -1 after an error().
 */
struct gp_format {
	uint32_t	 size;		/* sizeof(struct gp_format) */
	unsigned	 needs;		/* GP_HAVE_* the host must provide */
	int		 binary;	/* output is not text */
	const struct gp_option *options;	/* ends with a NULL key */
	int	(*write)(struct gp_ctx *, const struct gp_profile *, FILE *out);
};

/* The services of output formats (gp_host.format). */
struct gp_format_host {
	uint32_t	 size;
	/*
	 * In write(): write the raw layer as a gmon.out file with the
	 * layout (GP_LAYOUT_*, 0: as read), address width (32, 64, 0: as
	 * read) and byte order (0 little, 1 big, -1 as read).  Several
	 * input files are summed.  Returns 0, or -1 after an error().
	 */
	int	(*gmon_write)(struct gp_ctx *, FILE *, int layout, int width,
		    int bigendian);
};

#ifdef __cplusplus
}
#endif

#endif /* GP_FORMAT_H */
