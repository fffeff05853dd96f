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

/*
 * The answers gprof -l prints, every address at once: the file, line and
 * function name bfd_find_nearest_line gives each address of the text
 * section once gprof has asked it about the symbols' addresses (fpass,
 * ascending) and every address of the text.  NULL when the file has
 * something this reader does not handle: then ask libbfd throughout.
 */
struct gp_dwidx;

struct gp_dwidx	*gp_dwarf_index(bfd *, asection *text, asymbol **syms,
		    long nsyms, const uint64_t *fpass, size_t nfpass);

/*
 * The answer at address a: GP_LQ_NONE (gprof takes no line here),
 * GP_LQ_FOUND with the file, function and line (strings held by the
 * index or the bfd), or GP_LQ_ASK (ask libbfd).  *next: the lowest
 * address above a where the answer may change.
 */
int	gp_dwarf_at(struct gp_dwidx *, uint64_t a, const char **file,
	    const char **func, unsigned *line, uint64_t *next);
void	gp_dwarf_free(struct gp_dwidx *);

/* How many questions the index put to libbfd itself. */
size_t	gp_dwarf_asked(const struct gp_dwidx *);

/* Is the file's own DWARF all libbfd reads for lines (no stabs, no
 * separate debugging file)? */
int	gp_dwarf_alone(bfd *);

#endif /* GP_BFDLINE_H */
