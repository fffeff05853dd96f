/*
 * gmon-cat: gmon.out files as the raw layer of a gp-stream(5), or
 * several of them added up; with -o, written back as a gmon.out file.
 * The gprt(3) companion file of each (F.gprt) follows as the runtime
 * layer (libgp/analysis/measured.h); a companion file given as an input stands
 * for the gmon.out its killed run did not write.  Other profilers' files
 * (perf script's text, callgrind.out) are read by input format plugins
 * (libgp/plugin/input.h), picked by their first bytes or by -f.
 */
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gmon/fileinfo.h"
#include "plugin/input.h"
#include "gmon/raw.h"
#include "gprt/companion.h"
#include "gprt/runtime.h"
#include "analysis/profile.h"
#include "stream/stream.h"
#include "plugin/record.h"

/* The runtime layers to print after the raw layer. */
struct rtlist {
	struct gp_gprt	**g;		/* companion files, loaded */
	size_t		 ng;
	struct gp_rt	**rt;		/* runtime layers of input streams */
	size_t		 nrt;
};

static int	 Gflag;			/* -G: no companion files */
static struct gp_plug *fplug;		/* -f NAME: every input's format */
static unsigned	 gprtflags = GP_GPRT_MERGE;	/* -t: per thread */

static void		 usage(void) __attribute__((__noreturn__));
static int		 isstream(const struct gp_input *,
			    const struct gp_gmonopt *);
static struct gp_raw	*readone(const char *, struct gp_input *,
			    const struct gp_gmonopt *, struct rtlist *);
static struct gp_raw	*readstream(const char *, const struct gp_input *,
			    struct rtlist *);
static struct gp_raw	*readstreamfd(const char *, const struct gp_input *,
			    int, struct rtlist *, FILE *);
static struct gp_raw	*readgprt(const char *, const struct gp_gmonopt *,
			    struct rtlist *);
static int		 isgprt(const struct gp_input *);
static struct gp_plug	*foreign(const struct gp_input *,
			    const struct gp_gmonopt *);
static struct gp_raw	*readforeign(const char *, struct gp_plug *,
			    const struct gp_input *, struct rtlist *);
static char		*killedrun(char *);
static void		 nostdin(void) __attribute__((__noreturn__));
static char		*compname(const char *);
static void		 setpath(struct gp_raw *, const char *);
static void		 emitraw(struct gp_writer *, struct gp_raw **);
static void		 companion(const char *, const struct gp_raw *,
			    struct rtlist *);
static void		 rtemit(struct gp_writer *, struct rtlist *);
static void		 outspec(char *, enum gp_layout *, int *, int *);

