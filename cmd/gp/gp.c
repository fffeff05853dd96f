/*
 * gp: GNU gprof's command line on top of the gptools pipeline.
 *
 *	gmon-cat FILES | gp-sym IMAGE | gp-hist | gp-arcs | gp-fmt
 *
 * gp parses gprof's options, hands each one to the stage that owns that
 * step, runs the stages and returns gprof's exit status.  The stages are
 * compiled into gp (Makefile, stages.h) and run one after another in
 * gp's own process, each stream kept in memory (memfd_create(2)) for the
 * next stage: one process loads libc and libbfd once, where five
 * programs joined by pipes cost more than gprof's whole run on a small
 * profile.  The stages before gp-fmt hand their profiles on in memory
 * (gp_stage_handoff(), analysis/profile.h): the layers they load and
 * make go to the next stage as the in-memory profile the records would
 * have given, and only the other records as text (gp-sym's symbols), so
 * that a million arcs are not written out and read back four times.
 * GP_STAGES=streams runs the stages in gp's process with every stream
 * written whole, and GP_STAGES=exec runs the stage programs, joined by
 * pipes; the report is the same bytes every way.
 *
 * gp does no analysis of its own: what it checks
 * itself is only what gprof checks while reading its command line, and
 * that the files it names can be opened, so that the first error is
 * reported as gprof reports it.
 */
#include <sys/mman.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <assert.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libiberty/demangle.h>

#include "stream/stream.h"
#include "analysis/profile.h"

#include "stages.h"


/* libiberty's @FILE expansion (libiberty.h clashes with <string.h>). */
void	expandargv(int *, char ***);
static char	**volatile allargv;	/* stored, never read: volatile */
static char	**argstrs;	/* every argument addarg() made */
static size_t	 nargstrs, capargstrs;

enum {
	GMONCAT,
	GPSYM,
	GPHIST,
	GPARCS,
	GPFMT,
	NSTAGE
};

struct stage {
	const char	*name;
	int		(*main)(int, char *[]);	/* compiled in */
	char		**argv;
	size_t		 argc;
	size_t		 cap;
	pid_t		 pid;
	int		 status;
	FILE		*errf;		/* the stage's standard error */
};

static struct stage stages[NSTAGE] = {
	{ .name = "gmon-cat", .main = gp_main_gmon_cat },
	{ .name = "gp-sym", .main = gp_main_gp_sym },
	{ .name = "gp-hist", .main = gp_main_gp_hist },
	{ .name = "gp-arcs", .main = gp_main_gp_arcs },
	{ .name = "gp-fmt", .main = gp_main_gp_fmt },
};

enum {
	OPT_DEMANGLE = 256,
	OPT_NO_DEMANGLE,
	OPT_INLINE_FILE_NAMES,
};

static const char optstring[] =
    "aA::bBcC::d::De:E:f:F:hiI:J::k:lLm:n:N:O:p::P::q::Q::rR:sS:t:Tu:UvVw:xyzZ::";

