/*
 * The fuzz targets' harness: libgp's fatal errors turned into a return
 * to the target, and libgp's memory and files tracked per input (see
 * fuzz.h for why).
 *
 * Only libgp's own calls come here: the Makefile renames the symbols in
 * libgp's objects, not in libFuzzer's or the sanitizers', so that their
 * exit(3) and malloc(3) keep their meaning.
 */
#include <sys/mman.h>
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "plugin/format.h"
#include "plugin/record.h"

/* The renamed functions: prototypes for -Wmissing-prototypes. */
void	 fuzz_exit(int) __attribute__((__noreturn__));
void	 fuzz_err(int, const char *, ...) __attribute__((__noreturn__));
void	 fuzz_errx(int, const char *, ...) __attribute__((__noreturn__));
void	 fuzz_verr(int, const char *, va_list) __attribute__((__noreturn__));
void	 fuzz_verrx(int, const char *, va_list) __attribute__((__noreturn__));
void	*fuzz_malloc(size_t);
void	*fuzz_calloc(size_t, size_t);
void	*fuzz_realloc(void *, size_t);
void	*fuzz_reallocarray(void *, size_t, size_t);
void	 fuzz_free(void *);
char	*fuzz_strdup(const char *);
char	*fuzz_strndup(const char *, size_t);
int	 fuzz_asprintf(char **, const char *, ...);
int	 fuzz_open(const char *, int, ...);
int	 fuzz_close(int);
FILE	*fuzz_fopen(const char *, const char *);
int	 fuzz_fclose(FILE *);

int	 fuzz_plugopen(const char *, int, ...);

int		 fuzz_devnull = -1;

static jmp_buf	*cur;		/* innermost fuzz_try() */
static int	 armed;		/* between fuzz_begin() and fuzz_end() */
static int	 verbose;	/* FUZZ_VERBOSE: libgp's messages shown */

/* ------------------------------------------------------------------ */
/* Fatal errors.                                                       */

int
fuzz_try(void (*fn)(void *), void *arg)
{
	jmp_buf jb, *prev = cur;

	if (setjmp(jb) != 0) {
		cur = prev;
		return 1;
	}
	cur = &jb;
	fn(arg);
	cur = prev;
	return 0;
}

/* libgp gave up: back to fuzz_try(), or a real exit outside of one. */
static void __attribute__((__noreturn__))
unwind(int status)
{
	if (cur == NULL)
		exit(status);
	longjmp(*cur, 1);
}

void
fuzz_exit(int status)
{
	unwind(status);
}

void
fuzz_verr(int status, const char *fmt, va_list ap)
{
	if (verbose || cur == NULL)
		vwarn(fmt, ap);
	unwind(status);
}

void
fuzz_verrx(int status, const char *fmt, va_list ap)
{
	if (verbose || cur == NULL)
		vwarnx(fmt, ap);
	unwind(status);
}

void
fuzz_err(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fuzz_verr(status, fmt, ap);
}

void
fuzz_errx(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fuzz_verrx(status, fmt, ap);
}

/* ------------------------------------------------------------------ */
/* Allocations: a hash set of the blocks libgp holds for this input.   */

static void	**tab;		/* open addressing, linear probing */
static size_t	 tabbits, tabn;

#define TABMIN	10		/* 1024 slots */

static size_t
home(const void *p)
{
	return (size_t)(((uintptr_t)p >> 4) * 0x9e3779b97f4a7c15ULL >>
	    (64 - tabbits));
}

static void
tabinit(size_t bits)
{
	tabbits = bits;
	tabn = 0;
	if ((tab = calloc((size_t)1 << bits, sizeof(*tab))) == NULL)
		abort();
}

static void
tabadd(void *p)
{
	void **old;
	size_t i, mask, n;

	if (!armed || p == NULL)
		return;
	if (tab == NULL)
		tabinit(TABMIN);
	if (2 * (tabn + 1) > (size_t)1 << tabbits) {
		old = tab;
		n = (size_t)1 << tabbits;
		tabinit(tabbits + 1);
		for (i = 0; i < n; i++)
			if (old[i] != NULL)
				tabadd(old[i]);
		free(old);
	}
	mask = ((size_t)1 << tabbits) - 1;
	for (i = home(p); tab[i] != NULL; i = (i + 1) & mask)
		if (tab[i] == p)
			return;
	tab[i] = p;
	tabn++;
}

/* Forget p if held; deletion by backward shift keeps probing exact. */
static void
tabdel(void *p)
{
	size_t i, j, k, mask;

	if (tab == NULL || p == NULL)
		return;
	mask = ((size_t)1 << tabbits) - 1;
	for (i = home(p); tab[i] != p; i = (i + 1) & mask)
		if (tab[i] == NULL)
			return;
	for (j = i;;) {
		j = (j + 1) & mask;
		if (tab[j] == NULL)
			break;
		k = home(tab[j]);
		/* tab[j] stays if its home lies cyclically in (i, j]. */
		if (i <= j ? (i < k && k <= j) : (i < k || k <= j))
			continue;
		tab[i] = tab[j];
		i = j;
	}
	tab[i] = NULL;
	tabn--;
}

