/*
 * gp-view: browse a finished profile in the terminal: a gp-stream(5)
 * (from a file or the standard input), or an executable and its gmon.out
 * files as gp(1) takes them.
 *
 * A stream is read and analysed in this process (gp_stage_read() and the
 * model of libgp/report/browse.c, which runs gp_analyse(): gp-hist's and
 * gp-arcs' steps).  An executable and its profiles go through gmon-cat
 * -t and gp-sym first, run as child processes as gp runs them: which
 * files a profile is (a gmon.out, its companion file, another
 * profiler's) and which objects' symbols it needs is decided in those
 * commands, not in libgp, and is not written twice.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/profile.h"
#include "plugin/record.h"
#include "report/browse.h"
#include "stream/stream.h"
#include "tui.h"

static void	usage(void) __attribute__((__noreturn__));

static struct gp_prof prof;

static pid_t
spawn(const char *name, char *const argv[], int in, int out, int errfd)
{
	pid_t pid;

	fflush(NULL);
	switch (pid = fork()) {
	case -1:
		err(1, "fork");
	case 0:
		if ((in != STDIN_FILENO && dup2(in, STDIN_FILENO) == -1) ||
		    dup2(out, STDOUT_FILENO) == -1 ||
		    dup2(errfd, STDERR_FILENO) == -1)
			_exit(127);
		gp_execstage("gp-view", name, argv);
	}
	return pid;
}

/* A stage's messages to our standard error; its exit status. */
static int
finish(pid_t pid, FILE *errf)
{
	char buf[4096];
	size_t n;
	int status;

	while (waitpid(pid, &status, 0) == -1)
		if (errno != EINTR)
			err(1, "waitpid");
	rewind(errf);
	while ((n = fread(buf, 1, sizeof(buf), errf)) > 0)
		fwrite(buf, 1, n, stderr);
	fclose(errf);
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 1;
}

/*
 * gmon-cat -t PROFILES | gp-sym IMAGE into a file: the stream of
 * symbols; a stage that fails has its message printed, the first only,
 * and gp-view exits 1.
 */
static int
pipeline(char *image, char **profiles, int nprof, int lflag)
{
	static char defprof[] = "gmon.out", lopt[] = "-l";
	char **cat, *sym[4];
	FILE *e1, *e2, *out;
	pid_t p1, p2;
	int fd[2], i, s1, s2;

	cat = gp_xcalloc((size_t)nprof + 4, sizeof(*cat));
	cat[0] = gp_xstrdup("gmon-cat");
	cat[1] = gp_xstrdup("-t");
	for (i = 0; i < nprof; i++)
		cat[2 + i] = profiles[i];
	if (nprof == 0)
		cat[2] = defprof;
	sym[0] = gp_xstrdup("gp-sym");
	i = 1;
	if (lflag)
		sym[i++] = lopt;
	sym[i++] = image;
	sym[i] = NULL;
	if ((e1 = tmpfile()) == NULL || (e2 = tmpfile()) == NULL ||
	    (out = tmpfile()) == NULL)
		err(1, "tmpfile");
	if (pipe(fd) == -1)
		err(1, "pipe");
	p1 = spawn("gmon-cat", cat, STDIN_FILENO, fd[1], fileno(e1));
	close(fd[1]);
	p2 = spawn("gp-sym", sym, fd[0], fileno(out), fileno(e2));
	close(fd[0]);
	s1 = finish(p1, e1);
	if (s1 != 0) {
		/* gp-sym's complaint about an empty stream says nothing */
		waitpid(p2, NULL, 0);
		fclose(e2);
		exit(1);
	}
	s2 = finish(p2, e2);
	if (s2 != 0)
		exit(1);
	free(cat[0]);
	free(cat[1]);
	free(cat);
	free(sym[0]);
	if ((i = dup(fileno(out))) == -1)
		err(1, "dup");
	fclose(out);
	if (lseek(i, 0, SEEK_SET) == -1)
		err(1, "lseek");
	return i;
}

/* Does the file begin as a stream does? */
static int
isstream(const char *path)
{
	char buf[sizeof(GP_STREAM_MAGIC)];
	FILE *f;
	size_t n;

	if ((f = fopen(path, "r")) == NULL)
		err(1, "%s", path);
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	return n == sizeof(buf) && memcmp(buf, GP_STREAM_MAGIC,
	    sizeof(buf) - 1) == 0 && buf[sizeof(buf) - 1] == '\t';
}

static struct gp_browse *
make(void *arg, uint64_t thread)
{
	return gp_browse_make(arg, thread);
}

