/*
 * Loading a stream into the in-memory profile, layer by layer.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#include "analysis/diff.h"
#include "gmon/raw.h"
#include "analysis/graph.h"
#include "analysis/credit.h"
#include "analysis/measured.h"
#include "gprt/runtime.h"
#include "analysis/profile.h"
#include "sym/symtab.h"

static void
load(struct gp_prof *p, unsigned layer, const struct gp_rec *rec)
{
	int ok = 0;

	switch (layer) {
	case GP_L_RAW:
		ok = gp_raw_load(&p->raw, rec);
		break;
	case GP_L_SYM:
		ok = gp_sym_load(&p->sym, rec);
		break;
	case GP_L_CREDIT:
		ok = gp_credit_load(p, rec);
		break;
	case GP_L_GRAPH:
		ok = gp_graph_load(p, rec);
		break;
	case GP_L_RT:
		ok = gp_rt_load(&p->rt, rec);
		break;
	case GP_L_DIFF:
		ok = gp_diff_load(p, rec);
		break;
	}
	if (!ok)
		gp_recerr(rec, "record kind not handled by its layer");
}

/* The layers the stage before gave (gp_stage_end), and whether to give. */
static struct gp_prof	 carry;
static int		 giving;
static int		 keeparcs = 1;	/* gp_stage_rawarcs() */

static void	take(struct gp_prof *, unsigned, unsigned, const char *);
static void	droparcs(struct gp_prof *, int *);

static void	(*otherfn)(const struct gp_rec *, void *);
static void	*otherarg;

void
gp_stage_other(void (*fn)(const struct gp_rec *, void *), void *arg)
{
	otherfn = fn;
	otherarg = arg;
}

/*
 * The threads chosen (gp_stage_threads): numbers and names, whether the
 * stream had each; the (group, slot) pairs a name chose as read.
 */
struct thrsel {
	char		*tok;		/* as given */
	uint64_t	 num;		/* 0: a name */
	int		 found;
};

static struct thrsel *sel;
static size_t	 nsel;
static uint64_t	*named;		/* group, slot pairs */
static size_t	 nnamed;

void
gp_stage_threads(const char *list)
{
	char *s, *t, *save;
	struct thrsel *e;
	uint64_t n;

	if (list == NULL) {
		while (nsel > 0)
			free(sel[--nsel].tok);
		return;
	}
	s = gp_xstrdup(list);
	for (t = strtok_r(s, ",", &save); t != NULL;
	    t = strtok_r(NULL, ",", &save)) {
		sel = gp_xreallocarray(sel, nsel + 1, sizeof(*sel));
		e = &sel[nsel++];
		memset(e, 0, sizeof(*e));
		e->tok = gp_xstrdup(t);
		if (strspn(t, "0123456789") != strlen(t))
			continue;	/* a name */
		if (gp_parseu64(t, &n) == -1 || n == 0)
			errx(1, "thread %s: not a thread number (they are "
			    "numbered from 1)", t);
		e->num = n;
	}
	if (nsel == 0 || list[0] == ',' || list[strlen(list) - 1] == ',' ||
	    strstr(list, ",,") != NULL)
		errx(1, "threads '%s': an empty thread name or number", list);
	free(s);
}

static int
isnamed(uint64_t g, uint64_t slot)
{
	size_t i;

	for (i = 0; i < nnamed; i++)
		if (named[2 * i] == g && named[2 * i + 1] == slot)
			return 1;
	return 0;
}

/*
 * Is rec, of the runtime layer, of a chosen thread?  g counts the
 * groups ("gprt" records) read; *mine is set when rec is one thread's.
 */
