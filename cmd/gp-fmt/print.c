/*
 * gp-fmt: printing the flat profile, the call graph and the index exactly
 * as GNU gprof 2.40 prints them, in its FSF layout or (-T) its BSD one.
 * The formats, the order of the arithmetic and the sorts are gprof's, as
 * each function below states them: in particular the call graph's header
 * gives the granularity as (long)scale * 2 bytes and its percentages of
 * print_time (the flat profile's of total_time, so the two can differ in
 * the last digit), "seconds" whatever the unit, and ties sort as glibc's
 * merge sort leaves them.
 */
#include <err.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fmt.h"
#include "stream/stream.h"
#include "report/units.h"
#include "out.h"

struct callgchunks;

static void	flat(struct report *, const struct popts *);
static void	flat_header(struct report *, const struct popts *, int);
static void	flat_line(const struct report *, const struct popts *,
		    const struct fent *, double, double *);
static void	callg(struct report *, const struct popts *);
static void	callg_entries(const struct report *, const struct popts *,
		    size_t, size_t);
static void	*callg_thread(void *);
static void	callg_written(struct callgchunks *, size_t);
static size_t	*callg_chunks(const struct report *, size_t *);
static char	*labels(struct report *, const struct popts *);
static void	nolabels(struct report *, char *);
static void	callg_cycle(const struct report *, const struct popts *,
		    const struct fent *);
static void	callg_members(const struct report *, const struct popts *,
		    const struct fent *);
static void	callg_parents(const struct report *, const struct popts *,
		    const struct fent *);
static void	callg_line(const struct report *, const struct popts *,
		    const struct fent *);
static void	callg_children(const struct report *, const struct popts *,
		    const struct fent *);
static void	callg_arc(const struct report *, const struct popts *,
		    const struct farc *, const struct fent *,
		    const struct fent *, const struct fent *);
static void	calls(uint64_t, uint64_t);
static void	times(const struct report *, const struct popts *, double,
		    double);
static void	entry_head(const struct report *, const struct popts *,
		    const struct fent *);
static void	findex(const struct report *, const struct popts *);
static size_t	name_only(const struct popts *, const struct fent *);
static void	name(const struct popts *, const struct fent *);
static void	msort(struct fent **, size_t,
		    int (*)(const struct fent *, const struct fent *));
static int	cmp_time(const struct fent *, const struct fent *);
static int	cmp_name(const struct fent *, const struct fent *);

static int first = 1;			/* nothing printed yet */

/* The call graph's lines worth a second thread, and a chunk's lines. */
#define CALLG_THREADLINES	20000
#define CALLG_CHUNKLINES	16384

struct callgchunks {			/* the call graph in two threads */
	const struct report	*rp;
	const struct popts	*o;
	size_t			*bounds;	/* callg_chunks() */
	size_t			 nchunks;
	struct outmem		 m[2];	/* the second thread's chunks */
	size_t			 done;	/* its chunks printed, */
	size_t			 written;	/* and written */
	pthread_mutex_t		 mu;
	pthread_cond_t		 cv;
};


void
report_print(struct report *rp, const struct popts *o)
{
	first = 1;		/* a report of its own (-U: each thread's) */
	if (o->bsd) {
		if (o->graph)
			callg(rp, o);
		if (o->flat)
			flat(rp, o);
	} else {
		if (o->flat)
			flat(rp, o);
		if (o->graph)
			callg(rp, o);
	}
	if (o->graph)
		findex(rp, o);
	out_flush();
}

