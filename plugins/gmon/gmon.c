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

static int
write_gmon(struct gp_ctx *ctx, const struct gp_profile *p, FILE *out)
{
	const char *s;
	int layout = 0, width = 0, be = -1;

	if ((s = host->option(ctx, "layout")) != NULL) {
		if (strcmp(s, "gnu") == 0)
			layout = GP_LAYOUT_GNU;
		else if (strcmp(s, "bsd44") == 0)
			layout = GP_LAYOUT_BSD44;
		else if (strcmp(s, "oldbsd") == 0)
			layout = GP_LAYOUT_OLDBSD;
		else {
			host->error(ctx, "layout=%s: not gnu, bsd44 or oldbsd",
			    s);
			return -1;
		}
	}
	if ((s = host->option(ctx, "width")) != NULL) {
		if (strcmp(s, "32") == 0)
			width = 32;
		else if (strcmp(s, "64") == 0)
			width = 64;
		else {
			host->error(ctx, "width=%s: not 32 or 64", s);
			return -1;
		}
	}
	if ((s = host->option(ctx, "order")) != NULL) {
		if (strcmp(s, "le") == 0)
			be = 0;
		else if (strcmp(s, "be") == 0)
			be = 1;
		else {
			host->error(ctx, "order=%s: not le or be", s);
			return -1;
		}
	}
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
