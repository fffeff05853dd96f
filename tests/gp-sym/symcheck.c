/*
 * symcheck: load the symbol layer of the gp-stream on standard input
 * with gp_stage_read() and look up each address given as an argument
 * with gp_sym_lookup(): one line "ADDR ID NAME", or "ADDR -" when no
 * symbol covers it.
 */
#include <err.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "analysis/profile.h"
#include "stream/stream.h"
#include "sym/symtab.h"

int
main(int argc, char *argv[])
{
	struct gp_reader *r;
	struct gp_prof p;
	struct gp_sym *s;
	uint64_t a;
	int i;

	memset(&p, 0, sizeof(p));
	r = gp_ropen(STDIN_FILENO, "<stdin>");
	gp_stage_read(r, &p, GP_L_SYM, 0, NULL);
	gp_rclose(r);
	for (i = 1; i < argc; i++) {
		if (gp_parsehex(argv[i], &a) == -1)
			errx(1, "%s: not an address", argv[i]);
		if ((s = gp_sym_lookup(p.sym, a)) == NULL)
			printf("0x%" PRIx64 " -\n", a);
		else
			printf("0x%" PRIx64 " %td %s\n", a, s - p.sym->syms,
			    s->name);
	}
	return 0;
}
