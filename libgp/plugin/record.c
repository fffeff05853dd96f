/*
 * Record types: their services, the check of their claims, and their
 * entry points (record.h, gp-plugin(3)); attach.c hands these to the raw
 * layer.
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stream/kinds.h"
#include "plugin/record.h"

static char	*unclaimed;	/* first kind gp_record_kind() found no plugin for */
static size_t	 nunclaimed;

/* ------------------------------------------------------------------ */
/* The services of record types.                                       */

static size_t
s_get(struct gp_ctx *c, void *buf, size_t n)
{
	struct gp_decodectx *dc;

	if (c == NULL || c->kind != GP_CTX_DECODE) {
		gp_plug_error(c, "get() called outside decode()");
		return 0;
	}
	dc = (struct gp_decodectx *)c;
	if (n > dc->len - dc->pos)
		n = dc->len - dc->pos;
	memcpy(buf, dc->buf + dc->pos, n);
	dc->pos += n;
	return n;
}

/* Are emit()'s fields bad?  Then say so. */
static int
badfields(struct gp_ctx *c, int nf, const char *const *f)
{
	int i;

	if (nf < 0 || nf > 1000000 || (nf > 0 && f == NULL)) {
		gp_plug_error(c, "emit(): bad field count %d", nf);
		return 1;
	}
	for (i = 0; i < nf; i++)
		if (f[i] == NULL) {
			gp_plug_error(c, "emit(): field %d is NULL", i + 1);
			return 1;
		}
	return 0;
}

static void
s_emit(struct gp_ctx *c, const char *kind, int nf, const char *const *f)
{
	const struct gp_recordtype *rt;
	struct gp_decodectx *dc;
	size_t i;
	int k;

	if (c == NULL || c->kind != GP_CTX_DECODE) {
		gp_plug_error(c, "emit() called outside decode()");
		return;
	}
	dc = (struct gp_decodectx *)c;
	rt = c->plug->record;
	for (i = 0; kind != NULL && rt->kinds[i] != NULL; i++)
		if (strcmp(rt->kinds[i], kind) == 0)
			break;
	if (kind == NULL || rt->kinds[i] == NULL) {
		gp_plug_error(c, "emit(): kind \"%s\" is not one of its kinds",
		    kind ? kind : "(null)");
		return;
	}
	if (badfields(c, nf, f))
		return;
	if (dc->nemit++ > 0) {
		gp_plug_error(c, "emit(): a record's decode() emits one stream "
		    "record, not several");
		return;
	}
	if ((dc->kind = strdup(kind)) == NULL ||
	    (dc->fields = calloc(nf + 1, sizeof(*dc->fields))) == NULL)
		err(1, NULL);
	for (k = 0; k < nf; k++)
		if ((dc->fields[k] = strdup(f[k])) == NULL)
			err(1, NULL);
	dc->nf = nf;
}

static int
s_put(struct gp_ctx *c, const void *buf, size_t n)
{
	struct gp_encodectx *ec;

	if (c == NULL || c->kind != GP_CTX_ENCODE) {
		gp_plug_error(c, "put() called outside encode()");
		return -1;
	}
	ec = (struct gp_encodectx *)c;
	if (n > ec->ocap - ec->olen) {
		ec->ocap = ec->olen + n > 2 * ec->ocap ? ec->olen + n :
		    2 * ec->ocap;
		if ((ec->obuf = realloc(ec->obuf, ec->ocap)) == NULL)
			err(1, NULL);
	}
	memcpy(ec->obuf + ec->olen, buf, n);
	ec->olen += n;
	return 0;
}

const struct gp_record_host gp_record_services = {
	.size = sizeof(struct gp_record_host),
	.get = s_get,
	.emit = s_emit,
	.put = s_put,
};

/* ------------------------------------------------------------------ */
/* Claims.                                                             */

