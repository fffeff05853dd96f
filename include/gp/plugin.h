/*
 * <gp/plugin.h>: the plugin ABI of gptools (gp-plugin(3)).
 *
 * A plugin is a shared object that exports one data symbol, the
 * descriptor
 *
 *	const struct gp_plugin gp_plugin;
 *
 * written with GP_PLUGIN_DESCRIPTOR and GP_PLUGIN_HEADER below.  The host
 * (gp-fmt, gmon-cat, the profiling runtime) loads it with dlopen, reads
 * the descriptor's magic number and ABI version before it calls anything,
 * refuses a plugin built for another ABI, then calls init().  The host
 * never unloads a plugin.
 *
 * A plugin sees only this header: an opaque context (struct gp_ctx), a
 * table of host services (struct gp_host) and, for output formats, a
 * read-only view of the analysed profile (struct gp_profile).
 *
 * Versioning: GP_PLUGIN_ABI_MAJOR changes when anything a built plugin
 * relies on changes (a field moves, a hook changes type); the host then
 * refuses plugins of the other major.  GP_PLUGIN_ABI_MINOR changes when
 * something is added at the end of a structure; the host accepts a plugin
 * whose minor is at most its own.  Every change is logged in
 * share/examples/plugin/ABI-CHANGES.
 */
#ifndef GP_PLUGIN_API_H
#define GP_PLUGIN_API_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GP_PLUGIN_ABI_MAJOR	1
#define GP_PLUGIN_ABI_MINOR	5
#define GP_PLUGIN_MAGIC		0x67706c67u	/* "gplg" */
#define GP_PLUGIN_SYMBOL	"gp_plugin"

struct gp_ctx;				/* opaque: one per plugin and call */
struct gp_host;
struct gp_profile;

/* ------------------------------------------------------------------ */
/* The read-only profile that output formats get.                     */

/* Layers of the profile (gp-stream(5)); gp_profile.have, gp_format.needs. */
#define GP_HAVE_RAW	0x01		/* gmon.out contents */
#define GP_HAVE_SYM	0x02		/* symbol table */
#define GP_HAVE_CREDIT	0x04		/* histogram credited to symbols */
#define GP_HAVE_GRAPH	0x08		/* call graph, time propagated */
#define GP_HAVE_DIFF	0x10		/* gp-diff's: pfunc.old (ABI 1.2) */
#define GP_HAVE_CTX	0x20		/* calling contexts: ctxtrees (1.3) */
#define GP_HAVE_TRACE	0x40		/* call timelines: traces (1.3) */
#define GP_HAVE_SITES	0x100		/* arcs' call sites with source
					   lines: gp_parc.sites (1.5) */

/* Layouts of a gmon.out file. */
#define GP_LAYOUT_GNU		1	/* "gmon" cookie, tagged records */
#define GP_LAYOUT_BSD44		2	/* 4.4BSD header with version */
#define GP_LAYOUT_OLDBSD	3	/* 4.2BSD header, no version */

struct gp_pfile {			/* one input profile file */
	const char	*path;
	int		 layout;	/* GP_LAYOUT_* */
	int		 width;		/* address size in bits: 32 or 64 */
	int		 bigendian;
	uint32_t	 version;	/* the file's version word */
};

struct gp_pbin {			/* a bin with samples (ABI 1.1) */
	uint32_t	 i;		/* its index, below nbins */
	uint32_t	 count;
};

struct gp_phist {			/* one histogram */
	uint64_t	 low;		/* first address covered */
	uint64_t	 high;		/* one past the last */
	uint32_t	 nbins;
	uint32_t	 rate;		/* samples per dimen */
	const char	*dimen;		/* "seconds" */
	char		 abbrev;	/* 's' */
	const uint64_t	*bins;		/* nbins counts; NULL above
					   GP_PHIST_DENSEMAX bins (1.1) */
	const struct gp_pbin *sbins;	/* the bins with samples, by index */
	size_t		 nsbins;	/* (1.1) */
};
#define GP_PHIST_DENSEMAX	(1u << 20)

struct gp_prawarc {			/* one arc as recorded */
	uint64_t	 from;		/* call site */
	uint64_t	 self;		/* callee */
	uint64_t	 count;
};

