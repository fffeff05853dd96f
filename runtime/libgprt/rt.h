/*
 * libgprt internals: the -finstrument-functions runtime (gprt(3)).
 *
 * Nothing in this library is instrumented: it is built without
 * -finstrument-functions and -pg, and every function is marked
 * no_instrument_function besides, in case someone adds the flag.
 *
 * The files, from the bottom up, each calling only those above it in
 * this list; below, each one's declarations in the same order:
 *
 *	state.c		rt, the state they share
 *	env.c		the environment, numbers from it, warnings
 *	file.c		the companion file, its blocks, private memory
 *	clock.c		the clock and its calibration
 *	coll.c		collector plugins
 *	thread.c	thread slots and their checkpoints
 *	map.c		the load map, dlclose
 *	hist.c		PC sampling
 *	sample.c	stacks sampled in a program not rebuilt
 *	gmon.c		gmon.out
 *	mem.c		the memory profile: the malloc wrappers
 *	hooks.c		the call hooks
 *	core.c		the lifecycle: start-up, a thread's end, fork, exit
 *
 * The one call upward: a thread's first call may come before libgprt's
 * constructor, so rt_thread() (thread.c) starts the runtime, through the
 * pointer rt_start that core.c sets to its start-up at link time.
 */
#ifndef RT_H
#define RT_H

#include <sys/types.h>

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

#define GPRT_RUNTIME
#include <gp/companion.h>

#include <gp/plugin.h>

#define RT_FN		__attribute__((__no_instrument_function__))
#define RT_HIDDEN	__attribute__((__visibility__("hidden")))
#define RT_EXPORT	__attribute__((__visibility__("default")))
#define RT_COLD		__attribute__((__noinline__, __cold__))
#define RT_TLS		__attribute__((__tls_model__("initial-exec")))
#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#define barrier()	__asm__ __volatile__("" ::: "memory")

#define RT_ALIGN	64		/* every block starts and ends here */
#define RT_MAXCOLL	4		/* collectors (coll.c) */

/* One entry of a thread's arc index: (call site, callee) -> arc. */
struct rt_ent {
	uintptr_t	 site;
	uintptr_t	 fn;
	struct gprt_arc	*arc;
	struct rt_node	*node;		/* of the callee */
};

/*
 * A function of a thread, for recursion: the frame of its outermost open
 * activation, or NULL.
 */
struct rt_node {
	uintptr_t		 fn;
	struct gprt_frame	*outer;
};

/* A memory call site of a thread. */
struct rt_ment {
	uintptr_t	 site;
	uintptr_t	 fn;
	struct gprt_mem	*m;
};

/*
 * A thread slot: the public record in the file, then the runtime's own
 * state for the thread (its pointers are only meaningful in-process).
 */
struct rt_thr {
	struct gprt_thread	 pub;
	/* the fast paths' fields, in the cache line of pub.top */
	struct gprt_frame	*limit;		/* frames + cap - 1 */
	struct rt_ent		*idx;		/* arc index */
	uint64_t		 mask;
	uint64_t		 next_cp;	/* ticks of next checkpoint */
	uintptr_t		 hook;		/* stack pointer of a fast path
						   under way, or 0 */
	uintptr_t		 busy;		/* inside the runtime: a stack
						   address above its frames
						   (rt_busy), or 0 */
	int			 ncoll;		/* collectors it has */
	uint32_t		 cap;		/* frames that fit */
	struct gprt_frame	*frames;
	uint64_t		 nidx;
	struct gprt_blk		*arcs;		/* current ARCS block */
	uint64_t		 arcmaps;	/* map records before it */
	uint64_t		 gen;		/* rt.gen its index is of */
	struct rt_node		**fidx;		/* function index */
	uint64_t		 fmask;
	uint64_t		 nfidx;
	struct rt_node		*npool;		/* free nodes */
	uint64_t		 nfree;
	struct rt_ment		*midx;		/* memory site index */
	uint64_t		 mmask;
	uint64_t		 nmidx;
	struct gprt_blk		*mems;		/* current MEM block */
	struct rt_thr		*nextfree;	/* slot free list */
	struct gprt_samp	*samp;		/* SAMPLE block (sample.c) */
	/* its collectors with a state for it (coll.c), in load order */
	void			*cst[RT_MAXCOLL];
	void	(*cen[RT_MAXCOLL])(void *, uintptr_t, uintptr_t, uint64_t);
	void	(*cle[RT_MAXCOLL])(void *, uintptr_t, uint64_t);
};

/* A loaded collector (coll.c). */
struct rt_coll {
	const struct gp_collector *c;
	struct gp_ctx		*ctx;
	void	(*enter)(void *, uintptr_t, uintptr_t, uint64_t);
	void	(*leave)(void *, uintptr_t, uint64_t);
};

