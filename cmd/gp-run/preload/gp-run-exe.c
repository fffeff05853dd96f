/*
 * gp-run's preload: writes the executable of each process of a profiled
 * run into gp-run's directory ($GP_RUN_DIR/exe.PID), at start-up and in
 * each child of fork(2), so that gp-run knows which program each profile
 * file belongs to: glibc's gmon.out, named after the process ID only,
 * does not say.  libc only; nothing is written without GP_RUN_DIR.
 */
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void
note(void)
{
	char exe[PATH_MAX], path[PATH_MAX];
	const char *dir;
	ssize_t n;
	int fd;

	if ((dir = getenv("GP_RUN_DIR")) == NULL || *dir != '/')
		return;
	if ((n = readlink("/proc/self/exe", exe, sizeof(exe) - 1)) <= 0)
		return;
	exe[n++] = '\n';
	if (snprintf(path, sizeof(path), "%s/exe.%ld", dir,
	    (long)getpid()) >= (int)sizeof(path))
		return;
	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
	    0644)) == -1)
		return;
	if (write(fd, exe, (size_t)n) != n)
		(void)unlink(path);
	close(fd);
}

__attribute__((__constructor__)) static void
start(void)
{
	note();
	(void)pthread_atfork(NULL, NULL, note);
}