int
main(int argc, char *argv[])
{
	struct gp_gmonopt opt;
	struct gp_input in;
	struct gp_fileinfo fi;
	struct gp_writer *w = NULL;
	struct gp_raw *raw, *one;
	struct rtlist rl;
	struct gp_plug *fp;
	enum gp_layout olayout = 0;
	const char *ofile = NULL;
	char *tspec = NULL;
	static char deflt0[] = "gmon.out";
	char *deflt[] = { deflt0, NULL };
	int ch, fd, i, iflag = 0, owidth = 0, oorder = 0;

	gp_record_attach();
	memset(&opt, 0, sizeof(opt));
	memset(&rl, 0, sizeof(rl));
	while ((ch = getopt(argc, argv, "E:f:GiO:o:rT:tVw:")) != -1)
		switch (ch) {
		case 'f':
			if (strcmp(optarg, "gmon") == 0)
				fplug = NULL;
			else
				fplug = gp_foreign_open(optarg);
			break;
		case 'G':
			Gflag = 1;
			break;
		case 't':
			gprtflags &= ~GP_GPRT_MERGE;
			break;
		case 'E':
			if (strcmp(optarg, "le") == 0)
				opt.order = GP_LE;
			else if (strcmp(optarg, "be") == 0)
				opt.order = GP_BE;
			else
				errx(1, "-E %s: expected le or be", optarg);
			break;
		case 'i':	/* "fileinfo" records: libgp/gmon/fileinfo.c */
			iflag = 1;
			break;
		case 'O':
			if (strcmp(optarg, "auto") == 0)
				opt.format = GP_IN_AUTO;
			else if (strcmp(optarg, "gnu") == 0 ||
			    strcmp(optarg, "magic") == 0)
				opt.format = GP_IN_GNU;
			else if (strcmp(optarg, "bsd") == 0)
				opt.format = GP_IN_BSD;
			else if (strcmp(optarg, "4.4bsd") == 0 ||
			    strcmp(optarg, "bsd44") == 0)
				opt.format = GP_IN_BSD44;
			else if (strcmp(optarg, "oldbsd") == 0)
				opt.format = GP_IN_OLDBSD;
			else
				errx(1, "-O %s: expected auto, gnu, bsd, "
				    "4.4bsd or oldbsd", optarg);
			break;
		case 'o':
			ofile = optarg;
			break;
		case 'r':
			opt.keepraw = 1;
			break;
		case 'T':
			tspec = optarg;
			break;
		case 'w':
			if (strcmp(optarg, "32") == 0)
				opt.width = 32;
			else if (strcmp(optarg, "64") == 0)
				opt.width = 64;
			else
				errx(1, "-w %s: expected 32 or 64", optarg);
			break;
		case 'V':
			gp_version();
		default:
			usage();
		}
	argc -= optind;
	argv += optind;
	if (tspec != NULL && ofile == NULL)
		usage();
	if (tspec != NULL)
		outspec(tspec, &olayout, &owidth, &oorder);
	if (argc == 0) {
		argv = deflt;
		argc = 1;
	}
	/* A killed run leaves its companion file alone: read that. */
	for (i = 0; i < argc && !Gflag; i++)
		argv[i] = killedrun(argv[i]);

	gp_input_read(&in, argv[0]);
	if (argc <= 1 && ofile == NULL && !iflag && !isstream(&in, &opt)) {
		/* One file straight to the stream, no model in memory. */
		w = gp_wopen(STDOUT_FILENO);
		if ((fp = foreign(&in, &opt)) != NULL) {
			gp_foreign_read(fp, w, in.name, in.buf, in.len);
			gp_input_free(&in);
		} else if (isgprt(&in)) {
			gp_input_free(&in);
			if (strcmp(argv[0], "-") == 0)
				nostdin();
			gp_gprt_read(argv[0], w, gprtflags | GP_GPRT_RAW);
		} else if (gp_stage_giving()) {
			/* gp(1): the model handed on, not written */
			raw = gp_gmon_parse(in.buf, in.len, in.name, &opt);
			setpath(raw, argv[0]);
			companion(argv[0], raw, &rl);
			gp_input_free(&in);
			emitraw(w, &raw);
			gp_raw_free(raw);
			rtemit(w, &rl);
		} else {
			gp_gmon_cat(w, in.buf, in.len, in.name, argv[0], &opt);
			if (compname(argv[0]) != NULL) {
				raw = gp_gmon_parse(in.buf, in.len, in.name,
				    &opt);
				companion(argv[0], raw, &rl);
				gp_raw_free(raw);
			}
			gp_input_free(&in);
			rtemit(w, &rl);
		}
		gp_wclose(w);
		return 0;
	}
	memset(&fi, 0, sizeof(fi));
	if (iflag && ofile == NULL)
		w = gp_wopen(STDOUT_FILENO);
	raw = readone(argv[0], &in, &opt, &rl);
	if (w != NULL)
		gp_fileinfo_emit(w, &fi, raw);
	if (argc > 1) {
		one = raw;
		raw = gp_raw_new("an earlier input");
		gp_raw_sum(raw, one);
		gp_raw_free(one);
		for (i = 1; i < argc; i++) {
			gp_input_read(&in, argv[i]);
			one = readone(argv[i], &in, &opt, &rl);
			if (w != NULL)
				gp_fileinfo_emit(w, &fi, one);
			gp_raw_sum(raw, one);
			gp_raw_free(one);
		}
	}
	/* Measured and unmeasured runs do not add up: counts would differ. */
	if (rl.ng + rl.nrt > 0 && rl.ng + rl.nrt < (size_t)argc) {
		warnx("%zu of the %d inputs have no runtime layer (gprt(3)): "
		    "the others' is left out", (size_t)argc - rl.ng - rl.nrt,
		    argc);
		rtemit(NULL, &rl);
	}

	if (ofile != NULL) {
		if (strcmp(ofile, "-") == 0)
			fd = STDOUT_FILENO;
		else if ((fd = open(ofile, O_WRONLY | O_CREAT | O_TRUNC,
		    0666)) == -1)
			err(1, "%s", ofile);
		gp_gmon_write(fd, ofile, raw, olayout, owidth, oorder);
		if (fd != STDOUT_FILENO && close(fd) == -1)
			err(1, "%s", ofile);
	} else {
		if (w == NULL)
			w = gp_wopen(STDOUT_FILENO);
		emitraw(w, &raw);
		rtemit(w, &rl);
		gp_wclose(w);
	}
	gp_raw_free(raw);
	rtemit(NULL, &rl);
	return 0;
}

