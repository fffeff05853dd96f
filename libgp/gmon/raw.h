/*
 * The raw layer: what gmon.out files hold (gmon-cat(1), gp-stream(5)).
 *
 * Contract for the other layers: the field names below are used by the
 * credit and graph layers and keep their meaning; the raw layer may add
 * fields and functions.
 *
 * The model holds a file exactly: with the record order kept in `order',
 * gp_gmon_write() gives back the file it was read from byte for byte.
 */
#ifndef GP_GMON_H
#define GP_GMON_H

#include <stddef.h>
#include <stdint.h>

#include "stream/stream.h"

enum gp_layout {
	GP_GNU = 1,
	GP_BSD44,
	GP_OLDBSD,
};

#define GP_BSD44_VERSION	0x00051879u	/* 4.4BSD GMONVERSION */
#define GP_GMON_COOKIE		"gmon"

struct gp_file {			/* a "profile" record */
	char		*path;
	enum gp_layout	 layout;
	int		 width;		/* address bits: 32 or 64 */
	int		 bigendian;
	uint32_t	 version;	/* GNU: 0 or 1; 4.4BSD: 0x51879 */
	unsigned char	 spare[12];
	int		 nspare;	/* 12, or 0 for old BSD */
};

/*
 * A histogram's bins are kept sparse, the bins with samples only: memory
 * follows the samples the input holds, never the number of bins it
 * declares (a stream's "hist" record may declare 2^32 - 1 bins and hold
 * none).  Loaders append with gp_hist_add; gp_raw_norm sorts them and
 * adds up an index named twice, after which bins[] holds one entry per
 * index in increasing order.
 */
struct gp_bin {
	uint32_t	 i;		/* bin index, below nbins */
	uint32_t	 count;		/* at most 65535 */
	long		 line;		/* stream line it came from, or 0 */
};

struct gp_hist {			/* a "hist" record and its bins */
	unsigned	 id;
	uint64_t	 low;
	uint64_t	 high;
	uint32_t	 nbins;
	uint32_t	 rate;		/* old BSD files: gp_hertz() */
	char		 dimen[16];	/* 15 bytes in the file, NUL-ended */
	char		 abbrev;
	struct gp_bin	*bins;		/* the bins with samples (see above) */
	size_t		 nb;
	size_t		 cb;
	int		 unsorted;	/* bins[] needs gp_raw_norm */
	size_t		 file;		/* index in files[] it came from */
};

struct gp_arc {				/* an "arc" record */
	uint64_t	 from;
	uint64_t	 self;
	uint64_t	 count;
};

struct gp_bb {				/* a "bb" record */
	uint64_t	 addr;
	uint64_t	 count;
};

struct gp_bbrec {			/* a "bbrec" record and its blocks */
	unsigned	 id;
	uint32_t	 n;		/* blocks the record declares */
	struct gp_bb	*bbs;
	size_t		 nbbs;		/* blocks loaded (n once complete) */
	size_t		 cap;
};

struct gp_rawrec {			/* a "raw" record: an unknown tag */
	unsigned	 tag;
	unsigned char	*data;		/* the bytes after the tag */
	size_t		 len;
	size_t		 cap;
};

enum gp_rkind {
	GP_R_HIST = 1,
	GP_R_ARC,
	GP_R_BB,
	GP_R_RAW,
};

struct gp_run {				/* records first..first+n-1 of a kind */
	enum gp_rkind	 kind;
	size_t		 first;
	size_t		 n;
};

struct gp_arcidx;

struct gp_raw {
	struct gp_file	*files;
	size_t		 nfiles;
	struct gp_hist	*hists;
	size_t		 nhists;
	struct gp_arc	*arcs;
	size_t		 narcs;
	struct gp_bbrec	*bbrecs;
	size_t		 nbbrecs;
	struct gp_rawrec *raws;
	size_t		 nraws;
	struct gp_run	*order;		/* the file's record order */
	size_t		 norder;
	char		*name;		/* where it was read from */

