/*
 * Reading gmon.out files into the raw model: GNU (tagged records),
 * 4.4BSD and old 4.2BSD, 32- or 64-bit addresses, either byte order.
 *
 * A file is parsed in two passes: a check that walks the records and
 * their sizes without allocating anything, then the same walk building
 * the model (gp_gmon_parse) or writing the stream records straight from
 * the file (gp_gmon_cat).  What the file does not tell (the width, and
 * the byte order of a version-0 GNU or an old BSD file) is found by
 * checking each candidate reading in order of preference and keeping the
 * first that reads the whole file consistently; if none does, the error
 * reported is that of the most plausible reading (better()).
 */
#include <sys/mman.h>
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gmon/raw.h"

#define GNU_HDRSIZE	20
#define GNU_HISTHDR(p)	(2 * (p) + 4 + 4 + 15 + 1)

struct pctx {
	const unsigned char *buf;
	size_t		 len;
	const char	*name;
	enum gp_layout	 layout;
	size_t		 psz;		/* 4 or 8 */
	int		 be;
	int		 keepraw;
	struct gp_raw	*raw;		/* the model being built, or */
	struct gp_writer *w;		/* the stream being written, or both
					   NULL while checking */
	const char	*path;		/* for the profile record */
	unsigned	 nhist, nbb;	/* ids while writing */
	size_t		 narcs;		/* counted while checking */
	size_t		 nrec;		/* records read */
	int		 ident;		/* version word: 1 fits, -1 not, 0 none */
	size_t		 erroff;
	char		 err[256];
};

static uint16_t
g16(const unsigned char *p, int be)
{
	return be ? (uint16_t)(p[0] << 8 | p[1]) : (uint16_t)(p[1] << 8 | p[0]);
}

static uint32_t
g32(const unsigned char *p, int be)
{
	if (be)
		return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
		    (uint32_t)p[2] << 8 | p[3];
	return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[1] << 8 | p[0];
}

static uint64_t
g64(const unsigned char *p, int be)
{
	if (be)
		return (uint64_t)g32(p, 1) << 32 | g32(p + 4, 1);
	return (uint64_t)g32(p + 4, 0) << 32 | g32(p, 0);
}

static uint64_t
gptr(const struct pctx *c, size_t off)
{
	return c->psz == 8 ? g64(c->buf + off, c->be) :
	    g32(c->buf + off, c->be);
}

static int
fail(struct pctx *c, size_t off, const char *fmt, ...)
    __attribute__((__format__(__printf__, 3, 4)));

static int
fail(struct pctx *c, size_t off, const char *fmt, ...)
{
	va_list ap;

	c->erroff = off;
	va_start(ap, fmt);
	vsnprintf(c->err, sizeof(c->err), fmt, ap);
	va_end(ap);
	return -1;
}

static int
hostbe(void)
{
	const uint16_t one = 1;

	return *(const unsigned char *)&one == 0;
}

static void
addfile(struct pctx *c, uint32_t version, const unsigned char *spare)
{
	struct gp_file *f, tf;

	if (c->raw != NULL) {
		f = gp_raw_addfile(c->raw);
		if ((f->path = strdup(c->path)) == NULL)
			err(1, NULL);
	} else if (c->w != NULL) {
		f = &tf;
		memset(f, 0, sizeof(*f));
		f->path = (char *)(uintptr_t)c->path;
	} else
		return;
	f->layout = c->layout;
	f->width = c->psz * 8;
	f->bigendian = c->be;
	f->version = version;
	if (spare != NULL) {
		memcpy(f->spare, spare, sizeof(f->spare));
		f->nspare = sizeof(f->spare);
	}
	if (c->raw == NULL)
		gp_raw_emitprofile(c->w, f);
}

