/*
 * An example collector (gp-plugin(3)): counts the calls and returns of
 * each thread of a program profiled with gprt(3), and says at exit how
 * many it saw.  The counts live in space reserved in the companion file,
 * so they survive the program's death like the runtime's own tables
 * (readers skip a collector's data of kind GP_COLL_OTHER).
 *
 *	make PREFIX=/usr/local
 *	GP_PLUGIN_PATH=$PWD GPRT_COLLECT=calls ./a.out
 */
#include <stdint.h>

#include <gp/collector.h>

struct counts {				/* in the companion file */
	uint64_t	 enters;
	uint64_t	 leaves;
};

static const struct gp_host *host;		/* messages, options */
static const struct gp_collector_host *coll;	/* reserve */
static struct counts *all[1024];	/* by slot, for stop() */

static int
init(struct gp_ctx *c, const struct gp_host *h)
{
	(void)c;
	host = h;
	coll = h->collector;
	/* the tools load it too (gp-fmt -o list): they run no collector */
	return 0;
}

static void *
thread(struct gp_ctx *c, uint32_t slot)
{
	struct counts *n;

	n = coll->reserve(c, slot, GP_COLL_OTHER, sizeof(*n));
	if (n != NULL && slot < 1024)
		all[slot] = n;
	return n;		/* NULL: the thread is left out */
}

/* The call hooks: no locks, no allocation, nothing instrumented. */
static void
enter(void *state, uintptr_t fn, uintptr_t site, uint64_t now)
{
	(void)fn;
	(void)site;
	(void)now;
	((struct counts *)state)->enters++;
}

static void
leave(void *state, uintptr_t fn, uint64_t now)
{
	(void)fn;
	(void)now;
	((struct counts *)state)->leaves++;
}

static int
stop(struct gp_ctx *c)
{
	uint64_t e = 0, l = 0, nt = 0;
	size_t i;

	for (i = 0; i < 1024; i++)
		if (all[i] != NULL) {
			e += all[i]->enters;
			l += all[i]->leaves;
			nt++;
		}
	host->warn(c, "%llu calls, %llu returns seen, in %llu threads",
	    (unsigned long long)e, (unsigned long long)l,
	    (unsigned long long)nt);
	return 0;
}

static const struct gp_collector collector = {
	.size = sizeof(struct gp_collector),
	.thread = thread,
	.enter = enter,
	.leave = leave,
	.stop = stop,
};

GP_PLUGIN_DESCRIPTOR = {
	GP_PLUGIN_HEADER,
	.name = "calls",
	.desc = "counts each thread's calls (an example collector)",
	.init = init,
	.collector = &collector,
};
