/*
 * folded: folded stacks, one line per chain of callers, for
 * flamegraph.pl, speedscope and other flame-graph tools (gp-formats(5)).
 *
 * The measured calling contexts when the profile has them; else the
 * weights come from the call graph: each function's self time split
 * over the chains of its callers in proportion to the time through each
 * recorded arc (measured by the runtime, or propagated by gprof); see
 * plugins/common/stacks.h.
 */
#include <string.h>

#include <gp/format.h>

#include "names.h"
#include "stacks.h"
#include "units.h"
#include "host.h"

static const struct gp_option options[] = {
	{ "unit", "samples|s|ms|us|ns",
	    "unit of the weights (default samples)" },
	{ "strip", "yes|no|auto", "names without template arguments and "
	    "parameters (default no)" },
	{ NULL, NULL, NULL },
};

static int
write_folded(struct gp_ctx *ctx, const struct gp_profile *p, FILE *out)
{
	struct stacks st;
	const char *unit;
	char **names = NULL, msg[256];
	double scale;
	size_t i;
	int mode;

	if ((unit = host->option(ctx, "unit")) == NULL)
		unit = "samples";
	if ((scale = unit_scale(p, unit)) == 0) {
		host->error(ctx, "%s", unit_refused(p, unit,
		    "samples, s, ms, us or ns", msg, sizeof(msg)));
		return -1;
	}
	if ((mode = strip_option(ctx, STRIP_NO)) == -1)
		return -1;
	if ((mode != STRIP_NO && (names = names_make(p, mode)) == NULL) ||
	    stacks_make(p, scale, 0.5, (const char *const *)names,
	    &st) == -1) {
		names_free(names, p->nfuncs);
		host->error(ctx, "out of memory");
		return -1;
	}
	names_free(names, p->nfuncs);
	for (i = 0; i < st.n; i++)
		if (st.v[i].iw > 0)
			fprintf(out, "%s %llu\n", st.v[i].frames, st.v[i].iw);
	stacks_free(&st);
	return 0;
}

PLUG_FORMAT("folded", "folded stacks (flamegraph.pl, speedscope), from the "
    "calling contexts or the call graph", GP_HAVE_GRAPH, options,
    write_folded);