/* Does a plugin loaded so far make records of that kind?  Which? */
static struct gp_plug *
claimer(const char *kind)
{
	struct gp_plug *p;
	size_t i;

	for (p = gp_plug_loaded(); p != NULL; p = p->next)
		if (p->record != NULL)
			for (i = 0; p->record->kinds[i] != NULL; i++)
				if (strcmp(p->record->kinds[i], kind) == 0)
					return p;
	return NULL;
}

const char *
gp_record_check(const struct gp_recordtype *rt, char *buf, size_t bufsz)
{
	struct gp_plug *q;
	size_t i, j;

	if (rt->decode == NULL || rt->encode == NULL)
		return "record type without decode or encode";
	if (rt->tags == NULL || rt->ntags == 0)
		return "record type claims no tag";
	if (rt->kinds == NULL || rt->kinds[0] == NULL)
		return "record type makes no stream kind";
	for (i = 0; i < rt->ntags; i++) {
		if (rt->tags[i] <= 2) {
			snprintf(buf, bufsz, "claims tag %u, which is built in",
			    rt->tags[i]);
			return buf;
		}
		for (q = gp_plug_loaded(); q != NULL; q = q->next)
			if (q->record != NULL)
				for (j = 0; j < q->record->ntags; j++)
					if (q->record->tags[j] == rt->tags[i]) {
						snprintf(buf, bufsz, "claims tag "
						    "%u, already claimed by %s",
						    rt->tags[i], q->path);
						return buf;
					}
	}
	for (i = 0; rt->kinds[i] != NULL; i++) {
		if (!gp_plug_validkind(rt->kinds[i])) {
			snprintf(buf, bufsz, "bad stream kind \"%.64s\"",
			    rt->kinds[i]);
			return buf;
		}
		if (gp_kind_layer(rt->kinds[i]) != 0 ||
		    strcmp(rt->kinds[i], "gp-stream") == 0) {
			snprintf(buf, bufsz, "claims stream kind \"%s\", which "
			    "is built in", rt->kinds[i]);
			return buf;
		}
		if (claimer(rt->kinds[i]) != NULL) {
			snprintf(buf, bufsz, "claims stream kind \"%s\", which "
			    "another plugin makes", rt->kinds[i]);
			return buf;
		}
	}
	return NULL;
}

/* ------------------------------------------------------------------ */
/* The entry points.                                                   */

struct gp_plug *
gp_record_find(unsigned tag)
{
	struct gp_plug *p;
	size_t i;

	for (p = gp_plug_all(); p != NULL; p = p->next)
		if (p->record != NULL)
			for (i = 0; i < p->record->ntags; i++)
				if (p->record->tags[i] == tag)
					return p;
	return NULL;
}

int
gp_record_kind(const char *kind)
{
	gp_plug_all();
	if (claimer(kind) != NULL)
		return 1;
	if (nunclaimed++ == 0 && (unclaimed = strdup(kind)) == NULL)
		err(1, NULL);
	return 0;
}

static void
pfile(struct gp_pfile *pf, int width, int bigendian)
{
	memset(pf, 0, sizeof(*pf));
	pf->size = sizeof(*pf);
	pf->layout = GP_LAYOUT_GNU;
	pf->width = width;
	pf->bigendian = bigendian;
	pf->version = 1;
}

static void
uncapture(struct gp_decodectx *dc)
{
	int i;

	for (i = 0; i < dc->nf; i++)
		free(dc->fields[i]);
	free(dc->fields);
	free(dc->kind);
	dc->fields = NULL;
	dc->kind = NULL;
	dc->nf = dc->nemit = 0;
}

/*
 * Run the decoder of p on a body, quietly (what was wrong goes in why):
 * 0 if it took it and emitted its record (captured in dc), -1 if it
 * failed.
 */