void *
fuzz_malloc(size_t n)
{
	void *p = malloc(n);

	tabadd(p);
	return p;
}

void *
fuzz_calloc(size_t n, size_t sz)
{
	void *p = calloc(n, sz);

	tabadd(p);
	return p;
}

void *
fuzz_realloc(void *o, size_t n)
{
	void *p;

	if ((p = realloc(o, n)) != NULL || n == 0)
		tabdel(o);
	tabadd(p);
	return p;
}

/* Not glibc's: it would allocate where the sanitizers cannot see. */
void *
fuzz_reallocarray(void *o, size_t n, size_t sz)
{
	if (sz != 0 && n > SIZE_MAX / sz) {
		errno = ENOMEM;
		return NULL;
	}
	return fuzz_realloc(o, n * sz);
}

void
fuzz_free(void *p)
{
	tabdel(p);
	free(p);
}

char *
fuzz_strdup(const char *s)
{
	char *p = strdup(s);

	tabadd(p);
	return p;
}

char *
fuzz_strndup(const char *s, size_t n)
{
	char *p = strndup(s, n);

	tabadd(p);
	return p;
}

int
fuzz_asprintf(char **sp, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vasprintf(sp, fmt, ap);
	va_end(ap);
	if (n >= 0)
		tabadd(*sp);
	return n;
}

/* ------------------------------------------------------------------ */
/* Descriptors and streams libgp opens.                                */

#define NOPEN	64

static int	 fds[NOPEN];
static FILE	*fps[NOPEN];

int
fuzz_open(const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode = 0;
	int fd, i;

	if (flags & O_CREAT) {
		va_start(ap, flags);
		mode = (mode_t)va_arg(ap, int);
		va_end(ap);
	}
	if ((fd = open(path, flags, mode)) >= 0 && armed)
		for (i = 0; i < NOPEN; i++)
			if (fds[i] < 0) {
				fds[i] = fd;
				break;
			}
	return fd;
}

int
fuzz_close(int fd)
{
	int i;

	for (i = 0; i < NOPEN; i++)
		if (fds[i] == fd)
			fds[i] = -1;
	return close(fd);
}

FILE *
fuzz_fopen(const char *path, const char *mode)
{
	FILE *fp;
	int i;

	if ((fp = fopen(path, mode)) != NULL && armed)
		for (i = 0; i < NOPEN; i++)
			if (fps[i] == NULL) {
				fps[i] = fp;
				break;
			}
	return fp;
}

int
fuzz_fclose(FILE *fp)
{
	int i;

	for (i = 0; i < NOPEN; i++)
		if (fps[i] == fp)
			fps[i] = NULL;
	return fclose(fp);
}

/* ------------------------------------------------------------------ */
/* The plugins' objects.                                               */

#define OBJPREFIX	"/gp-fuzz/"

/*
 * The input plugins' open(2) (the Makefile renames their calls): a path
 * under /gp-fuzz/ is one of the objects built into objs/ next to the
 * targets, which the input targets' seeds name in place of the program
 * they were recorded on, so that an input's objects are read at a small
 * program's cost (libc's symbols, from its debug file, take 40 ms under
 * the sanitizers); any other path is opened as it is.
 */
