/*
 * The part of the plugin host that needs the profile: output formats for
 * gp-fmt, their options, the gmon_write service, and the listing.  See
 * format.h and gp-plugin(3); loading is load.c's, below.
 */
#include <err.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gmon/raw.h"
#include "analysis/graph.h"
#include "plugin/format.h"
#include "plugin/record.h"
#include "report/view.h"

#define progname()	program_invocation_short_name

static int	ctxmerge;	/* gp_format_mergethreads() */
static const struct gp_specs *fmtspecs;	/* gp_format_specs() */

struct thr {				/* gp_format_addthread()'s */
	struct gp_pthread	 pub;
	struct gp_prof		*prof;
	char			*name;
};
static struct thr	*thrs;
static size_t		 nthrs;

/* ------------------------------------------------------------------ */
/* The services of output formats.                                     */

/* gmon_write(), handed to the loader with the context of a write(). */
static int
gmon_write(struct gp_writectx *wc, FILE *out, int layout, int width,
    int bigendian)
{
	struct gp_ctx *c = &wc->c;
	const char *unclaimed;
	size_t nunclaimed;

	if (wc->prof->raw == NULL) {
		gp_plug_error(c, "the stream has no raw layer (gmon-cat's records)");
		return -1;
	}
	if (layout < 0 || layout > GP_LAYOUT_OLDBSD ||
	    (width != 0 && width != 32 && width != 64) ||
	    bigendian < -1 || bigendian > 1) {
		gp_plug_error(c, "gmon_write(): bad layout, width or byte order");
		return -1;
	}
	if (fflush(out) == EOF) {
		warn("%s", wc->outname);
		c->failed = 1;
		return -1;
	}
	if ((nunclaimed = gp_record_unclaimed(&unclaimed)) > 0)
		gp_plug_warn(c, "%zu stream record%s of kinds no plugin makes (the "
		    "first: \"%s\") left out of the gmon.out file",
		    nunclaimed, nunclaimed == 1 ? "" : "s", unclaimed);
	/* Fatal on what the layout cannot hold. */
	gp_gmon_write(fileno(out), wc->outname, wc->prof->raw, layout, width,
	    bigendian == -1 ? 0 : bigendian ? GP_BE : GP_LE);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Listing.                                                            */

static void
kinds(const struct gp_plug *p, char *buf, size_t n)
{
	size_t i, len = 0;

#define ADD(...)	do {						\
	if (len < n)							\
		len += snprintf(buf + len, n - len, __VA_ARGS__);	\
} while (0)
	buf[0] = '\0';
	if (p->format != NULL)
		ADD("format,");
	if (p->record != NULL) {
		ADD("record(tag");
		for (i = 0; i < p->record->ntags; i++)
			ADD(" %u", p->record->tags[i]);
		ADD("),");
	}
	if (p->d.collector != NULL)
		ADD("collector,");
	if (p->input != NULL)
		ADD("input,");
#undef ADD
	if (len > 0 && len < n)
		buf[len - 1] = '\0';
}

void
gp_plugin_list(FILE *fp)
{
	struct gp_plug *p;
	char k[256];
	int wn = 6, wk = 7, n;

	for (p = gp_plug_all(); p != NULL; p = p->next) {
		kinds(p, k, sizeof(k));
		if ((n = strlen(p->name)) > wn)
			wn = n;
		if ((n = strlen(k)) > wk)
			wk = n;
	}
	fprintf(fp, "%-*s  %-*s  %s\n", wn, "NAME", wk, "KINDS", "FILE");
	fprintf(fp, "%-*s  %-*s  %s\n", wn, "text", wk, "format",
	    "(built into gp-fmt)");
	for (p = gp_plug_all(); p != NULL; p = p->next) {
		kinds(p, k, sizeof(k));
		fprintf(fp, "%-*s  %-*s  %s\n", wn, p->name, wk, k, p->path);
		if (p->d.desc != NULL)
			fprintf(fp, "%-*s  %s\n", wn, "", p->d.desc);
	}
}

/* ------------------------------------------------------------------ */
/* Output formats.                                                     */

struct gp_plug *
gp_format_open(const char *spec)
{
	struct gp_plug *p;
	char *s, *name, *path;

	name = gp_plug_spec(spec, &s, gp_plugin_list);
	if ((strcmp(name, "text") == 0 || strcmp(name, "gprof") == 0) &&
	    s == NULL) {
		free(name);
		return NULL;
	}
	if (!gp_plug_validname(name)) {
		warnx("%s: bad format name (gp-fmt -o list shows the "
		    "formats)", name);
		free(name);
		exit(1);
	}
	if ((path = gp_plug_find(name, NULL)) == NULL) {
		const char *const *dv;
		size_t i, n;

		n = gp_plugin_dirs(&dv);
		fprintf(stderr, "%s: no output format \"%s\": no %s.so in",
		    progname(), name, name);
		for (i = 0; i < n; i++)
			fprintf(stderr, "%s %s", i ? "," : "", dv[i]);
		fprintf(stderr, " (%s -o list shows the formats)\n",
		    progname());
		free(name);
		exit(1);
	}
	p = gp_plug_load(path, name);
	free(path);
	if (p == NULL || p->format == NULL) {
		/* the copy freed: LeakSanitizer finds it lost at exit */
		free(name);
		if (p == NULL)
			exit(1);
		errx(1, "%s: plugin %s provides no output format", p->path,
		    p->name);
	}

	/* The options belong to this use of the format. */
	gp_plug_options(p, "format", "-o", p->format->options, name, s);
	return p;
}

