/*
 * Input formats (<gp/input.h>, gp-plugin(3)): profile
 * files of other profilers (perf script's text, callgrind.out) read by
 * plugins into the stream.  This sits with the loader, below the
 * stream's layers: a plugin's records go to a writer as they come.
 *
 * gp_foreign_open() returns the input plugin a spec "NAME[,KEY=VALUE]..."
 * names (gmon-cat -f); "list" lists them and "NAME,help" its options on
 * stdout, and both exit 0; an unknown name or option is fatal.
 * gp_foreign_match() returns the plugin whose match() is surest of the
 * file that begins with head (n bytes), or NULL if none claims it.
 * gp_foreign_read() runs the plugin's read() on the whole file, writing
 * the stream's records to w; a failure is fatal, naming the file (as
 * name) and the plugin.
 */
#ifndef GP_FOREIGN_H
#define GP_FOREIGN_H

#include <stddef.h>
#include <stdio.h>

#include "plugin/load.h"
#include "stream/stream.h"

struct gp_plug	*gp_foreign_open(const char *spec);
struct gp_plug	*gp_foreign_match(const unsigned char *head, size_t n);
void		 gp_foreign_read(struct gp_plug *, struct gp_writer *w,
		    const char *name, const unsigned char *buf, size_t len);
void		 gp_foreign_list(FILE *);

#endif /* GP_FOREIGN_H */
