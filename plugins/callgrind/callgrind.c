/*
 * callgrind: the profile in Callgrind's format, for KCachegrind and
 * callgrind_annotate (gp-formats(5)).
 *
 * One event, Time, in microseconds (or the unit asked for); for a
 * profile that counts events in place of time (Ir from callgrind, a perf
 * event), that event, in its own counts.  Each function's self cost is
 * its self time, rounded so that the costs add up to the total; each
 * call line carries the arc's count and, as Callgrind's calls do, the
 * inclusive cost of the calls: the measured calling contexts' time along
 * the arc when the profile has them, else the self and child time gprof
 * propagates along it.  Positions are source lines when the executable
 * has them.
 */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gp/format.h>
#include <gp/input.h>

#include "input.h"
#include "names.h"
#include "pos.h"
#include "units.h"
#include "host.h"

static const struct gp_option options[] = {
	{ "unit", "us|ns|ms|samples",
	    "unit of the Time event (default us; a profile of events: "
	    "its event, or samples)" },
	{ "strip", "yes|no|auto", "names without template arguments and "
	    "parameters (default no)" },
	{ NULL, NULL, NULL },
};

/* A name on one line: newlines and carriage returns become '?'. */
static void
cgname(FILE *out, const char *s)
{
	for (; *s != '\0'; s++)
		putc(*s == '\n' || *s == '\r' ? '?' : *s, out);
}

/* Compressed names: "(id) name" the first time, "(id)" after; files. */
struct names {
	const char	**v;
	size_t		 n;
	size_t		 cap;
};

static int
nameref(FILE *out, struct names *t, const char *s)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (strcmp(t->v[i], s) == 0) {
			fprintf(out, "(%zu)\n", i + 1);
			return 0;
		}
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		if ((t->v = realloc(t->v, t->cap * sizeof(*t->v))) == NULL)
			return -1;
	}
	t->v[t->n++] = s;
	fprintf(out, "(%zu) ", t->n);
	cgname(out, s);
	putc('\n', out);
	return 0;
}

/* Functions: the id is the position in funcs, plus 1. */
static void
fnref(FILE *out, const char *name, size_t i, unsigned char *named)
{
	if (named[i]) {
		fprintf(out, "(%zu)\n", i + 1);
		return;
	}
	named[i] = 1;
	fprintf(out, "(%zu) ", i + 1);
	cgname(out, name);
	putc('\n', out);
}

/*
 * A function's file, spelled the same in fl= and cfl=: below the working
 * directory, relative to it, as callgrind_annotate shows valgrind's (it
 * strips the directory from fl= names alone, which split every function
 * in two when cfl= kept it).
 */
static const char *
sitefile(const char *file, const char *cwd)
{
	size_t n;

	if (file == NULL || file[0] == '\0')
		return "???";
	n = cwd != NULL ? strlen(cwd) : 0;
	if (n > 1 && strncmp(file, cwd, n) == 0 && file[n] == '/' &&
	    file[n + 1] != '\0')
		return file + n + 1;
	return file;
}

static const char *
fileof(const struct gp_pfunc *f, const char *cwd)
{
	return sitefile(f->file, cwd);
}

/*
 * The inclusive cost of the calls along a: what gprof propagates along
 * it.  Between members of a cycle gprof propagates nothing; there, so
 * that KCachegrind's inclusive costs with its cycle detection off are
 * not 0, an estimate: the part of the whole cycle's time that the calls
 * into the callee from outside the cycle leave, shared among the calls
 * into it from inside by their counts.  A member's calls then add up to
 * at most the cycle's time, as a recursive function's outermost call
 * holds all the recursion beneath it.
 */
static int
incycle(const struct gp_parc *a)
{
	const struct gp_pfunc *g = a->callee;

	return a->self + a->child == 0 && g->cyc != NULL &&
	    a->caller->cycle == g->cycle && !a->caller->iscycle;
}

static double
inclusive(const struct gp_parc *a)
{
	const struct gp_pfunc *g = a->callee, *c = g->cyc;
	double room, in = 0;
	size_t i;

	if (!incycle(a))
		return a->self + a->child;
	room = c->propself + c->child;
	for (i = 0; i < g->ncallers; i++) {
		if (g->callers[i]->caller->iscycle)
			continue;
		if (incycle(g->callers[i]))
			in += (double)g->callers[i]->count;
		else
			room -= g->callers[i]->self + g->callers[i]->child;
	}
	return room > 0 && in > 0 ? room * (double)a->count / in : 0;
}

