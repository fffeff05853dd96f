/*
 * gp-top: the profile of a running program that gprt(3) profiles, read
 * from its companion file every few seconds and shown as gp-view shows a
 * finished one, with each function's calls and times in the last
 * interval first.
 *
 * A snapshot is a copy of the file taken through a read-only shared
 * mapping, word by word in ascending order, each 64-bit word with one
 * load: no count is torn, and a block's count of entries is read before
 * its entries, which the runtime fills before it counts them (hooks.c),
 * so no arc is seen without its function.  A copy caught between two of
 * the runtime's stores that the reader finds inconsistent (a frame
 * naming an arc the copy of its block does not count yet) is taken
 * again (gp_gprt_loadbuf()).  The snapshot goes through the pipeline as
 * gmon-cat -t would read it, in this process; the symbol layer is
 * gp-sym's, run once for each set of the program's objects.
 */
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "analysis/profile.h"
#include "gprt/companion.h"
#include "plugin/record.h"
#include "report/browse.h"
#include "stream/stream.h"
#include "tui.h"

#define TRIES	20		/* copies of an inconsistent file */

static void	usage(void) __attribute__((__noreturn__));

struct top {
	char		*comp;		/* the companion file */
	pid_t		 pid;		/* the program's, or 0 */
	char		*exe;		/* its executable */
	char		*symtext;	/* gp-sym's records for nobjs objects */
	size_t		 nobjs;
	size_t		 nsymtext;
	struct gp_prof	*cur, *prev, *old;
	uint64_t	 thread;
	double		 t0, tlast;	/* when started, last snapshot */
	int		 ended;		/* 1 exited, 2 killed */
	int		 nthreads;
	uint64_t	 rpid;		/* the run's pid, from the file */
	double		 runsecs;
	struct tui	*tui;
};

static void	topfree(struct top *);

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The companion file that process pid holds open or mapped. */
static char *
findcomp(pid_t pid)
{
	char dir[64], path[PATH_MAX + 64], link[PATH_MAX];
	struct dirent *d;
	DIR *dp;
	FILE *f;
	char *line = NULL, *p;
	size_t cap = 0, n;
	ssize_t len;

	snprintf(dir, sizeof(dir), "/proc/%ld", (long)pid);
	if (access(dir, F_OK) == -1)
		errx(1, "process %ld: no such process", (long)pid);
	snprintf(dir, sizeof(dir), "/proc/%ld/fd", (long)pid);
	if ((dp = opendir(dir)) == NULL) {
		if (errno == EACCES || errno == EPERM)
			errx(1, "process %ld: not ours: its files cannot be "
			    "read (%s)", (long)pid, strerror(errno));
		errx(1, "process %ld: no such process", (long)pid);
	}
	while ((d = readdir(dp)) != NULL) {
		snprintf(path, sizeof(path), "%s/%s", dir, d->d_name);
		if ((len = readlink(path, link, sizeof(link) - 1)) <= 0)
			continue;
		link[len] = '\0';
		n = strlen(link);
		if (n > 5 && strcmp(link + n - 5, ".gprt") == 0 &&
		    link[0] == '/') {
			closedir(dp);
			return gp_xstrdup(link);
		}
	}
	closedir(dp);
	/* a descriptor closed, the mapping kept */
	snprintf(path, sizeof(path), "/proc/%ld/maps", (long)pid);
	if ((f = fopen(path, "r")) != NULL) {
		while (getline(&line, &cap, f) != -1) {
			line[strcspn(line, "\n")] = '\0';
			if ((p = strchr(line, '/')) == NULL)
				continue;
			n = strlen(p);
			if (n > 5 && strcmp(p + n - 5, ".gprt") == 0) {
				p = gp_xstrdup(p);
				free(line);
				fclose(f);
				return p;
			}
		}
		free(line);
		fclose(f);
	}
	errx(1, "process %ld: not profiled by gprt(3): it holds no "
	    "companion file (.gprt)", (long)pid);
}

/*
 * A copy of the file, each 64-bit word loaded once, in ascending order:
 * *size bytes, malloc'd; NULL if it cannot be read (errno set).
 */
static unsigned char *
copyfile(const char *path, size_t *size)
{
	struct stat st;
	const volatile uint64_t *src;
	uint64_t *dst;
	size_t i, n;
	void *map;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return NULL;
	if (fstat(fd, &st) == -1) {
		close(fd);
		return NULL;
	}
	n = (size_t)st.st_size / 8;
	dst = gp_xcalloc(n + 1, 8);
	if (n > 0) {
		map = mmap(NULL, n * 8, PROT_READ, MAP_SHARED, fd, 0);
		if (map == MAP_FAILED) {
			close(fd);
			free(dst);
			return NULL;
		}
		src = map;
		for (i = 0; i < n; i++)
			dst[i] = __atomic_load_n(&src[i], __ATOMIC_ACQUIRE);
		munmap(map, n * 8);
	}
	close(fd);
	*size = n * 8;
	return (unsigned char *)dst;
}