static void
flat(struct report *rp, const struct popts *o)
{
	struct fent **v, *s;
	double top, t, accum, scale;
	size_t i, n;
	int prefix;

	if (!first)
		out_str("\f\n");
	first = 0;
	if (o->bsd) {
		if (!o->brief) {
			out_str("\n\n\nflat profile:\n");
			out_str(flat_blurb);
		}
	} else
		out_str("Flat profile:\n");

	if ((v = calloc(rp->nsyms + 1, sizeof(*v))) == NULL)
		err(1, NULL);
	for (i = 0; i < rp->nsyms; i++)
		v[i] = &rp->syms[i];
	n = rp->nsyms;
	msort(v, n, cmp_time);

	/* The unit for the per-call columns: BSD always uses ms. */
	top = 0.0;
	for (i = 0; i < n; i++) {
		s = v[i];
		if (s->ncalls == 0)
			continue;
		t = (s->time + s->child_time) / (double)s->ncalls;
		if (t > top)
			top = t;
	}
	prefix = gp_si_unit(top / rp->hz, o->bsd, &scale);
	flat_header(rp, o, prefix);

	accum = 0.0;
	for (i = 0; i < n; i++)
		if (v[i]->flat)
			flat_line(rp, o, v[i], scale, &accum);
	free(v);

	if (!o->bsd && !o->brief)
		out_str(flat_blurb);
}

static void
flat_header(struct report *rp, const struct popts *o, int prefix)
{
	char unit[64];

	snprintf(unit, sizeof(unit), "%c%c/call", prefix, rp->abbrev);
	if (rp->event)		/* event counts: name them */
		snprintf(unit, sizeof(unit), "%c%s/call", prefix, rp->dimen);
	if (rp->uncounted) {
		if (o->bsd && rp->total_time > 0.0)
			out_printf("\ngranularity: sampled call stacks, calls "
			    "not counted; 100%% is %.2f %s\n\n",
			    rp->total_time / rp->hz, rp->dimen);
		else if (o->bsd)
			;
		else if (rp->event)
			out_printf("\nCosts are sampled call stacks, "
			    "%s in place of seconds: no call counts, the calls "
			    "columns stay empty.\n", rp->dimen);
		else
			out_str("\nTimes are sampled call stacks: no "
			    "call counts, the calls columns stay empty.\n");
	} else if (rp->event) {	/* event counts: say so */
		if (o->bsd && rp->total_time > 0.0)
			out_printf("\ngranularity: %s events counted per call, "
			    "not sampled; 100%% is %.0f %s\n\n", rp->dimen,
			    rp->total_time / rp->hz, rp->dimen);
		else if (!o->bsd)
			out_printf("\nCosts are %s events counted per call, not "
			    "sampled: %s in place of seconds.\n", rp->dimen,
			    rp->dimen);
	} else if (rp->measured) {	/* no samples: say what times are */
		if (o->bsd && rp->total_time > 0.0)
			out_printf("\ngranularity: times measured per call, not "
			    "sampled; 100%% is %.2f %s\n\n",
			    rp->total_time / rp->hz, rp->dimen);
		else if (!o->bsd)
			out_str("\nTimes are measured per call, not sampled.\n");
	} else if (o->bsd) {
		out_printf("\ngranularity: each sample hit covers %ld byte(s)",
		    (long)rp->hist_scale * 2L);
		if (rp->total_time > 0.0)
			out_printf(" for %.2f%% of %.2f %s\n\n",
			    100.0 / rp->total_time, rp->total_time / rp->hz,
			    rp->dimen);
	} else
		out_printf("\nEach sample counts as %g %s.\n", 1.0 / rp->hz,
		    rp->dimen);
	if (rp->total_time <= 0.0) {
		out_str(" no time accumulated\n\n");
		rp->total_time = 1.0;
	}
	out_printf("%5.5s %10.10s %8.8s %8.8s %8.8s %8.8s  %-8.8s\n",
	    "%  ", "cumulative", "self  ", "", "self  ", "total ", "");
	out_printf("%5.5s %9.9s  %8.8s %8.8s %8.8s %8.8s  %-8.8s\n",
	    "time", rp->dimen, rp->dimen, "calls", unit, unit, "name");
}

