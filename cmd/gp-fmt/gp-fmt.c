/*
 * gp-fmt: print a profile stream as GNU gprof prints its report.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gmon/fileinfo.h"
#include "report/annotate.h"
#include "report/order.h"
#include "plugin/format.h"
#include "analysis/profile.h"
#include "stream/stream.h"
#include "analysis/diff.h"
#include "gprt/runtime.h"
#include "fmt.h"
#include "plugin/record.h"

#define S_FLAT	1			/* sections */
#define S_GRAPH	2
#define S_EXEC	GP_SEC_EXEC		/* -C: libgp/report/annotate.c */
#define S_ANNO	GP_SEC_ANNO		/* -A: libgp/report/annotate.c */
#define S_INFO	0x10			/* -i: libgp/gmon/fileinfo.c */
#define S_ORDER	0x20			/* -r: libgp/report/order.c */
#define S_FILES	0x40			/* -R: libgp/report/order.c */
#define S_MEM	0x80			/* -M: mem.c */

static void	usage(void) __attribute__((__noreturn__));
static void	nograph(const struct gp_prof *) __attribute__((__noreturn__));
static void	print(const char *, int, int, struct popts *);
static int	rewindable(const char *, const char **);
static void	perthread(int, const char *, const char *, int, int,
		    struct popts *);
static uint64_t	*threadslots(const struct gp_rt *, size_t *);
static void	threadprofs(int, const char *);

static const struct option longopts[] = {
	{ "all-lines",			no_argument,		NULL, 'x' },
	{ "annotated-source",		optional_argument,	NULL, 'A' },
	{ "brief",			no_argument,		NULL, 'b' },
	{ "directory-path",		required_argument,	NULL, 'I' },
	{ "exec-counts",		optional_argument,	NULL, 'C' },
	{ "file-info",			no_argument,		NULL, 'i' },
	{ "inline-file-names",		no_argument,		NULL, 256 },
	{ "line",			no_argument,		NULL, 'l' },
	{ "memory-profile",		no_argument,		NULL, 'M' },
	{ "merge-threads",		no_argument,		NULL, 257 },
	{ "per-thread",			no_argument,		NULL, 'U' },
	{ "threads",			required_argument,	NULL, 'u' },
	{ "min-count",			required_argument,	NULL, 'm' },
	{ "no-annotated-source",	optional_argument,	NULL, 'J' },
	{ "no-exec-counts",		optional_argument,	NULL, 'Z' },
	{ "separate-files",		no_argument,		NULL, 'y' },
	{ "table-length",		required_argument,	NULL, 't' },
	{ "display-unused-functions", no_argument,		NULL, 'z' },
	{ "flat-profile",		no_argument,		NULL, 'p' },
	{ "function-ordering",		no_argument,		NULL, 'r' },
	{ "file-ordering",		required_argument,	NULL, 'R' },
	{ "format",			required_argument,	NULL, 'o' },
	{ "graph",			no_argument,		NULL, 'q' },
	{ "no-flat-profile",		no_argument,		NULL, 'P' },
	{ "no-graph",			no_argument,		NULL, 'Q' },
	{ "print-path",			no_argument,		NULL, 'L' },
	{ "traditional",		no_argument,		NULL, 'T' },
	{ "width",			required_argument,	NULL, 'w' },
	{ NULL,				0,			NULL, 0 }
};

/*
 * What the report is made of lives until exit, where a filter leaves it
 * to the system; static, so that a leak checker sees it held, not lost.
 */
static struct gp_prof prof;
static int lean;	/* the report made from the layers as they are */
static struct gp_prof allp;		/* -U: every thread's */
static struct gp_lineopts lo;
static struct gp_fileinfo fi;
static struct gp_map map;
static struct report rep;
static struct gp_plug *fmt;
static struct gp_specs specs;