static void
usage(void)
{
	fprintf(stderr, "usage: gmon-cat [-Girt] [-E le|be] [-f input] "
	    "[-O format] [-o file]\n"
	    "                [-T layout] [-w 32|64] [file ...]\n");
	exit(1);
}

/* Is the input a stream (rather than a gmon.out file)? */
static int
isstream(const struct gp_input *in, const struct gp_gmonopt *opt)
{
	return opt->format == GP_IN_AUTO && in->len > strlen(GP_STREAM_MAGIC) &&
	    memcmp(in->buf, GP_STREAM_MAGIC "\t",
	    strlen(GP_STREAM_MAGIC) + 1) == 0;
}

/*
 * One input, read: a gmon.out file (and its companion), a companion file,
 * or a stream of the raw layer (and its runtime layer).
 */
static struct gp_raw *
readone(const char *path, struct gp_input *in, const struct gp_gmonopt *opt,
    struct rtlist *rl)
{
	struct gp_raw *raw;
	struct gp_plug *fp;

	if ((fp = foreign(in, opt)) != NULL)
		raw = readforeign(path, fp, in, rl);
	else if (isstream(in, opt))
		raw = readstream(path, in, rl);
	else if (isgprt(in)) {
		gp_input_free(in);
		return readgprt(path, opt, rl);
	} else {
		raw = gp_gmon_parse(in->buf, in->len, in->name, opt);
		setpath(raw, path);
		companion(path, raw, rl);
	}
	gp_input_free(in);
	return raw;
}

/* A gmon.out's profile record names the file as it was given. */
static void
setpath(struct gp_raw *raw, const char *path)
{
	struct gp_file *f = &raw->files[0];

	if (strcmp(f->path, path) != 0) {
		free(f->path);
		f->path = gp_xstrdup(path);
	}
}

/*
 * The raw layer as records, or, in gp(1)'s process, handed to gp-sym
 * as the model (gp_stage_end(), analysis/profile.h): *rawp is then
 * NULL.  A profile with records of unknown tags is written, so that
 * they reach gp-sym as the stream would bring them.
 */
static void
emitraw(struct gp_writer *w, struct gp_raw **rawp)
{
	struct gp_prof p;

	if (!gp_stage_giving() || (*rawp)->nraws > 0) {
		gp_raw_emit(w, *rawp);
		return;
	}
	memset(&p, 0, sizeof(p));
	p.raw = *rawp;
	*rawp = NULL;
	gp_stage_end(&p);
}

static void
nostdin(void)
{
	errx(1, "<stdin>: a gprt(3) companion file is read by its name, not "
	    "from the standard input");
}

/*
 * A profile file that is not there but whose companion file is: the run
 * was killed before it could write gmon.out, and the companion holds its
 * profile (gprt(3)).  Read that instead, and say so.
 */
static char *
killedrun(char *path)
{
	static char **names;	/* the companions' names, held till exit */
	static size_t nnames;
	char *c;

	if (strcmp(path, "-") == 0 || access(path, F_OK) == 0 ||
	    errno != ENOENT)
		return path;
	if (asprintf(&c, "%s.gprt", path) == -1)
		err(1, NULL);
	if (access(c, F_OK) != 0) {
		free(c);
		return path;
	}
	warnx("%s: not found; reading its companion file %s "
	    "(the profile of a run that was killed)", path, c);
	if ((names = reallocarray(names, nnames + 1, sizeof(*names))) == NULL)
		err(1, NULL);
	names[nnames++] = c;
	return c;
}

/*
 * The input format plugin that reads the input: -f's, else the one
 * surest of its first bytes if it is not one of ours (gmon.out, BSD's,
 * companion file, stream), else NULL.
 */
static struct gp_plug *
foreign(const struct gp_input *in, const struct gp_gmonopt *opt)
{
	if (fplug != NULL)
		return fplug;
	if (opt->format != GP_IN_AUTO || isstream(in, opt) || isgprt(in) ||
	    (in->len >= 4 && memcmp(in->buf, "gmon", 4) == 0))
		return NULL;
	return gp_foreign_match(in->buf, in->len);
}

