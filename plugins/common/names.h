/*
 * The functions a picture shows, and the names it shows them by.  Not
 * part of the plugin ABI: each plugin that lists it links its own copy.
 */
#ifndef GP_PLUGINS_NAMES_H
#define GP_PLUGINS_NAMES_H

#include <stddef.h>

#include <gp/format.h>

/*
 * Names that fit (the strip option, as gprof2dot's): a C++ name without
 * its template arguments and parameter lists ("std::map<int, int>::find
 * (int const&) const" is "std::map::find"); NULL: no memory.
 */
char	*name_strip(const char *);

/*
 * The names of p->funcs, stripped as mode says: STRIP_AUTO those longer
 * than STRIP_LONG.  Statics of one name in files of other names get
 * " (file.c)", the file's name without its directory, in every mode;
 * names two functions then share get "#2", "#3" ...
 * Free with names_free(v, p->nfuncs); NULL: no memory.
 */
#define STRIP_NO	0
#define STRIP_YES	1
#define STRIP_AUTO	2
#define STRIP_LONG	40
char	**names_make(const struct gp_profile *, int mode);
void	names_free(char **, size_t n);
/* The strip option's value: yes (or bare), no, auto; dflt if not given;
   -1 if none of those. */
int	strip_mode(const char *opt, int dflt);
/*
 * The strip option of this use of the format (host.h's host): its mode,
 * dflt if not given; -1 after an error() that names the bad value.
 */
int	strip_option(struct gp_ctx *, int dflt);

/*
 * Narrowed by gprof's symspecs (gp-fmt -e/-E/-f/-F, gp_profile.narrowed):
 * whether a picture shows f: a function whose entry the call graph
 * prints, or a caller or callee of one, as the printed entries' lines
 * list them.  Always 1 when nothing is narrowed.
 */
int	narrow_shows(const struct gp_profile *, const struct gp_pfunc *);

#endif /* GP_PLUGINS_NAMES_H */