static void
flat_line(const struct report *rp, const struct popts *o,
    const struct fent *s, double scale, double *accum)
{
	if (!o->zeros && s->ncalls == 0 && s->time == 0)
		return;
	*accum += s->time;
	out_f(rp->total_time > 0.0 ? 100 * s->time / rp->total_time : 0.0,
	    o->bsd ? 5 : 6, o->bsd ? 1 : 2);
	out_chr(' ');
	out_f(*accum / rp->hz, o->bsd ? 10 : 9, 2);
	out_chr(' ');
	out_f(s->time / rp->hz, 8, 2);
	if (s->ncalls != 0) {
		out_chr(' ');
		out_u(s->ncalls, 8, 0);
		out_chr(' ');
		out_f(scale * s->time / rp->hz / (double)s->ncalls, 8, 2);
		out_chr(' ');
		out_f(scale * (s->time + s->child_time) / rp->hz /
		    (double)s->ncalls, 8, 2);
		out_str("  ");
	} else
		out_pad(29);		/* " %8.8s %8.8s %8.8s  " */
	if (o->bsd)
		name(o, s);
	else
		name_only(o, s);
	out_chr('\n');
}

static void
callg(struct report *rp, const struct popts *o)
{
	struct callgchunks cp;
	pthread_t t;
	size_t c;
	char *lab;

	if (!first)
		out_str("\f\n");
	first = 0;
	if (o->bsd) {
		if (!o->brief)
			out_str(bsd_callg_blurb);
	} else if (!o->brief)
		out_str("\t\t     Call graph (explanation follows)\n\n");
	else
		out_str("\t\t\tCall graph\n\n");

	if (rp->uncounted) {
		out_str("\ngranularity: sampled call stacks, calls not "
		    "counted;");
		if (rp->print_time > 0.0 && rp->event)
			out_printf(" 100%% is %.0f %s\n\n",
			    rp->print_time / rp->hz, rp->dimen);
		else if (rp->print_time > 0.0)
			out_printf(" 100%% is %.2f seconds\n\n",
			    rp->print_time / rp->hz);
	} else if (rp->event) {
		out_printf("\ngranularity: %s events counted per call, not "
		    "sampled;", rp->dimen);
		if (rp->print_time > 0.0)
			out_printf(" 100%% is %.0f %s\n\n",
			    rp->print_time / rp->hz, rp->dimen);
	} else if (rp->measured) {
		out_str("\ngranularity: times measured per call, not sampled;");
		if (rp->print_time > 0.0)
			out_printf(" 100%% is %.2f seconds\n\n",
			    rp->print_time / rp->hz);
	} else
		out_printf("\ngranularity: each sample hit covers %ld byte(s)",
		    (long)rp->hist_scale * 2L);
	if (rp->print_time > 0.0 && !rp->measured)
		out_printf(" for %.2f%% of %.2f seconds\n\n",
		    100.0 / rp->print_time, rp->print_time / rp->hz);
	else if (rp->print_time <= 0.0) {
		out_str(" no time propagated\n\n");
		rp->print_time = 1.0;
	}

	if (o->bsd) {
		out_printf("%6.6s %5.5s %7.7s %11.11s %7.7s/%-7.7s     "
		    "%-8.8s\n", "", "", "", "", "called", "total", "parents");
		out_printf("%-6.6s %5.5s %7.7s %11.11s %7.7s+%-7.7s %-8.8s"
		    "\t%5.5s\n", "index", "%time", "self", "descendants",
		    "called", "self", "name", "index");
		out_printf("%6.6s %5.5s %7.7s %11.11s %7.7s/%-7.7s     "
		    "%-8.8s\n", "", "", "", "", "called", "total", "children");
		out_chr('\n');
	} else
		out_str("index % time    self  children    called     name\n");

	/*
	 * A large graph is printed in chunks by two threads: this one
	 * prints the even chunks to stdout, the second the odd ones into
	 * memory, which this one writes in turn (each entry's lines are its
	 * own: the bytes are those of one thread printing all; the memory
	 * is two chunks, whatever the graph's size).
	 */
	lab = labels(rp, o);
	memset(&cp, 0, sizeof(cp));
	cp.rp = rp;
	cp.o = o;
	cp.bounds = callg_chunks(rp, &cp.nchunks);
	/* PTHREAD_*_INITIALIZER: nothing to fail before the thread */
	cp.mu = (pthread_mutex_t)PTHREAD_MUTEX_INITIALIZER;
	cp.cv = (pthread_cond_t)PTHREAD_COND_INITIALIZER;
	if (cp.nchunks > 1 &&
	    pthread_create(&t, NULL, callg_thread, &cp) != 0)
		cp.nchunks = 1;		/* one thread, then */
	if (cp.nchunks <= 1)
		callg_entries(rp, o, 0, rp->ngraph);
	else {
		for (c = 0; c < cp.nchunks; c++)
			if (c % 2 == 0)
				callg_entries(rp, o, cp.bounds[c],
				    cp.bounds[c + 1]);
			else
				callg_written(&cp, c / 2);
		if ((errno = pthread_join(t, NULL)) != 0)
			err(1, "pthread_join");
		pthread_cond_destroy(&cp.cv);
		pthread_mutex_destroy(&cp.mu);
		free(cp.m[0].p);
		free(cp.m[1].p);
	}
	free(cp.bounds);
	nolabels(rp, lab);

	if (!o->bsd && !o->brief)
		out_str(fsf_callg_blurb);
}