static void
addhist(struct pctx *c, uint64_t low, uint64_t high, uint32_t nbins,
    uint32_t rate, const unsigned char *dimen, int abbrev, size_t off)
{
	struct gp_hist *h, th;
	uint32_t i;

	if (c->raw != NULL)
		h = gp_raw_addhist(c->raw);
	else if (c->w != NULL) {
		h = &th;
		memset(h, 0, sizeof(*h));
		h->id = c->nhist++;
	} else
		return;
	h->low = low;
	h->high = high;
	h->nbins = nbins;
	h->rate = rate;
	memcpy(h->dimen, dimen, 15);
	h->dimen[15] = '\0';
	h->abbrev = abbrev;
	if (c->raw == NULL) {
		gp_raw_emithist(c->w, h, c->buf + off, c->be);
		return;
	}
	for (i = 0; i < nbins; i++)	/* the file holds them all */
		gp_hist_add(h, i, g16(c->buf + off + 2 * (size_t)i, c->be), 0);
}

static void
addarcs(struct pctx *c, size_t off, size_t n, size_t size, int cnt32)
{
	struct gp_arc *a, ta;
	size_t i, p = c->psz;

	if (c->raw == NULL && c->w == NULL) {
		c->narcs += n;
		return;
	}
	if (c->raw != NULL)
		gp_raw_reserve(c->raw, n);
	for (i = 0; i < n; i++, off += size) {
		a = c->raw != NULL ? gp_raw_addarc(c->raw) : &ta;
		a->from = gptr(c, off);
		a->self = gptr(c, off + p);
		a->count = cnt32 ? g32(c->buf + off + 2 * p, c->be) :
		    gptr(c, off + 2 * p);
		if (c->raw == NULL)
			gp_raw_emitarc(c->w, a);
	}
}

/* A basic-block record of n blocks at off. */
static void
addbb(struct pctx *c, size_t off, uint32_t n)
{
	struct gp_bbrec *bb;
	struct gp_bb tb;
	size_t i, p = c->psz;

	if (c->raw != NULL) {
		bb = gp_raw_addbbrec(c->raw);
		bb->n = n;
		bb->nbbs = bb->cap = n;
		if ((bb->bbs = reallocarray(NULL, n > 0 ? n : 1,
		    sizeof(*bb->bbs))) == NULL)
			err(1, NULL);
		for (i = 0; i < n; i++, off += 2 * p) {
			bb->bbs[i].addr = gptr(c, off);
			bb->bbs[i].count = gptr(c, off + p);
		}
	} else if (c->w != NULL) {
		gp_raw_emitbbrec(c->w, c->nbb, n);
		for (i = 0; i < n; i++, off += 2 * p) {
			tb.addr = gptr(c, off);
			tb.count = gptr(c, off + p);
			gp_raw_emitbb(c->w, c->nbb, &tb);
		}
		c->nbb++;
	}
}

/* An opaque record (or a plugin's): its tag at off, len bytes after. */
static void
addraw(struct pctx *c, size_t off, size_t len)
{
	struct gp_rawrec *r;

	if (c->raw != NULL) {
		r = gp_raw_addraw(c->raw);
		r->tag = c->buf[off];
		r->len = r->cap = len;
		if ((r->data = malloc(len + 1)) == NULL)
			err(1, NULL);
		memcpy(r->data, c->buf + off + 1, len);
	} else if (c->w != NULL)
		gp_raw_emitraw(c->w, c->buf[off], c->buf + off + 1, len,
		    8 * c->psz, c->be);
}

