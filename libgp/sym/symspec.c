/*
 * gprof's symspecs and the tables they fill.
 *
 * Binding follows GNU gprof 2.40 (gp-stream(5) gives the records):
 *  - a spec is split at its first '/' into a left and a right half;
 *  - a half is split at its last ':' into FILE and FUNC or LINE; without
 *    a ':', a half containing a '.' is a FILE, one starting with a digit a
 *    LINE, anything else a FUNC;
 *  - a FILE is compared with the last component of the symbol's file
 *    name, a FUNC with the symbol's name (less the target's leading
 *    character, as '_' on some targets), a LINE with the symbol's line;
 *    an empty half matches every symbol;
 *  - each spec's left matches make table entries, runs of consecutive
 *    symbols merged into one address range; the entries are made symbol
 *    by symbol, and for each symbol spec by spec, newest spec first;
 *  - each table is then sorted by address (stably) and only the first
 *    entry at an address is kept;
 *  - an address is in a table if the entry with the greatest start not
 *    above it reaches it;
 *  - an arc FROM -> TO is in a table if an entry of the table contains
 *    FROM and its spec's right half has a range containing TO.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "sym/symspec.h"
#include "sym/symtab.h"

struct pattern {
	const char	*file;		/* NULL: any */
	int		 hasfile;
	long		 line;		/* 0: any */
	const char	*name;		/* NULL: any */
};

struct range {
	uint64_t	 lo;
	uint64_t	 hi;
	size_t		 spec;		/* which spec made it */
	size_t		 seq;		/* creation order */
};

struct table {
	struct range	*v;
	size_t		 n;
	size_t		 cap;
};

struct gp_tables {
	struct table	 t[GP_NTABLES];
	struct table	 right;		/* right halves of arc specs */
	/* for arc specs: the right ranges of spec i are right.v[r0[i]..r1[i]) */
	size_t		*r0;
	size_t		*r1;
	int		 anyarc;
};

static const char *const tnames[GP_NTABLES] = {
	"incl-flat", "excl-flat", "incl-time", "excl-time",
	"incl-graph", "excl-graph", "incl-arcs", "excl-arcs",
};

/* gprof's default_excluded_list. */
static const char *const defexcl[] = {
	"_gprof_mcount", "mcount", "_mcount", "__mcount", "__mcount_internal",
	"__mcleanup", NULL
};

const char *
gp_table_name(enum gp_table t)
{
	return t < GP_NTABLES ? tnames[t] : "?";
}

int
gp_table_byname(const char *s)
{
	int i;

	for (i = 0; i < GP_NTABLES; i++)
		if (strcmp(tnames[i], s) == 0)
			return i;
	return -1;
}

void
gp_specs_add(struct gp_specs *s, enum gp_table t, const char *spec)
{
	s->v = gp_xgrow(s->v, &s->cap, s->n, 16, sizeof(*s->v));
	s->v[s->n].table = t;
	if ((s->v[s->n].spec = strdup(spec)) == NULL)
		err(1, NULL);
	s->n++;
}

void
gp_specs_defaults(struct gp_specs *s)
{
	const char *const *p;

	for (p = defexcl; *p != NULL; p++) {
		gp_specs_add(s, GP_EXCL_TIME, *p);
		gp_specs_add(s, GP_EXCL_GRAPH, *p);
		gp_specs_add(s, GP_EXCL_FLAT, *p);
	}
}

/*
 * gprof's option letters that take a symspec but -q and -Q, and the
 * tables each adds it to (GP_NTABLES: no second).
 */
static const struct {
	int		 ch;
	enum gp_table	 table, table2;
} specopts[] = {
	{ 'e',	GP_EXCL_GRAPH,	GP_NTABLES },
	{ 'E',	GP_EXCL_GRAPH,	GP_EXCL_TIME },
	{ 'f',	GP_INCL_GRAPH,	GP_NTABLES },
	{ 'F',	GP_INCL_GRAPH,	GP_INCL_TIME },
	{ 'k',	GP_EXCL_ARCS,	GP_NTABLES },
	{ 'n',	GP_INCL_TIME,	GP_NTABLES },
	{ 'N',	GP_EXCL_TIME,	GP_NTABLES },
	{ 'p',	GP_INCL_FLAT,	GP_NTABLES },
	{ 'P',	GP_EXCL_FLAT,	GP_NTABLES },
};
#define NSPECOPTS	(sizeof(specopts) / sizeof(specopts[0]))

