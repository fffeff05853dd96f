/*
 * gp-hist: credit the histogram's samples to the symbols, as GNU gprof
 * does, and add the credit layer to the stream (gp-stream(5)).
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/credit.h"
#include "analysis/profile.h"
#include "stream/stream.h"
#include "sym/symspec.h"
#include "plugin/record.h"

static void	usage(void) __attribute__((__noreturn__));

int
main(int argc, char *argv[])
{
	struct gp_specs specs;
	struct gp_prof p;
	struct gp_reader *r;
	struct gp_writer *w;
	int ch;

	gp_record_attach();
	memset(&specs, 0, sizeof(specs));
	memset(&p, 0, sizeof(p));
	while ((ch = getopt(argc, argv, "P:p:V")) != -1)
		switch (ch) {
		case 'P':
		case 'p':
			gp_specs_opt(&specs, ch, optarg);
			break;
		case 'V':
			gp_version();
		default:
			usage();
		}
	argc -= optind;
	argv += optind;
	if (argc > 1)
		usage();

	r = gp_ropenfile(argc == 1 ? argv[0] : "-");
	w = gp_wopen(STDOUT_FILENO);
	/* The graph layer depends on the credit layer: both are made anew. */
	gp_stage_read(r, &p, GP_L_RAW | GP_L_SYM, GP_L_CREDIT | GP_L_GRAPH, w);
	if (p.raw == NULL)
		errx(1, "%s: no raw layer: the stream does not come from "
		    "gmon-cat", gp_rname(r));
	if (p.sym == NULL)
		errx(1, "%s: no symbol layer: run the stream through gp-sym",
		    gp_rname(r));
	gp_credit_make(&p, &specs);
	if (!gp_stage_giving())
		gp_credit_emit(&p, w);
	gp_wclose(w);
	gp_rclose(r);
	gp_stage_end(&p);
	gp_specs_free(&specs);
	return 0;
}

static void
usage(void)
{
	fprintf(stderr, "usage: gp-hist [-P spec] [-p spec] [file]\n");
	exit(1);
}
