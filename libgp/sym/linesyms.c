/*
 * Line symbols (gprof -l), from the executable's line tables.
 */
#include <err.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <bfd.h>
#include <libiberty/demangle.h>

#include "sym/linesyms.h"

struct cand {
	struct gp_sym	 s;
	size_t		 order;		/* line symbols first, in address order */
};

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

void
gp_linesyms_add(struct gp_symtab *t, int demangle)
{
	const char *file, *func, *pfile, *pname;
	const struct gp_sym *enc;
	struct cand *c;
	unsigned int line, pline;
	asymbol **syms;
	asection *text;
	bfd_size_type off, size;
	size_t n, cap, i, k, prev;	/* prev: an index, c moves */
	long nsyms, ssize;
	bfd *abfd;

	bfd_init();
	if ((abfd = bfd_openr(t->exe, NULL)) == NULL ||
	    !bfd_check_format(abfd, bfd_object))
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

	cap = t->nsyms + 64;
	if ((c = calloc(cap, sizeof(*c))) == NULL)
		err(1, NULL);
	n = 0;
	prev = SIZE_MAX;
	pfile = pname = NULL;
	pline = 0;
	for (off = 0; off < size; off++) {
		file = func = NULL;
		line = 0;
		if (!bfd_find_nearest_line(abfd, text, syms, off, &file, &func,
		    &line) || file == NULL || func == NULL || line == 0)
			continue;
		if (prev != SIZE_MAX && pline == line && strcmp(pname, func) == 0 &&
		    strcmp(pfile, file) == 0)
			continue;
		if (n == cap) {
			cap *= 2;
			if ((c = reallocarray(c, cap, sizeof(*c))) == NULL)
				err(1, NULL);
		}
		memset(&c[n], 0, sizeof(c[n]));
		c[n].s.addr = bfd_section_vma(text) + off;
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
	/* abfd stays open: demangled names may point into it. */
}
