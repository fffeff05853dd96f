/*
 * svg: a self-contained picture of the profile that any browser opens
 * (gp-formats(5)): a flame graph of the folded stacks (type=flame, the
 * default) or a drawing of the call graph (type=graph).  Hovering shows
 * each box's numbers; nothing outside the file is needed.
 */
#include <inttypes.h>
#include <stddef.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gp/plugin.h>

#include "common.h"
#include "svg.h"

#define FRAMEH		16		/* flame graph: height of a frame */

const struct gp_host *host;

static const struct gp_option options[] = {
	{ "type", "flame|graph", "flame graph or call graph (default flame)" },
	{ "width", "PX", "width of the flame graph (default 1200)" },
	{ "node-thres", "PCT",
	    "call graph: leave out functions under PCT% (default 0.5)" },
	{ "edge-thres", "PCT",
	    "call graph: leave out arcs under PCT% (default 0.1)" },
	{ NULL, NULL, NULL },
};

static int
init(struct gp_ctx *ctx, const struct gp_host *h)
{
	host = h;
	return 0;
}

void
header(FILE *out, double w, double h, const char *title)
{
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\" "
	    "standalone=\"yes\"?>\n");
	fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
	    "version=\"1.1\" width=\"%.0f\" height=\"%.0f\" "
	    "viewBox=\"0 0 %.0f %.0f\">\n", w, h, w, h);
	fprintf(out, "<style>text { font-family: Verdana, Helvetica, "
	    "sans-serif; font-size: 11px; fill: #000; } .t { font-size: "
	    "15px; } .n { font-size: 11px; fill: #555; } rect:hover { "
	    "stroke: #000; stroke-width: 0.5; }</style>\n");
	fprintf(out, "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" "
	    "fill=\"#ffffff\"/>\n", w, h);
	fprintf(out, "<text class=\"t\" x=\"%.1f\" y=\"24\" "
	    "text-anchor=\"middle\">", w / 2);
	xml_escape(out, title);
	fprintf(out, "</text>\n");
}

/* Text clipped to a box `w' wide, with ".." when cut. */
void
label(FILE *out, double x, double y, double w, const char *s)
{
	size_t max, len;
	char *t;

	if (w < 3 * CHARW)
		return;
	max = (size_t)((w - 6) / CHARW);
	len = strlen(s);
	if ((t = malloc(len + 3)) == NULL)
		return;
	strcpy(t, s);
	if (len > max) {
		/* Do not cut inside a UTF-8 sequence. */
		while (max > 2 && ((unsigned char)t[max - 2] & 0xc0) == 0x80)
			max--;
		strcpy(t + (max > 2 ? max - 2 : 0), "..");
	}
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\">", x, y);
	xml_escape(out, t);
	fprintf(out, "</text>\n");
	free(t);
}

/* A warm colour that depends only on the name, as flame graphs have. */
static void
warm(char *buf, const char *name)
{
	uint32_t h = 2166136261u;

	for (; *name != '\0'; name++)
		h = (h ^ (unsigned char)*name) * 16777619u;
	snprintf(buf, 8, "#%02x%02x%02x", 205 + (int)(h % 50),
	    80 + (int)((h >> 8) % 130), 30 + (int)((h >> 16) % 40));
}

/* ------------------------------------------------------------------ */
/* Flame graph.                                                        */

struct fnode {
	char		*name;
	unsigned long long w;
	struct fnode	*kids;		/* first child */
	struct fnode	*last;		/* last child */
	struct fnode	*next;		/* next sibling */
};

/* A new last child of n. */
static struct fnode *
child(struct fnode *n, const char *name, size_t len)
{
	struct fnode *k;

	if ((k = calloc(1, sizeof(*k))) == NULL ||
	    (k->name = strndup(name, len)) == NULL) {
		free(k);
		return NULL;
	}
	if (n->last != NULL)
		n->last->next = k;
	else
		n->kids = k;
	n->last = k;
	return k;
}

static void
ffree(struct fnode *n)
{
	struct fnode *k, *next;

	for (k = n->kids; k != NULL; k = next) {
		next = k->next;
		ffree(k);
	}
	free(n->name);
	free(n);
}