struct gp_parc;

/*
 * A function of the profile, or a cycle as a whole (iscycle).  Times are
 * in the profile's unit (gp_profile.dimen, seconds); samples are the
 * histogram counts credited to the function, before dividing by hz.
 */
struct gp_pfunc {
	const char	*name;		/* as printed (demangled); a cycle:
					   "<cycle N as a whole>" */
	const char	*symname;	/* in the executable; NULL: a cycle */
	const char	*file;		/* source file, or NULL */
	int		 line;		/* 0 if unknown */
	uint64_t	 addr;		/* first address; 0 for a cycle */
	uint64_t	 end;		/* last address covered */
	int		 index;		/* gprof's [index]; 0: not in the graph */
	int		 cycle;		/* number of its cycle, 0 if none */
	const struct gp_pfunc *cyc;	/* the cycle's entry, or NULL */
	int		 iscycle;	/* this entry is cycle `cycle' */
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
	const struct gp_pfunc *const *members;	/* a cycle's members */
	size_t		 nmembers;
	const struct gp_pold *old;	/* GP_HAVE_DIFF: the same function in
					   the old profile, else NULL (1.2) */
	unsigned	 symflags;	/* GP_PSYM_* of its symbol; 0 for a
					   cycle (1.5) */
	int		 printed;	/* the call graph prints its entry:
					   gprof's -e/-E/-f/-F narrow it
					   (1.5) */
};

/* gp_pfunc.symflags (ABI 1.5): the sym record's flags, gp-stream(5). */
#define GP_PSYM_FUNC	0x01		/* 'f': a function, not data */
#define GP_PSYM_STATIC	0x02		/* 's': local */
#define GP_PSYM_GLOBAL	0x04		/* 'g' */
#define GP_PSYM_WEAK	0x08		/* 'w' */

struct gp_pold {			/* a function in gp-diff's old profile */
	int		 present;	/* 0: the new profile adds it */
	uint64_t	 calls;		/* recursive calls included */
	double		 self;		/* seconds */
	double		 total;		/* seconds, its children's included */
	uint64_t	 newcalls;	/* the new profile's, the same way */
	double		 newself;	/* (scaled as gp-diff -n says) */
	double		 newtotal;
};

/* A call site of an arc, as gmon.out records it (ABI 1.5). */
struct gp_psite {
	uint64_t	 ret;		/* the return address: gmon.out's
					   "from", link-time */
	uint64_t	 count;		/* calls from it */
	const char	*file;		/* the call's source file, or NULL */
	int		 line;		/* its line, 0 if unknown */
};

/*
 * A call-graph arc.  self and child are the parts of the callee's self
 * and child time that gprof propagates to the caller along this arc.
 * Arcs into a cycle's member from outside it are also listed on the
 * cycle's entry; arcs between members of one cycle propagate nothing.
 */
struct gp_parc {
	const struct gp_pfunc *caller;
	const struct gp_pfunc *callee;
	uint64_t	 count;
	double		 self;
	double		 child;
	/* GP_HAVE_SITES (1.5): the recorded arcs this one sums, by
	   return address; none for the runtime's measured arcs. */
	const struct gp_psite *const *sites;
	size_t		 nsites;
};

/*
 * Calling contexts (GP_HAVE_CTX, ABI 1.3): what the runtime measured
 * along each distinct path of calls ("ctx" records, gp-stream(5)), one
 * tree per thread of each run, or one for all when threads are merged
 * (gp-fmt --merge-threads).  A node's incl is its self plus its
 * children's incl; the roots' incl add up to the tree's total.  Recursion
 * is folded: a function already on a path has no node below itself.
 */
struct gp_pctx {
	const struct gp_pctx *parent;	/* NULL: a root */
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
	unsigned	 depth;		/* 0 for a root */
	const struct gp_pctx *const *children;	/* by incl, largest first */
	size_t		 nchildren;
};