/* In gprof's order, which shows in the messages about ambiguous names. */
static const struct option longopts[] = {
	{ "line",			no_argument,		NULL, 'l' },
	{ "no-static",			no_argument,		NULL, 'a' },
	{ "ignore-non-functions",	no_argument,		NULL, 'D' },
	{ "external-symbol-table",	required_argument,	NULL, 'S' },
	{ "annotated-source",		optional_argument,	NULL, 'A' },
	{ "no-annotated-source",	optional_argument,	NULL, 'J' },
	{ "flat-profile",		optional_argument,	NULL, 'p' },
	{ "no-flat-profile",		optional_argument,	NULL, 'P' },
	{ "graph",			optional_argument,	NULL, 'q' },
	{ "no-graph",			optional_argument,	NULL, 'Q' },
	{ "exec-counts",		optional_argument,	NULL, 'C' },
	{ "no-exec-counts",		optional_argument,	NULL, 'Z' },
	{ "function-ordering",		no_argument,		NULL, 'r' },
	{ "file-ordering",		required_argument,	NULL, 'R' },
	{ "file-info",			no_argument,		NULL, 'i' },
	{ "sum",			no_argument,		NULL, 's' },
	{ "all-lines",			no_argument,		NULL, 'x' },
	{ "demangle",			optional_argument,	NULL, OPT_DEMANGLE },
	{ "no-demangle",		no_argument,		NULL, OPT_NO_DEMANGLE },
	{ "directory-path",		required_argument,	NULL, 'I' },
	{ "display-unused-functions",	no_argument,		NULL, 'z' },
	{ "inline-file-names",		no_argument,		NULL,
	    OPT_INLINE_FILE_NAMES },
	{ "min-count",			required_argument,	NULL, 'm' },
	{ "print-path",			no_argument,		NULL, 'L' },
	{ "separate-files",		no_argument,		NULL, 'y' },
	{ "static-call-graph",		no_argument,		NULL, 'c' },
	{ "table-length",		required_argument,	NULL, 't' },
	{ "time",			required_argument,	NULL, 'n' },
	{ "no-time",			required_argument,	NULL, 'N' },
	{ "width",			required_argument,	NULL, 'w' },
	{ "brief",			no_argument,		NULL, 'b' },
	{ "debug",			optional_argument,	NULL, 'd' },
	{ "help",			no_argument,		NULL, 'h' },
	{ "file-format",		required_argument,	NULL, 'O' },
	{ "traditional",		no_argument,		NULL, 'T' },
	{ "version",			no_argument,		NULL, 'v' },
	{ NULL,				0,			NULL, 0 }
};

static const char *progname;
static int	errout = -1;	/* in-process: gp's standard error */
static int	msgfd = -1;	/* in-process: the stages' messages */
static int	running;	/* in-process: the stage running */
static int	handoff = 1;	/* in-process: profiles handed on */

static void	addarg(int, const char *, ...)
		    __attribute__((__format__(__printf__, 2, 3)));
static void	prependargs(int, ...);
static void	section(int, int, const char *, int);
static long	cnum(const char *);
static const char *reqarg(void);
static void	fileformat(const char *);
static int	finish(void);
static int	openable(const char *);
static int	killedrun(const char *);
static void	spawn(int, int, int);
static int	pipeline(void);
static int	inprocess(void);
static void	showmsgs(void);
static void	atstageexit(void);
static void	onsignal(int);
static void	stageinit(int);
static void	usage(FILE *, int) __attribute__((__noreturn__));
static void	version(void) __attribute__((__noreturn__));

