/*
 * fuzz_symspec: gprof's symspecs (libgp/sym/symspec.c) parsed and bound to a
 * symbol table, and the call-graph analysis run with them, as gp-hist
 * and gp-arcs run it with -p -P -q -Q -e -E -f -F -n -N -k.
 *
 * The input is lines, each one of:
 *	@NAME[<TAB>FILE[<TAB>LINE]]	a global function, at the next address
 *	#NAME[<TAB>FILE[<TAB>LINE]]	a static function
 *	%NAME[<TAB>FILE[<TAB>LINE]]	a global symbol, not a function
 *	>I J COUNT			COUNT calls from symbol I to symbol J
 *	=I COUNT			COUNT histogram samples in symbol I
 *	Lc				c leads the names (as '_' on some
 *					targets)
 *	d				gprof's default exclusions
 *	xSPEC				option -x SPEC, x one of gprof's
 *					symspec letters (gp_specs_opt())
 *	TTABLE<TAB>SPEC			SPEC added to table TABLE by name
 *					("incl-flat"...), as flatspec records
 * Symbol indexes are taken modulo the number of symbols.  Each symbol
 * covers 16 bytes and one histogram bin.  The table and the profile are
 * made into a stream and loaded with libgp's own loaders, so that they
 * hold what gp-sym and gmon-cat would give.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "gmon/raw.h"
#include "report/gmonsum.h"
#include "analysis/graph.h"
#include "analysis/credit.h"
#include "analysis/profile.h"
#include "stream/stream.h"
#include "sym/symspec.h"
#include "sym/symtab.h"

int	LLVMFuzzerInitialize(int *, char ***);
int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define MAXSYMS		256	/* enough to form runs and gaps */
#define TEXTLO		0x1000
#define SYMSZ		16

static int	fds;			/* memfd: the stream made */

struct fsym {
	char		 kind;		/* '@', '#' or '%' */
	const char	*name, *file;
	long		 line;
};

struct farc {
	unsigned long	 from, to, count;
};

struct ctx {
	struct fsym	 syms[MAXSYMS];
	size_t		 nsyms;
	struct farc	*arcs;
	size_t		 narcs;
	unsigned long	 bins[MAXSYMS];
	unsigned long	 samples[64][2];	/* =I COUNT, in order */
	size_t		 nsamples;
	char		 lead[2];
	struct gp_specs	 specs;
	struct gp_prof	 p;
};

/* A line's TAB-separated fields, in place; at most max. */
static size_t
fields(char *s, char **f, size_t max)
{
	size_t n = 0;

	f[n++] = s;
	while (n < max && (s = strchr(s, '\t')) != NULL) {
		*s++ = '\0';
		f[n++] = s;
	}
	return n;
}

static void
parseline(struct ctx *c, char *line)
{
	struct fsym *s;
	struct farc *a;
	char *f[3];
	size_t n;
	int t;

	switch (line[0]) {
	case '\0':
		break;
	case '@':
	case '#':
	case '%':
		if (c->nsyms == MAXSYMS)
			return;
		s = &c->syms[c->nsyms++];
		s->kind = line[0];
		n = fields(line + 1, f, 3);
		s->name = f[0];
		s->file = n > 1 ? f[1] : "";
		s->line = n > 2 ? strtol(f[2], NULL, 10) : 0;
		if (s->line < 0 || s->line > 1000000)
			s->line = 0;
		break;
	case '>':
		if ((a = realloc(c->arcs, (c->narcs + 1) *
		    sizeof(*a))) == NULL)
			fuzz_fail("realloc");
		c->arcs = a;
		a += c->narcs++;
		if (sscanf(line + 1, "%lu %lu %lu", &a->from, &a->to,
		    &a->count) != 3)
			c->narcs--;
		break;
	case '=':
		if (c->nsamples < 64 && sscanf(line + 1, "%lu %lu",
		    &c->samples[c->nsamples][0],
		    &c->samples[c->nsamples][1]) == 2)
			c->nsamples++;
		break;
	case 'L':
		c->lead[0] = line[1];
		break;
	case 'd':
		gp_specs_defaults(&c->specs);
		break;
	case 'T':
		n = fields(line + 1, f, 2);
		if (n == 2 && (t = gp_table_byname(f[0])) >= 0)
			gp_specs_add(&c->specs, (enum gp_table)t, f[1]);
		break;
	default:
		(void)gp_specs_opt(&c->specs, line[0], line + 1);
		break;
	}
}

