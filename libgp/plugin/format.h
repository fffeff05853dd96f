/*
 * The part of the plugin host that needs the profile (<gp/format.h>,
 * gp-plugin(3)), above the stream's layers: output formats for gp-fmt,
 * their options and the gmon_write service, and the plugin listing.
 * Finding, loading and checking plugins, record types and input formats
 * are the loader's (load.h), below.
 *
 * Every entry point that fails prints one line naming the file and exits
 * 1, so a tool's hook is a few lines.
 */
#ifndef GP_PLUGIN_FORMAT_H
#define GP_PLUGIN_FORMAT_H

#include <stdint.h>
#include <stdio.h>

#include "plugin/load.h"
#include "analysis/profile.h"

/*
 * Output formats, for gp-fmt.  spec is "NAME[,KEY[=VALUE]]...".
 * gp_format_open() returns NULL for the built-in format ("text" or
 * "gprof"), lists the plugins for "list" and the format's options for a
 * "help" option (both on stdout, then exit 0); an unknown name, a refused
 * plugin or a bad option is fatal.  gp_format_layers() tells which layers
 * (GP_L_*) the format reads, so the tool can skip the others.
 * gp_format_run() writes the profile; any failure is fatal.
 * gp_format_mergethreads() makes the view's calling contexts one tree of
 * all threads and processes (gp-fmt --merge-threads).  gp_format_specs()
 * gives gprof's symspecs (gp-fmt -e/-E/-f/-F): the graph is then remade
 * with them, and the view says which entries they leave printed.
 */
struct gp_plug	*gp_format_open(const char *spec);
unsigned	 gp_format_layers(const struct gp_plug *);
void		 gp_format_run(struct gp_plug *, struct gp_prof *, FILE *out,
		    const char *outname);
void		 gp_format_mergethreads(int);
/*
 * Each thread's own profile, for a format whose needs ask for them
 * (GP_HAVE_THREADS: gp_format_threads() says so).  The tool reads one
 * for each thread, as -u chooses it, and hands it over with
 * gp_format_addthread() before gp_format_run(), which analyses it,
 * offers it in the view (struct gp_pthread) and frees it.
 */
int		 gp_format_threads(const struct gp_plug *);
void		 gp_format_addthread(uint64_t thread, uint64_t tid,
		    const char *name, size_t nprocs, struct gp_prof *);
struct gp_specs;
void		 gp_format_specs(const struct gp_specs *);
void		 gp_plugin_list(FILE *);

#endif /* GP_PLUGIN_FORMAT_H */