int
main(int argc, char *argv[])
{
	const char *image, *mapfile, *symfile, *e;
	long n;
	int ch, i, lflag, rflag, sflag, tflag = 0;

	progname = argv[0];	/* gprof's whoami, in every message */
	expandargv(&argc, &argv);
	allargv = argv;		/* libiberty's copy, kept to the end */

	image = "a.out";
	mapfile = symfile = NULL;
	lflag = rflag = sflag = 0;
	while ((ch = getopt_long(argc, argv, optstring, longopts, NULL)) != -1)
		switch (ch) {
		case 'a':		/* symbol classes */
		case 'D':
			addarg(GPSYM, "-%c", ch);
			break;
		case 'S':
			symfile = reqarg();
			addarg(GPSYM, "-S");
			addarg(GPSYM, "%s", symfile);
			break;
		case OPT_DEMANGLE:
			if (optarg != NULL &&
			    cplus_demangle_name_to_style(optarg) ==
			    unknown_demangling) {
				fprintf(stderr,
				    "%s: unknown demangling style `%s'\n",
				    progname, optarg);
				exit(1);
			}
			addarg(GPSYM, optarg != NULL ? "--demangle=%s" :
			    "--demangle%s", optarg != NULL ? optarg : "");
			break;
		case OPT_NO_DEMANGLE:
			addarg(GPSYM, "--no-demangle");
			break;
		case 'c':		/* arcs found in the machine code */
			addarg(GPSYM, "-c");
			break;
		case 'l':	/* line symbols, and how gp-fmt prints them */
			lflag = 1;
			break;
		case 'O':
			fileformat(reqarg());
			break;
		case 'i':
			addarg(GMONCAT, "-i");
			addarg(GPFMT, "-i");
			break;
		case 's':	/* gp-arcs has the arcs as gprof tallies them */
			if (!sflag) {
				addarg(GPARCS, "-s");
				addarg(GPARCS, "gmon.sum");
			}
			sflag = lflag = 1;	/* gprof -s implies -l */
			break;
		/*
		 * -p -q: print the flat profile or the call graph; with a
		 * symspec, only for those symbols.  A bare -P or -Q turns
		 * the section off; with a symspec it prints the section but
		 * for those symbols.  The symspec goes to the stage that
		 * keeps its table, the choice of sections to gp-fmt.
		 */
		case 'p':
		case 'P':
			section(GPHIST, ch, optarg, 'p');
			break;
		case 'q':
		case 'Q':
			section(GPARCS, ch, optarg, 'q');
			break;
		case 'B':
			addarg(GPFMT, "-q");
			break;
		case 'e':		/* symspec tables of the call graph */
		case 'E':
		case 'f':
		case 'F':
		case 'k':
		case 'n':
		case 'N':
			addarg(GPARCS, "-%c", ch);
			addarg(GPARCS, "%s", reqarg());
			break;
		case 'A':		/* printing */
		case 'C':
		case 'J':
		case 'Z':
			addarg(GPFMT, "-%c%s", ch, optarg ? optarg : "");
			break;
		case 'b':
		case 'L':
		case 'T':
		case 'x':
		case 'y':
		case 'z':
			addarg(GPFMT, "-%c", ch);
			break;
		case 'r':
			rflag = 1;
			addarg(GPFMT, "-r");
			break;
		case 'R':	/* gp-sym names symbols after the map */
			mapfile = reqarg();
			addarg(GPSYM, "-R");
			addarg(GPSYM, "%s", mapfile);
			addarg(GPFMT, "-R");
			addarg(GPFMT, "%s", mapfile);
			break;
		case 'I':
			addarg(GPFMT, "-I");
			addarg(GPFMT, "%s", reqarg());
			break;
		case 'm':	/* read as gprof reads them */
			addarg(GPFMT, "-m");
			addarg(GPFMT, "%lu", strtoul(reqarg(), NULL, 10));
			break;
		case 't':
			addarg(GPFMT, "-t");
			addarg(GPFMT, "%ld", cnum(reqarg()));
			break;
		case 'w':
			n = cnum(reqarg());
			addarg(GPFMT, "-w");
			addarg(GPFMT, "%ld", n < 1 ? 1 : n);
			break;
		case OPT_INLINE_FILE_NAMES:
			addarg(GPFMT, "--inline-file-names");
			break;
		case 'u':	/* threads: gp-fmt's, from gmon-cat -t */
		case 'U':
			if (!tflag++)
				addarg(GMONCAT, "-t");
			addarg(GPFMT, "-%c", ch);
			if (ch == 'u')
				addarg(GPFMT, "%s", reqarg());
			break;
		case 'd':
			fprintf(stderr, "%s: debugging not supported; -d ignored\n",
			    progname);
			break;
		case 'v':
			version();
		case 'V':
			gp_version();
		case 'h':
			usage(stdout, 0);
		default:
			usage(stderr, 1);
		}
	argc -= optind;
	argv += optind;

	/*
	 * gprof -s prints no section unless asked to: to gp-fmt, the
	 * default sections turned off before any other option.
	 */
	if (sflag)
		prependargs(GPFMT, "-P", "-Q", "-Z", NULL);
	if (lflag) {
		addarg(GPSYM, "-l");
		addarg(GPFMT, "-l");
	}

	if (rflag && mapfile != NULL) {
		fprintf(stderr, "%s: Only one of --function-ordering and "
		    "--file-ordering may be specified.\n", progname);
		exit(1);
	}
	if (argc > 0) {
		image = argv[0];
		argc--;
		argv++;
	}

	/* The files in the order gprof opens them. */
	if (symfile != NULL && !openable(symfile)) {
		fprintf(stderr, "%s: could not open %s.\n", progname, symfile);
		exit(1);
	}
	if (!openable(image)) {
		fprintf(stderr, "%s: %s\n", image, strerror(errno));
		exit(1);
	}
	if (mapfile != NULL && !openable(mapfile)) {
		fprintf(stderr, "%s: could not open %s.\n", progname, mapfile);
		exit(1);
	}
	for (i = 0; i < argc; i++)
		if (strcmp(argv[i], "-") != 0 && !openable(argv[i]) &&
		    !killedrun(argv[i])) {
			fprintf(stderr, "%s: %s\n", argv[i], strerror(errno));
			exit(1);
		}

	addarg(GMONCAT, "--");
	if (argc == 0)
		addarg(GMONCAT, "gmon.out");
	for (i = 0; i < argc; i++)
		addarg(GMONCAT, "%s", argv[i]);
	addarg(GPSYM, "--");
	addarg(GPSYM, "%s", image);

	/* Threads chosen: gp-fmt reads the stream again for each. */
	if (tflag)
		handoff = 0;
	if ((e = getenv("GP_STAGES")) != NULL && strcmp(e, "exec") == 0)
		return pipeline();
	if (e != NULL && strcmp(e, "streams") == 0)
		handoff = 0;
	return inprocess();
}