int
fuzz_plugopen(const char *path, int flags, ...)
{
	static char dir[PATH_MAX];
	char buf[PATH_MAX], *slash;
	ssize_t n;
	va_list ap;
	mode_t mode = 0;

	if (flags & O_CREAT) {
		va_start(ap, flags);
		mode = (mode_t)va_arg(ap, int);
		va_end(ap);
	}
	if (strncmp(path, OBJPREFIX, strlen(OBJPREFIX)) != 0)
		return open(path, flags, mode);
	if (dir[0] == '\0') {
		if ((n = readlink("/proc/self/exe", dir, sizeof(dir) - 1)) <= 0)
			fuzz_fail("readlink /proc/self/exe");
		dir[n] = '\0';
		if ((slash = strrchr(dir, '/')) != NULL)
			*slash = '\0';
	}
	if (snprintf(buf, sizeof(buf), "%s/objs/%s", dir,
	    path + strlen(OBJPREFIX)) >= (int)sizeof(buf)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return open(buf, flags, mode);
}

/* ------------------------------------------------------------------ */
/* Inputs.                                                             */

void
fuzz_begin(void)
{
	armed = 1;
}

void
fuzz_end(void)
{
	size_t i, n;

	armed = 0;
	cur = NULL;
	for (i = 0; i < NOPEN; i++) {
		if (fds[i] >= 0)
			close(fds[i]);
		fds[i] = -1;
		if (fps[i] != NULL)
			fclose(fps[i]);
		fps[i] = NULL;
	}
	if (tab == NULL)
		return;
	n = (size_t)1 << tabbits;
	for (i = 0; i < n; i++)
		if (tab[i] != NULL)
			free(tab[i]);
	/* A large input's table would make every later input slow. */
	if (tabbits > TABMIN) {
		free(tab);
		tabinit(TABMIN);
	} else {
		memset(tab, 0, n * sizeof(*tab));
		tabn = 0;
	}
}

void
fuzz_init(void)
{
	fuzz_init_plugins(NULL);
}

void
fuzz_init_plugins(const char *dir)
{
	FILE *fp;
	int i;

	for (i = 0; i < NOPEN; i++)
		fds[i] = -1;
	verbose = getenv("FUZZ_VERBOSE") != NULL;
	/* Only the plugins under test, none from the environment. */
	if (dir != NULL) {
		if (setenv("GP_PLUGIN_PATH", dir, 1) == -1)
			err(1, "setenv");
	} else
		unsetenv("GP_PLUGIN_PATH");
	/*
	 * libgp looks for plugins once, on first need, and keeps what it
	 * found for the process: done here, before fuzz_begin(), so that
	 * fuzz_end() does not free it under libgp's feet.
	 */
	gp_record_attach();
	(void)gp_record_find(0);
	(void)gp_record_kind("fuzz-warm-up");
	if ((fuzz_devnull = open("/dev/null", O_WRONLY)) == -1)
		err(1, "/dev/null");
	if (!verbose) {
		/*
		 * libFuzzer and the sanitizers print through their own
		 * descriptors, not through these.
		 */
		if ((fp = fopen("/dev/null", "w")) == NULL)
			err(1, "/dev/null");
		stdout = stderr = fp;
	}
}

int
fuzz_memfd(const char *name)
{
	int fd;

	if ((fd = memfd_create(name, 0)) == -1)
		err(1, "memfd_create");
	return fd;
}

void
fuzz_reset(int fd)
{
	if (ftruncate(fd, 0) == -1 || lseek(fd, 0, SEEK_SET) == -1)
		err(1, "memfd");
}

void
fuzz_fill(int fd, const void *buf, size_t len)
{
	const char *p = buf;
	ssize_t n;

	fuzz_reset(fd);
	while (len > 0) {
		if ((n = write(fd, p, len)) <= 0)
			err(1, "memfd");
		p += n;
		len -= (size_t)n;
	}
	if (lseek(fd, 0, SEEK_SET) == -1)
		err(1, "memfd");
}

const char *
fuzz_fdpath(int fd)
{
	static char path[64];

	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	return path;
}

unsigned char *
fuzz_slurp(int fd, size_t *lenp)
{
	struct stat st;
	unsigned char *buf;
	ssize_t n;
	size_t len = 0;

	if (fstat(fd, &st) == -1)
		err(1, "memfd");
	if ((buf = malloc((size_t)st.st_size + 1)) == NULL)
		err(1, NULL);
	while (len < (size_t)st.st_size) {
		if ((n = pread(fd, buf + len, (size_t)st.st_size - len,
		    (off_t)len)) <= 0)
			err(1, "memfd");
		len += (size_t)n;
	}
	*lenp = len;
	return buf;
}

void
fuzz_fail(const char *fmt, ...)
{
	va_list ap;

	/* stderr may be /dev/null: write where the sanitizers write. */
	va_start(ap, fmt);
	vdprintf(STDERR_FILENO, fmt, ap);
	va_end(ap);
	dprintf(STDERR_FILENO, "\n");
	abort();
}

void
fuzz_same(const char *what, const unsigned char *a, size_t alen,
    const unsigned char *b, size_t blen)
{
	const char *dump;
	char path[PATH_MAX];
	FILE *fp;
	size_t i;

	/* FUZZ_DUMP=prefix: both sides into files, to be compared. */
	if ((dump = getenv("FUZZ_DUMP")) != NULL) {
		snprintf(path, sizeof(path), "%s.a", dump);
		if ((fp = fopen(path, "wb")) != NULL) {
			fwrite(a, 1, alen, fp);
			fclose(fp);
		}
		snprintf(path, sizeof(path), "%s.b", dump);
		if ((fp = fopen(path, "wb")) != NULL) {
			fwrite(b, 1, blen, fp);
			fclose(fp);
		}
	}
	for (i = 0; i < alen && i < blen; i++)
		if (a[i] != b[i])
			fuzz_fail("%s: differ at byte %zu (0x%02x, 0x%02x); "
			    "lengths %zu, %zu", what, i, a[i], b[i], alen,
			    blen);
	if (alen != blen)
		fuzz_fail("%s: lengths %zu and %zu", what, alen, blen);
}
