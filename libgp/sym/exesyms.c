/*
 * Building the symbol layer from an executable with libbfd, choosing the
 * symbols, their ranges and their source files the way GNU gprof 2.40
 * does:
 *  - the text section is .text (else $CODE$); synthetic symbols come from
 *    bfd_get_synthetic_symtab without the dynamic symbols (so x86-64 has
 *    no @plt symbols);
 *  - a symbol without a section or marked for debugging is dropped; of
 *    the rest, bfd_get_symbol_info's type 'T' is kept, 'W' counts as 'T'
 *    (even for data), and of the others only 't', a static, may stay;
 *  - a static is dropped with -a, when its name is empty or has a '$',
 *    when a '.' in it does not start ".NNN", ".clone.NNN" or
 *    ".constprop.NNN" (so "foo.part.0" and "foo.cold" go), when it lacks
 *    the target's leading character, when it is __gnu_compiled*, and,
 *    with -D, when it is not a function; (with gp_symopt.clones, a
 *    function's '.' is kept, and indirect functions' resolvers too: for
 *    profiles that name the function, and objects gprof never reads;
 *    with gp_symopt.dollar, a function's '$' too, for profiles whose
 *    calls name the function at its address);
 *  - an address is value + section vma; file and line come from libbfd's
 *    bfd_find_nearest_line (sym/dwarfline.c answers it faster);
 *  - the table is sorted by address, functions first, globals first; of
 *    two symbols at one address the newcomer replaces the kept one when
 *    it is global and the kept one static, or, both alike, when it is a
 *    function and the kept one not, or, both alike again, when its name
 *    has fewer leading underscores (first or second character);
 *  - a symbol ends one byte before the next distinct address, the last at
 *    the text's end less one, and is kept only if its end is 0 or not
 *    below its address;
 *  - mcount's names (_gprof_mcount mcount _mcount __mcount
 *    __mcount_internal __mcleanup) stay in the table but out of the
 *    reports (symspec.c's default exclusions).
 */
#include <err.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bfd.h>
#include <libiberty/demangle.h>

#include "sym/dwarfline.h"
#include "sym/mapfile.h"
#include "sym/symtab.h"

/* Where libbfd looks for separate debugging files (Debian's build). */
#define DEBUGDIR	"/usr/lib/debug"

/* A symbol that counts, before the table is sorted and made unique. */
struct cand {
	uint64_t	 addr;
	size_t		 order;		/* position in the input */
	unsigned	 flags;
	const char	*name;
};

struct exe {
	const char	*path;
	bfd		*abfd;
	asection	*text;
	asymbol		**syms;		/* NULL-terminated, synthetic ones too */
	long		 nsyms;
	int		 hasfunc;	/* the format marks functions */
	bfd		*dbfd;		/* its separate debug file, whose
					   symbols it has (dynsyms), or NULL */
	asymbol		**dyn;		/* dynamic symbols for plt, or NULL */
};

static void
bfdfail(const char *path)
{
	if (bfd_get_error() == bfd_error_system_call)
		err(1, "%s", path);
	errx(1, "%s: %s", path, bfd_errmsg(bfd_get_error()));
}

/*
 * A stripped shared library's symbols from its separate debug file
 * (/usr/lib/debug, by build ID or debug link: Debian's -dbg packages),
 * statics included, as perf and gdb find them.
 */
static void
debugsyms(struct exe *x)
{
	asymbol **v;
	char *f;
	long n;

	if ((f = bfd_follow_build_id_debuglink(x->abfd, DEBUGDIR)) == NULL &&
	    (f = bfd_follow_gnu_debuglink(x->abfd, DEBUGDIR)) == NULL)
		return;
	x->dbfd = bfd_openr(f, NULL);
	free(f);
	if (x->dbfd == NULL)
		return;
	if (!bfd_check_format(x->dbfd, bfd_object) ||
	    (n = bfd_get_symtab_upper_bound(x->dbfd)) <= 0 ||
	    (v = malloc((size_t)n)) == NULL) {
		bfd_close(x->dbfd);
		x->dbfd = NULL;
		return;
	}
	if ((n = bfd_canonicalize_symtab(x->dbfd, v)) <= 0) {
		free(v);
		bfd_close(x->dbfd);
		x->dbfd = NULL;
		return;
	}
	free(x->syms);
	x->syms = v;
	x->nsyms = n;
}

