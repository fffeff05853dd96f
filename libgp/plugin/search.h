/*
 * Where plugins are looked for and how their options are read, the same
 * in the tools (load.c) and in the profiling runtime (libgprt's coll.c,
 * which compiles this file in): no allocation, nothing but libc, so that
 * the runtime can run it inside a program before main().
 *
 * GP_PLUGIN_PATH is a list of directories separated by colons, searched
 * in order after the installed plugin directory.  Empty entries mean
 * nothing.  An entry that is not an absolute path is refused, with a
 * warning: the current directory of a profiled program changes, and a
 * tool's is not where the plugins are.  An entry too long for a path is
 * refused the same way.
 */
#ifndef GP_PLUGIN_SEARCH_H
#define GP_PLUGIN_SEARCH_H

#include <stddef.h>

/*
 * The path's entries, one at a time: gp_search_next() puts the next
 * directory in dir (dirsz bytes, NUL-terminated) and returns 1; 0 at the
 * end; -1 for a refused entry, with why in why (to be printed after
 * "GP_PLUGIN_PATH: "), after which the next call goes on.
 */
struct gp_search {
	const char	*p;		/* what is left of the path */
};

void	gp_search_start(struct gp_search *, const char *path);
int	gp_search_next(struct gp_search *, char *dir, size_t dirsz,
	    char *why, size_t whysz);

/* Whether the n bytes at s are a plugin's name: 1 to 64 lower-case
   letters, digits, '-' and '_'. */
int	gp_search_name(const char *s, size_t n);

/*
 * An option's value as a number in [min, max]: the whole value as
 * strtod(3) reads it, finite.  0 and the number in *v; or -1 and the
 * message in why, "KEY=VALUE: not a number from MIN to MAX", where key
 * names the option as the user gave it: "option KEY" for a format's, a
 * collector's environment variable.
 */
int	gp_search_num(const char *key, const char *val, double min,
	    double max, double *v, char *why, size_t whysz);

#endif /* GP_PLUGIN_SEARCH_H */
