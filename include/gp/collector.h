/*
 * <gp/collector.h>: collectors (gp-plugin(3)), loaded by the profiling
 * runtime (libgprt, gprt(3)) into a profiled program that names them in
 * GPRT_COLLECT.  The runtime calls
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
 * (the host's reserve()) in a layout the readers know (GP_COLL_* of
 * <gp/companion.h>), so that gmon-cat(1) and gprt-dump(1) make stream
 * records of it.
 */
#ifndef GP_COLLECTOR_H
#define GP_COLLECTOR_H

#include <gp/abi.h>
#include <gp/companion.h>

#ifdef __cplusplus
extern "C" {
#endif

struct gp_collector {
	uint32_t	 size;		/* sizeof(struct gp_collector) */
	int	(*start)(struct gp_ctx *);
	void	*(*thread)(struct gp_ctx *, uint32_t slot);
	void	(*enter)(void *state, uintptr_t fn, uintptr_t site,
		    uint64_t now);
	void	(*leave)(void *state, uintptr_t fn, uint64_t now);
	int	(*stop)(struct gp_ctx *);
};

/* The services of collectors (gp_host.collector). */
struct gp_collector_host {
	uint32_t	 size;
	/*
	 * n bytes of the companion file (gprt(3)) for thread slot
	 * `thread' (0: none), zero-filled, holding data of kind GP_COLL_*:
	 * the file keeps every store, so what a collector writes there
	 * survives the program's death.  NULL when the file is full.
	 */
	void	*(*reserve)(struct gp_ctx *, uint32_t thread, uint32_t kind,
		    size_t n);
};

#ifdef __cplusplus
}
#endif

#endif /* GP_COLLECTOR_H */
