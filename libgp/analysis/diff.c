/*
 * The diff layer (diff.h): two analysed profiles matched by name.
 */
#include <err.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/diff.h"
#include "analysis/graph.h"
#include "analysis/credit.h"
#include "stream/stream.h"
#include "sym/symtab.h"

/*
 * One side's function or arc, keyed by name (and file for statics): the
 * name the function was made from, a compiler's copy of it (clone.c)
 * under its own.
 */
struct side {
	const char	*name;
	const char	*file;
	uint64_t	 calls;
	double		 self, incl;
	int		 used;		/* called or sampled in this run */
	const char	*child, *cfile;	/* arcs: the callee */
};

/* The names made for sides, freed with them. */
struct names {
	char		**v;
	size_t		 n, cap;
};

/*
 * The compilers' suffixes of a function's copies: gcc's f.constprop.0,
 * f.isra.0, f.part.0, f.cold, f.lto_priv.0, f.localalias, f.clone.0,
 * clang's f.llvm.NNN, repeatable ("f.isra.0.cold").
 */
static const char *const clonewords[] = {
	"constprop", "isra", "part", "cold", "lto_priv", "localalias",
	"clone", "llvm",
};

/* Whether s is wholly a run of clone suffixes (".word", then ".NNN"s):
   1, or 0. */
static int
allclone(const char *s)
{
	size_t i, k;

	while (*s == '.') {
		s++;
		for (i = 0; i < sizeof(clonewords) / sizeof(*clonewords);
		    i++) {
			k = strlen(clonewords[i]);
			if (strncmp(s, clonewords[i], k) == 0 &&
			    (s[k] == '.' || s[k] == '\0'))
				break;
		}
		if (i == sizeof(clonewords) / sizeof(*clonewords))
			return 0;
		s += k;
		while (s[0] == '.' && s[1] >= '0' && s[1] <= '9') {
			s++;
			while (*s >= '0' && *s <= '9')
				s++;
		}
	}
	return *s == '\0';
}

/*
 * The name a function was made from: name without the compiler's clone
 * suffixes, as symbol ("f.constprop.0") or demangled ("f(int) [clone
 * .constprop.0]"); name itself when it has none.  Made names go to nm.
 */
static const char *
origin(const char *name, struct names *nm)
{
	const char *p, *cut = NULL;
	size_t n = strlen(name);
	char *s;

	/* demangled: trailing " [clone .X]"s */
	while (n > 10 && name[n - 1] == ']') {
		for (p = name + n - 1; p > name && *p != '['; p--)
			;
		if (p - name < 1 || p[-1] != ' ' ||
		    strncmp(p, "[clone .", 8) != 0)
			break;
		n = (size_t)(p - 1 - name);
		cut = name + n;
	}
	if (cut == NULL) {
		for (p = strchr(name, '.'); p != NULL && p != name;
		    p = strchr(p + 1, '.'))
			if (allclone(p)) {
				cut = p;
				n = (size_t)(p - name);
				break;
			}
	}
	if (cut == NULL)
		return name;
	s = gp_xcalloc(n + 1, 1);
	memcpy(s, name, n);
	nm->v = gp_xgrow(nm->v, &nm->cap, nm->n, 64, sizeof(*nm->v));
	nm->v[nm->n++] = s;
	return s;
}

static void
names_free(struct names *nm)
{
	size_t i;

	for (i = 0; i < nm->n; i++)
		free(nm->v[i]);
	free(nm->v);
	nm->v = NULL;
	nm->n = nm->cap = 0;
}

static int
cmpkey(const void *a, const void *b)
{
	const struct side *l = a, *r = b;
	int c;

	if ((c = strcmp(l->name, r->name)) != 0 ||
	    (c = strcmp(l->file, r->file)) != 0)
		return c;
	if (l->child == NULL || r->child == NULL)
		return 0;
	if ((c = strcmp(l->child, r->child)) != 0)
		return c;
	return strcmp(l->cfile, r->cfile);
}

/*
 * Sort v by key and make the entries of one key one (the copies of a
 * static inline function of a header, compiled into several files, are
 * one function of the header's): their calls and times summed.  Paired
 * one by one instead, they met in an order that varied from run to run.
 */
