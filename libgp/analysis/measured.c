/*
 * Measured analysis (analysis/measured.h): the runtime layer's measurements
 * resolved to the symbol layer, and the credit layer made from them.
 */
#include <err.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stream/stream.h"
#include "analysis/credit.h"
#include "analysis/graph.h"
#include "analysis/measured.h"
#include "gprt/runtime.h"
#include "sym/symspec.h"
#include "sym/symtab.h"

#define NONE	SIZE_MAX

void
gp_meas_free(struct gp_meas *m)
{
	if (m == NULL)
		return;
	free(m->self);
	free(m->incl);
	free(m->spont);
	free(m->spontc);
	free(m->arcs);
	free(m);
}

/* Each map record's object in the symbol layer, by path. */
static void
bindobjs(const struct gp_prof *p)
{
	struct gp_rtgroup *g;
	size_t k, i;

	if (p->rt->bound == p->sym)
		return;
	for (k = 0; k < p->rt->ngroups; k++) {
		g = &p->rt->groups[k];
		for (i = 0; i < g->nobjs; i++)
			g->objs[i].symobj = i == 0 ? NONE :
			    gp_sym_objfind(p->sym, g->objs[i].path);
	}
	p->rt->bound = p->sym;
}

size_t
gp_rt_sym(const struct gp_prof *p, size_t gi, const struct gp_rtaddr *a,
    int func)
{
	const struct gp_symtab *st = p->sym;
	const struct gp_rtobj *o;
	const struct gp_sym *s, *lo;

	if (st == NULL || p->rt == NULL || gi >= p->rt->ngroups || a->obj < 0)
		return GP_NOSYM;
	bindobjs(p);
	if (a->obj == 0) {
		s = gp_sym_lookup(st, a->addr);
		lo = st->syms;
	} else {
		o = &p->rt->groups[gi].objs[a->obj];
		if (o->symobj == NONE || o->symobj >= st->nobjs)
			return GP_NOSYM;
		s = gp_sym_objlookup(st, o->symobj, a->addr);
		lo = &st->syms[st->objs[o->symobj].first];
	}
	if (s == NULL)
		return GP_NOSYM;
	/*
	 * A callee backs up to a function, as in gprof's cg_tally, unless
	 * a symbol begins at its very address: a measured callee is where
	 * a function begins (the runtime's this_fn, the function Callgrind
	 * or perf named), and a symbol there is its name even when it is
	 * not typed a function (ld.so's _start, NOTYPE, is not the end of
	 * the _dl_help before it).
	 */
	while (func && s > lo && !(s->flags & GP_SYM_FUNC) &&
	    s->addr != a->addr)
		s--;
	if (func && !(s->flags & GP_SYM_FUNC) && s->addr != a->addr)
		return GP_NOSYM;
	return (size_t)(s - st->syms);
}

/*
 * The function holding symbol s, the symbol of address a of group g: s,
 * or the function symbol before it in its object (-l's line symbols).
 */
static size_t
holder(const struct gp_prof *p, size_t g, const struct gp_rtaddr *a,
    size_t s)
{
	const struct gp_symtab *st = p->sym;
	size_t lo = 0;

	if (a->obj > 0)
		lo = st->objs[p->rt->groups[g].objs[a->obj].symobj].first;
	while (s > lo && !(st->syms[s].flags & GP_SYM_FUNC))
		s--;
	return s;
}

static int
cmpmarc(const void *a, const void *b)
{
	const struct gp_marc *x = a, *y = b;

	if (x->parent != y->parent)
		return x->parent < y->parent ? -1 : 1;
	if (x->child != y->child)
		return x->child < y->child ? -1 : 1;
	return 0;
}

static int
cmpmarcg(const void *a, const void *b)
{
	const struct gp_marc *x = a, *y = b;
	int c;

	if ((c = cmpmarc(a, b)) != 0)
		return c;
	if (x->group != y->group)
		return x->group < y->group ? -1 : 1;
	return 0;
}

