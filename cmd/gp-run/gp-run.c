/*
 * gp-run: run a program and print its profile when it ends.
 *
 *	gp-run [options] [--] prog [args ...]
 *
 * The build of the program decides how it is profiled: a -pg build
 * writes glibc's gmon.out, a -finstrument-functions build gets gprt(3)
 * (preloaded when it is not linked), and -m perf records with perf(1).
 * Every process of the run writes its own files into a private
 * directory (GMON_OUT_PREFIX), and gp-run-exe.so, preloaded, notes the
 * executable of each process there; at the end gp(1) makes the reports.
 */
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <getopt.h>
#include <inttypes.h>
#include <libelf.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stream/stream.h"
#include "gprt/companion.h"

#ifndef GP_BINDIR
#define GP_BINDIR	"/usr/local/bin"
#endif
#ifndef GP_LIBDIR
#define GP_LIBDIR	"/usr/local/lib"
#endif

enum method {
	M_NONE,
	M_PG,		/* -pg: glibc's gmon.out */
	M_FI,		/* -finstrument-functions, libgprt linked */
	M_FIPRE,	/* -finstrument-functions, libgprt preloaded */
	M_PERF,
	M_SAMPLE	/* any other build: libgprt's sampler preloaded */
};

/* One process that left a profile. */
struct proc {
	long		 pid;
	char		*exe;		/* its executable, NULL: unknown */
	int		 gmon;		/* gmon.out.PID is there */
	int		 gprt;		/* gmon.out.PID.gprt is there */
	int		 done;		/* in a report already */
};

/* A command line being built. */
struct args {
	char		**v;
	size_t		 n;
	size_t		 cap;
};

enum {
	OPT_LONG = 256
};

/* gprof's report options, passed to gp as they came. */
static const struct option longopts[] = {
	{ "annotated-source",		optional_argument,	NULL, 0 },
	{ "no-annotated-source",	optional_argument,	NULL, 0 },
	{ "flat-profile",		optional_argument,	NULL, 0 },
	{ "no-flat-profile",		optional_argument,	NULL, 0 },
	{ "graph",			optional_argument,	NULL, 0 },
	{ "no-graph",			optional_argument,	NULL, 0 },
	{ "exec-counts",		optional_argument,	NULL, 0 },
	{ "no-exec-counts",		optional_argument,	NULL, 0 },
	{ "brief",			no_argument,		NULL, 0 },
	{ "line",			no_argument,		NULL, 0 },
	{ "no-static",			no_argument,		NULL, 0 },
	{ "static-call-graph",		no_argument,		NULL, 0 },
	{ "ignore-non-functions",	no_argument,		NULL, 0 },
	{ "display-unused-functions",	no_argument,		NULL, 0 },
	{ "demangle",			optional_argument,	NULL, 0 },
	{ "no-demangle",		no_argument,		NULL, 0 },
	{ "inline-file-names",		no_argument,		NULL, 0 },
	{ "min-count",			required_argument,	NULL, 0 },
	{ "table-length",		required_argument,	NULL, 0 },
	{ "width",			required_argument,	NULL, 0 },
	{ "time",			required_argument,	NULL, 0 },
	{ "no-time",			required_argument,	NULL, 0 },
	{ "directory-path",		required_argument,	NULL, 0 },
	{ "print-path",			no_argument,		NULL, 0 },
	{ "all-lines",			no_argument,		NULL, 0 },
	{ "separate-files",		no_argument,		NULL, 0 },
	{ "function-ordering",		no_argument,		NULL, 0 },
	{ "traditional",		no_argument,		NULL, 0 },
	{ "help",			no_argument,		NULL, 'h' },
	{ NULL,				0,			NULL, 0 }
};

/* '+': the first operand is the program; what follows is its own. */
static const char optstring[] =
    "+aA::bBc:C::d:De:E:f:F:hI:J::k:lLm:n:N:o:O:p:P::q::Q::rsTt:Vw:xyzZ::";

static const char *progname = "gp-run";
static struct args gpargs;		/* gp's report options */
static struct proc *procs;
static size_t	 nprocs;
static long	 toppid;
static char	*topexe;
static const char *dir;
static char	*preload;		/* LD_PRELOAD's new words */
static const char *oformat;		/* -o */
static int	 stripped;		/* the program has no .symtab */

