/*
 * gprof -r (--function-ordering): a suggested order of the functions.
 */
#ifndef GP_ORDER_H
#define GP_ORDER_H

#include "prof.h"
#include "symtab.h"

/*
 * Print, one name a line, the order GNU gprof 2.40 suggests for the
 * symbols of p (its symbol, raw and graph layers): functions joined in
 * chains along the most used arcs, then the others that were called,
 * then those never called, in address order.
 */
void	gp_order_print(const struct gp_prof *p);

/*
 * gprof -R (--file-ordering MAP): MAP tells the object file of each
 * function, as nm --extern-only --defined-only -v --print-file-name
 * prints it ("file.o:address type name" lines).
 */
struct gp_mapent {
	char		*file;
	char		*func;
	int		 first;		/* the first line of its file */
};

struct gp_map {
	struct gp_mapent *v;		/* sorted by function name */
	size_t		 n;
};

/* Read MAP as gprof does; exits 1 with gprof's message if it cannot. */
void	gp_map_read(struct gp_map *, const char *path);
/*
 * Print the suggested link order of the object files (gp-fmt -R); the
 * symbols gp-sym -R named after their files have the flag GP_SYM_MAPPED.
 */
void	gp_fileorder_print(const struct gp_prof *, const struct gp_map *);

#endif /* GP_ORDER_H */