static void
batch(const struct tui *t, const char *entry)
{
	const struct gp_browse *b = t->b;
	char line[4096], th[64];
	size_t i, n, r = GP_BR_NONE, self;

	if (entry != NULL && (r = gp_browse_find(b, entry)) == GP_BR_NONE)
		errx(1, "%s: no function %s", t->title, entry);
	gp_browse_summary(b, line, sizeof(line));
	printf("%s: %s", t->title, line);
	if (t->nthreads > 0) {
		tui_threadname(t, th, sizeof(th));
		printf(", thread %s of %zu", th, t->nthreads);
	}
	printf(", sorted by %s", gp_browse_colname(b, b->sort));
	if (b->filter != NULL)
		printf(", names with \"%s\"", b->filter);
	printf("\n\n");
	if (entry != NULL) {
		gp_browse_entryhead(b, line, sizeof(line));
		printf("%s\n", line);
		n = gp_browse_entrylen(b, r, &self);
		for (i = 0; i < n; i++) {
			gp_browse_entryline(b, r, i, line, sizeof(line));
			printf("%s\n", line);
		}
	} else {
		gp_browse_head(b, 0, line, sizeof(line));
		printf("%s\n", line);
		gp_browse_head(b, 1, line, sizeof(line));
		printf("%s\n", line);
		for (i = 0; i < b->nlist; i++) {
			gp_browse_line(b, b->list[i], line, sizeof(line));
			printf("%s\n", line);
		}
	}
	if (fflush(stdout) == EOF || ferror(stdout))
		err(1, "stdout");
}

int
main(int argc, char *argv[])
{
	struct gp_reader *r;
	struct tui t;
	const char *entry = NULL, *name;
	uint64_t thread = 0;
	size_t i;
	int bflag = 0, lflag = 0, ch, fd;

	gp_record_attach();
	memset(&t, 0, sizeof(t));
	t.prog = "gp-view";
	while ((ch = getopt(argc, argv, "be:f:ls:t:V")) != -1)
		switch (ch) {
		case 'b':
			bflag = 1;
			break;
		case 'e':
			entry = optarg;
			break;
		case 'f':
			snprintf(t.filter, sizeof(t.filter), "%s", optarg);
			break;
		case 'l':
			lflag = 1;
			break;
		case 's':
			t.sort = tui_column(optarg);
			break;
		case 't':
			if (gp_parseu64(optarg, &thread) == -1 || thread == 0)
				errx(1, "-t %s: not a thread number from 1",
				    optarg);
			break;
		case 'V':
			gp_version();
		default:
			usage();
		}
	argc -= optind;
	argv += optind;
	if (!bflag && !isatty(STDOUT_FILENO))
		bflag = 1;

	/* A stream, or an image and its profiles as gp takes them. */
	if (argc == 0 && !isatty(STDIN_FILENO)) {
		name = "<stdin>";
		r = gp_ropen(STDIN_FILENO, name);
	} else if (argc == 1 && strcmp(argv[0], "-") == 0) {
		name = "<stdin>";
		r = gp_ropen(STDIN_FILENO, name);
	} else if (argc == 1 && isstream(argv[0])) {
		name = argv[0];
		r = gp_ropenfile(name);
	} else {
		static char aout[] = "a.out";

		name = argc > 0 ? argv[0] : aout;
		fd = pipeline(argc > 0 ? argv[0] : aout, argv + 1,
		    argc > 1 ? argc - 1 : 0, lflag);
		r = gp_ropen(fd, name);
	}
	memset(&prof, 0, sizeof(prof));
	gp_stage_read(r, &prof, GP_L_RAW | GP_L_SYM | GP_L_CREDIT |
	    GP_L_GRAPH | GP_L_DIFF, 0, NULL);
	gp_rclose(r);
	if (prof.diff == NULL && prof.sym == NULL)
		errx(1, "%s: no symbol layer in the stream: run it through "
		    "gp-sym", name);

	t.title = name;
	t.nthreads = gp_browse_threads(&prof, &t.threads);
	if (thread != 0) {
		for (i = 0; i < t.nthreads; i++)
			if (t.threads[i].slot == thread)
				t.pick = i + 1;
		if (t.pick == 0)
			errx(1, "%s: no thread %ju in the profile%s", name,
			    (uintmax_t)thread, t.nthreads == 0 ?
			    " (its threads are merged: gmon-cat -t keeps them)"
			    : "");
	}
	t.b = gp_browse_make(&prof, thread);
	if (lflag && !t.b->lines)
		errx(1, "%s: -l: the stream has no source lines: make it "
		    "with gp-sym -l", name);
	t.make = make;
	t.arg = &prof;
	if (bflag) {
		gp_browse_sort(t.b, t.sort);
		if (*t.filter != '\0')
			gp_browse_filter(t.b, t.filter);
		batch(&t, entry);
		ch = 0;
	} else {
		if (entry != NULL)
			errx(1, "-e: only in batch mode (-b)");
		ch = tui_run(&t);
	}
	gp_browse_free(t.b);
	free(t.threads);
	gp_prof_free(&prof);
	return ch;
}

static void
usage(void)
{
	fprintf(stderr,
	    "usage: gp-view [-bl] [-e name] [-f text] [-s column] [-t thread]\n"
	    "               [file | image [profile ...]]\n");
	exit(1);
}
