/*
 * The function map of gprof -R (--file-ordering): which object file holds
 * which function, as nm --extern-only --defined-only -v --print-file-name
 * prints it ("file.o:address type name" lines).  gp-sym -R names the
 * functions after their files; gp-fmt -R prints the files' link order.
 */
#ifndef GP_MAPFILE_H
#define GP_MAPFILE_H

#include <stddef.h>

struct gp_mapent {
	char		*file;
	char		*func;
	int		 first;		/* the first of a run of lines of its file */
};

struct gp_map {
	struct gp_mapent *v;		/* sorted by function name, stably */
	size_t		 n;
};

/*
 * Read the map at path as gprof does; exits 1 with gprof's message if
 * it cannot parse it, with the system's reason if it cannot read it.
 */
void	gp_map_read(struct gp_map *, const char *path);
/* The line of function name, the one gprof's bsearch would find; or NULL. */
const struct gp_mapent *gp_map_find(const struct gp_map *, const char *name);
void	gp_map_free(struct gp_map *);

#endif /* GP_MAPFILE_H */
