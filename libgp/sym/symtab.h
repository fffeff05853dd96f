/*
 * The symbol layer: the symbol table GNU gprof builds from an executable
 * (gp-sym(1), gp-stream(5)).
 *
 * Contract for the other layers: the field names below are used by the
 * credit and graph layers and keep their meaning; the symbol layer may add
 * fields and functions.
 */
#ifndef GP_SYMTAB_H
#define GP_SYMTAB_H

#include <stddef.h>
#include <stdint.h>

#include "stream/stream.h"

#define GP_SYM_FUNC	0x01		/* 'f': BSF_FUNCTION */
#define GP_SYM_STATIC	0x02		/* 's': local */
#define GP_SYM_GLOBAL	0x04		/* 'g': not static */
#define GP_SYM_WEAK	0x08		/* 'w': weak (counts as global) */
#define GP_SYM_MAPPED	0x10		/* 'm': named after its file (-R) */

struct gp_sym {				/* a "sym" record */
	uint64_t	 addr;
	uint64_t	 end;		/* last address covered (gprof end_addr) */
	unsigned	 flags;
	char		*file;		/* source file, or NULL */
	int		 line;		/* its line, or 0 */
	char		*name;		/* as in the executable */
	char		*dname;		/* as printed (demangled) */
};

/*
 * Another object of the process (a shared library, a dlopen'd module)
 * whose functions the runtime layer names (analysis/measured.h): an "obj" record.
 * Its symbols, "osym" records, follow the executable's in syms[], ids
 * nsyms and up, each object's sorted by its own link-time addresses.
 */
struct gp_symobj {
	char		*path;
	size_t		 first;		/* id of its first symbol */
	size_t		 nsyms;
	size_t		 declared;	/* nsyms field of the obj record */
};

struct gp_symtab {
	char		*exe;		/* the "exe" record */
	char		*target;
	uint64_t	 textlo;	/* .text: first address */
	uint64_t	 texthi;	/* .text: first address after it */
	uint64_t	 codelo;	/* its code sections together (0, 0 if */
	uint64_t	 codehi;	/* unknown): its executable segments */
	struct gp_sym	*syms;		/* sorted by address; id = index */
	size_t		 nsyms;
	size_t		 declared;	/* nsyms field of the exe record */
	int		 width;		/* address bits: 32 or 64, 0 unknown */
	int		 bigendian;	/* 1 big, 0 little, -1 unknown */
	char		 lead;		/* names' leading char, or '\0' */
	size_t		 cap;
	struct gp_symobj *objs;		/* other objects, "obj" records */
	size_t		 nobjs;
	size_t		 nosyms;	/* their symbols: syms[nsyms] on */
};

/* Every symbol id: the executable's and the other objects'. */
#define GP_NSYMS(t)	((t)->nsyms + (t)->nosyms)

/*
 * gprof's rules for several symbols at one address (symtab.c), shared by
 * the executable's table and the line symbols: the order among them
 * (functions first, then globals) and whether a later one replaces the
 * one kept so far.
 */
int		 gp_sym_cmpkind(unsigned lflags, unsigned rflags);
int		 gp_sym_replaces(unsigned sflags, const char *sname,
		    unsigned dflags, const char *dname);

/* gprof's sym_lookup: the symbol covering addr, or NULL. */
struct gp_sym	*gp_sym_lookup(const struct gp_symtab *, uint64_t addr);

/*
 * gp_sym_lookup's answers for many addresses (a stage's every arc): a
 * table of buckets over the symbols' addresses, first[b] the last symbol
 * starting at or below bucket b's start; made once, freed.
 */
struct gp_symidx {
	const struct gp_symtab *st;
	uint64_t	 lo;
	int		 shift;
	size_t		*first;
	size_t		 nb;
};

void		 gp_symidx_make(struct gp_symidx *, const struct gp_symtab *);
struct gp_sym	*gp_symidx_lookup(const struct gp_symidx *, uint64_t addr);
void		 gp_symidx_free(struct gp_symidx *);

/* gp_sym_lookup in other object i (0-based): link-time addresses. */
struct gp_sym	*gp_sym_objlookup(const struct gp_symtab *, size_t obj,
		    uint64_t addr);
/* Object i of the table by path, or (size_t)-1. */
size_t		 gp_sym_objfind(const struct gp_symtab *, const char *path);
/* Append table o's symbols as those of another object; frees o. */
void		 gp_sym_addobj(struct gp_symtab *, const char *path,
		    struct gp_symtab *o);

/* The table back into "exe" and "sym" records (and "obj", "osym"). */
/*
 * One stream record of the symbol layer into *symp (made on the first);
 * 1, or 0 if the kind is not the layer's.  Bad fields are fatal.
 */
int		 gp_sym_load(struct gp_symtab **symp, const struct gp_rec *);
void		 gp_sym_emit(struct gp_writer *, const struct gp_symtab *);
void		 gp_sym_free(struct gp_symtab *);
void		 gp_sym_clear(struct gp_sym *);	/* its strings */

/*
 * Building the table from an executable with libbfd (sym/exesyms.c), the way
 * gprof 2.40 does.  Errors are fatal: one line naming the file, exit 1;
 * but with nosymsok, a file with no symbol to keep gives NULL.
 */
struct gp_symopt {
	int		 nostatic;	/* -a: no local symbols */
	int		 funconly;	/* -D: statics must be BSF_FUNCTION */
	int		 demangle;	/* fill dname by demangling */
	const char	*style;		/* demangling style, or NULL */
	const char	*extsyms;	/* -S: nm-style table file, or NULL */
	const char	*mapfile;	/* -R: function to file map, or NULL */
	int		 nolines;	/* skip the source file and line */
	int		 dynsyms;	/* no symbol table: take the dynamic
					   one (a shared library's) */
	int		 nosymsok;	/* no symbol to keep: NULL, not an
					   error (an object's table) */
	int		 clones;	/* keep the statics gprof drops for
					   a '.' (f.part.0, f.isra.0, f.cold)
					   that are functions, ifunc resolvers
					   and f@plt stubs */
	int		 dollar;	/* keep the static functions gprof
					   drops for a '$' (clang's lambdas,
					   "$_0"), in a format that marks
					   functions */
};

struct gp_symtab *gp_sym_build(const char *exe, const struct gp_symopt *);

#endif /* GP_SYMTAB_H */
