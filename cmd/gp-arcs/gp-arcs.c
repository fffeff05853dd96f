/*
 * gp-arcs: GNU gprof's call graph analysis (arcs tallied, cycles found,
 * time propagated, entries numbered and ordered), added to the stream as
 * the graph layer (gp-stream(5)).  Makes the credit layer too if the
 * stream lacks it.
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report/gmonsum.h"
#include "analysis/graph.h"
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
	struct gp_opts opts;
	struct gp_prof p;
	struct gp_reader *r;
	struct gp_writer *w;
	unsigned load, drop, made;
	const char *sumfile = NULL, *sumfmt = NULL;
	int ch, flat;

	gp_record_attach();
	memset(&specs, 0, sizeof(specs));
	memset(&p, 0, sizeof(p));
	while ((ch = getopt(argc, argv, "E:e:F:f:k:N:n:O:P:p:Q:q:s:V")) != -1)
		if (ch == 's')		/* gprof -s: libgp/report/gmonsum.c */
			sumfile = optarg;
		else if (ch == 'O')
			sumfmt = optarg;
		else if (ch == 'V')
			gp_version();
		else if (!gp_specs_opt(&specs, ch, optarg))
			usage();
	argc -= optind;
	argv += optind;
	if (argc > 1)
		usage();

	/* -p and -P change the crediting: the credit layer is made anew. */
	flat = (gp_specs_mask(&specs) &
	    (1U << GP_INCL_FLAT | 1U << GP_EXCL_FLAT)) != 0;
	load = GP_L_RAW | GP_L_SYM | (flat ? 0 : GP_L_CREDIT);
	drop = GP_L_GRAPH | (flat ? GP_L_CREDIT : 0);
	r = gp_ropenfile(argc == 1 ? argv[0] : "-");
	w = gp_wopen(STDOUT_FILENO);
	gp_stage_read(r, &p, load, drop, w);
	if (p.raw == NULL)
		errx(1, "%s: no raw layer: the stream does not come from "
		    "gmon-cat", gp_rname(r));
	if (p.sym == NULL)
		errx(1, "%s: no symbol layer: run the stream through gp-sym",
		    gp_rname(r));
	if (sumfile != NULL)
		gp_sum_write(sumfile, &p, &specs, sumfmt);
	/*
	 * The layers written as they are made (the credit layer, if made,
	 * first), the graph's arcs not kept; or, handed on to the next
	 * stage in gp's process (analysis/profile.h), made whole and kept.
	 */
	opts.specs = &specs;
	opts.emit = gp_stage_giving() ? NULL : w;
	made = gp_analyse(&p, &opts);
	if (!(made & GP_L_GRAPH) && opts.emit != NULL)
		gp_graph_emit(&p, w);
	gp_wclose(w);
	gp_rclose(r);
	gp_stage_end(&p);
	gp_specs_free(&specs);
	return 0;
}

static void
usage(void)
{
	fprintf(stderr, "usage: gp-arcs [-E spec] [-e spec] [-F spec] "
	    "[-f spec] [-k from/to] [-N spec]\n"
	    "               [-n spec] [-O format] [-P spec] [-p spec] "
	    "[-Q spec] [-q spec]\n"
	    "               [-s sumfile] [file]\n");
	exit(1);
}