static void	 freeargs(struct args *);
static void	 addarg(struct args *, const char *, ...)
		    __attribute__((__format__(__printf__, 2, 3)));
static void	 checkprog(const char *);
static char	*findprog(const char *);
static enum method detect(const char *);
static void	 findpreload(enum method);
static void	 setenvs(enum method, const char *);
static int	 runprog(enum method, const char *, char **, const char *);
static void	 scan(void);
static int	 report(FILE *, struct proc **, size_t, int, const char *);
static int	 gp(FILE *, const char *, struct args *);
static int	 reports(enum method, int, int, long, const char *,
		    const char *);
static int	 runperf(FILE *, const char *);
static int	 unnamed(const char *);
static void	 cleanup(void);
static void	 usage(void) __attribute__((__noreturn__));

int
main(int argc, char *argv[])
{
	const char *collect, *format, *outfile, *mname, *tmpdir;
	char *path, *end, tmpl[PATH_MAX], *d;
	enum method m, want;
	int ch, aflag, sflag, keep, status, rv, li;
	long pid;

	collect = format = outfile = mname = NULL;
	aflag = sflag = keep = 0;
	pid = 0;
	want = M_NONE;
	d = NULL;
	while ((ch = getopt_long(argc, argv, optstring, longopts, &li)) != -1)
		switch (ch) {
		case 0:
			if (optarg != NULL)
				addarg(&gpargs, "--%s=%s", longopts[li].name,
				    optarg);
			else
				addarg(&gpargs, "--%s", longopts[li].name);
			break;
		case 'a':
			aflag = 1;
			break;
		case 'c':
			collect = optarg;
			break;
		case 'd':
			d = optarg;
			keep = 1;
			break;
		case 'm':
			if ((mname = optarg) == NULL)	/* getopt's "m:" */
				usage();
			if (strcmp(mname, "pg") == 0)
				want = M_PG;
			else if (strcmp(mname, "fi") == 0)
				want = M_FI;
			else if (strcmp(mname, "perf") == 0)
				want = M_PERF;
			else if (strcmp(mname, "sample") == 0)
				want = M_SAMPLE;
			else
				errx(1, "-m %s: not a method: pg, fi, sample or perf",
				    optarg);
			break;
		case 'o':
			format = optarg;
			break;
		case 'O':
			outfile = optarg;
			break;
		case 'p':
			if (optarg == NULL)		/* getopt's "p:" */
				usage();
			errno = 0;
			pid = strtol(optarg, &end, 10);
			if (*optarg == '\0' || *end != '\0' || errno != 0 ||
			    pid < 1 || pid > INT_MAX)
				errx(1, "-p %s: not a process ID", optarg);
			break;
		case 's':
			sflag = 1;
			break;
		case 'V':
			gp_version();
		case 'h':
			usage();
		/* gprof's report options with an optional argument */
		case 'A':
		case 'C':
		case 'J':
		case 'P':
		case 'q':
		case 'Q':
		case 'Z':
			addarg(&gpargs, "-%c%s", ch, optarg ? optarg : "");
			break;
		/* ... with an argument */
		case 'e':
		case 'E':
		case 'f':
		case 'F':
		case 'I':
		case 'k':
		case 'n':
		case 'N':
		case 't':
		case 'w':
			addarg(&gpargs, "-%c", ch);
			addarg(&gpargs, "%s", optarg);
			break;
		/* ... without */
		case 'b':
		case 'B':
		case 'D':
		case 'l':
		case 'L':
		case 'r':
		case 'T':
		case 'x':
		case 'y':
		case 'z':
			addarg(&gpargs, "-%c", ch);
			break;
		default:
			usage();
		}
	argc -= optind;
	argv += optind;
	if (argc == 0)
		usage();
	if (format != NULL && gpargs.n > 0)
		errx(1, "-o %s: gprof's report options are not for other "
		    "formats", format);
	oformat = format;

	/* The program, as execvp(3) would find it, and what it is. */
	path = findprog(argv[0]);
	checkprog(path);
	m = detect(path);
	if (want == M_FI) {
		if (m != M_FI && m != M_FIPRE)
			errx(1, "%s: not built with -finstrument-functions: "
			    "-m fi has no calls to count", argv[0]);
		want = m;
	}
	if (want != M_NONE)
		m = want;
	if (m == M_NONE)	/* not rebuilt: sampled */
		m = M_SAMPLE;
	if (m == M_PERF && (aflag || sflag || pid != 0))
		errx(1, "-a, -s and -p: not with -m perf, which reports "
		    "the run as a whole");
	if (collect != NULL && m != M_FI && m != M_FIPRE)
		errx(1, "-c %s: collectors are gprt(3)'s, for "
		    "-finstrument-functions builds", collect);
	(void)mname;

	/* The private directory. */
	if (d != NULL) {
		if (mkdir(d, 0777) == -1 && errno != EEXIST)
			err(1, "%s", d);
		dir = realpath(d, NULL);
		if (dir == NULL)
			err(1, "%s", d);
		scan();
		if (nprocs > 0)
			errx(1, "%s: holds profiles already", d);
	} else {
		tmpdir = getenv("TMPDIR");
		snprintf(tmpl, sizeof(tmpl), "%s/gp-run.XXXXXX",
		    tmpdir != NULL && *tmpdir == '/' ? tmpdir : "/tmp");
		if (mkdtemp(tmpl) == NULL)
			err(1, "%s", tmpl);
		dir = gp_xstrdup(tmpl);
		atexit(cleanup);
	}
	(void)keep;

	findpreload(m);
	topexe = realpath(path, NULL);
	if (topexe == NULL)
		err(1, "%s", path);
	status = runprog(m, path, argv, collect);

	rv = reports(m, aflag, sflag, pid, outfile, argv[0]);
	if (status == 0 && rv != 0)
		status = 1;
	free(path);
	return status;
}