static size_t
merge(struct side *v, size_t n)
{
	size_t i, k;

	gp_sort(v, n, sizeof(*v), cmpkey);
	for (k = i = 0; i < n; i++) {
		if (k > 0 && cmpkey(&v[k - 1], &v[i]) == 0) {
			v[k - 1].calls += v[i].calls;
			v[k - 1].self += v[i].self;
			v[k - 1].incl += v[i].incl;
			v[k - 1].used |= v[i].used;
		} else
			v[k++] = v[i];
	}
	return k;
}

static const char *
symname(const struct gp_symtab *st, size_t id)
{
	return st->syms[id].dname != NULL ? st->syms[id].dname :
	    st->syms[id].name;
}

static const char *
symfile(const struct gp_symtab *st, size_t id)
{
	const char *f, *b;

	if (!(st->syms[id].flags & GP_SYM_STATIC) || st->syms[id].file == NULL)
		return "";
	/*
	 * The file's name without its directory: two builds of a program
	 * made in two directories have the same statics (jq built with gcc
	 * and clang side by side had every one removed and added).
	 */
	f = st->syms[id].file;
	return (b = strrchr(f, '/')) != NULL ? b + 1 : f;
}

static double
hzof(const struct gp_prof *p)
{
	return p->credit != NULL && p->credit->hz > 0 ? p->credit->hz : 100;
}

/*
 * The functions of p's executable, sorted by key: every one, so that a
 * function a run did not call or sample is still there (not "removed"),
 * used set for those with calls or time.
 */
static struct side *
funcs(const struct gp_prof *p, struct names *nm, size_t *np)
{
	const struct gp_graph *g = p->graph;
	const struct gp_node *nd;
	struct side *v;
	double hz = hzof(p);
	size_t i, ns = GP_NSYMS(p->sym);

	v = gp_xcalloc(ns + 1, sizeof(*v));
	for (i = 0; i < ns; i++) {
		v[i].name = origin(symname(p->sym, i), nm);
		v[i].file = symfile(p->sym, i);
	}
	for (i = 0; i < g->nnodes; i++) {
		nd = &g->nodes[i];
		if (nd->sym == GP_NOSYM || nd->sym >= ns ||
		    (nd->ncalls + nd->self_calls == 0 && nd->time == 0))
			continue;
		v[nd->sym].calls =
		    nd->ncalls + (nd->cycle == 0 ? nd->self_calls : 0);
		v[nd->sym].self = nd->time / hz;
		v[nd->sym].incl = (nd->time + nd->child_time) / hz;
		v[nd->sym].used = 1;
	}
	*np = merge(v, ns);
	return v;
}

/* The arcs of p between functions, sorted by key. */
static struct side *
arcs(const struct gp_prof *p, struct names *nm, size_t *np)
{
	const struct gp_graph *g = p->graph;
	const struct gp_carc *a;
	size_t ps, cs, i, n = 0;
	double hz = hzof(p);
	struct side *v;

	v = gp_xcalloc(g->narcs, sizeof(*v));
	for (i = 0; i < g->narcs; i++) {
		a = &g->arcs[i];
		ps = g->nodes[a->parent].sym;
		cs = g->nodes[a->child].sym;
		if (ps == GP_NOSYM || cs == GP_NOSYM)
			continue;
		v[n].name = origin(symname(p->sym, ps), nm);
		v[n].file = symfile(p->sym, ps);
		v[n].child = origin(symname(p->sym, cs), nm);
		v[n].cfile = symfile(p->sym, cs);
		v[n].calls = a->count;
		v[n].incl = (a->time + a->child_time) / hz;
		n++;
	}
	*np = merge(v, n);
	return v;
}

/* A new zeroed item of size bytes after the n in *vp, of room *cap. */
static void *
addone(void **vp, size_t *n, size_t *cap, size_t size)
{
	char *p;

	*vp = gp_xgrow(*vp, cap, *n, 64, size);
	p = (char *)*vp + (*n)++ * size;
	memset(p, 0, size);
	return p;
}

static struct gp_dfunc *
addfunc(struct gp_diff *d)
{
	return addone((void **)&d->f, &d->nf, &d->fcap, sizeof(*d->f));
}

static struct gp_darc *
addarc(struct gp_diff *d)
{
	return addone((void **)&d->a, &d->na, &d->acap, sizeof(*d->a));
}

