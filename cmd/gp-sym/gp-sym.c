/*
 * gp-sym: add the symbol table of an executable to a gp-stream(5) stream,
 * the table GNU gprof builds (see gp-sym(1)); and those of the other
 * objects (shared libraries, dlopen'd modules) whose functions the
 * runtime layer measured (libgp/analysis/measured.h).
 */
#include <err.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bfd.h>

#include "sym/callscan.h"
#include "gmon/raw.h"
#include "analysis/graph.h"
#include "sym/linesyms.h"
#include "analysis/measured.h"
#include "gprt/runtime.h"
#include "analysis/profile.h"
#include "stream/stream.h"
#include "sym/symtab.h"
#include "plugin/record.h"

#define MAXWARN		5	/* addresses named per kind of warning */

enum {
	OPT_DEMANGLE = 256,
	OPT_NO_DEMANGLE,
};

static const struct option longopts[] = {
	{ "no-static",			no_argument,		NULL, 'a' },
	{ "ignore-non-functions",	no_argument,		NULL, 'D' },
	{ "static-call-graph",		no_argument,		NULL, 'c' },
	{ "line",			no_argument,		NULL, 'l' },
	{ "file-ordering",		required_argument,	NULL, 'R' },
	{ "external-symbol-table",	required_argument,	NULL, 'S' },
	{ "demangle",			optional_argument,	NULL,
	    OPT_DEMANGLE },
	{ "no-demangle",		no_argument,		NULL,
	    OPT_NO_DEMANGLE },
	{ NULL,				0,			NULL, 0 }
};

static void	addobjs(struct gp_symtab *, const struct gp_rt *,
		    const struct gp_symopt *);
static void	check_arcs(const struct gp_raw *, const struct gp_symtab *);
static void	check_marcs(struct gp_prof *, struct gp_symtab *);
static void	check_build(const struct gp_rt *, const struct gp_symtab *);
static void	check_hists(const struct gp_raw *, const struct gp_symtab *);
static void	usage(void) __attribute__((__noreturn__));

int
main(int argc, char *argv[])
{
	struct gp_symopt o;
	struct gp_symtab *t;
	struct gp_reader *r;
	struct gp_writer *w;
	struct gp_prof p;
	int ch, cflag = 0, lflag = 0;

	gp_record_attach();
	memset(&o, 0, sizeof(o));
	o.demangle = 1;
	while ((ch = getopt_long(argc, argv, "acDlR:S:V", longopts, NULL)) != -1)
		switch (ch) {
		case 'a':
			o.nostatic = 1;
			break;
		case 'c':	/* static call arcs: libgp/sym/callscan.c */
			cflag = 1;
			break;
		case 'l':	/* line symbols: libgp/sym/linesyms.c */
			lflag = 1;
			break;
		case 'D':
			o.funconly = 1;
			break;
		case 'R':
			o.mapfile = optarg;
			break;
		case 'S':
			o.extsyms = optarg;
			break;
		case OPT_DEMANGLE:
			o.demangle = 1;
			if (optarg != NULL)
				o.style = optarg;
			break;
		case OPT_NO_DEMANGLE:
			o.demangle = 0;
			break;
		case 'V':
			gp_version();
		default:
			usage();
		}
	argc -= optind;
	argv += optind;
	if (argc > 1)
		usage();

	t = gp_sym_build(argc == 1 ? argv[0] : "a.out", &o);

	memset(&p, 0, sizeof(p));
	r = gp_ropen(STDIN_FILENO, "<stdin>");
	w = gp_wopen(STDOUT_FILENO);
	gp_stage_read(r, &p, GP_L_RAW, GP_L_SYM, w);
	/*
	 * gprof's rule that drops a static named f.part.0 or f.isra.0 is for
	 * the addresses of a gmon.out: a profile that names its functions
	 * (perf's, Callgrind's) keeps them under the names it gave.  Its
	 * rule that drops a '$' in a name (clang's lambdas) would credit
	 * their calls to the function before them: a profile whose calls
	 * name functions by their addresses (gprt(3)'s hooks) or by their
	 * names keeps those functions.
	 */
	if ((gp_rt_named(p.rt) || gp_rt_anyhooked(p.rt)) &&
	    o.extsyms == NULL) {
		gp_sym_free(t);
		o.clones = gp_rt_named(p.rt);
		o.dollar = 1;
		t = gp_sym_build(argc == 1 ? argv[0] : "a.out", &o);
	}
	if (lflag && o.extsyms == NULL)
		gp_linesyms_add(t, o.demangle);
	if (p.rt != NULL)
		addobjs(t, p.rt, &o);
	gp_sym_emit(w, t);
	if (cflag)
		gp_callscan_emit(w, t, p.raw);
	gp_wclose(w);
	gp_rclose(r);

	if (p.raw != NULL) {
		check_hists(p.raw, t);
		check_arcs(p.raw, t);
	}
	if (p.rt != NULL)
		check_build(p.rt, t);
	check_marcs(&p, t);
	gp_sym_free(t);
	gp_stage_end(&p);	/* gp(1): the raw layer handed on */
	return 0;
}