static int
chosen(const struct gp_rec *rec, uint64_t g, int *mine)
{
	uint64_t t;
	char *name;
	size_t i;
	int keep = 0;

	if (!gp_iskind(rec, "thread") && !gp_iskind(rec, "marc") &&
	    !gp_iskind(rec, "mem") && !gp_iskind(rec, "ctx") &&
	    !gp_iskind(rec, "trace") && !gp_iskind(rec, "tev"))
		return 1;
	gp_need(rec, 2);
	if ((t = gp_fu64(rec, 1)) == 0)
		return 0;	/* every thread's, merged */
	if (!gp_iskind(rec, "thread"))
		*mine = 1;	/* a thread's own measurements */
	else {
		gp_need(rec, 6);
		name = gp_fstr(rec, 5);
		for (i = 0; i < nsel; i++)
			if (sel[i].num == 0 && strcmp(sel[i].tok, name) == 0) {
				sel[i].found = keep = 1;
				named = gp_xreallocarray(named, nnamed + 1,
				    2 * sizeof(*named));
				named[2 * nnamed] = g;
				named[2 * nnamed++ + 1] = t;
			}
		free(name);
	}
	for (i = 0; i < nsel; i++)
		if (sel[i].num == t)
			sel[i].found = keep = 1;
	return keep || isnamed(g, t);
}

/* Every thread chosen was in the stream, or a one-line error. */
static void
allfound(const struct gp_reader *r, int sawrt, int sawmine)
{
	size_t i;

	if (!sawrt)
		errx(1, "%s: thread %s: the stream has no threads (only the "
		    "gprt(3) runtime's profiles do)", gp_rname(r), sel[0].tok);
	if (!sawmine)
		errx(1, "%s: thread %s: the stream has every thread's records "
		    "merged (gmon-cat -t keeps them apart)", gp_rname(r),
		    sel[0].tok);
	for (i = 0; i < nsel; i++)
		if (!sel[i].found)
			errx(1, "%s: thread %s: no such thread in the stream",
			    gp_rname(r), sel[i].tok);
}

void
gp_stage_read(struct gp_reader *r, struct gp_prof *p, unsigned want,
    unsigned drop, struct gp_writer *w)
{
	struct gp_rec rec;
	unsigned layer;
	uint64_t groups = 0;
	int sawrt = 0, sawmine = 0, arcsgone;
	size_t i;

	if (want & GP_L_RAW)
		want |= GP_L_RT;
	if (nsel > 0) {		/* made again from the chosen threads */
		want &= ~(GP_L_CREDIT | GP_L_GRAPH);
		for (i = 0; i < nsel; i++)
			sel[i].found = 0;
		nnamed = 0;
	}
	if (nsel > 0 && (giving || carry.have != 0))
		errx(1, "internal error: threads chosen while layers are "
		    "handed on");
	if (carry.have != 0 && !giving && w != NULL)
		errx(1, "internal error: layers handed to a stage that writes "
		    "a stream");
	take(p, want, drop, gp_rname(r));
	arcsgone = 0;
	droparcs(p, &arcsgone);
	/* A giving stage's own layers go on in its profile, not as records. */
	if (giving)
		drop |= want;
	memset(&rec, 0, sizeof(rec));
	while (gp_read(r, &rec)) {
		layer = gp_kind_layer(rec.f[0]);
		if (nsel > 0 && layer == GP_L_RT) {
			sawrt = 1;
			if (gp_iskind(&rec, "gprt"))
				groups++;
			if (!chosen(&rec, groups, &sawmine))
				continue;
		}
		/* Records of a plugin's record type are raw (gp-plugin(3)). */
		if (layer == 0 && (want & GP_L_RAW) && gp_raw_iskind(rec.f[0]))
			layer = GP_L_RAW;
		p->have |= layer;
		if (arcsgone && layer == GP_L_RAW && gp_iskind(&rec, "arc"))
			;	/* gp_stage_rawarcs(0) */
		else if (layer & want) {
			load(p, layer, &rec);
			if (layer == GP_L_GRAPH && !arcsgone)
				droparcs(p, &arcsgone);
		} else if (layer == 0 && otherfn != NULL)
			otherfn(&rec, otherarg);
		if (w != NULL && !(layer & drop))
			gp_wrec(w, &rec);
	}
	gp_recfree(&rec);
	if (nsel > 0)
		allfound(r, sawrt, sawmine);
	gp_raw_norm(p->raw);	/* bins in index order, once */
}

