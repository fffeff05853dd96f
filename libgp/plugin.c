/*
 * The host services of plugins that need the profile: output formats
 * for gp-fmt, their options, the gmon_write service, and the listing.
 * See plugin.h and gp-plugin(3); loading is plugload.c's, below.
 */
#include <err.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gmon.h"
#include "graph.h"
#include "plugin.h"
#include "pview.h"

#define progname()	program_invocation_short_name

/* ------------------------------------------------------------------ */
/* The services of output formats.                                     */

static const char *
s_option(struct gp_ctx *c, const char *key)
{
	size_t i;

	if (c == NULL || key == NULL)
		return NULL;
	for (i = c->nopt; i-- > 0;)
		if (strcmp(c->optk[i], key) == 0)
			return c->optv[i];
	return NULL;
}

static int
s_optnum(struct gp_ctx *c, const char *key, double min, double max,
    double *v)
{
	const char *s;
	double d;

	if ((s = s_option(c, key)) == NULL)
		return 0;
	if (gp_parsedbl(s, &d) == -1 || !isfinite(d)) {
		gp_plug_error(c, "option %s: \"%s\" is not a number", key, s);
		return -1;
	}
	if (d < min || d > max) {
		gp_plug_error(c, "option %s: %s is not between %g and %g", key, s,
		    min, max);
		return -1;
	}
	*v = d;
	return 1;
}

static int
s_gmon_write(struct gp_ctx *c, FILE *out, int layout, int width,
    int bigendian)
{
	const char *unclaimed;
	size_t nunclaimed;

	if (c == NULL || c->prof == NULL) {
		gp_plug_error(c, "gmon_write() called outside a format's write()");
		return -1;
	}
	if (c->prof->raw == NULL) {
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
		warn("%s", c->outname);
		c->failed = 1;
		return -1;
	}
	if ((nunclaimed = gp_record_unclaimed(&unclaimed)) > 0)
		gp_plug_warn(c, "%zu stream record%s of kinds no plugin makes (the "
		    "first: \"%s\") left out of the gmon.out file",
		    nunclaimed, nunclaimed == 1 ? "" : "s", unclaimed);
	/* Fatal on what the layout cannot hold. */
	gp_gmon_write(fileno(out), c->outname, c->prof->raw, layout, width,
	    bigendian == -1 ? 0 : bigendian ? GP_BE : GP_LE);
	return 0;
}

/* The services above the loader's, in the table every plugin gets. */
static void
sethost(void)
{
	gp_plughost.option = s_option;
	gp_plughost.optnum = s_optnum;
	gp_plughost.gmon_write = s_gmon_write;
}

/* ------------------------------------------------------------------ */
/* Listing.                                                            */

static void
kinds(const struct gp_plugin *d, char *buf, size_t n)
{
	size_t i, len = 0;

#define ADD(...)	do {						\
	if (len < n)							\
		len += snprintf(buf + len, n - len, __VA_ARGS__);	\
} while (0)
	buf[0] = '\0';
	if (d->format != NULL)
		ADD("format,");
	if (d->record != NULL) {
		ADD("record(tag");
		for (i = 0; i < d->record->ntags; i++)
			ADD(" %u", d->record->tags[i]);
		ADD("),");
	}
	if (d->collector != NULL)
		ADD("collector,");
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

	sethost();
	for (p = gp_plug_all(); p != NULL; p = p->next) {
		kinds(p->d, k, sizeof(k));
		if ((n = strlen(p->name)) > wn)
			wn = n;
		if ((n = strlen(k)) > wk)
			wk = n;
	}
	fprintf(fp, "%-*s  %-*s  %s\n", wn, "NAME", wk, "KINDS", "FILE");
	fprintf(fp, "%-*s  %-*s  %s\n", wn, "text", wk, "format",
	    "(built into gp-fmt)");
	for (p = gp_plug_all(); p != NULL; p = p->next) {
		kinds(p->d, k, sizeof(k));
		fprintf(fp, "%-*s  %-*s  %s\n", wn, p->name, wk, k, p->path);
		if (p->d->desc != NULL)
			fprintf(fp, "%-*s  %s\n", wn, "", p->d->desc);
	}
}

/* ------------------------------------------------------------------ */
/* Output formats.                                                     */

static void
formathelp(const struct gp_plug *p, FILE *fp)
{
	const struct gp_option *o;
	char key[64];

	fprintf(fp, "%s: %s\n", p->name, p->d->desc ? p->d->desc : "");
	fprintf(fp, "file: %s\n", p->path);
	o = p->d->format->options;
	if (o == NULL || o->key == NULL) {
		fprintf(fp, "no options\n");
		return;
	}
	fprintf(fp, "options (-o %s,KEY=VALUE,...):\n", p->name);
	for (; o->key != NULL; o++) {
		snprintf(key, sizeof(key), "%s%s%s", o->key, o->arg ? "=" : "",
		    o->arg ? o->arg : "");
		fprintf(fp, "  %-24s %s\n", key, o->help ? o->help : "");
	}
}

