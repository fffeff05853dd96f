/*
 * gp-fmt: print a profile stream as GNU gprof prints its report.
 */
#include <err.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plugin.h"
#include "prof.h"
#include "stream.h"
#include "fmt.h"

#define S_FLAT	1			/* sections */
#define S_GRAPH	2

static void	usage(void) __attribute__((__noreturn__));

static const struct option longopts[] = {
	{ "brief",			no_argument,		NULL, 'b' },
	{ "display-unused-functions", no_argument,		NULL, 'z' },
	{ "flat-profile",		no_argument,		NULL, 'p' },
	{ "format",			required_argument,	NULL, 'o' },
	{ "graph",			no_argument,		NULL, 'q' },
	{ "no-flat-profile",		no_argument,		NULL, 'P' },
	{ "no-graph",			no_argument,		NULL, 'Q' },
	{ "print-path",			no_argument,		NULL, 'L' },
	{ "traditional",		no_argument,		NULL, 'T' },
	{ "width",			required_argument,	NULL, 'w' },
	{ NULL,				0,			NULL, 0 }
};

int
main(int argc, char *argv[])
{
	struct gp_prof prof;
	struct gp_plug *fmt;
	struct gp_reader *r;
	struct report rep;
	struct popts o;
	const char *format;
	uint64_t w;
	int ch, on, said;

	memset(&o, 0, sizeof(o));
	o.width = 80;
	format = NULL;
	on = said = 0;
	while ((ch = getopt_long(argc, argv, "bLo:pPqQTw:z", longopts,
	    NULL)) != -1)
		switch (ch) {
		case 'b':
			o.brief = 1;
			break;
		case 'L':
			o.path = 1;
			break;
		case 'o':
			format = optarg;
			break;
		case 'p':
			on |= S_FLAT;
			said |= S_FLAT;
			break;
		case 'P':
			on &= ~S_FLAT;
			said |= S_FLAT;
			break;
		case 'q':
			on |= S_GRAPH;
			said |= S_GRAPH;
			break;
		case 'Q':
			on &= ~S_GRAPH;
			said |= S_GRAPH;
			break;
		case 'T':
			o.bsd = 1;
			break;
		case 'w':
			if (gp_parseu64(optarg, &w) == -1 || w < 1 ||
			    w > INT_MAX)
				errx(1, "width %s: not a number from 1 to %d",
				    optarg, INT_MAX);
			o.width = (int)w;
			break;
		case 'z':
			o.zeros = 1;
			break;
		default:
			usage();
		}
	argc -= optind;
	argv += optind;
	if (argc > 1)
		usage();
	/* A plugin format (gp-formats(5)); NULL: gprof's text. */
	fmt = format != NULL ? gp_format_open(format) : NULL;

	memset(&prof, 0, sizeof(prof));
	r = gp_ropenfile(argc == 1 ? argv[0] : "-");
	gp_stage_read(r, &prof, gp_format_layers(fmt), 0, NULL);
	gp_rclose(r);
	if (fmt != NULL) {
		gp_format_run(fmt, &prof, stdout, "stdout");
		return 0;
	}

	report_load(&rep, &prof);

	/*
	 * gprof's choice of sections: those turned on, else those the data
	 * allows less those named by any option.
	 */
	if (on == 0)
		on = ((rep.have_hist ? S_FLAT : 0) |
		    (rep.have_cg ? S_GRAPH : 0)) & ~said;
	if (on & S_FLAT && !rep.have_hist)
		errx(1, "gmon.out file is missing histogram");
	if (on & S_GRAPH && !rep.have_cg)
		errx(1, "gmon.out file is missing call-graph data");
	o.flat = (on & S_FLAT) != 0;
	o.graph = (on & S_GRAPH) != 0;

	report_print(&rep, &o);
	if (fflush(stdout) == EOF || ferror(stdout))
		err(1, "stdout");
	return 0;
}

static void
usage(void)
{
	fprintf(stderr,
	    "usage: gp-fmt [-bLpPqQTz] [-o format] [-w width] [file]\n");
	exit(1);
}
