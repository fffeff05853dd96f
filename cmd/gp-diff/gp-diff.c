/*
 * gp-diff: compare two analysed profiles, function by function.
 *
 * Reads two streams that went through gp-arcs, matches their functions
 * by name (libgp/analysis/diff.c) and writes the diff layer (gp-stream(5)), which
 * gp-fmt prints as a report.  With limits (-c, -s) it is a gate for CI:
 * the exit status is diff(1)'s, 0 within the limits, 1 when one is
 * passed (each offending function named on the standard error), 2 when
 * something went wrong.
 */
#include <err.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/diff.h"
#include "analysis/profile.h"
#include "stream/stream.h"
#include "plugin/record.h"

static void	usage(void) __attribute__((__noreturn__));
static void	limit(const char *, double *, double *, double);
static void	load(const char *, struct gp_prof *, struct gp_writer *);
static int	chosen(const struct gp_dfunc *);
static int	named(const char *, const struct gp_dfunc *);
static void	trouble(void);

static char	**names;		/* -f: the functions the limits watch */
static size_t	 nnames;
static int	 done;			/* exit status set on purpose */

int
main(int argc, char *argv[])
{
	struct gp_prof old, new;
	struct gp_diff *d;
	struct gp_writer *w;
	const struct gp_dfunc *f;
	double cpct = -1, cmin = 1, spct = -1, smin = 0.01;
	int ch, norm = 0, quiet = 0, over = 0;
	size_t i, j;

	gp_record_attach();
	/* err(3) and errx(3) exit 1 from anywhere: that is trouble, 2 */
	if (atexit(trouble) != 0)
		err(2, "atexit");
	while ((ch = getopt(argc, argv, "c:f:nqs:V")) != -1)
		switch (ch) {
		case 'c':
			limit(optarg, &cpct, &cmin, 1);
			break;
		case 'f':
			if ((names = reallocarray(names, nnames + 1,
			    sizeof(*names))) == NULL)
				err(2, NULL);
			names[nnames++] = optarg;
			break;
		case 'n':
			norm = 1;
			break;
		case 'q':
			quiet = 1;
			break;
		case 's':
			limit(optarg, &spct, &smin, 0.01);
			break;
		case 'V':
			done = 1;	/* -V's exit is no trouble */
			gp_version();
		default:
			usage();
		}
	argc -= optind;
	argv += optind;
	if (argc != 2 || (strcmp(argv[0], "-") == 0 &&
	    strcmp(argv[1], "-") == 0))
		usage();

	/*
	 * The output: the new stream as it is, then the diff layer, so that
	 * a format draws the new profile with the changes (svg's
	 * differential flame graph).
	 */
	w = quiet ? NULL : gp_wopen(STDOUT_FILENO);
	load(argv[0], &old, NULL);
	load(argv[1], &new, w);
	d = gp_diff_make(&old, argv[0], &new, argv[1], norm);
	if (w != NULL) {
		gp_diff_emit(w, d);
		gp_wclose(w);
	}

	/* a name -f gives that no function has would pass any gate */
	for (i = 0; i < nnames; i++) {
		for (j = 0; j < d->nf; j++)
			if (named(names[i], &d->f[j]))
				break;
		if (j == d->nf)
			errx(2, "-f %s: no function of that name in %s or %s",
			    names[i], argv[0], argv[1]);
	}
	for (i = 0; i < d->nf; i++) {
		f = &d->f[i];
		if (!chosen(f))
			continue;
		if (cpct >= 0 && f->nc >= f->oc + (uint64_t)cmin &&
		    (double)f->nc > (double)f->oc * (1 + cpct / 100)) {
			if (f->oc > 0)
				warnx("%s: calls %" PRIu64 " -> %" PRIu64
				    " (%+.1f%%), above +%g%%", f->name, f->oc,
				    f->nc, 100.0 * ((double)f->nc - (double)f->oc) /
				    (double)f->oc, cpct);
			else
				warnx("%s: calls %" PRIu64 " -> %" PRIu64
				    " (new), above +%g%%", f->name, f->oc,
				    f->nc, cpct);
			over = 1;
		}
		if (spct >= 0 && f->ns - f->os >= smin &&
		    f->ns > f->os * (1 + spct / 100)) {
			warnx("%s: self %.2f -> %.2f seconds, above +%g%%",
			    f->name, f->os, f->ns, spct);
			over = 1;
		}
	}
	gp_diff_free(d);
	gp_prof_free(&old);
	gp_prof_free(&new);
	free(names);
	if (fflush(stdout) == EOF || ferror(stdout))
		err(2, "stdout");
	done = 1;
	return over;
}

/* -c and -s: PERCENT[:MIN], both numbers from 0. */
static void
limit(const char *arg, double *pct, double *min, double dflt)
{
	char *end;

	*pct = strtod(arg, &end);
	*min = dflt;
	if (end != arg && *end == ':')
		*min = strtod(end + 1, &end);
	if (end == arg || *end != '\0' || !(*pct >= 0) || !(*min >= 0) ||
	    *pct > 1e12 || *min > 1e18)
		errx(2, "limit %s: expected PERCENT[:MIN], numbers from 0",
		    arg);
}

/* A stream through gp-arcs, whole, into p; copied to w if not NULL. */
static void
load(const char *path, struct gp_prof *p, struct gp_writer *w)
{
	struct gp_reader *r;

	memset(p, 0, sizeof(*p));
	r = gp_ropenfile(path);
	gp_stage_read(r, p, GP_L_SYM | GP_L_CREDIT | GP_L_GRAPH,
	    GP_L_DIFF, w);
	gp_rclose(r);
}

/*
 * 1 if -f's name is function f's: its name, or for a static function
 * also "name (file)" as the report prints it.
 */
static int
named(const char *arg, const struct gp_dfunc *f)
{
	size_t n = strlen(f->name);

	if (strcmp(arg, f->name) == 0)
		return 1;
	return f->file[0] != '\0' && strncmp(arg, f->name, n) == 0 &&
	    strncmp(arg + n, " (", 2) == 0 &&
	    strncmp(arg + n + 2, f->file, strlen(f->file)) == 0 &&
	    strcmp(arg + n + 2 + strlen(f->file), ")") == 0;
}

static int
chosen(const struct gp_dfunc *f)
{
	size_t i;

	if (nnames == 0)
		return 1;
	for (i = 0; i < nnames; i++)
		if (named(names[i], f))
			return 1;
	return 0;
}

/* Any exit but main's own return is trouble: status 2, as diff(1)'s. */
static void
trouble(void)
{
	if (!done)
		_exit(2);
}

static void
usage(void)
{
	fprintf(stderr, "usage: gp-diff [-nq] [-c percent[:calls]] "
	    "[-f function] [-s percent[:seconds]]\n"
	    "               old new\n");
	exit(2);
}