int
main(int argc, char *argv[])
{
	struct gp_reader *r;
	const char *mapfile = NULL;
	struct popts o;
	const char *format, *name = NULL;
	uint64_t w;
	int ch, fd = -1, on, said, sect, each;

	gp_record_attach();
	memset(&o, 0, sizeof(o));
	gp_lineopts_init(&lo);
	memset(&fi, 0, sizeof(fi));
	o.width = 80;
	format = NULL;
	on = said = each = 0;
	while ((ch = getopt_long(argc, argv,
	    "A::bC::e:E:f:F:iI:J::lLm:Mo:pPqQrR:t:Tu:UVw:xyzZ::", longopts, NULL)) != -1)
		switch (ch) {
		case 'e':	/* gprof's symspecs: the graph remade */
		case 'E':
		case 'f':
		case 'F':
			if (!gp_specs_opt(&specs, ch, optarg))
				usage();
			break;
		case 'M':
			on |= S_MEM;
			said |= S_MEM;
			break;
		case 'l':
			o.line = 1;
			break;
		case 'r':
			on |= S_ORDER;
			said |= S_ORDER;
			break;
		case 'R':
			mapfile = optarg;
			on |= S_FILES;
			said |= S_FILES;
			break;
		case 256:	/* --inline-file-names */
			o.inline_names = 1;
			break;
		case 257:	/* --merge-threads: one context tree */
			gp_format_mergethreads(1);
			break;
		case 'i':
			on |= S_INFO;
			said |= S_INFO;
			break;
		case 'A':	/* source lines: lines.h, gprof's semantics */
		case 'C':
		case 'J':
		case 'Z':
			if (!gp_lineopt(&lo, ch, optarg, &on, &said))
				usage();
			break;
		case 'I':
		case 'm':
		case 't':
		case 'x':
		case 'y':
			if (!gp_lineopt(&lo, ch, optarg, NULL, NULL))
				usage();
			break;
		case 'b':
			o.brief = 1;
			break;
		case 'L':
			o.path = 1;
			break;
		case 'o':
			format = optarg;
			break;
		case 'p':		/* -p -q print a section, -P -Q not */
		case 'P':
		case 'q':
		case 'Q':
			sect = ch == 'p' || ch == 'P' ? S_FLAT : S_GRAPH;
			if (ch == 'p' || ch == 'q')
				on |= sect;
			else
				on &= ~sect;
			said |= sect;
			break;
		case 'T':
			o.bsd = 1;
			break;
		case 'u':	/* threads chosen: libgp/analysis/profile.c */
			gp_stage_threads(optarg);
			break;
		case 'U':
			each = 1;
			break;
		case 'w':
			if (gp_parseu64(optarg, &w) == -1 || w < 1 ||
			    w > INT_MAX)
				errx(1, "width %s: not a number from 1 to %d",
				    optarg, INT_MAX);
			o.width = (int)w;
			break;
		case 'z':
			o.zeros = 1;
			lo.zeros = 1;
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
	/* A plugin format (gp-formats(5)); NULL: gprof's text. */
	fmt = format != NULL ? gp_format_open(format) : NULL;

	if (each && fmt != NULL)
		errx(1, "-U: one report a thread is the text report's; give "
		    "-o %s the threads with -u", format);
	if (each) {
		fd = rewindable(argc == 1 ? argv[0] : "-", &name);
		perthread(fd, name, mapfile, on, said, &o);
		return 0;
	}

	/*
	 * gprof's report from the stream's layers, none made again and no
	 * ordering asked for (they read the raw arcs and the graph's): the
	 * raw arcs let go once the graph is read, the graph's arcs made the
	 * report's, so that a million arcs are held once.
	 */
	lean = fmt == NULL && specs.n == 0 && !(on & (S_ORDER | S_FILES));
	if (lean)
		gp_stage_rawarcs(0);
	memset(&prof, 0, sizeof(prof));
	if (gp_format_threads(fmt)) {	/* read again, a thread at a time */
		fd = rewindable(argc == 1 ? argv[0] : "-", &name);
		r = gp_ropen(fd, name);
	} else
		r = gp_ropenfile(argc == 1 ? argv[0] : "-");
	if (on & S_INFO)
		gp_stage_other(gp_fileinfo_take, &fi);
	gp_stage_read(r, &prof, gp_format_layers(fmt) | GP_L_DIFF, 0, NULL);
	gp_rclose(r);
	if (gp_format_threads(fmt))
		threadprofs(fd, name);
	if (prof.diff != NULL && fmt == NULL) {	/* gp-diff(1)'s */
		gp_diff_print(prof.diff, o.brief, stdout);
		if (fflush(stdout) == EOF || ferror(stdout))
			err(1, "stdout");
		return 0;
	}
	if (fmt != NULL) {
		gp_format_specs(&specs);
		gp_format_run(fmt, &prof, stdout, "stdout");
		return 0;
	}
	print(mapfile, on, said, &o);
	if (fflush(stdout) == EOF || ferror(stdout))
		err(1, "stdout");
	return 0;
}

/* The text report of prof, the sections on and said by the options. */
static void
print(const char *mapfile, int on, int said, struct popts *o)
{
	int first;

	report_load(&rep, &prof, &specs, lean);

	/*
	 * gprof's choice of sections: those turned on, else those the data
	 * allows less those named by any option.
	 */
	if (on == 0)
		on = (rep.have_hist || rep.have_cg ? (rep.have_hist ? S_FLAT :
		    0) | (rep.have_cg ? S_GRAPH : 0) : S_EXEC) & ~said;
	if (on & S_INFO)	/* gprof prints it as it reads the files */
		gp_fileinfo_print(&fi);
	if (on & S_FLAT && !rep.have_hist)
		errx(1, "gmon.out file is missing histogram");
	if (on & S_GRAPH && !rep.have_cg)
		nograph(&prof);
	o->flat = (on & S_FLAT) != 0;
	o->graph = (on & S_GRAPH) != 0;

	if (on & S_INFO && fi.n > 0 && (o->flat || o->graph))
		printf("\f\n");
	report_print(&rep, o);
	first = !o->flat && !o->graph && !(on & S_INFO && fi.n > 0);
	if (on & S_EXEC)
		gp_exec_print(&prof, &lo, &first);
	if (on & S_ANNO)
		gp_anno_print(&prof, &lo, &first);
	if (on & S_ORDER)
		gp_order_print(&prof);
	if (on & S_FILES) {
		gp_map_read(&map, mapfile);
		gp_fileorder_print(&prof, &map);
	}
	if (on & S_MEM)
		gp_mem_print(&prof, o->brief, &first);
}

/*
 * The input as a descriptor that can be read again from the start: the
 * file, or the standard input copied to a temporary file.
 */
static int
rewindable(const char *path, const char **name)
{
	char buf[65536];
	FILE *tf;
	ssize_t n;
	int fd;

	if (strcmp(path, "-") != 0) {
		if ((fd = open(path, O_RDONLY)) == -1)
			err(1, "%s", path);
		*name = path;
		if (lseek(fd, 0, SEEK_SET) == 0)
			return fd;
	} else {
		fd = STDIN_FILENO;
		*name = "<stdin>";
		if (lseek(fd, 0, SEEK_SET) == 0)
			return fd;
	}
	if ((tf = tmpfile()) == NULL)
		err(1, "a temporary file");
	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n == -1) {
			if (errno == EINTR)
				continue;
			err(1, "%s", *name);
		}
		if (fwrite(buf, 1, (size_t)n, tf) != (size_t)n)
			err(1, "a temporary file");
	}
	if (fflush(tf) == EOF || lseek(fileno(tf), 0, SEEK_SET) != 0)
		err(1, "a temporary file");
	return fileno(tf);
}

