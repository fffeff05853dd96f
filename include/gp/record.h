/*
 * <gp/record.h>: record types (gp-plugin(3)): gmon.out records with a
 * tag the host does not know (GNU layout).  One gmon.out record is one
 * stream record.
 *
 * decode() is called with the tag byte already read; it reads the body
 * with the host's get(), exactly as many bytes as the record has, and
 * emits its stream record with emit().  encode() gets such a stream
 * record back (fields[0] is the kind) and writes the whole gmon.out
 * record with put(), the tag byte first.  Both must give back the same
 * bytes: gmon-cat f | gp-fmt -o gmon reproduces f.  Both return 0, or -1
 * after an error().  The struct gp_pfile gives the file's address width
 * and byte order; gp_getword() and gp_putword() read and write its
 * integers.
 */
#ifndef GP_RECORD_H
#define GP_RECORD_H

#include <gp/abi.h>

#ifdef __cplusplus
extern "C" {
#endif

struct gp_recordtype {
	uint32_t	 size;		/* sizeof(struct gp_recordtype) */
	const unsigned char *tags;	/* tags claimed (never 0, 1, 2) */
	size_t		 ntags;
	const char *const *kinds;	/* stream kinds it makes; NULL ends */
	int	(*decode)(struct gp_ctx *, unsigned tag,
		    const struct gp_pfile *);
	int	(*encode)(struct gp_ctx *, const struct gp_pfile *, int nf,
		    const char *const *fields);	/* fields[0]: the kind */
};

/* The services of record types (gp_host.record). */
struct gp_record_host {
	uint32_t	 size;
	/*
	 * In decode(): get() reads up to n bytes of the record's body and
	 * returns how many it read (fewer at the end of the file); emit()
	 * gives the one stream record that stands for the gmon.out record,
	 * of one of its kinds, with nf fields, unescaped (the host escapes
	 * them).
	 */
	size_t	(*get)(struct gp_ctx *, void *, size_t n);
	void	(*emit)(struct gp_ctx *, const char *kind, int nf,
		    const char *const *fields);
	/* In encode(): append n bytes to the record; returns 0. */
	int	(*put)(struct gp_ctx *, const void *, size_t n);
};

/* An integer of nbytes bytes of a gmon.out file, in its byte order. */
static inline uint64_t
gp_getword(const unsigned char *p, int nbytes, int bigendian)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < nbytes; i++)
		v |= (uint64_t)p[bigendian ? i : nbytes - 1 - i] <<
		    (8 * (nbytes - 1 - i));
	return v;
}

static inline void
gp_putword(unsigned char *p, uint64_t v, int nbytes, int bigendian)
{
	int i;

	for (i = 0; i < nbytes; i++)
		p[bigendian ? nbytes - 1 - i : i] = (unsigned char)(v >> (8 * i));
}

#ifdef __cplusplus
}
#endif

#endif /* GP_RECORD_H */
