/*
 * The companion reader's own: what companion.c and compcoll.c (the
 * collectors' blocks) share while they read a file, no one else.
 */
#ifndef GP_GPRT_COMPREAD_H
#define GP_GPRT_COMPREAD_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "gprt/companion.h"

#define BLKSZ	sizeof(struct gprt_blk)

struct rd {
	const char		*path;
	unsigned char		*buf;
	uint64_t		 size;
	int			 swap;
	jmp_buf			*catch;	/* gp_gprt_loadbuf()'s, or NULL */
	char			*msg;	/* where the message goes then */
	size_t			 msglen;
};

struct ablk {				/* an ARCS block */
	uint64_t		 off;
	uint64_t		 n;
	size_t			 first;	/* its first in g->arcs */
};

struct sblk {				/* a STACK block */
	uint64_t		 off;
	uint64_t		 cap;
	uint64_t		 thread;
};

struct tinfo {
	uint64_t		 off;	/* of the THREAD block */
	uint64_t		 top;	/* address of the top frame */
	uint64_t		 depth;
	uint64_t		 stack;
	uint64_t		 last;
	uint64_t		 closed;	/* when its open calls closed */
	uint64_t		 cp_ticks, cp_ns;
};

struct cinfo {				/* a cct block's running node */
	uint64_t		 off;
	uint64_t		 cur;
	uint64_t		 last;
	uint64_t		 limit;		/* its nodes before truncation */
};


/*
 * One line naming the file and the byte offset; exit status 1, or under
 * gp_gprt_loadbuf() the message kept and a jump back to it.
 */
void	gp_gprt_bad(const struct rd *, uint64_t off, const char *, ...)
	    __attribute__((__noreturn__, __format__(__printf__, 3, 4)));

static inline uint32_t
get32(const struct rd *r, uint64_t off)
{
	uint32_t v;

	if (off + 4 > r->size)
		gp_gprt_bad(r, off, "unexpected end of file");
	memcpy(&v, r->buf + off, 4);
	return r->swap ? __builtin_bswap32(v) : v;
}

static inline uint64_t
get64(const struct rd *r, uint64_t off)
{
	uint64_t v;

	if (off + 8 > r->size)
		gp_gprt_bad(r, off, "unexpected end of file");
	memcpy(&v, r->buf + off, 8);
	return r->swap ? __builtin_bswap64(v) : v;
}

#define H32(f)	get32(r, offsetof(struct gprt_hdr, f))
#define H64(f)	get64(r, offsetof(struct gprt_hdr, f))
#define F64(o, type, f)	get64(r, (o) + offsetof(type, f))

/* The collectors' blocks (compcoll.c). */
void	gp_gprt_cctblock(const struct rd *, struct gp_gprt *, struct cinfo **,
	    uint64_t off, uint64_t thread, uint64_t size);
void	gp_gprt_sampblock(const struct rd *, struct gp_gprt *, uint64_t off,
	    uint64_t thread, uint64_t size);
void	gp_gprt_sampfinish(const struct rd *, struct gp_gprt *);
void	gp_gprt_traceblock(const struct rd *, struct gp_gprt *, uint64_t off,
	    uint64_t thread, uint64_t size);
void	gp_gprt_cctfinish(const struct rd *, struct gp_gprt *,
	    const struct tinfo *, const struct cinfo *);
void	gp_gprt_ccttrunc(const struct rd *, const struct gp_gprt *,
	    const struct cinfo *);
void	gp_gprt_mergecct(struct gp_gprt *);

#endif /* GP_GPRT_COMPREAD_H */
