/*
 * A format plugin that reads each thread's own profile (ABI 1.4,
 * GP_HAVE_THREADS), for plugins_test.sh: for the whole profile and then
 * each thread, a header line and the flat profile's rows with time or
 * calls, "%time calls name", as gp-fmt's text flat profile has them.
 * Build with -DNAME='"name"'; with -DNOASK it does not ask for threads,
 * as a plugin of ABI 1.3 or older, and must see none.
 */
#include <stdio.h>

#include <gp/format.h>

static void
rows(const struct gp_profile *p, FILE *out)
{
	const struct gp_pfunc *f;
	size_t i;

	for (i = 0; i < p->nfuncs; i++) {
		f = p->funcs[i];
		if (f->iscycle || (!(f->self > 0) && f->calls == 0))
			continue;
		fprintf(out, "%.2f %llu %s\n", p->total > 0 ? 100 * f->self /
		    p->total : 0.0, (unsigned long long)f->calls, f->name);
	}
}

static int
write_thr(struct gp_ctx *ctx, const struct gp_profile *p, FILE *out)
{
	const struct gp_pthread *t;
	size_t i;

	(void)ctx;
	fprintf(out, "all\n");
	rows(p, out);
	if (!GP_HAS(p, nthreads) || !(p->have & GP_HAVE_THREADS)) {
		fprintf(out, "no threads%s\n", GP_HAS(p, nthreads) &&
		    p->nthreads > 0 ? " but some given" : "");
		return 0;
	}
	for (i = 0; i < p->nthreads; i++) {
		t = p->threads[i];
		fprintf(out, "thread %llu tid %llu name %s procs %zu\n",
		    (unsigned long long)t->thread, (unsigned long long)t->tid,
		    t->name != NULL ? t->name : "-", t->nprocs);
		if (t->profile->nthreads != 0 || t->profile->ntraces != 0)
			fprintf(out, "a thread with threads or timelines\n");
		rows(t->profile, out);
	}
	return 0;
}

static const struct gp_format fmt = {
	.size = sizeof(struct gp_format),
#ifdef NOASK
	.needs = GP_HAVE_GRAPH,
#else
	.needs = GP_HAVE_GRAPH | GP_HAVE_THREADS,
#endif
	.write = write_thr,
};

GP_PLUGIN_DESCRIPTOR = {
	GP_PLUGIN_HEADER,
	.name = NAME,
	.desc = "each thread's flat profile",
	.format = &fmt,
};
