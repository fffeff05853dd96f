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

#include <gp/format.h>

#include "names.h"
#include "stacks.h"
#include "svg.h"
#include "units.h"
#include "xml.h"
#include "host.h"

#define FRAMEH		16		/* flame graph: height of a frame */

static const struct gp_option options[] = {
	{ "type", "flame|graph", "flame graph or call graph (default flame)" },
	{ "width", "PX", "width of the flame graph (default 1200)" },
	{ "strip", "yes|no|auto", "names without template arguments and "
	    "parameters (default auto: the long ones)" },
	{ "root", "NAME", "flame graph: the stacks through NAME, from it" },
	{ "node-thres", "PCT",
	    "call graph: leave out functions under PCT% (default 0.5)" },
	{ "edge-thres", "PCT",
	    "call graph: leave out arcs under PCT% (default 0.1)" },
	{ NULL, NULL, NULL },
};

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
	double		 w;		/* samples */
	size_t		 nother;	/* "(other)": the frames merged */
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

/*
 * Frames narrower than min become one "(other)" frame of their parent,
 * after its other children: the time stays in the picture, marked.
 */
static int
fmerge(struct fnode *n, double min)
{
	struct fnode *k, *next, *prev, *o = NULL;
	double w = 0;
	size_t cnt = 0;

	for (prev = NULL, k = n->kids; k != NULL; k = next) {
		next = k->next;
		if (k->w >= min || strcmp(k->name, OTHER_FRAME) == 0) {
			if (fmerge(k, min) == -1)
				return -1;
			prev = k;
			continue;
		}
		w += k->w;
		cnt += k->nother > 0 ? k->nother : 1;
		if (prev != NULL)
			prev->next = next;
		else
			n->kids = next;
		if (n->last == k)
			n->last = prev;
		k->next = NULL;
		ffree(k);
	}
	if (cnt == 0)
		return 0;
	for (k = n->kids; k != NULL; k = k->next)
		if (strcmp(k->name, OTHER_FRAME) == 0)
			o = k;
	if (o == NULL && (o = child(n, OTHER_FRAME,
	    strlen(OTHER_FRAME))) == NULL)
		return -1;
	o->w += w;
	o->nother += cnt;
	return 0;
}

struct byname {				/* a frame's name, its function */
	const char	*name;
	const struct gp_pfunc *f;
};

struct flame {
	FILE		*out;
	double		 width;
	double		 height;
	double		 total;
	double		 hz;
	const char	*dimen;
	int		 ev;		/* dimen counts events */
	int		 diff;		/* gp-diff's: colours by change */
	struct byname	*byname;	/* sorted by name */
	size_t		 nbyname;
};

static int
bybyname(const void *a, const void *b)
{
	const struct byname *l = a, *r = b;

	return strcmp(l->name, r->name);
}