/* The program's companion file read consistently, or NULL and why. */
static struct gp_gprt *
snapshot(const struct top *tp, char *msg, size_t msglen)
{
	struct gp_gprt *g;
	unsigned char *buf;
	size_t size;
	int i;

	for (i = 0; i < TRIES; i++) {
		if ((buf = copyfile(tp->comp, &size)) == NULL) {
			snprintf(msg, msglen, "%s: %s", tp->comp,
			    strerror(errno));
			return NULL;
		}
		g = gp_gprt_loadbuf(tp->comp, buf, size, msg, msglen);
		free(buf);
		if (g != NULL)
			return g;
		/* a version or magic no retry changes */
		if (strstr(msg, "not supported") != NULL ||
		    strstr(msg, "bad magic") != NULL ||
		    strstr(msg, "byte-order") != NULL)
			return NULL;
		usleep(2000);
	}
	return NULL;
}

/* Has the program ended?  0 no, 1 exit(3) ran, 2 killed or crashed. */
static int
ended(const struct top *tp, const struct gp_gprt *g)
{
	int fd, held;

	if (g->hdr.state == GPRT_EXITED)
		return 1;
	if (tp->pid != 0 && kill(tp->pid, 0) == -1 && errno == ESRCH)
		return 2;
	/* the runtime locks the file for its life (gprt(3)) */
	if ((fd = open(tp->comp, O_RDONLY | O_CLOEXEC)) == -1)
		return 0;
	held = flock(fd, LOCK_SH | LOCK_NB) == -1 && errno == EWOULDBLOCK;
	close(fd);
	return held ? 0 : 2;
}

/* gp-sym's symbol layer for the stream in fd: its records, as text. */
static void
symlayer(struct top *tp, int fd)
{
	char *argv[3], *line = NULL;
	size_t cap = 0, len = 0, k;
	FILE *out, *f;
	ssize_t n;
	pid_t pid;
	int status;

	if ((out = tmpfile()) == NULL)
		err(1, "tmpfile");
	argv[0] = gp_xstrdup("gp-sym");
	argv[1] = tp->exe;
	argv[2] = NULL;
	fflush(NULL);
	if ((pid = fork()) == -1)
		err(1, "fork");
	if (pid == 0) {
		if (dup2(fd, STDIN_FILENO) == -1 ||
		    dup2(fileno(out), STDOUT_FILENO) == -1)
			_exit(127);
		gp_execstage("gp-top", "gp-sym", argv);
	}
	free(argv[0]);
	while (waitpid(pid, &status, 0) == -1)
		if (errno != EINTR)
			err(1, "waitpid");
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		exit(1);	/* gp-sym said why */
	free(tp->symtext);
	tp->symtext = NULL;
	rewind(out);
	f = out;
	while ((n = getline(&line, &cap, f)) != -1) {
		k = strcspn(line, "\t");
		if (!((k == 3 && strncmp(line, "exe", 3) == 0) ||
		    (k == 3 && strncmp(line, "sym", 3) == 0) ||
		    (k == 3 && strncmp(line, "obj", 3) == 0) ||
		    (k == 4 && strncmp(line, "osym", 4) == 0)))
			continue;
		tp->symtext = gp_xreallocarray(tp->symtext, len + (size_t)n +
		    1, 1);
		memcpy(tp->symtext + len, line, (size_t)n);
		len += (size_t)n;
	}
	free(line);
	fclose(out);
	tp->nsymtext = len;
}

/* The snapshot g as a profile in memory, its symbols gp-sym's. */
static struct gp_prof *
profile(struct top *tp, struct gp_gprt *g)
{
	struct gp_writer *w;
	struct gp_reader *r;
	struct gp_prof *p;
	FILE *tmp;
	int fd;

	if ((tmp = tmpfile()) == NULL)
		err(1, "tmpfile");
	if ((fd = dup(fileno(tmp))) == -1)
		err(1, "dup");
	w = gp_wopen(fd);
	gp_gprt_emit(g, w, GP_GPRT_RAW);
	gp_wclose(w);
	if (tp->exe == NULL && g->nobjs > 0)
		tp->exe = gp_xstrdup(g->objs[0].path);
	if (tp->exe != NULL && (tp->symtext == NULL ||
	    g->nobjs != tp->nobjs)) {
		if (lseek(fd, 0, SEEK_SET) == -1)
			err(1, "lseek");
		symlayer(tp, fd);
		tp->nobjs = g->nobjs;
	}
	if (lseek(fd, 0, SEEK_END) == -1)
		err(1, "lseek");
	if (tp->nsymtext > 0)
		gp_xwrite(fd, tp->symtext, tp->nsymtext, "snapshot");
	if (lseek(fd, 0, SEEK_SET) == -1)
		err(1, "lseek");
	p = gp_xcalloc(1, sizeof(*p));
	r = gp_ropen(fd, tp->comp);
	gp_stage_read(r, p, GP_L_RAW | GP_L_SYM, 0, NULL);
	gp_rclose(r);
	fclose(tmp);
	return p;
}