static int
cmpu64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * The numbers of the threads of rt, every process's, in order, each once,
 * their count in *n; NULL if there are none.
 */
static uint64_t *
threadslots(const struct gp_rt *rt, size_t *n)
{
	uint64_t *slot;
	size_t i, j, k, m;

	for (m = i = 0; rt != NULL && i < rt->ngroups; i++)
		m += rt->groups[i].nthr;
	if (m == 0)
		return NULL;
	slot = gp_xcalloc(m + 1, sizeof(*slot));
	for (m = i = 0; i < rt->ngroups; i++)
		for (j = 0; j < rt->groups[i].nthr; j++)
			slot[m++] = rt->groups[i].threads[j].slot;
	qsort(slot, m, sizeof(*slot), cmpu64);
	for (k = i = 0; i < m; i++)
		if (k == 0 || slot[k - 1] != slot[i])
			slot[k++] = slot[i];
	*n = k;
	return slot;
}

/*
 * Has rt records of a thread's own, not every thread's merged (gmon-cat
 * -t)?  Only then can -u choose a thread.
 */
static int
ownrecords(const struct gp_rt *rt)
{
	size_t i;

	for (i = 0; i < rt->narcs; i++)
		if (rt->arcs[i].thread != 0)
			return 1;
	for (i = 0; i < rt->nmems; i++)
		if (rt->mems[i].thread != 0)
			return 1;
	for (i = 0; i < rt->nctxs; i++)
		if (rt->ctxs[i].thread != 0)
			return 1;
	for (i = 0; i < rt->ntraces; i++)
		if (rt->traces[i].thread != 0)
			return 1;
	return 0;
}

