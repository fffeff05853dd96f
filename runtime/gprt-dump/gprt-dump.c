/*
 * gprt-dump: print gprt(3) companion files as a gp-stream(5), or write
 * the plain gmon.out of a run that did not reach exit.
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "gprt/companion.h"
#include "stream/stream.h"

static void	usage(void) __attribute__((__noreturn__));

static void
usage(void)
{
	fprintf(stderr, "usage: gprt-dump [-mr] file ...\n"
	    "       gprt-dump -g gmon.out file\n");
	exit(1);
}

int
main(int argc, char *argv[])
{
	struct gp_writer *w;
	struct gp_gprt *g;
	const char *gmon;
	unsigned flags;
	int ch, i;

	gmon = NULL;
	flags = 0;
	while ((ch = getopt(argc, argv, "g:mrV")) != -1)
		switch (ch) {
		case 'g':
			gmon = optarg;
			break;
		case 'm':
			flags |= GP_GPRT_MERGE;
			break;
		case 'r':
			flags |= GP_GPRT_RAW;
			break;
		case 'V':
			gp_version();
		default:
			usage();
		}
	argc -= optind;
	argv += optind;
	if (argc == 0 || (gmon != NULL && (argc != 1 || flags != 0)))
		usage();
	if (gmon != NULL) {
		g = gp_gprt_load(argv[0]);
		if (gp_gprt_gmon(g, gmon) == -1)
			err(1, "%s", gmon);
		gp_gprt_free(g);
		return 0;
	}
	w = gp_wopen(STDOUT_FILENO);
	for (i = 0; i < argc; i++)
		gp_gprt_read(argv[i], w, flags);
	gp_wclose(w);
	return 0;
}