static void
addarg(struct args *a, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) == -1)
		err(1, NULL);
	va_end(ap);
	a->v = gp_xgrow(a->v, &a->cap, a->n + 1, 16, sizeof(*a->v));
	a->v[a->n++] = s;
	a->v[a->n] = NULL;
}

static void
freeargs(struct args *a)
{
	size_t i;

	for (i = 0; i < a->n; i++)
		free(a->v[i]);
	free(a->v);
	memset(a, 0, sizeof(*a));
}

/* The program as execvp(3) would find it: a name with a '/', or in PATH. */
static char *
findprog(const char *name)
{
	const char *p, *e;
	char *cand;
	size_t n;

	if (strchr(name, '/') != NULL || *name == '\0')
		return gp_xstrdup(name);
	if ((p = getenv("PATH")) == NULL)
		p = "/usr/local/bin:/bin:/usr/bin";
	for (; ; p = e + 1) {
		e = strchr(p, ':');
		n = e != NULL ? (size_t)(e - p) : strlen(p);
		if (asprintf(&cand, "%.*s%s%s", (int)n, p, n > 0 ? "/" : "",
		    name) == -1)
			err(1, NULL);
		if (access(cand, X_OK) == 0)
			return cand;
		free(cand);
		if (e == NULL)
			break;
	}
	errx(1, "%s: command not found", name);
}

/* A regular, executable ELF file; or one line and exit 1. */
static void
checkprog(const char *path)
{
	unsigned char magic[4];
	struct stat st;
	ssize_t n;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1 ||
	    fstat(fd, &st) == -1)
		err(1, "%s", path);
	if (S_ISDIR(st.st_mode))
		errx(1, "%s: %s", path, strerror(EISDIR));
	if (!S_ISREG(st.st_mode) || access(path, X_OK) == -1)
		errx(1, "%s: not an executable file", path);
	n = read(fd, magic, sizeof(magic));
	close(fd);
	if (n >= 2 && magic[0] == '#' && magic[1] == '!')
		errx(1, "%s: a script: run gp-run on the program it runs",
		    path);
	if (n != 4 || memcmp(magic, ELFMAG, SELFMAG) != 0)
		errx(1, "%s: not an ELF executable", path);
}

