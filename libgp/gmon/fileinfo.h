/*
 * gprof -i (--file-info): what each profile file holds.
 *
 * gmon-cat -i writes a "fileinfo" record for each input file; gp-fmt -i
 * prints them as gprof does:
 *
 *	fileinfo path version nhist narcs nbbrecs
 *
 * version is the version word of the last GNU file read so far (0 before
 * any), which is what gprof prints, BSD files included.
 */
#ifndef GP_FILEINFO_H
#define GP_FILEINFO_H

#include <stdint.h>

#include "gmon/raw.h"
#include "stream/stream.h"

struct gp_fileinfo {
	uint32_t	 version;	/* of the last GNU file */
	char		**lines;	/* the report, one entry a file */
	size_t		 n;
};

/* One file read by gmon-cat (raw holds that file alone). */
void	gp_fileinfo_emit(struct gp_writer *, struct gp_fileinfo *,
	    const struct gp_raw *);
/* gp-fmt: collect the records (a gp_stage_other() function), print. */
void	gp_fileinfo_take(const struct gp_rec *, void *);
void	gp_fileinfo_print(const struct gp_fileinfo *);

#endif /* GP_FILEINFO_H */