/* An empty profile's model: a program that has not named a function. */
static struct gp_browse *
model(struct gp_prof *p, uint64_t thread)
{
	struct gp_browse *b;

	if (p->sym != NULL)
		return gp_browse_make(p, thread);
	b = gp_xcalloc(1, sizeof(*b));
	b->hz = 1;
	b->total = 1;
	b->notime = 1;
	snprintf(b->dimen, sizeof(b->dimen), "seconds");
	b->list = gp_xcalloc(1, sizeof(*b->list));
	return b;
}

static void
status(struct top *tp, const struct gp_browse *b, char *buf, size_t n)
{
	snprintf(buf, n, "%spid %ju, %d thread%s, %.0f calls/s",
	    tp->ended == 1 ? "EXITED, " : tp->ended == 2 ?
	    "ENDED without exit (killed?), " : "",
	    (uintmax_t)tp->rpid, tp->nthreads, tp->nthreads == 1 ? "" : "s",
	    b->interval > 0 ? (double)b->dcalls / b->interval : 0.0);
}

/*
 * A new snapshot's model, since the last one; NULL (the one shown
 * kept) when the file cannot be read consistently.
 */
static struct gp_browse *
take(struct top *tp, const struct gp_browse *before, char *msg,
    size_t msglen)
{
	struct gp_browse *b;
	struct gp_gprt *g;
	struct gp_prof *p;
	struct timespec rt;
	double t, run;

	if ((g = snapshot(tp, msg, msglen)) == NULL)
		return NULL;
	/* the first interval is the run's so far */
	clock_gettime(CLOCK_REALTIME, &rt);
	run = g->hdr.state == GPRT_EXITED && g->hdr.end_ns > g->hdr.cal0_ns ?
	    (double)(g->hdr.end_ns - g->hdr.cal0_ns) / 1e9 :
	    (double)rt.tv_sec - (double)g->hdr.start_sec;
	tp->ended = ended(tp, g);
	tp->rpid = g->hdr.pid;
	tp->nthreads = (int)g->nthreads;
	p = profile(tp, g);
	gp_gprt_free(g);
	b = model(p, tp->thread);
	t = now();
	gp_browse_since(b, before, before != NULL ? t - tp->tlast :
	    run > 0 ? run : t - tp->t0);
	tp->tlast = t;
	if (tp->old != NULL) {
		gp_prof_free(tp->old);
		free(tp->old);
	}
	tp->old = tp->prev;
	tp->prev = tp->cur;
	tp->cur = p;
	return b;
}

static struct gp_browse *
tick(struct tui *t)
{
	struct top *tp = t->arg;
	struct gp_browse *b;
	char msg[256];

	if (tp->ended)
		return NULL;
	if ((b = take(tp, t->b, msg, sizeof(msg))) == NULL) {
		snprintf(t->status, sizeof(t->status), "%s", msg);
		return NULL;
	}
	status(tp, b, t->status, sizeof(t->status));
	if (tp->ended)
		t->paused = 0;
	free(t->threads);
	t->nthreads = gp_browse_threads(tp->cur, &t->threads);
	return b;
}

/* Another thread's model, with its interval from the snapshot before. */
static struct gp_browse *
make(void *arg, uint64_t thread)
{
	struct top *tp = arg;
	struct gp_browse *b, *o = NULL;

	tp->thread = thread;
	b = model(tp->cur, thread);
	if (tp->prev != NULL)
		o = model(tp->prev, thread);
	gp_browse_since(b, o, tp->tui->b->interval);
	gp_browse_free(o);
	return b;
}

static void
batch(struct top *tp, struct gp_browse *b, int n)
{
	char line[4096], th[64];
	size_t i;

	status(tp, b, line, sizeof(line));
	tui_threadname(tp->tui, th, sizeof(th));
	printf("%s: %s, snapshot %d, %.2f s after the last, thread %s\n\n",
	    tp->comp, line, n, b->interval, th);
	gp_browse_head(b, 0, line, sizeof(line));
	printf("%s\n", line);
	gp_browse_head(b, 1, line, sizeof(line));
	printf("%s\n", line);
	for (i = 0; i < b->nlist; i++) {
		gp_browse_line(b, b->list[i], line, sizeof(line));
		printf("%s\n", line);
	}
	printf("\n");
	if (fflush(stdout) == EOF || ferror(stdout))
		err(1, "stdout");
}

