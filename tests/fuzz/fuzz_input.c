/*
 * fuzz_input, fuzz_perf, fuzz_callgrind: the input format plugins
 * (gp-plugin(3)'s <gp/input.h>) on any bytes, as gmon-cat(1) reads a
 * file of another profiler.
 *
 * fuzz_input picks the plugin by the file's content, as gmon-cat does
 * for a file of any name: not a stream, a companion file or a gmon.out
 * (which gmon-cat reads itself), then the plugin whose match() is
 * surest of the first GP_INPUT_HEAD bytes (gp_foreign_match()).
 * fuzz_perf and fuzz_callgrind (this file with ONLY defined) give every
 * input to one plugin, as gmon-cat -f NAME does.  The plugin's read()
 * writes its records through the host's emit() into a stream, which
 * gp-sym(1)'s reader must then take whole: a stream the plugin wrote
 * and the next stage refuses is a bug as much as a crash is (the
 * stream's layers loaded, written back).
 *
 * The plugins are the bundled ones, built here with the same sanitizers
 * and coverage into inputs/ next to this program (Makefile) and found
 * through GP_PLUGIN_PATH.  Their own allocations are not the harness's
 * (only libgp's calls are renamed): a leak in a plugin is LeakSanitizer's
 * to report (run.sh turns it on for these targets).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "gmon/raw.h"
#include "gprt/companion.h"
#include "gprt/runtime.h"
#include "plugin/input.h"
#include "analysis/profile.h"
#include "stream/stream.h"

#ifndef ONLY
#define ONLY	NULL
#endif

int	LLVMFuzzerInitialize(int *, char ***);
int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const char	*onlyname = ONLY;
static struct gp_plug	*only;		/* fuzz_perf's, fuzz_callgrind's */
static int		 fdout;		/* what the plugin wrote */

struct run {
	struct gp_plug		*plug;
	const uint8_t		*data;
	size_t			 size;
	struct gp_prof		 p;
};

static void
readin(void *arg)
{
	struct run *r = arg;
	struct gp_writer *w;

	fuzz_reset(fdout);
	w = gp_wopen(fdout);
	gp_foreign_read(r->plug, w, "fuzz", r->data, r->size);
	gp_wclose(w);
}

/* The stream as gp-sym reads it: the raw and runtime layers loaded. */
static void
load(void *arg)
{
	struct run *r = arg;
	struct gp_reader *rd;
	struct gp_writer *w;

	if (lseek(fdout, 0, SEEK_SET) == -1)
		fuzz_fail("lseek");
	rd = gp_ropen(fdout, "fuzz");
	w = gp_wopen(fuzz_devnull);
	gp_stage_read(rd, &r->p, GP_L_RAW, GP_L_SYM, w);
	if (r->p.raw != NULL)
		gp_raw_emit(w, r->p.raw);
	if (r->p.rt != NULL)
		gp_rt_emit(w, r->p.rt);
	gp_wclose(w);
	gp_rclose(rd);
}

/* gmon-cat's choice: the files it reads itself go to no plugin. */
static struct gp_plug *
choose(const uint8_t *data, size_t size)
{
	size_t n = strlen(GP_STREAM_MAGIC);

	if (only != NULL)
		return only;
	if ((size > n && memcmp(data, GP_STREAM_MAGIC "\t", n + 1) == 0) ||
	    (size >= strlen(GPRT_MAGIC) && memcmp(data, GPRT_MAGIC,
	    strlen(GPRT_MAGIC)) == 0) ||
	    (size >= 4 && memcmp(data, "gmon", 4) == 0))
		return NULL;
	return gp_foreign_match(data, size);
}

/* fuzz_input's directory, then "/inputs". */
static char *
plugdir(const char *argv0)
{
	char path[PATH_MAX], *slash, *dir;

	if (realpath(argv0, path) == NULL)
		fuzz_fail("realpath %s", argv0);
	if ((slash = strrchr(path, '/')) != NULL)
		*slash = '\0';
	if (asprintf(&dir, "%s/inputs", path) == -1)
		fuzz_fail("asprintf");
	return dir;
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char *dir;

	dir = plugdir((*argv)[0]);
	fuzz_init_plugins(dir);		/* setenv(3) keeps a copy */
	free(dir);
	fdout = fuzz_memfd("out");
	/* Opened once, as gmon-cat -f does, and kept for the process. */
	if (onlyname != NULL && (only = gp_foreign_open(onlyname)) == NULL)
		fuzz_fail("input format %s: not found", onlyname);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct run r;

	fuzz_begin();
	memset(&r, 0, sizeof(r));
	r.data = data;
	r.size = size;
	/* A refused file ends there, as it ends gmon-cat. */
	if ((r.plug = choose(data, size)) != NULL &&
	    fuzz_try(readin, &r) == 0) {
		if (fuzz_try(load, &r) != 0)
			fuzz_fail("input format %s wrote a stream that its "
			    "reader refuses (FUZZ_VERBOSE=1 says why)",
			    r.plug->name);
		gp_prof_free(&r.p);
	}
	fuzz_end();
	return 0;
}
