/*
 * Input formats: other profilers' files read by plugins (input.h), and
 * their services.
 */
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plugin/input.h"

#define progname()	program_invocation_short_name

/* emit() in read(): the record goes to the writer. */
static void
s_emit(struct gp_ctx *c, const char *kind, int nf, const char *const *f)
{
	struct gp_readctx *rc;
	int i;

	if (c == NULL || c->kind != GP_CTX_READ) {
		gp_plug_error(c, "emit() called outside read()");
		return;
	}
	rc = (struct gp_readctx *)c;
	if (c->failed)
		return;
	if (!gp_plug_validkind(kind) || strcmp(kind, GP_STREAM_MAGIC) == 0) {
		gp_plug_error(c, "emit(): \"%s\" is not a record kind",
		    kind ? kind : "(null)");
		return;
	}
	if (nf < 0 || nf > 1000000 || (nf > 0 && f == NULL)) {
		gp_plug_error(c, "emit(): bad field count %d", nf);
		return;
	}
	for (i = 0; i < nf; i++)
		if (f[i] == NULL) {
			gp_plug_error(c, "emit(): field %d is NULL", i + 1);
			return;
		}
	gp_wkind(rc->w, kind);
	for (i = 0; i < nf; i++)
		gp_wstr(rc->w, f[i]);
	gp_weol(rc->w);
}

const struct gp_input_host gp_input_services = {
	.size = sizeof(struct gp_input_host),
	.emit = s_emit,
};

void
gp_foreign_list(FILE *fp)
{
	struct gp_plug *p;
	int wn = 6, n;

	for (p = gp_plug_all(); p != NULL; p = p->next)
		if (p->input != NULL && (n = strlen(p->name)) > wn)
			wn = n;
	fprintf(fp, "%-*s  %s\n", wn, "NAME", "READS");
	fprintf(fp, "%-*s  %s\n", wn, "gmon", "gmon.out files, gprt(3) "
	    "companion files, gp-stream(5) streams (built in)");
	for (p = gp_plug_all(); p != NULL; p = p->next)
		if (p->input != NULL)
			fprintf(fp, "%-*s  %s\n", wn, p->name,
			    p->input->what != NULL ? p->input->what :
			    p->d.desc != NULL ? p->d.desc : "");
}

struct gp_plug *
gp_foreign_open(const char *spec)
{
	struct gp_plug *p;
	char *s, *name;

	name = gp_plug_spec(spec, &s, gp_foreign_list);
	for (p = gp_plug_all(); p != NULL; p = p->next)
		if (p->input != NULL && strcmp(p->name, name) == 0)
			break;
	if (p == NULL) {
		warnx("%s: no input format of that name (%s -f list shows "
		    "them)", name, progname());
		free(name);
		exit(1);
	}
	/* the options point into the copy: it lives with the plugin */
	gp_plug_options(p, "input", "-f", p->input->options, name, s);
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
		if (p->input == NULL)
			continue;
		m = p->input->match(head, n);
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
	struct gp_readctx rc;
	int r;

	memset(&rc, 0, sizeof(rc));
	rc.c.kind = GP_CTX_READ;
	rc.c.plug = p;
	rc.w = w;
	rc.inname = name;
	r = p->input->read(&rc.c, name, buf, len);
	if (r != 0 || rc.c.failed) {
		if (!rc.c.failed)
			warnx("%s: read() of input format %s failed", name,
			    p->name);
		exit(1);
	}
}