/* GNU: "gmon", version, 12 spare bytes, then tagged records. */
static int
parsegnu(struct pctx *c)
{
	const unsigned char *b = c->buf;
	size_t len = c->len, off, p = c->psz, need;
	uint64_t low, high;
	uint32_t n, version;
	char why[256];
	long nb;

	if (len < GNU_HDRSIZE)
		return fail(c, len, "file ends inside the %d-byte GNU header",
		    GNU_HDRSIZE);
	if (memcmp(b, GP_GMON_COOKIE, 4) != 0)
		return fail(c, 0, "expected the cookie \"gmon\" of a GNU file");
	version = g32(b + 4, c->be);
	if (version > 1) {
		c->ident = -1;
		return fail(c, 4, "GNU version %" PRIu32 " (%s), expected 0 "
		    "or 1", version, c->be ? "big-endian" : "little-endian");
	}
	c->ident = 1;
	addfile(c, version, b + 8);
	for (off = GNU_HDRSIZE; off < len; ) {
		switch (b[off]) {
		case 0:
			need = 1 + GNU_HISTHDR(p);
			if (len - off < need)
				return fail(c, off, "histogram record cut "
				    "short: %zu bytes left, its header is %zu",
				    len - off, need);
			low = gptr(c, off + 1);
			high = gptr(c, off + 1 + p);
			n = g32(b + off + 1 + 2 * p, c->be);
			if (low > high)
				return fail(c, off + 1, "histogram low_pc 0x%"
				    PRIx64 " above high_pc 0x%" PRIx64, low,
				    high);
			if (n > (len - off - need) / 2)
				return fail(c, off + 1 + 2 * p, "histogram of "
				    "%" PRIu32 " bins needs %" PRIu64 " bytes, "
				    "%zu left", n, (uint64_t)n * 2,
				    len - off - need);
			addhist(c, low, high, n, g32(b + off + 5 + 2 * p, c->be),
			    b + off + 9 + 2 * p, b[off + need - 1], off + need);
			off += need + 2 * (size_t)n;
			c->nrec++;
			break;
		case 1:
			need = 1 + 2 * p + 4;
			if (len - off < need)
				return fail(c, off, "arc record cut short: "
				    "%zu bytes left, expected %zu", len - off,
				    need);
			addarcs(c, off + 1, 1, need, 1);
			off += need;
			c->nrec++;
			break;
		case 2:
			if (len - off < 5)
				return fail(c, off, "basic-block record cut "
				    "short: %zu bytes left, expected 5 or more",
				    len - off);
			n = g32(b + off + 1, c->be);
			if (n > (len - off - 5) / (2 * p))
				return fail(c, off + 1, "%" PRIu32 " basic "
				    "blocks need %" PRIu64 " bytes, %zu left",
				    n, (uint64_t)n * 2 * p, len - off - 5);
			off += 5;
			addbb(c, off, n);
			off += 2 * p * (size_t)n;
			c->nrec++;
			break;
		default:
			/* A record type of a plugin (gp-plugin(3)). */
			if ((nb = gp_raw_measure(b[off], b + off + 1,
			    len - off - 1, 8 * p, c->be, why,
			    sizeof(why))) != -2) {
				if (nb < 0)
					return fail(c, off, "%s", why);
				addraw(c, off, nb);
				off += 1 + nb;
				c->nrec++;
				break;
			}
			if (!c->keepraw)
				return fail(c, off, "unknown record tag %d, "
				    "expected 0 (histogram), 1 (arc) or 2 "
				    "(basic blocks)", b[off]);
			addraw(c, off, len - off - 1);
			off = len;
			break;
		}
	}
	return 0;
}

/*
 * BSD: low, high, ncnt (header and bins in bytes), for 4.4BSD the
 * version word, the rate and 12 spare bytes; the bins; then arcs with a
 * pointer-sized count up to the end of the file.
 */