/*
 * A position: "line", or with call sites (positions: instr line) the
 * address too.
 */
static void
position(FILE *out, int instr, uint64_t addr, int line)
{
	if (instr)
		fprintf(out, "%#" PRIx64 " ", addr);
	fprintf(out, "%d", line);
}

/*
 * The calls along arc a to g (owner of the callee), with inclusive cost
 * incl: at each call site (the call before its return address) when the
 * profile has them (GP_HAVE_SITES), the cost shared by the sites'
 * counts; else at the caller `at'.
 */
static int
calls(FILE *out, struct names *files, const char *cwd,
    const struct gp_profile *p, const struct gp_parc *a,
    const struct gp_pfunc *g, const struct gp_pfunc *at, double incl,
    const char **curfile, int instr)
{
	const struct gp_psite *st;
	double c;
	size_t i;

	if (!(p->have & GP_HAVE_SITES) || a->nsites == 0 || a->count == 0) {
		fprintf(out, "calls=%" PRIu64 " ", a->count);
		position(out, instr, g->addr, g->line);
		putc('\n', out);
		position(out, instr, at->addr, at->line);
		fprintf(out, " %.0f\n", incl > 0 ? floor(incl + 0.5) : 0.0);
		return 0;
	}
	for (i = 0; i < a->nsites; i++) {
		st = a->sites[i];
		if (st->count == 0)
			continue;
		if (st->file != NULL && st->line > 0 &&
		    strcmp(sitefile(st->file, cwd), *curfile) != 0) {
			*curfile = sitefile(st->file, cwd);
			fputs("fi=", out);
			if (nameref(out, files, *curfile) == -1)
				return -1;
		}
		c = incl * (double)st->count / (double)a->count;
		fprintf(out, "calls=%" PRIu64 " ", st->count);
		position(out, instr, g->addr, g->line);
		putc('\n', out);
		position(out, instr, st->ret > 0 ? st->ret - 1 : at->addr,
		    st->line > 0 ? st->line : at->line);
		fprintf(out, " %.0f\n", c > 0 ? floor(c + 0.5) : 0.0);
	}
	return 0;
}

/*
 * After gp-sym -l gprof's call graph gives the arcs no time (the time is
 * on line symbols nobody calls), so the calls' inclusive costs are made
 * here from the functions (owners), as gprof makes them: a function's
 * total is its lines' samples and, for each call out of it, the callee's
 * total per call; functions that call each other round (strongly
 * connected, found with Tarjan's algorithm) are one, as gprof's cycles,
 * each call into them from outside getting the same share.
 */
struct lg {
	const struct gp_profile *p;
	const size_t	*own, *grp, *first;
	size_t		 ng;
	struct pos	*pv;
	size_t		*comp;		/* owner -> its component's root */
	size_t		*idx, *low, *stk, nstk, counter;
	unsigned char	*on;
	double		*t;		/* component root -> total samples */
	uint64_t	*lcs;		/* root -> calls in from outside */
	uint64_t	*lout;		/* owner -> calls in from outside */
	uint64_t	*lin;		/* owner -> calls in from inside */
};

/* The owner arc j of member m of o leads to, or (size_t)-1. */
static size_t
lnext(const struct lg *g, size_t m, size_t j)
{
	const struct gp_pfunc *f = g->p->funcs[g->grp[m]];
	long k;

	if (f->callees[j]->callee->iscycle ||
	    (k = pos_find(g->pv, g->p->nfuncs, f->callees[j]->callee)) < 0)
		return (size_t)-1;
	return g->own[k];
}