/*
 * The method a build calls for, from the symbols the executable
 * references: mcount (-pg) or __cyg_profile_func_enter (-finstrument-
 * functions), and whether libgprt is linked (defines the hook, or is a
 * needed library).  Both symbol tables are read, so that a stripped
 * program, which keeps its dynamic symbols, is known too.
 */
static enum method
detect(const char *path)
{
	Elf *e;
	Elf_Scn *scn;
	Elf_Data *data;
	GElf_Shdr sh;
	GElf_Sym sym;
	GElf_Dyn dyn;
	const char *name;
	size_t i, n;
	int fd, pg, fi, gprt, symtab;

	pg = fi = gprt = symtab = 0;
	if (elf_version(EV_CURRENT) == EV_NONE)
		errx(1, "libelf: %s", elf_errmsg(-1));
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		err(1, "%s", path);
	if ((e = elf_begin(fd, ELF_C_READ, NULL)) == NULL ||
	    elf_kind(e) != ELF_K_ELF)
		errx(1, "%s: not an ELF executable", path);
	for (scn = NULL; (scn = elf_nextscn(e, scn)) != NULL; ) {
		if (gelf_getshdr(scn, &sh) == NULL || sh.sh_entsize == 0 ||
		    (data = elf_getdata(scn, NULL)) == NULL)
			continue;
		n = sh.sh_size / sh.sh_entsize;
		if (sh.sh_type == SHT_DYNAMIC) {
			for (i = 0; i < n; i++)
				if (gelf_getdyn(data, (int)i, &dyn) != NULL &&
				    dyn.d_tag == DT_NEEDED &&
				    (name = elf_strptr(e, sh.sh_link,
				    dyn.d_un.d_val)) != NULL &&
				    strncmp(name, "libgprt.so", 10) == 0)
					gprt = 1;
			continue;
		}
		if (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM)
			continue;
		if (sh.sh_type == SHT_SYMTAB)
			symtab = 1;
		for (i = 1; i < n; i++) {
			if (gelf_getsym(data, (int)i, &sym) == NULL ||
			    (name = elf_strptr(e, sh.sh_link, sym.st_name)) ==
			    NULL)
				continue;
			if (strcmp(name, "mcount") == 0 ||
			    strcmp(name, "_mcount") == 0 ||
			    strcmp(name, "__gnu_mcount_nc") == 0)
				pg = 1;
			else if (strcmp(name, "__cyg_profile_func_enter") == 0) {
				fi = 1;
				/* libgprt.a linked in: the hook is defined */
				if (sym.st_shndx != SHN_UNDEF &&
				    sh.sh_type == SHT_SYMTAB)
					gprt = 1;
			}
		}
	}
	elf_end(e);
	close(fd);
	stripped = !symtab;
	if (fi)
		return gprt ? M_FI : M_FIPRE;
	return pg ? M_PG : M_NONE;
}

static void
xsetenv(const char *name, const char *value)
{
	if (setenv(name, value, 1) == -1)
		err(1, "setenv");
}

/*
 * What to preload: gp-run-exe.so, and libgprt for a -finstrument-functions
 * build that does not link it; checked before the program runs.
 */
static void
findpreload(enum method m)
{
	char *exe, *gprt;

	if (m == M_PERF)
		return;
	exe = gp_installed(GP_BINDIR, GP_LIBDIR "/gptools/preload/"
	    "gp-run-exe.so");
	if (access(exe, R_OK) == -1)
		warn("%s: processes other than the first are not named",
		    exe);
	preload = exe;
	if (m == M_FIPRE || m == M_SAMPLE) {
		gprt = gp_installed(GP_BINDIR, GP_LIBDIR "/libgprt.so.1");
		if (access(gprt, R_OK) == -1)
			err(1, "%s", gprt);
		if (asprintf(&preload, "%s %s", gprt, exe) == -1)
			err(1, NULL);
		free(gprt);
		free(exe);
	}
}

/*
 * In the child, before it becomes the program: the environment that puts
 * every process's files into dir.  gp-run's own stays as it was, so that
 * the reports' stages are not profiled.
 */
