/*
 * gp-fmt: printing the flat profile, the call graph and the index exactly
 * as GNU gprof 2.40 prints them, in its FSF layout or (-T) its BSD one.
 * The formats, the order of the arithmetic and the sorts follow gprof's
 * documented behaviour (gprof-facts.md sections 4 and 6).
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"

static void	flat(struct report *, const struct popts *);
static void	flat_header(struct report *, const struct popts *, int);
static void	flat_line(const struct report *, const struct popts *,
		    const struct fent *, double, double *);
static void	callg(struct report *, const struct popts *);
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
static void	findex(const struct report *, const struct popts *);
static size_t	name_only(const struct popts *, const struct fent *);
static void	name(const struct popts *, const struct fent *);
static void	msort(struct fent **, size_t,
		    int (*)(const struct fent *, const struct fent *));
static int	cmp_time(const struct fent *, const struct fent *);
static int	cmp_name(const struct fent *, const struct fent *);

static int first = 1;			/* nothing printed yet */

/*
 * The SI prefixes gprof picks the per-call unit from.  When none fits
 * (hz is 0, say), gprof reads the entry past the end of its table: in the
 * gprof 2.40 of Debian 12 that is the bytes of the string "<unknown>...",
 * the prefix '<' and a scale of 1.0877989367040056e+243.  The last entry
 * here is that one, so that such profiles print as there.
 */
#define NSI	11
static const struct {
	char	 prefix;
	double	 scale;
} si[NSI + 1] = {
	{ 'T', 1e-12 }, { 'G', 1e-09 }, { 'M', 1e-06 }, { 'K', 1e-03 },
	{ ' ', 1 }, { 'm', 1e+03 }, { 'u', 1e+06 }, { 'n', 1e+09 },
	{ 'p', 1e+12 }, { 'f', 1e+15 }, { 'a', 1e+18 },
	{ '<', 1.0877989367040056e+243 },
};

void
report_print(struct report *rp, const struct popts *o)
{
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
}

static void
flat(struct report *rp, const struct popts *o)
{
	struct fent **v, *s;
	double top, t, accum;
	size_t i, n;
	int log;

	if (!first)
		printf("\f\n");
	first = 0;
	if (o->bsd) {
		if (!o->brief) {
			printf("\n\n\nflat profile:\n");
			fputs(flat_blurb, stdout);
		}
	} else
		printf("Flat profile:\n");

	if ((v = calloc(rp->nsyms + 1, sizeof(*v))) == NULL)
		err(1, NULL);
	for (i = 0; i < rp->nsyms; i++)
		v[i] = &rp->syms[i];
	n = rp->nsyms;
	msort(v, n, cmp_time);

	/* The unit for the per-call columns: BSD always uses ms. */
	log = 5;
	if (!o->bsd) {
		log = 0;
		top = 0.0;
		for (i = 0; i < n; i++) {
			s = v[i];
			if (s->ncalls == 0)
				continue;
			t = (s->time + s->child_time) / (double)s->ncalls;
			if (t > top)
				top = t;
		}
		if (top > 0.0) {
			top /= rp->hz;
			for (log = 0; log < NSI; log++) {
				t = si[log].scale * top;
				if (t >= 1.0 && t < 1000.0)
					break;
			}
		}
	}
	flat_header(rp, o, si[log].prefix);

	accum = 0.0;
	for (i = 0; i < n; i++)
		if (v[i]->flat)
			flat_line(rp, o, v[i], si[log].scale, &accum);
	free(v);

	if (!o->bsd && !o->brief)
		fputs(flat_blurb, stdout);
}

static void
flat_header(struct report *rp, const struct popts *o, int prefix)
{
	char unit[64];

	snprintf(unit, sizeof(unit), "%c%c/call", prefix, rp->abbrev);
	if (o->bsd) {
		printf("\ngranularity: each sample hit covers %ld byte(s)",
		    (long)rp->hist_scale * 2L);
		if (rp->total_time > 0.0)
			printf(" for %.2f%% of %.2f %s\n\n",
			    100.0 / rp->total_time, rp->total_time / rp->hz,
			    rp->dimen);
	} else
		printf("\nEach sample counts as %g %s.\n", 1.0 / rp->hz,
		    rp->dimen);
	if (rp->total_time <= 0.0) {
		printf(" no time accumulated\n\n");
		rp->total_time = 1.0;
	}
	printf("%5.5s %10.10s %8.8s %8.8s %8.8s %8.8s  %-8.8s\n",
	    "%  ", "cumulative", "self  ", "", "self  ", "total ", "");
	printf("%5.5s %9.9s  %8.8s %8.8s %8.8s %8.8s  %-8.8s\n",
	    "time", rp->dimen, rp->dimen, "calls", unit, unit, "name");
}