static int
decode(struct gp_decodectx *dc, struct gp_plug *p, unsigned tag,
    const unsigned char *buf, size_t len, int width, int bigendian,
    char *why, size_t whysz)
{
	struct gp_pfile pf;
	int rv;

	memset(dc, 0, sizeof(*dc));
	dc->c.kind = GP_CTX_DECODE;
	dc->c.plug = p;
	dc->quiet = 1;
	dc->why = why;
	dc->whysz = whysz;
	if (whysz > 0)
		why[0] = '\0';
	dc->buf = buf;
	dc->len = len;
	dc->inname = "<profile>";
	dc->tag = tag;
	pfile(&pf, width, bigendian);
	rv = p->record->decode(&dc->c, tag, &pf);
	if (rv != 0 || dc->c.failed) {
		if (!dc->c.failed)
			gp_plug_error(&dc->c, "its decode() failed");
		uncapture(dc);
		return -1;
	}
	if (dc->nemit != 1) {
		gp_plug_error(&dc->c, "decode() emitted no stream record");
		return -1;
	}
	return 0;
}

long
gp_record_measure(struct gp_plug *p, unsigned tag, const unsigned char *buf,
    size_t avail, int width, int bigendian, char *why, size_t whysz)
{
	struct gp_decodectx dc;

	if (decode(&dc, p, tag, buf, avail, width, bigendian, why,
	    whysz) == -1)
		return -1;
	uncapture(&dc);
	return (long)dc.pos;
}

int
gp_record_emit(struct gp_writer *w, unsigned tag, const unsigned char *body,
    size_t len, int width, int bigendian)
{
	struct gp_decodectx dc;
	struct gp_plug *p;
	char why[256];
	int i;

	if ((p = gp_record_find(tag)) == NULL)
		return 0;
	/* Quietly: bytes that are not one record stay opaque. */
	if (decode(&dc, p, tag, body, len, width, bigendian, why,
	    sizeof(why)) == -1)
		return 0;
	if (dc.pos != len) {
		uncapture(&dc);
		return 0;
	}
	gp_wkind(w, dc.kind);
	for (i = 0; i < dc.nf; i++)
		gp_wstr(w, dc.fields[i]);
	gp_weol(w);
	uncapture(&dc);
	return 1;
}

void
gp_record_encode(const struct gp_rec *rec, int width, int bigendian,
    unsigned *tagp, unsigned char **bodyp, size_t *lenp)
{
	struct gp_encodectx ec;
	struct gp_pfile pf;
	struct gp_plug *p;
	char **fields;
	size_t i;
	int k, rv;

	gp_plug_all();
	if ((p = claimer(rec->f[0])) == NULL)
		gp_recerr(rec, "no plugin makes records of this kind");
	if ((fields = calloc(rec->nf + 1, sizeof(*fields))) == NULL)
		err(1, NULL);
	for (k = 0; k < rec->nf; k++)
		fields[k] = k == 0 ? rec->f[0] : gp_fstr(rec, k);
	memset(&ec, 0, sizeof(ec));
	ec.c.kind = GP_CTX_ENCODE;
	ec.c.plug = p;
	pfile(&pf, width, bigendian);
	rv = p->record->encode(&ec.c, &pf, rec->nf,
	    (const char *const *)fields);
	for (k = 1; k < rec->nf; k++)
		free(fields[k]);
	free(fields);
	if (rv != 0 || ec.c.failed)
		gp_recerr(rec, "plugin %s (%s) could not encode the record",
		    p->name, p->path);
	if (ec.olen == 0)
		gp_recerr(rec, "plugin %s wrote no bytes for the record",
		    p->name);
	for (i = 0; i < p->record->ntags; i++)
		if (p->record->tags[i] == ec.obuf[0])
			break;
	if (i == p->record->ntags)
		gp_recerr(rec, "plugin %s wrote tag %u, which it does not "
		    "claim", p->name, ec.obuf[0]);
	*tagp = ec.obuf[0];
	*lenp = ec.olen - 1;
	if ((*bodyp = malloc(ec.olen)) == NULL)
		err(1, NULL);
	memcpy(*bodyp, ec.obuf + 1, ec.olen - 1);
	free(ec.obuf);
}

size_t
gp_record_unclaimed(const char **first)
{
	*first = unclaimed;
	return nunclaimed;
}