/*
 * With plt (gp_symopt.clones), the synthetic symbols come from the
 * dynamic symbols too: x86-64's f@plt, as perf names the stubs; not for
 * an object without its symbol table, where a stub would be the last
 * symbol before all its code.
 */
static void
exe_open(struct exe *x, const char *path, int dynsyms, int plt)
{
	asymbol *synth, **p, **dyn = NULL;
	long i, n, nsynth, ndyn = 0;

	memset(x, 0, sizeof(*x));
	x->path = path;
	if (bfd_init() != BFD_INIT_MAGIC)
		errx(1, "libbfd: version mismatch");
	if ((x->abfd = bfd_openr(path, NULL)) == NULL) {
		if (bfd_get_error() == bfd_error_system_call)
			err(1, "%s", path);
		errx(1, "%s: not in executable format", path);
	}
	x->abfd->flags |= BFD_DECOMPRESS;
	if (!bfd_check_format(x->abfd, bfd_object)) {
		if (bfd_get_error() == bfd_error_system_call)
			err(1, "%s", path);
		errx(1, "%s: not in executable format", path);
	}
	if ((x->text = bfd_get_section_by_name(x->abfd, ".text")) == NULL &&
	    (x->text = bfd_get_section_by_name(x->abfd, "$CODE$")) == NULL)
		errx(1, "can't find .text section in %s", path);

	switch (bfd_get_flavour(x->abfd)) {
	case bfd_target_coff_flavour:
	case bfd_target_ecoff_flavour:
	case bfd_target_xcoff_flavour:
	case bfd_target_elf_flavour:
	case bfd_target_som_flavour:
		x->hasfunc = 1;
		break;
	default:
		x->hasfunc = 0;
		break;
	}

	if ((n = bfd_get_symtab_upper_bound(x->abfd)) < 0)
		bfdfail(path);
	if ((x->syms = malloc(n > 0 ? (size_t)n : sizeof(*x->syms))) == NULL)
		err(1, NULL);
	x->syms[0] = NULL;
	if ((x->nsyms = bfd_canonicalize_symtab(x->abfd, x->syms)) < 0)
		bfdfail(path);
	if (x->nsyms == 0 && dynsyms)
		debugsyms(x);
	if (x->nsyms == 0)
		plt = 0;
	if (x->nsyms == 0 && dynsyms &&
	    (n = bfd_get_dynamic_symtab_upper_bound(x->abfd)) > 0) {
		free(x->syms);
		if ((x->syms = malloc((size_t)n)) == NULL)
			err(1, NULL);
		if ((x->nsyms = bfd_canonicalize_dynamic_symtab(x->abfd,
		    x->syms)) < 0)
			bfdfail(path);
	}

	/* As gprof: synthetic symbols from the static table alone. */
	if (plt && (n = bfd_get_dynamic_symtab_upper_bound(x->abfd)) > 0) {
		if ((dyn = malloc((size_t)n)) == NULL)
			err(1, NULL);
		if ((ndyn = bfd_canonicalize_dynamic_symtab(x->abfd, dyn)) < 0)
			ndyn = 0;
	}
	nsynth = bfd_get_synthetic_symtab(x->abfd, x->nsyms, x->syms, ndyn,
	    dyn, &synth);
	x->dyn = dyn;
	if (nsynth > 0) {
		p = reallocarray(x->syms, x->nsyms + nsynth + 1,
		    sizeof(*x->syms));
		if (p == NULL)
			err(1, NULL);
		x->syms = p;
		for (i = 0; i < nsynth; i++)
			x->syms[x->nsyms + i] = &synth[i];
		x->nsyms += nsynth;
		x->syms[x->nsyms] = NULL;
	}
}