struct rt {
	int			 state;		/* RT_* */
	pid_t			 pid;
	struct gprt_hdr		*hdr;
	char			*base;
	size_t			 reserve;
	uint64_t		 fsize;		/* bytes the file holds */
	int			 fd;		/* -1: tables in memory only */
	dev_t			 dev;		/* of the file, to check fd */
	ino_t			 ino;
	int			 pending;	/* forked child: file to make */
	int			 companion;	/* GPRT_COMPANION */
	pthread_mutex_t		 lock;		/* allocation, slots */
	pthread_mutex_t		 maplock;
	pthread_key_t		 key;
	int			 clock;		/* enum gprt_clock */
	uint64_t		 flush_ticks;
	uint64_t		 maxthreads;
	int			 sync;
	int			 fresh;
	int			 hz;
	int			 sample;	/* GPRT_SAMPLE: its rate */
	int			 mem;
	int			 inline_calls;	/* GPRT_INLINE: count inlined calls */
	uint64_t		 gen;		/* objects retired by dlclose so far */
	int			 ncoll;		/* collectors loaded */
	struct rt_thr		*freeslots;
	uint64_t		 nslots;
	char			 gmon[4000];	/* plain gmon.out name */
	char			 comp[4096];	/* companion name */
	int			 perpid;	/* names with the pid (fork, prefix, taken) */
	char			 cpath[8192];	/* comp's absolute name, or "" */
	void			*snap;		/* the tables at fork time */
	uint64_t		 snaplen;
	/* the executable, for gmon.out and the histogram */
	uintptr_t		 exe_bias;
	uint64_t		 exe_low;	/* link addresses */
	uint64_t		 exe_high;
	struct gprt_hist	*hist;
	uint32_t		*bins;
	uint64_t		 hist_scale;
	/* the SIGPROF handler installed (hist.c, sample.c), its timer's
	   period in microseconds for ITIMER_PROF, 0 for sample.c's */
	void			*profh;
	long			 profus;
};

enum { RT_NONE, RT_INIT, RT_READY, RT_FAILED };

/* state.c */
extern struct rt rt RT_HIDDEN;

/* env.c */
const char	*rt_env(const char *) RT_HIDDEN;
uint64_t	 rt_envnum(const char *, uint64_t, uint64_t) RT_HIDDEN;
void		 rt_warn(const char *, const char *) RT_HIDDEN;

/* file.c */
void		*rt_pmem(size_t) RT_HIDDEN;
void		 rt_pfree(void *, size_t) RT_HIDDEN;
void		*rt_alloc(uint32_t type, uint32_t thread, uint64_t size,
		    uint64_t cap) RT_HIDDEN;
struct gprt_blk	*rt_nextblk(const struct gprt_blk *, uint32_t type,
		    uint32_t thread, uint64_t cap0, size_t) RT_HIDDEN;
void		 rt_setnames(int) RT_HIDDEN;
int		 rt_file_init(void) RT_HIDDEN;
void		 rt_file_make(void) RT_HIDDEN;
void		 rt_file_sync(void) RT_HIDDEN;
void		 rt_file_snap(void) RT_HIDDEN;
int		 rt_file_detach(void) RT_HIDDEN;
void		 rt_file_finish(void) RT_HIDDEN;

/* Walk the blocks of the tables. */
#define FOREACH_BLK(b)							\
	for ((b) = (struct gprt_blk *)(void *)(rt.base + rt.hdr->hdrsize); \
	    (char *)(b) < rt.base + rt.hdr->end;			\
	    (b) = (struct gprt_blk *)(void *)((char *)(b) + (b)->size))

/* clock.c */
void		 rt_clock_init(void) RT_HIDDEN;
uint64_t	 rt_mono_ns(void) RT_HIDDEN;
void		 rt_clock_pair(uint64_t *, uint64_t *) RT_HIDDEN;

RT_FN static inline uint64_t
rt_now(void)
{
#if defined(__x86_64__) || defined(__i386__)
	if (likely(rt.clock == GPRT_CLK_TSC))
		return __rdtsc();
#elif defined(__aarch64__)
	if (likely(rt.clock == GPRT_CLK_CNTVCT)) {
		uint64_t v;

		__asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(v));
		return v;
	}
#endif
	return rt_mono_ns();
}

/* The clock the hooks' fast paths read inline (else: rt_now()). */
RT_FN static inline int
rt_fastclock(void)
{
#if defined(__x86_64__) || defined(__i386__)
	return rt.clock == GPRT_CLK_TSC;
#elif defined(__aarch64__)
	return rt.clock == GPRT_CLK_CNTVCT;
#else
	return 0;
#endif
}

RT_FN static inline uint64_t
rt_fastnow(void)
{
#if defined(__x86_64__) || defined(__i386__)
	return __rdtsc();
#elif defined(__aarch64__)
	uint64_t v;

	__asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(v));
	return v;
#else
	return rt_mono_ns();
#endif
}

/* coll.c */
extern struct rt_coll rt_coll[RT_MAXCOLL] RT_HIDDEN;
void		 rt_coll_init(void) RT_HIDDEN;
void		 rt_coll_thread(struct rt_thr *) RT_HIDDEN;
void		 rt_coll_stop(void) RT_HIDDEN;