static void
sleepsecs(double s)
{
	struct timespec ts;

	ts.tv_sec = (time_t)s;
	ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) == -1 && errno == EINTR)
		continue;
}

int
main(int argc, char *argv[])
{
	struct top top, *tp = &top;
	struct gp_browse *b, *nb;
	struct tui t;
	char msg[256], exe[64];
	double delay = 1.0;
	uint64_t v, nsnap = 0;
	int bflag = 0, ch, i, rc;

	gp_record_attach();
	memset(tp, 0, sizeof(*tp));
	memset(&t, 0, sizeof(t));
	t.prog = "gp-top";
	while ((ch = getopt(argc, argv, "bd:f:n:p:s:t:V")) != -1)
		switch (ch) {
		case 'b':
			bflag = 1;
			break;
		case 'd':
			if (gp_parsedbl(optarg, &delay) == -1 ||
			    !(delay >= 0.1 && delay <= 3600))
				errx(1, "-d %s: not a number of seconds from "
				    "0.1 to 3600", optarg);
			break;
		case 'f':
			snprintf(t.filter, sizeof(t.filter), "%s", optarg);
			break;
		case 'n':
			if (gp_parseu64(optarg, &nsnap) == -1 || nsnap == 0 ||
			    nsnap > INT_MAX)
				errx(1, "-n %s: not a number from 1", optarg);
			break;
		case 'p':
			if (gp_parseu64(optarg, &v) == -1 || v == 0 ||
			    v > INT_MAX)
				errx(1, "-p %s: not a process ID", optarg);
			tp->pid = (pid_t)v;
			break;
		case 's':
			t.sort = tui_column(optarg);
			break;
		case 't':
			if (gp_parseu64(optarg, &tp->thread) == -1 ||
			    tp->thread == 0)
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
	if ((tp->pid != 0) == (argc == 1) || argc > 1)
		usage();
	if (!bflag && !isatty(STDOUT_FILENO))
		bflag = 1;
	if (tp->pid != 0) {
		tp->comp = findcomp(tp->pid);
		snprintf(exe, sizeof(exe), "/proc/%ld/exe", (long)tp->pid);
		tp->exe = realpath(exe, NULL);
	} else
		tp->comp = gp_xstrdup(argv[0]);
	if (access(tp->comp, R_OK) == -1)
		err(1, "%s", tp->comp);

	tp->t0 = now();
	tp->tui = &t;
	if ((b = take(tp, NULL, msg, sizeof(msg))) == NULL)
		errx(1, "%s", msg);
	t.title = strrchr(tp->comp, '/') != NULL ? strrchr(tp->comp, '/') + 1 :
	    tp->comp;
	t.b = b;
	t.arg = tp;
	t.make = make;
	t.tick = tick;
	t.delay = (int)(delay * 1000);
	t.canpause = 1;
	t.nthreads = gp_browse_threads(tp->cur, &t.threads);
	status(tp, b, t.status, sizeof(t.status));
	if (tp->thread != 0)
		for (i = 0; i < (int)t.nthreads; i++)
			if (t.threads[i].slot == tp->thread)
				t.pick = (size_t)i + 1;
	if (bflag) {
		gp_browse_sort(b, t.sort);
		gp_browse_filter(b, *t.filter != '\0' ? t.filter : NULL);
		for (i = 1;; i++) {
			batch(tp, t.b, i);
			if (tp->ended || (nsnap != 0 && (uint64_t)i >= nsnap))
				break;
			sleepsecs(delay);
			if ((nb = tick(&t)) == NULL)
				continue;
			gp_browse_sort(nb, t.sort);
			gp_browse_filter(nb, *t.filter != '\0' ? t.filter :
			    NULL);
			gp_browse_free(t.b);
			t.b = nb;
		}
		rc = 0;
	} else
		rc = tui_run(&t);
	gp_browse_free(t.b);
	free(t.threads);
	topfree(tp);
	return rc;
}

/* What a top holds, freed: its snapshots' profiles and names. */
static void
topfree(struct top *tp)
{
	struct gp_prof *v[3];
	int i;

	v[0] = tp->cur;
	v[1] = tp->prev;
	v[2] = tp->old;
	for (i = 0; i < 3; i++)
		if (v[i] != NULL) {
			gp_prof_free(v[i]);
			free(v[i]);
		}
	free(tp->comp);
	free(tp->exe);
	free(tp->symtext);
}

static void
usage(void)
{
	fprintf(stderr,
	    "usage: gp-top [-b] [-d secs] [-f text] [-n count] [-s column] "
	    "[-t thread]\n"
	    "              -p pid | file\n");
	exit(1);
}
