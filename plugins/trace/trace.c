/*
 * trace: a collector (gp-plugin(3)) that keeps, for each thread of a
 * program profiled with gprt(3), the call events it made, enter and
 * leave, with their ticks: a flight recorder.  The events go to a ring in
 * the companion file, so a killed or crashed program leaves its last
 * moments there; gmon-cat(1) and gprt-dump(1) read it as trace and tev
 * records (gp-stream(5)), gp-fmt -o chrome and -o replay show it.
 *
 * GPRT_TRACE_EVENTS (default 65536, rounded up to a power of two, 16 to
 * 2^26) is the size of each thread's ring, 32 bytes an event.  With
 * GPRT_TRACE_KEEP=last (the default) the ring keeps the last events,
 * overwriting the oldest; with first, it keeps the first ones and counts
 * the rest.  Memory is the ring's, whatever the number of calls.
 */
#include <stdint.h>
#include <string.h>

#include <gp/collector.h>

#include "host.h"

#define FN		__attribute__((__no_instrument_function__))
#define EVENTS_DEF	65536
#define EVENTS_MAX	(1u << 26)

struct tstate {
	struct gp_trace	*h;		/* in the companion file */
	struct gp_tevent *ev;
	uint64_t	 mask;
	uint64_t	 first;
	uint32_t	 depth;
};

static uint64_t nevents = EVENTS_DEF;
static int keepfirst;

/* GPRT_TRACE_EVENTS and GPRT_TRACE_KEEP, the options "events" and "keep"
   (the runtime's options are the environment's) */
FN static int
start(struct gp_ctx *c)
{
	const char *s;
	double v;

	if (host->optnum(c, "events", 16, EVENTS_MAX, &v) == 1)
		for (nevents = 16; nevents < (uint64_t)v; nevents *= 2)
			continue;
	if ((s = host->option(c, "keep")) != NULL) {
		if (strcmp(s, "first") == 0)
			keepfirst = 1;
		else if (strcmp(s, "last") != 0)
			host->warn(c, "GPRT_TRACE_KEEP=%s: not first or last, "
			    "last used", s);
	}
	return 0;
}

FN static void *
thread(struct gp_ctx *c, uint32_t slot)
{
	struct gp_trace *h;
	struct tstate *s;

	h = host->collector->reserve(c, slot, GP_COLL_TRACE, sizeof(*h) +
	    sizeof(*s) + nevents * sizeof(struct gp_tevent));
	if (h == NULL) {
		host->warn(c, "thread %u: no room for its events", slot);
		return NULL;
	}
	/* the state after the ring: the reader never looks there */
	s = (struct tstate *)(void *)((struct gp_tevent *)(void *)(h + 1) +
	    nevents);
	h->cap = nevents;
	h->first = keepfirst;
	s->h = h;
	s->ev = (struct gp_tevent *)(void *)(h + 1);
	s->mask = nevents - 1;
	s->first = keepfirst;
	return s;
}

FN static inline void
put(struct tstate *s, uint32_t kind, uintptr_t fn, uintptr_t site,
    uint64_t now)
{
	struct gp_tevent *e;
	uint64_t head = s->h->head;

	if (!(s->first && head > s->mask)) {
		e = &s->ev[head & s->mask];
		e->ticks = now;
		e->fn = fn;
		e->site = site;
		e->kind = kind;
		e->depth = s->depth;
		__asm__ __volatile__("" ::: "memory");
	}
	s->h->head = head + 1;
}

FN static void
enter(void *v, uintptr_t fn, uintptr_t site, uint64_t now)
{
	struct tstate *s = v;

	s->depth++;
	put(s, GP_EV_ENTER, fn, site, now);
	s->h->depth = s->depth;
}

FN static void
leave(void *v, uintptr_t fn, uint64_t now)
{
	struct tstate *s = v;

	put(s, GP_EV_LEAVE, fn, 0, now);
	if (s->depth > 0)
		s->depth--;
	s->h->depth = s->depth;
}

PLUG_COLLECTOR("trace", "each thread's last call events (gprt(3) collector)",
    start, thread, enter, leave);