static void
setenvs(enum method m, const char *collect)
{
	const char *old;
	char *s;

	if (m == M_PERF)
		return;
	if (asprintf(&s, "%s/gmon.out", dir) == -1)
		err(1, NULL);
	xsetenv("GMON_OUT_PREFIX", s);
	free(s);
	xsetenv("GP_RUN_DIR", dir);
	old = getenv("LD_PRELOAD");
	if (old != NULL && *old != '\0') {
		if (asprintf(&s, "%s %s", preload, old) == -1)
			err(1, NULL);
		xsetenv("LD_PRELOAD", s);
	} else
		xsetenv("LD_PRELOAD", preload);
	if (m == M_SAMPLE) {
		if (getenv("GPRT_SAMPLE") == NULL)
			xsetenv("GPRT_SAMPLE", "1000");
		if (getenv("GPRT_FORK") == NULL)
			xsetenv("GPRT_FORK", "fresh");
	}
	if (m == M_FI || m == M_FIPRE) {
		/* A child counts its own calls, not its parent's again. */
		if (getenv("GPRT_FORK") == NULL)
			xsetenv("GPRT_FORK", "fresh");
		if (collect != NULL)
			xsetenv("GPRT_COLLECT", collect);
	}
}

/*
 * Run the program (under perf record for -m perf) and wait for it: its
 * exit status, or 128 + the signal that ended it.  gp-run ignores the
 * terminal's SIGINT and SIGQUIT meanwhile, as system(3) does, so that ^C
 * ends the program and the report is still printed.
 */
static int
runprog(enum method m, const char *path, char **argv, const char *collect)
{
	struct sigaction ign, oint, oquit;
	struct args a = { NULL, 0, 0 };
	char *data;
	pid_t pid;
	int st, i;

	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGINT, &ign, &oint);
	sigaction(SIGQUIT, &ign, &oquit);
	if (m == M_PERF) {
		if (asprintf(&data, "%s/perf.data", dir) == -1)
			err(1, NULL);
		addarg(&a, "perf");
		addarg(&a, "record");
		addarg(&a, "-q");
		addarg(&a, "-g");
		addarg(&a, "-o");
		addarg(&a, "%s", data);
		addarg(&a, "--");
		addarg(&a, "%s", path);
		for (i = 1; argv[i] != NULL; i++)
			addarg(&a, "%s", argv[i]);
	}
	fflush(NULL);
	switch (pid = fork()) {
	case -1:
		err(1, "fork");
	case 0:
		sigaction(SIGINT, &oint, NULL);
		sigaction(SIGQUIT, &oquit, NULL);
		setenvs(m, collect);
		if (m == M_PERF) {
			execvp("perf", a.v);
			fprintf(stderr, "%s: perf: %s\n", progname,
			    strerror(errno));
		} else {
			execv(path, argv);
			fprintf(stderr, "%s: %s: %s\n", progname, path,
			    strerror(errno));
		}
		_exit(127);
	}
	toppid = pid;
	while (waitpid(pid, &st, 0) == -1)
		if (errno != EINTR)
			err(1, "waitpid");
	sigaction(SIGINT, &oint, NULL);
	sigaction(SIGQUIT, &oquit, NULL);
	if (m == M_PERF) {
		freeargs(&a);
		free(data);
	}
	if (WIFSIGNALED(st))
		return 128 + WTERMSIG(st);
	return WEXITSTATUS(st);
}

static struct proc *
getproc(long pid)
{
	size_t i;

	for (i = 0; i < nprocs; i++)
		if (procs[i].pid == pid)
			return &procs[i];
	procs = gp_xreallocarray(procs, nprocs + 1, sizeof(*procs));
	memset(&procs[nprocs], 0, sizeof(*procs));
	procs[nprocs].pid = pid;
	return &procs[nprocs++];
}

/* A decimal process ID that ends the name at end, or 0. */
static long
pidof(const char *s, const char **end)
{
	long v = 0;

	if (*s < '0' || *s > '9')
		return 0;
	for (; *s >= '0' && *s <= '9'; s++) {
		v = v * 10 + (*s - '0');
		if (v > INT_MAX)
			return 0;
	}
	*end = s;
	return v;
}

static int
pidcmp(const void *a, const void *b)
{
	const struct proc *p = a, *q = b;

	if ((p->pid == toppid) != (q->pid == toppid))
		return p->pid == toppid ? -1 : 1;
	return (p->pid > q->pid) - (p->pid < q->pid);
}

