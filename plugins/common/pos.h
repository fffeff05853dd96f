/*
 * Pointers to their positions in an array (functions, arcs).  Not part
 * of the plugin ABI: each plugin that lists it links its own copy.
 */
#ifndef GP_PLUGINS_POS_H
#define GP_PLUGINS_POS_H

#include <stddef.h>

struct pos {
	const void	*ptr;
	size_t		 i;
};

struct pos *pos_make(const void *const *, size_t);	/* NULL: no memory */
long	pos_find(const struct pos *, size_t, const void *);	/* or -1 */

#endif /* GP_PLUGINS_POS_H */
