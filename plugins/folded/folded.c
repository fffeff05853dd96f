/*
 * folded: folded stacks, one line per chain of callers, for
 * flamegraph.pl, speedscope and other flame-graph tools (gp-formats(5)).
 *
 * gprof records no stacks: the weights come from the call graph.  Each
 * function's self time is split over the chains of its callers in
 * proportion to the calls along each arc, the assumption gprof itself
 * makes when it propagates time; see common.c.
 */
#include <string.h>

#include <gp/plugin.h>

#include "common.h"

static const struct gp_host *host;

static const struct gp_option options[] = {
	{ "unit", "samples|s|ms|us|ns",
	    "unit of the weights (default samples)" },
	{ NULL, NULL, NULL },
};

static int
init(struct gp_ctx *ctx, const struct gp_host *h)
{
	host = h;
	return 0;
}

static int
write_folded(struct gp_ctx *ctx, const struct gp_profile *p, FILE *out)
{
	struct stacks st;
	const char *unit;
	double scale;
	size_t i;

	if ((unit = host->option(ctx, "unit")) == NULL)
		unit = "samples";
	if ((scale = unit_scale(p, unit)) == 0) {
		host->error(ctx, "unit=%s: not samples, s, ms, us or ns", unit);
		return -1;
	}
	if (stacks_make(p, scale, 0.5, NULL, &st) == -1) {
		host->error(ctx, "out of memory");
		return -1;
	}
	for (i = 0; i < st.n; i++)
		if (st.v[i].iw > 0)
			fprintf(out, "%s %llu\n", st.v[i].frames, st.v[i].iw);
	stacks_free(&st);
	return 0;
}

static const struct gp_format format = {
	.needs = GP_HAVE_GRAPH,
	.options = options,
	.write = write_folded,
};

GP_PLUGIN_DESCRIPTOR = {
	GP_PLUGIN_HEADER,
	.name = "folded",
	.desc = "folded stacks (flamegraph.pl, speedscope), weights from "
	    "the call graph",
	.version = "1",
	.init = init,
	.format = &format,
};
