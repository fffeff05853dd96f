/*
 * gprof's symbol specifications and the tables they fill (gprof -p -P -q
 * -Q -e -E -f -F -n -N -k).
 *
 * A symspec is FUNC, FILE:FUNC, FILE:LINE, FILE (a spec containing a
 * '.'), LINE (a spec starting with a digit), or FROM/TO for an arc.  The
 * specs are kept as given (struct gp_specs) and bound to a symbol table
 * (struct gp_tables) the way GNU gprof binds them: each spec's matching
 * symbols form address ranges, runs of consecutive symbols merged, and the
 * tables are then sorted and rid of entries at the same address, so that
 * gprof's quirks with overlapping specs are kept.
 */
#ifndef GP_SYMSPEC_H
#define GP_SYMSPEC_H

#include <stddef.h>
#include <stdint.h>

struct gp_sym;
struct gp_symtab;

enum gp_table {
	GP_INCL_FLAT,		/* -p SPEC: crediting, flat profile rows */
	GP_EXCL_FLAT,		/* -P SPEC */
	GP_INCL_TIME,		/* -n SPEC, -F SPEC: time propagation */
	GP_EXCL_TIME,		/* -N SPEC, -E SPEC */
	GP_INCL_GRAPH,		/* -f, -F, -q SPEC: call graph entries */
	GP_EXCL_GRAPH,		/* -e, -E, -Q SPEC */
	GP_INCL_ARCS,		/* -q FROM/TO: arcs counted */
	GP_EXCL_ARCS,		/* -k FROM/TO, -Q FROM/TO */
	GP_NTABLES
};

struct gp_spec {
	enum gp_table	 table;
	char		*spec;
};

/* The specs in the order given; gprof's default exclusions last. */
struct gp_specs {
	struct gp_spec	*v;
	size_t		 n;
	size_t		 cap;
};

struct gp_tables;

void		 gp_specs_add(struct gp_specs *, enum gp_table, const char *);
void		 gp_specs_defaults(struct gp_specs *);	/* mcount and co. */
int		 gp_specs_opt(struct gp_specs *, int, const char *);
unsigned	 gp_specs_mask(const struct gp_specs *); /* 1 << table */
void		 gp_specs_free(struct gp_specs *);
const char	*gp_table_name(enum gp_table);	/* "incl-flat", ... */
int		 gp_table_byname(const char *);	/* -1 if unknown */

/* Bind the specs to a symbol table (gprof's sym_id_parse). */
struct gp_tables *gp_tables_make(const struct gp_specs *,
		    const struct gp_symtab *);
void		 gp_tables_free(struct gp_tables *);
int		 gp_tables_empty(const struct gp_tables *, enum gp_table);
int		 gp_tables_has(const struct gp_tables *, enum gp_table,
		    uint64_t addr);
/* INCL has it, or INCL is empty and EXCL has it not. */
int		 gp_tables_pass(const struct gp_tables *, enum gp_table incl,
		    uint64_t addr);
/* The arc FROM -> TO is named by an arc spec of the table. */
int		 gp_tables_arc(const struct gp_tables *, enum gp_table,
		    const struct gp_sym *from, const struct gp_sym *to);

#endif /* GP_SYMSPEC_H */
