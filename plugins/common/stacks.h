/*
 * Folded stacks of a profile, for flame graphs (folded, svg, html,
 * speedscope, pprof).  Not part of the plugin ABI: each plugin that
 * lists it links its own copy.
 *
 * With calling contexts (GP_HAVE_CTX), the measured ones: a stack per
 * context, its self time.  Else made from the call graph: each
 * function's self time split over the chains of its callers along the
 * arcs that were recorded (that counted calls or, when no arc counts
 * calls as in sampled stacks from perf, that carried time), in
 * proportion to the time that went through each arc (the runtime's
 * measured per-arc times, else gprof's propagated ones); by calls
 * between members of a cycle, where no arc carries time.  A chain never
 * repeats a function: a caller already on it is passed over and its part
 * goes to the other callers.  A chain ends at a function nobody calls,
 * 256 deep, or when its share falls below a millionth of the total.  A
 * stack lighter than `min' (0: none) has its last frame made
 * OTHER_FRAME, merged with its like.  Weights are in `scale' units per
 * sample and rounded so that they add up to the rounded total.  names[i]
 * is the frame name of p->funcs[i] (NULL: the function's name).
 */
#ifndef GP_PLUGINS_STACKS_H
#define GP_PLUGINS_STACKS_H

#include <stddef.h>

#include <gp/format.h>

#define OTHER_FRAME	"(other)"

struct stack {
	char		*frames;	/* root first, separated by ';' */
	double		 w;		/* exact weight */
	unsigned long long iw;		/* rounded weight */
};

struct stacks {
	struct stack	*v;		/* sorted by frames */
	size_t		 n;
	double		 total;		/* exact sum of w */
	unsigned long long itotal;	/* sum of iw */
	int		 fromctx;	/* from the measured calling
					   contexts, not the call graph */
};

int	stacks_make(const struct gp_profile *, double scale, double min,
	    const char *const *names, struct stacks *);
void	stacks_free(struct stacks *);

/* Names as one frame: ';' and control characters become '_'. */
void	frame_name(char *dst, size_t, const char *);

#endif /* GP_PLUGINS_STACKS_H */
