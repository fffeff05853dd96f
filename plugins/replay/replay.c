/*
 * replay: the call timelines of the trace collector (gprt(3)) as an
 * indented text timeline, in the spirit of uftrace's replay: one line per
 * call that returned at once ("name();" with its duration), or "name() {"
 * at its enter and "} /+ name +/" with its duration at its leave; nesting
 * by indentation, one thread after another.
 *
 * Options: thread=N shows only thread slot N; depth=N leaves out calls
 * nested deeper than N.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gp/format.h>

#include "host.h"

/* A duration, uftrace-like: a number and a unit, 11 columns. */
static void
dur(FILE *out, double s)
{
	if (s < 0)
		s = 0;
	if (s < 1e-6)
		fprintf(out, "%7.3f ns", s * 1e9);
	else if (s < 1e-3)
		fprintf(out, "%7.3f us", s * 1e6);
	else if (s < 1)
		fprintf(out, "%7.3f ms", s * 1e3);
	else
		fprintf(out, "%7.3f  s", s);
}

static void
line(FILE *out, const struct gp_ptrace *tr, int hasdur, double d,
    unsigned depth, const char *fmt, const char *name)
{
	unsigned i;

	if (hasdur)
		dur(out, d);
	else
		fputs("          ", out);
	fprintf(out, " [%6" PRIu64 "] | ", tr->tid != 0 ? tr->tid :
	    tr->thread);
	for (i = 1; i < depth; i++)
		fputs("  ", out);
	fprintf(out, fmt, name);
	fputc('\n', out);
}

static int
thread(struct gp_ctx *c, const struct gp_ptrace *tr, FILE *out,
    double maxdepth)
{
	const struct gp_pevent *e, *n, **stack;
	size_t i, j, sp, nouter;
	unsigned d;

	fprintf(out, "#\n# thread %" PRIu64 " (tid %" PRIu64 ", %s): %zu "
	    "events", tr->thread, tr->tid, tr->name != NULL ? tr->name : "?",
	    tr->nevents);
	if (tr->lost > 0)
		fprintf(out, ", %" PRIu64 " %s events lost (ring truncated)",
		    tr->lost, tr->first ? "later" : "earlier");
	fputs("\n# DURATION     TID     FUNCTION\n", out);
	if ((stack = calloc(tr->nevents + 1, sizeof(*stack))) == NULL) {
		host->error(c, "out of memory");
		return -1;
	}
	sp = 0;
	/* the calls open through the whole timeline: never left here */
	for (nouter = 0; nouter < tr->nevents && tr->events[nouter]->open;
	    nouter++)
		continue;
	for (i = 0; i < tr->nevents; i++) {
		if ((e = tr->events[i]) == NULL)
			continue;
		d = e->depth > 0 ? e->depth : 1;
		if (e->open) {
			stack[sp++] = e;
			if (d <= maxdepth)
				line(out, tr, 0, 0, d, "%s() {", e->name);
			continue;
		}
		if (e->kind == GP_EV_ENTER) {
			/*
			 * Its leave: the next event, or at the depth shown
			 * last, the next leave at its depth, the calls
			 * between hidden.
			 */
			for (j = i + 1; j < tr->nevents; j++) {
				if ((n = tr->events[j]) == NULL)
					break;
				if (j == i + 1 && n->kind == GP_EV_LEAVE &&
				    n->addr == e->addr)
					break;
				if (d < maxdepth || (n->kind == GP_EV_LEAVE &&
				    n->depth <= e->depth))
					break;
			}
			n = j < tr->nevents ? tr->events[j] : NULL;
			if (n != NULL && n->kind == GP_EV_LEAVE &&
			    n->addr == e->addr && n->depth == e->depth &&
			    (j == i + 1 || d >= maxdepth)) {
				if (d <= maxdepth)
					line(out, tr, 1, n->time - e->time, d,
					    "%s();", e->name);
				i = j;
				continue;
			}
			stack[sp++] = e;
			if (d <= maxdepth)
				line(out, tr, 0, 0, d, "%s() {", e->name);
		} else if (sp > nouter) {
			n = stack[--sp];
			if (d <= maxdepth)
				line(out, tr, 1, e->time - n->time, d,
				    "} /* %s */", e->name);
		} else if (d <= maxdepth)	/* entered before the ring */
			line(out, tr, 0, 0, d, "} /* %s */", e->name);
	}
	while (sp > 0) {
		e = stack[--sp];
		d = e->depth > 0 ? e->depth : 1;
		if (d <= maxdepth)
			line(out, tr, 0, 0, d, "} /* %s: no leave recorded */",
			    e->name);
	}
	free(stack);
	return 0;
}

static int
write(struct gp_ctx *c, const struct gp_profile *p, FILE *out)
{
	double only = 0, maxdepth = 1e9;
	size_t i;

	if (host->optnum(c, "thread", 1, 4294967295.0, &only) == -1 ||
	    host->optnum(c, "depth", 1, 4294967295.0, &maxdepth) == -1)
		return -1;
	if (!(p->have & GP_HAVE_TRACE)) {
		host->error(c, "no call timeline in the stream: run the "
		    "program with GPRT_COLLECT=trace (gprt(3))");
		return -1;
	}
	for (i = 0; i < p->ntraces; i++)
		if ((only == 0 || p->traces[i]->thread == (uint64_t)only) &&
		    thread(c, p->traces[i], out, maxdepth) == -1)
			return -1;
	return 0;
}

static const struct gp_option opts[] = {
	{ "thread", "N", "only thread slot N" },
	{ "depth", "N", "leave out calls nested deeper than N" },
	{ NULL, NULL, NULL },
};

PLUG_FORMAT_WITH((.needs = GP_HAVE_TRACE | GP_HAVE_SYM, .options = opts,
    .write = write), .name = "replay",
    .desc = "call timelines as an indented text timeline with durations",
    .init = plug_init);