/*
 * gprof takes a '.' in a static name only as the start of ".NNN",
 * ".clone.NNN" or ".constprop.NNN" (repeatable), so "f.part.0" and
 * "f.cold" are out.  When such a suffix ends the name, gprof's scan steps
 * over the terminating NUL and goes on through the bytes that follow,
 * which in practice are the next names of the string table; a '$' or a
 * bad '.' there rejects the symbol too.  The same bytes are read here, so
 * the same symbols are rejected.  With dollar, a '$' rejects nothing.
 */
static int
static_name_ok(const char *s, int dollar)
{
	const char *p;
	int digits;

	for (p = s; *p != '\0'; p++) {
		if (*p == '$' && !dollar)
			return 0;
		while (*p == '.') {
			digits = 0;
			if (strncmp(p, ".clone.", 7) == 0 && p[7] != '\0')
				p += 6;
			else if (strncmp(p, ".constprop.", 11) == 0 &&
			    p[11] != '\0')
				p += 10;
			for (p++; *p != '\0'; p++) {
				if (digits && *p == '.')
					break;
				if (*p < '0' || *p > '9')
					return 0;
				digits = 1;
			}
		}
	}
	return 1;
}

/* gprof's class of a symbol: 'T' global, 't' static, 0 not counted. */
static int
symclass(const struct exe *x, asymbol *sym, const struct gp_symopt *o)
{
	symbol_info info;
	char lead;
	int func, ok;

	if (sym->section == NULL || (sym->flags & BSF_DEBUGGING))
		return 0;
	if (o->nostatic && (sym->flags & BSF_LOCAL))
		return 0;
	bfd_get_symbol_info(x->abfd, sym, &info);
	if (info.type == 'T' || info.type == 'W')
		return 'T';
	/* an indirect function's resolver, which the profilers name */
	if (info.type == 'i' && o->clones)
		return (sym->flags & BSF_LOCAL) ? 't' : 'T';
	if (info.type != 't' || o->nostatic)
		return 0;
	if (sym->name == NULL || sym->name[0] == '\0')
		return 0;
	func = !x->hasfunc || (sym->flags & BSF_FUNCTION);
	ok = static_name_ok(sym->name, 0);
	if (!ok && o->dollar && x->hasfunc && func)
		ok = o->clones || static_name_ok(sym->name, 1);
	else if (!ok && o->clones && func)
		ok = strchr(sym->name, '$') == NULL;
	if (!ok)
		return 0;
	lead = bfd_get_symbol_leading_char(x->abfd);
	if (lead != '\0' && lead != sym->name[0])
		return 0;
	if (strncmp(sym->name, "__gnu_compiled", 14) == 0 ||
	    strncmp(sym->name, "___gnu_compiled", 15) == 0)
		return 0;
	if (o->funconly && !(sym->flags & BSF_FUNCTION))
		return 0;
	return 't';
}

/* gprof's order: address, functions first, globals first; then input. */
static int
cmp_cand(const void *a, const void *b)
{
	const struct cand *l = a, *r = b;
	int k;

	if (l->addr != r->addr)
		return l->addr < r->addr ? -1 : 1;
	if ((k = gp_sym_cmpkind(l->flags, r->flags)) != 0)
		return k;
	return l->order < r->order ? -1 : l->order > r->order;
}

/*
 * Sort, keep one symbol per address and give each the range up to the
 * next one; the last runs to the end of .text (even when that is below
 * its own address).
 */