static void
lscc(struct lg *g, size_t o)
{
	const struct gp_pfunc *f;
	size_t m, j, h, w;
	double t;

	g->idx[o] = g->low[o] = ++g->counter;
	g->stk[g->nstk++] = o;
	g->on[o] = 1;
	for (m = g->first[o]; m < g->ng && g->own[g->grp[m]] == o; m++) {
		f = g->p->funcs[g->grp[m]];
		for (j = 0; j < f->ncallees; j++) {
			if ((h = lnext(g, m, j)) == (size_t)-1 || h == o)
				continue;
			if (g->idx[h] == 0) {
				lscc(g, h);
				if (g->low[h] < g->low[o])
					g->low[o] = g->low[h];
			} else if (g->on[h] && g->idx[h] < g->low[o])
				g->low[o] = g->idx[h];
		}
	}
	if (g->low[o] != g->idx[o])
		return;
	/* A component, its callees' done: its members off the stack. */
	j = g->nstk;
	do {
		w = g->stk[--g->nstk];
		g->on[w] = 0;
		g->comp[w] = o;
	} while (w != o);
	for (t = 0; j-- > g->nstk;) {
		w = g->stk[j];
		for (m = g->first[w]; m < g->ng && g->own[g->grp[m]] == w;
		    m++) {
			f = g->p->funcs[g->grp[m]];
			t += f->samples > 0 ? f->samples : 0;
			for (h = 0; h < f->ncallees; h++) {
				size_t x = lnext(g, m, h);

				if (x == (size_t)-1 || g->comp[x] == o ||
				    g->lcs[g->comp[x]] == 0)
					continue;
				t += g->t[g->comp[x]] *
				    (double)f->callees[h]->count /
				    (double)g->lcs[g->comp[x]];
			}
		}
	}
	g->t[o] = t;
}

/*
 * The inclusive samples of the calls along arc a, from owner o to owner
 * h: the callee's component's total per call from outside it; inside a
 * component, what the calls from outside leave of its total, shared by
 * the calls from inside.
 */
static double
lincl(const struct lg *g, size_t o, size_t h, const struct gp_parc *a)
{
	size_t c = g->comp[h];
	double room;

	if (o == h || (g->lcs[c] == 0 && g->comp[o] != c))
		return 0;
	if (g->comp[o] != c)
		return g->t[c] * (double)a->count / (double)g->lcs[c];
	if (g->lin[h] == 0)
		return 0;
	room = g->t[c] - (g->lcs[c] > 0 ? g->t[c] * (double)g->lout[h] /
	    (double)g->lcs[c] : 0);
	return room > 0 ? room * (double)a->count / (double)g->lin[h] : 0;
}

static void
lfree(struct lg *g)
{
	free(g->comp);
	free(g->idx);
	free(g->low);
	free(g->stk);
	free(g->on);
	free(g->t);
	free(g->lcs);
	free(g->lout);
	free(g->lin);
	free((void *)(uintptr_t)g->first);
	memset(g, 0, sizeof(*g));
}

/* g made when there are line symbols; g->t NULL without. */
static int
lmake(struct lg *g, const struct gp_profile *p, const size_t *own,
    const size_t *grp, size_t ng, struct pos *pv)
{
	const struct gp_pfunc *f;
	size_t i, j, m, h, n = p->nfuncs + 1, *first;
	int lines = 0;

	memset(g, 0, sizeof(*g));
	for (i = 0; i < p->nfuncs; i++)
		if (own[i] != i)
			lines = 1;
	if (!lines)
		return 0;
	g->p = p;
	g->own = own;
	g->grp = grp;
	g->ng = ng;
	g->pv = pv;
	first = calloc(n, sizeof(*first));
	g->comp = calloc(n, sizeof(*g->comp));
	g->idx = calloc(n, sizeof(*g->idx));
	g->low = calloc(n, sizeof(*g->low));
	g->stk = calloc(n, sizeof(*g->stk));
	g->on = calloc(n, 1);
	g->t = calloc(n, sizeof(*g->t));
	g->lcs = calloc(n, sizeof(*g->lcs));
	g->lout = calloc(n, sizeof(*g->lout));
	g->lin = calloc(n, sizeof(*g->lin));
	g->first = first;
	if (first == NULL || g->comp == NULL || g->idx == NULL ||
	    g->low == NULL || g->stk == NULL || g->on == NULL ||
	    g->t == NULL || g->lcs == NULL || g->lout == NULL ||
	    g->lin == NULL) {
		lfree(g);
		return -1;
	}
	for (i = ng; i-- > 0;)
		first[own[grp[i]]] = i;
	/* Components first, then the calls into them, then totals. */
	for (i = 0; i < ng; i++)
		if (g->idx[own[grp[i]]] == 0)
			lscc(g, own[grp[i]]);
	for (m = 0; m < ng; m++) {
		f = p->funcs[grp[m]];
		for (j = 0; j < f->ncallees; j++) {
			if ((h = lnext(g, m, j)) == (size_t)-1 ||
			    h == own[grp[m]])
				continue;
			if (g->comp[h] != g->comp[own[grp[m]]]) {
				g->lcs[g->comp[h]] += f->callees[j]->count;
				g->lout[h] += f->callees[j]->count;
			} else
				g->lin[h] += f->callees[j]->count;
		}
	}
	memset(g->idx, 0, n * sizeof(*g->idx));
	memset(g->t, 0, n * sizeof(*g->t));
	g->counter = 0;
	for (i = 0; i < ng; i++)
		if (g->idx[own[grp[i]]] == 0)
			lscc(g, own[grp[i]]);
	return 0;
}