/* The function of a frame; NULL if none. */
static const struct gp_pfunc *
framefunc(const struct flame *fl, const char *name)
{
	struct byname key, *r;

	key.name = name;
	r = bsearch(&key, fl->byname, fl->nbyname, sizeof(key), bybyname);
	return r != NULL ? r->f : NULL;
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
	const struct gp_pfunc *pf;
	double w, y;
	char fill[8];

	w = fl->total > 0 ? n->w / fl->total * (fl->width - 20) : 0;
	if (n->nother > 0 && w < 1)
		w = 1;			/* (other), the last child: seen */
	if (w < 0.1)
		return;
	if (depth > 0) {
		y = fl->height - 10 - depth * FRAMEH;
		pf = framefunc(fl, n->name);
		if (n->nother > 0)
			snprintf(fill, sizeof(fill), "#c8c8c8");
		else if (fl->diff)
			dcolour(fill, pf != NULL ? pf->old : NULL);
		else
			warm(fill, n->name);
		fprintf(fl->out, "<g class=\"f\" data-n=\"");
		xml_escape(fl->out, n->name);
		fprintf(fl->out, "\"><title>");
		xml_escape(fl->out, pf != NULL ? pf->name : n->name);
		if (n->nother > 0)
			fprintf(fl->out, ": %zu frame%s each under a pixel",
			    n->nother, n->nother == 1 ? "" : "s");
		fprintf(fl->out, " (%.*f ", fl->ev ? 0 :
		    n->w / fl->hz >= 0.01 ? 2 : 6, n->w / fl->hz);
		xml_escape(fl->out, fl->dimen);
		fprintf(fl->out, ", %.2f%%)", 100 * n->w / fl->total);
		if (fl->diff && pf != NULL && pf->old != NULL &&
		    pf->old->present) {
			fprintf(fl->out, "; calls %" PRIu64 " -> %" PRIu64
			    ", self %.2f -> %.2f ", pf->old->calls,
			    pf->old->newcalls, pf->old->self,
			    pf->old->newself);
			xml_escape(fl->out, fl->dimen);
		} else if (fl->diff && pf != NULL && pf->old != NULL)
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
		x += fl->total > 0 ? k->w / fl->total * (fl->width - 20) : 0;
	}
}

/*
 * Click-to-zoom, reset and search, as flamegraph.pl's pictures have:
 * hand-written (a few lines, no library fits inside one file).  The
 * frames are <g class="f"> with a <title>, a <rect> and maybe a <text>;
 * the script keeps each rect's first x and width and scales from them.
 * The controls are hidden until the script runs, so the picture reads
 * the same without it.  The page's address may say "#zoom=NAME" or
 * "#search=REGEX" to open zoomed or searched (for links and tests).
 */