static void
finalize(struct gp_symtab *t, struct cand *c, size_t n)
{
	struct gp_sym *s;
	size_t i, k;
	uint64_t prev;

	gp_sort(c, n, sizeof(*c), cmp_cand);
	if ((t->syms = calloc(n, sizeof(*t->syms))) == NULL)
		err(1, NULL);
	k = 0;
	prev = c[0].addr - 1;
	for (i = 0; i < n; i++) {
		if (c[i].addr == prev) {
			if (gp_sym_replaces(c[i].flags, c[i].name, c[k - 1].flags,
			    c[k - 1].name))
				c[k - 1] = c[i];
			continue;
		}
		if (k > 0 && t->syms[k - 1].end == 0)
			t->syms[k - 1].end = c[i].addr - 1;
		c[k] = c[i];
		t->syms[k].addr = c[i].addr;
		k++;
		prev = c[i].addr;
	}
	if (t->syms[k - 1].end == 0)
		t->syms[k - 1].end = t->texthi - 1;
	for (i = 0; i < k; i++) {
		s = &t->syms[i];
		s->flags = c[i].flags;
		s->name = gp_xstrdup(c[i].name);
	}
	t->nsyms = t->cap = k;
}

static void
nosyms(const char *path)
{
	errx(1, "file `%s' has no symbols", path);
}

/* 0, or -1 if no symbol is kept and o->nosymsok says so is no error. */
static int
from_exe(struct gp_symtab *t, const struct exe *x, const struct gp_symopt *o)
{
	const struct gp_mapent *fp;
	struct gp_map fm;
	struct cand *c;
	asection *sec;
	size_t n;
	long i;
	int cl;

	fm.n = 0;
	fm.v = NULL;
	if (o->mapfile != NULL)
		gp_map_read(&fm, o->mapfile);

	if ((c = calloc(x->nsyms > 0 ? (size_t)x->nsyms : 1,
	    sizeof(*c))) == NULL)
		err(1, NULL);
	n = 0;
	for (i = 0; i < x->nsyms; i++) {
		if ((cl = symclass(x, x->syms[i], o)) == 0)
			continue;
		/* -R: a function placed with a file is named after it */
		fp = fm.n > 0 ? gp_map_find(&fm, x->syms[i]->name) : NULL;
		if (fp != NULL && !fp->first)
			continue;
		sec = x->syms[i]->section;
		c[n].addr = x->syms[i]->value + bfd_section_vma(sec);
		c[n].order = n;
		c[n].name = fp != NULL ? fp->file : x->syms[i]->name;
		c[n].flags = cl == 't' ? GP_SYM_STATIC : GP_SYM_GLOBAL;
		if (fp != NULL)
			c[n].flags |= GP_SYM_MAPPED;
		if (!x->hasfunc || (x->syms[i]->flags & BSF_FUNCTION))
			c[n].flags |= GP_SYM_FUNC;
		if (x->syms[i]->flags & BSF_WEAK)
			c[n].flags |= GP_SYM_WEAK;
		n++;
	}
	if (n == 0) {
		free(c);
		gp_map_free(&fm);
		if (o->nosymsok)
			return -1;
		nosyms(x->path);
	}
	finalize(t, c, n);
	free(c);
	gp_map_free(&fm);
	return 0;
}

/*
 * -S: an nm-style table, "ADDRESS TYPE NAME" per line; only types t and
 * T count, all are functions.  Read the way gprof reads it: whitespace
 * separated words, stopping at the first line that does not scan.
 */
static void
from_nm(struct gp_symtab *t, const char *path)
{
	struct cand *c = NULL;
	const char **names;
	char addr[1024], name[1024];
	size_t i, n = 0, cap = 0;
	uint64_t a;
	FILE *f;
	char type, end;

	if ((f = fopen(path, "r")) == NULL)
		err(1, "%s", path);
	while (!feof(f) &&
	    fscanf(f, "%1023s %c %1023s\n", addr, &type, name) == 3) {
		/*
		 * An address that does not scan ("U tanh@GLIBC_2.2.5" read
		 * as address U, type t) names nothing: gprof gives it the
		 * heap's leftovers, gp leaves it out.
		 */
		if ((type != 't' && type != 'T') ||
		    sscanf(addr, "%" SCNx64 "%c", &a, &end) != 1)
			continue;
		c = gp_xgrow(c, &cap, n, 256, sizeof(*c));
		memset(&c[n], 0, sizeof(c[n]));
		c[n].addr = a;
		c[n].order = n;
		c[n].flags = GP_SYM_FUNC |
		    (type == 't' ? GP_SYM_STATIC : GP_SYM_GLOBAL);
		c[n].name = gp_xstrdup(name);
		n++;
	}
	if (ferror(f))
		err(1, "%s", path);
	fclose(f);
	if (n == 0)
		nosyms(path);
	/* finalize() moves the candidates over each other: free by order */
	if ((names = reallocarray(NULL, n, sizeof(*names))) == NULL)
		err(1, NULL);
	for (i = 0; i < n; i++)
		names[i] = c[i].name;
	finalize(t, c, n);
	for (i = 0; i < n; i++)
		free((char *)(uintptr_t)names[i]);
	free(names);
	free(c);
}

