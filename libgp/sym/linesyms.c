/*
 * Line symbols (gprof -l), from the executable's line tables.
 *
 * gprof asks libbfd for the source of every byte of .text twice, once
 * to count the symbols, once to make them (and its answers can differ
 * between the two, when it stops); the second pass is the one printed.
 * Here the DWARF index (sym/dwarfline.c) gives the second pass's answer
 * for every address it is sure of, a run of addresses with one answer at
 * a time, and libbfd the rest.  With GP_SYM_BFDLINES in the environment,
 * or a file the index does not read, libbfd answers everything, after
 * gprof's first questions.  GP_SYM_LINESTATS prints how many addresses
 * each answered; GP_SYM_LINECHECK compares every answer with libbfd's
 * ('p' in it: after gprof's first questions) and counts those that
 * differ.
 */
#include <err.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bfd.h>
#include <libiberty/demangle.h>

#include "sym/dwarfline.h"
#include "sym/linesyms.h"

struct cand {
	struct gp_sym	 s;
	size_t		 order;		/* line symbols first, in address order */
};

/* GP_SYM_LINECHECK's letters, "" when unset. */
static const char *
lcheck(void)
{
	const char *s = getenv("GP_SYM_LINECHECK");

	return s != NULL ? s : "";
}

/* gprof's cmp_addr: address, functions first, globals first. */
static int
cmp_cand(const void *a, const void *b)
{
	const struct cand *l = a, *r = b;
	int k;

	if (l->s.addr != r->s.addr)
		return l->s.addr < r->s.addr ? -1 : 1;
	if ((k = gp_sym_cmpkind(l->s.flags, r->s.flags)) != 0)
		return k;
	return l->order < r->order ? -1 : l->order > r->order;
}

/*
 * GP_SYM_LINECHECK: libbfd's answers for [off, end) against the index's
 * (file NULL: no line); the number that differ, the first few shown.
 */
static size_t
recheck(bfd *abfd, asection *text, asymbol **syms, bfd_size_type off,
    bfd_size_type end, const char *file, const char *func, unsigned line)
{
	static size_t shown;
	const char *bf, *bn;
	unsigned int bl;
	size_t bad = 0;

	for (; off < end; off++) {
		bf = bn = NULL;
		bl = 0;
		if (!bfd_find_nearest_line(abfd, text, syms, off, &bf, &bn,
		    &bl) || bf == NULL || bn == NULL || bl == 0)
			bf = NULL;
		if (bf == NULL && file == NULL)
			continue;
		if (bf != NULL && file != NULL && bl == line &&
		    strcmp(bf, file) == 0 && func != NULL &&
		    strcmp(bn, func) == 0)
			continue;
		if (shown++ < 10 ||
		    strchr(lcheck(), 'a') != NULL)
			fprintf(stderr, "gp-sym: %#jx: libbfd %s:%u %s, "
			    "index %s:%u %s\n",
			    (uintmax_t)(bfd_section_vma(text) + off),
			    bf ? bf : "-", bl, bn ? bn : "-", file ? file : "-",
			    line, func ? func : "-");
		bad++;
	}
	return bad;
}

