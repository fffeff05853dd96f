/*
 * nest.c: a profiled program that runs itself, as build systems and test
 * drivers do.  "nest MODE" runs "nest child N" by MODE (fork+exec,
 * posix_spawn, system) and waits; the children work N times and exit.
 * The parent works 5 times before and 5 times after, so its profile is
 * told from its children's by the counts.
 */
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;
volatile int v;

void
work(void)
{
	for (int i = 0; i < 1000; i++)
		v += i;
}

static void
run(const char *mode, const char *self, const char *n)
{
	char *argv[] = { (char *)self, "child", (char *)n, NULL };
	char cmd[4096];
	pid_t pid;
	int st;

	if (strcmp(mode, "exec") == 0) {
		if ((pid = fork()) == 0) {
			execv(self, argv);
			_exit(127);
		}
	} else if (strcmp(mode, "spawn") == 0) {
		if (posix_spawn(&pid, self, NULL, NULL, argv, environ) != 0)
			exit(2);
	} else {
		snprintf(cmd, sizeof(cmd), "%s child %s", self, n);
		st = system(cmd);
		if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
			exit(3);
		return;
	}
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) ||
	    WEXITSTATUS(st) != 0)
		exit(4);
}

int
main(int argc, char *argv[])
{
	int i, n;

	if ((argc == 3 || argc == 4) && strcmp(argv[1], "child") == 0) {
		n = atoi(argv[2]);
		for (i = 0; i < n; i++)
			work();
		printf("%ld\n", (long)getpid());
		fflush(stdout);
		if (argc == 4)
			sleep((unsigned)atoi(argv[3]));
		return 0;
	}
	if (argc != 2)
		return 1;
	for (i = 0; i < 5; i++)
		work();
	run(argv[1], argv[0], "7");
	run(argv[1], argv[0], "11");
	for (i = 0; i < 5; i++)
		work();
	return 0;
}