/*
 * The lowest offset in .text of a symbol that libbfd's function search
 * (elf_find_function) could name; bfd_find_nearest_line names no function
 * below it, and gprof then takes no line.
 */
static bfd_vma
lowfunc(const struct exe *x)
{
	const flagword notfunc = BSF_SECTION_SYM | BSF_FILE | BSF_OBJECT |
	    BSF_THREAD_LOCAL | BSF_RELC | BSF_SRELC;
	bfd_vma low = (bfd_vma)-1;
	long i;

	for (i = 0; i < x->nsyms; i++)
		if (x->syms[i]->section == x->text &&
		    !(x->syms[i]->flags & notfunc) && x->syms[i]->value < low)
			low = x->syms[i]->value;
	return low;
}

/* gprof's question to libbfd, for one address. */
static void
bfdline(const struct exe *x, struct gp_sym *s)
{
	const char *file = NULL, *func = NULL;
	unsigned int line = 0;

	if (bfd_find_nearest_line(x->abfd, x->text, x->syms,
	    s->addr - bfd_section_vma(x->text), &file, &func, &line) &&
	    file != NULL && func != NULL && line != 0) {
		s->file = gp_xstrdup(file);
		s->line = (int)line;
	}
}

/*
 * Would libbfd look for debugging information beyond the DWARF sections
 * of the file itself (stabs, DWARF 1, a separate debug file)?
 */
static int
elsewhere(const struct exe *x)
{
	char *f;

	if (bfd_get_section_by_name(x->abfd, ".stab") != NULL ||
	    bfd_get_section_by_name(x->abfd, ".debug") != NULL)
		return 1;
	if (bfd_get_section_by_name(x->abfd, ".debug_info") != NULL)
		return 0;
	if ((f = bfd_follow_build_id_debuglink(x->abfd, DEBUGDIR)) == NULL &&
	    (f = bfd_follow_gnu_debuglink(x->abfd, DEBUGDIR)) == NULL)
		return 0;
	free(f);
	return 1;
}

/*
 * The source file and line of each symbol, as gprof gets them: libbfd's
 * nearest line to the symbol's address, kept when libbfd names a file, a
 * function and a line other than 0.  For a fully linked ELF file the
 * line tables are walked once (sym/dwarfline.c); addresses that walk is not
 * sure about, those outside .text that a line table covers, and every
 * other kind of file go to libbfd one by one, as in gprof.  An address no
 * line table covers (_init, _fini, etext in .init, .fini and beyond) has
 * no line from libbfd either, wherever it is: asking would only make
 * libbfd read all of the DWARF, most of gp-sym's time on a small profile.
 */