static void
flat_line(const struct report *rp, const struct popts *o,
    const struct fent *s, double scale, double *accum)
{
	if (!o->zeros && s->ncalls == 0 && s->time == 0)
		return;
	*accum += s->time;
	printf(o->bsd ? "%5.1f %10.2f %8.2f" : "%6.2f %9.2f %8.2f",
	    rp->total_time > 0.0 ? 100 * s->time / rp->total_time : 0.0,
	    *accum / rp->hz, s->time / rp->hz);
	if (s->ncalls != 0)
		printf(" %8lu %8.2f %8.2f  ", (unsigned long)s->ncalls,
		    scale * s->time / rp->hz / (double)s->ncalls,
		    scale * (s->time + s->child_time) / rp->hz /
		    (double)s->ncalls);
	else
		printf(" %8.8s %8.8s %8.8s  ", "", "", "");
	if (o->bsd)
		name(o, s);
	else
		name_only(o, s);
	printf("\n");
}

static void
callg(struct report *rp, const struct popts *o)
{
	const struct fent *e;
	size_t i;

	if (!first)
		printf("\f\n");
	first = 0;
	if (o->bsd) {
		if (!o->brief)
			fputs(bsd_callg_blurb, stdout);
	} else if (!o->brief)
		printf("\t\t     Call graph (explanation follows)\n\n");
	else
		printf("\t\t\tCall graph\n\n");

	printf("\ngranularity: each sample hit covers %ld byte(s)",
	    (long)rp->hist_scale * 2L);
	if (rp->print_time > 0.0)
		printf(" for %.2f%% of %.2f seconds\n\n",
		    100.0 / rp->print_time, rp->print_time / rp->hz);
	else {
		printf(" no time propagated\n\n");
		rp->print_time = 1.0;
	}

	if (o->bsd) {
		printf("%6.6s %5.5s %7.7s %11.11s %7.7s/%-7.7s     %-8.8s\n",
		    "", "", "", "", "called", "total", "parents");
		printf("%-6.6s %5.5s %7.7s %11.11s %7.7s+%-7.7s %-8.8s\t%5.5s\n",
		    "index", "%time", "self", "descendants", "called", "self",
		    "name", "index");
		printf("%6.6s %5.5s %7.7s %11.11s %7.7s/%-7.7s     %-8.8s\n",
		    "", "", "", "", "called", "total", "children");
		printf("\n");
	} else
		printf("index %% time    self  children    called     name\n");

	for (i = 0; i < rp->ngraph; i++) {
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
			printf("\n");
		printf("-----------------------------------------------\n");
		if (o->bsd)
			printf("\n");
	}

	if (!o->bsd && !o->brief)
		fputs(fsf_callg_blurb, stdout);
}

static void
callg_cycle(const struct report *rp, const struct popts *o,
    const struct fent *c)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "[%d]", c->index);
	printf(o->bsd ? "%-6.6s %5.1f %7.2f %11.2f %7lu" :
	    "%-6.6s %5.1f %7.2f %7.2f %7lu", buf,
	    100 * (c->prop_self + c->prop_child) / rp->print_time,
	    c->prop_self / rp->hz, c->prop_child / rp->hz,
	    (unsigned long)c->ncalls);
	if (c->self_calls != 0)
		printf("+%-7lu", (unsigned long)c->self_calls);
	else
		printf(" %7.7s", "");
	printf(" <cycle %d as a whole> [%d]\n", c->cycle, c->index);
}

static void
callg_members(const struct report *rp, const struct popts *o,
    const struct fent *c)
{
	const struct fent *m;
	size_t i;

	for (i = 0; i < c->nmembers; i++) {
		m = c->members[i];
		printf(o->bsd ? "%6.6s %5.5s %7.2f %11.2f %7lu" :
		    "%6.6s %5.5s %7.2f %7.2f %7lu", "", "",
		    m->prop_self / rp->hz, m->prop_child / rp->hz,
		    (unsigned long)m->ncalls);
		if (m->self_calls != 0)
			printf("+%-7lu", (unsigned long)m->self_calls);
		else
			printf(" %7.7s", "");
		printf("     ");
		name(o, m);
		printf("\n");
	}
}

static void
callg_parents(const struct report *rp, const struct popts *o,
    const struct fent *e)
{
	size_t i;

	if (e->nparents == 0) {
		printf(o->bsd ?
		    "%6.6s %5.5s %7.7s %11.11s %7.7s %7.7s     <spontaneous>\n" :
		    "%6.6s %5.5s %7.7s %7.7s %7.7s %7.7s     <spontaneous>\n",
		    "", "", "", "", "", "");
		return;
	}
	for (i = 0; i < e->nparents; i++)
		callg_arc(rp, o, e->parents[i], e, e->parents[i]->parent,
		    e->head);
}

