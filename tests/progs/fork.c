/*
 * A parent and its forked child each make their own calls; with an
 * argument, the child ends with _exit(2), as a shell's subshell does.
 */
#include <sys/wait.h>

#include <stdio.h>
#include <unistd.h>

static volatile long sink;

static void
common(void)
{
	sink++;
}

static void
parentwork(void)
{
	sink++;
}

static void
childwork(void)
{
	sink++;
}

int
main(int argc, char *argv[])
{
	pid_t pid;
	int i, st;

	for (i = 0; i < 10; i++)
		common();
	if ((pid = fork()) == -1)
		return 1;
	if (pid == 0) {
		for (i = 0; i < 7; i++)
			childwork();
		if (argc > 1 && argv[1] != NULL)
			_exit(0);
		return 0;
	}
	for (i = 0; i < 5; i++)
		parentwork();
	if (waitpid(pid, &st, 0) == -1 || !WIFEXITED(st))
		return 1;
	printf("%ld\n", (long)pid);
	return 0;
}
