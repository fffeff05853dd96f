/*
 * Record types (gp-plugin(3), <gp/record.h>): their services, the
 * loader's check of their claims, and their entry points, handed to the
 * raw layer as its struct gp_rectypes (gmon/raw.h) so that the gmon layer
 * reads and writes the records of plugins without reaching the loader.
 * Every tool that reads or writes the raw layer calls gp_record_attach()
 * first; the plugins are loaded only when a record of a tag or kind the
 * raw layer does not know is met.
 */
#ifndef GP_PLUGIN_RECORD_H
#define GP_PLUGIN_RECORD_H

#include "plugin/load.h"

void	gp_record_attach(void);

/*
 * The entry points, for the raw layer (gmon-cat and the gmon.out
 * writer).  A record a plugin claims is kept in the raw model as its
 * tag and body bytes (struct gp_rawrec), like an opaque record, so that
 * it is written back byte for byte; it becomes its stream record only at
 * the stream's edges.  width (32, 64) and bigendian are those of the
 * gmon.out file.
 *
 * gp_record_check() tells what is wrong with a record type a plugin
 * being loaded provides (in buf), or NULL: its tags and kinds must be
 * sound and claimed by no plugin loaded before.
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
 * gp_record_unclaimed() tells how many kinds gp_record_kind() found no
 * plugin for, and the first of them.
 */
const char	*gp_record_check(const struct gp_recordtype *, char *buf,
		    size_t bufsz);
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
size_t		 gp_record_unclaimed(const char **first);

#endif /* GP_PLUGIN_RECORD_H */
