/*
 * -V: the version of gptools, the same for every command (VERSION at
 * the top of the tree, given by the build as GP_VERSION).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "stream/stream.h"

#ifndef GP_VERSION
#error "GP_VERSION: the build passes the tree's VERSION"
#endif

void
gp_version(void)
{
	printf("%s (gptools) %s\n", program_invocation_short_name,
	    GP_VERSION);
	if (fflush(stdout) == EOF || ferror(stdout))
		exit(1);
	exit(0);
}