/* Can libbfd give the symbols of the object at path? */
static int
usable(const char *path)
{
	asymbol **v;
	bfd *abfd;
	long n;
	int ok = 0;

	if (access(path, R_OK) == -1)
		return 0;
	if (bfd_init() != BFD_INIT_MAGIC ||
	    (abfd = bfd_openr(path, NULL)) == NULL)
		return 0;
	if (!bfd_check_format(abfd, bfd_object) ||
	    bfd_get_section_by_name(abfd, ".text") == NULL) {
		bfd_close(abfd);
		return 0;
	}
	if ((n = bfd_get_symtab_upper_bound(abfd)) > (long)sizeof(*v)) {
		if ((v = malloc((size_t)n)) == NULL)
			err(1, NULL);
		ok = bfd_canonicalize_symtab(abfd, v) > 0;
		free(v);
	}
	/* a shared library's dynamic symbols will do (gp_symopt.dynsyms) */
	if (!ok && (n = bfd_get_dynamic_symtab_upper_bound(abfd)) >
	    (long)sizeof(*v)) {
		if ((v = malloc((size_t)n)) == NULL)
			err(1, NULL);
		ok = bfd_canonicalize_dynamic_symtab(abfd, v) > 0;
		free(v);
	}
	bfd_close(abfd);
	return ok;
}

/*
 * The symbols of the objects other than the executable that hold a
 * measured function (a callee of a marc record, the function of a mem
 * record), built as the executable's are; each object once, by path.
 */
static void
addobjs(struct gp_symtab *t, const struct gp_rt *rt,
    const struct gp_symopt *eo)
{
	struct gp_symopt o = *eo;
	const struct gp_rtgroup *g;
	const struct gp_rtobj *ob;
	struct gp_symtab *ot;
	char **used;
	size_t k, i;
	int64_t id;

	o.extsyms = NULL;	/* -S and -R are the executable's */
	o.mapfile = NULL;
	o.dynsyms = 1;
	o.nosymsok = 1;
	o.clones = 1;		/* gprof reads no other object */
	if ((used = calloc(rt->ngroups + 1, sizeof(*used))) == NULL)
		err(1, NULL);
	for (k = 0; k < rt->ngroups; k++)
		if ((used[k] = calloc(rt->groups[k].nobjs + 1, 1)) == NULL)
			err(1, NULL);
	for (i = 0; i < rt->narcs; i++)
		if ((id = rt->arcs[i].self.obj) > 0)
			used[rt->arcs[i].group][id] = 1;
	for (i = 0; i < rt->nmems; i++)
		if ((id = rt->mems[i].fn.obj) > 0)
			used[rt->mems[i].group][id] = 1;
	for (k = 0; k < rt->ngroups; k++) {
		g = &rt->groups[k];
		for (i = 1; i < g->nobjs; i++) {
			ob = &g->objs[i];
			if (!used[k][i] || strcmp(ob->path, t->exe) == 0 ||
			    gp_sym_objfind(t, ob->path) != (size_t)-1)
				continue;
			/* "[kernel.kallsyms]": perf's, no file to read */
			if (ob->path[0] == '[')
				continue;
			if (!usable(ob->path)) {
				warnx("%s: cannot read its symbols: its "
				    "measured functions stay unnamed", ob->path);
				continue;
			}
			/* a stripped program's imports are no symbols */
			if ((ot = gp_sym_build(ob->path, &o)) == NULL) {
				warnx("%s: has no symbols: its measured "
				    "functions stay unnamed", ob->path);
				continue;
			}
			gp_sym_addobj(t, ob->path, ot);
		}
		free(used[k]);
	}
	free(used);
}

/* Measured calls to functions that no symbol names. */
static void
check_marcs(struct gp_prof *p, struct gp_symtab *t)
{
	const struct gp_meas *m;

	p->sym = t;
	if ((m = gp_meas_get(p)) != NULL && m->nlost > 0 &&
	    gp_rt_event(p->rt) != NULL)	/* counts, not time */
		warnx("%s: %ju measured call arcs (%.0f %s of self cost) "
		    "to functions that no symbol covers", t->exe,
		    (uintmax_t)m->nlost, m->lost, gp_rt_event(p->rt));
	else if (m != NULL && m->nlost > 0)
		warnx("%s: %ju measured call arcs (%.6f seconds of self time) "
		    "to functions that no symbol covers", t->exe,
		    (uintmax_t)m->nlost, m->lost);
	p->sym = NULL;
}

/*
 * A runtime profile records where the executable's code was (its
 * executable segments, map 0): another build's profile names its
 * functions wrongly, every call landing in some symbol.
 */
