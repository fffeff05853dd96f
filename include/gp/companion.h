/*
 * <gp/companion.h>: the gprt(3) companion file, the tables the
 * -finstrument-functions runtime keeps while the program runs.  libgprt
 * writes it; libgp's gprt/companion.c reads it (libgp/gprt/companion.h).
 *
 * The runtime maps the file MAP_SHARED and updates the tables in place, so
 * the file is readable at any moment, even after the process was killed.
 * Layout (every field is an unsigned integer of the size shown, in the
 * byte order of the process that wrote it; addresses are those of that
 * process):
 *
 *	header		struct gprt_hdr, hdrsize bytes
 *	blocks		from hdrsize to end, each a struct gprt_blk followed
 *			by its payload, size bytes in all (a multiple of 8)
 *
 * Block types:
 *	THREAD	one per thread slot: struct gprt_thread
 *	STACK	the shadow stack of thread `thread': cap struct gprt_frame;
 *		frame 0 is the thread's root (its child field holds the
 *		time of the thread's finished outermost calls), frames 1 to
 *		the thread's depth are its open activations
 *	ARCS	call arcs of thread `thread': n struct gprt_arc
 *	MAP	one loaded object: struct gprt_map, then the path
 *	HIST	the PC-sampling histogram: struct gprt_hist, then nbins u32
 *	MEM	memory call sites of thread `thread': n struct gprt_mem
 *	DEAD	a retired block (a stack that grew), to be skipped
 *	COLL	a collector's data (gp-plugin(3)): its kind (GP_COLL_* of
 *		<gp/plugin.h>) in cap, its layout that kind's
 *	SAMPLE	the sampled stacks of thread `thread' (GPRT_SAMPLE, a
 *		program not rebuilt): struct gprt_samp, then cap struct
 *		gprt_snode, then the runtime's private index (ABI 1.3)
 *
 * Times are in ticks of the clock named in the header; the tick rate is
 * computed by the reader from calibration pairs (ticks, nanoseconds of
 * CLOCK_MONOTONIC) taken at start, at each checkpoint and at exit.
 */
#ifndef GP_COMPANION_H
#define GP_COMPANION_H

#include <stdint.h>

#define GPRT_MAGIC	"gprt-rt\n"	/* 8 bytes */
#define GPRT_VERSION	2
#define GPRT_ORDER	0x01020304u	/* written natively: tells the order */

enum gprt_state {
	GPRT_RUNNING = 1,	/* still running, or died without exit(3) */
	GPRT_EXITED,		/* exit(3) ran: gmon.out was written */
};

enum gprt_clock {
	GPRT_CLK_TSC = 1,	/* x86 time-stamp counter */
	GPRT_CLK_MONO,		/* clock_gettime(CLOCK_MONOTONIC), ns */
	GPRT_CLK_CNTVCT,	/* arm64 virtual counter */
};

enum gprt_btype {
	GPRT_B_THREAD = 1,
	GPRT_B_STACK,
	GPRT_B_ARCS,
	GPRT_B_MAP,
	GPRT_B_HIST,
	GPRT_B_MEM,
	GPRT_B_DEAD,
	GPRT_B_COLL,
	GPRT_B_SAMPLE,		/* ABI 1.3 */
};

struct gprt_hdr {
	char		magic[8];
	uint32_t	version;
	uint32_t	order;
	uint32_t	hdrsize;	/* sizeof(struct gprt_hdr) */
	uint32_t	ptrsize;	/* bytes in an address of the process */
	uint64_t	end;		/* blocks end here */
	uint64_t	base;		/* where the process mapped it */
	uint64_t	pid;
	uint64_t	ppid;		/* parent, for a forked child */
	uint32_t	state;		/* enum gprt_state */
	uint32_t	clock;		/* enum gprt_clock */
	uint64_t	cal0_ticks;	/* calibration at start */
	uint64_t	cal0_ns;
	uint64_t	cal1_ticks;	/* a short busy wait later */
	uint64_t	cal1_ns;
	uint64_t	end_ticks;	/* at exit(3) */
	uint64_t	end_ns;
	uint64_t	start_sec;	/* CLOCK_REALTIME at start */
	uint64_t	flags;		/* GPRT_F_* */
	uint64_t	fork_ticks;	/* when this process was forked, or 0 */
	uint64_t	mem_live;	/* bytes allocated and not freed */
	uint64_t	mem_peak;	/* largest mem_live seen */
	uint64_t	nthreads;	/* thread slots */
	uint64_t	switches;	/* stack switches by swapcontext(3)
					   or setcontext(3), ABI 1.4 */
	uint64_t	spare[7];
};

#define GPRT_F_HIST	0x1	/* PC sampling on */
#define GPRT_F_MEM	0x2	/* memory profile on */
#define GPRT_F_FRESH	0x4	/* forked child started from zero */
#define GPRT_F_SAMPLE	0x8	/* stacks sampled (SAMPLE blocks), ABI 1.3 */
#define GPRT_F_PROFLOST	0x10	/* the program took SIGPROF or ITIMER_PROF
				   from the runtime, ABI 1.4 */

struct gprt_blk {
	uint32_t	type;		/* enum gprt_btype */
	uint32_t	thread;		/* owning slot, from 1; 0: none */
	uint64_t	size;		/* bytes, header included */
	uint64_t	n;		/* entries in use */
	uint64_t	cap;		/* entries that fit */
};