	/* private to the raw layer */
	size_t		 fcap, hcap, acap, bcap, rcap, ocap;
	struct gp_arcidx *idx;		/* summing: (from, self) -> arc */
	int		 lastkind;	/* stream loading: last record */
};

/*
 * One stream record of the raw layer into *rawp (made on the first);
 * 1, or 0 if the kind is not the layer's.  Bad fields are fatal.
 */
int		 gp_raw_load(struct gp_raw **rawp, const struct gp_rec *);

/* Building a model.  Each adder appends a record at the end of `order'. */
struct gp_raw	*gp_raw_new(const char *name);
void		 gp_raw_free(struct gp_raw *);
/* The name its messages give it: the stream it is read from. */
void		 gp_raw_setname(struct gp_raw *, const char *name);
/*
 * The arcs freed, or handed to the caller (its to free: *n of them),
 * and their runs taken out of `order': for a stage that has copied them
 * through and tallies them (gp-arcs), on a large graph.
 */
void		 gp_raw_droparcs(struct gp_raw *);
struct gp_arc	*gp_raw_takearcs(struct gp_raw *, size_t *n);
struct gp_file	*gp_raw_addfile(struct gp_raw *);
struct gp_hist	*gp_raw_addhist(struct gp_raw *);	/* no bins */
void		 gp_hist_add(struct gp_hist *, uint32_t i, uint32_t count,
		    long line);
void		 gp_hist_copy(struct gp_hist *dst, const struct gp_hist *);
void		 gp_raw_norm(struct gp_raw *);
struct gp_arc	*gp_raw_addarc(struct gp_raw *);
struct gp_bbrec	*gp_raw_addbbrec(struct gp_raw *);
struct gp_rawrec *gp_raw_addraw(struct gp_raw *);
void		 gp_raw_reserve(struct gp_raw *, size_t narcs);

/* The model as "profile hist bins arc bbrec bb raw" records. */
void		 gp_raw_emit(struct gp_writer *, const struct gp_raw *);

/*
 * One record each, for gp_raw_emit() and for gp_gmon_cat().  bins16 are
 * the histogram's bins as in a file (2 bytes each, in that byte order),
 * or NULL for h->bins.  A raw record is the plugin's record when a
 * plugin claims its tag (width and order are the file's).
 */
void		 gp_raw_emitprofile(struct gp_writer *, const struct gp_file *);
void		 gp_raw_emithist(struct gp_writer *, const struct gp_hist *,
		    const unsigned char *bins16, int bigendian);
void		 gp_raw_emitarc(struct gp_writer *, const struct gp_arc *);
void		 gp_raw_emitbbrec(struct gp_writer *, unsigned id, uint32_t n);
void		 gp_raw_emitbb(struct gp_writer *, unsigned id,
		    const struct gp_bb *);
void		 gp_raw_emitraw(struct gp_writer *, unsigned tag,
		    const unsigned char *, size_t, int width, int bigendian);

/*
 * Add `src' into `dst' the way gprof adds several gmon.out files:
 * histograms of equal range add up, disjoint ranges are kept, arcs with
 * equal ends add up and keep the place of the first; basic-block and
 * opaque records are appended.  Differing rate, unit or scale,
 * overlapping ranges and counts too large for the layout of dst's first
 * file are fatal errors naming both files.
 */
void		 gp_raw_sum(struct gp_raw *dst, const struct gp_raw *src);

/*
 * Call arcs as (from, self, count) triples of uint64_t: gp_arc3cmp()
 * orders two by from, then self; gp_arc3sum() sorts n of them so and
 * adds up the counts of equal ends, and returns how many are left.
 */
int		 gp_arc3cmp(const void *, const void *);
size_t		 gp_arc3sum(uint64_t *v, size_t n);

