/*
 * The stages gp, gp-view and gp-top run as child processes.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
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
