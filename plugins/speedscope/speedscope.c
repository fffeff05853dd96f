/*
 * speedscope: speedscope's JSON file format (gp-formats(5);
 * https://www.speedscope.app/file-format-schema.json), for speedscope
 * and the tools that read it.
 *
 * One sampled profile: the profile knows no threads, and no trace of
 * calls in time, so there is neither a profile per thread nor an evented
 * one.  Its samples are the folded stacks of the call graph (plugins/
 * common: an estimate, which the profile's name says), weighted in
 * nanoseconds and rounded so that they add up to the total; the frames
 * carry each function's source file and line.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gp/plugin.h>

#include "common.h"
#include "frames.h"
#include "jsonstr.h"

static const struct gp_host *host;

static int
init(struct gp_ctx *ctx, const struct gp_host *h)
{
	host = h;
	return 0;
}

static int
write_speedscope(struct gp_ctx *ctx, const struct gp_profile *p, FILE *out)
{
	struct frames fr;
	struct stacks st;
	const struct gp_pfunc *f;
	const char *s, *e, *base;
	char name[512];
	size_t i;
	long k;
	int first;

	if (frames_make(p, &fr) == -1) {
		host->error(ctx, "out of memory");
		return -1;
	}
	if (stacks_make(p, unit_scale(p, "ns"), &st) == -1) {
		frames_free(&fr);
		host->error(ctx, "out of memory");
		return -1;
	}
	fputs("{\"$schema\":\"https://www.speedscope.app/"
	    "file-format-schema.json\",\n\"exporter\":\"gptools gp-fmt -o "
	    "speedscope\",\n\"name\":", out);
	base = p->exe != NULL ? strrchr(p->exe, '/') : NULL;
	base = base != NULL ? base + 1 : p->exe != NULL ? p->exe : "a.out";
	json_str(out, base);
	fputs(",\n\"activeProfileIndex\":0,\n\"shared\":{\"frames\":[", out);
	for (i = 0; i < fr.n; i++) {
		f = fr.v[i].f;
		fputs(i > 0 ? ",\n{\"name\":" : "\n{\"name\":", out);
		json_str(out, fr.v[i].name);
		if (f->file != NULL) {
			fputs(",\"file\":", out);
			json_str(out, f->file);
		}
		if (f->line > 0)
			fprintf(out, ",\"line\":%d", f->line);
		putc('}', out);
	}
	snprintf(name, sizeof(name), "%s: self time by stacks estimated "
	    "from the call graph", base);
	fputs("]},\n\"profiles\":[{\"type\":\"sampled\",\"name\":", out);
	json_str(out, name);
	fprintf(out, ",\"unit\":\"nanoseconds\",\"startValue\":0,"
	    "\"endValue\":%llu,\n\"samples\":[", st.itotal);
	first = 1;
	for (i = 0; i < st.n; i++) {
		if (st.v[i].iw == 0)
			continue;
		fputs(first ? "\n[" : ",\n[", out);
		first = 0;
		for (s = st.v[i].frames;; s = e + 1) {
			if ((e = strchr(s, ';')) == NULL)
				e = s + strlen(s);
			if ((k = frames_find(&fr, s, (size_t)(e - s))) >= 0)
				fprintf(out, "%s%ld", s == st.v[i].frames ?
				    "" : ",", k);
			if (*e == '\0')
				break;
		}
		putc(']', out);
	}
	fputs("],\n\"weights\":[", out);
	first = 1;
	for (i = 0; i < st.n; i++) {
		if (st.v[i].iw == 0)
			continue;
		fprintf(out, "%s%llu", first ? "" : ",", st.v[i].iw);
		first = 0;
	}
	fputs("]}]}\n", out);
	stacks_free(&st);
	frames_free(&fr);
	return 0;
}

static const struct gp_option options[] = {
	{ NULL, NULL, NULL },
};

static const struct gp_format format = {
	.needs = GP_HAVE_GRAPH,
	.options = options,
	.write = write_speedscope,
};

GP_PLUGIN_DESCRIPTOR = {
	GP_PLUGIN_HEADER,
	.name = "speedscope",
	.desc = "speedscope's JSON file format",
	.version = "1",
	.init = init,
	.format = &format,
};
