/*
 * A child made by vfork(2) that makes calls and then runs another program:
 * the child's calls are not the parent's.  The child's chain of calls
 * never returns (execve), as in a shell.
 */
#include <sys/wait.h>

#include <stdio.h>
#include <unistd.h>

static volatile long sink;

static void
inchild(void)
{
	sink++;
}

static void
childexec(void)
{
	int i;

	for (i = 0; i < 3; i++)
		inchild();
	execl("/bin/true", "true", (char *)NULL);
	_exit(127);
}

static void
parentwork(void)
{
	sink++;
}

int
main(void)
{
	pid_t pid;
	int i, st;

	if ((pid = vfork()) == -1)
		return 1;
	if (pid == 0)
		childexec();
	for (i = 0; i < 5; i++)
		parentwork();
	if (waitpid(pid, &st, 0) == -1 || !WIFEXITED(st) ||
	    WEXITSTATUS(st) != 0)
		return 1;
	printf("%ld\n", (long)pid);
	return 0;
}