static void
lines(struct gp_symtab *t, const struct exe *x)
{
	struct gp_lineq *q;
	bfd_vma low;
	size_t i;

	if (getenv("GP_SYM_BFDLINES") != NULL ||
	    bfd_get_flavour(x->abfd) != bfd_target_elf_flavour ||
	    !(bfd_get_file_flags(x->abfd) & (EXEC_P | DYNAMIC)) ||
	    elsewhere(x)) {
		for (i = 0; i < t->nsyms; i++)
			bfdline(x, &t->syms[i]);
		return;
	}
	if (bfd_get_section_by_name(x->abfd, ".debug_info") == NULL)
		return;			/* no line anywhere */
	if ((q = calloc(t->nsyms, sizeof(*q))) == NULL)
		err(1, NULL);
	for (i = 0; i < t->nsyms; i++)
		q[i].addr = t->syms[i].addr;
	if (gp_dwarf_lines(x->abfd, q, t->nsyms) == -1) {
		for (i = 0; i < t->nsyms; i++)
			bfdline(x, &t->syms[i]);
		free(q);
		return;
	}
	low = lowfunc(x);
	for (i = 0; i < t->nsyms; i++) {
		if (q[i].state == GP_LQ_ASK ||
		    (q[i].state != GP_LQ_NONE && (q[i].addr < t->textlo ||
		    q[i].addr >= t->texthi)))
			bfdline(x, &t->syms[i]);
		else if (q[i].state == GP_LQ_FOUND && q[i].file != NULL &&
		    q[i].line != 0 && q[i].addr - t->textlo >= low) {
			t->syms[i].file = q[i].file;
			t->syms[i].line = (int)q[i].line;
			q[i].file = NULL;
		}
		free(q[i].file);
	}
	free(q);
}

static void
demangle(struct gp_symtab *t, const struct exe *x)
{
	struct gp_sym *s;
	size_t i;

	for (i = 0; i < t->nsyms; i++) {
		s = &t->syms[i];
		s->dname = bfd_demangle(x->abfd, s->name, DMGL_ANSI | DMGL_PARAMS);
		if (s->dname == NULL)
			s->dname = s->name;
	}
}

struct gp_symtab *
gp_sym_build(const char *path, const struct gp_symopt *o)
{
	enum demangling_styles style;
	static struct exe *kept;
	static size_t nkept;
	struct gp_symtab *t;
	struct exe x;
	asection *sec;
	int w;

	if (o->style != NULL) {
		style = cplus_demangle_name_to_style(o->style);
		if (style == unknown_demangling)
			errx(1, "unknown demangling style `%s'", o->style);
		cplus_demangle_set_style(style);
	}
	exe_open(&x, path, o->dynsyms, o->clones);
	if ((t = calloc(1, sizeof(*t))) == NULL)
		err(1, NULL);
	t->exe = gp_xstrdup(path);
	t->target = gp_xstrdup(bfd_get_target(x.abfd));
	t->textlo = bfd_section_vma(x.text);
	t->texthi = t->textlo + bfd_section_size(x.text);
	for (sec = x.abfd->sections; sec != NULL; sec = sec->next) {
		if ((bfd_section_flags(sec) & (SEC_CODE | SEC_ALLOC)) !=
		    (SEC_CODE | SEC_ALLOC) || bfd_section_size(sec) == 0)
			continue;
		if (t->codehi == 0 || bfd_section_vma(sec) < t->codelo)
			t->codelo = bfd_section_vma(sec);
		if (bfd_section_vma(sec) + bfd_section_size(sec) > t->codehi)
			t->codehi = bfd_section_vma(sec) +
			    bfd_section_size(sec);
	}
	if ((w = bfd_get_arch_size(x.abfd)) == -1)
		w = (int)bfd_arch_bits_per_address(x.abfd);
	t->width = w;
	t->bigendian = bfd_big_endian(x.abfd) ? 1 : 0;
	t->lead = bfd_get_symbol_leading_char(x.abfd);

	if (o->extsyms != NULL)
		from_nm(t, o->extsyms);
	else if (from_exe(t, &x, o) == -1) {
		free(t->exe);
		free(t->target);
		free(t);
		t = NULL;
	} else if (!o->nolines)
		lines(t, &x);
	if (t != NULL && o->demangle)
		demangle(t, &x);
	else if (t != NULL)
		for (size_t i = 0; i < t->nsyms; i++)
			t->syms[i].dname = t->syms[i].name;
	/*
	 * x.abfd stays open, its symbol arrays with it: the names of
	 * synthetic symbols live in them.  Kept where the process can still
	 * reach them (a leak checker at exit knows them as held).
	 */
	kept = reallocarray(kept, nkept + 1, sizeof(*kept));
	if (kept == NULL)
		err(1, NULL);
	kept[nkept++] = x;
	return t;
}
