/*
 * gp-fmt: the report as the printers see it.
 *
 * load.c fills it from the stream's layers; print.c prints it the way
 * GNU gprof does.  Times are in samples, as in gprof; the printers divide
 * by hz.
 */
#ifndef GP_FMT_H
#define GP_FMT_H

#include <stddef.h>
#include <stdint.h>

struct fent;

struct farc {				/* a call-graph arc */
	struct fent	*parent;
	struct fent	*child;
	uint64_t	 count;
	double		 time;		/* propagated to the parent */
	double		 child_time;
};

/*
 * An entry: a symbol, or a cycle as a whole (name == NULL).  Every symbol
 * of the table has one, in address order; cycles follow them.
 */
struct fent {
	const char	*name;		/* as in the executable */
	const char	*dname;		/* demangled */
	const char	*file;		/* source file, or NULL */
	int		 line;		/* its line */
	uint64_t	 addr;
	int		 is_func;
	int		 is_static;
	int		 flat;		/* passes the flat profile's tables */
	int		 index;		/* in the call graph; 0 if none */
	int		 cycle;		/* cycle number; 0 if none */
	struct fent	*head;		/* the cycle's entry, or itself */
	int		 print_flag;
	uint64_t	 ncalls;	/* without self calls */
	uint64_t	 self_calls;
	double		 time;		/* samples credited */
	double		 child_time;	/* propagated from the children */
	double		 prop_self;	/* as printed in the call graph */
	double		 prop_child;
	struct farc	**parents;	/* in printing order */
	size_t		 nparents;
	struct farc	**children;	/* in printing order */
	size_t		 nchildren;
	struct fent	**members;	/* a cycle's, in printing order */
	size_t		 nmembers;
	const char	*label;		/* while the call graph is printed:
					   name() printed once, or NULL */
	size_t		 labellen;
};

struct report {
	int		 have_hist;	/* a histogram was read */
	int		 have_cg;	/* call-graph data was read */
	int		 measured;	/* times measured per call (gprt(3)) */
	int		 uncounted;	/* measured arcs without call counts
					   (sampled stacks: perf) */
	int		 event;		/* measured event counts, not times:
					   dimen names the event (Ir) */
	double		 hz;
	char		 dimen[16];	/* "seconds" */
	char		 abbrev;	/* 's' */
	double		 total_time;	/* samples credited to the flat tables */
	double		 hist_scale;	/* bin width in 2-byte units */
	double		 print_time;	/* time propagated to printed entries */
	struct fent	*syms;		/* the symbol table, address order */
	size_t		 nsyms;
	struct fent	*cycles;	/* cycles[i] is cycle i + 1 */
	size_t		 ncycles;
	struct fent	**graph;	/* graph[i] has index i + 1 */
	size_t		 ngraph;
	struct farc	*arcs;
	size_t		 narcs;
	struct farc	**arcpool;	/* the entries' parents, children */
	struct fent	**memberpool;	/* the cycles' members */
};

struct popts {
	int		 bsd;		/* -T */
	int		 brief;		/* -b */
	int		 zeros;		/* -z */
	int		 path;		/* -L */
	int		 line;		/* -l: line symbols */
	int		 inline_names;	/* --inline-file-names */
	int		 width;		/* -w */
	int		 flat;		/* print the flat profile */
	int		 graph;		/* print the call graph and index */
};

struct gp_prof;

struct gp_specs;
/* The report of p, its graph remade for gprof's symspecs if any. */
/*
 * The report of an analysed profile; consume: the graph layer's arcs
 * become the report's, and the graph is left without them (nothing
 * after the report may read them: not -r, not -R).
 */
void	report_load(struct report *, struct gp_prof *, const struct gp_specs *,
	    int consume);
void	report_free(struct report *);
void	report_print(struct report *, const struct popts *);
void	gp_mem_print(struct gp_prof *, int brief, int *first);	/* mem.c */

extern const char flat_blurb[];
extern const char fsf_callg_blurb[];
extern const char bsd_callg_blurb[];

#endif /* GP_FMT_H */