struct gp_pctxtree {			/* one thread's tree */
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
 * Call timelines (GP_HAVE_TRACE, ABI 1.3): the enter and leave events the
 * trace collector kept for each thread ("trace" and "tev" records,
 * gp-stream(5)), in the order they happened.  A ring that lost its oldest
 * events starts inside calls: leaves come before any enter of theirs.
 * A killed program leaves calls open at the end.
 */
#define GP_EV_ENTER	1
#define GP_EV_LEAVE	2

struct gp_pevent {
	int		 kind;		/* GP_EV_ENTER, GP_EV_LEAVE */
	unsigned	 depth;		/* calls open after an enter, before
					   a leave: 1 for an outermost call */
	double		 time;		/* seconds since the process started */
	const struct gp_pfunc *func;	/* as gp_pctx.func */
	const char	*name;		/* as gp_pctx.name */
	uint64_t	 addr;		/* the function, link-time */
	uint64_t	 site;		/* an enter's call site; 0: unknown */
};

struct gp_ptrace {			/* one thread's timeline */
	uint64_t	 pid;
	uint64_t	 thread;	/* its slot, from 1 */
	uint64_t	 tid;		/* the kernel's thread ID, or 0 */
	const char	*name;		/* the thread's name, or NULL */
	uint64_t	 lost;		/* events not kept (ring full) */
	int		 first;		/* kept the first events, not the
					   last */
	const struct gp_pevent *const *events;
	size_t		 nevents;
};

struct gp_profile {
	uint32_t	 size;		/* sizeof(struct gp_profile) in the host */
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

	/*
	 * Functions: with a graph, its entries in index order (cycles
	 * included) and then the other functions with time; without one,
	 * the functions with time, by address.
	 */
	const struct gp_pfunc *const *funcs;
	size_t		 nfuncs;
	const struct gp_parc *const *arcs;	/* every arc, by caller */
	size_t		 narcs;

	/* Diff layer (GP_HAVE_DIFF, ABI 1.2). */
	const char	*oldname;	/* the old stream gp-diff compared */
	double		 oldtotal;	/* its total seconds */

	/* Calling contexts (GP_HAVE_CTX, ABI 1.3). */
	const struct gp_pctxtree *const *ctxtrees;	/* by process and
							   thread */
	size_t		 nctxtrees;
	double		 ctxtotal;	/* the trees' totals summed */

	/* Call timelines (GP_HAVE_TRACE, ABI 1.3). */
	const struct gp_ptrace *const *traces;	/* by process, thread */
	size_t		 ntraces;
	/* ABI 1.5. */
	int		 measured;	/* the runtime measured the arcs'
					   times (gprt(3)): gp_parc self
					   and child are measured, not
					   propagated */
	int		 narrowed;	/* symspecs (-e/-E/-f/-F) leave some
					   function with time or calls
					   unprinted: pictures show the
					   printed ones (gp_pfunc.printed) */
};

/*
 * Whether the host's profile has a field added after 1.0: the view is
 * as large as the host's gp_profile, smaller if the host is older.
 */
#define GP_PROFILE_HAS(p, field)					\
	((p)->size >= offsetof(struct gp_profile, field) +		\
	    sizeof((p)->field))

/* ------------------------------------------------------------------ */
/* Host services.  The table is valid for the life of the process.    */

#ifdef __GNUC__
#define GP_PRINTFLIKE(f, a)	__attribute__((__format__(__printf__, f, a)))
#else
#define GP_PRINTFLIKE(f, a)
#endif

struct gp_host {
	uint16_t	 abi_major;	/* the host's ABI */
	uint16_t	 abi_minor;
	uint32_t	 size;		/* sizeof(struct gp_host) in the host */
	const char	*progname;	/* "gp-fmt", "gmon-cat", ... */

	/*
	 * Messages, printed at once on stderr, prefixed with the program,
	 * the plugin and, while decoding, the file and byte offset.
	 * error() does not return control anywhere: the hook must then
	 * return -1, and the host exits with status 1.
	 */
	void	(*warn)(struct gp_ctx *, const char *, ...) GP_PRINTFLIKE(2, 3);
	void	(*error)(struct gp_ctx *, const char *, ...) GP_PRINTFLIKE(2, 3);