/*
 * The stream at fd without its timelines' events ("tev" records), in a
 * temporary file: what a thread's profile is read from, a thread at a
 * time, so that a million events are not read once a thread.  The
 * "trace" records stay: they say which threads have records of their own.
 * A record a line (gp-stream(5)), its kind first: the lines are copied as
 * they are, faster than records parsed and written again.
 */
static int
notev(int fd, const char *name)
{
	FILE *in, *tf;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int dfd;

	if (lseek(fd, 0, SEEK_SET) != 0 || (dfd = dup(fd)) == -1 ||
	    (in = fdopen(dfd, "r")) == NULL)
		err(1, "%s", name);
	if ((tf = tmpfile()) == NULL)
		err(1, "a temporary file");
	while ((n = getline(&line, &cap, in)) != -1)
		if (strncmp(line, "tev\t", 4) != 0 &&
		    fwrite(line, 1, (size_t)n, tf) != (size_t)n)
			err(1, "a temporary file");
	if (ferror(in))
		err(1, "%s", name);
	free(line);
	fclose(in);
	if (fflush(tf) == EOF || lseek(fileno(tf), 0, SEEK_SET) != 0)
		err(1, "a temporary file");
	return fileno(tf);
}

/*
 * For a format that shows each thread (gp_format_threads()): the profile
 * of each thread of prof, read from the stream at fd with the thread
 * chosen, as gp-fmt -u N reads it, and handed to the format.  Those gp-fmt
 * -u chose, when it did.  Nothing when the stream has no threads, or
 * only every thread's records merged.
 */
static void
threadprofs(int fd, const char *name)
{
	const struct gp_rt *rt = prof.rt;
	const struct gp_rtthread *th;
	struct gp_prof *tp;
	struct gp_reader *r;
	const char *tname;
	uint64_t *slot, tid;
	size_t i, j, t, k, nprocs;
	char num[32];
	int tfd;

	if (rt == NULL || !ownrecords(rt) ||
	    (slot = threadslots(rt, &k)) == NULL)
		return;
	tfd = rt->ntevs > 0 ? notev(fd, name) : fd;
	for (i = 0; i < k; i++) {
		tid = 0;
		tname = NULL;
		for (nprocs = j = 0; j < rt->ngroups; j++)
			for (t = 0; t < rt->groups[j].nthr; t++) {
				th = &rt->groups[j].threads[t];
				if (th->slot != slot[i])
					continue;
				if (nprocs++ == 0)
					tid = th->tid;
				if (tname == NULL && *th->name != '\0')
					tname = th->name;
			}
		snprintf(num, sizeof(num), "%ju", (uintmax_t)slot[i]);
		gp_stage_threads(NULL);
		gp_stage_threads(num);
		if (lseek(tfd, 0, SEEK_SET) != 0)
			err(1, "%s", name);
		tp = gp_xcalloc(1, sizeof(*tp));
		r = gp_ropen(tfd, name);
		gp_stage_read(r, tp, gp_format_layers(fmt), 0, NULL);
		gp_rclose(r);
		gp_format_addthread(slot[i], tid, tname, nprocs, tp);
	}
	gp_stage_threads(NULL);
	free(slot);
}