/*
 * The measurements resolved to symbols.  Ticks are summed before they are
 * made seconds, group by group (one rate each): a stream split by thread
 * (gmon-cat -t) or not gives the same sums, and the same report.
 */
const struct gp_meas *
gp_meas_get(struct gp_prof *p)
{
	const struct gp_rtarc *ra;
	struct gp_meas *m;
	struct gp_marc *v;
	uint64_t *st, *it, *pt, tot, lost;
	size_t *touched, *byg, *gstart, ntouched, g, i, j, k, n, ps, cs;
	unsigned char *entered;
	double rate;

	if (p->rt == NULL || p->rt->narcs == 0 || p->sym == NULL)
		return NULL;
	if (p->meas != NULL && p->rt->bound == p->sym)
		return p->meas;
	gp_meas_free(p->meas);
	p->meas = NULL;
	m = gp_xcalloc(1, sizeof(*m));
	m->nsyms = GP_NSYMS(p->sym);
	m->self = gp_xcalloc(m->nsyms + 1, sizeof(*m->self));
	m->incl = gp_xcalloc(m->nsyms + 1, sizeof(*m->incl));
	m->spont = gp_xcalloc(m->nsyms + 1, sizeof(*m->spont));
	m->spontc = gp_xcalloc(m->nsyms + 1, sizeof(*m->spontc));
	st = gp_xcalloc(m->nsyms + 1, sizeof(*st));
	it = gp_xcalloc(m->nsyms + 1, sizeof(*it));
	pt = gp_xcalloc(m->nsyms + 1, sizeof(*pt));
	touched = gp_xcalloc(m->nsyms + 1, sizeof(*touched));
	v = gp_xcalloc(p->rt->narcs + 1, sizeof(*v));
	/* the arcs by group, in stream order within each */
	gstart = gp_xcalloc((p->rt->ngroups + 1) + 1, sizeof(*gstart));
	byg = gp_xcalloc(p->rt->narcs + 1, sizeof(*byg));
	for (i = 0; i < p->rt->narcs; i++)
		gstart[p->rt->arcs[i].group + 1]++;
	for (g = 0; g < p->rt->ngroups; g++)
		gstart[g + 1] += gstart[g];
	for (i = 0; i < p->rt->narcs; i++)
		byg[gstart[p->rt->arcs[i].group]++] = i;
	/*
	 * The functions the hooks saw entered.  A call site in any other
	 * function is in code without hooks (qsort calling back, a library
	 * function built without them, the kernel's signal return): its
	 * calls are spontaneous, as gprt(3) says, for the time they took
	 * went to the hooked call below them on the stack, never to the
	 * function holding the site, which has no measured time to hold it.
	 */
	entered = gp_xcalloc(m->nsyms + 1, 1);
	for (i = 0; i < p->rt->narcs; i++) {
		ra = &p->rt->arcs[i];
		if (gp_rt_hooked(p->rt, ra->group) &&
		    (cs = gp_rt_sym(p, ra->group, &ra->self, 1)) != GP_NOSYM)
			entered[cs] = 1;
	}
	n = 0;
	for (j = g = 0; g < p->rt->ngroups; g++) {
		rate = p->rt->groups[g].rate;
		tot = lost = 0;
		ntouched = 0;
		for (; j < p->rt->narcs && p->rt->arcs[byg[j]].group == g;
		    j++) {
			ra = &p->rt->arcs[byg[j]];
			tot += ra->selfticks;
			cs = gp_rt_sym(p, g, &ra->self, 1);
			if (cs == GP_NOSYM) {
				lost += ra->selfticks;
				m->nlost++;
				continue;
			}
			if (st[cs] == 0 && it[cs] == 0 && pt[cs] == 0)
				touched[ntouched++] = cs;
			st[cs] += ra->selfticks;
			it[cs] += ra->inclticks;
			ps = gp_rt_sym(p, g, &ra->from, 0);
			if (ps != GP_NOSYM && gp_rt_hooked(p->rt, g) &&
			    !entered[holder(p, g, &ra->from, ps)])
				ps = GP_NOSYM;
			if (ps == GP_NOSYM) {
				pt[cs] += ra->inclticks;
				m->spontc[cs] += ra->count;
				continue;
			}
			v[n].parent = ps;
			v[n].child = cs;
			v[n].count = ra->count;
			v[n].group = g;
			v[n].selfticks = ra->selfticks;
			v[n].inclticks = ra->inclticks;
			n++;
		}
		m->total += (double)tot / rate;
		m->lost += (double)lost / rate;
		for (k = 0; k < ntouched; k++) {
			cs = touched[k];
			m->self[cs] += (double)st[cs] / rate;
			m->incl[cs] += (double)it[cs] / rate;
			m->spont[cs] += (double)pt[cs] / rate;
			st[cs] = it[cs] = pt[cs] = 0;
		}
	}
	free(st);
	free(it);
	free(pt);
	free(touched);
	free(entered);
	free(byg);
	free(gstart);
	/*
	 * One arc for each caller and callee: their call sites summed, in
	 * ticks within a group, then in seconds over the groups.
	 */
	gp_sort(v, n, sizeof(*v), cmpmarcg);
	for (k = i = 0; i < n; i++) {
		if (k > 0 && cmpmarcg(&v[k - 1], &v[i]) == 0) {
			v[k - 1].count += v[i].count;
			v[k - 1].selfticks += v[i].selfticks;
			v[k - 1].inclticks += v[i].inclticks;
		} else
			v[k++] = v[i];
	}
	m->narcs = 0;
	for (i = 0; i < k; i++) {
		rate = p->rt->groups[v[i].group].rate;
		v[i].self = (double)v[i].selfticks / rate;
		v[i].incl = (double)v[i].inclticks / rate;
		if (m->narcs > 0 && cmpmarc(&v[m->narcs - 1], &v[i]) == 0) {
			v[m->narcs - 1].count += v[i].count;
			v[m->narcs - 1].self += v[i].self;
			v[m->narcs - 1].incl += v[i].incl;
		} else
			v[m->narcs++] = v[i];
	}
	m->arcs = v;
	p->meas = m;
	return m;
}