/*
 * A thread slot.  The block may be longer: the runtime keeps its private
 * per-thread state after these fields, and the reader ignores it.
 */
struct gprt_thread {
	struct gprt_blk	blk;
	uint64_t	slot;		/* 1-based */
	uint64_t	tid;		/* first thread that used the slot */
	uint64_t	nthreads;	/* threads that used the slot */
	uint64_t	state;		/* GPRT_T_* */
	uint64_t	stack;		/* file offset of the STACK block */
	uint64_t	last;		/* ticks at a checkpoint or later */
	uint64_t	cp_ticks;	/* last checkpoint */
	uint64_t	cp_ns;
	char		name[16];
	uint64_t	cpu_ns;		/* its CPU time at its last checkpoint
					   or its end, ABI 1.4 */
	uint64_t	masked_ns;	/* of which with SIGPROF blocked:
					   unsampled, ABI 1.4 */
	uint64_t	top;		/* address of the top frame */
};

#define GPRT_T_RUNNING	1
#define GPRT_T_EXITED	2
#define GPRT_T_LOST	3	/* did not survive a fork */

struct gprt_frame {
	uint64_t	arc;		/* address of its struct gprt_arc */
	uint64_t	node;		/* private to the runtime */
	uint64_t	t0;		/* ticks at entry */
	uint64_t	child;		/* ticks of finished callees */
	uint64_t	sp;		/* stack pointer at entry, low bits
					   the runtime's marks */
	uint64_t	site;		/* the call site the hook was passed
					   (version 2) */
};

struct gprt_arc {
	uint64_t	site;		/* call site (return address) */
	uint64_t	fn;		/* called function */
	uint64_t	count;
	uint64_t	self;		/* ticks */
	uint64_t	incl;		/* ticks, outermost activations only */
};

struct gprt_map {
	struct gprt_blk	blk;
	uint64_t	id;		/* 0 is the executable */
	uint64_t	bias;		/* load address minus link address */
	uint64_t	low;		/* lowest link address of the image */
	uint64_t	textlow;	/* executable segments, link */
	uint64_t	texthigh;
	uint64_t	pathlen;	/* bytes of path that follow, no NUL */
};

struct gprt_hist {
	struct gprt_blk	blk;
	uint64_t	low;		/* link addresses in the executable */
	uint64_t	high;
	uint64_t	nbins;
	uint64_t	hz;
	uint64_t	outside;	/* samples outside [low, high) */
	/* nbins uint32_t counts follow */
};

struct gprt_mem {
	uint64_t	site;		/* return address of the call */
	uint64_t	fn;		/* innermost instrumented function */
	uint64_t	nmalloc;	/* malloc and the memalign family */
	uint64_t	ncalloc;
	uint64_t	nrealloc;
	uint64_t	nfree;		/* free calls made at this site */
	uint64_t	fails;		/* allocations that returned NULL */
	uint64_t	badfree;	/* frees of pointers not seen made */
	uint64_t	bytes;		/* bytes allocated here */
	uint64_t	freedblocks;	/* of the blocks allocated here */
	uint64_t	freedbytes;
	uint64_t	liveblocks;
	uint64_t	livebytes;
	uint64_t	peak;		/* largest livebytes */
};

/*
 * A SAMPLE block (ABI 1.3): the stacks a thread's CPU-time timer caught,
 * as a tree of frame addresses.  Node 0 is the root, no address; every
 * other node's parent comes before it, and its pc is the run-time
 * address of one frame: the interrupted instruction for the innermost
 * frame of a sample, the return address minus 1 (an address inside the
 * call instruction) for the frames that called.  A node's self counts
 * the samples whose stack, outermost first, is the path from the root
 * to it; each sample stands for period nanoseconds of the thread's CPU
 * time (a timer signal that came late, after overruns, counts as
 * 1 + overruns samples).  blk.n is the nodes in use, stored after the node is written;
 * blk.cap the nodes that fit.  A sample whose nodes do not fit is
 * counted in lost, not in the tree; a stack deeper than depth frames
 * keeps its innermost depth frames and is counted in cut.
 */
struct gprt_samp {
	struct gprt_blk	blk;
	uint64_t	period;		/* ns of CPU time a sample stands for */
	uint64_t	samples;	/* in the tree */
	uint64_t	lost;		/* taken but not kept */
	uint64_t	depth;		/* the cap on frames */
	uint64_t	cut;		/* samples cut at the cap */
	uint64_t	unwound;	/* samples walked by libunwind rather
					   than frame pointers */
	uint64_t	hslots;		/* the runtime's index after the
					   nodes: hslots uint32_t */
	uint64_t	spare[3];
};

struct gprt_snode {
	uint64_t	parent;		/* its index; 0: the root */
	uint64_t	pc;		/* run-time address */
	uint64_t	self;		/* samples ending here */
};

/*
 * What collectors (<gp/collector.h>) keep in COLL blocks, the kind in the
 * block's cap (the host's reserve()), in the byte order and address size
 * of the process.  These are the companion file's format, shared by the
 * runtime, its collectors and the readers: the spare words are the
 * file's, not the plugin ABI's.  Readers skip kinds they do not know
 * (GP_COLL_OTHER).
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
#define GP_EV_ENTER	1		/* as in <gp/format.h> */
#define GP_EV_LEAVE	2

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
	uint32_t	 depth;		/* calls open after an enter, before
					   a leave: 1 for an outermost call */
};

#endif /* GP_COMPANION_H */