void
gp_linesyms_add(struct gp_symtab *t, int demangle)
{
	const char *file, *func, *pfile, *pname;
	const struct gp_sym *enc;
	struct gp_dwidx *dx;
	struct cand *c;
	unsigned int line, pline;
	asymbol **syms;
	asection *text;
	bfd_size_type off, size, noff;
	bfd_vma vma;
	uint64_t next, *fpass;
	size_t n, cap, i, k, prev;	/* prev: an index, c moves */
	size_t ndw, nask, nbad;
	int check;
	long nsyms, ssize;
	bfd *abfd;

	bfd_init();
	if ((abfd = bfd_openr(t->exe, NULL)) == NULL)
		errx(1, "%s: %s", t->exe, bfd_errmsg(bfd_get_error()));
	abfd->flags |= BFD_DECOMPRESS;	/* as gprof: compressed DWARF read */
	if (!bfd_check_format(abfd, bfd_object))
		errx(1, "%s: %s", t->exe, bfd_errmsg(bfd_get_error()));
	if ((text = bfd_get_section_by_name(abfd, ".text")) == NULL)
		errx(1, "%s: no .text section", t->exe);
	syms = NULL;
	nsyms = 0;
	if ((ssize = bfd_get_symtab_upper_bound(abfd)) > 0) {
		if ((syms = malloc(ssize)) == NULL)
			err(1, NULL);
		if ((nsyms = bfd_canonicalize_symtab(abfd, syms)) < 0)
			nsyms = 0;
	}
	if (nsyms == 0) {
		free(syms);
		syms = NULL;
	}
	size = bfd_section_size(text);
	vma = bfd_section_vma(text);
	dx = NULL;
	if (getenv("GP_SYM_BFDLINES") == NULL && gp_dwarf_alone(abfd)) {
		fpass = gp_xcalloc(t->nsyms + 1, sizeof(*fpass));
		for (i = 0; i < t->nsyms; i++)
			fpass[i] = t->syms[i].addr;
		dx = gp_dwarf_index(abfd, text, syms, nsyms, fpass, t->nsyms);
		free(fpass);
	}
	ndw = nask = nbad = 0;
	check = getenv("GP_SYM_LINECHECK") != NULL;
	if (dx == NULL || (check &&
	    strchr(lcheck(), 'p') != NULL)) {
		/*
		 * gprof's questions before its second pass, the one it
		 * makes its symbols of: libbfd's state depends on them.
		 */
		for (i = 0; i < t->nsyms; i++)
			if (t->syms[i].addr >= vma && t->syms[i].addr - vma <
			    size)
				bfd_find_nearest_line(abfd, text, syms,
				    t->syms[i].addr - vma, &file, &func, &line);
		for (off = 0; off < size; off++)
			bfd_find_nearest_line(abfd, text, syms, off, &file,
			    &func, &line);
	}

	cap = t->nsyms + 64;
	if ((c = calloc(cap, sizeof(*c))) == NULL)
		err(1, NULL);
	n = 0;
	prev = SIZE_MAX;
	pfile = pname = NULL;
	pline = 0;
	for (off = 0; off < size; off = noff) {
		noff = off + 1;
		file = func = NULL;
		line = 0;
		if (dx != NULL) {
			k = (size_t)gp_dwarf_at(dx, vma + off, &file, &func,
			    &line, &next);
			if (k != GP_LQ_ASK) {
				/* the same answer up to next */
				if (next > vma + off + 1)
					noff = next - vma < size ?
					    next - vma : size;
				ndw += noff - off;
				if (check)
					nbad += recheck(abfd, text, syms, off,
					    noff, k == GP_LQ_FOUND ? file : NULL,
					    func, line);
				if (k == GP_LQ_NONE)
					continue;
				goto found;
			}
			file = func = NULL;
			line = 0;
		}
		nask++;
		if (!bfd_find_nearest_line(abfd, text, syms, off, &file, &func,
		    &line) || file == NULL || func == NULL || line == 0)
			continue;
found:
		if (prev != SIZE_MAX && pline == line && strcmp(pname, func) == 0 &&
		    strcmp(pfile, file) == 0)
			continue;
		if (n == cap) {
			cap *= 2;
			if ((c = reallocarray(c, cap, sizeof(*c))) == NULL)
				err(1, NULL);
		}
		memset(&c[n], 0, sizeof(c[n]));
		c[n].s.addr = vma + off;
		c[n].s.name = gp_xstrdup(func);
		c[n].s.file = gp_xstrdup(file);
		c[n].s.line = (int)line;
		c[n].order = n;
		/* Static as its function: the previous line's, or a lookup. */
		if (prev != SIZE_MAX && strcmp(c[prev].s.file, file) == 0 &&
		    strcmp(c[prev].s.name, func) == 0)
			c[n].s.flags = c[prev].s.flags;
		else if ((enc = gp_sym_lookup(t, c[n].s.addr)) != NULL)
			c[n].s.flags = enc->flags & GP_SYM_STATIC;
		if (!(c[n].s.flags & GP_SYM_STATIC))
			c[n].s.flags |= GP_SYM_GLOBAL;
		c[n].s.flags &= GP_SYM_STATIC | GP_SYM_GLOBAL;
		prev = n;
		pfile = c[n].s.file;
		pname = c[n].s.name;
		pline = line;
		n++;
	}
	if (check)
		fprintf(stderr, "gp-sym: -l: %zu addresses answered otherwise "
		    "than libbfd does\n", nbad);
	if (getenv("GP_SYM_LINESTATS") != NULL)
		fprintf(stderr, "gp-sym: -l: %ju addresses: %zu from DWARF, "
		    "%zu asked of libbfd%s\n", (uintmax_t)size, ndw - (dx ?
		    gp_dwarf_asked(dx) : 0), nask + (dx ? gp_dwarf_asked(dx) :
		    0), dx == NULL ? " (no DWARF index)" : "");
	if (demangle)
		for (i = 0; i < n; i++) {
			c[i].s.dname = bfd_demangle(abfd, c[i].s.name,
			    DMGL_ANSI | DMGL_PARAMS);
			if (c[i].s.dname == NULL)
				c[i].s.dname = c[i].s.name;
		}
	else
		for (i = 0; i < n; i++)
			c[i].s.dname = c[i].s.name;

	/*
	 * The function symbols after the line symbols, then gprof's sort.
	 * gprof finalizes the function symbols a second time: one whose
	 * range ends below its address (a last symbol past .text) goes.
	 */
	if ((c = reallocarray(c, n + t->nsyms, sizeof(*c))) == NULL)
		err(1, NULL);
	for (i = 0; i < t->nsyms; i++) {
		if (t->syms[i].end != 0 && t->syms[i].end < t->syms[i].addr) {
			gp_sym_clear(&t->syms[i]);
			continue;
		}
		c[n].s = t->syms[i];
		c[n].order = n;
		n++;
	}
	if (n == 0) {		/* no symbol left at all */
		free(c);
		free(syms);
		gp_dwarf_free(dx);
		return;
	}
	gp_sort(c, n, sizeof(*c), cmp_cand);
	for (i = 1, k = 0; i < n; i++) {
		if (c[i].s.addr == c[k].s.addr) {
			if (gp_sym_replaces(c[i].s.flags, c[i].s.name,
			    c[k].s.flags, c[k].s.name)) {
				gp_sym_clear(&c[k].s);
				c[k] = c[i];
			} else
				gp_sym_clear(&c[i].s);
			continue;
		}
		c[++k] = c[i];
	}
	n = k + 1;
	free(t->syms);
	if ((t->syms = calloc(n, sizeof(*t->syms))) == NULL)
		err(1, NULL);
	for (i = 0; i < n; i++) {
		t->syms[i] = c[i].s;
		t->syms[i].end = i + 1 < n ? c[i + 1].s.addr - 1 :
		    t->texthi - 1;
	}
	t->nsyms = t->cap = n;
	free(c);
	free(syms);
	gp_dwarf_free(dx);
	/* abfd stays open: demangled names may point into it. */
}