/* The measured calling contexts' time along each arc (GP_HAVE_CTX). */
struct ctxarc {
	const struct gp_pfunc *caller;
	const struct gp_pfunc *callee;
	double		 incl;
};

static int
byctxarc(const void *a, const void *b)
{
	const struct ctxarc *x = a, *y = b;

	if (x->caller != y->caller)
		return (uintptr_t)x->caller < (uintptr_t)y->caller ? -1 : 1;
	if (x->callee != y->callee)
		return (uintptr_t)x->callee < (uintptr_t)y->callee ? -1 : 1;
	return 0;
}

/*
 * Each context's inclusive time, on the arc from its parent's function
 * to its own: recursion is folded in the trees, so no time is counted
 * twice.  Sorted for bsearch; *n of them; NULL with *n 0: none.
 */
static struct ctxarc *
ctxarcs(const struct gp_profile *p, size_t *n, int *nomem)
{
	const struct gp_pctxtree *t;
	const struct gp_pctx *c;
	struct ctxarc *v;
	size_t i, j, m, all = 0;

	*n = 0;
	*nomem = 0;
	if (!(p->have & GP_HAVE_CTX))
		return NULL;
	for (i = 0; i < p->nctxtrees; i++)
		all += p->ctxtrees[i]->nnodes;
	if (all == 0)
		return NULL;
	if ((v = calloc(all, sizeof(*v))) == NULL) {
		*nomem = 1;
		return NULL;
	}
	for (m = i = 0; i < p->nctxtrees; i++) {
		t = p->ctxtrees[i];
		for (j = 0; j < t->nnodes; j++) {
			c = t->nodes[j];
			if (c->parent == NULL || c->func == NULL ||
			    c->parent->func == NULL)
				continue;
			v[m].caller = c->parent->func;
			v[m].callee = c->func;
			v[m++].incl = c->incl;
		}
	}
	if (m > 1)
		qsort(v, m, sizeof(*v), byctxarc);
	for (i = j = 0; i < m; i++) {	/* one per arc, summed */
		if (j > 0 && byctxarc(&v[j - 1], &v[i]) == 0)
			v[j - 1].incl += v[i].incl;
		else
			v[j++] = v[i];
	}
	*n = j;
	return v;
}

/*
 * The function each entry is a part of: itself, or for a line symbol
 * (gp-sym -l: not a function) the function of the same name at the
 * highest address below it.  grp: the entries (cycles left out) by
 * owner, then address.
 */
static const struct gp_profile *sortp;
static const size_t *sortown;

static int
byowner(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	const struct gp_pfunc *fx = sortp->funcs[x], *fy = sortp->funcs[y];

	if (sortown[x] != sortown[y])
		return sortown[x] < sortown[y] ? -1 : 1;
	if (fx->addr != fy->addr)
		return fx->addr < fy->addr ? -1 : 1;
	return x < y ? -1 : x > y;
}

static int
byaddr(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	const struct gp_pfunc *fx = sortp->funcs[x], *fy = sortp->funcs[y];

	if (fx->addr != fy->addr)
		return fx->addr < fy->addr ? -1 : 1;
	return x < y ? -1 : x > y;
}