static int
parsebsd(struct pctx *c)
{
	static const unsigned char secs[15] = "seconds";
	const unsigned char *b = c->buf;
	size_t len = c->len, p = c->psz, hdr, asz, n;
	uint64_t low, high;
	uint32_t ncnt, v, rate;
	int bsd44 = c->layout == GP_BSD44;

	hdr = bsd44 ? 2 * p + 24 : 2 * p + 4;
	if (len < hdr)
		return fail(c, len, "file ends inside the %zu-byte %s header",
		    hdr, bsd44 ? "4.4BSD" : "old BSD");
	low = gptr(c, 0);
	high = gptr(c, p);
	ncnt = g32(b + 2 * p, c->be);
	rate = gp_hertz();
	if (bsd44) {
		if ((v = g32(b + 2 * p + 4, c->be)) != GP_BSD44_VERSION) {
			c->ident = -1;
			return fail(c, 2 * p + 4, "4.4BSD version word 0x%08"
			    PRIx32 ", expected 0x%08x", v, GP_BSD44_VERSION);
		}
		rate = g32(b + 2 * p + 8, c->be);
		c->ident = 1;
	}
	/* nrec: how far the reading got, for better(). */
	if (ncnt < hdr || (ncnt - hdr) % 2 != 0)
		return fail(c, 2 * p, "histogram size %" PRIu32 " (header "
		    "and bins), expected %zu plus twice the bins", ncnt, hdr);
	if (ncnt > len)
		return fail(c, 2 * p, "histogram of %zu bins needs "
		    "%" PRIu32 " bytes, the file has %zu", (ncnt - hdr) / 2,
		    ncnt, len);
	c->nrec = 1;
	if (low > high)
		return fail(c, 0, "histogram low_pc 0x%" PRIx64 " above "
		    "high_pc 0x%" PRIx64, low, high);
	c->nrec = 2;
	asz = 3 * p;
	n = (len - ncnt) / asz;
	if ((len - ncnt) % asz != 0)
		return fail(c, ncnt + n * asz, "arc record cut short: %zu "
		    "bytes left, expected %zu", (len - ncnt) % asz, asz);
	addfile(c, bsd44 ? GP_BSD44_VERSION : 0, bsd44 ? b + 2 * p + 12 :
	    NULL);
	addhist(c, low, high, (ncnt - hdr) / 2, rate, secs, 's', hdr);
	addarcs(c, ncnt, n, asz, 0);
	return 0;
}

static int
parse(struct pctx *c)
{
	return c->layout == GP_GNU ? parsegnu(c) : parsebsd(c);
}

struct cand {
	enum gp_layout	 layout;
	size_t		 psz;
	int		 be;
};

static size_t
addcands(struct cand *cv, size_t n, enum gp_layout layout,
    const struct gp_gmonopt *opt)
{
	int orders[2], widths[2];
	int i, j, no, nw;

	no = nw = 0;
	if (opt->order != 0)
		orders[no++] = opt->order == GP_BE;
	else {
		orders[no++] = hostbe();
		orders[no++] = !hostbe();
	}
	if (opt->width != 0)
		widths[nw++] = opt->width / 8;
	else {
		widths[nw++] = sizeof(void *);
		widths[nw++] = sizeof(void *) == 8 ? 4 : 8;
	}
	for (i = 0; i < no; i++)
		for (j = 0; j < nw; j++) {
			cv[n].layout = layout;
			cv[n].psz = widths[j];
			cv[n].be = orders[i];
			n++;
		}
	return n;
}

/*
 * Of two failed readings, the one to report: the one whose version word
 * fits (over one without a version word, over one whose word does not
 * fit), else the one that read more records (for BSD files, got further
 * in checking the header), else the one that failed further on.
 */
static int
better(const struct pctx *c, const struct pctx *best)
{
	if (best->err[0] == '\0')
		return 1;
	if (c->ident != best->ident)
		return c->ident > best->ident;
	if (c->nrec != best->nrec)
		return c->nrec > best->nrec;
	return c->erroff > best->erroff;
}