/*
 * gprof's option letters that take a symspec.  Returns 1 if ch is one of
 * them, 0 if not.
 */
int
gp_specs_opt(struct gp_specs *s, int ch, const char *arg)
{
	size_t i;
	int arc;

	if (arg == NULL)	/* getopt's '?' or ':': not an option */
		return 0;
	arc = strchr(arg, '/') != NULL;
	if (ch == 'q') {
		gp_specs_add(s, arc ? GP_INCL_ARCS : GP_INCL_GRAPH, arg);
		return 1;
	}
	if (ch == 'Q') {
		gp_specs_add(s, arc ? GP_EXCL_ARCS : GP_EXCL_GRAPH, arg);
		return 1;
	}
	for (i = 0; i < NSPECOPTS && specopts[i].ch != ch; i++)
		;
	if (i == NSPECOPTS)
		return 0;
	gp_specs_add(s, specopts[i].table, arg);
	if (specopts[i].table2 != GP_NTABLES)
		gp_specs_add(s, specopts[i].table2, arg);
	return 1;
}

unsigned
gp_specs_mask(const struct gp_specs *s)
{
	unsigned m = 0;
	size_t i;

	if (s == NULL)
		return 0;
	for (i = 0; i < s->n; i++)
		m |= 1U << s->v[i].table;
	return m;
}

void
gp_specs_free(struct gp_specs *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->v[i].spec);
	free(s->v);
	memset(s, 0, sizeof(*s));
}

/* Parse one half in place (gprof's parse_spec). */
static void
parsehalf(char *spec, struct pattern *p)
{
	char *colon;

	memset(p, 0, sizeof(*p));
	if ((colon = strrchr(spec, ':')) != NULL) {
		*colon = '\0';
		if (colon > spec) {
			p->file = spec;
			p->hasfile = 1;
		}
		spec = colon + 1;
	} else if (strchr(spec, '.') != NULL) {
		p->file = spec;
		p->hasfile = 1;
		return;
	}
	if (*spec >= '0' && *spec <= '9') {
		/* atoi: the leading digits */
		for (; *spec >= '0' && *spec <= '9'; spec++)
			if (p->line < 100000000)
				p->line = p->line * 10 + (*spec - '0');
	} else if (*spec != '\0')
		p->name = spec;
}

static const char *
basename_of(const char *path)
{
	const char *s = strrchr(path, '/');

	return s != NULL ? s + 1 : path;
}

static int
match(const struct pattern *p, const struct gp_sym *sym, char lead)
{
	const char *name = sym->name;

	if (p->hasfile && (sym->file == NULL ||
	    strcmp(p->file, basename_of(sym->file)) != 0))
		return 0;
	if (p->line != 0 && p->line != sym->line)
		return 0;
	/* the target's leading character is not part of a name given */
	if (lead != '\0' && name[0] == lead)
		name++;
	if (p->name != NULL && strcmp(p->name, name) != 0)
		return 0;
	return 1;
}

static size_t
addrange(struct table *t, uint64_t lo, uint64_t hi, size_t spec)
{
	t->v = gp_xgrow(t->v, &t->cap, t->n, 16, sizeof(*t->v));
	t->v[t->n].lo = lo;
	t->v[t->n].hi = hi;
	t->v[t->n].spec = spec;
	t->v[t->n].seq = t->n;
	return t->n++;
}

static int
cmprange(const void *a, const void *b)
{
	const struct range *l = a, *r = b;

	if (l->lo != r->lo)
		return l->lo < r->lo ? -1 : 1;
	/* stable: the earlier made first */
	return l->seq < r->seq ? -1 : l->seq > r->seq;
}

/* gprof's symtab_finalize on a table: sort, keep the first at an address. */
static void
finalize(struct table *t)
{
	size_t i, n;

	if (t->n == 0)
		return;
	gp_sort(t->v, t->n, sizeof(*t->v), cmprange);
	for (i = 1, n = 1; i < t->n; i++)
		if (t->v[i].lo != t->v[n - 1].lo)
			t->v[n++] = t->v[i];
	t->n = n;
}

