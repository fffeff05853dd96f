/*
 * The in-memory profile that the stream records load into.
 *
 * The stream has layers, each added by one stage (see gp-stream(5)):
 *
 *	raw	profile hist bins arc bbrec bb raw	gmon-cat	gmon/raw.h
 *	sym	exe sym					gp-sym		sym/symtab.h
 *	credit	histsum time				gp-hist		analysis/credit.h
 *	graph	graph node carc				gp-arcs		analysis/graph.h
 *	runtime	gprt map thread marc mem memsum		gmon-cat	analysis/measured.h
 *	diff	diff dfunc darc				gp-diff		diff.h
 *	(and in the sym layer, obj osym: other objects' symbols, gp-sym)
 *
 * Each layer owns its struct, its loader (one stream record into the
 * model) and its emitter (the model back into records).  A stage reads
 * the stream with gp_stage_read(), which loads the records of the layers
 * the stage asked for, drops the records of the layers the stage will
 * write anew, and copies every record through to the output.
 */
#ifndef GP_PROF_H
#define GP_PROF_H

#include "stream/kinds.h"
#include "stream/stream.h"

struct gp_raw;
struct gp_symtab;
struct gp_credit;
struct gp_graph;
struct gp_rt;
struct gp_diff;
struct gp_meas;


struct gp_prof {
	struct gp_raw		*raw;
	struct gp_symtab	*sym;
	struct gp_credit	*credit;
	struct gp_graph		*graph;
	struct gp_rt		*rt;	/* the runtime layer, or NULL */
	struct gp_diff		*diff;	/* the diff layer, or NULL */
	struct gp_meas		*meas;	/* gp_meas_get()'s, cached */
	unsigned		 have;	/* GP_L_* seen in the input */
};

/*
 * Layer loaders: each takes one record of its layer and returns 1, or
 * returns 0 if the kind is not its own.  Bad fields are fatal (gp_recerr).
 */
void	gp_raw_norm(struct gp_raw *);				/* gmon.c */
void	gp_prof_free(struct gp_prof *);
int	gp_credit_load(struct gp_prof *, const struct gp_rec *); /* analysis/credit.c */
int	gp_graph_load(struct gp_prof *, const struct gp_rec *);	/* graph.c */

/*
 * Read a whole stream.  Records of the layers in `load' go into the model
 * (the runtime layer's too when `load' has the raw layer: both are what
 * was measured);
 * records of the layers in `drop' are not copied to `w' (the stage makes
 * them anew); every other record is copied to `w' as it is read (w may be
 * NULL).
 */
void	gp_stage_read(struct gp_reader *, struct gp_prof *, unsigned load,
	    unsigned drop, struct gp_writer *w);

/*
 * Have gp_stage_read() hand every record of a kind no layer knows to fn
 * as well (fn NULL: stop).  For a stage that reads such records, as
 * gp-fmt -i reads gmon-cat -i's "fileinfo" records.
 */
void	gp_stage_other(void (*fn)(const struct gp_rec *, void *), void *arg);

/*
 * Choose threads (gp-fmt -u, gp -u): gp_stage_read() then loads the
 * runtime layer's records of those threads only, as if the stream held
 * no other thread's, and neither the credit nor the graph layer, made
 * from every thread's: gp_analyse() makes them again from the chosen
 * ones.  `list' is comma-separated: thread numbers (a "thread" record's
 * slot, from 1; the same number in every process of the stream) and
 * thread names (its name field).  A bad list, or a thread the stream
 * does not have, is a one-line error and exit 1.  NULL: every thread.
 */
void	gp_stage_threads(const char *list);

/*
 * gp_stage_rawarcs(0): once gp_stage_read() has the credit and the graph
 * layers, the raw layer's arcs are let go and no more are loaded, for a
 * reader that prints those layers as they are and makes none of them
 * again (gp-fmt's report, with no symspec and no -r or -R): on a
 * million arcs, the memory of arcs no step reads.  gp_stage_rawarcs(1),
 * the default, keeps them.
 */
void	gp_stage_rawarcs(int keep);

/*
 * The hand-off between stages run in one process (gp(1)): a stage that
 * gives (gp_stage_handoff(1) before it runs) writes to its stream only
 * the records of the layers it neither loaded nor made, and ends with
 * gp_stage_end(), which keeps its profile for the next stage; the next
 * stage's gp_stage_read() takes the layers it loads from that profile,
 * as it would have loaded them from the records, and reads the rest of
 * the stream as usual.  A giving stage makes its layers without writing
 * them (gp_stage_giving()), and leaves the layers it loaded as it read
 * them, so that every layer handed on is the one the records would have
 * given.  The stage after a giving one either gives too or writes no
 * stream; no threads are chosen (gp_stage_threads) while layers are
 * handed on.  Without gp_stage_handoff(1), gp_stage_end() frees the
 * profile, and a stage is the filter gp-stream(5) describes.
 */
void	gp_stage_handoff(int on);
int	gp_stage_giving(void);
void	gp_stage_end(struct gp_prof *);

#endif /* GP_PROF_H */