static int
owners(const struct gp_profile *p, size_t **ownp, size_t **grpp, size_t *ng)
{
	const struct gp_pfunc *f, *h;
	size_t *own, *grp, *fn, nfn, i, lo, hi, mid;

	own = calloc(p->nfuncs + 1, sizeof(*own));
	grp = calloc(p->nfuncs + 1, sizeof(*grp));
	fn = calloc(p->nfuncs + 1, sizeof(*fn));
	if (own == NULL || grp == NULL || fn == NULL) {
		free(own);
		free(grp);
		free(fn);
		return -1;
	}
	sortp = p;
	for (nfn = i = 0; i < p->nfuncs; i++) {
		own[i] = i;
		f = p->funcs[i];
		if (!f->iscycle && (f->symflags & GP_PSYM_FUNC))
			fn[nfn++] = i;
	}
	if (nfn > 1)
		qsort(fn, nfn, sizeof(*fn), byaddr);
	for (*ng = i = 0; i < p->nfuncs; i++) {
		f = p->funcs[i];
		if (f->iscycle)
			continue;
		grp[(*ng)++] = i;
		if (f->symflags & GP_PSYM_FUNC)
			continue;
		/* The last function at or below f's address. */
		for (lo = 0, hi = nfn; lo < hi;) {
			mid = (lo + hi) / 2;
			if (p->funcs[fn[mid]]->addr <= f->addr)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo > 0) {
			h = p->funcs[fn[lo - 1]];
			if (strcmp(h->name, f->name) == 0)
				own[i] = fn[lo - 1];
		}
	}
	sortown = own;
	if (*ng > 1)
		qsort(grp, *ng, sizeof(*grp), byowner);
	free(fn);
	*ownp = own;
	*grpp = grp;
	return 0;
}