/*
 * -U: the report of each thread, headed by its number and each process's
 * thread of that number (tid and name); each read from the stream with
 * the thread chosen, as -u chooses it.
 */
static void
perthread(int fd, const char *name, const char *mapfile, int on, int said,
    struct popts *o)
{
	struct gp_reader *r;
	const struct gp_rtgroup *g;
	const struct gp_rt *rt;
	uint64_t *slot;
	size_t i, j, k, n, t;
	char num[32];

	memset(&allp, 0, sizeof(allp));
	gp_stage_threads(NULL);
	r = gp_ropen(fd, name);
	gp_stage_read(r, &allp, GP_L_RAW | GP_L_SYM, 0, NULL);
	gp_rclose(r);
	rt = allp.rt;
	if ((slot = threadslots(rt, &k)) == NULL)
		errx(1, "%s: -U: the stream has no threads (only the gprt(3) "
		    "runtime's profiles do)", name);
	for (i = 0; i < k; i++) {
		/* the header, from the whole stream's thread records */
		if (i > 0)
			printf("\f\n");
		printf("Thread %ju", (uintmax_t)slot[i]);
		for (j = 0, n = 0; j < rt->ngroups; j++) {
			g = &rt->groups[j];
			for (t = 0; t < g->nthr; t++) {
				if (g->threads[t].slot != slot[i])
					continue;
				printf("%s tid %ju", n++ == 0 ? ":" : ";",
				    (uintmax_t)g->threads[t].tid);
				if (*g->threads[t].name != '\0')
					printf(" \"%s\"", g->threads[t].name);
			}
		}
		printf("\n\n");
		/* the report, as -u chooses the thread */
		snprintf(num, sizeof(num), "%ju", (uintmax_t)slot[i]);
		gp_stage_threads(NULL);
		gp_stage_threads(num);
		if (lseek(fd, 0, SEEK_SET) != 0)
			err(1, "%s", name);
		memset(&prof, 0, sizeof(prof));
		r = gp_ropen(fd, name);
		if (on & S_INFO) {
			memset(&fi, 0, sizeof(fi));
			gp_stage_other(gp_fileinfo_take, &fi);
		}
		gp_stage_read(r, &prof, gp_format_layers(NULL) | GP_L_DIFF, 0,
		    NULL);
		gp_rclose(r);
		print(mapfile, on, said, o);
		report_free(&rep);
		gp_prof_free(&prof);
	}
	if (fflush(stdout) == EOF || ferror(stdout))
		err(1, "stdout");
	free(slot);
}

/*
 * A call graph asked for and none there: gprof's message for a gmon.out;
 * for another profiler's file (gp-perf(7), gp-callgrind(7)), which file
 * and why.
 */
static void
nograph(const struct gp_prof *p)
{
	if (p->rt == NULL || p->rt->ngroups == 0 || !gp_rt_named(p->rt))
		errx(1, "gmon.out file is missing call-graph data");
	if (!gp_rt_counted(p->rt))
		errx(1, "%s: no call graph: no sample has a named caller "
		    "(perf record -g records the call chains)",
		    p->rt->groups[0].path);
	errx(1, "%s: no call graph: no call between named functions",
	    p->rt->groups[0].path);
}

static void
usage(void)
{
	fprintf(stderr,
	    "usage: gp-fmt [-bilLMpPqQrTxyz] [-A[spec]] [-C[spec]] [-J[spec]] "
	    "[-Z[spec]]\n"
	    "              [-u threads] [-U]\n"
	    "              [-e|-E|-f|-F symspec] [-I dirs] [-m count] "
	    "[-o format]\n"
	    "              [-R mapfile] [-t length] [-w width] [file]\n");
	exit(1);
}
