/*
 * Execution counts and annotated source, as GNU gprof 2.40 prints them
 * (gprof -C, -Z, -A, -J, -x, -y, -m, -t, -I and GPROF_PATH), from the
 * symbol and graph layers of a profile.
 *
 * The counts are the symbols' call counts (self calls excluded): gprof
 * prints basic-block counts only for files that have them, and no
 * compiler of today writes them.
 */
#ifndef GP_LINES_H
#define GP_LINES_H

#include <stddef.h>

#include "analysis/profile.h"
#include "sym/symspec.h"

struct gp_lineopts {
	struct gp_specs	 exec;		/* -C/-Z SPEC, as INCL/EXCL_FLAT */
	struct gp_specs	 anno;		/* -A/-J SPEC, as INCL/EXCL_FLAT */
	int		 zeros;		/* -z: print symbols never called */
	int		 all_lines;	/* -x: annotate every line */
	int		 separate;	/* -y: annotate into FILE-ann */
	unsigned long	 min_count;	/* -m: fewer calls show ##### */
	int		 table_length;	/* -t: top lines listed */
	char		**dirs;		/* -I, then GPROF_PATH */
	size_t		 ndirs;
};

/* Sections, as bits of gp-fmt's choice of sections. */
#define GP_SEC_EXEC	0x04		/* -C */
#define GP_SEC_ANNO	0x08		/* -A */

void	gp_lineopts_init(struct gp_lineopts *);
/*
 * One option of gprof's: -A -C -J -Z (with an optional symspec; on and
 * said are the sections asked for and those any option named), -I -m -t
 * -x -y.  Returns 0 if the option or its argument is bad.
 */
int	gp_lineopt(struct gp_lineopts *, int, const char *, int *on,
	    int *said);
/* -I DIRS, GPROF_PATH: colon-separated directories for the sources. */
void	gp_lineopts_dirs(struct gp_lineopts *, const char *);

/*
 * Print the section; *first is 1 if nothing has been printed yet (the
 * section then starts without gprof's form feed) and is cleared.
 */
void	gp_exec_print(const struct gp_prof *, const struct gp_lineopts *,
	    int *first);
void	gp_anno_print(const struct gp_prof *, const struct gp_lineopts *,
	    int *first);

#endif /* GP_LINES_H */