/* The call graph's entries from..to-1. */
static void
callg_entries(const struct report *rp, const struct popts *o, size_t from,
    size_t to)
{
	const struct fent *e;
	size_t i;

	for (i = from; i < to; i++) {
		e = rp->graph[i];
		if ((!o->zeros && e->ncalls == 0 && e->self_calls == 0 &&
		    e->prop_self == 0 && e->prop_child == 0) || !e->print_flag)
			continue;
		if (o->line && (e->name == NULL || !e->is_func))
			continue;	/* -l: line symbols and cycles */
		if (e->name == NULL) {
			callg_cycle(rp, o, e);
			callg_members(rp, o, e);
		} else {
			callg_parents(rp, o, e);
			callg_line(rp, o, e);
			callg_children(rp, o, e);
		}
		if (o->bsd)
			out_chr('\n');
		out_str("-----------------------------------------------\n");
		if (o->bsd)
			out_chr('\n');
	}
}

/*
 * The second thread: odd chunk 2k + 1 into memory m[k % 2], once the
 * first thread has written what that memory held (chunk 2k - 3).
 */
static void *
callg_thread(void *arg)
{
	struct callgchunks *cp = arg;
	struct outmem *m;
	size_t k;

	for (k = 0; 2 * k + 1 < cp->nchunks; k++) {
		pthread_mutex_lock(&cp->mu);
		while (k >= cp->written + 2)
			pthread_cond_wait(&cp->cv, &cp->mu);
		pthread_mutex_unlock(&cp->mu);
		m = &cp->m[k % 2];
		m->n = 0;
		out_capture(m);
		callg_entries(cp->rp, cp->o, cp->bounds[2 * k + 1],
		    cp->bounds[2 * k + 2]);
		out_capture(NULL);
		pthread_mutex_lock(&cp->mu);
		cp->done = k + 1;
		pthread_cond_broadcast(&cp->cv);
		pthread_mutex_unlock(&cp->mu);
	}
	return NULL;
}

/* The first thread: the second's chunk 2k + 1 written, once printed. */
static void
callg_written(struct callgchunks *cp, size_t k)
{
	struct outmem *m = &cp->m[k % 2];

	pthread_mutex_lock(&cp->mu);
	while (cp->done <= k)
		pthread_cond_wait(&cp->cv, &cp->mu);
	pthread_mutex_unlock(&cp->mu);
	out_flush();
	if (m->n > 0 && fwrite(m->p, 1, m->n, stdout) != m->n)
		err(1, "stdout");
	pthread_mutex_lock(&cp->mu);
	cp->written = k + 1;
	pthread_cond_broadcast(&cp->cv);
	pthread_mutex_unlock(&cp->mu);
}

/*
 * The chunks: bounds[c] to bounds[c + 1] - 1 are chunk c's entries, of
 * about CALLG_CHUNKLINES lines each; one chunk for a graph of fewer
 * lines than are worth a thread, or on one processor.
 */