int
gp_meas_credit(struct gp_prof *p, struct gp_credit *c)
{
	const struct gp_meas *m;
	const struct gp_symtab *st = p->sym;
	struct gp_tables *tb;
	size_t i;
	int pass;

	if ((m = gp_meas_get(p)) == NULL)
		return 0;
	if (c->ntime < m->nsyms) {
		free(c->time);
		c->time = gp_xcalloc(m->nsyms + 1, sizeof(*c->time));
		c->ntime = m->nsyms;
	}
	memset(c->time, 0, c->ntime * sizeof(*c->time));
	if (gp_rt_event(p->rt) != NULL) {
		/* event counts: one "sample" per event, named for it */
		c->hz = 1;
		snprintf(c->dimen, sizeof(c->dimen), "%s", gp_rt_event(p->rt));
		c->abbrev = c->dimen[0];
	}
	if (c->hz == 0)
		c->hz = 100;
	if (c->nhist == 0)
		c->nhist = 1;	/* what the flat profile needs */
	c->total = 0.0;
	tb = gp_tables_make(&c->flat, st);
	for (i = 0; i < m->nsyms; i++) {
		/* the specs name the executable's symbols alone */
		if (i < st->nsyms)
			pass = gp_tables_pass(tb, GP_INCL_FLAT,
			    st->syms[i].addr);
		else
			pass = gp_tables_empty(tb, GP_INCL_FLAT);
		if (!pass || m->self[i] == 0)
			continue;
		c->time[i] = m->self[i] * c->hz;
		c->total += c->time[i];
	}
	/*
	 * The time of functions that no symbol covers counts in the total,
	 * as gprof's samples outside every symbol do: a function's share
	 * is of all the time measured.
	 */
	c->total += m->lost * c->hz;
	gp_tables_free(tb);
	return 1;
}
