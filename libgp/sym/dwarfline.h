/*
 * Source lines of many addresses at once from the DWARF line tables
 * (sym/dwarfline.c), giving what libbfd's bfd_find_nearest_line gives.
 */
#ifndef GP_BFDLINE_H
#define GP_BFDLINE_H

#include <stddef.h>
#include <stdint.h>

#include <bfd.h>

enum {
	GP_LQ_NONE,		/* no line table covers the address */
	GP_LQ_FOUND,		/* file and line as libbfd gives them */
	GP_LQ_ASK,		/* not sure: ask libbfd */
};

struct gp_lineq {
	uint64_t	 addr;		/* in: ascending */
	int		 state;		/* out */
	int		 hits;		/* line tables covering addr */
	unsigned	 line;		/* FOUND: the line, maybe 0 */
	char		*file;		/* FOUND: malloc'd, or NULL */
};

/*
 * Fill q[0..n-1] walking every line table once.  Returns 0, or -1 if the
 * file has something this reader does not handle (the caller then asks
 * libbfd for every address).
 */
int	gp_dwarf_lines(bfd *, struct gp_lineq *q, size_t n);

#endif /* GP_BFDLINE_H */