static void
callg_line(const struct report *rp, const struct popts *o,
    const struct fent *e)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "[%d]", e->index);
	printf(o->bsd ? "%-6.6s %5.1f %7.2f %11.2f" : "%-6.6s %5.1f %7.2f %7.2f",
	    buf, 100 * (e->prop_self + e->prop_child) / rp->print_time,
	    e->prop_self / rp->hz, e->prop_child / rp->hz);
	if (e->ncalls + e->self_calls != 0) {
		printf(" %7lu", (unsigned long)e->ncalls);
		if (e->self_calls != 0)
			printf("+%-7lu ", (unsigned long)e->self_calls);
		else
			printf(" %7.7s ", "");
	} else
		printf(" %7.7s %7.7s ", "", "");
	name(o, e);
	printf("\n");
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
	if (other == e || (e->cycle != 0 && other->cycle == e->cycle))
		printf(o->bsd ? "%6.6s %5.5s %7.7s %11.7s %7lu %7.7s     " :
		    "%6.6s %5.5s %7.7s %7.7s %7lu %7.7s     ", "", "", "", "",
		    (unsigned long)a->count, "");
	else
		printf(o->bsd ? "%6.6s %5.5s %7.2f %11.2f %7lu/%-7lu     " :
		    "%6.6s %5.5s %7.2f %7.2f %7lu/%-7lu     ", "", "",
		    a->time / rp->hz, a->child_time / rp->hz,
		    (unsigned long)a->count, (unsigned long)head->ncalls);
	name(o, other);
	printf("\n");
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

	printf("\f\n");
	printf("Index by function name\n\n");
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
				printf("%6.6s ", buf);
				if (j < nnames)
					printf("%-19.19s", s->name);
				else {
					snprintf(buf, sizeof(buf), "<cycle %d>",
					    s->cycle);
					printf("%-19.19s", buf);
				}
			} else {
				col += strlen(buf);
				for (; col < start + 5; col++)
					putchar(' ');
				printf(" %s ", buf);
				if (j < nnames) {
					col += name_only(o, s);
					if (!o->line && s->is_static &&
					    s->file != NULL) {
						f = s->file;
						if (!o->path &&
						    (sl = strrchr(f, '/')) != NULL)
							f = sl + 1;
						printf(" (%s)", f);
						col += strlen(f) + 3;
					}
				} else {
					snprintf(buf, sizeof(buf), "<cycle %d>",
					    s->cycle);
					printf("%s", buf);
					col += strlen(buf);
				}
			}
			start += cw;
		}
		printf("\n");
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
	fputs(n, stdout);
	if ((!o->line && !o->inline_names) || s->file == NULL)
		return strlen(n);
	/* -l, --inline-file-names: the source file, its line (address). */
	f = s->file;
	if (!o->path && (sl = strrchr(f, '/')) != NULL)
		f = sl + 1;
	if (o->line)
		len = printf(" (%s:%d @ %lx)", f, s->line,
		    (unsigned long)s->addr);
	else
		len = printf(" (%s:%d)", f, s->line);
	return strlen(n) + (len > 0 ? (size_t)len : 0);
}

/* The name with its cycle and its index: [n] if printed, else (n). */
static void
name(const struct popts *o, const struct fent *s)
{
	name_only(o, s);
	if (s->cycle != 0)
		printf(" <cycle %d>", s->cycle);
	if (s->index != 0)
		printf(s->print_flag ? " [%d]" : " (%d)", s->index);
}

/*
 * A stable merge sort: glibc's qsort, which gprof uses, is a merge sort
 * for arrays like these, so ties keep the order of the input.
 */
static void
msort(struct fent **v, size_t n,
    int (*cmp)(const struct fent *, const struct fent *))
{
	struct fent **t;
	size_t w, i, lo, mid, hi, a, b, k;

	if (n < 2)
		return;
	if ((t = calloc(n, sizeof(*t))) == NULL)
		err(1, NULL);
	for (w = 1; w < n; w *= 2) {
		for (i = 0; i < n; i += 2 * w) {
			lo = i;
			mid = i + w < n ? i + w : n;
			hi = i + 2 * w < n ? i + 2 * w : n;
			a = lo;
			b = mid;
			k = lo;
			while (a < mid && b < hi)
				t[k++] = cmp(v[a], v[b]) <= 0 ? v[a++] : v[b++];
			while (a < mid)
				t[k++] = v[a++];
			while (b < hi)
				t[k++] = v[b++];
		}
		memcpy(v, t, n * sizeof(*v));
	}
	free(t);
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
