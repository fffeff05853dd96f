/*
 * The companion file's reader, for gmon-cat(1) and gprt-dump(1); the
 * layout is <gp/companion.h>.  gp_gprt_load() (companion.c) reads a whole
 * companion file; any malformed content is fatal: a one-line message
 * naming the file and the byte offset, exit status 1.  gp_gprt_emit()
 * (compemit.c) writes it as stream records, gp_gprt_gmon() (compgmon.c)
 * as the gmon.out its run would have written.
 */
#ifndef GP_GPRT_COMPANION_H
#define GP_GPRT_COMPANION_H

#include <stddef.h>
#include <stdint.h>

#include <gp/companion.h>

struct gp_writer;

struct gp_gprt_obj {
	uint64_t	 id;
	uint64_t	 bias;
	uint64_t	 low;
	uint64_t	 textlow;
	uint64_t	 texthigh;
	char		*path;
};

struct gp_gprt_frame {			/* a call open at the end */
	uint64_t	 fn;		/* run-time addresses */
	uint64_t	 site;
	uint64_t	 t0;		/* ticks at its entry */
};

struct gp_gprt_thread {
	uint64_t	 slot;
	uint64_t	 tid;
	uint64_t	 nthreads;
	uint64_t	 state;
	uint64_t	 open;		/* activations closed by the reader */
	uint64_t	 ticks;		/* total of outermost activations */
	uint64_t	 calls;
	uint64_t	 cpu_ns;	/* its CPU time, at its end or last
					   checkpoint */
	uint64_t	 masked_ns;	/* of which with SIGPROF blocked */
	char		 name[17];
	struct gp_gprt_frame *frames;	/* the open ones, outermost first,
					   when all were read; or NULL */
};

struct gp_gprt_arc {
	uint64_t	 thread;	/* slot, or 0 when merged */
	uint64_t	 site;		/* run-time addresses */
	uint64_t	 fn;
	uint64_t	 count;
	uint64_t	 self;		/* ticks */
	uint64_t	 incl;
	uint64_t	 nmaps;		/* map records before its block */
	int		 sobj;		/* site and fn in their objects: */
	int		 fobj;		/* the object's id (-1: none) and */
	uint64_t	 srel;		/* the address in it (gp_gprt_objat) */
	uint64_t	 frel;
};

struct gp_gprt_mem {
	uint64_t	 thread;
	struct gprt_mem	 m;
};

struct gp_gprt_cnode {			/* a calling-context node (cct) */
	uint64_t	 parent;	/* index; the root is 0 */
	uint64_t	 fn;		/* 0: truncated */
	uint64_t	 site;
	uint64_t	 count;
	uint64_t	 self;		/* ticks */
	uint64_t	 incl;		/* made by the reader */
};

struct gp_gprt_cct {			/* a thread's tree, node 0 its root */
	uint64_t	 thread;	/* slot; 0: merged */
	struct gp_gprt_cnode *nodes;
	size_t		 n;
};

struct gp_gprt_tev {			/* an event of a timeline (trace) */
	uint64_t	 seq;
	uint64_t	 ticks;
	uint64_t	 fn;
	uint64_t	 site;
	uint32_t	 kind;		/* GP_EV_* of <gp/plugin.h> */
	uint32_t	 depth;
};

struct gp_gprt_trace {			/* a thread's timeline */
	uint64_t	 thread;
	uint64_t	 lost;
	uint64_t	 depth;		/* the collector's calls open at the
					   end */
	int		 first;
	struct gp_gprt_tev *ev;
	size_t		 n;
};

struct gp_gprt_samp {			/* a thread's sampled stacks */
	uint64_t	 thread;
	uint64_t	 period;	/* ns a sample stands for */
	uint64_t	 samples;
	uint64_t	 lost;
	uint64_t	 cut;
	uint64_t	 unwound;
	uint64_t	 cap;		/* the nodes the block holds */
	uint64_t	 depth;		/* the cap on frames */
	struct gprt_snode *nodes;	/* node 0 the root */
	size_t		 n;
};

struct gp_gprt {
	char			*path;
	struct gprt_hdr		 hdr;	/* in host order */
	int			 swapped;
	double			 rate;	/* ticks per second */
	struct gp_gprt_obj	*objs;
	size_t			 nobjs;
	struct gp_gprt_thread	*threads;
	size_t			 nthreads;
	struct gp_gprt_arc	*arcs;	/* sorted by thread, site, fn */
	size_t			 narcs;
	struct gp_gprt_mem	*mems;
	size_t			 nmems;
	uint64_t		 histlow, histhigh, hz, outside;
	uint32_t		*bins;	/* NULL when not sampled */
	size_t			 nbins;
	struct gp_gprt_cct	*ccts;	/* collectors' data (gp-plugin(3)) */
	size_t			 ncct;
	struct gp_gprt_trace	*traces;
	size_t			 ntrace;
	struct gp_gprt_samp	*samps;	/* SAMPLE blocks (compsamp.c) */
	size_t			 nsamp;
	int			 sampled; /* arcs and trees are the samples',
					   in ns of CPU time, no counts */
};

#define GP_GPRT_MERGE	0x1	/* merge the threads' arcs and sites */
#define GP_GPRT_RAW	0x2	/* also emit the raw layer of gmon.out */

struct gp_gprt	*gp_gprt_load(const char *path);
/*
 * The same from a copy of the file in memory (buf, size: the caller's),
 * for a reader of a running program: NULL on malformed content, its
 * message (naming path and the byte) in msg, nothing printed.
 */
struct gp_gprt	*gp_gprt_loadbuf(const char *path, unsigned char *buf,
		    size_t size, char *msg, size_t msglen);
void		 gp_gprt_merge(struct gp_gprt *);
void		 gp_gprt_emit(const struct gp_gprt *, struct gp_writer *,
		    unsigned flags);
void		 gp_gprt_read(const char *path, struct gp_writer *,
		    unsigned flags);
int		 gp_gprt_objat(const struct gp_gprt *, uint64_t addr,
		    uint64_t nmaps, uint64_t *rel);
int		 gp_gprt_obj(const struct gp_gprt *, uint64_t addr,
		    uint64_t *rel);
/*
 * The gmon.out the run would have written, to the file out, or into a
 * buffer (*buf malloc'd, *len bytes); 0, or -1 with errno set.
 */
int		 gp_gprt_gmon(const struct gp_gprt *, const char *out);
int		 gp_gprt_gmonbuf(const struct gp_gprt *, unsigned char **buf,
		    size_t *len);
void		 gp_gprt_free(struct gp_gprt *);
uint64_t	*gp_gprt_fnstarts(const char *path, size_t *np);

#endif /* GP_GPRT_COMPANION_H */