/*
 * The processes that left files in dir: gmon.out.PID, gmon.out.PID.gprt
 * and gp-run-exe.so's exe.PID.  Only those with a profile are kept, the
 * top process first, then in the order of their IDs.
 */
static void
scan(void)
{
	struct proc *p;
	struct dirent *de;
	const char *end;
	char *path, buf[PATH_MAX];
	size_t i, k;
	ssize_t n;
	long pid;
	DIR *dp;
	FILE *fp;

	if ((dp = opendir(dir)) == NULL)
		err(1, "%s", dir);
	while ((de = readdir(dp)) != NULL) {
		if (strncmp(de->d_name, "gmon.out.", 9) == 0 &&
		    (pid = pidof(de->d_name + 9, &end)) != 0) {
			p = getproc(pid);
			if (*end == '\0')
				p->gmon = 1;
			else if (strcmp(end, ".gprt") == 0)
				p->gprt = 1;
		} else if (strncmp(de->d_name, "exe.", 4) == 0 &&
		    (pid = pidof(de->d_name + 4, &end)) != 0 && *end == '\0') {
			p = getproc(pid);
			if (asprintf(&path, "%s/%s", dir, de->d_name) == -1)
				err(1, NULL);
			if ((fp = fopen(path, "r")) != NULL) {
				n = (ssize_t)fread(buf, 1, sizeof(buf) - 1, fp);
				fclose(fp);
				if (n > 0 && buf[n - 1] == '\n') {
					buf[n - 1] = '\0';
					free(p->exe);
					p->exe = gp_xstrdup(buf);
				}
			}
			free(path);
		}
	}
	closedir(dp);
	for (i = k = 0; i < nprocs; i++) {
		p = &procs[i];
		if (p->exe == NULL && p->pid == toppid && topexe != NULL)
			p->exe = gp_xstrdup(topexe);
		if (p->gmon || p->gprt)
			procs[k++] = *p;
		else
			free(p->exe);
	}
	nprocs = k;
	if (nprocs > 1)
		qsort(procs, nprocs, sizeof(*procs), pidcmp);
}

/*
 * gp's report of the processes ps[0..n) (added up), all of executable
 * ps[0]->exe, to out; with a heading line when head is set.  gp's
 * status.
 */
static int
report(FILE *out, struct proc **ps, size_t n, int head, const char *exe)
{
	struct args a = { NULL, 0, 0 };
	size_t i;
	int st;

	if (head) {
		fprintf(out, "==> %s (process%s", exe, n > 1 ? "es" : "");
		for (i = 0; i < n; i++)
			fprintf(out, " %ld", ps[i]->pid);
		fprintf(out, ") <==\n\n");
	}
	for (i = 0; i < n; i++)
		addarg(&a, "%s/gmon.out.%ld", dir, ps[i]->pid);
	st = gp(out, exe, &a);
	freeargs(&a);
	if (head)
		fprintf(out, "\n");
	return st;
}

/*
 * -o: the stages themselves, gp-fmt -o format last (gp takes gprof's
 * options only).
 */
static int
pipeline(FILE *out, const char *exe, struct args *files)
{
	static const char *names[] = {
		"gmon-cat", "gp-sym", "gp-hist", "gp-arcs", "gp-fmt"
	};
	struct args a;
	pid_t pids[5];
	size_t i, k;
	int in, fd, pfd[2], st, rv;

	in = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (in == -1)
		err(1, "/dev/null");
	fflush(NULL);
	for (k = 0; k < 5; k++) {
		memset(&a, 0, sizeof(a));
		addarg(&a, "%s", names[k]);
		if (k == 0) {
			addarg(&a, "--");
			for (i = 0; i < files->n; i++)
				addarg(&a, "%s", files->v[i]);
		} else if (k == 1) {
			addarg(&a, "--");
			addarg(&a, "%s", exe);
		} else if (k == 4) {
			addarg(&a, "-o");
			addarg(&a, "%s", oformat);
		}
		if (k < 4 && pipe2(pfd, O_CLOEXEC) == -1)
			err(1, "pipe");
		switch (pids[k] = fork()) {
		case -1:
			err(1, "fork");
		case 0:
			fd = k < 4 ? pfd[1] : fileno(out);
			if (dup2(in, STDIN_FILENO) == -1 ||
			    dup2(fd, STDOUT_FILENO) == -1)
				_exit(127);
			gp_execstage(progname, names[k], a.v);
		}
		freeargs(&a);
		close(in);
		if (k < 4) {
			close(pfd[1]);
			in = pfd[0];
		}
	}
	rv = 0;
	for (k = 0; k < 5; k++) {
		while (waitpid(pids[k], &st, 0) == -1)
			if (errno != EINTR)
				err(1, "waitpid");
		if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
			rv = 1;
	}
	return rv;
}

