/*
 * fuzz_fmt: every output format plugin (gp-formats(5)) on any stream, as
 * gp-fmt -o FORMAT runs it: the layers the format asks for loaded, the
 * missing ones made (gp_format_run), the plugin's view built and handed
 * to the plugin, its output sent to /dev/null.
 *
 * The plugins are the bundled ones, built here with the same sanitizers
 * and coverage into plugins/ next to this program (Makefile) and found
 * through GP_PLUGIN_PATH, as gp-fmt finds them.  A stream the reader or
 * gp_format_run() refuses (a layer the format needs missing) ends that
 * format's turn, as it ends gp-fmt; the findings are crashes, hangs and
 * the sanitizers' reports, in libgp's view of the profile or in a plugin.
 * FUZZ_FORMATS=SPEC[;SPEC...] runs only those of the specs below.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "gmon/raw.h"
#include "plugin/format.h"
#include "analysis/profile.h"
#include "stream/stream.h"

int	LLVMFuzzerInitialize(int *, char ***);
int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);
const char *__asan_default_suppressions(void);

/*
 * Graphviz 2.42's pango plugin keeps a pointer to the font name of the
 * text it measured last, a string of the graph laid out, and compares
 * the next font name with it: in a later layout, after that graph was
 * freed (ASan: heap-use-after-free in strcmp called from
 * libgvplugin_pango).  gp-fmt lays out one graph per process and never
 * meets it; this harness lays out one per input and svg spec.  Reports
 * of interceptors called from that library only are suppressed.
 */
const char *
__asan_default_suppressions(void)
{
	return "interceptor_via_lib:libgvplugin_pango.so\n";
}

/* Each format with the options that change what it walks. */
static const char *const specs[] = {
	"dot", "dot,strip=no", "folded", "json", "json,data", "svg",
	"svg,type=graph", "pprof", "speedscope", "html", "callgrind",
	"chrome", "gmon", "replay",
};
#define NSPECS	(sizeof(specs) / sizeof(specs[0]))

/*
 * A gmon.out holds every bin its histograms declare, zero or not, where a
 * stream holds only those that are not (gp-stream(5)): a stream of 1.4 KB
 * declaring 166 million bins makes a gmon.out of 333 MB, which gp-fmt
 * writes in 0.8 s and this build in 12, past libFuzzer's timeout.  That
 * is the format, not a hang; the gmon plugin is run on streams declaring
 * up to MAXDENSE bins (a 2 MB histogram: 4 MB of text at 4 bytes a bin).
 */
#define MAXDENSE	((uint64_t)1 << 20)

static struct gp_plug	*fmts[NSPECS];
static int		 fdin;		/* the input, as a file */
static FILE		*out;		/* /dev/null */

struct run {
	struct gp_plug	*fmt;
	struct gp_prof	 p;
};

static void
load(void *arg)
{
	struct run *r = arg;
	struct gp_reader *rd;

	if (lseek(fdin, 0, SEEK_SET) == -1)
		fuzz_fail("lseek");
	rd = gp_ropen(fdin, "fuzz");
	gp_stage_read(rd, &r->p, gp_format_layers(r->fmt) | GP_L_DIFF, 0,
	    NULL);
	gp_rclose(rd);
}

/* Whether the format writes every bin and the histograms declare many. */
static int
dense(const struct run *r, const char *spec)
{
	uint64_t n = 0;
	size_t i;

	if (strcmp(spec, "gmon") != 0 || r->p.raw == NULL)
		return 0;
	for (i = 0; i < r->p.raw->nhists; i++)
		n += r->p.raw->hists[i].nbins;
	return n > MAXDENSE;
}

static void
write1(void *arg)
{
	struct run *r = arg;

	gp_format_run(r->fmt, &r->p, out, "fuzz");
}

/* fuzz_fmt's directory, then "/plugins". */
static char *
plugdir(const char *argv0)
{
	char path[PATH_MAX], *slash, *dir;

	if (realpath(argv0, path) == NULL)
		fuzz_fail("realpath %s", argv0);
	if ((slash = strrchr(path, '/')) != NULL)
		*slash = '\0';
	if (asprintf(&dir, "%s/plugins", path) == -1)
		fuzz_fail("asprintf");
	return dir;
}

/* Whether spec is one of the ';'-separated list. */
static int
listed(const char *list, const char *spec)
{
	size_t n = strlen(spec);
	const char *p;

	for (p = list; (p = strstr(p, spec)) != NULL; p += n)
		if ((p == list || p[-1] == ';') &&
		    (p[n] == '\0' || p[n] == ';'))
			return 1;
	return 0;
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *only;
	char *dir;
	size_t i;

	dir = plugdir((*argv)[0]);
	fuzz_init_plugins(dir);		/* setenv(3) keeps a copy */
	free(dir);
	fdin = fuzz_memfd("in");
	if ((out = fopen("/dev/null", "w")) == NULL)
		fuzz_fail("/dev/null");
	/* Opened once, as gp-fmt does, and kept for the process. */
	only = getenv("FUZZ_FORMATS");
	for (i = 0; i < NSPECS; i++) {
		if (only != NULL && !listed(only, specs[i]))
			continue;
		if ((fmts[i] = gp_format_open(specs[i])) == NULL)
			fuzz_fail("format %s: not found", specs[i]);
	}
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct run r;
	size_t i;

	fuzz_fill(fdin, data, size);
	fuzz_begin();
	for (i = 0; i < NSPECS; i++) {
		if (fmts[i] == NULL)
			continue;
		memset(&r, 0, sizeof(r));
		r.fmt = fmts[i];
		/* What a refusal left half built, fuzz_end() frees. */
		if (fuzz_try(load, &r) == 0 && (dense(&r, specs[i]) ||
		    fuzz_try(write1, &r) == 0))
			gp_prof_free(&r.p);
	}
	fuzz_end();
	return 0;
}