struct specname {
	const char	*name;
	size_t		 k;
};

static int
cmpspecname(const void *a, const void *b)
{
	const struct specname *l = a, *r = b;
	int c;

	if ((c = strcmp(l->name, r->name)) != 0)
		return c;
	return l->k > r->k ? -1 : l->k < r->k;	/* newest first */
}

/*
 * The specs by the function they name, sorted by name and newest first
 * within a name; and, newest first, the wild specs: those a symbol of
 * any name can match (a half without a function).
 */
static struct specname *
index_specs(const struct pattern *left, const struct pattern *right,
    size_t ns, size_t *nnames, size_t **wildp, size_t *nwild)
{
	struct specname *v;
	size_t *wild, k, n = 0, nw = 0;

	if ((v = calloc(2 * ns, sizeof(*v))) == NULL ||
	    (wild = calloc(ns, sizeof(*wild))) == NULL)
		err(1, NULL);
	for (k = ns; k-- > 0;) {
		if (left[k].name == NULL ||
		    (right[k].line != -1 && right[k].name == NULL)) {
			wild[nw++] = k;
			continue;
		}
		v[n].name = left[k].name;
		v[n++].k = k;
		if (right[k].line != -1 &&
		    strcmp(right[k].name, left[k].name) != 0) {
			v[n].name = right[k].name;
			v[n++].k = k;
		}
	}
	if (n > 0)
		gp_sort(v, n, sizeof(*v), cmpspecname);
	*nnames = n;
	*wildp = wild;
	*nwild = nw;
	return v;
}

