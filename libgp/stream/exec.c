/*
 * The stages gp, gp-view, gp-top and gp-run run as child processes, and
 * the installed files a command finds relative to its own directory.
 */
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stream/stream.h"

void
gp_execstage(const char *prog, const char *name, char *const argv[])
{
	char dir[PATH_MAX], path[PATH_MAX + 32], *slash;
	ssize_t len;

	if ((len = readlink("/proc/self/exe", dir, sizeof(dir) - 1)) == -1)
		len = 0;
	dir[len] = '\0';
	if ((slash = strrchr(dir, '/')) != NULL) {
		*slash = '\0';
		snprintf(path, sizeof(path), "%s/%s", dir, name);
		if (access(path, X_OK) == 0)
			execv(path, argv);
	}
	execvp(name, argv);
	fprintf(stderr, "%s: %s: %s\n", prog, name, strerror(errno));
	_exit(127);
}

/*
 * The relative path from the directory `from' to `to', both absolute:
 * "/usr/local/bin" to "/usr/local/lib/gptools" is "../lib/gptools".
 */
char *
gp_relpath(const char *from, const char *to)
{
	const char *f, *t, *p;
	size_t n, up;
	char *s;

	if (from[0] != '/' || to[0] != '/')
		return NULL;
	f = from;
	t = to;
	/* Skip the common leading components. */
	for (;;) {
		while (*f == '/')
			f++;
		while (*t == '/')
			t++;
		n = strcspn(f, "/");
		if (n == 0 || n != strcspn(t, "/") || strncmp(f, t, n) != 0)
			break;
		f += n;
		t += n;
	}
	for (up = 0, p = f; *p != '\0'; up++) {
		p += strcspn(p, "/");
		while (*p == '/')
			p++;
	}
	n = up * 3 + strlen(t) + 2;
	if ((s = malloc(n)) == NULL)
		err(1, NULL);
	s[0] = '\0';
	while (up-- > 0)
		strcat(s, "../");
	strcat(s, *t != '\0' ? t : ".");
	return s;
}

/*
 * An installed file: where `path' lies relative to bindir, taken from
 * the directory of the running executable, so that an installation
 * moved or made with another PREFIX finds its own; path itself when no
 * such file is there.
 */
char *
gp_installed(const char *bindir, const char *path)
{
	char exe[PATH_MAX], *slash, *rel, *p;
	struct stat st;
	ssize_t n;

	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0 && (rel = gp_relpath(bindir, path)) != NULL) {
		exe[n] = '\0';
		if ((slash = strrchr(exe, '/')) != NULL) {
			*slash = '\0';
			if (asprintf(&p, "%s/%s", exe, rel) == -1)
				err(1, NULL);
			free(rel);
			if (stat(p, &st) == 0 &&
			    (slash = realpath(p, NULL)) != NULL) {
				free(p);
				return slash;
			}
			free(p);
		} else
			free(rel);
	}
	return gp_xstrdup(path);
}
