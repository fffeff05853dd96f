/*
 * gmon-cat: gmon.out files as the raw layer of a gp-stream(5), or
 * several of them added up; with -o, written back as a gmon.out file.
 */
#include <err.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fileinfo.h"
#include "gmon.h"
#include "prof.h"
#include "stream.h"

static void		 usage(void) __attribute__((__noreturn__));
static int		 isstream(const struct gp_input *,
			    const struct gp_gmonopt *);
static struct gp_raw	*readone(const char *, struct gp_input *,
			    const struct gp_gmonopt *);
static struct gp_raw	*readstream(const char *, const struct gp_input *);
static void		 outspec(char *, enum gp_layout *, int *, int *);

int
main(int argc, char *argv[])
{
	struct gp_gmonopt opt;
	struct gp_input in;
	struct gp_fileinfo fi;
	struct gp_writer *w = NULL;
	struct gp_raw *raw, *one;
	enum gp_layout olayout = 0;
	const char *ofile = NULL;
	char *tspec = NULL;
	static char deflt0[] = "gmon.out";
	char *deflt[] = { deflt0, NULL };
	int ch, fd, i, iflag = 0, owidth = 0, oorder = 0;

	memset(&opt, 0, sizeof(opt));
	while ((ch = getopt(argc, argv, "E:iO:o:rT:w:")) != -1)
		switch (ch) {
		case 'E':
			if (strcmp(optarg, "le") == 0)
				opt.order = GP_LE;
			else if (strcmp(optarg, "be") == 0)
				opt.order = GP_BE;
			else
				errx(1, "-E %s: expected le or be", optarg);
			break;
		case 'i':	/* "fileinfo" records: libgp/fileinfo.c */
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
		default:
			usage();
		}
	argc -= optind;
	argv += optind;
	if (tspec != NULL && ofile == NULL)
		usage();
	if (tspec != NULL)
		outspec(tspec, &olayout, &owidth, &oorder);
	if (argc == 0)
		argv = deflt;

	gp_input_read(&in, argv[0]);
	if (argc <= 1 && ofile == NULL && !iflag && !isstream(&in, &opt)) {
		/* One file straight to the stream, no model in memory. */
		w = gp_wopen(STDOUT_FILENO);
		gp_gmon_cat(w, in.buf, in.len, in.name, argv[0], &opt);
		gp_wclose(w);
		gp_input_free(&in);
		return 0;
	}
	memset(&fi, 0, sizeof(fi));
	if (iflag && ofile == NULL)
		w = gp_wopen(STDOUT_FILENO);
	raw = readone(argv[0], &in, &opt);
	if (w != NULL)
		gp_fileinfo_emit(w, &fi, raw);
	if (argc > 1) {
		one = raw;
		raw = gp_raw_new("an earlier input");
		gp_raw_sum(raw, one);
		gp_raw_free(one);
		for (i = 1; i < argc; i++) {
			gp_input_read(&in, argv[i]);
			one = readone(argv[i], &in, &opt);
			if (w != NULL)
				gp_fileinfo_emit(w, &fi, one);
			gp_raw_sum(raw, one);
			gp_raw_free(one);
		}
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
		gp_raw_emit(w, raw);
		gp_wclose(w);
	}
	gp_raw_free(raw);
	return 0;
}

static void
usage(void)
{
	fprintf(stderr, "usage: gmon-cat [-ir] [-E le|be] [-O format] "
	    "[-o file] [-T layout] [-w 32|64]\n"
	    "                [file ...]\n");
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

/* One input, read: a gmon.out file, or a stream of the raw layer. */
static struct gp_raw *
readone(const char *path, struct gp_input *in, const struct gp_gmonopt *opt)
{
	struct gp_raw *raw;
	struct gp_file *f;

	if (isstream(in, opt))
		raw = readstream(path, in);
	else {
		raw = gp_gmon_parse(in->buf, in->len, in->name, opt);
		f = &raw->files[0];
		if (strcmp(f->path, path) != 0) {
			free(f->path);
			if ((f->path = strdup(path)) == NULL)
				err(1, NULL);
		}
	}
	gp_input_free(in);
	return raw;
}

static struct gp_raw *
readstream(const char *path, const struct gp_input *in)
{
	struct gp_reader *r;
	struct gp_prof prof;
	FILE *tmp;

	if (!in->mapped) {
		/* A pipe cannot be read twice: hand the bytes over. */
		if ((tmp = tmpfile()) == NULL)
			err(1, "tmpfile");
		if (fwrite(in->buf, 1, in->len, tmp) != in->len ||
		    fflush(tmp) != 0 || fseek(tmp, 0, SEEK_SET) != 0)
			err(1, "tmpfile");
		r = gp_ropen(dup(fileno(tmp)), in->name);
		fclose(tmp);
	} else
		r = gp_ropenfile(path);
	memset(&prof, 0, sizeof(prof));
	gp_stage_read(r, &prof, GP_L_RAW, 0, NULL);
	gp_rclose(r);
	if (prof.raw == NULL)
		prof.raw = gp_raw_new(in->name);
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
