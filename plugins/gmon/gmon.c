/*
 * gmon: the profile back as a binary gmon.out file (gp-formats(5)).
 *
 * By default in the layout, address width and byte order of the stream's
 * first profile; the host's raw-layer writer does the work, so that
 * gmon-cat f | gp-fmt -o gmon gives back f byte for byte, and several
 * profiles in the stream are written summed, as gprof -s would.
 */
#include <string.h>

#include <gp/format.h>

#include "host.h"

static const struct gp_option options[] = {
	{ "layout", "gnu|bsd44|oldbsd", "file layout (default: as read)" },
	{ "width", "32|64", "address size in bits (default: as read)" },
	{ "order", "le|be", "byte order (default: as read)" },
	{ NULL, NULL, NULL },
};

struct word {
	const char	*name;
	int		 value;
};

static const struct word layouts[] = {
	{ "gnu", GP_LAYOUT_GNU },
	{ "bsd44", GP_LAYOUT_BSD44 },
	{ "oldbsd", GP_LAYOUT_OLDBSD },
	{ NULL, 0 },
};
static const struct word widths[] = { { "32", 32 }, { "64", 64 }, { NULL, 0 } };
static const struct word orders[] = { { "le", 0 }, { "be", 1 }, { NULL, 0 } };

/*
 * The value in *v of the word that option key gives, one of w (*v left
 * alone without the option); 0, or -1 after an error listing them: all.
 */
static int
choose(struct gp_ctx *ctx, const char *key, const struct word *w,
    const char *all, int *v)
{
	const char *s;

	if ((s = host->option(ctx, key)) == NULL)
		return 0;
	for (; w->name != NULL; w++)
		if (strcmp(s, w->name) == 0) {
			*v = w->value;
			return 0;
		}
	host->error(ctx, "%s=%s: not %s", key, s, all);
	return -1;
}

static int
write_gmon(struct gp_ctx *ctx, const struct gp_profile *p, FILE *out)
{
	int layout = 0, width = 0, be = -1;

	if (choose(ctx, "layout", layouts, "gnu, bsd44 or oldbsd",
	    &layout) == -1 ||
	    choose(ctx, "width", widths, "32 or 64", &width) == -1 ||
	    choose(ctx, "order", orders, "le or be", &be) == -1)
		return -1;
	if (!(p->have & GP_HAVE_RAW)) {
		host->error(ctx, "the stream has no profile records "
		    "(gmon-cat makes them)");
		return -1;
	}
	return host->format->gmon_write(ctx, out, layout, width, be);
}

PLUG_FORMAT_WITH((.needs = GP_HAVE_RAW, .binary = 1, .options = options,
    .write = write_gmon), .name = "gmon",
    .desc = "binary gmon.out (GNU, 4.4BSD or old BSD), summed",
    .version = "1", .init = plug_init);
