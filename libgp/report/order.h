/*
 * gprof -r (--function-ordering): a suggested order of the functions.
 */
#ifndef GP_ORDER_H
#define GP_ORDER_H

#include "sym/mapfile.h"
#include "analysis/profile.h"
#include "sym/symtab.h"

/*
 * Print, one name a line, the order GNU gprof 2.40 suggests for the
 * symbols of p (its symbol, raw and graph layers): functions joined in
 * chains along the most used arcs, then the others that were called,
 * then those never called, in address order.
 */
void	gp_order_print(const struct gp_prof *p);

/*
 * gprof -R (--file-ordering MAP): print the suggested link order of the
 * object files (gp-fmt -R), MAP as gp_map_read() read it; the symbols
 * gp-sym -R named after their files have the flag GP_SYM_MAPPED.
 */
void	gp_fileorder_print(const struct gp_prof *, const struct gp_map *);

#endif /* GP_ORDER_H */