/* The collectors of thread t, told of a call pushed or popped. */
RT_FN static inline void
rt_coll_enter(struct rt_thr *t, uintptr_t fn, uintptr_t site, uint64_t now)
{
	int i;

	if (likely(t->ncoll == 1)) {
		t->cen[0](t->cst[0], fn, site, now);
		return;
	}
	for (i = 0; i < t->ncoll; i++)
		t->cen[i](t->cst[i], fn, site, now);
}

RT_FN static inline void
rt_coll_leave(struct rt_thr *t, uintptr_t fn, uint64_t now)
{
	int i;

	if (likely(t->ncoll == 1)) {
		t->cle[0](t->cst[0], fn, now);
		return;
	}
	for (i = t->ncoll; i-- > 0;)
		t->cle[i](t->cst[i], fn, now);
}

/* thread.c */
/*
 * rt_self is this thread's slot; rt_cur is the same when the hooks may
 * take their fast paths straight away (fast clock, thread not inside the
 * runtime, inlined calls counted), else NULL; rt_noinl when they may
 * take them with inlined calls left out.
 */
extern _Thread_local struct rt_thr *rt_self RT_HIDDEN RT_TLS;
extern _Thread_local struct rt_thr *rt_cur RT_HIDDEN RT_TLS;
extern _Thread_local struct rt_thr *rt_noinl RT_HIDDEN RT_TLS;
extern _Thread_local int rt_inside RT_HIDDEN RT_TLS;
extern _Thread_local int rt_tdone RT_HIDDEN RT_TLS;

struct rt_thr	*rt_thread(void) RT_HIDDEN;
void		 rt_thread_end(struct rt_thr *) RT_HIDDEN;
void		 rt_checkpoint(struct rt_thr *, uint64_t) RT_HIDDEN;
void		 rt_cputime(struct rt_thr *, int) RT_HIDDEN;
void		 rt_retire(void) RT_HIDDEN;

/*
 * rt_cur and rt_noinl of thread t, outside the runtime.  With inlined
 * calls left out (GPRT_INLINE=0) rt_cur is NULL and rt_noinl is t: the
 * hooks take their fast paths from the test of rt_cur they make anyway,
 * so that the default mode's exit tests no flag before it reads the
 * clock.
 */
RT_FN static inline void
rt_setcur(struct rt_thr *t)
{
	rt_cur = rt_fastclock() && rt.inline_calls ? t : NULL;
	rt_noinl = rt_fastclock() && !rt.inline_calls ? t : NULL;
}

/* The top frame of thread t's shadow stack, and its depth. */
RT_FN static inline struct gprt_frame *
rt_top(const struct rt_thr *t)
{
	return (struct gprt_frame *)(uintptr_t)t->pub.top;
}

RT_FN static inline uint64_t
rt_depth(const struct rt_thr *t)
{
	return (uint64_t)(rt_top(t) - t->frames);
}

RT_FN static inline void
rt_settop(struct rt_thr *t, struct gprt_frame *f)
{
	t->pub.top = (uintptr_t)f;
}

/*
 * Thread t enters the runtime: hooks in signal handlers keep out.  The
 * mark is the frame of the function that enters, above every frame the
 * runtime then runs on, a signal handler's included, so that the hooks
 * can tell a mark left by a handler that jumped out (hooks.c, busy()).
 */
#define rt_busy(t)	rt_busy_at((t), (uintptr_t)__builtin_frame_address(0))

RT_FN static inline void
rt_busy_at(struct rt_thr *t, uintptr_t mark)
{
	t->busy = mark;
	rt_cur = rt_noinl = NULL;
	barrier();
}

RT_FN static inline void
rt_unbusy(struct rt_thr *t)
{
	barrier();
	t->busy = 0;
	rt_setcur(t);
}

/* map.c */
void		 rt_map_init(void) RT_HIDDEN;
void		 rt_map_need(uintptr_t) RT_HIDDEN;
uint64_t	 rt_map_count(void) RT_HIDDEN;
int		 rt_map_retired(uintptr_t) RT_HIDDEN;
void		 rt_map_lock(int) RT_HIDDEN;
int		 rt_map_covered(uintptr_t) RT_HIDDEN;

/* hist.c */
void		 rt_hist_init(void) RT_HIDDEN;
void		 rt_hist_start(void) RT_HIDDEN;
void		 rt_hist_add(uintptr_t) RT_HIDDEN;
void		 rt_hist_check(void) RT_HIDDEN;

/* sample.c */
void		 rt_samp_init(void) RT_HIDDEN;
void		 rt_samp_thread(void) RT_HIDDEN;
void		 rt_samp_end(void) RT_HIDDEN;
void		 rt_samp_fork(void) RT_HIDDEN;
void		 rt_samp_exit(void) RT_HIDDEN;

/* gmon.c */
int		 rt_gmon_write(const char *) RT_HIDDEN;

/* mem.c */
void		 rt_mem_lock(int) RT_HIDDEN;

/* hooks.c */
void		 rt_close_all(struct rt_thr *, uint64_t) RT_HIDDEN;

/* core.c: its start-up, for rt_thread() alone (see the top) */
extern int	(*const rt_start)(void) RT_HIDDEN;

#endif /* RT_H */