/* A file of another profiler, read by its plugin into a stream. */
static struct gp_raw *
readforeign(const char *path, struct gp_plug *fp, const struct gp_input *in,
    struct rtlist *rl)
{
	struct gp_writer *w;
	struct gp_input sin;
	FILE *tmp;

	if ((tmp = tmpfile()) == NULL)
		err(1, "tmpfile");
	w = gp_wopen(fileno(tmp));
	gp_foreign_read(fp, w, in->name, in->buf, in->len);
	gp_wclose(w);
	if (fflush(tmp) != 0 || fseek(tmp, 0, SEEK_SET) != 0)
		err(1, "tmpfile");
	memset(&sin, 0, sizeof(sin));
	sin.name = in->name;
	return readstreamfd(path, &sin, dup(fileno(tmp)), rl, tmp);
}

/* Does the input begin as a gprt(3) companion file? */
static int
isgprt(const struct gp_input *in)
{
	return in->len >= strlen(GPRT_MAGIC) &&
	    memcmp(in->buf, GPRT_MAGIC, strlen(GPRT_MAGIC)) == 0;
}

static void
rtadd(struct rtlist *rl, struct gp_gprt *g)
{
	if ((rl->g = reallocarray(rl->g, rl->ng + 1, sizeof(*rl->g))) == NULL)
		err(1, NULL);
	if (gprtflags & GP_GPRT_MERGE)
		gp_gprt_merge(g);
	rl->g[rl->ng++] = g;
}

/*
 * A companion file as an input: the gmon.out its run would have written
 * (gprt-dump -g) read as the raw layer, and the file as the runtime layer.
 */
static struct gp_raw *
readgprt(const char *path, const struct gp_gmonopt *opt, struct rtlist *rl)
{
	struct gp_raw *raw;
	struct gp_gprt *g;
	struct gp_file *f;
	unsigned char *buf;
	size_t len;

	if (strcmp(path, "-") == 0)
		nostdin();
	g = gp_gprt_load(path);
	if (gp_gprt_gmonbuf(g, &buf, &len) == -1)
		err(1, NULL);
	raw = gp_gmon_parse(buf, len, path, opt);
	free(buf);
	f = &raw->files[0];
	free(f->path);
	f->path = gp_xstrdup(path);
	rtadd(rl, g);
	return raw;
}

/*
 * Are the arcs a (na of them) those of b, or, for a run that reached
 * exit (threads may call on after gmon.out is written), fewer?
 */
static int
fits(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, int exited)
{
	size_t i, j;

	if (na == nb && memcmp(a, b, na * 3 * sizeof(*a)) == 0)
		return 1;
	if (!exited)
		return 0;
	for (i = j = 0; i < na; i++) {
		while (j < nb && gp_arc3cmp(&b[j * 3], &a[i * 3]) < 0)
			j++;
		if (j == nb || gp_arc3cmp(&b[j * 3], &a[i * 3]) != 0 ||
		    b[j * 3 + 2] < a[i * 3 + 2])
			return 0;
	}
	return 1;
}

/*
 * The companion file of gmon.out file path, if there is one and it comes
 * from the run that wrote the file: the executable's call counts of the
 * file are those it holds, or, if that run reached exit(3), not above
 * them (a companion left by another run, say a killed one, or a program
 * built with -pg since, is not taken).
 */
static void
companion(const char *path, const struct gp_raw *raw, struct rtlist *rl)
{
	struct gp_gprt *g;
	uint64_t *a, *b, f, s;
	size_t i, na, nb;
	const char *c;
	int same;

	if ((c = compname(path)) == NULL)
		return;
	g = gp_gprt_load(c);
	a = calloc(raw->narcs * 3 + 1, sizeof(*a));
	b = calloc(g->narcs * 3 + 1, sizeof(*b));
	if (a == NULL || b == NULL)
		err(1, NULL);
	for (i = na = 0; i < raw->narcs; i++) {
		if (raw->arcs[i].count == 0)
			continue;
		a[na * 3] = raw->arcs[i].from;
		a[na * 3 + 1] = raw->arcs[i].self;
		a[na * 3 + 2] = raw->arcs[i].count;
		na++;
	}
	for (i = nb = 0; i < g->narcs; i++) {
		if (g->arcs[i].count == 0 ||
		    gp_gprt_obj(g, g->arcs[i].site, &f) != 0 ||
		    gp_gprt_obj(g, g->arcs[i].fn, &s) != 0)
			continue;
		b[nb * 3] = f;
		b[nb * 3 + 1] = s;
		b[nb * 3 + 2] = g->arcs[i].count;
		nb++;
	}
	na = gp_arc3sum(a, na);
	nb = gp_arc3sum(b, nb);
	same = fits(a, na, b, nb, g->hdr.state == GPRT_EXITED);
	free(a);
	free(b);
	if (!same) {
		warnx("%s: not from the run that wrote %s (the call counts "
		    "differ): ignored", c, path);
		gp_gprt_free(g);
	} else
		rtadd(rl, g);
}

