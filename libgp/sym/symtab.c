/*
 * The symbol layer: loading "exe" and "sym" records, writing them back,
 * and gprof's address lookup.  Building the table from an executable is
 * in sym/exesyms.c.
 */
#include <err.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "stream/stream.h"
#include "sym/symtab.h"

static const struct {
	char		 letter;
	unsigned	 flag;
} symflags[] = {
	{ 'f',	GP_SYM_FUNC },
	{ 's',	GP_SYM_STATIC },
	{ 'g',	GP_SYM_GLOBAL },
	{ 'w',	GP_SYM_WEAK },
	{ 'm',	GP_SYM_MAPPED },
};
#define NSYMFLAGS	(sizeof(symflags) / sizeof(symflags[0]))


/* A string field, or NULL if empty. */
static char *
optstr(const struct gp_rec *rec, int i)
{
	return gp_fempty(rec, i) ? NULL : gp_fstr(rec, i);
}

static void
load_exe(struct gp_symtab **symp, const struct gp_rec *rec)
{
	struct gp_symtab *t;

	gp_need(rec, 6);
	if (*symp != NULL && (*symp)->exe != NULL)
		gp_recerr(rec, "a second exe record (the stream has the "
		    "symbols of %s already)", (*symp)->exe);
	if (*symp == NULL && (*symp = calloc(1, sizeof(**symp))) == NULL)
		err(1, NULL);
	t = *symp;
	t->exe = gp_fstr(rec, 1);
	t->target = gp_fstr(rec, 2);
	t->textlo = gp_fhex(rec, 3);
	t->texthi = gp_fhex(rec, 4);
	t->declared = gp_fu64max(rec, 5, SIZE_MAX / sizeof(struct gp_sym));
	t->width = 0;
	t->bigendian = -1;
	if (rec->nf > 6 && !gp_fempty(rec, 6)) {
		t->width = (int)gp_fu64max(rec, 6, 64);
		if (t->width != 32 && t->width != 64 && t->width != 16)
			gp_recerr(rec, "field 7: address width %d is not "
			    "16, 32 or 64", t->width);
	}
	if (rec->nf > 7 && !gp_fempty(rec, 7)) {
		if (strcmp(rec->f[7], "le") == 0)
			t->bigendian = 0;
		else if (strcmp(rec->f[7], "be") == 0)
			t->bigendian = 1;
		else
			gp_recerr(rec, "field 8: byte order '%s' is not "
			    "le or be", rec->f[7]);
	}
	if (rec->nf > 8 && !gp_fempty(rec, 8)) {
		char *s = gp_fstr(rec, 8);

		if (strlen(s) != 1)
			gp_recerr(rec, "field 9: leading char '%s' is not "
			    "one character", rec->f[8]);
		t->lead = s[0];
		free(s);
	}
}

static unsigned
parse_flags(const struct gp_rec *rec, int i)
{
	const char *s;
	unsigned flags = 0;
	size_t k;

	s = rec->f[i];
	if (strcmp(s, "-") == 0)
		return 0;
	for (; *s != '\0'; s++) {
		for (k = 0; k < NSYMFLAGS; k++)
			if (symflags[k].letter == *s)
				break;
		if (k == NSYMFLAGS)
			gp_recerr(rec, "field %d: unknown flag '%c' in '%s'",
			    i + 1, *s, rec->f[i]);
		flags |= symflags[k].flag;
	}
	return flags;
}

/*
 * The fields a sym and an osym record share, from the address at field i
 * on (emit_symfields() writes them), into s; prev, the symbol before it
 * in its object (NULL: none), has a lower address.
 */
static void
load_symfields(const struct gp_rec *rec, int i, struct gp_sym *s,
    const struct gp_sym *prev)
{
	memset(s, 0, sizeof(*s));
	s->addr = gp_fhex(rec, i);
	if (prev != NULL && s->addr <= prev->addr)
		gp_recerr(rec, "field %d: address %#jx not above the previous "
		    "symbol's %#jx", i + 1, (uintmax_t)s->addr,
		    (uintmax_t)prev->addr);
	s->end = gp_fhex(rec, i + 1);
	s->flags = parse_flags(rec, i + 2);
	s->file = optstr(rec, i + 3);
	s->line = gp_fempty(rec, i + 4) ? 0 :
	    (int)gp_fu64max(rec, i + 4, INT_MAX);
	s->name = gp_fstr(rec, i + 5);
	s->dname = gp_fempty(rec, i + 6) ? gp_xstrdup(s->name) :
	    gp_fstr(rec, i + 6);
}

