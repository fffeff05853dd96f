/*
 * example: a complete gptools plugin (gp-plugin(3)).
 *
 * It provides two things:
 *
 *  - an output format, gp-fmt -o example[,top=N][,calls]: the N functions
 *    with the most self time, one per line: seconds, percent, [calls,]
 *    name;
 *
 *  - a record type for gmon.out tag 78 ('N'), a free-text note saved with
 *    the profile (a 4-byte length in the file's byte order, then the
 *    text), which gmon-cat turns into the stream record "note TEXT" and
 *    gp-fmt -o gmon writes back.
 *
 * It includes the header of each kind it provides, <gp/format.h> and
 * <gp/record.h>, and uses only the services of those kinds.  Build it
 * against the installed headers, then let the tools find it:
 *
 *	cc -fPIC -shared -I$PREFIX/include -o example.so example.c
 *	GP_PLUGIN_PATH=$PWD gp-fmt -o list
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gp/format.h>
#include <gp/record.h>

#define NOTE_TAG	78
#define NOTE_MAX	65536

static const struct gp_host *host;		/* messages, options */
static const struct gp_record_host *rec;	/* get, emit, put */

static int
init(struct gp_ctx *ctx, const struct gp_host *h)
{
	(void)ctx;
	host = h;
	rec = h->record;	/* NULL in a host that runs no record types */
	return 0;
}

/* The output format. */

static int
byself(const void *a, const void *b)
{
	const struct gp_pfunc *f = *(const struct gp_pfunc *const *)a;
	const struct gp_pfunc *g = *(const struct gp_pfunc *const *)b;

	/* gprof's flat profile order: time, then calls, then name */
	if (f->self != g->self)
		return f->self < g->self ? 1 : -1;
	if (f->calls != g->calls)
		return f->calls < g->calls ? 1 : -1;
	return strcmp(f->name, g->name);
}

static int
write_top(struct gp_ctx *ctx, const struct gp_profile *p, FILE *out)
{
	const struct gp_pfunc **v;
	double top = 10;
	size_t i, n;
	int calls;

	if (host->optnum(ctx, "top", 1, 1e6, &top) == -1)
		return -1;
	calls = host->option(ctx, "calls") != NULL;

	/* Functions only, not cycles; the view itself is read-only. */
	if ((v = calloc(p->nfuncs + 1, sizeof(*v))) == NULL) {
		host->error(ctx, "out of memory");
		return -1;
	}
	for (i = n = 0; i < p->nfuncs; i++)
		if (!p->funcs[i]->iscycle)
			v[n++] = p->funcs[i];
	qsort(v, n, sizeof(*v), byself);
	for (i = 0; i < n && i < (size_t)top; i++) {
		fprintf(out, "%10.2f %6.2f%% ", v[i]->self,
		    p->total > 0 ? 100 * v[i]->self / p->total : 0.0);
		if (calls)
			fprintf(out, "%10ju ", (uintmax_t)v[i]->calls);
		fprintf(out, "%s\n", v[i]->name);
	}
	free(v);
	return 0;
}

static const struct gp_option options[] = {
	{ "top", "N", "how many functions (default 10)" },
	{ "calls", NULL, "add the number of calls" },
	{ NULL, NULL, NULL },
};

static const struct gp_format format = {
	.size = sizeof(struct gp_format),
	.needs = GP_HAVE_GRAPH,
	.options = options,
	.write = write_top,
};

/* The record type. */

static int
decode_note(struct gp_ctx *ctx, unsigned tag, const struct gp_pfile *f)
{
	unsigned char len[4];
	const char *field;
	uint64_t n;
	char *text;

	(void)tag;
	if (rec->get(ctx, len, 4) != 4) {
		host->error(ctx, "note: end of file in its length");
		return -1;
	}
	n = gp_getword(len, 4, f->bigendian);
	if (n > NOTE_MAX) {
		host->error(ctx, "note: length %ju is over %d",
		    (uintmax_t)n, NOTE_MAX);
		return -1;
	}
	if ((text = malloc(n + 1)) == NULL) {
		host->error(ctx, "out of memory");
		return -1;
	}
	if (rec->get(ctx, text, n) != n) {
		host->error(ctx, "note: end of file in its %ju bytes of text",
		    (uintmax_t)n);
		free(text);
		return -1;
	}
	if (memchr(text, '\0', n) != NULL) {
		host->error(ctx, "note: a NUL byte in its text");
		free(text);
		return -1;
	}
	text[n] = '\0';
	field = text;
	rec->emit(ctx, "note", 1, &field);
	free(text);
	return 0;
}

static int
encode_note(struct gp_ctx *ctx, const struct gp_pfile *f, int nf,
    const char *const *fields)
{
	unsigned char head[5];
	size_t n;

	if (nf != 2) {
		host->error(ctx, "note: %d fields, not 1", nf - 1);
		return -1;
	}
	if ((n = strlen(fields[1])) > NOTE_MAX) {
		host->error(ctx, "note: text over %d bytes", NOTE_MAX);
		return -1;
	}
	head[0] = NOTE_TAG;
	gp_putword(head + 1, n, 4, f->bigendian);
	if (rec->put(ctx, head, sizeof(head)) != 0 ||
	    rec->put(ctx, fields[1], n) != 0)
		return -1;
	return 0;
}

static const unsigned char tags[] = { NOTE_TAG };
static const char *const kinds[] = { "note", NULL };

static const struct gp_recordtype record = {
	.size = sizeof(struct gp_recordtype),
	.tags = tags,
	.ntags = sizeof(tags),
	.kinds = kinds,
	.decode = decode_note,
	.encode = encode_note,
};

/* The descriptor: the one symbol the host looks for. */

GP_PLUGIN_DESCRIPTOR = {
	GP_PLUGIN_HEADER,
	.name = "example",
	.desc = "example: top functions by self time; note records (tag 78)",
	.version = "1",
	.init = init,
	.format = &format,
	.record = &record,
};