/* The name of gmon.out file path's companion file if it has one. */
static char *
compname(const char *path)
{
	static char *c;
	struct stat sb;

	if (Gflag || strcmp(path, "-") == 0)
		return NULL;
	free(c);
	if (asprintf(&c, "%s.gprt", path) == -1)
		err(1, NULL);
	if (stat(c, &sb) == 0)
		return c;
	if (errno != ENOENT)
		warn("%s", c);
	return NULL;
}

/* The runtime layers after the raw one; w NULL: just free them. */
static void
rtemit(struct gp_writer *w, struct rtlist *rl)
{
	size_t i;

	for (i = 0; i < rl->ng; i++) {
		if (w != NULL)
			gp_gprt_emit(rl->g[i], w, 0);
		gp_gprt_free(rl->g[i]);
	}
	for (i = 0; i < rl->nrt; i++) {
		if (w != NULL)
			gp_rt_emit(w, rl->rt[i]);
		gp_rt_free(rl->rt[i]);
	}
	free(rl->g);
	free(rl->rt);
	memset(rl, 0, sizeof(*rl));
}

static struct gp_raw *
readstream(const char *path, const struct gp_input *in, struct rtlist *rl)
{
	FILE *tmp;

	if (!in->mapped) {
		/* A pipe cannot be read twice: hand the bytes over. */
		if ((tmp = tmpfile()) == NULL)
			err(1, "tmpfile");
		if (fwrite(in->buf, 1, in->len, tmp) != in->len ||
		    fflush(tmp) != 0 || fseek(tmp, 0, SEEK_SET) != 0)
			err(1, "tmpfile");
		return readstreamfd(path, in, dup(fileno(tmp)), rl, tmp);
	}
	return readstreamfd(path, in, -1, rl, NULL);
}

/* A stream from fd (-1: the file path), tmp closed once it is open. */
static struct gp_raw *
readstreamfd(const char *path, const struct gp_input *in, int fd,
    struct rtlist *rl, FILE *tmp)
{
	struct gp_reader *r;
	struct gp_prof prof;

	if (fd != -1) {
		r = gp_ropen(fd, in->name);
		fclose(tmp);
	} else
		r = gp_ropenfile(path);
	memset(&prof, 0, sizeof(prof));
	gp_stage_read(r, &prof, GP_L_RAW, 0, NULL);
	gp_rclose(r);
	if (prof.raw == NULL)
		prof.raw = gp_raw_new(in->name);
	if (prof.rt != NULL) {
		/* its runtime layer (GP_L_RAW brings it) is kept too */
		if ((rl->rt = reallocarray(rl->rt, rl->nrt + 1,
		    sizeof(*rl->rt))) == NULL)
			err(1, NULL);
		rl->rt[rl->nrt++] = prof.rt;
	}
	return prof.raw;
}

/* -T: layout, width and byte order, in any order, comma-separated. */
static void
outspec(char *spec, enum gp_layout *layout, int *width, int *order)
{
	char *s;

	while ((s = strsep(&spec, ",")) != NULL) {
		if (strcmp(s, "gnu") == 0)
			*layout = GP_GNU;
		else if (strcmp(s, "4.4bsd") == 0 || strcmp(s, "bsd44") == 0)
			*layout = GP_BSD44;
		else if (strcmp(s, "oldbsd") == 0)
			*layout = GP_OLDBSD;
		else if (strcmp(s, "32") == 0 || strcmp(s, "64") == 0)
			*width = s[0] == '3' ? 32 : 64;
		else if (strcmp(s, "le") == 0 || strcmp(s, "be") == 0)
			*order = s[0] == 'b' ? GP_BE : GP_LE;
		else
			errx(1, "-T %s: expected gnu, 4.4bsd or oldbsd, 32 or "
			    "64, le or be, separated by commas", s);
	}
}