static int
fdepth(const struct fnode *n)
{
	const struct fnode *k;
	int d, m = 0;

	for (k = n->kids; k != NULL; k = k->next)
		if ((d = fdepth(k)) > m)
			m = d;
	return m + 1;
}

struct flame {
	FILE		*out;
	double		 width;
	double		 height;
	double		 total;
	double		 hz;
	const char	*dimen;
	const struct gp_pfunc **byname;	/* gp-diff's: functions by name */
	size_t		 nbyname;
};

static int
bypfname(const void *a, const void *b)
{
	const struct gp_pfunc *const *l = a, *const *r = b;

	return strcmp((*l)->name, (*r)->name);
}

/* The function of a frame, for gp-diff's numbers; NULL if none. */
static const struct gp_pfunc *
framefunc(const struct flame *fl, const char *name)
{
	size_t lo = 0, hi = fl->nbyname, mid;
	int c;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		if ((c = strcmp(name, fl->byname[mid]->name)) == 0)
			return fl->byname[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

/*
 * A differential flame graph's colour: red as the function's self time
 * grew from the old profile to the new, blue as it shrank (its calls when
 * neither has time), grey if unchanged; dark red for a function the new
 * profile adds.  The frames keep the new profile's shape.
 */
static void
dcolour(char *buf, const struct gp_pold *o)
{
	double a, b, r;

	if (o == NULL) {		/* neither calls nor time in either */
		snprintf(buf, 8, "#dcdcdc");
		return;
	}
	if (!o->present) {
		snprintf(buf, 8, "#%02x%02x%02x", 180, 20, 20);
		return;
	}
	a = o->self, b = o->newself;
	if (a == 0 && b == 0)
		a = (double)o->calls, b = (double)o->newcalls;
	r = a == b ? 0 : (b - a) / (a > b ? a : b);	/* -1 to 1 */
	if (r > 0)
		snprintf(buf, 8, "#%02x%02x%02x", 255,
		    (int)(220 - 170 * r), (int)(220 - 170 * r));
	else if (r < 0)
		snprintf(buf, 8, "#%02x%02x%02x", (int)(220 + 170 * r),
		    (int)(220 + 170 * r), 255);
	else
		snprintf(buf, 8, "#dcdcdc");
}

static void
fdraw(struct flame *fl, const struct fnode *n, double x, int depth)
{
	const struct fnode *k;
	double w, y;
	char fill[8];

	w = fl->total > 0 ? (double)n->w / fl->total * (fl->width - 20) : 0;
	if (w < 0.1)
		return;
	if (depth > 0) {
		const struct gp_pfunc *pf = NULL;

		y = fl->height - 10 - depth * FRAMEH;
		if (fl->byname != NULL) {
			pf = framefunc(fl, n->name);
			dcolour(fill, pf != NULL ? pf->old : NULL);
		} else
			warm(fill, n->name);
		fprintf(fl->out, "<g><title>");
		xml_escape(fl->out, n->name);
		fprintf(fl->out, " (%.2f %s, %.2f%%)",
		    n->w / fl->hz, fl->dimen, 100 * n->w / fl->total);
		if (pf != NULL && pf->old != NULL && pf->old->present)
			fprintf(fl->out, "; calls %" PRIu64 " -> %" PRIu64
			    ", self %.2f -> %.2f %s", pf->old->calls,
			    pf->old->newcalls, pf->old->self,
			    pf->old->newself, fl->dimen);
		else if (pf != NULL && pf->old != NULL)
			fprintf(fl->out, "; added, %" PRIu64 " calls",
			    pf->old->newcalls);
		fprintf(fl->out, "</title>");
		fprintf(fl->out, "<rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" "
		    "height=\"%d\" rx=\"2\" fill=\"%s\"/>", x, y, w,
		    FRAMEH - 1, fill);
		label(fl->out, x + 3, y + FRAMEH - 4.5, w, n->name);
		fprintf(fl->out, "</g>\n");
	}
	for (k = n->kids; k != NULL; k = k->next) {
		fdraw(fl, k, x, depth + 1);
		x += fl->total > 0 ?
		    (double)k->w / fl->total * (fl->width - 20) : 0;
	}
}

static int
flame(struct gp_ctx *ctx, const struct gp_profile *p, FILE *out)
{
	struct stacks st;
	struct fnode *root, *n, **path = NULL;
	struct flame fl;
	const char *s, *e;
	double width = 1200;
	char title[512];
	size_t i, d, depth, pathcap = 0;
	int rv = -1, same;

	memset(&fl, 0, sizeof(fl));
	if (host->optnum(ctx, "width", 200, 100000, &width) == -1)
		return -1;
	if (stacks_make(p, 1, 0, NULL, &st) == -1 ||
	    (root = calloc(1, sizeof(*root))) == NULL) {
		host->error(ctx, "out of memory");
		return -1;
	}
	/*
	 * The stacks come frame by frame in order, so a stack shares with
	 * the one before it a chain of frames and then only adds new ones:
	 * path[] holds the previous stack's nodes.
	 */
	depth = 0;
	for (i = 0; i < st.n; i++) {
		if (st.v[i].iw == 0)
			continue;
		root->w += st.v[i].iw;
		n = root;
		same = 1;
		for (d = 0, s = st.v[i].frames;; s = e + 1, d++) {
			e = strchr(s, ';');
			if (e == NULL)
				e = s + strlen(s);
			if (same && d < depth &&
			    strlen(path[d]->name) == (size_t)(e - s) &&
			    strncmp(path[d]->name, s, e - s) == 0)
				n = path[d];
			else {
				same = 0;
				if (d >= pathcap) {
					pathcap = 2 * d + 16;
					path = realloc(path,
					    pathcap * sizeof(*path));
					if (path == NULL)
						goto nomem;
				}
				if ((n = child(n, s, e - s)) == NULL)
					goto nomem;
				path[d] = n;
			}
			n->w += st.v[i].iw;
			if (*e == '\0')
				break;
		}
		depth = d + 1;
	}
	fl.out = out;
	fl.width = width;
	fl.height = TOP + 20 + fdepth(root) * FRAMEH;
	fl.total = (double)root->w;
	fl.hz = p->hz > 0 ? p->hz : 1;
	fl.dimen = p->dimen != NULL ? p->dimen : "seconds";
	snprintf(title, sizeof(title), "Flame graph%s%s: %.2f %s "
	    "(from gprof's call graph)", p->exe ? " of " : "",
	    p->exe ? p->exe : "", fl.total / fl.hz, fl.dimen);
	if (p->size >= offsetof(struct gp_profile, oldtotal) +
	    sizeof(p->oldtotal) && (p->have & GP_HAVE_DIFF)) {
		if ((fl.byname = calloc(p->nfuncs + 1,
		    sizeof(*fl.byname))) == NULL)
			goto nomem;
		for (i = 0; i < p->nfuncs; i++)
			if (!p->funcs[i]->iscycle)
				fl.byname[fl.nbyname++] = p->funcs[i];
		qsort(fl.byname, fl.nbyname, sizeof(*fl.byname), bypfname);
		snprintf(title, sizeof(title), "Differential flame graph: "
		    "%s against %s (red: more self time, blue: less)",
		    p->exe ? p->exe : "new", p->oldname);
	}
	header(out, fl.width, fl.height, title);
	if (root->w == 0)
		fprintf(out, "<text x=\"10\" y=\"%d\">no time was "
		    "sampled</text>\n", TOP + 10);
	fdraw(&fl, root, 10, 0);
	fprintf(out, "</svg>\n");
	rv = 0;
	goto done;
nomem:
	host->error(ctx, "out of memory");
done:
	free(fl.byname);
	free(path);
	ffree(root);
	stacks_free(&st);
	return rv;
}

static int
write_svg(struct gp_ctx *ctx, const struct gp_profile *p, FILE *out)
{
	const char *type;

	if ((type = host->option(ctx, "type")) == NULL ||
	    strcmp(type, "flame") == 0)
		return flame(ctx, p, out);
	if (strcmp(type, "graph") == 0)
		return graph(ctx, p, out);
	host->error(ctx, "type=%s: not flame or graph", type);
	return -1;
}

static const struct gp_format format = {
	.needs = GP_HAVE_GRAPH,
	.options = options,
	.write = write_svg,
};

GP_PLUGIN_DESCRIPTOR = {
	GP_PLUGIN_HEADER,
	.name = "svg",
	.desc = "a self-contained SVG picture: flame graph or call graph",
	.version = "1",
	.init = init,
	.format = &format,
};