static const char script[] =
"<script type=\"text/ecmascript\"><![CDATA[\n"
"(function () {\n"
"var W = %.0f, CW = %.1f, fr = [], svg = document.documentElement;\n"
"var by = function (id) { return document.getElementById(id); };\n"
"var gs = document.getElementsByClassName('f');\n"
"for (var i = 0; i < gs.length; i++) {\n"
" var g = gs[i], r = g.getElementsByTagName('rect')[0];\n"
" var t = g.getElementsByTagName('text')[0];\n"
" var f = { g: g, r: r, t: t, x: +r.getAttribute('x'),\n"
"  w: +r.getAttribute('width'), y: +r.getAttribute('y'),\n"
"  fill: r.getAttribute('fill'),\n"
"  name: g.getAttribute('data-n') };\n"
" if (!t) { t = document.createElementNS(svg.namespaceURI, 'text');\n"
"  t.setAttribute('y', f.y + %d - 4.5); g.appendChild(t); f.t = t; }\n"
" fr.push(f); g.onclick = (function (f) {\n"
"  return function () { zoom(f); }; })(f);\n"
" g.style.cursor = 'pointer';\n"
"}\n"
"function lab(f, x, w) {\n"
" var n = Math.floor((w - 6) / CW), s = f.label;\n"
" if (s === undefined) s = f.label = f.name;\n"
" f.t.setAttribute('x', x + 3);\n"
" f.t.textContent = w < 3 * CW ? '' : s.length > n ?\n"
"  s.substr(0, Math.max(n - 2, 0)) + '..' : s;\n"
"}\n"
"function zoom(z) {\n"
" var s = (W - 20) / z.w;\n"
" for (var i = 0; i < fr.length; i++) {\n"
"  var f = fr[i], x, w;\n"
"  if (f.y >= z.y && (f.x > z.x + 1e-6 || f.x + f.w < z.x + z.w - 1e-6)) {\n"
"   f.g.style.display = 'none'; continue; }\n"
"  if (f.y >= z.y) { x = 10; w = W - 20; }\n"
"  if (f.y < z.y) {\n"
"   if (f.x < z.x - 1e-6 || f.x + f.w > z.x + z.w + 1e-6) {\n"
"    f.g.style.display = 'none'; continue; }\n"
"   x = 10 + (f.x - z.x) * s; w = f.w * s; }\n"
"  f.g.style.display = ''; f.r.setAttribute('x', x);\n"
"  f.r.setAttribute('width', w); lab(f, x, w);\n"
"  f.g.style.opacity = f.y > z.y ? 0.6 : 1;\n"
" }\n"
" by('reset').style.display = '';\n"
"}\n"
"function reset() {\n"
" for (var i = 0; i < fr.length; i++) { var f = fr[i];\n"
"  f.g.style.display = ''; f.g.style.opacity = 1;\n"
"  f.r.setAttribute('x', f.x); f.r.setAttribute('width', f.w);\n"
"  lab(f, f.x, f.w); }\n"
" by('reset').style.display = 'none';\n"
"}\n"
"function search(re) {\n"
" var m = [], sum = 0, end = -1;\n"
" for (var i = 0; i < fr.length; i++) { var f = fr[i];\n"
"  if (re && re.test(f.name)) { f.r.setAttribute('fill', '#e600e6');\n"
"   m.push(f); } else f.r.setAttribute('fill', f.fill); }\n"
" m.sort(function (a, b) { return a.x - b.x || b.w - a.w; });\n"
" for (i = 0; i < m.length; i++) {\n"
"  if (m[i].x + m[i].w <= end) continue;\n"
"  sum += m[i].x + m[i].w - Math.max(m[i].x, end);\n"
"  end = m[i].x + m[i].w; }\n"
" by('matched').textContent = re ? 'Matched: ' +\n"
"  (100 * sum / (W - 20)).toFixed(1) + '%%' : '';\n"
"}\n"
"by('reset').onclick = reset;\n"
"by('search').onclick = function () {\n"
" var s = prompt('Search (a regular expression)', '');\n"
" if (s !== null) search(s === '' ? null : new RegExp(s)); };\n"
"by('reset').style.display = 'none';\n"
"by('search').style.display = '';\n"
"var h = decodeURIComponent(location.hash.substr(1));\n"
"if (h.indexOf('search=') === 0) search(new RegExp(h.substr(7)));\n"
"if (h.indexOf('zoom=') === 0) {\n"
" var best = null;\n"
" for (i = 0; i < fr.length; i++) if (fr[i].name === h.substr(5) &&\n"
"  (!best || fr[i].w > best.w)) best = fr[i];\n"
" if (best) zoom(best); }\n"
"})();\n"
"]]></script>\n";

/* Keep stack i if it passes root=NAME: from the first NAME frame on. */
static const char *
rootcut(const char *frames, const char *root)
{
	const char *s, *e;
	size_t n;

	if (root == NULL)
		return frames;
	n = strlen(root);
	for (s = frames;; s = e + 1) {
		if ((e = strchr(s, ';')) == NULL)
			e = s + strlen(s);
		if ((size_t)(e - s) == n && strncmp(s, root, n) == 0)
			return s;
		if (*e == '\0')
			return NULL;
	}
}