/*
 * Field 2, the record's number: the next of its sequence, expected
 * (what: "symbol id", "object").
 */
static void
needseq(const struct gp_rec *rec, const char *what, size_t expected)
{
	uint64_t v;

	v = gp_fu64(rec, 1);
	if (v != expected)
		gp_recerr(rec, "field 2: %s %ju out of sequence (expected %zu)",
		    what, (uintmax_t)v, expected);
}

/* Room for one more symbol past nsyms + nosyms, of at most max in all. */
static void
growsyms(struct gp_symtab *t, size_t max)
{
	size_t n = GP_NSYMS(t);

	if (n < t->cap)
		return;
	t->cap = t->cap ? 2 * t->cap : 1024;
	if (t->cap > max)
		t->cap = max;
	if ((t->syms = reallocarray(t->syms, t->cap, sizeof(*t->syms))) == NULL)
		err(1, NULL);
}

/* The table a sym or obj record adds to, which its exe record began. */
static struct gp_symtab *
exetab(struct gp_symtab *t, const struct gp_rec *rec)
{
	if (t == NULL || t->exe == NULL)
		gp_recerr(rec, "%s record before the exe record", rec->f[0]);
	return t;
}

static void
load_sym(struct gp_symtab *t, const struct gp_rec *rec)
{
	struct gp_sym *s;

	if (t->nobjs > 0)
		gp_recerr(rec, "sym record after an obj record");
	gp_need(rec, 9);
	needseq(rec, "symbol id", t->nsyms);
	if (t->nsyms >= t->declared)
		gp_recerr(rec, "more sym records than the %zu the exe "
		    "record declares", t->declared);
	growsyms(t, t->declared);
	s = &t->syms[t->nsyms];
	load_symfields(rec, 2, s, t->nsyms > 0 ? s - 1 : NULL);
	t->nsyms++;
}

/* The last obj record has all its osym records. */
static void
objdone(const struct gp_rec *rec, const struct gp_symtab *t)
{
	const struct gp_symobj *o;

	if (t->nobjs == 0)
		return;
	o = &t->objs[t->nobjs - 1];
	if (o->nsyms != o->declared)
		gp_recerr(rec, "object %zu (%s) has %zu osym records, not the "
		    "%zu its obj record declares", t->nobjs, o->path,
		    o->nsyms, o->declared);
}

/* "obj n path nsyms": another object's symbols follow. */
static void
load_obj(struct gp_symtab *t, const struct gp_rec *rec)
{
	struct gp_symobj *o;

	gp_need(rec, 4);
	if (t->nsyms != t->declared)
		gp_recerr(rec, "obj record before the last of the %zu sym "
		    "records the exe record declares", t->declared);
	objdone(rec, t);
	needseq(rec, "object", t->nobjs + 1);
	if ((t->objs = reallocarray(t->objs, t->nobjs + 1,
	    sizeof(*t->objs))) == NULL)
		err(1, NULL);
	o = &t->objs[t->nobjs];
	o->path = gp_fstr(rec, 2);
	o->first = GP_NSYMS(t);
	o->nsyms = 0;
	o->declared = gp_fu64max(rec, 3, SIZE_MAX / sizeof(struct gp_sym));
	t->nobjs++;
}

/* "osym id obj addr end flags file line name dname" */
static void
load_osym(struct gp_symtab *t, const struct gp_rec *rec)
{
	struct gp_symobj *o;
	struct gp_sym *s;
	uint64_t v;

	if (t == NULL || t->nobjs == 0)
		gp_recerr(rec, "osym record before any obj record");
	gp_need(rec, 10);
	o = &t->objs[t->nobjs - 1];
	needseq(rec, "symbol id", GP_NSYMS(t));
	v = gp_fu64(rec, 2);
	if (v != t->nobjs)
		gp_recerr(rec, "field 3: object %ju is not the last obj "
		    "record's (%zu)", (uintmax_t)v, t->nobjs);
	if (o->nsyms >= o->declared)
		gp_recerr(rec, "more osym records than the %zu the obj record "
		    "declares", o->declared);
	growsyms(t, SIZE_MAX);
	s = &t->syms[GP_NSYMS(t)];
	load_symfields(rec, 3, s, o->nsyms > 0 ? s - 1 : NULL);
	o->nsyms++;
	t->nosyms++;
}

