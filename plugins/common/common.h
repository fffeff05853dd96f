/*
 * Helpers shared by the bundled output formats (not part of the plugin
 * ABI: each plugin links its own copy).
 */
#ifndef GP_PLUGINS_COMMON_H
#define GP_PLUGINS_COMMON_H

#include <stddef.h>
#include <stdio.h>

#include <gp/plugin.h>

/*
 * Folded stacks made from the call graph: each function's self time
 * split over the chains of its callers in proportion to the call counts
 * of the arcs (gprof's own assumption), or, when no arc counts calls
 * (sampled stacks: perf), to the time each arc carries; the members of
 * a cycle charged to the cycle's callers from outside it; a chain ending at a function
 * nobody calls, where it would repeat a function, 256 deep, or when its
 * share falls below a millionth of the total.  Weights are in `scale'
 * units per sample and rounded so that they add up to the rounded total.
 */
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
};

int	stacks_make(const struct gp_profile *, double scale, struct stacks *);
void	stacks_free(struct stacks *);

/* Names as one frame: ';' and control characters become '_'. */
void	frame_name(char *dst, size_t, const char *);

/* Units: "samples", "s", "ms", "us", "ns"; units per sample, or 0. */
double	unit_scale(const struct gp_profile *, const char *unit);

/* The shortest %g that reads back as the same double (buf >= 32). */
char	*fmt_double(char *buf, double);

/* Round weights (n of them, >= 0) to integers adding up to round(sum). */
void	round_sum(const double *, unsigned long long *, size_t n);

/* A colour from cold (0) to hot (1), as "#rrggbb" (buf >= 8). */
void	heat_color(char *buf, double);

/* Pointers to their positions in an array (functions, arcs). */
struct pos {
	const void	*ptr;
	size_t		 i;
};
struct pos *pos_make(const void *const *, size_t);	/* NULL: no memory */
long	pos_find(const struct pos *, size_t, const void *);	/* or -1 */

/* The length of the valid UTF-8 sequence at p, or 0. */
size_t	utf8_len(const unsigned char *);

/* Write s escaped for XML text and attributes (bad UTF-8 as '?'). */
void	xml_escape(FILE *, const char *);

#endif /* GP_PLUGINS_COMMON_H */
