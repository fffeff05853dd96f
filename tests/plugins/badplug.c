/*
 * Plugins that the host must refuse, or that fail, for plugins_test.sh.
 * Build with -DNAME='"name"' and one of:
 *	-DOK		a sound format plugin (writes "ok")
 *	-DBADMAJOR	built for the next major ABI
 *	-DNEWMINOR	built for a newer minor ABI than the host's (loads)
 *	-DNEWFIELD	its format sets a field after the host's (refused)
 *	-DNEWZERO	its format has a field after the host's, zero (loads)
 *	-DNOSIZE	its format's size is not set
 *	-DWRONGKIND	its write() calls gmon_write() with init()'s context
 *	-DNODESC	exports no descriptor
 *	-DTINY		exports a "gp_plugin" too small to be one
 *	-DBADMAGIC	a descriptor with the wrong magic number
 *	-DBADINIT	init() fails
 *	-DBADWRITE	the format's write() fails
 *	-DNOTHING	provides no format, record type or collector
 *	-DBUILTINTAG	a record type that claims tag 1 (arcs)
 * init() says "INIT CALLED" on stderr, so tests can tell whether the host
 * called it, and "SERVICES OF ANOTHER KIND" if the host gives it the
 * services of a kind it does not provide.
 */
#include <stdio.h>

#include <gp/format.h>
#include <gp/record.h>

static const struct gp_host *host;
static struct gp_ctx *initctx;

static int
init(struct gp_ctx *ctx, const struct gp_host *h)
{
	host = h;
	initctx = ctx;
	fprintf(stderr, "INIT CALLED\n");
	if (h->record != NULL || h->input != NULL || h->collector != NULL)
		fprintf(stderr, "SERVICES OF ANOTHER KIND\n");
#ifdef BADINIT
	h->error(ctx, "cannot start: no frobnicator");
	return -1;
#else
	(void)ctx;
	return 0;
#endif
}

static int
write_ok(struct gp_ctx *ctx, const struct gp_profile *p, FILE *out)
{
	(void)p;
#ifdef BADWRITE
	host->error(ctx, "the disk is full of frobs");
	return -1;
#elif defined(WRONGKIND)
	/* a service of the kind, with the plugin's context, not write()'s */
	(void)ctx;
	fprintf(out, "format services %s\n", host->format ? "yes" : "no");
	return host->format->gmon_write(initctx, out, 0, 0, -1);
#else
	(void)ctx;
	fprintf(out, "ok %s\n", NAME);
	return 0;
#endif
}

/* A struct gp_format of a later minor ABI: one field more. */
struct newformat {
	struct gp_format	 f;
	void			*later;
};

#if defined(NEWFIELD) || defined(NEWZERO)
static const struct newformat newformat = {
	.f = {
		.size = sizeof(struct newformat),
		.needs = GP_HAVE_RAW,
		.write = write_ok,
	},
#ifdef NEWFIELD
	.later = (void *)&newformat,
#endif
};
#define FORMAT	(&newformat.f)
#else
static const struct gp_format format = {
#ifndef NOSIZE
	.size = sizeof(struct gp_format),
#endif
	.needs = GP_HAVE_RAW,
	.write = write_ok,
};
#define FORMAT	(&format)
#endif

#ifdef BUILTINTAG
static int
dec(struct gp_ctx *ctx, unsigned tag, const struct gp_pfile *f)
{
	(void)ctx, (void)tag, (void)f;
	return -1;
}

static int
enc(struct gp_ctx *ctx, const struct gp_pfile *f, int nf,
    const char *const *fl)
{
	(void)ctx, (void)f, (void)nf, (void)fl;
	return -1;
}

static const unsigned char tags[] = { 1 };
static const char *const kinds[] = { "mine", NULL };
static const struct gp_recordtype record = {
	.size = sizeof(struct gp_recordtype),
	.tags = tags, .ntags = 1, .kinds = kinds, .decode = dec, .encode = enc,
};
#endif

#if defined(TINY)
GP_PLUGIN_VISIBLE const char gp_plugin[2] = "x";
GP_PLUGIN_VISIBLE const struct gp_format not_a_descriptor = {
	.write = write_ok,
};
int	unused_init(struct gp_ctx *, const struct gp_host *);
int
unused_init(struct gp_ctx *ctx, const struct gp_host *h)
{
	return init(ctx, h);
}
#elif defined(NODESC)
GP_PLUGIN_VISIBLE const struct gp_format not_a_descriptor = {
	.write = write_ok,
};
int	unused_init(struct gp_ctx *, const struct gp_host *);
int
unused_init(struct gp_ctx *ctx, const struct gp_host *h)
{
	return init(ctx, h);
}
#else
GP_PLUGIN_DESCRIPTOR = {
	GP_PLUGIN_HEADER,
#ifdef BADMAJOR
	.abi_major = GP_PLUGIN_ABI_MAJOR + 1,
#endif
#ifdef NEWMINOR
	.abi_minor = GP_PLUGIN_ABI_MINOR + 1,
#endif
#ifdef BADMAGIC
	.magic = 0x12345678,
#endif
	.name = NAME,
	.desc = "a test plugin",
	.init = init,
#if !defined(NOTHING) && !defined(BUILTINTAG)
	.format = FORMAT,
#endif
#ifdef BUILTINTAG
	.record = &record,
#endif
};
#endif