/*
 * The layers the stage before gave: those in want go into p as if read
 * from their records; those in drop are freed, as their records would
 * not have been copied; the others stay for the next stage.  A stage
 * that does not give takes what it wants and frees the rest.
 */
#define TAKE(fld, l) do {						\
	if (carry.fld == NULL)						\
		break;							\
	if (want & (l)) {						\
		if (p->fld != NULL)					\
			errx(1, "internal error: a layer handed on twice"); \
		p->fld = carry.fld;					\
		carry.fld = NULL;					\
	} else if ((drop & (l)) || !giving) {				\
		struct gp_prof one_;					\
									\
		memset(&one_, 0, sizeof(one_));				\
		one_.fld = carry.fld;					\
		carry.fld = NULL;					\
		gp_prof_free(&one_);					\
	}								\
} while (0)

static void
take(struct gp_prof *p, unsigned want, unsigned drop, const char *name)
{
	unsigned have = carry.have;

	if (have == 0)
		return;
	/* named as the stage's own records would have named it */
	if (carry.raw != NULL && (want & GP_L_RAW))
		gp_raw_setname(carry.raw, name);
	TAKE(raw, GP_L_RAW);
	TAKE(sym, GP_L_SYM);
	TAKE(credit, GP_L_CREDIT);
	TAKE(graph, GP_L_GRAPH);
	TAKE(rt, GP_L_RT);
	TAKE(diff, GP_L_DIFF);
#undef TAKE
	p->have |= have;
	carry.have = have & ~(drop | want);
	if (!giving)
		carry.have = 0;
}

void
gp_stage_rawarcs(int keep)
{
	keeparcs = keep;
}

/*
 * The raw arcs let go (gp_stage_rawarcs(0)) once the layers made from
 * them are had: the credit layer, read before the graph layer, so that
 * neither is made again from the raw arcs.
 */
static void
droparcs(struct gp_prof *p, int *gone)
{
	if (keeparcs || *gone || p->raw == NULL || p->credit == NULL ||
	    p->graph == NULL)
		return;
	gp_raw_droparcs(p->raw);
	*gone = 1;
}

void
gp_stage_handoff(int on)
{
	giving = on;
}

int
gp_stage_giving(void)
{
	return giving;
}

/*
 * The end of a stage: its profile kept for the next stage (over what the
 * stage before gave and this one did not take), or freed.
 */
void
gp_stage_end(struct gp_prof *p)
{
	if (!giving) {
		gp_prof_free(p);
		return;
	}
	gp_meas_free(p->meas);	/* made again from the runtime layer */
	p->meas = NULL;
#define GIVE(fld, l) do {						\
	if (p->fld != NULL) {						\
		if (carry.fld != NULL)					\
			errx(1, "internal error: a layer handed on twice"); \
		carry.fld = p->fld;					\
		carry.have |= (l);					\
	}								\
} while (0)
	GIVE(raw, GP_L_RAW);
	GIVE(sym, GP_L_SYM);
	GIVE(credit, GP_L_CREDIT);
	GIVE(graph, GP_L_GRAPH);
	GIVE(rt, GP_L_RT);
	GIVE(diff, GP_L_DIFF);
#undef GIVE
	memset(p, 0, sizeof(*p));
}

/* Every layer of a profile, freed; the structure itself is the caller's. */
void
gp_prof_free(struct gp_prof *p)
{
	gp_raw_free(p->raw);
	gp_sym_free(p->sym);
	gp_credit_free(p->credit);
	gp_graph_free(p->graph);
	gp_rt_free(p->rt);
	gp_meas_free(p->meas);
	gp_diff_free(p->diff);
	memset(p, 0, sizeof(*p));
}