int
gp_sym_load(struct gp_symtab **symp, const struct gp_rec *rec)
{
	if (gp_iskind(rec, "exe"))
		load_exe(symp, rec);
	else if (gp_iskind(rec, "sym"))
		load_sym(exetab(*symp, rec), rec);
	else if (gp_iskind(rec, "obj"))
		load_obj(exetab(*symp, rec), rec);
	else if (gp_iskind(rec, "osym"))
		load_osym(*symp, rec);
	else
		return 0;
	return 1;
}

/* The symbol with the highest address not above addr in syms[lo, hi). */
static struct gp_sym *
lookup(const struct gp_symtab *t, size_t lo, size_t hi, uint64_t addr)
{
	size_t mid;

	if (lo == hi || addr < t->syms[lo].addr)
		return NULL;
	while (hi - lo > 1) {		/* syms[lo].addr <= addr */
		mid = lo + (hi - lo) / 2;
		if (t->syms[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	if (addr > t->syms[lo].end)
		return NULL;
	return &t->syms[lo];
}

struct gp_sym *
gp_sym_objlookup(const struct gp_symtab *t, size_t i, uint64_t addr)
{
	if (t == NULL || i >= t->nobjs)
		return NULL;
	return lookup(t, t->objs[i].first, t->objs[i].first +
	    t->objs[i].nsyms, addr);
}

size_t
gp_sym_objfind(const struct gp_symtab *t, const char *path)
{
	size_t i;

	for (i = 0; t != NULL && i < t->nobjs; i++)
		if (strcmp(t->objs[i].path, path) == 0)
			return i;
	return (size_t)-1;
}

void
gp_sym_addobj(struct gp_symtab *t, const char *path, struct gp_symtab *o)
{
	struct gp_symobj *ob;
	size_t i;

	if ((t->objs = reallocarray(t->objs, t->nobjs + 1,
	    sizeof(*t->objs))) == NULL)
		err(1, NULL);
	ob = &t->objs[t->nobjs++];
	ob->path = gp_xstrdup(path);
	ob->first = GP_NSYMS(t);
	ob->nsyms = ob->declared = o->nsyms;
	for (i = 0; i < o->nsyms; i++) {
		growsyms(t, SIZE_MAX);
		t->syms[GP_NSYMS(t)] = o->syms[i];
		t->nosyms++;
	}
	/* the names moved: free the rest of o only */
	free(o->syms);
	free(o->exe);
	free(o->target);
	free(o);
}

/*
 * The symbol with the highest address not above addr, if addr is not past
 * its end; NULL below the first symbol, past the last one's end, or in a
 * gap.
 */
struct gp_sym *
gp_sym_lookup(const struct gp_symtab *t, uint64_t addr)
{
	if (t == NULL)
		return NULL;
	return lookup(t, 0, t->nsyms, addr);
}

void
gp_symidx_make(struct gp_symidx *x, const struct gp_symtab *st)
{
	uint64_t span, start;
	size_t b, i;

	memset(x, 0, sizeof(*x));
	x->st = st;
	if (st == NULL || st->nsyms == 0)
		return;
	x->lo = st->syms[0].addr;
	span = st->syms[st->nsyms - 1].addr - x->lo;
	while (x->shift < 63 && (span >> x->shift) > 2 * (uint64_t)st->nsyms)
		x->shift++;
	x->nb = (size_t)(span >> x->shift) + 1;
	x->first = gp_xcalloc(x->nb + 1, sizeof(*x->first));
	for (b = 0, i = 0; b < x->nb; b++) {
		start = x->lo + ((uint64_t)b << x->shift);
		while (i + 1 < st->nsyms && st->syms[i + 1].addr <= start)
			i++;
		x->first[b] = i;
	}
}

struct gp_sym *
gp_symidx_lookup(const struct gp_symidx *x, uint64_t addr)
{
	struct gp_sym *sy;
	size_t n, i;

	if (x->st == NULL || (n = x->st->nsyms) == 0 || addr < x->lo)
		return NULL;
	sy = x->st->syms;
	if (addr >= sy[n - 1].addr)
		i = n - 1;
	else {
		i = x->first[(addr - x->lo) >> x->shift];
		while (sy[i + 1].addr <= addr)
			i++;
	}
	return addr > sy[i].end ? NULL : &sy[i];
}

void
gp_symidx_free(struct gp_symidx *x)
{
	free(x->first);
	memset(x, 0, sizeof(*x));
}

static void
emit_flags(struct gp_writer *w, unsigned flags)
{
	char buf[NSYMFLAGS + 1];
	size_t k, n = 0;

	for (k = 0; k < NSYMFLAGS; k++)
		if (flags & symflags[k].flag)
			buf[n++] = symflags[k].letter;
	if (n == 0)
		buf[n++] = '-';
	buf[n] = '\0';
	gp_wraw(w, buf);
}

/* The other objects' symbols: "obj" and "osym" records. */
/* The fields a sym and an osym record share, from addr on, and the end. */
static void
emit_symfields(struct gp_writer *w, const struct gp_sym *s)
{
	gp_whex(w, s->addr);
	gp_whex(w, s->end);
	emit_flags(w, s->flags);
	gp_wstr(w, s->file);
	if (s->line > 0)
		gp_wu64(w, (uint64_t)s->line);
	else
		gp_wraw(w, "");
	gp_wstr(w, s->name);
	gp_wstr(w, s->dname != NULL ? s->dname : s->name);
	gp_weol(w);
}

static void
emit_objs(struct gp_writer *w, const struct gp_symtab *t)
{
	const struct gp_symobj *o;
	const struct gp_sym *s;
	size_t i, k;

	for (k = 0; k < t->nobjs; k++) {
		o = &t->objs[k];
		gp_wrecf(w, "obj", "usu", (uint64_t)k + 1, o->path,
		    (uint64_t)o->nsyms);
		for (i = o->first; i < o->first + o->nsyms; i++) {
			s = &t->syms[i];
			gp_wkind(w, "osym");
			gp_wfields(w, "uu", (uint64_t)i, (uint64_t)k + 1);
			emit_symfields(w, s);
		}
	}
}

void
gp_sym_emit(struct gp_writer *w, const struct gp_symtab *t)
{
	const struct gp_sym *s;
	size_t i;

	gp_wkind(w, "exe");
	gp_wfields(w, "ssxxu", t->exe, t->target, t->textlo, t->texthi,
	    (uint64_t)t->nsyms);
	if (t->width > 0)
		gp_wu64(w, t->width);
	else
		gp_wraw(w, "");
	/* The leading character is a field of one character, or empty. */
	gp_wfields(w, "rn", t->bigendian < 0 ? "" : t->bigendian ? "be" : "le",
	    &t->lead, (size_t)(t->lead != '\0'));
	gp_weol(w);
	for (i = 0; i < t->nsyms; i++) {
		s = &t->syms[i];
		gp_wkind(w, "sym");
		gp_wu64(w, i);
		emit_symfields(w, s);
	}
	emit_objs(w, t);
}

/* The strings of one symbol, freed. */
void
gp_sym_clear(struct gp_sym *s)
{
	free(s->file);
	if (s->dname != s->name)
		free(s->dname);
	free(s->name);
	s->file = s->dname = s->name = NULL;
}

void
gp_sym_free(struct gp_symtab *t)
{
	size_t i;

	if (t == NULL)
		return;
	for (i = 0; i < t->nobjs; i++)
		free(t->objs[i].path);
	free(t->objs);
	for (i = 0; i < GP_NSYMS(t); i++)
		gp_sym_clear(&t->syms[i]);
	free(t->syms);
	free(t->exe);
	free(t->target);
	free(t);
}

/* gprof's cmp_addr past the address: functions first, then globals. */
int
gp_sym_cmpkind(unsigned lflags, unsigned rflags)
{
	int lf, rf, ls, rs;

	lf = (lflags & GP_SYM_FUNC) != 0;
	rf = (rflags & GP_SYM_FUNC) != 0;
	if (lf != rf)
		return rf - lf;
	ls = (lflags & GP_SYM_STATIC) != 0;
	rs = (rflags & GP_SYM_STATIC) != 0;
	return ls - rs;
}

/*
 * gprof's symtab_finalize: of two symbols at one address, does the later
 * one (src) replace the one kept so far (dst)?  A global beats a static;
 * then a function beats a non-function; then a name without a leading '_'
 * beats one with it, and "_x" beats "__x".
 */
int
gp_sym_replaces(unsigned sflags, const char *sname, unsigned dflags,
    const char *dname)
{
	int ss, ds, sf, df;

	ss = (sflags & GP_SYM_STATIC) != 0;
	ds = (dflags & GP_SYM_STATIC) != 0;
	if (!ss && ds)
		return 1;
	if (ss != ds)
		return 0;
	sf = (sflags & GP_SYM_FUNC) != 0;
	df = (dflags & GP_SYM_FUNC) != 0;
	if (sf && !df)
		return 1;
	if (sf != df)
		return 0;
	if (sname[0] != '_' && dname[0] == '_')
		return 1;
	return sname[0] == '_' && dname[0] == '_' &&
	    sname[1] != '_' && dname[1] == '_';
}