unsigned
gp_format_layers(const struct gp_plug *p)
{
	unsigned need, l = 0;

	if (p == NULL)
		return GP_L_RAW | GP_L_SYM | GP_L_CREDIT | GP_L_GRAPH;
	need = p->format->needs;
	/* Each layer is made from the ones before it. */
	if (need & GP_HAVE_GRAPH)
		l |= GP_L_GRAPH | GP_L_CREDIT | GP_L_SYM | GP_L_RAW;
	if (need & GP_HAVE_CREDIT)
		l |= GP_L_CREDIT | GP_L_SYM | GP_L_RAW;
	if (need & GP_HAVE_SYM)
		l |= GP_L_SYM | GP_L_RAW;
	if (need & GP_HAVE_RAW)
		l |= GP_L_RAW;
	/* the runtime layer's contexts, named by the symbol layer */
	if (need & (GP_HAVE_CTX | GP_HAVE_TRACE))
		l |= GP_L_SYM | GP_L_RAW;
	return l;
}

void
gp_format_mergethreads(int on)
{
	ctxmerge = on;
}

int
gp_format_threads(const struct gp_plug *p)
{
	return p != NULL && (p->format->needs & GP_HAVE_THREADS) != 0;
}

void
gp_format_addthread(uint64_t thread, uint64_t tid, const char *name,
    size_t nprocs, struct gp_prof *prof)
{
	struct thr *t;

	thrs = gp_xreallocarray(thrs, nthrs + 1, sizeof(*thrs));
	t = &thrs[nthrs++];
	memset(t, 0, sizeof(*t));
	t->pub.size = sizeof(t->pub);
	t->pub.thread = thread;
	t->pub.tid = tid;
	t->name = name != NULL && *name != '\0' ? gp_xstrdup(name) : NULL;
	t->pub.name = t->name;
	t->pub.nprocs = nprocs;
	t->prof = prof;
}

void
gp_format_specs(const struct gp_specs *s)
{
	fmtspecs = s != NULL && s->n > 0 ? s : NULL;
}

void
gp_format_run(struct gp_plug *p, struct gp_prof *prof, FILE *out,
    const char *outname)
{
	struct gp_profile *view, **tview = NULL;
	const struct gp_pthread **tp = NULL;
	struct gp_writectx wc;
	unsigned layers;
	size_t i;
	int rv;

	if (p->format->binary && isatty(fileno(out)))
		errx(1, "format %s: binary output; redirect it to a file",
		    p->name);
	layers = gp_format_layers(p) |
	    (p->format->needs & GP_HAVE_SITES ? GP_PV_SITES : 0);
	if (layers & (GP_L_CREDIT | GP_L_GRAPH)) {
		struct gp_opts go;

		/* Make the layers the stream lacks, as gprof would. */
		memset(&go, 0, sizeof(go));
		go.specs = fmtspecs;
		gp_analyse(prof, &go);
		for (i = 0; i < nthrs; i++)
			gp_analyse(thrs[i].prof, &go);
	}
	view = gp_pview_build(prof, layers | GP_L_DIFF |
	    (ctxmerge ? GP_PV_CTXMERGE : 0));
	if (gp_format_threads(p)) {
		/* each thread's, its layers up to the graph */
		tview = gp_xcalloc(nthrs + 1, sizeof(*tview));
		tp = gp_xcalloc(nthrs + 1, sizeof(*tp));
		for (i = 0; i < nthrs; i++) {
			tview[i] = gp_pview_build(thrs[i].prof,
			    layers | GP_PV_NORT);
			thrs[i].pub.profile = tview[i];
			tp[i] = &thrs[i].pub;
		}
		view->threads = tp;
		view->nthreads = nthrs;
		if (nthrs > 0)
			view->have |= GP_HAVE_THREADS;
	}
	memset(&wc, 0, sizeof(wc));
	wc.c.kind = GP_CTX_WRITE;
	wc.c.plug = p;
	wc.prof = prof;
	wc.outname = outname;
	wc.gmon_write = gmon_write;
	rv = p->format->write(&wc.c, view, out);
	if (rv != 0 || wc.c.failed) {
		if (!wc.c.failed)
			warnx("format %s (%s) failed", p->name, p->path);
		exit(1);
	}
	if (fflush(out) == EOF || ferror(out))
		err(1, "%s", outname);
	gp_pview_free(view);
	for (i = 0; i < nthrs; i++) {
		if (tview != NULL)
			gp_pview_free(tview[i]);
		gp_prof_free(thrs[i].prof);
		free(thrs[i].prof);
		free(thrs[i].name);
	}
	free(tview);
	free(tp);
	free(thrs);
	thrs = NULL;
	nthrs = 0;
}