/* Run gp with the report options on exe and the profile files, to out. */
static int
gp(FILE *out, const char *exe, struct args *files)
{
	struct args a = { NULL, 0, 0 };
	pid_t pid;
	size_t i;
	int st, fd;

	if (oformat != NULL)
		return pipeline(out, exe, files);
	addarg(&a, "gp");
	for (i = 0; i < gpargs.n; i++)
		addarg(&a, "%s", gpargs.v[i]);
	addarg(&a, "--");
	addarg(&a, "%s", exe);
	for (i = 0; i < files->n; i++)
		addarg(&a, "%s", files->v[i]);
	fflush(NULL);
	switch (pid = fork()) {
	case -1:
		err(1, "fork");
	case 0:
		if ((fd = open("/dev/null", O_RDONLY)) == -1 ||
		    dup2(fd, STDIN_FILENO) == -1 ||
		    dup2(fileno(out), STDOUT_FILENO) == -1)
			_exit(127);
		gp_execstage(progname, "gp", a.v);
	}
	while (waitpid(pid, &st, 0) == -1)
		if (errno != EINTR)
			err(1, "waitpid");
	freeargs(&a);
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : 1;
}

/*
 * The reports asked for: of the top command's executable (its processes
 * added up), of each process (-a), of each executable (-s), or of one
 * process (-p).
 */
static int
reports(enum method m, int aflag, int sflag, long pid, const char *outfile,
    const char *name)
{
	struct proc **sel = NULL;
	const char *exe;
	size_t i, j, n;
	FILE *out;
	int rv;

	out = stdout;
	if (outfile != NULL && (out = fopen(outfile, "w")) == NULL)
		err(1, "%s", outfile);
	if (m == M_PERF) {
		rv = runperf(out, name);
		goto done;
	}
	scan();
	rv = 0;
	if (stripped && !aflag && !sflag && pid == 0 && unnamed(name) == -1) {
		warnx("%s: no symbols (stripped) and no function starts: "
		    "no report; -d keeps the profile", name);
		goto done;
	}
	sel = gp_xcalloc(nprocs, sizeof(*sel));
	if (pid != 0) {
		for (i = 0; i < nprocs; i++)
			if (procs[i].pid == pid)
				break;
		if (i == nprocs) {
			warnx("process %ld left no profile", pid);
			rv = 1;
		} else if (procs[i].exe == NULL) {
			warnx("process %ld: its executable is not known", pid);
			rv = 1;
		} else {
			sel[0] = &procs[i];
			rv = report(out, sel, 1, 0, procs[i].exe);
		}
		goto done;
	}
	if (!aflag && !sflag) {
		for (i = n = 0; i < nprocs; i++)
			if (procs[i].exe != NULL &&
			    strcmp(procs[i].exe, topexe) == 0)
				sel[n++] = &procs[i];
		if (n == 0) {
			warnx("%s left no profile%s", name, m == M_PG ?
			    " (a -pg program writes it when it calls exit)" :
			    "");
			rv = 1;
		} else
			rv = report(out, sel, n, 0, topexe);
		goto done;
	}
	/* -a: every process; -s: every executable, its processes added. */
	for (i = 0; i < nprocs; i++)
		if (procs[i].exe == NULL)
			warnx("process %ld: its executable is not known: "
			    "left out", procs[i].pid);
	for (i = 0; i < nprocs; i++) {
		if (procs[i].exe == NULL || procs[i].done)
			continue;
		exe = procs[i].exe;
		n = 0;
		for (j = i; j < nprocs; j++)
			if (!procs[j].done && procs[j].exe != NULL &&
			    (j == i || (sflag && strcmp(procs[j].exe, exe) ==
			    0))) {
				procs[j].done = 1;
				sel[n++] = &procs[j];
			}
		rv |= report(out, sel, n, 1, exe);
	}
	if (nprocs == 0) {
		warnx("%s left no profile", name);
		rv = 1;
	}
done:
	free(sel);
	if (out != stdout && fclose(out) == EOF)
		err(1, "%s", outfile);
	return rv;
}