static size_t *
callg_chunks(const struct report *rp, size_t *np)
{
	const struct fent *e;
	size_t i, n, lines, *b;

	for (i = 0, lines = 0; i < rp->ngraph; i++) {
		e = rp->graph[i];
		lines += 2 + e->nparents + e->nchildren + e->nmembers;
	}
	b = gp_xcalloc(lines / CALLG_CHUNKLINES + 3, sizeof(*b));
	n = 0;
	if (lines >= CALLG_THREADLINES && sysconf(_SC_NPROCESSORS_ONLN) > 1)
		for (i = 0, lines = 0; i < rp->ngraph; i++) {
			if (lines >= CALLG_CHUNKLINES) {
				b[++n] = i;
				lines = 0;
			}
			e = rp->graph[i];
			lines += 2 + e->nparents + e->nchildren +
			    e->nmembers;
		}
	b[++n] = rp->ngraph;
	*np = n;
	return b;
}

/*
 * Each function's name() printed once into memory, for the call graph
 * that prints it once an arc: its label.  Returns the memory, for
 * nolabels() to free.
 */
static char *
labels(struct report *rp, const struct popts *o)
{
	struct outmem m;
	size_t i, *off;

	memset(&m, 0, sizeof(m));
	off = gp_xcalloc(rp->nsyms + 1, sizeof(*off));
	out_capture(&m);
	for (i = 0; i < rp->nsyms; i++) {
		off[i] = m.n + out_n;
		name(o, &rp->syms[i]);
	}
	off[rp->nsyms] = m.n + out_n;
	out_capture(NULL);
	for (i = 0; i < rp->nsyms; i++) {
		rp->syms[i].label = m.p + off[i];
		rp->syms[i].labellen = off[i + 1] - off[i];
	}
	free(off);
	return m.p;
}

static void
nolabels(struct report *rp, char *mem)
{
	size_t i;

	for (i = 0; i < rp->nsyms; i++)
		rp->syms[i].label = NULL;
	free(mem);
}

static void
callg_cycle(const struct report *rp, const struct popts *o,
    const struct fent *c)
{
	entry_head(rp, o, c);
	out_chr(' ');
	calls(c->ncalls, c->self_calls);
	out_str(" <cycle ");
	out_d(c->cycle);
	out_str(" as a whole> [");
	out_d(c->index);
	out_str("]\n");
}

static void
callg_members(const struct report *rp, const struct popts *o,
    const struct fent *c)
{
	const struct fent *m;
	size_t i;

	for (i = 0; i < c->nmembers; i++) {
		m = c->members[i];
		out_pad(13);		/* "%6.6s %5.5s " */
		times(rp, o, m->prop_self, m->prop_child);
		out_chr(' ');
		calls(m->ncalls, m->self_calls);
		out_pad(5);
		name(o, m);
		out_chr('\n');
	}
}

static void
callg_parents(const struct report *rp, const struct popts *o,
    const struct fent *e)
{
	uint64_t n;
	size_t i;

	if (e->nparents == 0) {
		/* "%6.6s %5.5s %7.7s %7.7s %7.7s %7.7s     " (-T: %11.11s) */
		out_pad(o->bsd ? 53 : 49);
		out_str("<spontaneous>\n");
		return;
	}
	/*
	 * Measured: calls from code not instrumented (a callback from
	 * qsort(3), a thread's start routine) have no parent to show; a
	 * line of their count, where a -pg profile would not have seen them.
	 */
	for (i = 0, n = 0; i < e->nparents; i++)
		if (e->parents[i]->parent != e)
			n += e->parents[i]->count;
	if (rp->measured && !rp->uncounted && n < e->ncalls) {
		/* "%6.6s %5.5s %7.7s %7.7s %7lu/%-7lu     " (-T: %11.7s) */
		out_pad(o->bsd ? 33 : 29);
		out_u(e->ncalls - n, 7, 0);
		out_chr('/');
		out_u(e->head->ncalls, 7, 1);
		out_pad(5);
		out_str("<spontaneous>\n");
	}
	for (i = 0; i < e->nparents; i++)
		callg_arc(rp, o, e->parents[i], e, e->parents[i]->parent,
		    e->head);
}