static int
write_callgrind(struct gp_ctx *ctx, const struct gp_profile *p, FILE *out)
{
	struct names files;
	struct pos *pv;
	unsigned char *named;
	long k;
	const struct gp_pfunc *f, *g;
	const struct gp_parc *a;
	unsigned long long *iself, total;
	const char *unit;
	double scale, *self, incl;
	struct ctxarc *cv, key, *ca;
	size_t i, j, ncv, *own = NULL, *grp = NULL, ng, gi, ge, m, o;
	const char *curfile;
	struct lg lg;
	int any, instr;
	int rv = -1, nomem, mode;
	char *cwd, **names, ev[64], msg[256];

	if ((unit = host->option(ctx, "unit")) == NULL)
		unit = event_unit(p) != NULL ? event_unit(p) : "us";
	if ((scale = unit_scale(p, unit)) == 0) {
		host->error(ctx, "%s", unit_refused(p, unit,
		    "us, ns, ms or samples", msg, sizeof(msg)));
		return -1;
	}
	/* The event's name as Callgrind's names go: letters, digits, _. */
	snprintf(ev, sizeof(ev), "%s",
	    event_unit(p) != NULL ? event_unit(p) : "Time");
	for (i = 0; ev[i] != '\0'; i++)
		if (!(ev[i] >= 'a' && ev[i] <= 'z') &&
		    !(ev[i] >= 'A' && ev[i] <= 'Z') &&
		    !(i > 0 && ev[i] >= '0' && ev[i] <= '9'))
			ev[i] = '_';
	if ((mode = strip_option(ctx, STRIP_NO)) == -1)
		return -1;
	memset(&lg, 0, sizeof(lg));
	cwd = getcwd(NULL, 0);
	names = names_make(p, mode);
	cv = ctxarcs(p, &ncv, &nomem);
	memset(&files, 0, sizeof(files));
	self = calloc(p->nfuncs + 1, sizeof(*self));
	iself = calloc(p->nfuncs + 1, sizeof(*iself));
	named = calloc(p->nfuncs + 1, 1);
	pv = pos_make((const void *const *)p->funcs, p->nfuncs);
	if (self == NULL || iself == NULL || named == NULL || pv == NULL ||
	    names == NULL || nomem)
		goto nomem;
	for (i = 0; i < p->nfuncs; i++)
		if (!p->funcs[i]->iscycle && p->funcs[i]->samples > 0)
			self[i] = p->funcs[i]->samples * scale;
	round_sum(self, iself, p->nfuncs);
	if (owners(p, &own, &grp, &ng) == -1 ||
	    lmake(&lg, p, own, grp, ng, pv) == -1)
		goto nomem;
	for (total = 0, i = 0; i < p->nfuncs; i++)
		total += iself[i];

	fprintf(out, "# callgrind format\n");
	fprintf(out, "version: 1\n");
	fprintf(out, "creator: gptools gp-fmt -o callgrind (from gprof "
	    "data)\n");
	if (p->exe != NULL) {
		fprintf(out, "cmd: ");
		cgname(out, p->exe);
		putc('\n', out);
	}
	/* Addresses too when the call sites are known exactly enough. */
	instr = (p->have & GP_HAVE_SITES) != 0;
	fprintf(out, "positions: %s\n", instr ? "instr line" : "line");
	if (event_unit(p) != NULL && strcmp(unit, "samples") != 0)
		fprintf(out, "event: %s : %s\n", ev, ev);
	else
		fprintf(out, "event: %s : %s (%s)\n", ev, ev, unit);
	fprintf(out, "events: %s\n", ev);
	fprintf(out, "summary: %llu\n\n", total);

	/*
	 * One fn= block per function: after gp-sym -l its line symbols
	 * (not functions, gp-stream(5)) are lines of the function before
	 * them, each with its own cost and calls, at its line.
	 */
	for (gi = 0; gi < ng; gi = ge) {
		o = grp[gi];
		for (ge = gi + 1; ge < ng && own[grp[ge]] == own[o]; ge++)
			continue;
		o = own[o];
		for (any = 0, m = gi; m < ge; m++) {
			f = p->funcs[grp[m]];
			if (iself[grp[m]] > 0 || f->ncallees > 0 || f->calls > 0)
				any = 1;
		}
		if (!any)
			continue;
		fputs("fl=", out);
		if (nameref(out, &files, fileof(p->funcs[o], cwd)) == -1)
			goto nomem;
		fputs("fn=", out);
		fnref(out, names[o], o, named);
		curfile = fileof(p->funcs[o], cwd);
		for (m = gi; m < ge; m++) {
			i = grp[m];
			f = p->funcs[i];
			if (strcmp(fileof(f, cwd), curfile) != 0) {
				curfile = fileof(f, cwd);
				fputs("fi=", out);
				if (nameref(out, &files, curfile) == -1)
					goto nomem;
			}
			if (iself[i] > 0 || m == gi) {
				position(out, instr, f->addr, f->line);
				fprintf(out, " %llu\n", iself[i]);
			}
			for (j = 0; j < f->ncallees; j++) {
				a = f->callees[j];
				g = a->callee;
				if (g->iscycle ||
				    (k = pos_find(pv, p->nfuncs, g)) < 0)
					continue;
				k = (long)own[k];
				g = p->funcs[k];
				fputs("cfl=", out);
				if (nameref(out, &files, fileof(g, cwd)) == -1)
					goto nomem;
				fputs("cfn=", out);
				fnref(out, names[k], (size_t)k, named);
				key.caller = a->caller;
				key.callee = a->callee;
				if (ncv > 0 && (ca = bsearch(&key, cv, ncv,
				    sizeof(key), byctxarc)) != NULL)
					incl = ca->incl * p->hz * scale;
				else if (lg.t != NULL)
					incl = lincl(&lg, o, (size_t)k, a) *
					    scale;
				else
					incl = inclusive(a) * p->hz * scale;
				if (calls(out, &files, cwd, p, a, g, f, incl,
				    &curfile, instr) == -1)
					goto nomem;
			}
		}
		putc('\n', out);
	}
	fprintf(out, "totals: %llu\n", total);
	rv = 0;
	goto done;
nomem:
	host->error(ctx, "out of memory");
done:
	free(self);
	free(iself);
	free(files.v);
	free(named);
	free(pv);
	free(cwd);
	free(cv);
	free(own);
	free(grp);
	lfree(&lg);
	names_free(names, p->nfuncs);
	return rv;
}

PLUG_FORMAT_WITH((.needs = GP_HAVE_GRAPH | GP_HAVE_SITES, .options = options,
    .write = write_callgrind), .name = "callgrind",
    .desc = "Callgrind's format for KCachegrind and callgrind_annotate",
    .version = "1", .init = plug_init, .input = &callgrind_input);
