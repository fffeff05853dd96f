/*
 * gmongen: write a synthetic GNU gmon.out for an executable's functions,
 * for benchmarks and for comparing gptools with gprof on large or
 * tie-prone profiles.
 *
 * usage: gmongen [-u] [-a arcs] [-b back] [-c maxcount] [-f functions]
 *            [-h samples] [-r rate] [-s seed] [-w width] [-x selfpct]
 *            low high < functions > gmon.out
 *
 * The functions are read from the standard input as nm -S prints them
 * ("START SIZE TYPE NAME", hexadecimal); text symbols (t, T, w, W) count,
 * or with -f a random choice of that many of them.  The histogram
 * covers [low, high) as glibc's would (a bin for every 4 bytes, rounded
 * as glibc rounds; or about one for every `width' bytes); samples fall in
 * random bins inside random functions.
 * Each arc goes from a random address inside one function to the start of
 * another, with a count from 1 to maxcount; arcs may repeat, as they do in
 * files that were summed.  The functions are ranked at random; an arc
 * goes to a function of higher rank, as calls in most programs go down
 * the layers, but for `back' in 10000 of the arcs (default 20), which go
 * up to a function of slightly lower rank and make small cycles, and
 * selfpct percent (default 5), which are recursive calls.  With -u, arcs
 * go to any function (one big cycle).  Small counts and few samples make
 * many ties.
 */
#include <err.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gmonout.h"

struct fn {
	uint64_t	 start;
	uint64_t	 end;
};

static uint64_t
below(uint64_t n)
{
	return n == 0 ? 0 : rnd() % n;
}

static uint64_t
num(const char *s, int base, const char *what)
{
	char *end;
	uint64_t v;

	errno = 0;
	v = strtoull(s, &end, base);
	if (*s == '\0' || *end != '\0' || errno != 0)
		errx(1, "%s: bad %s", s, what);
	return v;
}

static void
usage(void)
{
	fprintf(stderr, "usage: gmongen [-u] [-a arcs] [-b back] [-c maxcount] "
	    "[-f functions]\n"
	    "               [-h samples] [-r rate] [-s seed] [-w width] "
	    "[-x selfpct]\n"
	    "               low high < functions > gmon.out\n");
	exit(1);
}

int
main(int argc, char *argv[])
{
	struct fn *fv = NULL;
	size_t nf = 0, cap = 0, i;
	uint64_t low, high, narcs = 1000, nsamp = 1000, maxc = 5, rate = 100;
	uint64_t nfunc = 0, width = 4, selfpct = 5, back = 20, nbins, kbytes, *bins, b, site;
	size_t *rank, *byrank, k;
	char line[256];
	int ch, uniform = 0;

	while ((ch = getopt(argc, argv, "a:b:c:f:h:r:s:uw:x:")) != -1)
		switch (ch) {
		case 'a':
			narcs = num(optarg, 10, "arc count");
			break;
		case 'b':
			back = num(optarg, 10, "back arcs");
			break;
		case 'c':
			maxc = num(optarg, 10, "maximum count");
			break;
		case 'f':
			nfunc = num(optarg, 10, "function count");
			break;
		case 'h':
			nsamp = num(optarg, 10, "sample count");
			break;
		case 'r':
			rate = num(optarg, 10, "rate");
			break;
		case 's':
			rnd_state = num(optarg, 10, "seed") * 2654435761ULL + 1;
			break;
		case 'u':
			uniform = 1;
			break;
		case 'w':
			if ((width = num(optarg, 10, "width")) < 2)
				errx(1, "-w %s: at least 2", optarg);
			break;
		case 'x':
			selfpct = num(optarg, 10, "percentage");
			break;
		default:
			usage();
		}
	argc -= optind;
	argv += optind;
	if (argc != 2 || maxc == 0)
		usage();
	low = num(argv[0], 16, "address") & ~(uint64_t)3;
	high = (num(argv[1], 16, "address") + 3) & ~(uint64_t)3;
	if (high <= low)
		errx(1, "empty range");
	while (fgets(line, sizeof(line), stdin) != NULL) {
		uint64_t start, size;
		char type;

		if (sscanf(line, "%" SCNx64 " %" SCNx64 " %c", &start, &size,
		    &type) != 3 || strchr("tTwW", type) == NULL || size == 0)
			continue;
		if (nf == cap) {
			cap = cap ? cap * 2 : 1024;
			if ((fv = realloc(fv, cap * sizeof(*fv))) == NULL)
				err(1, NULL);
		}
		fv[nf].start = start;
		fv[nf].end = start + size;
		if (fv[nf].end <= fv[nf].start || fv[nf].start < low ||
		    fv[nf].end > high)
			continue;
		nf++;
	}
	if (nf == 0)
		errx(1, "no functions inside the range");
	if (nfunc > 0 && nfunc < nf) {
		/* a random choice, kept in address order */
		char *keep;

		if ((keep = calloc(nf, 1)) == NULL)
			err(1, NULL);
		for (i = 0; i < nfunc;) {
			k = below(nf);
			if (!keep[k]) {
				keep[k] = 1;
				i++;
			}
		}
		for (i = k = 0; i < nf; i++)
			if (keep[i])
				fv[k++] = fv[i];
		nf = k;
		free(keep);
	}

	/* glibc: kcountsize = ROUNDUP((high - low) / 2, sizeof(long)) */
	kbytes = ((high - low) / (width / 2) + 7) & ~(uint64_t)7;
	nbins = kbytes / 2;
	if ((bins = calloc(nbins, sizeof(*bins))) == NULL)
		err(1, NULL);
	for (i = 0; i < nsamp; i++) {
		/* skewed: low-numbered functions get more */
		const struct fn *f = &fv[below(below(nf) + 1)];
		uint64_t pc = f->start + below(f->end - f->start);

		/* glibc's mapping: ((pc - low) / 2) * scale / 65536 */
		b = (pc - low) / 2 * (uint64_t)(65536.0 * nbins /
		    ((high - low) / 2)) / 65536;
		if (b < nbins && bins[b] < 65535)
			bins[b]++;
	}

	put_histhdr(stdout, low, high, nbins, rate);
	for (b = 0; b < nbins; b++)
		put(stdout, bins[b], 2);
	/* a random ranking of the functions */
	if ((rank = calloc(nf, sizeof(*rank))) == NULL ||
	    (byrank = calloc(nf, sizeof(*byrank))) == NULL)
		err(1, NULL);
	for (i = 0; i < nf; i++)
		byrank[i] = i;
	for (i = nf; i > 1; i--) {
		k = below(i);
		b = byrank[i - 1];
		byrank[i - 1] = byrank[k];
		byrank[k] = b;
	}
	for (i = 0; i < nf; i++)
		rank[byrank[i]] = i;
	for (i = 0; i < narcs; i++) {
		size_t pi = below(nf), r;
		const struct fn *p = &fv[pi], *c;

		if (below(100) < selfpct)
			c = p;
		else if (uniform)
			c = &fv[below(nf)];
		else if (below(10000) < back || rank[pi] + 1 >= nf) {
			r = rank[pi] > 8 ? rank[pi] - 1 - below(8) : 0;
			c = &fv[byrank[r]];
		} else {
			/* below, nearer layers likelier */
			r = rank[pi] + 1 + below(below(nf - rank[pi] - 1) + 1);
			c = &fv[byrank[r]];
		}
		/* the call site, drawn before the count */
		site = p->start + below(p->end - p->start);
		put_arc(stdout, site, c->start, 1 + below(maxc));
	}
	if (fflush(stdout) == EOF || ferror(stdout))
		err(1, "stdout");
	return 0;
}