static int
flame(struct gp_ctx *ctx, const struct gp_profile *p, FILE *out)
{
	struct stacks st;
	struct fnode *root, *n, **path = NULL;
	struct flame fl;
	const char *s, *e, *rootname;
	char **names = NULL;
	double width = 1200;
	char title[1024];
	size_t i, d, depth, pathcap = 0;
	int rv = -1, same, mode;

	memset(&fl, 0, sizeof(fl));
	memset(&st, 0, sizeof(st));
	if (host->optnum(ctx, "width", 200, 100000, &width) == -1)
		return -1;
	if ((mode = strip_option(ctx, STRIP_AUTO)) == -1)
		return -1;
	rootname = host->option(ctx, "root");
	if ((root = calloc(1, sizeof(*root))) == NULL ||
	    (names = names_make(p, mode)) == NULL ||
	    stacks_make(p, 1, 0, (const char *const *)names, &st) == -1)
		goto nomem;
	/*
	 * The stacks come frame by frame in order, so a stack shares with
	 * the one before it a chain of frames and then only adds new ones:
	 * path[] holds the previous stack's nodes.
	 */
	depth = 0;
	for (i = 0; i < st.n; i++) {
		if (!(st.v[i].w > 0) ||
		    (s = rootcut(st.v[i].frames, rootname)) == NULL)
			continue;
		root->w += st.v[i].w;
		n = root;
		same = 1;
		for (d = 0;; s = e + 1, d++) {
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
			n->w += st.v[i].w;
			if (*e == '\0')
				break;
		}
		depth = d + 1;
	}
	/* A frame under a pixel is merged into its parent's "(other)". */
	if (root->w > 0 && fmerge(root, root->w / (width - 20)) == -1)
		goto nomem;
	fl.out = out;
	fl.width = width;
	fl.height = TOP + 20 + fdepth(root) * FRAMEH;
	fl.total = root->w;
	fl.hz = p->hz > 0 ? p->hz : 1;
	fl.dimen = p->dimen != NULL ? p->dimen : "seconds";
	fl.ev = event_unit(p) != NULL;
	if ((fl.byname = calloc(p->nfuncs + 1, sizeof(*fl.byname))) == NULL)
		goto nomem;
	for (i = 0; i < p->nfuncs; i++)
		if (!p->funcs[i]->iscycle) {
			fl.byname[fl.nbyname].name = names[i];
			fl.byname[fl.nbyname++].f = p->funcs[i];
		}
	qsort(fl.byname, fl.nbyname, sizeof(*fl.byname), bybyname);
	/* Counts of events in full (28681440 Ir), times to 4 digits. */
	snprintf(title, sizeof(title), fl.ev ?
	    "Flame graph%s%s%s%s: %.0f %s (%s)" :
	    "Flame graph%s%s%s%s: %.4g %s (%s)",
	    p->exe ? " of " : "", p->exe ? p->exe : "",
	    rootname ? " from " : "", rootname ? rootname : "",
	    fl.total / fl.hz, fl.dimen,
	    st.fromctx ? "the measured calling contexts" :
	    p->measured ? (fl.ev ?
	    "split by the measured cost of each call arc" :
	    "split by the measured time of each call arc") :
	    "an estimate from gprof's call graph");
	if (p->have & GP_HAVE_DIFF) {
		fl.diff = 1;
		snprintf(title, sizeof(title), "Differential flame graph: "
		    "%s against %s (red: more self time, blue: less)",
		    p->exe ? p->exe : "new", p->oldname);
	}
	header(out, fl.width, fl.height, title);
	if (root->w == 0)
		fprintf(out, "<text x=\"10\" y=\"%d\">%s</text>\n", TOP + 10,
		    rootname ? "no stack has that root" : "no time was sampled");
	fprintf(out, "<text id=\"reset\" x=\"10\" y=\"24\" "
	    "style=\"display:none;cursor:pointer\">Reset Zoom</text>\n");
	fprintf(out, "<text id=\"search\" x=\"%.0f\" y=\"24\" "
	    "text-anchor=\"end\" style=\"display:none;cursor:pointer\">"
	    "Search</text>\n", width - 10);
	fprintf(out, "<text id=\"matched\" x=\"%.0f\" y=\"%.0f\" "
	    "text-anchor=\"end\"></text>\n", width - 10, fl.height - 2);
	fdraw(&fl, root, 10, 0);
	fprintf(out, script, width, CHARW, FRAMEH);
	fprintf(out, "</svg>\n");
	rv = 0;
	goto done;
nomem:
	host->error(ctx, "out of memory");
done:
	free(fl.byname);
	free(path);
	if (root != NULL)
		ffree(root);
	names_free(names, p->nfuncs);
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

PLUG_FORMAT("svg", "a self-contained SVG picture: flame graph or call graph",
    GP_HAVE_GRAPH, options, write_svg);