/*
 * A stripped program: its functions, known by where they start (its
 * .eh_frame_hdr table), named PROGRAM+0xADDRESS (the link-time address,
 * as objdump -d shows it) in an nm-style table that gp reads with
 * --external-symbol-table, as gprof would.  -1 if none is known.
 */
static int
unnamed(const char *name)
{
	uint64_t *v;
	size_t n, i;
	const char *base;
	char *path;
	FILE *f;

	if ((v = gp_gprt_fnstarts(topexe != NULL ? topexe : name, &n)) ==
	    NULL || n == 0) {
		free(v);
		return -1;
	}
	base = strrchr(name, '/') != NULL ? strrchr(name, '/') + 1 : name;
	if (asprintf(&path, "%s/unnamed.nm", dir) == -1)
		err(1, NULL);
	if ((f = fopen(path, "w")) == NULL)
		err(1, "%s", path);
	for (i = 0; i < n; i++)
		fprintf(f, "%016" PRIx64 " T %s+0x%" PRIx64 "\n", v[i], base,
		    v[i]);
	if (fclose(f) == EOF)
		err(1, "%s", path);
	addarg(&gpargs, "--external-symbol-table=%s", path);
	free(path);
	free(v);
	return 0;
}

/* -m perf: perf script's text of the recording, then gp's report. */
static int
runperf(FILE *out, const char *name)
{
	struct args a = { NULL, 0, 0 };
	char *data, *txt;
	pid_t pid;
	int st, fd;

	if (asprintf(&data, "%s/perf.data", dir) == -1 ||
	    asprintf(&txt, "%s/perf.txt", dir) == -1)
		err(1, NULL);
	if (access(data, R_OK) == -1) {
		warnx("%s: perf recorded nothing", name);
		free(data);
		free(txt);
		return 1;
	}
	fflush(NULL);
	switch (pid = fork()) {
	case -1:
		err(1, "fork");
	case 0:
		if ((fd = open(txt, O_WRONLY | O_CREAT | O_TRUNC, 0644)) ==
		    -1 || dup2(fd, STDOUT_FILENO) == -1)
			err(127, "%s", txt);
		execlp("perf", "perf", "script", "-i", data, (char *)NULL);
		err(127, "perf");
	}
	while (waitpid(pid, &st, 0) == -1)
		if (errno != EINTR)
			err(1, "waitpid");
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		warnx("%s: perf script failed", data);
		free(data);
		free(txt);
		return 1;
	}
	addarg(&a, "%s", txt);
	st = gp(out, topexe, &a);
	freeargs(&a);
	free(data);
	free(txt);
	return st;
}

/* The temporary directory and what the run left in it. */
static void
cleanup(void)
{
	struct dirent *de;
	DIR *dp;
	int fd;

	if (dir == NULL || (fd = open(dir, O_RDONLY | O_DIRECTORY)) == -1)
		return;
	if ((dp = fdopendir(fd)) == NULL) {
		close(fd);
		return;
	}
	while ((de = readdir(dp)) != NULL)
		if (strcmp(de->d_name, ".") != 0 &&
		    strcmp(de->d_name, "..") != 0)
			(void)unlinkat(fd, de->d_name, 0);
	closedir(dp);
	(void)rmdir(dir);
}

static void
usage(void)
{
	fprintf(stderr, "usage: %s [-as] [-c collectors] [-d dir] "
	    "[-m pg | fi | sample | perf] [-o format]\n"
	    "\t[-O file] [-p pid] [gprof's report options] [--] "
	    "prog [arg ...]\n", progname);
	exit(1);
}
