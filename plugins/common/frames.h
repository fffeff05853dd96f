/*
 * Frames: the functions of a profile by the name they have in folded
 * stacks (frame_name()), for the formats that turn those stacks into
 * frames of their own (pprof, speedscope, html).  Not part of the plugin
 * ABI; each plugin links its own copy.
 */
#ifndef GP_PLUGINS_FRAMES_H
#define GP_PLUGINS_FRAMES_H

#include <stddef.h>
#include <stdint.h>

#include <gp/format.h>

struct frame {
	char		*name;		/* frame_name() of the function's */
	const struct gp_pfunc *f;	/* the first function of that name;
					   NULL: only contexts or events name
					   it (frames_addctx()) */
	const char	*obj;		/* then: its object file, or NULL */
	uint64_t	 addr;		/* and its address, link-time */
};

struct pos;

struct frames {
	struct frame	*v;		/* sorted by name, names distinct */
	size_t		 n;
	const struct gp_profile *p;	/* with names: whose they are */
	const char *const *names;	/* names[i]: p->funcs[i]'s, or NULL */
	struct pos	*pv;		/* p->funcs' positions, with names */
};

/* Every function but the cycles; -1: out of memory. */
int	frames_make(const struct gp_profile *, struct frames *);
/*
 * The same, p->funcs[i] by names[i] where that is not NULL (names.h's
 * names_make(), which tells statics of one name apart by their files);
 * names must outlive the frames, and stacks_make() be given them too.
 */
int	frames_make_named(const struct gp_profile *, const char *const *names,
	    struct frames *);
/* The frame named by the len bytes at s, or -1. */
long	frames_find(const struct frames *, const char *s, size_t len);
/* Function f's name in the frames (before frame_name()): its names[]. */
const char *frames_fname(const struct frames *, const struct gp_pfunc *f);
/* The frame of function f (by its name), or -1. */
long	frames_func(const struct frames *, const struct gp_pfunc *f);
void	frames_free(struct frames *);

/*
 * Calling contexts and call timelines (GP_HAVE_CTX, GP_HAVE_TRACE,
 * <gp/format.h>): ctx_have() and trace_have() say whether the
 * profile has them; frames_addctx() adds a frame for every name of their
 * nodes and events that no function has (unknown functions,
 * "(truncated)"), which moves the frames: call it before taking indices;
 * frames_named() is the frame of function f, or of the name when f is
 * NULL; frames_node() is a node's frame; ctx_frames() puts the frames of the
 * path from the root down to n in (*v)[], which it grows as needed (*cap
 * its size), and returns their number, or -1 when out of memory.
 */
int	ctx_have(const struct gp_profile *);
/*
 * Were the times measured (libgprt) rather than sampled?  The view does
 * not say; measured times make a fractional count of samples, which a
 * histogram never has.
 */
int	prof_measured(const struct gp_profile *);
int	trace_have(const struct gp_profile *);
long	frames_named(const struct frames *, const struct gp_pfunc *f,
	    const char *name);
int	frames_addctx(struct frames *, const struct gp_profile *);
long	frames_node(const struct frames *, const struct gp_pctx *);
long	ctx_frames(const struct frames *, const struct gp_pctx *n, long **v,
	    size_t *cap);

#endif /* GP_PLUGINS_FRAMES_H */