/*
 * The stages in gp's process, one after another: each reads the stream
 * the one before it wrote, from memory, as it would from a pipe.  Their
 * messages go to a memfd, shown when the stages end, as pipeline() shows
 * them: a stage that fails ends gp by exit(3) (err(3)
 * and the like) or by a signal, and atstageexit() or onsignal() shows the
 * messages up to that stage.
 */
static int
inprocess(void)
{
	static const int sigs[] = { SIGPIPE,
#if !defined(__SANITIZE_ADDRESS__)	/* the sanitizers' own reports */
	    SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT,
#endif
	};
	struct sigaction sa;
	struct stage *st;
	size_t k;
	int i, in, out, rv, stdoutfd;

	if ((errout = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)) == -1 ||
	    (stdoutfd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)) == -1)
		err(1, "dup");
	/* The stages write their messages in turn: the first failed
	 * stage's are the last, so showing the messages up to it is
	 * showing them all. */
	if ((msgfd = memfd_create("gp-messages", MFD_CLOEXEC)) == -1)
		err(1, "memfd_create");
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = onsignal;
	sa.sa_flags = SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	for (k = 0; k < sizeof(sigs) / sizeof(sigs[0]); k++)
		if (sigaction(sigs[k], &sa, NULL) == -1)
			err(1, "sigaction");
	if (atexit(atstageexit) != 0)
		err(1, "atexit");
	fflush(NULL);
	in = -1;
	for (i = 0; i < NSTAGE; i++) {
		st = &stages[i];
		stageinit(i);
		out = stdoutfd;
		if (i < NSTAGE - 1 &&
		    (out = memfd_create("gp-stream", MFD_CLOEXEC)) == -1)
			err(1, "memfd_create");
		if (in != -1) {
			if (lseek(in, 0, SEEK_SET) == -1 ||
			    dup2(in, STDIN_FILENO) == -1)
				err(1, "stream");
			close(in);
			__fpurge(stdin);
			clearerr(stdin);
		}
		if (dup2(out, STDOUT_FILENO) == -1 ||
		    dup2(msgfd, STDERR_FILENO) == -1)
			err(1, "dup2");
		running = i;
		gp_stage_handoff(handoff && i < GPFMT);
		program_invocation_name = st->argv[0];
		optind = 0;
		rv = st->main((int)st->argc, st->argv);
		fflush(stdout);
		if (rv != 0)
			exit(1);
		in = out;
	}
	running = NSTAGE;
	return 0;
}

