/*
 * Work, then die inside nested calls: "kill" (SIGKILL), "segv", "abort",
 * "_exit", or "exit" (a normal exit(3) with the calls still open).
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile long sink;

static void
work(long i)
{
	sink += i;
}

static void
deep(int n, const char *how)
{
	if (n > 0) {
		deep(n - 1, how);
		return;
	}
	if (strcmp(how, "kill") == 0)
		kill(getpid(), SIGKILL);
	else if (strcmp(how, "segv") == 0)
		raise(SIGSEGV);
	else if (strcmp(how, "abort") == 0)
		abort();
	else if (strcmp(how, "_exit") == 0)
		_exit(3);
	else
		exit(4);
}

int
main(int argc, char *argv[])
{
	long i;

	for (i = 0; i < 123456; i++)
		work(i);
	deep(5, argc > 1 ? argv[1] : "kill");
	return 0;
}
