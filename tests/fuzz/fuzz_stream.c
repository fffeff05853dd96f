/*
 * fuzz_stream: the gp-stream(5) reader and every layer's loader on any
 * bytes, then what the stages do with what they loaded.
 *
 * The input is a stream.  It is read twice:
 *  - as gp-fmt reads it: every layer loaded (and gp-fmt -i's fileinfo
 *    records), then gp_analyse(), which checks the credit and graph
 *    layers it finds, or makes them; then each layer written back, the
 *    function order of gprof -r, the plugins' view of the profile and
 *    gprof -s's gmon.sum in each of its formats;
 *  - as gp-hist and gp-arcs read it: the raw and symbol layers loaded,
 *    the credit and graph layers made anew and written.
 */
#include <string.h>
#include <unistd.h>

#include "gmon/fileinfo.h"
#include "fuzz.h"
#include "gmon/raw.h"
#include "report/gmonsum.h"
#include "analysis/graph.h"
#include "analysis/credit.h"
#include "analysis/measured.h"
#include "gprt/runtime.h"
#include "report/order.h"
#include "analysis/profile.h"
#include "report/view.h"
#include "stream/stream.h"
#include "sym/symtab.h"

int	LLVMFuzzerInitialize(int *, char ***);
int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static int	fdin;			/* the input, as a file */

struct ctx {
	struct gp_prof	 p;
	const char	*sumfmt;
};

/*
 * A gmon.out holds every bin of its histograms, the empty ones too: the
 * file written, and the time to write it, follow the bins a stream
 * declares (up to 2^32 - 1 of them in a few bytes), as gp -s and gp-fmt
 * -o gmon are asked to.  Only sums of at most SUMBINS bins are written
 * here, so that an input's time stays within libFuzzer's -timeout.
 */
#define SUMBINS		((uint64_t)1 << 22)

static void
sum(void *arg)
{
	struct ctx *c = arg;
	uint64_t n = 0;
	size_t i;

	for (i = 0; i < c->p.raw->nhists; i++)
		n += c->p.raw->hists[i].nbins;
	if (n > SUMBINS)
		return;
	gp_sum_write("/dev/null", &c->p, NULL, c->sumfmt);
}

static void
fmt(void *arg)
{
	static const char *const sumfmts[] = { "auto", "bsd", "4.4bsd" };
	struct ctx *c = arg;
	struct gp_fileinfo fi;
	struct gp_reader *r;
	struct gp_writer *w;
	struct gp_opts o;
	size_t i;

	memset(&fi, 0, sizeof(fi));
	r = gp_ropen(fdin, "fuzz");
	w = gp_wopen(fuzz_devnull);
	gp_stage_other(gp_fileinfo_take, &fi);
	gp_stage_read(r, &c->p, GP_L_RAW | GP_L_SYM | GP_L_CREDIT |
	    GP_L_GRAPH, 0, w);
	gp_stage_other(NULL, NULL);
	gp_fileinfo_print(&fi);
	if (c->p.raw != NULL)
		gp_raw_emit(w, c->p.raw);
	if (c->p.rt != NULL)
		gp_rt_emit(w, c->p.rt);
	if (c->p.sym == NULL)
		goto out;
	gp_sym_emit(w, c->p.sym);
	(void)gp_meas_get(&c->p);
	memset(&o, 0, sizeof(o));
	gp_analyse(&c->p, &o);
	gp_credit_emit(&c->p, w);
	gp_graph_emit(&c->p, w);
	gp_pview_free(gp_pview_build(&c->p, GP_L_RAW | GP_L_SYM |
	    GP_L_CREDIT | GP_L_GRAPH | GP_L_RT));
	if (c->p.raw == NULL)
		goto out;
	gp_order_print(&c->p);
	for (i = 0; i < sizeof(sumfmts) / sizeof(sumfmts[0]); i++) {
		c->sumfmt = sumfmts[i];
		(void)fuzz_try(sum, c);
	}
out:
	gp_wclose(w);
	gp_rclose(r);
	gp_prof_free(&c->p);
}

static void
arcs(void *arg)
{
	struct ctx *c = arg;
	struct gp_reader *r;
	struct gp_writer *w;
	struct gp_opts o;

	r = gp_ropen(fdin, "fuzz");
	w = gp_wopen(fuzz_devnull);
	gp_stage_read(r, &c->p, GP_L_RAW | GP_L_SYM,
	    GP_L_CREDIT | GP_L_GRAPH, w);
	if (c->p.raw != NULL && c->p.sym != NULL) {
		gp_credit_make(&c->p, NULL);
		memset(&o, 0, sizeof(o));
		gp_analyse(&c->p, &o);
		gp_credit_emit(&c->p, w);
		gp_graph_emit(&c->p, w);
	}
	gp_wclose(w);
	gp_rclose(r);
	gp_prof_free(&c->p);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_init();
	fdin = fuzz_memfd("in");
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ctx c;

	fuzz_fill(fdin, data, size);
	fuzz_begin();
	memset(&c, 0, sizeof(c));
	if (fuzz_try(fmt, &c))
		gp_stage_other(NULL, NULL);
	if (lseek(fdin, 0, SEEK_SET) == -1)
		fuzz_fail("lseek");
	memset(&c, 0, sizeof(c));
	(void)fuzz_try(arcs, &c);
	fuzz_end();
	return 0;
}