/*
 * Show the stages' messages on gp's standard error; from a signal
 * handler too, hence read(2) and write(2) only.
 */
static void
showmsgs(void)
{
	char buf[4096];
	ssize_t r, w, o;
	off_t off;

	if (msgfd == -1)
		return;
	off = 0;
	while ((r = pread(msgfd, buf, sizeof(buf), off)) > 0) {
		off += r;
		for (o = 0; o < r; o += w)
			if ((w = write(errout, buf + o, r - o)) <= 0)
				return;
	}
}

/* gp's exit, while or after the stages run in its process. */
static void
atstageexit(void)
{
	fflush(stdout);
	fflush(stderr);
	showmsgs();
	if (dup2(errout, STDERR_FILENO) == -1)
		return;
}

/*
 * A signal that ends a stage: SIGPIPE ends gp by it, as gprof would end,
 * after the messages; any other is named, as pipeline() names it.
 */
static void
onsignal(int sig)
{
	char msg[256];
	const char *what;
	int n;

	showmsgs();
	if (sig == SIGPIPE || running >= NSTAGE) {
		raise(sig);	/* SA_RESETHAND: the default action */
		return;
	}
	switch (sig) {
	case SIGSEGV:	what = "Segmentation fault"; break;
	case SIGBUS:	what = "Bus error"; break;
	case SIGILL:	what = "Illegal instruction"; break;
	case SIGFPE:	what = "Floating point exception"; break;
	default:	what = "Aborted"; break;
	}
	n = snprintf(msg, sizeof(msg), "%s: stage %s killed by signal %d "
	    "(%s)\n", progname, stages[running].name, sig, what);
	if (n > 0 && write(errout, msg, (size_t)n < sizeof(msg) ?
	    (size_t)n : sizeof(msg) - 1) == -1)
		_exit(1);
	_exit(1);
}

/* The stage programs, each its own process, joined by pipes. */
static int
pipeline(void)
{
	int i, in, out, pfd[2];

	in = STDIN_FILENO;
	for (i = 0; i < NSTAGE; i++) {
		out = STDOUT_FILENO;
		if (i < NSTAGE - 1) {
			if (pipe2(pfd, O_CLOEXEC) == -1)
				err(1, "pipe");
			out = pfd[1];
		}
		spawn(i, in, out);
		if (in != STDIN_FILENO)
			close(in);
		if (out != STDOUT_FILENO)
			close(out);
		in = pfd[0];
	}
	return finish();
}

/*
 * -p -P -q -Q (ch): a symspec and its option to stage s, which keeps its
 * table; to gp-fmt ch, or with a symspec the letter that prints the
 * section (on).
 */
static void
section(int s, int ch, const char *spec, int on)
{
	if (spec != NULL) {
		addarg(s, "-%c", ch);
		addarg(s, "%s", spec);
	}
	addarg(GPFMT, "-%c", spec != NULL ? on : ch);
}

/* Append one argument, made with printf, to a stage's command line. */
static void
addarg(int s, const char *fmt, ...)
{
	struct stage *st = &stages[s];
	va_list ap;
	char *a;

	stageinit(s);
	if (st->argc + 2 > st->cap) {
		st->cap *= 2;
		st->argv = reallocarray(st->argv, st->cap, sizeof(*st->argv));
		if (st->argv == NULL)
			err(1, NULL);
	}
	va_start(ap, fmt);
	if (vasprintf(&a, fmt, ap) == -1)
		err(1, NULL);
	va_end(ap);
	/*
	 * Kept here too: a stage run in gp's process may put another
	 * string in its argv's place (gmon-cat names a killed run's
	 * companion file), and the first would be a leak.
	 */
	if (nargstrs == capargstrs) {
		capargstrs = capargstrs == 0 ? 64 : 2 * capargstrs;
		argstrs = reallocarray(argstrs, capargstrs, sizeof(*argstrs));
		if (argstrs == NULL)
			err(1, NULL);
	}
	argstrs[nargstrs++] = a;
	st->argv[st->argc++] = a;
	st->argv[st->argc] = NULL;
}