/* Find the reading of the file that works, into *best, or exit. */
static void
detect(struct pctx *best, const unsigned char *buf, size_t len,
    const char *name, const struct gp_gmonopt *opt)
{
	struct cand cv[12];
	struct pctx c;
	enum gp_informat fmt;
	size_t i, n;
	int found;

	if (len == 0)
		errx(1, "%s: byte 0: empty file, expected a gmon.out header",
		    name);
	fmt = opt->format;
	if (fmt == GP_IN_AUTO)
		fmt = len >= 4 && memcmp(buf, GP_GMON_COOKIE, 4) == 0 ?
		    GP_IN_GNU : GP_IN_BSD;
	n = 0;
	switch (fmt) {
	case GP_IN_GNU:
		n = addcands(cv, n, GP_GNU, opt);
		break;
	case GP_IN_BSD:
	case GP_IN_BSD44:
		n = addcands(cv, n, GP_BSD44, opt);
		if (fmt == GP_IN_BSD44)
			break;
		/* FALLTHROUGH */
	default:
		n = addcands(cv, n, GP_OLDBSD, opt);
		break;
	}

	memset(&c, 0, sizeof(c));
	c.buf = buf;
	c.len = len;
	c.name = name;
	memset(best, 0, sizeof(*best));
	found = 0;
	for (c.keepraw = 0; c.keepraw <= opt->keepraw && !found;
	    c.keepraw++) {
		for (i = 0; i < n; i++) {
			c.layout = cv[i].layout;
			c.psz = cv[i].psz;
			c.be = cv[i].be;
			c.narcs = c.nrec = 0;
			c.ident = 0;
			if (parse(&c) != 0) {
				if (!found && better(&c, best))
					*best = c;
				continue;
			}
			/*
			 * Without opaque records the first success wins;
			 * with them, the reading that understands most.
			 */
			if (!found || (c.keepraw && c.nrec > best->nrec))
				*best = c;
			found = 1;
			if (!c.keepraw)
				break;
		}
	}
	if (!found)
		errx(1, "%s: byte %zu: %s", name, best->erroff, best->err);
	best->nrec = 0;
}

struct gp_raw *
gp_gmon_parse(const unsigned char *buf, size_t len, const char *name,
    const struct gp_gmonopt *opt)
{
	struct pctx c;

	detect(&c, buf, len, name, opt);
	c.path = name;
	c.raw = gp_raw_new(name);
	gp_raw_reserve(c.raw, c.narcs);
	if (parse(&c) != 0)
		errx(1, "%s: byte %zu: %s", name, c.erroff, c.err);
	return c.raw;
}

void
gp_gmon_cat(struct gp_writer *w, const unsigned char *buf, size_t len,
    const char *name, const char *path, const struct gp_gmonopt *opt)
{
	struct pctx c;

	detect(&c, buf, len, name, opt);
	c.path = path;
	c.w = w;
	if (parse(&c) != 0)
		errx(1, "%s: byte %zu: %s", name, c.erroff, c.err);
}

/* Input files. */

void
gp_input_read(struct gp_input *in, const char *path)
{
	struct stat st;
	size_t cap;
	ssize_t r;
	void *p;
	int fd;

	memset(in, 0, sizeof(*in));
	if (strcmp(path, "-") == 0) {
		in->name = "<stdin>";
		fd = STDIN_FILENO;
	} else {
		in->name = path;
		if ((fd = open(path, O_RDONLY)) == -1)
			err(1, "%s", path);
	}
	if (fstat(fd, &st) == -1)
		err(1, "%s", in->name);
	if (S_ISREG(st.st_mode) && st.st_size > 0 &&
	    lseek(fd, 0, SEEK_CUR) == 0 &&
	    (uintmax_t)st.st_size <= SIZE_MAX &&
	    (p = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0)) !=
	    MAP_FAILED) {
		(void)madvise(p, st.st_size, MADV_SEQUENTIAL);
		in->buf = p;
		in->len = st.st_size;
		in->mapped = 1;
	} else {
		cap = 1 << 16;
		if ((in->buf = malloc(cap)) == NULL)
			err(1, NULL);
		for (;;) {
			if (in->len == cap) {
				cap *= 2;
				if ((in->buf = realloc(in->buf, cap)) == NULL)
					err(1, NULL);
			}
			r = read(fd, in->buf + in->len, cap - in->len);
			if (r == 0)
				break;
			if (r == -1) {
				if (errno == EINTR)
					continue;
				err(1, "%s", in->name);
			}
			in->len += r;
		}
	}
	if (fd != STDIN_FILENO)
		close(fd);
}

void
gp_input_free(struct gp_input *in)
{
	if (in->mapped)
		munmap(in->buf, in->len);
	else
		free(in->buf);
	in->buf = NULL;
}