static void
check_build(const struct gp_rt *rt, const struct gp_symtab *t)
{
	const struct gp_rtobj *o;
	size_t k;

	if (t->codehi == 0)
		return;
	for (k = 0; k < rt->ngroups; k++) {
		if (rt->groups[k].nobjs == 0)
			continue;
		o = &rt->groups[k].objs[0];
		if (o->texthigh == 0 || (o->textlow == t->codelo &&
		    o->texthigh == t->codehi))
			continue;
		warnx("%s: %s was written by %s, whose code was at 0x%" PRIx64
		    "-0x%" PRIx64 ", not at 0x%" PRIx64 "-0x%" PRIx64 " as "
		    "here: a profile of another build names its functions "
		    "wrongly", t->exe, rt->groups[k].path, o->path,
		    o->textlow, o->texthigh, t->codelo, t->codehi);
	}
}

/*
 * The addresses the symbols cover: from the first symbol to the end of
 * .text or the start of the last symbol, whichever is higher (gprof
 * credits samples past the last symbol to it).
 */
static void
covered(const struct gp_symtab *t, uint64_t *lo, uint64_t *hi)
{
	*lo = t->syms[0].addr;
	*hi = t->syms[t->nsyms - 1].addr + 1;
	if (*hi < t->texthi)
		*hi = t->texthi;
}

/*
 * Histograms that miss the symbols altogether, and samples in bins that
 * lie wholly outside them.
 */
static void
check_hists(const struct gp_raw *raw, const struct gp_symtab *t)
{
	const struct gp_hist *h;
	uint64_t lo, hi, blo, bhi, span, nout, first;
	size_t i, k;
	uint32_t b;
	int nwarn = 0;

	covered(t, &lo, &hi);
	for (i = 0; i < raw->nhists; i++) {
		h = &raw->hists[i];
		if (h->high <= lo || h->low >= hi) {
			if (nwarn++ < MAXWARN)
				warnx("%s: histogram 0x%" PRIx64 "-0x%" PRIx64
				    " lies outside its symbols (0x%" PRIx64
				    "-0x%" PRIx64 ")", t->exe, h->low, h->high,
				    lo, hi);
			continue;
		}
		if (h->nbins == 0)
			continue;
		span = h->high - h->low;
		nout = 0;
		first = 0;
		for (k = 0; k < h->nb; k++) {
			b = h->bins[k].i;
			blo = h->low + (uint64_t)((double)span * b / h->nbins);
			bhi = h->low +
			    (uint64_t)((double)span * (b + 1) / h->nbins);
			if (bhi > lo && blo < hi)
				continue;
			if (nout == 0)
				first = blo;
			nout += h->bins[k].count;
		}
		if (nout > 0 && nwarn++ < MAXWARN)
			warnx("%s: %" PRIu64 " samples of histogram 0x%" PRIx64
			    "-0x%" PRIx64 " lie outside its symbols (0x%" PRIx64
			    "-0x%" PRIx64 "), the first at 0x%" PRIx64, t->exe,
			    nout, h->low, h->high, lo, hi, first);
	}
}

#define LIBGAP	((uint64_t)1 << 28)

/* Call sites and callees that no symbol covers. */
static void
check_arcs(const struct gp_raw *raw, const struct gp_symtab *t)
{
	const struct gp_arc *a;
	struct gp_symidx x;
	size_t i, nbad = 0, nlib = 0;
	uint64_t addr;
	const char *what;

	gp_symidx_make(&x, t);
	for (i = 0; i < raw->narcs; i++) {
		a = &raw->arcs[i];
		/*
		 * A callee far above the executable (256 MB) is in a shared
		 * library built with -pg, whose calls glibc records too; a
		 * profile of another build is not that far off.
		 */
		if (a->self >= t->texthi && a->self - t->texthi >= LIBGAP &&
		    a->from < t->texthi) {
			nlib++;
			continue;
		}
		if (gp_symidx_lookup(&x, a->self) == NULL) {
			addr = a->self;
			what = "callee";
		} else if (gp_symidx_lookup(&x, a->from) == NULL) {
			addr = a->from;
			what = "call site";
		} else
			continue;
		if (nbad++ < MAXWARN)
			warnx("%s: arc 0x%" PRIx64 " -> 0x%" PRIx64 ": %s 0x%"
			    PRIx64 " is not in any of its symbols", t->exe,
			    a->from, a->self, what, addr);
	}
	gp_symidx_free(&x);
	if (nbad > MAXWARN)
		warnx("%s: %zu more arcs with addresses outside its symbols",
		    t->exe, nbad - MAXWARN);
	if (nlib > 0)
		warnx("%s: %zu arcs into shared libraries left out, as gprof "
		    "leaves them", t->exe, nlib);
}

static void
usage(void)
{
	fprintf(stderr,
	    "usage: gp-sym [-acDl] [--demangle[=style] | --no-demangle] "
	    "[-R mapfile] [-S symfile]\n"
	    "              [exe]\n");
	exit(1);
}