struct gp_plug *
gp_format_open(const char *spec)
{
	const struct gp_option *o;
	struct gp_plug *p;
	struct gp_ctx *c;
	char *s, *name, *kv, *eq, *path;
	int help = 0;

	sethost();
	if ((s = strdup(spec)) == NULL)
		err(1, NULL);
	name = strsep(&s, ",");
	if (strcmp(name, "list") == 0 && s == NULL) {
		gp_plugin_list(stdout);
		if (fflush(stdout) == EOF)
			err(1, "stdout");
		exit(0);
	}
	if ((strcmp(name, "text") == 0 || strcmp(name, "gprof") == 0) &&
	    s == NULL) {
		free(name);
		return NULL;
	}
	if (!gp_plug_validname(name))
		errx(1, "%s: bad format name (gp-fmt -o list shows the "
		    "formats)", name);
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
		exit(1);
	}
	if ((p = gp_plug_load(path, name)) == NULL)
		exit(1);
	free(path);
	if (p->d->format == NULL)
		errx(1, "%s: plugin %s provides no output format", p->path,
		    p->name);

	c = gp_plug_newctx(p);
	c->spec = name;
	while ((kv = strsep(&s, ",")) != NULL) {
		if (*kv == '\0')
			continue;
		if ((eq = strchr(kv, '=')) != NULL)
			*eq++ = '\0';
		if (strcmp(kv, "help") == 0) {
			help = 1;
			continue;
		}
		for (o = p->d->format->options; o != NULL && o->key != NULL;
		    o++)
			if (strcmp(o->key, kv) == 0)
				break;
		if (o == NULL || o->key == NULL)
			errx(1, "format %s: unknown option \"%s\" (%s -o %s,help "
			    "lists them)", name, kv, progname(), name);
		if (o->arg != NULL && eq == NULL)
			errx(1, "format %s: option %s needs a value: %s=%s",
			    name, kv, kv, o->arg);
		if (o->arg == NULL && eq != NULL)
			errx(1, "format %s: option %s takes no value", name,
			    kv);
		c->optk = reallocarray(c->optk, c->nopt + 1, sizeof(char *));
		c->optv = reallocarray(c->optv, c->nopt + 1, sizeof(char *));
		if (c->optk == NULL || c->optv == NULL)
			err(1, NULL);
		c->optk[c->nopt] = kv;
		c->optv[c->nopt++] = eq != NULL ? eq : kv + strlen(kv);
	}
	if (help) {
		formathelp(p, stdout);
		if (fflush(stdout) == EOF)
			err(1, "stdout");
		exit(0);
	}
	/* The options belong to this use of the format. */
	free(p->ctx->optk);
	free(p->ctx->optv);
	free(p->ctx->spec);
	p->ctx->optk = c->optk;
	p->ctx->optv = c->optv;
	p->ctx->nopt = c->nopt;
	p->ctx->spec = c->spec;
	free(c);
	return p;
}

unsigned
gp_format_layers(const struct gp_plug *p)
{
	unsigned need, l = 0;

	if (p == NULL)
		return GP_L_RAW | GP_L_SYM | GP_L_CREDIT | GP_L_GRAPH;
	need = p->d->format->needs;
	/* Each layer is made from the ones before it. */
	if (need & GP_HAVE_GRAPH)
		l |= GP_L_GRAPH | GP_L_CREDIT | GP_L_SYM | GP_L_RAW;
	if (need & GP_HAVE_CREDIT)
		l |= GP_L_CREDIT | GP_L_SYM | GP_L_RAW;
	if (need & GP_HAVE_SYM)
		l |= GP_L_SYM | GP_L_RAW;
	if (need & GP_HAVE_RAW)
		l |= GP_L_RAW;
	return l;
}

void
gp_format_run(struct gp_plug *p, struct gp_prof *prof, FILE *out,
    const char *outname)
{
	struct gp_profile *view;
	struct gp_ctx *c = p->ctx;
	int rv;

	if (p->d->format->binary && isatty(fileno(out)))
		errx(1, "format %s: binary output; redirect it to a file",
		    p->name);
	if (gp_format_layers(p) & (GP_L_CREDIT | GP_L_GRAPH)) {
		struct gp_opts go;

		/* Make the layers the stream lacks, as gprof would. */
		memset(&go, 0, sizeof(go));
		gp_analyse(prof, &go);
	}
	view = gp_pview_build(prof, gp_format_layers(p) | GP_L_DIFF);
	c->prof = prof;
	c->out = out;
	c->outname = outname;
	c->failed = 0;
	rv = p->d->format->write(c, view, out);
	c->prof = NULL;
	c->out = NULL;
	if (rv != 0 || c->failed) {
		if (!c->failed)
			warnx("format %s (%s) failed", p->name, p->path);
		exit(1);
	}
	if (fflush(out) == EOF || ferror(out))
		err(1, "%s", outname);
	gp_pview_free(view);
}