static void
need(const struct gp_prof *p, const char *name)
{
	if (p->sym == NULL || p->graph == NULL)
		errx(1, "%s: no %s layer: give gp-diff streams through "
		    "gp-arcs", name, p->sym == NULL ? "symbol" : "graph");
}

struct gp_diff *
gp_diff_make(const struct gp_prof *old, const char *oldname,
    const struct gp_prof *new, const char *newname, int normalise)
{
	struct gp_diff *d;
	struct gp_dfunc *f;
	struct gp_darc *da;
	struct side *o, *n;
	struct names onames = { NULL, 0, 0 }, nnames = { NULL, 0, 0 };
	size_t no, nn, i, j;
	double scale;
	int c;

	need(old, oldname);
	need(new, newname);
	d = gp_xcalloc(1, sizeof(*d));
	d->oldname = gp_xstrdup(oldname);
	d->newname = gp_xstrdup(newname);
	d->ototal = old->credit != NULL ? old->credit->total / hzof(old) : 0;
	d->ntotal = new->credit != NULL ? new->credit->total / hzof(new) : 0;
	d->normalised = normalise && d->ntotal > 0;
	scale = d->normalised ? d->ototal / d->ntotal : 1;

	o = funcs(old, &onames, &no);
	n = funcs(new, &nnames, &nn);
	for (i = j = 0; i < no || j < nn;) {
		c = i == no ? 1 : j == nn ? -1 : cmpkey(&o[i], &n[j]);
		/* in neither run, or in one build's table and not run */
		if ((c > 0 || !o[i].used) && (c < 0 || !n[j].used)) {
			i += c <= 0;
			j += c >= 0;
			continue;
		}
		f = addfunc(d);
		f->name = gp_xstrdup(c <= 0 ? o[i].name : n[j].name);
		f->file = gp_xstrdup(c <= 0 ? o[i].file : n[j].file);
		if (c <= 0) {
			f->in |= GP_D_OLD;
			f->oc = o[i].calls;
			f->os = o[i].self;
			f->oi = o[i].incl;
			i++;
		}
		if (c >= 0) {
			f->in |= GP_D_NEW;
			f->nc = n[j].calls;
			f->ns = n[j].self * scale;
			f->ni = n[j].incl * scale;
			j++;
		}
	}
	free(o);
	free(n);

	o = arcs(old, &onames, &no);
	n = arcs(new, &nnames, &nn);
	for (i = j = 0; i < no || j < nn;) {
		c = i == no ? 1 : j == nn ? -1 : cmpkey(&o[i], &n[j]);
		da = addarc(d);
		da->parent = gp_xstrdup(c <= 0 ? o[i].name : n[j].name);
		da->child = gp_xstrdup(c <= 0 ? o[i].child : n[j].child);
		if (c <= 0) {
			da->oc = o[i].calls;
			da->ot = o[i].incl;
			i++;
		}
		if (c >= 0) {
			da->nc = n[j].calls;
			da->nt = n[j].incl * scale;
			j++;
		}
	}
	free(o);
	free(n);
	names_free(&onames);
	names_free(&nnames);
	return d;
}

void
gp_diff_emit(struct gp_writer *w, const struct gp_diff *d)
{
	const struct gp_dfunc *f;
	const struct gp_darc *a;
	size_t i;

	gp_wrecf(w, "diff", "ssddu", d->oldname, d->newname, d->ototal,
	    d->ntotal, (uint64_t)d->normalised);
	for (i = 0; i < d->nf; i++) {
		f = &d->f[i];
		gp_wrecf(w, "dfunc", "ssruudddd", f->name, f->file,
		    f->in == (GP_D_OLD | GP_D_NEW) ? "on" :
		    f->in == GP_D_OLD ? "o" : "n",
		    f->oc, f->nc, f->os, f->ns, f->oi, f->ni);
	}
	for (i = 0; i < d->na; i++) {
		a = &d->a[i];
		gp_wrecf(w, "darc", "ssuudd", a->parent, a->child, a->oc,
		    a->nc, a->ot, a->nt);
	}
}