/* The first of v[0..n) whose name is not below name. */
static size_t
lower(const struct specname *v, size_t n, const char *name)
{
	size_t lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (strcmp(v[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

struct gp_tables *
gp_tables_make(const struct gp_specs *specs, const struct gp_symtab *st)
{
	struct gp_tables *tb;
	struct pattern *left, *right;
	size_t *lprev, *rprev, *lidx, *ridx, *wild;
	struct specname *names;
	char **bufs;
	size_t i, k, j, ns, nnames, nwild;
	char *slash;

	if ((tb = calloc(1, sizeof(*tb))) == NULL)
		err(1, NULL);
	ns = specs != NULL ? specs->n : 0;
	if (ns == 0)
		return tb;
	left = calloc(ns, sizeof(*left));
	right = calloc(ns, sizeof(*right));
	lprev = calloc(ns, sizeof(*lprev));
	rprev = calloc(ns, sizeof(*rprev));
	lidx = calloc(ns, sizeof(*lidx));
	ridx = calloc(ns, sizeof(*ridx));
	bufs = calloc(ns, sizeof(*bufs));
	tb->r0 = calloc(ns, sizeof(*tb->r0));
	tb->r1 = calloc(ns, sizeof(*tb->r1));
	if (left == NULL || right == NULL || lprev == NULL || rprev == NULL ||
	    lidx == NULL || ridx == NULL || bufs == NULL || tb->r0 == NULL ||
	    tb->r1 == NULL)
		err(1, NULL);
	for (i = 0; i < ns; i++) {
		if ((bufs[i] = strdup(specs->v[i].spec)) == NULL)
			err(1, NULL);
		if ((slash = strchr(bufs[i], '/')) != NULL) {
			*slash = '\0';
			parsehalf(slash + 1, &right[i]);
		}
		parsehalf(bufs[i], &left[i]);
		if (slash == NULL)
			right[i].line = -1;	/* no right half */
		lprev[i] = rprev[i] = (size_t)-1;
	}
	/*
	 * Symbol by symbol, spec by spec, the newest spec first (gprof
	 * prepends each spec to its list).  A match right after the spec's
	 * previous match extends that match's range.  Only the specs that
	 * can match a symbol are tried: those naming it (found in byname)
	 * and those naming no function (wild), merged newest first; gprof
	 * tries every spec on every symbol, which is the same result in
	 * time proportional to symbols times specs.
	 */
	names = index_specs(left, right, ns, &nnames, &wild, &nwild);
	for (j = 0; j < st->nsyms; j++) {
		const struct gp_sym *sym = &st->syms[j];
		const char *nm = sym->name;
		size_t a, b, w;

		if (st->lead != '\0' && nm[0] == st->lead)
			nm++;
		a = lower(names, nnames, nm);
		for (b = a; b < nnames && strcmp(names[b].name, nm) == 0; b++)
			;
		for (w = 0; a < b || w < nwild;) {
			struct table *t;

			if (w == nwild || (a < b && names[a].k > wild[w]))
				k = names[a++].k;
			else
				k = wild[w++];
			t = &tb->t[specs->v[k].table];
			if (match(&left[k], sym, st->lead)) {
				if (lprev[k] == (size_t)-1 || lprev[k] + 1 != j)
					lidx[k] = addrange(t, sym->addr,
					    sym->end, k);
				t->v[lidx[k]].hi = sym->end;
				lprev[k] = j;
			}
			if (right[k].line != -1 &&
			    match(&right[k], sym, st->lead)) {
				if (rprev[k] == (size_t)-1 || rprev[k] + 1 != j)
					ridx[k] = addrange(&tb->right,
					    sym->addr, sym->end, k);
				tb->right.v[ridx[k]].hi = sym->end;
				rprev[k] = j;
			}
		}
	}
	free(names);
	free(wild);
	/* Group the right ranges by spec, keeping their order. */
	if (tb->right.n > 0) {
		struct range *v;
		size_t *cnt, pos;

		if ((cnt = calloc(ns + 1, sizeof(*cnt))) == NULL ||
		    (v = calloc(tb->right.n, sizeof(*v))) == NULL)
			err(1, NULL);
		for (i = 0; i < tb->right.n; i++)
			cnt[tb->right.v[i].spec]++;
		for (i = 0, pos = 0; i < ns; i++) {
			tb->r0[i] = tb->r1[i] = pos;
			pos += cnt[i];
		}
		for (i = 0; i < tb->right.n; i++)
			v[tb->r1[tb->right.v[i].spec]++] = tb->right.v[i];
		free(tb->right.v);
		tb->right.v = v;
		tb->right.cap = tb->right.n;
		tb->anyarc = 1;
		free(cnt);
	}
	for (i = 0; i < GP_NTABLES; i++)
		finalize(&tb->t[i]);
	for (i = 0; i < ns; i++)
		free(bufs[i]);
	free(bufs);
	free(left);
	free(right);
	free(lprev);
	free(rprev);
	free(lidx);
	free(ridx);
	return tb;
}

void
gp_tables_free(struct gp_tables *tb)
{
	int i;

	if (tb == NULL)
		return;
	for (i = 0; i < GP_NTABLES; i++)
		free(tb->t[i].v);
	free(tb->right.v);
	free(tb->r0);
	free(tb->r1);
	free(tb);
}

int
gp_tables_empty(const struct gp_tables *tb, enum gp_table t)
{
	return tb->t[t].n == 0;
}

/* gprof's sym_lookup on a table. */
static const struct range *
lookup(const struct table *t, uint64_t addr)
{
	size_t lo = 0, hi = t->n, mid;

	/* the last entry with lo <= addr */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (t->v[mid].lo <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0 || addr > t->v[lo - 1].hi)
		return NULL;
	return &t->v[lo - 1];
}

int
gp_tables_has(const struct gp_tables *tb, enum gp_table t, uint64_t addr)
{
	return lookup(&tb->t[t], addr) != NULL;
}

int
gp_tables_pass(const struct gp_tables *tb, enum gp_table incl,
    uint64_t addr)
{
	if (gp_tables_has(tb, incl, addr))
		return 1;
	return gp_tables_empty(tb, incl) &&
	    !gp_tables_has(tb, incl + 1, addr);
}

int
gp_tables_arc(const struct gp_tables *tb, enum gp_table t,
    const struct gp_sym *from, const struct gp_sym *to)
{
	const struct table *tab = &tb->t[t];
	const struct range *r;
	size_t i, k;

	if (!tb->anyarc)
		return 0;
	for (i = 0; i < tab->n; i++) {
		if (from->addr < tab->v[i].lo || from->addr > tab->v[i].hi)
			continue;
		k = tab->v[i].spec;
		for (r = &tb->right.v[tb->r0[k]];
		    r < &tb->right.v[tb->r1[k]]; r++)
			if (to->addr >= r->lo && to->end <= r->hi)
				return 1;
	}
	return 0;
}