static void
callg_line(const struct report *rp, const struct popts *o,
    const struct fent *e)
{
	entry_head(rp, o, e);
	if (e->ncalls + e->self_calls != 0) {
		out_chr(' ');
		calls(e->ncalls, e->self_calls);
		out_chr(' ');
	} else
		out_pad(17);		/* " %7.7s %7.7s " */
	name(o, e);
	out_chr('\n');
}

static void
callg_children(const struct report *rp, const struct popts *o,
    const struct fent *e)
{
	const struct farc *a;
	size_t i;

	for (i = 0; i < e->nchildren; i++) {
		a = e->children[i];
		callg_arc(rp, o, a, e, a->child, a->child->head);
	}
}

/*
 * One parent or child line of entry e: the other end of the arc is
 * `other'; the total calls are those of `head'.  Self calls and calls
 * within a cycle print the count alone.
 */
static void
callg_arc(const struct report *rp, const struct popts *o,
    const struct farc *a, const struct fent *e, const struct fent *other,
    const struct fent *head)
{
	if (other == e || (e->cycle != 0 && other->cycle == e->cycle)) {
		/* "%6.6s %5.5s %7.7s %7.7s %7lu %7.7s     " (-T: %11.7s) */
		out_pad(o->bsd ? 33 : 29);
		out_u(a->count, 7, 0);
		out_pad(13);
	} else {
		/* "%6.6s %5.5s %7.2f %7.2f %7lu/%-7lu     " (-T: %11.2f) */
		out_pad(13);
		times(rp, o, a->time, a->child_time);
		out_chr(' ');
		if (rp->uncounted)	/* sampled: no count to print */
			out_pad(15);
		else {
			out_u(a->count, 7, 0);
			out_chr('/');
			out_u(head->ncalls, 7, 1);
		}
		out_pad(5);
	}
	name(o, other);
	out_chr('\n');
}

/* "%7lu+%-7lu" of calls and self calls, or "%7lu %7.7s" without. */
static void
calls(uint64_t n, uint64_t self)
{
	out_u(n, 7, 0);
	if (self != 0) {
		out_chr('+');
		out_u(self, 7, 1);
	} else
		out_pad(8);
}

/* "%7.2f %7.2f" (-T: "%7.2f %11.2f") of two times in samples. */
static void
times(const struct report *rp, const struct popts *o, double self,
    double child)
{
	out_f(self / rp->hz, 7, 2);
	out_chr(' ');
	out_f(child / rp->hz, o->bsd ? 11 : 7, 2);
}

/* "%-6.6s %5.1f " and the times: an entry's or a cycle's first columns. */
static void
entry_head(const struct report *rp, const struct popts *o,
    const struct fent *e)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "[%d]", e->index);
	out_s(buf, 6, 6, 1);
	out_chr(' ');
	out_f(100 * (e->prop_self + e->prop_child) / rp->print_time, 5, 1);
	out_chr(' ');
	times(rp, o, e->prop_self, e->prop_child);
}