	/*
	 * Options given to an output format (gp-fmt -o NAME,KEY=VALUE,...)
	 * or an input format (gmon-cat -f NAME,KEY=VALUE,..., ABI 1.4).
	 * option() returns the value ("" for a bare KEY), or NULL if not
	 * given.  optnum() parses a number in [min, max] into *v: it
	 * returns 1, 0 if not given (*v untouched), or -1 after an error().
	 * In the profiling runtime, a collector's options are environment
	 * variables: key KEY of collector NAME is GPRT_NAME_KEY, upper-cased,
	 * '-' made '_' (ABI 1.3).
	 */
	const char *(*option)(struct gp_ctx *, const char *key);
	int	(*optnum)(struct gp_ctx *, const char *key, double min,
		    double max, double *v);

	/*
	 * Record types.  In decode(), get() reads up to n bytes of the
	 * record's body and returns how many it read (fewer at the end of
	 * the file), and emit() gives the one stream record that stands for
	 * the gmon.out record: its kind and nf fields, unescaped (the host
	 * escapes them).  In encode(), put() appends n bytes to the record
	 * being written; it returns 0.  In an input format's read() (ABI
	 * 1.4), each emit() writes one record of any kind.
	 */
	size_t	(*get)(struct gp_ctx *, void *, size_t n);
	void	(*emit)(struct gp_ctx *, const char *kind, int nf,
		    const char *const *fields);
	int	(*put)(struct gp_ctx *, const void *, size_t n);

	/*
	 * Output formats: write the raw layer as a gmon.out file with
	 * the layout (GP_LAYOUT_*, 0: as read), address width (32, 64, 0:
	 * as read) and byte order (0 little, 1 big, -1 as read).  Several
	 * input files are summed.  Returns 0, or -1 after an error().
	 */
	int	(*gmon_write)(struct gp_ctx *, FILE *, int layout, int width,
		    int bigendian);

	/*
	 * Collectors, in the profiling runtime (ABI 1.3): n bytes of the
	 * companion file (gprt(3)) for thread slot `thread' (0: none),
	 * zero-filled, holding data of kind GP_COLL_*: the file keeps every
	 * store, so what a collector writes there survives the program's
	 * death.  NULL when the file is full, and in the tools.
	 */
	void	*(*reserve)(struct gp_ctx *, uint32_t thread, uint32_t kind,
		    size_t n);