/* Put arguments (up to a NULL) first, after argv[0]. */
static void
prependargs(int s, ...)
{
	struct stage *st = &stages[s];
	const char *a;
	va_list ap;
	size_t n, k;

	stageinit(s);
	n = st->argc;
	va_start(ap, s);
	while ((a = va_arg(ap, const char *)) != NULL)
		addarg(s, "%s", a);
	va_end(ap);
	/* Rotate the new ones to the front. */
	for (k = n; k < st->argc; k++) {
		char *t = st->argv[k];

		memmove(&st->argv[1 + (k - n) + 1], &st->argv[1 + (k - n)],
		    (k - 1 - (k - n)) * sizeof(*st->argv));
		st->argv[1 + (k - n)] = t;
	}
}

/* A stage's command line starts with its argv[0]: gp's own name. */
static void
stageinit(int s)
{
	struct stage *st = &stages[s];

	if (st->argv != NULL)
		return;
	st->cap = 16;
	if ((st->argv = calloc(st->cap, sizeof(*st->argv))) == NULL ||
	    (st->argv[0] = strdup(program_invocation_short_name)) == NULL)
		err(1, NULL);
	st->argc = 1;
}

/*
 * The argument of an option that requires one (a single colon in
 * optstring, required_argument in longopts): getopt_long(3) returns such
 * an option only with its argument, and '?' when it is missing.  Only
 * the options with an optional argument (two colons) leave optarg NULL.
 */
static const char *
reqarg(void)
{
	assert(optarg != NULL);
	return optarg;
}

/*
 * A number as gprof reads it: optional blanks and sign, then the leading
 * digits; anything else reads as 0.  Clamped to the range of an int.
 */
static long
cnum(const char *s)
{
	long n;

	errno = 0;
	n = strtol(s, NULL, 10);
	if (n > INT_MAX || (errno == ERANGE && n > 0))
		return INT_MAX;
	if (n < INT_MIN || (errno == ERANGE && n < 0))
		return INT_MIN;
	return n;
}

/* -O: gprof looks at the first letter only. */
static void
fileformat(const char *f)
{
	const char *name;

	switch (f[0]) {
	case 'a':
		name = "auto";
		break;
	case 'm':
		name = "magic";
		break;
	case 'b':
		name = "bsd";
		break;
	case '4':
		name = "4.4bsd";
		break;
	case 'p':
		fprintf(stderr,
		    "%s: sorry, file format `prof' is not yet supported\n",
		    progname);
		exit(1);
	default:
		/* gprof prints these two the other way round. */
		fprintf(stderr, "%s: unknown file format %s\n", f, progname);
		exit(1);
	}
	addarg(GMONCAT, "-O");
	addarg(GMONCAT, "%s", name);
	addarg(GPARCS, "-O");
	addarg(GPARCS, "%s", name);
}

static int
openable(const char *path)
{
	int fd;

	if ((fd = open(path, O_RDONLY)) == -1)
		return 0;
	close(fd);
	return 1;
}

/*
 * A missing profile file whose gprt(3) companion is there: a killed
 * run's profile, which gmon-cat reads (and says so).  errno is kept.
 */
static int
killedrun(const char *path)
{
	char *c;
	int e = errno, ok;

	if (e != ENOENT)
		return 0;
	if (asprintf(&c, "%s.gprt", path) == -1)
		err(1, NULL);
	ok = access(c, R_OK) == 0;
	free(c);
	errno = e;
	return ok;
}

/*
 * Start stage s reading in and writing out.  The stage runs under gp's
 * own name, so that its messages read like gprof's; its standard error
 * goes to a temporary file that finish() shows.
 */