int
gp_diff_load(struct gp_prof *p, const struct gp_rec *rec)
{
	struct gp_diff *d = p->diff;
	struct gp_dfunc *f;
	struct gp_darc *a;
	char *in;

	if (gp_iskind(rec, "diff")) {
		gp_need(rec, 6);
		if (d != NULL)
			gp_recerr(rec, "a second diff record");
		d = p->diff = gp_xcalloc(1, sizeof(*d));
		d->oldname = gp_fstr(rec, 1);
		d->newname = gp_fstr(rec, 2);
		d->ototal = gp_fdbl(rec, 3);
		d->ntotal = gp_fdbl(rec, 4);
		d->normalised = gp_fu64max(rec, 5, 1) != 0;
		return 1;
	}
	if (!gp_iskind(rec, "dfunc") && !gp_iskind(rec, "darc"))
		return 0;
	if (d == NULL)
		gp_recerr(rec, "no diff record before it");
	if (gp_iskind(rec, "dfunc")) {
		gp_need(rec, 10);
		f = addfunc(d);
		f->name = gp_fstr(rec, 1);
		f->file = gp_fstr(rec, 2);
		in = gp_fstr(rec, 3);
		if (strcmp(in, "on") == 0)
			f->in = GP_D_OLD | GP_D_NEW;
		else if (strcmp(in, "o") == 0)
			f->in = GP_D_OLD;
		else if (strcmp(in, "n") == 0)
			f->in = GP_D_NEW;
		else
			gp_recerr(rec, "field 4: expected on, o or n");
		free(in);
		f->oc = gp_fu64(rec, 4);
		f->nc = gp_fu64(rec, 5);
		f->os = gp_fdbl(rec, 6);
		f->ns = gp_fdbl(rec, 7);
		f->oi = gp_fdbl(rec, 8);
		f->ni = gp_fdbl(rec, 9);
	} else {
		gp_need(rec, 7);
		a = addarc(d);
		a->parent = gp_fstr(rec, 1);
		a->child = gp_fstr(rec, 2);
		a->oc = gp_fu64(rec, 3);
		a->nc = gp_fu64(rec, 4);
		a->ot = gp_fdbl(rec, 5);
		a->nt = gp_fdbl(rec, 6);
	}
	return 1;
}

void
gp_diff_free(struct gp_diff *d)
{
	size_t i;

	if (d == NULL)
		return;
	for (i = 0; i < d->nf; i++) {
		free(d->f[i].name);
		free(d->f[i].file);
	}
	for (i = 0; i < d->na; i++) {
		free(d->a[i].parent);
		free(d->a[i].child);
	}
	free(d->f);
	free(d->a);
	free(d->oldname);
	free(d->newname);
	free(d);
}

/*
 * The order of the report: the largest change of self time first, then
 * of inclusive time, then of calls (weighed into one number, ten million
 * calls outweighed a second).
 */
static int
bychange(const void *a, const void *b)
{
	const struct gp_dfunc *l = *(const struct gp_dfunc *const *)a;
	const struct gp_dfunc *r = *(const struct gp_dfunc *const *)b;
	double cl, cr;

	cl = fabs(l->ns - l->os);
	cr = fabs(r->ns - r->os);
	if (cl != cr)
		return cl > cr ? -1 : 1;
	cl = fabs(l->ni - l->oi);
	cr = fabs(r->ni - r->oi);
	if (cl != cr)
		return cl > cr ? -1 : 1;
	cl = fabs((double)l->nc - (double)l->oc);
	cr = fabs((double)r->nc - (double)r->oc);
	if (cl != cr)
		return cl > cr ? -1 : 1;
	if (l->in != r->in)
		return l->in > r->in ? -1 : 1;
	if (strcmp(l->name, r->name) != 0)
		return strcmp(l->name, r->name);
	return strcmp(l->file, r->file);
}

static void
pct(FILE *fp, double o, double n)
{
	if (o > 0)
		fprintf(fp, " %+8.1f%%", 100.0 * (n - o) / o);
	else if (n > 0)
		fprintf(fp, " %9s", "new");
	else
		fprintf(fp, " %9s", "");
}

static int
byarcchange(const void *a, const void *b)
{
	const struct gp_darc *l = *(const struct gp_darc *const *)a;
	const struct gp_darc *r = *(const struct gp_darc *const *)b;
	double cl = fabs((double)l->nc - (double)l->oc);
	double cr = fabs((double)r->nc - (double)r->oc);
	int c;

	if (cl != cr)
		return cl > cr ? -1 : 1;
	if ((c = strcmp(l->parent, r->parent)) != 0)
		return c;
	return strcmp(l->child, r->child);
}