/* The profile and the table as gmon-cat and gp-sym would write them. */
static void
mkstream(struct ctx *c)
{
	struct gp_writer *w;
	const struct fsym *s;
	size_t i;
	uint64_t addr;

	fuzz_reset(fds);
	w = gp_wopen(fds);
	gp_wkind(w, "profile");
	gp_wstr(w, "fuzz");
	gp_wraw(w, "gnu");
	gp_wu64(w, 64);
	gp_wraw(w, "le");
	gp_whex(w, 1);
	gp_wraw(w, "000000000000000000000000");
	gp_weol(w);
	gp_wkind(w, "hist");
	gp_wu64(w, 0);
	gp_whex(w, TEXTLO);
	gp_whex(w, TEXTLO + SYMSZ * c->nsyms);
	gp_wu64(w, c->nsyms);
	gp_wu64(w, 100);
	gp_wstr(w, "seconds");
	gp_wstr(w, "s");
	gp_weol(w);
	for (i = 0; i < c->nsamples && c->nsyms > 0; i++)
		c->bins[c->samples[i][0] % c->nsyms] += c->samples[i][1];
	for (i = 0; i < c->nsyms; i++)
		if (c->bins[i] > 0) {
			gp_wkind(w, "bins");
			gp_wu64(w, 0);
			gp_wu64(w, i);
			gp_wu64(w, c->bins[i] > 65535 ? 65535 : c->bins[i]);
			gp_weol(w);
		}
	for (i = 0; i < c->narcs && c->nsyms > 0; i++) {
		gp_wkind(w, "arc");
		/* A call site inside the caller, the callee's entry. */
		gp_whex(w, TEXTLO + SYMSZ * (c->arcs[i].from % c->nsyms) + 4);
		gp_whex(w, TEXTLO + SYMSZ * (c->arcs[i].to % c->nsyms));
		gp_wu64(w, c->arcs[i].count);
		gp_weol(w);
	}
	gp_wkind(w, "exe");
	gp_wstr(w, "fuzz");
	gp_wstr(w, "elf64-x86-64");
	gp_whex(w, TEXTLO);
	gp_whex(w, TEXTLO + SYMSZ * c->nsyms);
	gp_wu64(w, c->nsyms);
	gp_wu64(w, 64);
	gp_wraw(w, "le");
	gp_wstr(w, c->lead);
	gp_weol(w);
	for (i = 0; i < c->nsyms; i++) {
		s = &c->syms[i];
		addr = TEXTLO + SYMSZ * i;
		gp_wkind(w, "sym");
		gp_wu64(w, i);
		gp_whex(w, addr);
		gp_whex(w, addr + SYMSZ - 1);
		gp_wraw(w, s->kind == '@' ? "fg" : s->kind == '#' ? "fs" :
		    "g");
		gp_wstr(w, s->file);
		if (s->line > 0)
			gp_wu64(w, (uint64_t)s->line);
		else
			gp_wraw(w, "");
		gp_wstr(w, s->name);
		gp_wstr(w, s->name);
		gp_weol(w);
	}
	gp_wclose(w);
}

static void
load(void *arg)
{
	struct ctx *c = arg;
	struct gp_reader *r;

	if (lseek(fds, 0, SEEK_SET) == -1)
		fuzz_fail("lseek");
	r = gp_ropen(fds, "symspec");
	gp_stage_read(r, &c->p, GP_L_RAW | GP_L_SYM, 0, NULL);
	gp_rclose(r);
}

static void
tables(struct ctx *c)
{
	const struct gp_symtab *st = c->p.sym;
	struct gp_tables *tb;
	const struct gp_sym *s;
	size_t i, j, n;
	int t;

	tb = gp_tables_make(&c->specs, st);
	n = st->nsyms < 32 ? st->nsyms : 32;
	for (t = 0; t < GP_NTABLES; t++) {
		(void)gp_table_name((enum gp_table)t);
		(void)gp_tables_empty(tb, (enum gp_table)t);
		for (i = 0; i < st->nsyms; i++) {
			s = &st->syms[i];
			(void)gp_tables_has(tb, (enum gp_table)t, s->addr);
			(void)gp_tables_has(tb, (enum gp_table)t, s->end);
			(void)gp_tables_has(tb, (enum gp_table)t, s->end + 1);
		}
	}
	for (i = 0; i < st->nsyms; i++) {
		s = &st->syms[i];
		(void)gp_tables_pass(tb, GP_INCL_FLAT, s->addr);
		(void)gp_tables_pass(tb, GP_INCL_TIME, s->addr);
		(void)gp_tables_pass(tb, GP_INCL_GRAPH, s->addr);
	}
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++) {
			(void)gp_tables_arc(tb, GP_INCL_ARCS, &st->syms[i],
			    &st->syms[j]);
			(void)gp_tables_arc(tb, GP_EXCL_ARCS, &st->syms[i],
			    &st->syms[j]);
		}
	gp_tables_free(tb);
}

static void
sum(void *arg)
{
	struct ctx *c = arg;

	gp_sum_write("/dev/null", &c->p, &c->specs, NULL);
}

static void
run(void *arg)
{
	struct ctx *c = arg;
	struct gp_writer *w;
	struct gp_opts o;
	struct gp_tarc *ta;
	size_t n, *newest;

	mkstream(c);
	/* The loaders' own checks are fuzz_stream's business. */
	if (fuzz_try(load, c) || c->p.sym == NULL || c->p.raw == NULL)
		return;
	(void)gp_specs_mask(&c->specs);
	tables(c);

	if ((newest = calloc(GP_NSYMS(c->p.sym) + 1, sizeof(*newest))) ==
	    NULL)
		fuzz_fail("calloc");
	ta = gp_tally(&c->p, &c->specs, &n, newest);
	fuzz_free(ta);
	free(newest);

	memset(&o, 0, sizeof(o));
	o.specs = &c->specs;
	gp_analyse(&c->p, &o);
	w = gp_wopen(fuzz_devnull);
	gp_credit_emit(&c->p, w);
	gp_graph_emit(&c->p, w);
	gp_wclose(w);
	(void)fuzz_try(sum, c);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_init();
	fds = fuzz_memfd("stream");
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ctx c;
	char *text, *line, *next;

	/* The lines in place: a copy, NUL-ended. */
	if ((text = malloc(size + 1)) == NULL)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	memset(&c, 0, sizeof(c));
	fuzz_begin();
	for (line = text; line != NULL; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		parseline(&c, line);
	}
	(void)fuzz_try(run, &c);
	fuzz_end();
	free(c.arcs);
	free(text);
	return 0;
}