static void
spawn(int s, int in, int out)
{
	struct stage *st = &stages[s];

	stageinit(s);
	if ((st->errf = tmpfile()) == NULL)
		err(1, "tmpfile");
	if (fcntl(fileno(st->errf), F_SETFD, FD_CLOEXEC) == -1)
		err(1, "fcntl");
	fflush(NULL);
	switch (st->pid = fork()) {
	case -1:
		err(1, "fork");
	case 0:
		signal(SIGPIPE, SIG_DFL);
		if ((in != STDIN_FILENO && dup2(in, STDIN_FILENO) == -1) ||
		    (out != STDOUT_FILENO && dup2(out, STDOUT_FILENO) == -1) ||
		    dup2(fileno(st->errf), STDERR_FILENO) == -1)
			_exit(127);
		gp_execstage(progname, st->name, st->argv);
	}
}

/*
 * Wait for the stages.  Their messages are shown in pipeline order up to
 * the first stage that failed: what the later ones say is only the echo
 * of that failure.  A stage killed by SIGPIPE failed because a later one
 * stopped reading, so the search goes on past it; a stage killed by any
 * other signal is named, with the signal.
 */
static int
finish(void)
{
	struct stage *st;
	char buf[8192];
	size_t n;
	int i, rv, sig;

	for (i = 0; i < NSTAGE; i++)
		while (waitpid(stages[i].pid, &stages[i].status, 0) == -1)
			if (errno != EINTR)
				err(1, "waitpid");
	rv = 0;
	sig = 0;
	for (i = 0; i < NSTAGE && rv == 0; i++) {
		st = &stages[i];
		rewind(st->errf);
		while ((n = fread(buf, 1, sizeof(buf), st->errf)) > 0)
			fwrite(buf, 1, n, stderr);
		fclose(st->errf);
		if (WIFEXITED(st->status) && WEXITSTATUS(st->status) == 0)
			continue;
		if (WIFSIGNALED(st->status) &&
		    WTERMSIG(st->status) == SIGPIPE) {
			if (i == NSTAGE - 1)
				sig = SIGPIPE;
			continue;
		}
		/* A stage that died says nothing: say which, and of what. */
		if (WIFSIGNALED(st->status))
			fprintf(stderr, "%s: stage %s killed by signal %d (%s)%s\n",
			    progname, st->name, WTERMSIG(st->status),
			    strsignal(WTERMSIG(st->status)),
			    WCOREDUMP(st->status) ? ", core dumped" : "");
		rv = 1;
	}
	fflush(stderr);
	if (sig != 0 && rv == 0) {
		/* Our reader went away: end as gprof would have. */
		signal(sig, SIG_DFL);
		raise(sig);
	}
	return rv;
}

static void
usage(FILE *fp, int status)
{
	fprintf(fp, "\
Usage: %s [-[abcDhilLrsTvwxyz]] [-[ABCeEfFJnNOpPqQRStZ][name]] [-I dirs]\n\
	[-d[num]] [-k from/to] [-m min-count] [-t table-length]\n\
	[--[no-]annotated-source[=name]] [--[no-]exec-counts[=name]]\n\
	[--[no-]flat-profile[=name]] [--[no-]graph[=name]]\n\
	[--[no-]time=name] [--all-lines] [--brief] [--debug[=level]]\n\
	[--function-ordering] [--file-ordering] [--inline-file-names]\n\
	[--directory-path=dirs] [--display-unused-functions]\n\
	[--file-format=name] [--file-info] [--help] [--line] [--min-count=n]\n\
	[--no-static] [--print-path] [--separate-files]\n\
	[--static-call-graph] [--sum] [--table-length=len] [--traditional]\n\
	[--version] [--width=n] [--ignore-non-functions]\n\
	[--demangle[=STYLE]] [--no-demangle] [--external-symbol-table=name] [@FILE]\n\
	[image-file] [profile-file...]\n", progname);
	exit(status);
}

static void
version(void)
{
	printf("gp (gptools) %s\n"
	    "GNU gprof 2.40's command line on the gptools pipeline:\n"
	    "gmon-cat | gp-sym | gp-hist | gp-arcs | gp-fmt.\n", GP_VERSION);
	exit(0);
}