static void
findex(const struct report *rp, const struct popts *o)
{
	struct fent **v, *s;
	const char *f, *sl;
	char buf[64];
	size_t i, j, n, nnames, rows, col, start, cw;

	if ((v = calloc(rp->nsyms + rp->ncycles + 1, sizeof(*v))) == NULL)
		err(1, NULL);
	n = 0;
	for (i = 0; i < rp->nsyms; i++) {
		s = &rp->syms[i];
		if (!o->zeros && s->ncalls == 0 && s->time == 0)
			continue;
		v[n++] = s;
	}
	msort(v, n, cmp_name);
	nnames = n;
	for (i = 0; i < rp->ncycles; i++)
		v[n++] = &rp->cycles[i];

	out_str("\f\n");
	out_str("Index by function name\n\n");
	cw = (size_t)(o->width - 1) / 3;
	rows = (n + 2) / 3;
	for (i = 0; i < rows; i++) {
		col = 0;
		start = 0;
		for (j = i; j < n; j += rows) {
			s = v[j];
			snprintf(buf, sizeof(buf), s->print_flag ? "[%d]" : "(%d)",
			    s->index);
			if (o->bsd) {
				out_s(buf, 6, 6, 0);
				out_chr(' ');
				if (j < nnames)
					out_s(s->name, 19, 19, 1);
				else {
					snprintf(buf, sizeof(buf), "<cycle %d>",
					    s->cycle);
					out_s(buf, 19, 19, 1);
				}
			} else {
				col += strlen(buf);
				if (col < start + 5) {
					out_pad((int)(start + 5 - col));
					col = start + 5;
				}
				out_chr(' ');
				out_str(buf);
				out_chr(' ');
				if (j < nnames) {
					col += name_only(o, s);
					if (!o->line && s->is_static &&
					    s->file != NULL) {
						f = s->file;
						if (!o->path &&
						    (sl = strrchr(f, '/')) != NULL)
							f = sl + 1;
						out_str(" (");
						out_str(f);
						out_chr(')');
						col += strlen(f) + 3;
					}
				} else {
					snprintf(buf, sizeof(buf), "<cycle %d>",
					    s->cycle);
					out_str(buf);
					col += strlen(buf);
				}
			}
			start += cw;
		}
		out_chr('\n');
	}
	free(v);
}

/* The name alone: demangled in the FSF layout.  Returns its length. */
static size_t
name_only(const struct popts *o, const struct fent *s)
{
	const char *n;

	const char *f, *sl;
	int len;

	n = s->name;
	if (!o->bsd && s->dname != NULL && s->dname[0] != '\0')
		n = s->dname;
	len = (int)strlen(n);
	out_mem(n, (size_t)len);
	if ((!o->line && !o->inline_names) || s->file == NULL)
		return (size_t)len;
	/* -l, --inline-file-names: the source file, its line (address). */
	f = s->file;
	if (!o->path && (sl = strrchr(f, '/')) != NULL)
		f = sl + 1;
	if (o->line)
		return (size_t)len + (size_t)out_printf(" (%s:%d @ %lx)", f,
		    s->line, (unsigned long)s->addr);
	return (size_t)len + (size_t)out_printf(" (%s:%d)", f, s->line);
}

/* The name with its cycle and its index: [n] if printed, else (n). */
static void
name(const struct popts *o, const struct fent *s)
{
	if (s->label != NULL) {
		out_mem(s->label, s->labellen);
		return;
	}
	name_only(o, s);
	if (s->cycle != 0) {
		out_str(" <cycle ");
		out_d(s->cycle);
		out_chr('>');
	}
	if (s->index != 0) {
		out_str(s->print_flag ? " [" : " (");
		out_d(s->index);
		out_chr(s->print_flag ? ']' : ')');
	}
}

typedef int fentcmp(const struct fent *, const struct fent *);

static int
fentcall(const void *a, const void *b, void *arg)
{
	fentcmp *const *cmp = arg;

	return (*cmp)(*(struct fent *const *)a, *(struct fent *const *)b);
}

/* glibc's qsort, which gprof sorts these with (libgp's stream/sort.c). */
static void
msort(struct fent **v, size_t n, fentcmp *cmp)
{
	gp_msort(v, n, sizeof(*v), fentcall, &cmp);
}

/* Flat profile order: time, then calls, both descending, then name. */
static int
cmp_time(const struct fent *l, const struct fent *r)
{
	if (l->time > r->time)
		return -1;
	if (l->time < r->time)
		return 1;
	if (l->ncalls > r->ncalls)
		return -1;
	if (l->ncalls < r->ncalls)
		return 1;
	return strcmp(l->name, r->name);
}

static int
cmp_name(const struct fent *l, const struct fent *r)
{
	return strcmp(l->name, r->name);
}