/* The call arcs whose calls changed, the largest change first. */
static void
arcsprint(const struct gp_diff *d, FILE *fp)
{
	const struct gp_darc **v;
	size_t i, n;

	v = gp_xcalloc(d->na, sizeof(*v));
	for (i = n = 0; i < d->na; i++)
		if (d->a[i].oc != d->a[i].nc)
			v[n++] = &d->a[i];
	if (n > 0) {
		gp_sort(v, n, sizeof(*v), byarcchange);
		fprintf(fp, "\nCall arcs whose calls changed:\n\n");
		fprintf(fp, "%12s %12s %9s  %s\n", "calls old", "calls new",
		    "delta", "caller -> callee");
		for (i = 0; i < n; i++) {
			fprintf(fp, "%12ju %12ju", (uintmax_t)v[i]->oc,
			    (uintmax_t)v[i]->nc);
			pct(fp, (double)v[i]->oc, (double)v[i]->nc);
			fprintf(fp, "  %s -> %s\n", v[i]->parent, v[i]->child);
		}
	}
	free(v);
}

static const char blurb[] =
"\n"
" calls      the number of times the function was called, recursive\n"
"            calls included, in the old and the new profile;\n"
" self s     the seconds spent in the function itself;\n"
" total s    those of the function and its children, as the call graph\n"
"            credits them;\n"
" delta      the change from old to new, in percent of old.\n"
" Call arcs are listed by the names of caller and callee.\n"
" Functions are matched by name, static ones by name and file, the\n"
" compiler's copies of a function (f.constprop.0, f.part.0, f.cold) as\n"
" the function.  [added] and [removed] mark functions of one build's\n"
" program only; a function the other run did not call has 0 there.  The\n"
" largest change in time comes first; functions with no change are left\n"
" out.\n";

void
gp_diff_print(const struct gp_diff *d, int brief, FILE *fp)
{
	const struct gp_dfunc **v;
	const struct gp_dfunc *f;
	size_t i, n;

	fprintf(fp, "Comparison of %s (old) and %s (new)\n\n", d->oldname,
	    d->newname);
	fprintf(fp, "Total: %.2f seconds old, %.2f new%s\n\n", d->ototal,
	    d->normalised ? d->ototal : d->ntotal,
	    d->normalised ? " (new times scaled to the old total)" : "");
	v = gp_xcalloc(d->nf, sizeof(*v));
	for (i = n = 0; i < d->nf; i++) {
		f = &d->f[i];
		if (f->in == (GP_D_OLD | GP_D_NEW) && f->oc == f->nc &&
		    f->os == f->ns && f->oi == f->ni)
			continue;
		v[n++] = f;
	}
	gp_sort(v, n, sizeof(*v), bychange);
	fprintf(fp, "%12s %12s %9s %8s %8s %9s %8s %8s  %s\n",
	    "calls", "calls", "", "self s", "self s", "", "total s",
	    "total s", "");
	fprintf(fp, "%12s %12s %9s %8s %8s %9s %8s %8s  %s\n",
	    "old", "new", "delta", "old", "new", "delta", "old", "new",
	    "name");
	for (i = 0; i < n; i++) {
		f = v[i];
		fprintf(fp, "%12ju %12ju", (uintmax_t)f->oc, (uintmax_t)f->nc);
		pct(fp, (double)f->oc, (double)f->nc);
		fprintf(fp, " %8.2f %8.2f", f->os, f->ns);
		pct(fp, f->os, f->ns);
		fprintf(fp, " %8.2f %8.2f  %s%s%s%s%s\n", f->oi, f->ni,
		    f->name, *f->file != '\0' ? " (" : "", f->file,
		    *f->file != '\0' ? ")" : "",
		    f->in == GP_D_OLD ? " [removed]" :
		    f->in == GP_D_NEW ? " [added]" : "");
	}
	if (n == 0)
		fprintf(fp, " no change\n");
	free(v);
	arcsprint(d, fp);
	if (!brief)
		fputs(blurb, fp);
}
