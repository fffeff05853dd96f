/*
 * The raw layer: what gmon.out files hold (gmon-cat(1), gp-stream(5)).
 *
 * Contract for the other layers: the field names below are used by the
 * credit and graph layers and keep their meaning; the raw layer may add
 * fields and functions.
 */
#ifndef GP_GMON_H
#define GP_GMON_H

#include <stddef.h>
#include <stdint.h>

#include "prof.h"

enum gp_layout {
	GP_GNU = 1,
	GP_BSD44,
	GP_OLDBSD,
};

struct gp_file {			/* a "profile" record */
	char		*path;
	enum gp_layout	 layout;
	int		 width;		/* address bits: 32 or 64 */
	int		 bigendian;
	uint32_t	 version;
	unsigned char	 spare[12];
	int		 nspare;
};

struct gp_hist {			/* a "hist" record and its bins */
	unsigned	 id;
	uint64_t	 low;
	uint64_t	 high;
	uint32_t	 nbins;
	uint32_t	 rate;
	char		 dimen[16];	/* 15 bytes in the file, NUL-ended */
	char		 abbrev;
	uint64_t	*bins;		/* nbins counts */
};

struct gp_arc {				/* an "arc" record */
	uint64_t	 from;
	uint64_t	 self;
	uint64_t	 count;
};

struct gp_raw {
	struct gp_file	*files;
	size_t		 nfiles;
	struct gp_hist	*hists;
	size_t		 nhists;
	struct gp_arc	*arcs;
	size_t		 narcs;
	/* basic blocks, opaque records and record order: see gmon.c */
};

#endif /* GP_GMON_H */
