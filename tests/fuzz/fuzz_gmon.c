/*
 * fuzz_gmon: the gmon.out reader (libgp/gmon/read.c) on any bytes.
 *
 * The first byte of an input chooses the reader's options, the rest is
 * the file:
 *	bits 0-2	format, modulo 5 (enum gp_informat: 0 detects)
 *	bits 3-4	width: 0 detects, 1 is 32, 2 is 64, 3 detects
 *	bits 5-6	byte order: 0 and 3 detect, 1 GP_LE, 2 GP_BE
 *	bit 7		keepraw (gmon-cat -r)
 *
 * A file the reader takes must then keep the promises of gmon.h:
 * gp_gmon_cat() writes the stream gp_raw_emit() writes of the model;
 * gp_gmon_write() gives the file back byte for byte; the stream loads
 * back into the same model; a file written in another layout, width
 * and order (chosen by the input's length) reads back with those
 * options; summing does not crash.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "gmon/raw.h"
#include "analysis/profile.h"
#include "stream/stream.h"

int	LLVMFuzzerInitialize(int *, char ***);
int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static int	fda, fdb, fdc;		/* memfds for the outputs */

struct in {
	const unsigned char *buf;
	size_t		 len;
	struct gp_gmonopt opt;
	struct gp_raw	*raw;
	enum gp_layout	 layout;	/* for write() */
	int		 width, order;
};

static void
cat(void *arg)
{
	struct in *in = arg;
	struct gp_writer *w;

	fuzz_reset(fdb);
	w = gp_wopen(fdb);
	gp_gmon_cat(w, in->buf, in->len, "fuzz", "fuzz", &in->opt);
	gp_wclose(w);
}

/* gp_raw_emit() of a model into fd. */
static void
emit(int fd, const struct gp_raw *raw)
{
	struct gp_writer *w;

	fuzz_reset(fd);
	w = gp_wopen(fd);
	gp_raw_emit(w, raw);
	gp_wclose(w);
}

static void
reload(void *arg)
{
	struct in *in = arg;
	struct gp_reader *r;
	struct gp_prof p;

	memset(&p, 0, sizeof(p));
	if (lseek(fda, 0, SEEK_SET) == -1)
		fuzz_fail("lseek");
	r = gp_ropen(fda, "stream");
	gp_stage_read(r, &p, GP_L_RAW, 0, NULL);
	gp_rclose(r);
	if (p.raw == NULL)
		fuzz_fail("the stream of a file loads no raw layer");
	emit(fdb, p.raw);
	gp_raw_free(p.raw);
	(void)in;
}

static void
writeback(void *arg)
{
	struct in *in = arg;

	fuzz_reset(fdc);
	gp_gmon_write(fdc, "fuzz", in->raw, in->layout, in->width, in->order);
}

static void
parse(void *arg)
{
	struct in *in = arg;

	gp_raw_free(gp_gmon_parse(in->buf, in->len, "fuzz", &in->opt));
}

static void
sum(void *arg)
{
	struct in *in = arg;
	struct gp_raw *dst;

	dst = gp_raw_new("sum");
	gp_raw_sum(dst, in->raw);
	gp_raw_sum(dst, in->raw);
	gp_raw_free(dst);
}

static void
run(void *arg)
{
	static const enum gp_informat informat[] = {
		[GP_GNU] = GP_IN_GNU, [GP_BSD44] = GP_IN_BSD44,
		[GP_OLDBSD] = GP_IN_OLDBSD,
	};
	static const char *const lname[] = {
		[GP_GNU] = "gnu", [GP_BSD44] = "bsd44", [GP_OLDBSD] = "oldbsd",
	};
	struct in *in = arg, out;
	unsigned char *a, *b;
	size_t alen, blen;
	int layout, width, order;

	in->raw = gp_gmon_parse(in->buf, in->len, "fuzz", &in->opt);
	emit(fda, in->raw);
	a = fuzz_slurp(fda, &alen);

	if (fuzz_try(cat, in))
		fuzz_fail("gp_gmon_cat refused a file gp_gmon_parse took");
	b = fuzz_slurp(fdb, &blen);
	fuzz_same("gp_gmon_cat and gp_raw_emit", a, alen, b, blen);
	free(b);

	if (fuzz_try(reload, in))
		fuzz_fail("the stream of a file does not load");
	b = fuzz_slurp(fdb, &blen);
	fuzz_same("the stream and the stream reloaded", a, alen, b, blen);
	free(b);
	free(a);

	/* The file back as it was read. */
	in->layout = 0;
	in->width = in->order = 0;
	if (fuzz_try(writeback, in))
		fuzz_fail("gp_gmon_write refused the model of a file");
	b = fuzz_slurp(fdc, &blen);
	fuzz_same("a file and its model written", in->buf, in->len, b, blen);
	free(b);

	/*
	 * Another layout, width and order, chosen by the length (all
	 * twelve for every input would make the fuzzing twelve times
	 * slower): what is written reads back.
	 */
	layout = GP_GNU + (int)(in->len % 3);
	width = in->len / 3 % 2 ? 64 : 32;
	order = in->len / 6 % 2 ? GP_BE : GP_LE;
	in->layout = layout;
	in->width = width;
	in->order = order;
	if (!fuzz_try(writeback, in)) {
		memset(&out, 0, sizeof(out));
		out.buf = b = fuzz_slurp(fdc, &blen);
		out.len = blen;
		out.opt.format = informat[layout];
		out.opt.width = width;
		out.opt.order = order;
		out.opt.keepraw = 1;
		if (fuzz_try(parse, &out))
			fuzz_fail("gp_gmon_write wrote a %s %d-bit %s file "
			    "that does not read back", lname[layout], width,
			    order == GP_BE ? "be" : "le");
		free(b);
	}

	(void)fuzz_try(sum, in);
	gp_raw_free(in->raw);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_init();
	fda = fuzz_memfd("a");
	fdb = fuzz_memfd("b");
	fdc = fuzz_memfd("c");
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int widths[] = { 0, 32, 64, 0 };
	static const int orders[] = { 0, GP_LE, GP_BE, 0 };
	struct in in;

	if (size < 1)
		return 0;
	memset(&in, 0, sizeof(in));
	in.opt.format = (enum gp_informat)((data[0] & 7) % 5);
	in.opt.width = widths[data[0] >> 3 & 3];
	in.opt.order = orders[data[0] >> 5 & 3];
	in.opt.keepraw = data[0] >> 7;
	in.buf = data + 1;
	in.len = size - 1;
	fuzz_begin();
	(void)fuzz_try(run, &in);
	fuzz_end();
	return 0;
}