/*
 * Record types the raw layer does not decode itself: gmon.out records
 * whose tag a plugin's record type claims (gp-plugin(3)).  A claimed
 * record is kept in the model as its tag and body bytes, like an opaque
 * one, and becomes its stream record only at the stream's edges.  The
 * raw layer never loads plugins: the tools hand the plugin loader's
 * entry points in (gp_record_attach(), plugin/record.h) before they read
 * anything; without them such records are unknown tags and kinds.
 *
 * measure() returns the length of the body of a record with that tag at
 * buf (avail bytes to the end of the file), -1 with what was wrong in
 * why[0..whysz-1] (nothing printed), or -2 if no type claims the tag.
 * emit() writes the stream record of a kept record and returns 1, or 0
 * if none claims it.  iskind() tells whether a type makes stream records
 * of that kind; encode() turns one back into a tag and body (*body
 * malloc'd), fatal errors naming the stream line.
 */
struct gp_rectypes {
	long	(*measure)(unsigned tag, const unsigned char *buf,
		    size_t avail, int width, int bigendian, char *why,
		    size_t whysz);
	int	(*emit)(struct gp_writer *, unsigned tag,
		    const unsigned char *body, size_t len, int width,
		    int bigendian);
	int	(*iskind)(const char *kind);
	void	(*encode)(const struct gp_rec *, int width, int bigendian,
		    unsigned *tag, unsigned char **body, size_t *len);
};
void		 gp_raw_rectypes(const struct gp_rectypes *);
int		 gp_raw_iskind(const char *kind);	/* a type's kind */
long		 gp_raw_measure(unsigned tag, const unsigned char *buf,
		    size_t avail, int width, int bigendian, char *why,
		    size_t whysz);

/* The clock rate old BSD files imply (gprof's hertz()). */
uint32_t	 gp_hertz(void);

/* Layout names as in the stream: "gnu", "bsd44", "oldbsd"; NULL if bad. */
const char	*gp_layout_name(enum gp_layout);

/*
 * Reading gmon.out files (gmon/read.c).  Zero fields of gp_gmonopt mean
 * "detect": the layout from the cookie and the BSD version word, the
 * byte order from the version word, the width (and a byte order the
 * header does not tell) by which reading is consistent with the file's
 * size, preferring this host's width and order.  Errors are fatal: one
 * line naming the file, the byte offset and what was expected.
 */
enum gp_informat {
	GP_IN_AUTO = 0,			/* cookie "gmon": GNU, else BSD */
	GP_IN_GNU,
	GP_IN_BSD,			/* 4.4BSD if the version word says so */
	GP_IN_BSD44,
	GP_IN_OLDBSD,
};

#define GP_LE		1		/* byte orders; 0 means "detect" */
#define GP_BE		2

struct gp_gmonopt {
	enum gp_informat format;
	int		 width;		/* 0: detect, or 32 or 64 */
	int		 order;		/* 0: detect, GP_LE or GP_BE */
	int		 keepraw;	/* unknown tag: the rest is a raw record */
};

struct gp_raw	*gp_gmon_parse(const unsigned char *, size_t, const char *name,
		    const struct gp_gmonopt *);

/*
 * The same file straight to its stream records, as gp_raw_emit() would
 * write its model, without building it (path is the profile record's).
 * Everything is checked before the first record is written.
 */
void		 gp_gmon_cat(struct gp_writer *, const unsigned char *, size_t,
		    const char *name, const char *path,
		    const struct gp_gmonopt *);

/* A whole input file in memory; "-" is stdin.  Exits on errors. */
struct gp_input {
	const char	*name;
	unsigned char	*buf;
	size_t		 len;
	int		 mapped;
};
void		 gp_input_read(struct gp_input *, const char *path);
void		 gp_input_free(struct gp_input *);

/*
 * Writing gmon.out files (gmon/write.c): layout 0, width 0 and order 0
 * take those of the first file record (GNU, 64-bit, this host's order
 * if there is none).  What the layout cannot hold (a count or an address
 * too large, several histograms or basic blocks in a BSD file, a rate
 * an old BSD file cannot tell) is a fatal error naming `name'.
 */
void		 gp_gmon_write(int fd, const char *name, const struct gp_raw *,
		    enum gp_layout, int width, int order);

#endif /* GP_GMON_H */
