/*
 * Helpers shared by the bundled output formats (not part of the plugin
 * ABI: each plugin links its own copy).
 */
#ifndef GP_PLUGINS_COMMON_H
#define GP_PLUGINS_COMMON_H

#include <stddef.h>
#include <stdio.h>

#include <gp/format.h>

/*
 * Folded stacks.  With calling contexts (GP_HAVE_CTX), the measured
 * ones: a stack per context, its self time.  Else made from the call
 * graph: each function's self time
 * split over the chains of its callers along the arcs that were
 * recorded (that counted calls or, when no arc counts calls as in
 * sampled stacks from perf, that carried time), in proportion to the time that went through each arc (the
 * runtime's measured per-arc times, else gprof's propagated ones); by
 * calls between members of a cycle, where no arc carries time.  A chain
 * never repeats a function: a caller already on it is passed over and
 * its part goes to the other callers.  A chain ends at a function nobody
 * calls, 256 deep, or when its share falls below a millionth of the
 * total.  A stack lighter than `min' (0: none) has its last frame made
 * OTHER_FRAME, merged with its like.  Weights are in `scale' units per
 * sample and rounded so that they add up to the rounded total.  names[i]
 * is the frame name of p->funcs[i] (NULL: the function's name).
 */
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

/*
 * The event a profile counts in place of time (its dimen: "Ir" from
 * callgrind, "cycles" from perf script), or NULL when its unit is
 * seconds.  A count is not a time: formats name it, never convert it.
 */
const char *event_unit(const struct gp_profile *);

/*
 * Units: "samples", and "s", "ms", "us", "ns" for a profile of time, or
 * its event's name for one of events; units per sample, or 0.
 */
double	unit_scale(const struct gp_profile *, const char *unit);

/*
 * The message for a unit unit_scale() refused: "unit=U: not " and the
 * units of time given (times), or the profile's event; in buf.
 */
const char *unit_refused(const struct gp_profile *, const char *unit,
	    const char *times, char *buf, size_t len);

/* Nanoseconds in a unit of time (1e9), or 1 for a profile of events. */
double	unit_ns(const struct gp_profile *);

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

/*
 * Names that fit (the strip option, as gprof2dot's): a C++ name without
 * its template arguments and parameter lists ("std::map<int, int>::find
 * (int const&) const" is "std::map::find"); NULL: no memory.
 */
char	*name_strip(const char *);

/*
 * The names of p->funcs, stripped as mode says: STRIP_AUTO those longer
 * than STRIP_LONG.  Names two functions then share get "#2", "#3" ...
 * Free with names_free(v, p->nfuncs); NULL: no memory.
 */
#define STRIP_NO	0
#define STRIP_YES	1
#define STRIP_AUTO	2
#define STRIP_LONG	40
char	**names_make(const struct gp_profile *, int mode);
void	names_free(char **, size_t n);
/* The strip option's value: yes (or bare), no, auto; dflt if not given;
   -1 if none of those. */
int	strip_mode(const char *opt, int dflt);

/*
 * Narrowed by gprof's symspecs (gp-fmt -e/-E/-f/-F, gp_profile.narrowed):
 * whether a picture shows f: a function whose entry the call graph
 * prints, or a caller or callee of one, as the printed entries' lines
 * list them.  Always 1 when nothing is narrowed.
 */
int	narrow_shows(const struct gp_profile *, const struct gp_pfunc *);

#endif /* GP_PLUGINS_COMMON_H */
