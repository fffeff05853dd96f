/*
 * Input formats: other profilers' files read by plugins (foreign.h).
 */
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plugin/input.h"

#define progname()	program_invocation_short_name

void
gp_foreign_list(FILE *fp)
{
	struct gp_plug *p;
	int wn = 6, n;

	for (p = gp_plug_all(); p != NULL; p = p->next)
		if (GP_PLUG_INPUT(p->d) != NULL && (n = strlen(p->name)) > wn)
			wn = n;
	fprintf(fp, "%-*s  %s\n", wn, "NAME", "READS");
	fprintf(fp, "%-*s  %s\n", wn, "gmon", "gmon.out files, gprt(3) "
	    "companion files, gp-stream(5) streams (built in)");
	for (p = gp_plug_all(); p != NULL; p = p->next)
		if (GP_PLUG_INPUT(p->d) != NULL)
			fprintf(fp, "%-*s  %s\n", wn, p->name,
			    p->d->input->what != NULL ? p->d->input->what :
			    p->d->desc != NULL ? p->d->desc : "");
}

struct gp_plug *
gp_foreign_open(const char *spec)
{
	struct gp_plug *p;
	char *s, *name;

	if ((s = strdup(spec)) == NULL)
		err(1, NULL);
	name = strsep(&s, ",");
	if (strcmp(name, "list") == 0 && s == NULL) {
		free(name);
		gp_foreign_list(stdout);
		if (fflush(stdout) == EOF)
			err(1, "stdout");
		exit(0);
	}
	for (p = gp_plug_all(); p != NULL; p = p->next)
		if (GP_PLUG_INPUT(p->d) != NULL && strcmp(p->name, name) == 0)
			break;
	if (p == NULL) {
		warnx("%s: no input format of that name (%s -f list shows "
		    "them)", name, progname());
		free(name);
		exit(1);
	}
	/* the options point into the copy: it lives with the context */
	free(p->ctx->spec);
	p->ctx->spec = name;
	p->ctx->nopt = 0;
	if (gp_plug_options(p->ctx, "input", "-f", p->d->input->options,
	    s)) {
		gp_plug_opthelp(p, "-f", p->d->input->options, stdout);
		if (fflush(stdout) == EOF)
			err(1, "stdout");
		exit(0);
	}
	return p;
}

struct gp_plug *
gp_foreign_match(const unsigned char *head, size_t n)
{
	struct gp_plug *p, *best = NULL;
	int m, bm = 0;

	if (n > GP_INPUT_HEAD)
		n = GP_INPUT_HEAD;
	for (p = gp_plug_all(); p != NULL; p = p->next) {
		if (GP_PLUG_INPUT(p->d) == NULL || p->d->input->match == NULL)
			continue;
		m = p->d->input->match(head, n);
		if (m > 100)
			m = 100;
		if (m > bm) {
			bm = m;
			best = p;
		}
	}
	return best;
}

void
gp_foreign_read(struct gp_plug *p, struct gp_writer *w, const char *name,
    const unsigned char *buf, size_t len)
{
	struct gp_ctx *c = p->ctx;
	int r;

	c->reading = 1;
	c->w = w;
	c->inname = name;
	c->failed = 0;
	r = p->d->input->read(c, name, buf, len);
	c->reading = 0;
	c->w = NULL;
	if (r != 0 || c->failed) {
		if (!c->failed)
			warnx("%s: read() of input format %s failed", name,
			    p->name);
		exit(1);
	}
}