	void	(*spare[7])(void);
};

/* ------------------------------------------------------------------ */
/* Plugin kinds.                                                       */

struct gp_option {			/* one option of an output format */
	const char	*key;
	const char	*arg;		/* "PCT", "flame|graph", NULL: a flag */
	const char	*help;
};

/* An output format: gp-fmt -o NAME. */
struct gp_format {
	unsigned	 needs;		/* GP_HAVE_* the host must provide */
	int		 binary;	/* output is not text */
	const struct gp_option *options;	/* ends with a NULL key */
	/* Write the profile to out; 0, or -1 after an error(). */
	int	(*write)(struct gp_ctx *, const struct gp_profile *, FILE *out);
	void	*spare[4];
};

/*
 * A record type: gmon.out records with a tag the host does not know (GNU
 * layout).  One gmon.out record is one stream record.  decode() is
 * called with the tag byte already read; it reads the body with get(),
 * exactly as many bytes as the record has, and emits its stream record
 * with emit().  encode() gets such a stream record back (fields[0] is
 * the kind) and writes the whole gmon.out record with put(), the tag
 * byte first.  Both must give back the same bytes: gmon-cat f | gp-fmt
 * -o gmon reproduces f.  Both return 0, or -1 after an error().
 */
struct gp_recordtype {
	const unsigned char *tags;	/* tags claimed (never 0, 1, 2) */
	size_t		 ntags;
	const char *const *kinds;	/* stream kinds it makes; NULL ends */
	int	(*decode)(struct gp_ctx *, unsigned tag,
		    const struct gp_pfile *);
	int	(*encode)(struct gp_ctx *, const struct gp_pfile *, int nf,
		    const char *const *fields);	/* fields[0]: the kind */
	void	*spare[4];
};

/*
 * A runtime collector (revised in ABI 1.3; no host called the 1.0 hooks),
 * loaded by the profiling runtime (libgprt, gprt(3)) into a profiled
 * program that names it in GPRT_COLLECT.  The runtime calls
 *
 *	init(ctx, host), then start(ctx): once, before main(); 0, or -1 to
 *		be refused (a one-line warning; the program runs on);
 *	thread(ctx, slot): for each thread slot (gprt(3)), before its first
 *		call; returns the state that the call hooks get for that
 *		thread, or NULL to leave the thread out.  A slot used again
 *		by a later thread keeps its state;
 *	enter(state, fn, site, now): after the runtime pushed a call of
 *		fn (run-time address) from call site `site' (a return
 *		address, or an address inside the caller for an inlined
 *		call) at `now', in ticks of the run's clock;
 *	leave(state, fn, now): when it pops one.  Every enter has its
 *		leave, in nesting order, also for the calls the runtime
 *		closes itself (longjmp, thread exit); calls still open at
 *		exit(3) or at the program's death get none;
 *	stop(ctx): at exit(3).
 *
 * The call hooks run on the program's threads inside the runtime: they
 * must be async-signal-safe, take no lock, allocate nothing and call no
 * instrumented code.  What a collector keeps goes in the companion file
 * (host->reserve()) in a layout the readers know (GP_COLL_*, below), so
 * that gmon-cat(1) and gprt-dump(1) make stream records of it.
 */
struct gp_collector {
	int	(*start)(struct gp_ctx *);
	void	*(*thread)(struct gp_ctx *, uint32_t slot);
	void	(*enter)(void *state, uintptr_t fn, uintptr_t site,
		    uint64_t now);
	void	(*leave)(void *state, uintptr_t fn, uint64_t now);
	int	(*stop)(struct gp_ctx *);
	void	*spare[4];
};

/*
 * What collectors keep in the companion file (reserve()'s kind), in the
 * byte order and address size of the process.  Readers skip kinds they
 * do not know (GP_COLL_OTHER).
 */
#define GP_COLL_OTHER	0
#define GP_COLL_CCT	1		/* a calling-context tree */
#define GP_COLL_TRACE	2		/* a ring of call events */

/*
 * GP_COLL_CCT: struct gp_cct, then cap struct gp_cctnode.  Node 0 is the
 * thread's root, no function; every other node's parent comes before it.
 * A node with fn 0 is the "(truncated)" node of its parent.  Ticks of
 * the time a node's function ran itself go to its self (the inclusive
 * times are the subtrees' sums, made by the reader).  cur and last say
 * which node ran since which tick, so that a reader of a killed run can
 * give the node its last moments.  A store of n comes after the node it
 * counts is written.
 */
struct gp_cct {
	uint64_t	 n;		/* nodes in use, the root's included */
	uint64_t	 cap;		/* nodes that fit */
	uint64_t	 cur;		/* the node running since `last' */
	uint64_t	 last;		/* ticks */
	uint64_t	 limit;		/* nodes before truncation */
	uint64_t	 spare[3];
};

struct gp_cctnode {
	uint64_t	 parent;	/* its index; 0: the root */
	uint64_t	 fn;		/* run-time address; 0: truncated */
	uint64_t	 site;		/* call site in the parent's function */
	uint64_t	 count;		/* calls along this path */
	uint64_t	 self;		/* ticks */
};

/*
 * GP_COLL_TRACE: struct gp_trace, then cap struct gp_tevent (cap a power
 * of two).  Event i of the thread is in slot i % cap; head counts the
 * events written (stored after the event), so that with `first' 0 the
 * ring holds the last cap of them, and with `first' 1 the first cap, the
 * rest dropped (counted in head all the same).
 */
struct gp_trace {
	uint64_t	 head;		/* events so far */
	uint64_t	 cap;
	uint64_t	 first;		/* keep the first cap, not the last */
	uint64_t	 depth;		/* calls open now */
	uint64_t	 spare[4];
};

struct gp_tevent {
	uint64_t	 ticks;
	uint64_t	 fn;		/* run-time address */
	uint64_t	 site;		/* an enter's call site; 0: a leave */
	uint32_t	 kind;		/* GP_EV_ENTER, GP_EV_LEAVE */
	uint32_t	 depth;		/* as gp_pevent.depth */
};

/*
 * An input format (ABI 1.4): a whole profile file of another profiler
 * (perf script's text, callgrind.out) read into the stream by gmon-cat(1)
 * and gp(1), which take such a file wherever they take a gmon.out file.
 *
 * match() gets the file's first n bytes (at most GP_INPUT_HEAD, fewer if
 * the file is shorter) and says how surely they begin a file of its
 * format: 0 not at all, up to 100 for a magic string; the host picks
 * the plugin with the highest answer, or the one named by gmon-cat -f
 * NAME[,KEY=VALUE...].  read() gets the whole file, len bytes at buf
 * (path: its name as given, "-" for the standard input), and emits the
 * file's stream records with emit(), in gp-stream(5)'s order: the raw
 * layer's records (a "profile" record first), then the runtime layer's.
 * The host writes the header and escapes the fields.  option() and
 * optnum() give the options after the name.  Errors name the line
 * (error(ctx, "line %lu: ...")); the host prefixes the file.  read()
 * returns 0, or -1 after an error().  Memory it takes must stay in
 * proportion to len.
 */
#define GP_INPUT_HEAD	4096

struct gp_inputfmt {
	const char	*what;		/* the files it reads, for listings */
	const struct gp_option *options;	/* ends with a NULL key */
	int	(*match)(const unsigned char *head, size_t n);
	int	(*read)(struct gp_ctx *, const char *path,
		    const unsigned char *buf, size_t len);
	void	*spare[4];
};

/* ------------------------------------------------------------------ */
/* The descriptor.                                                     */

struct gp_plugin {
	uint32_t	 magic;		/* GP_PLUGIN_MAGIC */
	uint16_t	 abi_major;	/* GP_PLUGIN_ABI_MAJOR when built */
	uint16_t	 abi_minor;	/* GP_PLUGIN_ABI_MINOR when built */
	uint32_t	 size;		/* sizeof(struct gp_plugin) when built */
	const char	*name;		/* the file's name without ".so" */
	const char	*desc;		/* one line, for listings */
	const char	*version;	/* the plugin's own version, or NULL */
	/* Called once after loading; 0, or -1 after an error(). */
	int	(*init)(struct gp_ctx *, const struct gp_host *);
	/* Called once before the host exits, if init succeeded. */
	void	(*fini)(struct gp_ctx *);
	/* What it provides; at least one is set. */
	const struct gp_format *format;
	const struct gp_recordtype *record;
	const struct gp_collector *collector;
	const struct gp_inputfmt *input;	/* (ABI 1.4) */
	void	*spare[7];
};

#define GP_PLUGIN_HEADER						\
	.magic = GP_PLUGIN_MAGIC,					\
	.abi_major = GP_PLUGIN_ABI_MAJOR,				\
	.abi_minor = GP_PLUGIN_ABI_MINOR,				\
	.size = sizeof(struct gp_plugin)

#ifdef __GNUC__
#define GP_PLUGIN_VISIBLE	__attribute__((__visibility__("default")))
#else
#define GP_PLUGIN_VISIBLE
#endif

/*
 *	GP_PLUGIN_DESCRIPTOR = {
 *		GP_PLUGIN_HEADER,
 *		.name = "example",
 *		...
 *	};
 */
#define GP_PLUGIN_DESCRIPTOR						\
	extern GP_PLUGIN_VISIBLE const struct gp_plugin gp_plugin;	\
	GP_PLUGIN_VISIBLE const struct gp_plugin gp_plugin

/* ------------------------------------------------------------------ */
/* Inline helpers for decoding and encoding gmon.out fields.           */

static inline uint64_t
gp_getword(const unsigned char *p, int nbytes, int bigendian)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < nbytes; i++)
		v |= (uint64_t)p[bigendian ? i : nbytes - 1 - i] <<
		    (8 * (nbytes - 1 - i));
	return v;
}

static inline void
gp_putword(unsigned char *p, uint64_t v, int nbytes, int bigendian)
{
	int i;

	for (i = 0; i < nbytes; i++)
		p[bigendian ? nbytes - 1 - i : i] = (unsigned char)(v >> (8 * i));
}

#ifdef __cplusplus
}
#endif

#endif /* GP_PLUGIN_API_H */
