/*
 * The host side of the plugin ABI (<gp/plugin.h>, gp-plugin(3)): finding,
 * loading and checking plugins, the services they get, and the entry
 * points the tools call.
 *
 * Plugins come from the installed plugin directory (../lib/gptools
 * relative to the running executable, else GP_PLUGINDIR), then from the
 * directories in $GP_PLUGIN_PATH, in that order; never from the current
 * directory unless the user names it.  A plugin's name is its file name
 * without ".so"; the first file of a name wins.
 *
 * Every entry point that fails prints one line naming the file and exits
 * 1, so a tool's hook is a few lines.
 */
#ifndef GP_PLUGIN_H
#define GP_PLUGIN_H

#include <stdint.h>
#include <stdio.h>

#include <gp/plugin.h>

#include "prof.h"
#include "stream.h"

struct gp_plug;				/* a loaded, checked plugin */

/*
 * Output formats, for gp-fmt.  spec is "NAME[,KEY[=VALUE]]...".
 * gp_format_open() returns NULL for the built-in format ("text" or
 * "gprof"), lists the plugins for "list" and the format's options for a
 * "help" option (both on stdout, then exit 0); an unknown name, a refused
 * plugin or a bad option is fatal.  gp_format_layers() tells which layers
 * (GP_L_*) the format reads, so the tool can skip the others.
 * gp_format_run() writes the profile; any failure is fatal.
 */
struct gp_plug	*gp_format_open(const char *spec);
unsigned	 gp_format_layers(const struct gp_plug *);
void		 gp_format_run(struct gp_plug *, struct gp_prof *, FILE *out,
		    const char *outname);
void		 gp_plugin_list(FILE *);

/*
 * Record types, for the raw layer (gmon-cat and the gmon.out writer).
 * A record a plugin claims is kept in the raw model as its tag and body
 * bytes (struct gp_rawrec), like an opaque record, so that it is written
 * back byte for byte; it becomes its stream record only at the stream's
 * edges.  width (32, 64) and bigendian are those of the gmon.out file.
 *
 * gp_record_find() loads the plugins (the first time) and returns the one
 * that claims a gmon.out tag, or NULL.  gp_record_measure() runs its
 * decoder on the body that starts at buf (avail bytes to the end of the
 * file) and returns the body's length; or -1 with what was wrong in
 * why[0..whysz-1]: nothing is printed, so readers can try several
 * readings of a file.
 *
 * gp_record_emit() writes the stream record of a kept record; it returns
 * 0 if no plugin claims the tag or its decoder does not take exactly
 * those bytes (the caller then writes a "raw" record).
 *
 * gp_record_kind() loads the plugins (the first time) and tells whether
 * one makes stream records of `kind'; such records belong to the raw
 * layer.  gp_record_encode() turns one back into a tag and body bytes
 * (*body malloc'd); failures are fatal, naming the stream line.
 */
struct gp_plug	*gp_record_find(unsigned tag);
long		 gp_record_measure(struct gp_plug *, unsigned tag,
		    const unsigned char *buf, size_t avail, int width,
		    int bigendian, char *why, size_t whysz);
int		 gp_record_emit(struct gp_writer *, unsigned tag,
		    const unsigned char *body, size_t len, int width,
		    int bigendian);
int		 gp_record_kind(const char *kind);
void		 gp_record_encode(const struct gp_rec *, int width,
		    int bigendian, unsigned *tag, unsigned char **body,
		    size_t *len);

/* The plugin's name, and its file. */
const char	*gp_plug_name(const struct gp_plug *);
const char	*gp_plug_path(const struct gp_plug *);

/* The directories searched, in order (for messages and listings). */
size_t		 gp_plugin_dirs(const char *const **);

#endif /* GP_PLUGIN_H */
