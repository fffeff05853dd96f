/*
 * fuzz_gprt: the gprt(3) companion-file reader (libgp/gprt/companion.c) on any
 * bytes.
 *
 * The input is the companion file.  A file the reader takes must then
 * give a stream that loads (its raw and runtime layers, as gmon-cat
 * writes them and the later stages read them), and loaded once more,
 * writes back the same,
 * and a gmon.out (gp_gprt_gmon(), for a run killed before exit) that
 * reads back; merging the threads must not crash.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "gmon/raw.h"
#include "gprt/companion.h"
#include "gprt/runtime.h"
#include "analysis/profile.h"
#include "stream/stream.h"

int	LLVMFuzzerInitialize(int *, char ***);
int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static int	fdin, fda, fdb, fdc;	/* memfds: the input, the outputs */

struct ctx {
	struct gp_gprt	*g;
	unsigned char	*buf;
	size_t		 len;
};

/* The stream in fd loaded (raw and runtime layers), emitted into out. */
static void
reload(void *arg)
{
	const int *fd = arg;
	struct gp_reader *r;
	struct gp_writer *w;
	struct gp_prof p;

	memset(&p, 0, sizeof(p));
	if (lseek(fd[0], 0, SEEK_SET) == -1)
		fuzz_fail("lseek");
	r = gp_ropen(fd[0], "stream");
	gp_stage_read(r, &p, GP_L_RAW, 0, NULL);
	gp_rclose(r);
	if (p.raw == NULL || p.rt == NULL)
		fuzz_fail("the stream of a companion file lacks a layer");
	fuzz_reset(fd[1]);
	w = gp_wopen(fd[1]);
	gp_raw_emit(w, p.raw);
	gp_rt_emit(w, p.rt);
	gp_wclose(w);
	gp_raw_free(p.raw);
	gp_rt_free(p.rt);
}

static void
parse(void *arg)
{
	struct ctx *c = arg;
	struct gp_gmonopt opt;

	memset(&opt, 0, sizeof(opt));
	gp_raw_free(gp_gmon_parse(c->buf, c->len, "gmon", &opt));
}

/*
 * gp_gprt_gmon() and gp_gprt_emit() repeat the histogram once for every
 * 65535 samples of its fullest bin, as the runtime does at exit (the
 * bins of a gmon.out are 16-bit): a bin of 2^32 samples makes 65536
 * copies, a minute's work for one input, which is not worth the time.
 */
static int
gmonsize_ok(const struct gp_gprt *g)
{
	uint64_t calls = 0;
	size_t i;

	for (i = 0; g->bins != NULL && i < g->nbins; i++)
		if (g->bins[i] > 16 * 65535)
			return 0;
	/*
	 * Without sampling, the histogram is the executable's text in zero
	 * bins, 2 bytes each: 2^33 bytes (gprt.c's limit) are 4 GB.
	 */
	if (g->bins == NULL && g->nobjs > 0 &&
	    g->objs[0].texthigh > g->objs[0].low &&
	    g->objs[0].texthigh - g->objs[0].low > (uint64_t)1 << 22)
		return 0;
	/* Likewise an arc, once for every 2^32 calls (gprt.c MAXCALLS). */
	for (i = 0; i < g->narcs; i++)
		if ((calls += g->arcs[i].count) > (uint64_t)1 << 36)
			return 0;
	return 1;
}

/*
 * The limits gp_gprt_load() keeps (gprt.c), beyond which gp_gprt_gmon()
 * writes for hours: checked here because the skips of gmonsize_ok()
 * would hide a file the loader wrongly took.
 */
static void
limits(const struct gp_gprt *g)
{
	uint64_t calls = 0;
	size_t i;

	for (i = 0; i < g->narcs; i++) {
		if (g->arcs[i].count > ((uint64_t)1 << 52) - calls)
			fuzz_fail("gp_gprt_load took more than 2^52 calls");
		calls += g->arcs[i].count;
	}
	if (g->nobjs > 0 && g->objs[0].texthigh > g->objs[0].low &&
	    g->objs[0].texthigh - g->objs[0].low >= (uint64_t)1 << 33)
		fuzz_fail("gp_gprt_load took an executable's text of 2^33 "
		    "bytes or more");
	if (g->bins != NULL && g->hz > UINT32_MAX)
		fuzz_fail("gp_gprt_load took a rate above 2^32");
}

static void
run(void *arg)
{
	struct ctx *c = arg, m;
	struct gp_writer *w;
	struct gp_gprt *g;
	unsigned char *a, *b;
	size_t alen, blen, i;
	uint64_t rel;
	int fd[2];

	c->g = g = gp_gprt_load(fuzz_fdpath(fdin));
	limits(g);
	if (!gmonsize_ok(g)) {
		gp_gprt_free(g);
		return;
	}

	fuzz_reset(fda);
	w = gp_wopen(fda);
	gp_gprt_emit(g, w, GP_GPRT_RAW);
	gp_wclose(w);
	/*
	 * gp_gprt_emit() cuts the bins into records its own way; once
	 * through the loader, the stream must stay the same.
	 */
	fd[0] = fda;
	fd[1] = fdb;
	if (fuzz_try(reload, fd))
		fuzz_fail("the stream of a companion file does not load");
	fd[0] = fdb;
	fd[1] = fdc;
	if (fuzz_try(reload, fd))
		fuzz_fail("a companion file's stream reloaded does not load");
	a = fuzz_slurp(fdb, &alen);
	b = fuzz_slurp(fdc, &blen);
	fuzz_same("a companion file's stream reloaded once and twice",
	    a, alen, b, blen);
	free(a);
	free(b);

	for (i = 0; i < g->nobjs; i++) {
		(void)gp_gprt_obj(g, g->objs[i].textlow + g->objs[i].bias,
		    &rel);
		(void)gp_gprt_obj(g, g->objs[i].texthigh + g->objs[i].bias,
		    &rel);
	}

	fuzz_reset(fdb);
	if (gp_gprt_gmon(g, fuzz_fdpath(fdb)) != 0)
		fuzz_fail("gp_gprt_gmon failed");
	memset(&m, 0, sizeof(m));
	m.buf = fuzz_slurp(fdb, &m.len);
	if (fuzz_try(parse, &m))
		fuzz_fail("the gmon.out of a companion file does not read "
		    "back");
	free(m.buf);

	gp_gprt_merge(g);
	w = gp_wopen(fuzz_devnull);
	gp_gprt_emit(g, w, GP_GPRT_RAW | GP_GPRT_MERGE);
	gp_wclose(w);
	gp_gprt_free(g);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_init();
	fdin = fuzz_memfd("in");
	fda = fuzz_memfd("a");
	fdb = fuzz_memfd("b");
	fdc = fuzz_memfd("c");
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ctx c;

	fuzz_fill(fdin, data, size);
	memset(&c, 0, sizeof(c));
	fuzz_begin();
	(void)fuzz_try(run, &c);
	fuzz_end();
	return 0;
}
