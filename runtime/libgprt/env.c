/*
 * The environment: the settings libgprt reads from it (gprt(3)), as
 * strings or as decimal numbers, and the warnings it writes on stderr.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "rt.h"

RT_FN const char *
rt_env(const char *name)
{
	const char *s;

	s = secure_getenv(name);
	return s != NULL && *s != '\0' ? s : NULL;
}

/* A decimal number from the environment, or def if unset or bad. */
RT_FN uint64_t
rt_envnum(const char *name, uint64_t def, uint64_t max)
{
	const char *s;
	char *end;
	unsigned long long v;

	if ((s = rt_env(name)) == NULL)
		return def;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0' || *s == '-' || v > max) {
		rt_warn(name, "bad value in the environment, ignored");
		return def;
	}
	return v;
}

/* "gprt: what: why" on stderr, with write(2): no stdio, no malloc. */
RT_FN void
rt_warn(const char *what, const char *why)
{
	char buf[512];
	size_t n;

	n = (size_t)snprintf(buf, sizeof(buf), "gprt: %s: %s\n", what, why);
	if (n >= sizeof(buf))
		n = sizeof(buf) - 1;
	if (write(STDERR_FILENO, buf, n) == -1)
		return;
}
