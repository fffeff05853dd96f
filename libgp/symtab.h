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

#include "prof.h"

#define GP_SYM_FUNC	0x01		/* 'f': BSF_FUNCTION */
#define GP_SYM_STATIC	0x02		/* 's': local */
#define GP_SYM_GLOBAL	0x04		/* 'g' */

struct gp_sym {				/* a "sym" record */
	uint64_t	 addr;
	uint64_t	 end;		/* last address covered (gprof end_addr) */
	unsigned	 flags;
	char		*file;		/* source file, or NULL */
	int		 line;
	char		*name;		/* as in the executable */
	char		*dname;		/* as printed (demangled) */
};

struct gp_symtab {
	char		*exe;		/* the "exe" record */
	char		*target;
	uint64_t	 textlo;
	uint64_t	 texthi;
	struct gp_sym	*syms;		/* sorted by address; id = index */
	size_t		 nsyms;
};

/* gprof's sym_lookup: the symbol covering addr, or NULL. */
struct gp_sym	*gp_sym_lookup(const struct gp_symtab *, uint64_t addr);

#endif /* GP_SYMTAB_H */
