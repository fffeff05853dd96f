/*
 * Source lines of many addresses from the DWARF line tables, read once.
 *
 * gprof asks libbfd's bfd_find_nearest_line for every symbol; libbfd
 * then decodes each compilation unit's line table and debugging entries
 * and copies a file name for every row, which dominates gprof's start-up
 * on a large program.  Here each line table is decoded once, straight
 * from the section contents, and only the rows the symbols need get a
 * file name.  The rows, sequences, tie-breaks and file-name rules are
 * those libbfd 2.40 applies (bfd/dwarf2.c): the last of several rows at
 * one address wins, sequences are sorted by start and then by decreasing
 * end, nested ones dropped and overlapping ones trimmed, and a file name
 * is joined to its directory and the compilation directory.  Anything
 * unusual (other DWARF versions or forms, split or supplementary debug
 * files, VLIW op indexes, rows going backwards, bad file numbers) makes
 * the whole walk give up so that the caller asks libbfd itself.
 *
 * Longer than most files here: one decoder of one format (the line
 * program, its header and the unit headers it needs), whose parts make
 * sense only together.
 */
#include <sys/mman.h>
#include <sys/stat.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sym/dwarfline.h"
#include "stream/stream.h"

#define DW_LNS_copy			1
#define DW_LNS_advance_pc		2
#define DW_LNS_advance_line		3
#define DW_LNS_set_file			4
#define DW_LNS_const_add_pc		8
#define DW_LNS_fixed_advance_pc		9
#define DW_LNE_end_sequence		1
#define DW_LNE_set_address		2
#define DW_LNE_define_file		3
#define DW_LNCT_path			1
#define DW_LNCT_directory_index		2

#define DW_AT_stmt_list			0x10
#define DW_AT_comp_dir			0x1b
#define DW_AT_str_offsets_base		0x72
#define DW_TAG_compile_unit		0x11
#define DW_TAG_partial_unit		0x3c
#define DW_UT_compile			1
#define DW_UT_partial			3

#define DW_FORM_addr		0x01
#define DW_FORM_block2		0x03
#define DW_FORM_block4		0x04
#define DW_FORM_data2		0x05
#define DW_FORM_data4		0x06
#define DW_FORM_data8		0x07
#define DW_FORM_string		0x08
#define DW_FORM_block		0x09
#define DW_FORM_block1		0x0a
#define DW_FORM_data1		0x0b
#define DW_FORM_flag		0x0c
#define DW_FORM_sdata		0x0d
#define DW_FORM_strp		0x0e
#define DW_FORM_udata		0x0f
#define DW_FORM_ref_addr	0x10
#define DW_FORM_ref1		0x11
#define DW_FORM_ref2		0x12
#define DW_FORM_ref4		0x13
#define DW_FORM_ref8		0x14
#define DW_FORM_ref_udata	0x15
#define DW_FORM_indirect	0x16
#define DW_FORM_sec_offset	0x17
#define DW_FORM_exprloc		0x18
#define DW_FORM_flag_present	0x19
#define DW_FORM_strx		0x1a
#define DW_FORM_addrx		0x1b
#define DW_FORM_ref_sup4	0x1c
#define DW_FORM_strp_sup	0x1d
#define DW_FORM_data16		0x1e
#define DW_FORM_line_strp	0x1f
#define DW_FORM_ref_sig8	0x20
#define DW_FORM_implicit_const	0x21
#define DW_FORM_loclistx	0x22
#define DW_FORM_rnglistx	0x23
#define DW_FORM_ref_sup8	0x24
#define DW_FORM_strx1		0x25
#define DW_FORM_strx4		0x28
#define DW_FORM_addrx1		0x29
#define DW_FORM_addrx4		0x2c

/* Outcome of reading one attribute value. */
#define F_OK		0
#define F_NOSTR		1	/* a string we cannot resolve here */
#define F_BAD		(-1)

struct sect {
	unsigned char	*buf;
	size_t		 size;
	int		 owned;		/* malloc'd, not in the mapping */
};

struct dw {
	bfd		*abfd;
	int		 be;
	unsigned char	*map;		/* the whole file, or NULL */
	size_t		 maplen;
	struct sect	 info, abbrev, line, str, linestr, stroffs;
};

struct rd {
	const unsigned char *p;
	const unsigned char *end;
	int		 be;
	int		 bad;
};

struct cu {
	uint64_t	 stmt;
	const char	*compdir;
	int		 asz;
};

struct row {
	uint64_t	 addr;
	unsigned	 line;
	unsigned	 file;
	int		 end;
};

struct seq {
	uint64_t	 low;		/* trimmed */
	uint64_t	 orig;		/* as first seen */
	uint64_t	 high;
	size_t		 first;		/* rows */
	size_t		 n;
	size_t		 order;		/* libbfd's tie-break */
};

struct fent {
	const char	*name;
	uint64_t	 dir;
};

struct ltab {				/* one decoded line table */
	int		 ver;
	const char	*compdir;
	const char	**dirs;
	size_t		 ndirs;
	struct fent	*files;
	size_t		 nfiles;
	struct row	*rows;
	size_t		 nrows, rowcap;
	struct seq	*seqs;
	size_t		 nseqs, seqcap;
};

static int
rd_init(struct rd *r, const struct sect *s, uint64_t off, int be)
{
	r->be = be;
	r->bad = 0;
	if (s->buf == NULL || off > s->size) {
		r->p = r->end = NULL;
		r->bad = 1;
		return -1;
	}
	r->p = s->buf + off;
	r->end = s->buf + s->size;
	return 0;
}

static uint64_t
rdn(struct rd *r, int n)
{
	uint64_t v = 0;
	int i;

	if (r->bad || r->end - r->p < n) {
		r->bad = 1;
		return 0;
	}
	if (r->be)
		for (i = 0; i < n; i++)
			v = v << 8 | r->p[i];
	else
		for (i = n - 1; i >= 0; i--)
			v = v << 8 | r->p[i];
	r->p += n;
	return v;
}

/* A LEB128 number; a signed one sign-extended. */
static uint64_t
leb(struct rd *r, int sign)
{
	uint64_t v = 0;
	unsigned sh = 0;
	unsigned char b;

	do {
		if (r->bad || r->p >= r->end) {
			r->bad = 1;
			return 0;
		}
		b = *r->p++;
		if (sh < 64)
			v |= (uint64_t)(b & 0x7f) << sh;
		sh += 7;
	} while (b & 0x80);
	if (sign && sh < 64 && (b & 0x40))
		v |= ~(uint64_t)0 << sh;
	return v;
}

static uint64_t
uleb(struct rd *r)
{
	return leb(r, 0);
}

static int64_t
sleb(struct rd *r)
{
	return (int64_t)leb(r, 1);
}

/*
 * Room in *vp (of *cap items of size bytes) for the item after its n:
 * the room doubled, first min items; -1 when memory is out.
 */
static int
grow(void **vp, size_t n, size_t *cap, size_t min, size_t size)
{
	size_t c;
	void *p;

	if (n < *cap)
		return 0;
	c = *cap ? 2 * *cap : min;
	if ((p = reallocarray(*vp, c, size)) == NULL)
		return -1;
	*vp = p;
	*cap = c;
	return 0;
}

/*
 * A unit's initial length, and in *offsz its offsets' size: 4, or 8 in
 * the 64-bit format; -1 if reserved or past the end.
 */
static int
unitlen(struct rd *r, uint64_t *len, int *offsz)
{
	*offsz = 4;
	*len = rdn(r, 4);
	if (*len == 0xffffffff) {
		*offsz = 8;
		*len = rdn(r, 8);
	} else if (*len >= 0xfffffff0)
		return -1;
	if (r->bad || *len > (uint64_t)(r->end - r->p))
		return -1;
	return 0;
}

static void
skip(struct rd *r, uint64_t n)
{
	if (r->bad || (uint64_t)(r->end - r->p) < n) {
		r->bad = 1;
		return;
	}
	r->p += n;
}

static const char *
cstr(struct rd *r)
{
	const unsigned char *z, *s;

	if (r->bad || (z = memchr(r->p, '\0', r->end - r->p)) == NULL) {
		r->bad = 1;
		return NULL;
	}
	s = r->p;
	r->p = z + 1;
	return (const char *)s;
}

/* The string at off in a string section, or NULL. */
static const char *
strat(const struct sect *s, uint64_t off)
{
	if (s->buf == NULL || off >= s->size ||
	    memchr(s->buf + off, '\0', s->size - off) == NULL)
		return NULL;
	return (const char *)s->buf + off;
}

/*
 * Read one attribute value of the given form; a constant goes to *val, a
 * string to *str.
 */
static int
readform(const struct dw *d, struct rd *r, uint64_t form, int asz, int offsz,
    int ver, int64_t implicit, uint64_t *val, const char **str)
{
	uint64_t off;

	*val = 0;
	*str = NULL;
	switch (form) {
	case DW_FORM_addr:
		*val = rdn(r, asz);
		break;
	case DW_FORM_data1:
	case DW_FORM_ref1:
	case DW_FORM_flag:
		*val = rdn(r, 1);
		break;
	case DW_FORM_data2:
	case DW_FORM_ref2:
		*val = rdn(r, 2);
		break;
	case DW_FORM_data4:
	case DW_FORM_ref4:
	case DW_FORM_ref_sup4:
		*val = rdn(r, 4);
		break;
	case DW_FORM_data8:
	case DW_FORM_ref8:
	case DW_FORM_ref_sig8:
	case DW_FORM_ref_sup8:
		*val = rdn(r, 8);
		break;
	case DW_FORM_data16:
		skip(r, 16);
		break;
	case DW_FORM_sdata:
		*val = (uint64_t)sleb(r);
		break;
	case DW_FORM_udata:
	case DW_FORM_ref_udata:
	case DW_FORM_addrx:
	case DW_FORM_loclistx:
	case DW_FORM_rnglistx:
		*val = uleb(r);
		break;
	case DW_FORM_string:
		*str = cstr(r);
		break;
	case DW_FORM_strp:
	case DW_FORM_line_strp:
		off = rdn(r, offsz);
		if (r->bad)
			return F_BAD;
		*str = strat(form == DW_FORM_strp ? &d->str : &d->linestr,
		    off);
		if (*str == NULL)
			return F_BAD;
		break;
	case DW_FORM_sec_offset:
		*val = rdn(r, offsz);
		break;
	case DW_FORM_ref_addr:
		*val = rdn(r, ver == 2 ? asz : offsz);
		break;
	case DW_FORM_strp_sup:
		skip(r, offsz);
		return r->bad ? F_BAD : F_NOSTR;
	case DW_FORM_strx:		/* the index in *val */
		*val = uleb(r);
		return r->bad ? F_BAD : F_NOSTR;
	case DW_FORM_strx1:
	case DW_FORM_strx1 + 1:
	case DW_FORM_strx1 + 2:
	case DW_FORM_strx4:
		*val = rdn(r, (int)(form - DW_FORM_strx1 + 1));
		return r->bad ? F_BAD : F_NOSTR;
	case DW_FORM_addrx1:
	case DW_FORM_addrx1 + 1:
	case DW_FORM_addrx1 + 2:
	case DW_FORM_addrx4:
		*val = rdn(r, (int)(form - DW_FORM_addrx1 + 1));
		break;
	case DW_FORM_block1:
		skip(r, rdn(r, 1));
		break;
	case DW_FORM_block2:
		skip(r, rdn(r, 2));
		break;
	case DW_FORM_block4:
		skip(r, rdn(r, 4));
		break;
	case DW_FORM_block:
	case DW_FORM_exprloc:
		skip(r, uleb(r));
		break;
	case DW_FORM_flag_present:
		*val = 1;
		break;
	case DW_FORM_implicit_const:
		*val = (uint64_t)implicit;
		break;
	default:
		/* indirect, GNU split-DWARF and supplementary-file forms */
		return F_BAD;
	}
	return r->bad ? F_BAD : F_OK;
}

/*
 * A section's contents: straight from the mapped file when it is stored
 * as it is, else (compressed) as libbfd gives them.
 */
static int
getsect(const struct dw *d, const char *name, struct sect *s)
{
	asection *sec;
	bfd_byte *buf = NULL;
	bfd_size_type size;

	s->buf = NULL;
	s->size = 0;
	s->owned = 0;
	if ((sec = bfd_get_section_by_name(d->abfd, name)) == NULL ||
	    !(sec->flags & SEC_HAS_CONTENTS) ||
	    (size = bfd_section_size(sec)) == 0)
		return 0;
	if (d->map != NULL && sec->compress_status == COMPRESS_SECTION_NONE &&
	    sec->filepos >= 0 && (uint64_t)sec->filepos <= d->maplen &&
	    size <= d->maplen - (uint64_t)sec->filepos) {
		s->buf = d->map + sec->filepos;
		s->size = size;
		return 0;
	}
	if (!bfd_malloc_and_get_section(d->abfd, sec, &buf))
		return -1;
	s->buf = buf;
	s->size = size;
	s->owned = 1;
	return 0;
}

static void
freesect(struct sect *s)
{
	if (s->owned)
		free(s->buf);
	s->buf = NULL;
}

static int
is_strx(uint64_t f)
{
	return f == DW_FORM_strx || (f >= DW_FORM_strx1 && f <= DW_FORM_strx4);
}

/*
 * libbfd's read_indexed_string: string idx of a unit whose string
 * offsets start at base in .debug_str_offsets, or NULL.
 */
static const char *
strx(const struct dw *d, uint64_t base, int offsz, uint64_t idx)
{
	struct rd r;
	uint64_t off;

	if (idx > SIZE_MAX / 8)
		return NULL;
	off = idx * (uint64_t)offsz + base;
	if (off < base || off > d->stroffs.size ||
	    d->stroffs.size - off < (uint64_t)offsz ||
	    rd_init(&r, &d->stroffs, off, d->be) == -1)
		return NULL;
	return strat(&d->str, rdn(&r, offsz));
}

/*
 * The compilation units of .debug_info with a line table: the stmt_list
 * and comp_dir of their first entry.  A comp_dir by index (DWARF 5's
 * strx forms, clang's) is read once the entry's str_offsets_base is
 * known, as libbfd rereads it.
 */
static int
units(const struct dw *d, struct cu **cup, size_t *ncup)
{
	struct rd r, a;
	struct cu *cu = NULL;
	size_t n = 0, cap = 0;
	uint64_t len, abbroff, code, c, tag, name, form, val, stmt;
	uint64_t stroff, cdidx;
	const unsigned char *uend;
	const char *str, *compdir, *cp;
	int64_t implicit;
	int ver, ut, asz, offsz, hasstmt, cdx, rc;

	rd_init(&r, &d->info, 0, d->be);
	while (!r.bad && r.p < r.end) {
		if (unitlen(&r, &len, &offsz) == -1)
			goto bad;
		uend = r.p + len;
		ver = (int)rdn(&r, 2);
		ut = DW_UT_compile;
		if (ver == 5) {
			ut = (int)rdn(&r, 1);
			asz = (int)rdn(&r, 1);
			abbroff = rdn(&r, offsz);
		} else if (ver >= 2 && ver <= 4) {
			abbroff = rdn(&r, offsz);
			asz = (int)rdn(&r, 1);
		} else
			goto bad;
		if (r.bad || (asz != 2 && asz != 4 && asz != 8))
			goto bad;
		if (ut != DW_UT_compile && ut != DW_UT_partial) {
			if (ut == 2 || ut == 6) {	/* type units */
				r.p = uend;
				continue;
			}
			goto bad;		/* skeleton, split */
		}
		code = uleb(&r);
		if (r.bad)
			goto bad;
		if (code == 0) {
			r.p = uend;
			continue;
		}
		/* Find the abbreviation. */
		if (rd_init(&a, &d->abbrev, abbroff, d->be) == -1)
			goto bad;
		for (;;) {
			c = uleb(&a);
			if (a.bad || c == 0)
				goto bad;
			tag = uleb(&a);
			skip(&a, 1);
			if (c == code)
				break;
			do {
				name = uleb(&a);
				form = uleb(&a);
				if (form == DW_FORM_implicit_const)
					sleb(&a);
				if (a.bad)
					goto bad;
			} while (name != 0 || form != 0);
		}
		hasstmt = 0;
		stmt = 0;
		compdir = NULL;
		stroff = cdidx = 0;
		cdx = 0;
		for (;;) {
			name = uleb(&a);
			form = uleb(&a);
			implicit = form == DW_FORM_implicit_const ? sleb(&a) : 0;
			if (a.bad)
				goto bad;
			if (name == 0 && form == 0)
				break;
			r.end = uend;
			rc = readform(d, &r, form, asz, offsz, ver, implicit,
			    &val, &str);
			r.end = d->info.buf + d->info.size;
			if (rc == F_BAD ||
			    (rc == F_NOSTR && name == DW_AT_comp_dir &&
			    !is_strx(form)))
				goto bad;
			if (name == DW_AT_str_offsets_base)
				stroff = val;
			if (name == DW_AT_comp_dir && is_strx(form)) {
				cdx = 1;
				cdidx = val;
			} else if (name == DW_AT_stmt_list && str == NULL) {
				hasstmt = 1;
				stmt = val;
			} else if (name == DW_AT_comp_dir)
				compdir = str;
		}
		if (cdx)
			compdir = strx(d, stroff, offsz, cdidx);
		/* as libbfd: drop an IRIX "host.:" prefix */
		if (compdir != NULL && (cp = strchr(compdir, ':')) != NULL &&
		    cp != compdir && cp[-1] == '.' && cp[1] == '/')
			compdir = cp + 1;
		if ((tag == DW_TAG_compile_unit || tag == DW_TAG_partial_unit) &&
		    hasstmt) {
			if (grow((void **)&cu, n, &cap, 64, sizeof(*cu)) == -1)
				goto bad;
			cu[n].stmt = stmt;
			cu[n].compdir = compdir;
			cu[n].asz = asz;
			n++;
		}
		r.p = uend;
	}
	if (r.bad)
		goto bad;
	*cup = cu;
	*ncup = n;
	return 0;
bad:
	free(cu);
	return -1;
}

/* A directory or file table of a version 5 line table header. */
static int
entries(const struct dw *d, struct rd *r, int asz, int offsz, int isfile,
    struct ltab *t)
{
	uint64_t fmt[2 * 16], nfmt, count, i, k, val;
	const char *str, *path;
	uint64_t dir;
	int rc;

	nfmt = rdn(r, 1);
	if (nfmt > 16)
		return -1;
	for (k = 0; k < nfmt; k++) {
		fmt[2 * k] = uleb(r);
		fmt[2 * k + 1] = uleb(r);
	}
	count = uleb(r);
	if (r->bad || count > (uint64_t)(r->end - r->p))
		return -1;
	if (isfile) {
		if ((t->files = calloc(count + 1, sizeof(*t->files))) == NULL)
			return -1;
	} else if ((t->dirs = calloc(count + 1, sizeof(*t->dirs))) == NULL)
		return -1;
	for (i = 0; i < count; i++) {
		path = NULL;
		dir = 0;
		for (k = 0; k < nfmt; k++) {
			rc = readform(d, r, fmt[2 * k + 1], asz, offsz, 5, 0,
			    &val, &str);
			if (rc == F_BAD)
				return -1;
			switch (fmt[2 * k]) {
			case DW_LNCT_path:
				if (rc == F_NOSTR)
					return -1;
				path = str;
				break;
			case DW_LNCT_directory_index:
				dir = val;
				break;
			case 3:		/* timestamp */
			case 4:		/* size */
			case 5:		/* MD5 */
				break;
			default:
				return -1;
			}
		}
		if (isfile) {
			t->files[i].name = path;
			t->files[i].dir = dir;
		} else
			t->dirs[i] = path;
	}
	if (isfile)
		t->nfiles = count;
	else
		t->ndirs = count;
	return 0;
}

/* Append a row the way libbfd's add_line_info does. */
static int
addrow(struct ltab *t, uint64_t addr, unsigned line, unsigned file, int end)
{
	struct seq *s;
	struct row *last;
	int newseq = 1;

	if (t->nseqs > 0) {	/* a sequence has a row from its start */
		last = &t->rows[t->nrows - 1];
		if (!last->end && last->addr == addr && end == 0) {
			last->line = line;	/* the last row at an address */
			last->file = file;
			return 0;
		}
		if (last->end && end && last->addr == addr) {
			last->line = line;
			last->file = file;
			return 0;
		}
		if (!last->end && addr < last->addr)
			return -1;		/* rows out of order */
		newseq = last->end;
	}
	if (newseq) {
		if (grow((void **)&t->seqs, t->nseqs, &t->seqcap, 256,
		    sizeof(*t->seqs)) == -1)
			return -1;
		s = &t->seqs[t->nseqs++];
		s->low = s->orig = addr;
		s->first = t->nrows;
		s->n = 0;
	} else
		s = &t->seqs[t->nseqs - 1];
	if (grow((void **)&t->rows, t->nrows, &t->rowcap, 4096,
	    sizeof(*t->rows)) == -1)
		return -1;
	t->rows[t->nrows].addr = addr;
	t->rows[t->nrows].line = line;
	t->rows[t->nrows].file = file;
	t->rows[t->nrows].end = end;
	t->nrows++;
	s->n++;
	return 0;
}

static int
validfile(const struct ltab *t, uint64_t file)
{
	if (t->ver < 5) {
		if (file == 0)
			return 1;		/* "<unknown>" */
		file--;
	}
	return file < t->nfiles;
}

/* Decode the line table at off into t (rows and sequences). */
static int
decode(const struct dw *d, const struct cu *cu, struct ltab *t)
{
	struct rd r;
	const unsigned char *pend, *xend;
	const char *s;
	unsigned char stdlen[256];
	uint64_t len, hlen, addr, file, adj;
	unsigned line, minlen, lrange, opbase, op, k, sub;
	int offsz, lbase, asz, end;

	if (rd_init(&r, &d->line, cu->stmt, d->be) == -1)
		return -1;
	if (unitlen(&r, &len, &offsz) == -1)
		return -1;
	pend = r.p + len;
	r.end = pend;
	t->ver = (int)rdn(&r, 2);
	if (t->ver < 2 || t->ver > 5)
		return -1;
	asz = cu->asz;
	if (t->ver >= 5) {
		if ((int)rdn(&r, 1) != asz || rdn(&r, 1) != 0)
			return -1;
	}
	hlen = rdn(&r, offsz);
	if (r.bad || hlen > (uint64_t)(pend - r.p))
		return -1;
	xend = r.p + hlen;
	minlen = (unsigned)rdn(&r, 1);
	if (t->ver >= 4 && rdn(&r, 1) != 1)
		return -1;			/* VLIW */
	rdn(&r, 1);				/* default_is_stmt */
	lbase = (signed char)rdn(&r, 1);
	lrange = (unsigned)rdn(&r, 1);
	opbase = (unsigned)rdn(&r, 1);
	if (r.bad || lrange == 0 || opbase == 0)
		return -1;
	for (k = 1; k < opbase; k++)
		stdlen[k] = (unsigned char)rdn(&r, 1);
	if (t->ver >= 5) {
		r.end = xend;
		if (entries(d, &r, asz, offsz, 0, t) == -1 ||
		    entries(d, &r, asz, offsz, 1, t) == -1)
			return -1;
	} else {
		size_t cap = 0;

		r.end = xend;
		while ((s = cstr(&r)) != NULL && *s != '\0') {
			if (grow((void **)&t->dirs, t->ndirs, &cap, 16,
			    sizeof(*t->dirs)) == -1)
				return -1;
			t->dirs[t->ndirs++] = s;
		}
		cap = 0;
		while ((s = cstr(&r)) != NULL && *s != '\0') {
			if (grow((void **)&t->files, t->nfiles, &cap, 16,
			    sizeof(*t->files)) == -1)
				return -1;
			t->files[t->nfiles].name = s;
			t->files[t->nfiles].dir = uleb(&r);
			uleb(&r);
			uleb(&r);
			t->nfiles++;
		}
	}
	if (r.bad)
		return -1;
	r.p = xend;
	r.end = pend;
	t->compdir = cu->compdir;

	while (r.p < pend) {
		addr = 0;
		file = t->ver >= 5 ? 0 : 1;	/* libbfd's start: file 0 in 5 */
		line = 1;
		end = 0;
		if (t->nfiles > 0 && !validfile(t, file))
			return -1;
		while (!end && r.p < pend) {
			op = (unsigned)rdn(&r, 1);
			if (op >= opbase) {
				adj = op - opbase;
				addr += adj / lrange * minlen;
				line += lbase + (int)(adj % lrange);
				if (addrow(t, addr, line, file, 0) == -1)
					return -1;
				continue;
			}
			switch (op) {
			case 0:
				len = uleb(&r);
				if (r.bad || len == 0 ||
				    len > (uint64_t)(pend - r.p))
					return -1;
				xend = r.p + len;
				sub = (unsigned)rdn(&r, 1);
				switch (sub) {
				case DW_LNE_end_sequence:
					end = 1;
					if (addrow(t, addr, line, file, 1) == -1)
						return -1;
					break;
				case DW_LNE_set_address:
					if (len - 1 != (uint64_t)asz)
						return -1;
					addr = rdn(&r, asz);
					break;
				case 4:		/* set_discriminator */
				case 0x80:	/* HP_source_file_correlation */
					break;
				default:	/* define_file, unknown */
					return -1;
				}
				r.p = xend;
				break;
			case DW_LNS_copy:
				if (addrow(t, addr, line, file, 0) == -1)
					return -1;
				break;
			case DW_LNS_advance_pc:
				addr += uleb(&r) * minlen;
				break;
			case DW_LNS_advance_line:
				line += (unsigned)sleb(&r);
				break;
			case DW_LNS_set_file:
				file = uleb(&r);
				if (!validfile(t, file))
					return -1;
				break;
			case DW_LNS_const_add_pc:
				addr += (255 - opbase) / lrange * minlen;
				break;
			case DW_LNS_fixed_advance_pc:
				addr += rdn(&r, 2);
				break;
			case 5:			/* set_column */
				uleb(&r);
				break;
			case 6:			/* negate_stmt */
			case 7:			/* set_basic_block */
				break;
			default:
				for (k = 0; k < stdlen[op]; k++)
					uleb(&r);
				break;
			}
			if (r.bad)
				return -1;
		}
	}
	return r.bad ? -1 : 0;
}

/* libbfd's order: start, then end descending, then the later first. */
static int
cmpseq(const void *a, const void *b)
{
	const struct seq *l = a, *r = b;

	if (l->low != r->low)
		return l->low < r->low ? -1 : 1;
	if (l->high != r->high)
		return l->high > r->high ? -1 : 1;
	return l->order < r->order ? -1 : l->order > r->order;
}

static void
sortseqs(struct ltab *t)
{
	size_t i, k;
	uint64_t lasthigh;

	for (i = 0; i < t->nseqs; i++) {
		t->seqs[i].high = t->rows[t->seqs[i].first +
		    t->seqs[i].n - 1].addr;
		t->seqs[i].order = t->nseqs - 1 - i;
	}
	if (t->nseqs == 0)
		return;
	gp_sort(t->seqs, t->nseqs, sizeof(*t->seqs), cmpseq);
	lasthigh = t->seqs[0].high;
	for (i = k = 1; i < t->nseqs; i++) {
		if (t->seqs[i].low < lasthigh) {
			if (t->seqs[i].high <= lasthigh)
				continue;	/* nested */
			t->seqs[i].low = lasthigh;
		}
		lasthigh = t->seqs[i].high;
		t->seqs[k++] = t->seqs[i];
	}
	t->nseqs = k;
}

/* The file name libbfd makes of a row's file number, or NULL. */
static char *
filename(const struct ltab *t, uint64_t file)
{
	const char *name, *sub = NULL, *dir;
	uint64_t d;
	char *s;

	if (t->nfiles == 0)
		return strdup("");	/* libbfd: no name at all */
	if (t->ver < 5) {
		if (file == 0)
			return strdup("<unknown>");
		file--;
	}
	if (file >= t->nfiles || (name = t->files[file].name) == NULL)
		return strdup("<unknown>");
	if (name[0] == '/')
		return strdup(name);
	d = t->files[file].dir;
	if (t->ver < 5)
		d--;			/* 0 becomes "none" */
	if (d < t->ndirs)
		sub = t->dirs[d];
	dir = (sub == NULL || sub[0] != '/') ? t->compdir : NULL;
	if (dir == NULL) {
		dir = sub;
		sub = NULL;
	}
	if (dir == NULL)
		return strdup(name);
	if (sub != NULL) {
		if (asprintf(&s, "%s/%s/%s", dir, sub, name) == -1)
			return NULL;
	} else if (asprintf(&s, "%s/%s", dir, name) == -1)
		return NULL;
	return s;
}

/* Answer the queries that fall in t's sequences. */
static int
answer(const struct ltab *t, struct gp_lineq *q, size_t n)
{
	const struct seq *s;
	const struct row *rw;
	size_t i, lo, hi, mid, j;

	for (i = 0; i < t->nseqs; i++) {
		s = &t->seqs[i];
		lo = 0;
		hi = n;
		while (lo < hi) {		/* first q at or above low */
			mid = lo + (hi - lo) / 2;
			if (q[mid].addr < s->low)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (j = lo; j < n && q[j].addr < s->high; j++) {
			if (q[j].hits++ > 0 || s->orig == 0) {
				q[j].state = GP_LQ_ASK;
				continue;
			}
			lo = s->first;		/* last row at or below addr */
			hi = s->first + s->n - 1;
			while (hi - lo > 1) {
				mid = lo + (hi - lo) / 2;
				if (t->rows[mid].addr <= q[j].addr)
					lo = mid;
				else
					hi = mid;
			}
			rw = &t->rows[lo];
			q[j].state = GP_LQ_FOUND;
			q[j].line = rw->line;
			q[j].file = filename(t, rw->file);
			if (q[j].file == NULL)
				return -1;
			if (q[j].file[0] == '\0') {
				free(q[j].file);
				q[j].file = NULL;
			}
		}
	}
	return 0;
}

static void
ltab_reset(struct ltab *t)
{
	free(t->dirs);
	free(t->files);
	t->dirs = NULL;
	t->files = NULL;
	t->ndirs = t->nfiles = 0;
	t->nrows = t->nseqs = 0;
}

int
gp_dwarf_lines(bfd *abfd, struct gp_lineq *q, size_t n)
{
	struct dw d;
	struct ltab t;
	struct cu *cu = NULL;
	struct stat st;
	size_t ncu = 0, i, k;
	void *map;
	int fd, rc = -1;

	memset(&d, 0, sizeof(d));
	memset(&t, 0, sizeof(t));
	d.abfd = abfd;
	d.be = bfd_big_endian(abfd);
	for (i = 0; i < n; i++) {
		q[i].state = GP_LQ_NONE;
		q[i].hits = 0;
		q[i].line = 0;
		q[i].file = NULL;
	}
	if ((fd = open(bfd_get_filename(abfd), O_RDONLY)) != -1) {
		if (fstat(fd, &st) == 0 && st.st_size > 0 &&
		    (uint64_t)st.st_size <= SIZE_MAX &&
		    (map = mmap(NULL, (size_t)st.st_size, PROT_READ,
		    MAP_PRIVATE, fd, 0)) != MAP_FAILED) {
			d.map = map;
			d.maplen = (size_t)st.st_size;
		}
		close(fd);
	}
	if (getsect(&d, ".debug_info", &d.info) == -1 ||
	    getsect(&d, ".debug_abbrev", &d.abbrev) == -1 ||
	    getsect(&d, ".debug_line", &d.line) == -1 ||
	    getsect(&d, ".debug_str", &d.str) == -1 ||
	    getsect(&d, ".debug_line_str", &d.linestr) == -1 ||
	    getsect(&d, ".debug_str_offsets", &d.stroffs) == -1)
		goto out;
	if (d.info.buf == NULL || d.line.buf == NULL) {
		rc = 0;
		goto out;
	}
	if (units(&d, &cu, &ncu) == -1)
		goto out;
	for (i = 0; i < ncu; i++) {
		/* a table shared by several units is read once */
		for (k = 0; k < i; k++)
			if (cu[k].stmt == cu[i].stmt &&
			    (cu[k].compdir == cu[i].compdir ||
			    (cu[k].compdir != NULL && cu[i].compdir != NULL &&
			    strcmp(cu[k].compdir, cu[i].compdir) == 0)))
				break;
		if (k < i)
			continue;
		ltab_reset(&t);
		if (decode(&d, &cu[i], &t) == -1)
			goto out;
		sortseqs(&t);
		if (answer(&t, q, n) == -1)
			goto out;
	}
	rc = 0;
out:
	if (rc == -1)
		for (i = 0; i < n; i++) {
			free(q[i].file);
			q[i].file = NULL;
		}
	ltab_reset(&t);
	free(t.rows);
	free(t.seqs);
	free(cu);
	freesect(&d.info);
	freesect(&d.abbrev);
	freesect(&d.line);
	freesect(&d.str);
	freesect(&d.linestr);
	freesect(&d.stroffs);
	if (d.map != NULL)
		munmap(d.map, d.maplen);
	return rc;
}

/*
 * The line and function index: for gprof -l, the file, line and function
 * name libbfd gives every address of .text, once all the units are read
 * (gprof asks for every address twice, and prints the second answers).
 *
 * libbfd 2.40 (bfd/dwarf2.c) answers an address from the first unit it
 * meets whose unit ranges or function ranges hold it; that unit's line
 * table gives the file and line, and its function table the function:
 * of the subprograms, entry points and inlined subroutines whose ranges
 * hold the address, the one with the shortest range, of two alike the
 * later one.  The name is the DIE's linkage name, else its DW_AT_name
 * (which counts as a linkage name in C and the other languages libbfd
 * does not demangle), each read through DW_AT_abstract_origin and
 * DW_AT_specification.  A function without a linkage name takes, the
 * first time libbfd meets it, the ELF symbol's name if that symbol
 * starts where its first range does, else keeps its DWARF name; gprof's
 * first question for it is its symbol's address, or the lowest address
 * it covers.  Where no function holds an address that has a line, the
 * name is the ELF symbol's libbfd's search finds (sizes read from the
 * file's .symtab).  Where an answer would depend on libbfd's history
 * (units met in another order than their own ranges give, its one-symbol
 * cache answering over a nested symbol, a function first met where
 * several units hold the address), the address is left to libbfd
 * itself; GP_SYM_LINESTATS counts those (none on the test corpus).
 *
 * Written here rather than on elfutils' libdw because the answers must
 * be libbfd's, quirks included, and libdw's are not: libdw reads
 * DW_FORM_rnglistx ranges that libbfd 2.40 ignores, does not add line
 * sequences to a unit's ranges, picks a function by DIE nesting rather
 * than by shortest range, and neither trims nor drops overlapping line
 * sequences as libbfd does.
 */

#define DW_TAG_entry_point		0x03
#define DW_TAG_inlined_subroutine	0x1d
#define DW_TAG_subprogram		0x2e
#define DW_AT_name			0x03
#define DW_AT_low_pc			0x11
#define DW_AT_high_pc			0x12
#define DW_AT_language			0x13
#define DW_AT_abstract_origin		0x31
#define DW_AT_decl_file			0x3a
#define DW_AT_specification		0x47
#define DW_AT_ranges			0x55
#define DW_AT_linkage_name		0x6e
#define DW_AT_addr_base			0x73
#define DW_AT_MIPS_linkage_name		0x2007
#define DW_RLE_end_of_list		0
#define DW_RLE_offset_pair		4
#define DW_RLE_base_address		5
#define DW_RLE_start_end		6
#define DW_RLE_start_length		7

#define MAXLEVEL	100		/* libbfd's abstract-origin depth */
#define DEBUGDIR	"/usr/lib/debug"	/* as sym/exesyms.c */

struct aspec {
	uint64_t	 name;
	uint64_t	 form;
	int64_t		 implicit;
};

struct abbr {
	uint64_t	 code;
	uint64_t	 tag;
	int		 children;
	size_t		 first;		/* specs */
	size_t		 n;
};

struct abtab {
	uint64_t	 off;
	struct abbr	*a;
	size_t		 na;
	struct aspec	*s;
	size_t		 ns;
};

struct xrange {
	uint64_t	 lo, hi;
	size_t		 who;		/* a function, or a unit */
};

struct xunit {
	uint64_t	 start, end;	/* in .debug_info: header, past end */
	uint64_t	 die;		/* the first child of the unit's DIE */
	int		 ver, asz, offsz, children;
	struct abtab	*ab;
	uint64_t	 lang;
	int		 hasstmt;
	uint64_t	 stmt;
	const char	*compdir;
	uint64_t	 stroff, addroff, base;
	struct ltab	*lt;		/* NULL: no line table, no answer */
	char		**names;	/* lt's file names, made on demand */
	size_t		 fr0, nfr;	/* function ranges */
	size_t		 fs0, nfs;	/* function segments */
};

enum { FN_LINK, FN_OPEN, FN_UNSURE };

struct xfn {
	const char	*name;
	int		 state;
	uint64_t	 low0;		/* the first range's start */
	size_t		 order;
};

struct fseg {
	uint64_t	 lo, hi;
	size_t		 fn;
};

enum { G_UNIT, G_FIRST, G_ASK };	/* G_FIRST: unit answers if it can */

struct gseg {
	uint64_t	 lo, hi;
	int		 kind;
	size_t		 unit;
};

struct esym {
	uint64_t	 addr;
	uint64_t	 end;		/* addr + st_size, at least addr + 1 */
	uint64_t	 pmax;		/* the furthest end of those below */
	const char	*name;
	size_t		 order;
};

struct gp_dwidx {
	struct dw	 d;
	struct sect	 ranges, rnglists, addr, stroffs;
	struct abtab	**abs;		/* each apart: units point to them */
	size_t		 nabs;
	struct xunit	*u;
	size_t		 nu;
	struct xfn	*fn;
	size_t		 nfn, fncap;
	struct xrange	*fr;		/* function ranges */
	size_t		 nfr, frcap;
	struct xrange	*ur;		/* unit ranges */
	size_t		 nur, urcap;
	struct fseg	*fs;
	size_t		 nfs;
	struct gseg	*gs;
	size_t		 ngs;
	struct esym	*es;
	size_t		 nes;
	int		 esok;		/* es has libbfd's function symbols */
	asection	*text;
	asymbol		**syms;
	size_t		 asked;		/* questions put to libbfd */
};

static int
is_int_form(uint64_t f)
{
	switch (f) {
	case DW_FORM_addr: case DW_FORM_data1: case DW_FORM_data2:
	case DW_FORM_data4: case DW_FORM_data8: case DW_FORM_flag:
	case DW_FORM_sdata: case DW_FORM_udata: case DW_FORM_ref_addr:
	case DW_FORM_ref1: case DW_FORM_ref2: case DW_FORM_ref4:
	case DW_FORM_ref8: case DW_FORM_ref_udata: case DW_FORM_sec_offset:
	case DW_FORM_flag_present: case DW_FORM_ref_sig8: case DW_FORM_addrx:
	case DW_FORM_implicit_const: case DW_FORM_addrx1:
	case DW_FORM_addrx1 + 1: case DW_FORM_addrx1 + 2: case DW_FORM_addrx4:
		return 1;
	}
	return 0;
}

static int
is_addrx(uint64_t f)
{
	return f == DW_FORM_addrx ||
	    (f >= DW_FORM_addrx1 && f <= DW_FORM_addrx4);
}

static int
is_str_form(uint64_t f)
{
	return f == DW_FORM_string || f == DW_FORM_strp ||
	    f == DW_FORM_line_strp || is_strx(f);
}

/* Languages whose DW_AT_name libbfd takes for a linkage name. */
static int
plainname(uint64_t lang)
{
	switch (lang) {
	case 0x01: case 0x02: case 0x05: case 0x06: case 0x07: case 0x09:
	case 0x0c: case 0x0f: case 0x12: case 0x1d: case 0x8001:
	case 0x8765: case 0x8004: case 0x8006: case 0x8007:
		return 1;
	}
	return 0;
}

/* The abbreviation table at off, read once. */
static struct abtab *
abtab(struct gp_dwidx *x, uint64_t off)
{
	struct abtab *t;
	struct abbr *ab;
	struct rd r;
	size_t acap = 0, scap = 0, i;
	uint64_t code, name, form;

	for (i = 0; i < x->nabs; i++)
		if (x->abs[i]->off == off)
			return x->abs[i];
	if ((i = x->nabs) % 16 == 0 && (x->abs = reallocarray(x->abs,
	    i + 16, sizeof(*x->abs))) == NULL)
		return NULL;
	if ((t = calloc(1, sizeof(*t))) == NULL)
		return NULL;
	x->abs[x->nabs++] = t;
	t->off = off;
	if (rd_init(&r, &x->d.abbrev, off, x->d.be) == -1)
		return NULL;
	while ((code = uleb(&r)) != 0 && !r.bad) {
		if (grow((void **)&t->a, t->na, &acap, 64, sizeof(*t->a)) == -1)
			return NULL;
		ab = &t->a[t->na++];
		ab->code = code;
		ab->tag = uleb(&r);
		ab->children = rdn(&r, 1) != 0;
		ab->first = t->ns;
		for (;;) {
			name = uleb(&r);
			form = uleb(&r);
			if (r.bad)
				return NULL;
			if (name == 0 && form == 0)
				break;
			if (grow((void **)&t->s, t->ns, &scap, 256,
			    sizeof(*t->s)) == -1)
				return NULL;
			t->s[t->ns].name = name;
			t->s[t->ns].form = form;
			t->s[t->ns].implicit = form == DW_FORM_implicit_const ?
			    sleb(&r) : 0;
			t->ns++;
		}
		ab->n = t->ns - ab->first;
	}
	return r.bad ? NULL : t;
}

static const struct abbr *
abfind(const struct abtab *t, uint64_t code)
{
	size_t i;

	if (code - 1 < t->na && t->a[code - 1].code == code)
		return &t->a[code - 1];
	for (i = 0; i < t->na; i++)
		if (t->a[i].code == code)
			return &t->a[i];
	return NULL;
}

/* libbfd's read_indexed_string and read_indexed_address. */
static const char *
xstr(const struct gp_dwidx *x, const struct xunit *u, uint64_t idx)
{
	return strx(&x->d, u->stroff, u->offsz, idx);
}

static uint64_t
xaddr(const struct gp_dwidx *x, const struct xunit *u, uint64_t idx)
{
	struct rd r;
	uint64_t off;

	if (idx > SIZE_MAX / 8)
		return 0;
	off = idx * (uint64_t)u->asz + u->addroff;
	if (off < u->addroff || off > x->addr.size ||
	    x->addr.size - off < (uint64_t)u->asz ||
	    rd_init(&r, &x->addr, off, x->d.be) == -1)
		return 0;
	return rdn(&r, u->asz);
}

/*
 * One attribute as libbfd reads it in a unit's DIEs: an indexed string
 * or address through the unit's bases, a base of 0 meaning none (a
 * string then NULL, an address its index).  -1 where this reader stops.
 */
static int
xattr(const struct gp_dwidx *x, const struct xunit *u, struct rd *r,
    const struct aspec *sp, uint64_t *val, const char **str)
{
	int rc;

	rc = readform(&x->d, r, sp->form, u->asz, u->offsz, u->ver,
	    sp->implicit, val, str);
	if (rc == F_BAD || (rc == F_NOSTR && !is_strx(sp->form)))
		return -1;
	if (is_strx(sp->form))
		*str = u->stroff != 0 ? xstr(x, u, *val) : NULL;
	else if (is_addrx(sp->form) && u->addroff != 0)
		*val = xaddr(x, u, *val);
	return 0;
}

static int
addrange(struct xrange **v, size_t *n, size_t *cap, uint64_t lo,
    uint64_t hi, size_t who)
{
	if (lo == hi)
		return 0;
	if (grow((void **)v, *n, cap, 1024, sizeof(**v)) == -1)
		return -1;
	(*v)[*n].lo = lo;
	(*v)[*n].hi = hi;
	(*v)[*n].who = who;
	(*n)++;
	return 0;
}

/* A range list (.debug_ranges, or .debug_rnglists from version 5). */
static int
xranges(struct gp_dwidx *x, const struct xunit *u, uint64_t off, int unit,
    size_t who)
{
	struct xrange **v = unit ? &x->ur : &x->fr;
	size_t *n = unit ? &x->nur : &x->nfr;
	size_t *cap = unit ? &x->urcap : &x->frcap;
	uint64_t base = u->base, lo, hi;
	struct rd r;

	if (u->ver <= 4) {
		if (u->asz != 8 || off > x->ranges.size ||
		    rd_init(&r, &x->ranges, off, x->d.be) == -1)
			return -1;
		for (;;) {
			if (r.end - r.p < 2 * u->asz)
				return -1;
			lo = rdn(&r, u->asz);
			hi = rdn(&r, u->asz);
			if (lo == 0 && hi == 0)
				return 0;
			if (lo == UINT64_MAX && hi != UINT64_MAX)
				base = hi;
			else if (addrange(v, n, cap, base + lo, base + hi,
			    who) == -1)
				return -1;
		}
	}
	if (u->asz != 8 || rd_init(&r, &x->rnglists, off, x->d.be) == -1)
		return -1;
	for (;;) {
		if (r.p >= r.end)
			return -1;
		switch ((int)rdn(&r, 1)) {
		case DW_RLE_end_of_list:
			return 0;
		case DW_RLE_base_address:
			base = rdn(&r, u->asz);
			continue;
		case DW_RLE_start_length:
			lo = rdn(&r, u->asz);
			hi = lo + uleb(&r);
			break;
		case DW_RLE_offset_pair:
			lo = base + uleb(&r);
			hi = base + uleb(&r);
			break;
		case DW_RLE_start_end:
			lo = rdn(&r, u->asz);
			hi = rdn(&r, u->asz);
			break;
		default:
			return -1;
		}
		if (r.bad || addrange(v, n, cap, lo, hi, who) == -1)
			return -1;
	}
}

/* The unit holding .debug_info offset off, or NULL. */
static struct xunit *
unitat(struct gp_dwidx *x, uint64_t off)
{
	size_t lo = 0, hi = x->nu, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (off < x->u[mid].start)
			hi = mid;
		else if (off >= x->u[mid].end)
			lo = mid + 1;
		else
			return &x->u[mid];
	}
	return NULL;
}

/* libbfd's find_abstract_instance: the name behind a reference. */
static int
abstract(struct gp_dwidx *x, struct xunit *u, uint64_t form, uint64_t ref,
    int depth, const char **name, int *linkage)
{
	const struct abbr *ab;
	const char *str;
	struct rd r;
	uint64_t pos, val;
	size_t i;

	if (depth == MAXLEVEL)
		return -1;
	if (form == DW_FORM_ref_addr) {
		if (ref == 0)
			return 0;
		if (ref >= x->d.info.size || (u = unitat(x, ref)) == NULL)
			return -1;
		pos = ref;
	} else {
		if (ref == 0 || ref >= u->end - u->start)
			return -1;
		pos = u->start + ref;
	}
	if (rd_init(&r, &x->d.info, pos, x->d.be) == -1)
		return -1;
	r.end = x->d.info.buf + u->end;
	if ((val = uleb(&r)) == 0)
		return r.bad ? -1 : 0;
	if ((ab = abfind(u->ab, val)) == NULL)
		return -1;
	for (i = 0; i < ab->n; i++) {
		const struct aspec *sp = &u->ab->s[ab->first + i];

		if (xattr(x, u, &r, sp, &val, &str) == -1)
			return -1;
		switch (sp->name) {
		case DW_AT_name:
			if (*name == NULL && is_str_form(sp->form)) {
				*name = str;
				if (plainname(u->lang))
					*linkage = 1;
			}
			break;
		case DW_AT_specification:
			if (is_int_form(sp->form) && abstract(x, u, sp->form,
			    val, depth + 1, name, linkage) == -1)
				return -1;
			break;
		case DW_AT_linkage_name:
		case DW_AT_MIPS_linkage_name:
			if (is_str_form(sp->form)) {
				*name = str;
				*linkage = 1;
			}
			break;
		case DW_AT_decl_file:
			if (u->lt == NULL)	/* libbfd fails the unit */
				return -1;
			break;
		}
	}
	return 0;
}

/* The units and their first DIE, as libbfd's parse_comp_unit reads it. */
static int
xunits(struct gp_dwidx *x)
{
	struct rd r;
	struct xunit *u;
	const struct abbr *ab;
	const struct aspec *sp;
	const unsigned char *uend;
	const char *str, *cp;
	uint64_t len, abbroff, code, val, low, high, start;
	size_t cap = 0, i, ndef, def[64];
	uint64_t dval[64];
	int ver, ut, asz, offsz, rel, cu, k;

	rd_init(&r, &x->d.info, 0, x->d.be);
	while (!r.bad && r.p < r.end) {
		start = (uint64_t)(r.p - x->d.info.buf);
		if (unitlen(&r, &len, &offsz) == -1 || len == 0)
			return -1;
		uend = r.p + len;
		ver = (int)rdn(&r, 2);
		ut = DW_UT_compile;
		if (ver == 5) {
			ut = (int)rdn(&r, 1);
			asz = (int)rdn(&r, 1);
			abbroff = rdn(&r, offsz);
		} else if (ver >= 2 && ver <= 4) {
			abbroff = rdn(&r, offsz);
			asz = (int)rdn(&r, 1);
		} else
			return -1;
		if (r.bad || asz != 8)
			return -1;
		if (ut == 2 || ut == 6) {	/* type units: no code */
			r.p = uend;
			continue;
		}
		if (ut != DW_UT_compile && ut != DW_UT_partial)
			return -1;
		if (grow((void **)&x->u, x->nu, &cap, 64, sizeof(*x->u)) == -1)
			return -1;
		u = &x->u[x->nu];
		memset(u, 0, sizeof(*u));
		u->start = start;
		u->end = (uint64_t)(uend - x->d.info.buf);
		u->ver = ver;
		u->asz = asz;
		u->offsz = offsz;
		if ((u->ab = abtab(x, abbroff)) == NULL)
			return -1;
		r.end = uend;
		if ((code = uleb(&r)) == 0 || (ab = abfind(u->ab, code)) == NULL)
			return -1;	/* libbfd reads no unit further */
		cu = ab->tag == DW_TAG_compile_unit;
		low = high = 0;
		rel = 0;
		ndef = 0;
		if (ab->n > 0 && u->ab->s == NULL)
			return -1;
		for (i = 0; i < ab->n; i++) {
			sp = &u->ab->s[ab->first + i];
			k = readform(&x->d, &r, sp->form, asz, offsz, ver,
			    sp->implicit, &val, &str);
			if (k == F_BAD || (k == F_NOSTR && !is_strx(sp->form)))
				return -1;
			if ((u->stroff == 0 && is_strx(sp->form)) ||
			    (u->addroff == 0 && is_addrx(sp->form))) {
				if (ndef == 64)
					return -1;
				def[ndef] = i;	/* read again below */
				dval[ndef++] = val;
				continue;
			}
			if (is_strx(sp->form))
				str = xstr(x, u, val);
			else if (is_addrx(sp->form))
				val = xaddr(x, u, val);
			switch (sp->name) {
			case DW_AT_stmt_list:
				if (is_int_form(sp->form)) {
					u->hasstmt = 1;
					u->stmt = val;
				}
				break;
			case DW_AT_low_pc:
				if (is_int_form(sp->form)) {
					low = val;
					if (cu)
						u->base = low;
				}
				break;
			case DW_AT_high_pc:
				if (is_int_form(sp->form)) {
					high = val;
					rel = sp->form != DW_FORM_addr;
				}
				break;
			case DW_AT_ranges:
				if (is_int_form(sp->form) &&
				    xranges(x, u, val, 1, x->nu) == -1)
					return -1;
				break;
			case DW_AT_comp_dir:
				u->compdir = is_str_form(sp->form) ? str : NULL;
				break;
			case DW_AT_language:
				if (is_int_form(sp->form))
					u->lang = val;
				break;
			case DW_AT_addr_base:
				u->addroff = val;
				break;
			case DW_AT_str_offsets_base:
				u->stroff = val;
				break;
			}
		}
		for (i = 0; i < ndef; i++) {	/* libbfd's reread_attribute */
			sp = &u->ab->s[ab->first + def[i]];
			val = dval[i];
			str = NULL;
			if (is_strx(sp->form))
				str = xstr(x, u, val);
			else
				val = xaddr(x, u, val);
			switch (sp->name) {
			case DW_AT_stmt_list:
				u->hasstmt = 1;
				u->stmt = val;
				break;
			case DW_AT_low_pc:
				low = val;
				if (cu)
					u->base = low;
				break;
			case DW_AT_high_pc:
				high = val;
				rel = sp->form != DW_FORM_addr;
				break;
			case DW_AT_ranges:
				if (xranges(x, u, val, 1, x->nu) == -1)
					return -1;
				break;
			case DW_AT_comp_dir:
				u->compdir = is_str_form(sp->form) ? str : NULL;
				break;
			case DW_AT_language:
				u->lang = val;
				break;
			}
		}
		/* as libbfd: drop an IRIX "host.:" prefix */
		if (u->compdir != NULL && (cp = strchr(u->compdir, ':')) != NULL &&
		    cp != u->compdir && cp[-1] == '.' && cp[1] == '/')
			u->compdir = cp + 1;
		if (rel)
			high += low;
		if (high != 0 && addrange(&x->ur, &x->nur, &x->urcap, low, high,
		    x->nu) == -1)
			return -1;
		if (r.bad)
			return -1;
		u->die = (uint64_t)(r.p - x->d.info.buf);
		u->children = ab->children;
		if (!ab->children && r.p < uend)
			return -1;	/* libbfd would read on */
		x->nu++;
		r.p = uend;
		r.end = x->d.info.buf + x->d.info.size;
	}
	return r.bad ? -1 : 0;
}

/* libbfd's scan_unit_for_symbols: a unit's functions and their ranges. */
static int
xfuncs(struct gp_dwidx *x, struct xunit *u)
{
	const struct abbr *ab;
	const struct aspec *sp;
	const char *str, *name;
	struct xfn *f;
	struct rd r;
	uint64_t code, val, low, high;
	size_t i, nf, fr0;
	int level = 0, rel, linkage, isfn;

	u->fr0 = x->nfr;
	u->nfr = 0;
	if (!u->children)
		return 0;
	rd_init(&r, &x->d.info, u->die, x->d.be);
	r.end = x->d.info.buf + u->end;
	while (level >= 0) {
		if (r.p >= r.end)
			return -1;
		if ((code = uleb(&r)) == 0) {
			level--;
			continue;
		}
		if ((ab = abfind(u->ab, code)) == NULL)
			return -1;
		isfn = ab->tag == DW_TAG_subprogram ||
		    ab->tag == DW_TAG_entry_point ||
		    ab->tag == DW_TAG_inlined_subroutine;
		name = NULL;
		linkage = rel = 0;
		low = high = 0;
		nf = x->nfn;
		fr0 = x->nfr;
		for (i = 0; i < ab->n; i++) {
			sp = &u->ab->s[ab->first + i];
			if (xattr(x, u, &r, sp, &val, &str) == -1)
				return -1;
			if (!isfn)
				continue;
			switch (sp->name) {
			case DW_AT_abstract_origin:
			case DW_AT_specification:
				if (is_int_form(sp->form) && abstract(x, u,
				    sp->form, val, 0, &name, &linkage) == -1)
					return -1;
				break;
			case DW_AT_name:
				if (name == NULL && is_str_form(sp->form)) {
					name = str;
					if (plainname(u->lang))
						linkage = 1;
				}
				break;
			case DW_AT_linkage_name:
			case DW_AT_MIPS_linkage_name:
				if (is_str_form(sp->form)) {
					name = str;
					linkage = 1;
				}
				break;
			case DW_AT_low_pc:
				if (is_int_form(sp->form))
					low = val;
				break;
			case DW_AT_high_pc:
				if (is_int_form(sp->form)) {
					high = val;
					rel = sp->form != DW_FORM_addr;
				}
				break;
			case DW_AT_ranges:
				if (is_int_form(sp->form) &&
				    xranges(x, u, val, 0, nf) == -1)
					return -1;
				break;
			}
		}
		if (ab->children)
			level++;
		if (!isfn)
			continue;
		if (rel)
			high += low;
		if (high != 0 && addrange(&x->fr, &x->nfr, &x->frcap, low, high,
		    nf) == -1)
			return -1;
		if (x->nfr == fr0)
			continue;	/* no range: never an answer */
		if (grow((void **)&x->fn, x->nfn, &x->fncap, 1024,
		    sizeof(*x->fn)) == -1)
			return -1;
		f = &x->fn[x->nfn++];
		f->name = name;
		f->state = linkage ? FN_LINK : FN_OPEN;
		f->low0 = x->fr[fr0].lo;
		f->order = nf;
	}
	u->nfr = x->nfr - u->fr0;
	return r.bad ? -1 : 0;
}

static int
cmprange(const void *a, const void *b)
{
	const struct xrange *l = a, *r = b;

	if (l->lo != r->lo)
		return l->lo < r->lo ? -1 : 1;
	if (l->hi != r->hi)
		return l->hi < r->hi ? -1 : 1;
	return l->who < r->who ? -1 : l->who > r->who;
}

static int
cmpu64(const void *a, const void *b)
{
	uint64_t l = *(const uint64_t *)a, r = *(const uint64_t *)b;

	return l < r ? -1 : l > r;
}

/* The first index in the sorted b[0..n-1] at or above v. */
static size_t
lbound(const uint64_t *b, size_t n, uint64_t v)
{
	size_t lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (b[mid] < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * A unit's best functions by address: on every stretch between range
 * ends, the function with the shortest range holding it, of two alike
 * the later (libbfd's lookup_address_in_function_table).  libbfd takes
 * the one whose record has the higher address: it allocates them in the
 * order of their DIEs, and its allocator's blocks come in rising
 * addresses from malloc on every program tried (GP_SYM_LINECHECK).
 */
static int
fsegs(struct gp_dwidx *x, struct xunit *u, const struct xrange *fr, size_t n,
    struct fseg **fs, size_t *nfs, size_t *fscap)
{
	uint64_t *b, *len;
	size_t *best, nb, i, k, s, e;
	int rc = -1;

	u->fs0 = *nfs;
	u->nfs = 0;
	if (n == 0)
		return 0;
	b = calloc(2 * n, sizeof(*b));
	if (b == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		b[2 * i] = fr[i].lo;
		b[2 * i + 1] = fr[i].hi;
	}
	qsort(b, 2 * n, sizeof(*b), cmpu64);
	for (i = nb = 0; i < 2 * n; i++)
		if (nb == 0 || b[nb - 1] != b[i])
			b[nb++] = b[i];
	len = calloc(nb, sizeof(*len));
	best = calloc(nb, sizeof(*best));
	if (len == NULL || best == NULL)
		goto out;
	for (k = 0; k < nb; k++)
		best[k] = SIZE_MAX;
	for (i = 0; i < n; i++) {
		if (fr[i].hi <= fr[i].lo)
			continue;
		s = lbound(b, nb, fr[i].lo);
		e = lbound(b, nb, fr[i].hi);
		for (k = s; k < e; k++) {
			if (best[k] != SIZE_MAX && fr[i].hi - fr[i].lo > len[k])
				continue;
			if (best[k] != SIZE_MAX &&
			    fr[i].hi - fr[i].lo == len[k] &&
			    x->fn[best[k]].order > x->fn[fr[i].who].order)
				continue;
			best[k] = fr[i].who;
			len[k] = fr[i].hi - fr[i].lo;
		}
	}
	for (k = 0; k + 1 < nb; k++) {
		if (best[k] == SIZE_MAX)
			continue;
		if (u->nfs > 0 && (*fs)[*nfs - 1].hi == b[k] &&
		    (*fs)[*nfs - 1].fn == best[k]) {
			(*fs)[*nfs - 1].hi = b[k + 1];
			continue;
		}
		if (grow((void **)fs, *nfs, fscap, 1024, sizeof(**fs)) == -1)
			goto out;
		(*fs)[*nfs].lo = b[k];
		(*fs)[*nfs].hi = b[k + 1];
		(*fs)[*nfs].fn = best[k];
		(*nfs)++;
		u->nfs++;
	}
	rc = 0;
out:
	free(b);
	free(len);
	free(best);
	return rc;
}

/*
 * A stretch several units hold.  libbfd meets the units' ranges in the
 * order it added them: each unit's own ranges as it reads the unit, in
 * the order of .debug_info, its functions' and line sequences' only
 * when it first looks into it.  So the first unit holding the stretch
 * with its own ranges comes first, and answers if it has a line or a
 * function there; if another unit holds it only through its functions
 * or lines, the order is libbfd's history: ask libbfd.
 */
static void
firstunit(struct gp_dwidx *x, struct gseg *g, const struct xrange *m,
    const size_t *mfrom, const size_t *mto)
{
	size_t k, i, lo, hi, mid;

	for (k = 0; k < x->nu; k++) {
		lo = mfrom[k];
		hi = mto[k];
		while (lo < hi) {
			mid = lo + (hi - lo) / 2;
			if (m[mid].hi <= g->lo)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < mto[k] && m[lo].lo <= g->lo)
			break;		/* the first unit holding it */
	}
	if (k == x->nu)
		return;
	for (i = 0; i < x->nur; i++)
		if (x->ur[i].who == k && x->ur[i].lo <= g->lo &&
		    x->ur[i].hi >= g->hi) {
			g->kind = G_FIRST;
			g->unit = k;
			return;
		}
}

/*
 * Which unit answers each address: the one unit with a line table whose
 * ranges hold it (its own, its functions', its line sequences'); of two
 * or more, the first by firstunit(), else libbfd.
 */
static int
gsegs(struct gp_dwidx *x)
{
	struct xrange *m;
	uint64_t *b;
	int64_t *cnt;
	uint64_t *sum;
	size_t nm = 0, mcap = 0, nb, i, k, j, f, gcap = 0, *mfrom, *mto;
	struct xunit *u;
	int64_t c;
	uint64_t s;
	int rc = -1;

	m = NULL;
	b = NULL;
	cnt = NULL;
	sum = NULL;
	mfrom = calloc(x->nu + 1, sizeof(*mfrom));
	mto = calloc(x->nu + 1, sizeof(*mto));
	if (mfrom == NULL || mto == NULL)
		goto out;
	for (k = 0; k < x->nu; k++) {
		u = &x->u[k];
		mfrom[k] = mto[k] = nm;
		if (u->lt == NULL)
			continue;
		f = nm;
		for (i = 0; i < x->nur; i++)
			if (x->ur[i].who == k && addrange(&m, &nm, &mcap,
			    x->ur[i].lo, x->ur[i].hi, k) == -1)
				goto out;
		for (i = 0; i < u->nfr; i++)
			if (addrange(&m, &nm, &mcap, x->fr[u->fr0 + i].lo,
			    x->fr[u->fr0 + i].hi, k) == -1)
				goto out;
		/* libbfd adds each line sequence read to the unit's ranges */
		for (i = 0; i < u->lt->nseqs; i++)
			if (addrange(&m, &nm, &mcap, u->lt->seqs[i].orig,
			    u->lt->seqs[i].high, k) == -1)
				goto out;
		/* the unit's ranges made one union */
		if (nm > f)
			qsort(m + f, nm - f, sizeof(*m), cmprange);
		for (i = j = f; i < nm; i++) {
			if (m[i].hi <= m[i].lo)
				continue;
			if (j > f && m[i].lo <= m[j - 1].hi) {
				if (m[i].hi > m[j - 1].hi)
					m[j - 1].hi = m[i].hi;
				continue;
			}
			m[j++] = m[i];
		}
		nm = mto[k] = j;
	}
	b = calloc(2 * nm + 1, sizeof(*b));
	cnt = calloc(2 * nm + 1, sizeof(*cnt));
	sum = calloc(2 * nm + 1, sizeof(*sum));
	if (b == NULL || cnt == NULL || sum == NULL)
		goto out;
	for (i = 0; i < nm; i++) {
		b[2 * i] = m[i].lo;
		b[2 * i + 1] = m[i].hi;
	}
	qsort(b, 2 * nm, sizeof(*b), cmpu64);
	for (i = nb = 0; i < 2 * nm; i++)
		if (nb == 0 || b[nb - 1] != b[i])
			b[nb++] = b[i];
	for (i = 0; i < nm; i++) {
		cnt[lbound(b, nb, m[i].lo)]++;
		cnt[lbound(b, nb, m[i].hi)]--;
		sum[lbound(b, nb, m[i].lo)] += m[i].who;
		sum[lbound(b, nb, m[i].hi)] -= m[i].who;
	}
	for (k = 0, c = 0, s = 0; k + 1 < nb; k++) {
		c += cnt[k];
		s += sum[k];
		if (c == 0)
			continue;
		if (c == 1 && x->ngs > 0 && x->gs[x->ngs - 1].hi == b[k] &&
		    x->gs[x->ngs - 1].kind == G_UNIT &&
		    x->gs[x->ngs - 1].unit == s) {
			x->gs[x->ngs - 1].hi = b[k + 1];
			continue;
		}
		if (grow((void **)&x->gs, x->ngs, &gcap, 1024,
		    sizeof(*x->gs)) == -1)
			goto out;
		x->gs[x->ngs].lo = b[k];
		x->gs[x->ngs].hi = b[k + 1];
		x->gs[x->ngs].kind = c == 1 ? G_UNIT : G_ASK;
		x->gs[x->ngs].unit = c == 1 ? (size_t)s : 0;
		x->ngs++;
	}
	for (i = 0; i < x->ngs; i++)
		if (x->gs[i].kind == G_ASK)
			firstunit(x, &x->gs[i], m, mfrom, mto);
	/* stretches alike made one */
	for (i = k = 0; i < x->ngs; i++) {
		if (k > 0 && x->gs[k - 1].hi == x->gs[i].lo &&
		    x->gs[k - 1].kind == x->gs[i].kind &&
		    x->gs[k - 1].unit == x->gs[i].unit) {
			x->gs[k - 1].hi = x->gs[i].hi;
			continue;
		}
		x->gs[k++] = x->gs[i];
	}
	x->ngs = k;
	rc = 0;
out:
	free(b);
	free(cnt);
	free(sum);
	free(m);
	free(mfrom);
	free(mto);
	return rc;
}

static const struct gseg *
gfind(const struct gp_dwidx *x, uint64_t a, uint64_t *next)
{
	size_t lo = 0, hi = x->ngs, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (a < x->gs[mid].lo)
			hi = mid;
		else if (a >= x->gs[mid].hi)
			lo = mid + 1;
		else {
			*next = x->gs[mid].hi;
			return &x->gs[mid];
		}
	}
	*next = lo < x->ngs ? x->gs[lo].lo : UINT64_MAX;
	return NULL;
}

static struct fseg *
ffind(struct gp_dwidx *x, const struct xunit *u, uint64_t a, uint64_t *next)
{
	struct fseg *fs = x->fs + u->fs0;
	size_t lo = 0, hi = u->nfs, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (a < fs[mid].lo)
			hi = mid;
		else if (a >= fs[mid].hi)
			lo = mid + 1;
		else {
			*next = fs[mid].hi;
			return &fs[mid];
		}
	}
	*next = lo < u->nfs ? fs[lo].lo : UINT64_MAX;
	return NULL;
}

static int
cmpesym(const void *a, const void *b)
{
	const struct esym *l = a, *r = b;

	if (l->addr != r->addr)
		return l->addr < r->addr ? -1 : 1;
	return l->order < r->order ? -1 : l->order > r->order;
}

/*
 * libbfd's ELF function search (_bfd_elf_find_function) at a: of the
 * symbols starting last at or below a, the longest, of those the first;
 * NULL if none.  *sure is 0 where libbfd's one-symbol cache could answer
 * otherwise (an earlier symbol reaching over the chosen one's start), or
 * the symbols' sizes are unknown; *next the next symbol's start.
 */
static const struct esym *
efind(const struct gp_dwidx *x, uint64_t a, int *sure, uint64_t *next)
{
	size_t lo = 0, hi = x->nes, mid, k, best;

	*sure = x->esok;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (x->es[mid].addr <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	*next = lo < x->nes ? x->es[lo].addr : UINT64_MAX;
	if (lo == 0)
		return NULL;
	for (k = lo - 1; k > 0 && x->es[k - 1].addr == x->es[lo - 1].addr; k--)
		;
	if (x->es[k].pmax > a)
		*sure = 0;
	for (best = k; k < lo; k++)
		if (x->es[k].end - x->es[k].addr >
		    x->es[best].end - x->es[best].addr)
			best = k;
	return &x->es[best];
}

/* A function without a linkage name, met first at a. */
static void
settle(struct gp_dwidx *x, struct xfn *f, uint64_t a)
{
	const struct esym *e;
	uint64_t next;
	int sure;

	if (f->state != FN_OPEN)
		return;
	e = efind(x, a, &sure, &next);
	if (!sure) {
		f->state = FN_UNSURE;
		return;
	}
	if (e != NULL && e->addr == f->low0)
		f->name = e->name;
	f->state = FN_LINK;
}

/*
 * Settle every function without a linkage name as gprof's questions
 * would: first its symbols' addresses (fpass, ascending), then every
 * address of .text in turn.
 */
static void
settleall(struct gp_dwidx *x, const uint64_t *fpass, size_t nfpass)
{
	const struct gseg *g;
	const struct fseg *fs;
	struct xunit *u;
	uint64_t next;
	size_t i, k;

	for (i = 0; i < nfpass; i++) {
		if ((g = gfind(x, fpass[i], &next)) == NULL ||
		    g->kind == G_ASK)
			continue;
		if ((fs = ffind(x, &x->u[g->unit], fpass[i], &next)) != NULL)
			settle(x, &x->fn[fs->fn], fpass[i]);
	}
	for (k = 0; k < x->nu; k++) {
		u = &x->u[k];
		for (i = 0; i < u->nfs; i++) {
			fs = &x->fs[u->fs0 + i];
			if (x->fn[fs->fn].state != FN_OPEN)
				continue;
			g = gfind(x, fs->lo, &next);
			if (g == NULL || g->kind == G_ASK || g->unit != k)
				x->fn[fs->fn].state = FN_UNSURE;
			else
				settle(x, &x->fn[fs->fn], fs->lo);
		}
	}
}

/*
 * The symbols libbfd's ELF function search can name in .text (its
 * _bfd_elf_maybe_function_sym), with their sizes from the file's own
 * .symtab (libbfd keeps them out of its public symbols): ELF64 only, and
 * only when that table lines up with libbfd's, else esok stays 0.
 */
static int
esyms(struct gp_dwidx *x, asymbol **syms, long nsyms, asection *text)
{
	const flagword notfunc = BSF_SECTION_SYM | BSF_FILE | BSF_OBJECT |
	    BSF_THREAD_LOCAL | BSF_RELC | BSF_SRELC;
	struct sect whole;
	struct rd r;
	uint64_t shoff, off, size, stoff = 0, stsize, soff = 0, ssize = 0;
	uint64_t name, value, stsz, pmax;
	unsigned shentsize, shnum, i, type, link, info, other;
	const char *nm;
	long j;
	size_t k;
	int ok = 0;

	if ((x->es = calloc(nsyms + 1, sizeof(*x->es))) == NULL)
		return -1;
	whole.buf = x->d.map;
	whole.size = x->d.maplen;
	whole.owned = 0;
	if (x->d.map != NULL && x->d.maplen >= 64 &&
	    memcmp(x->d.map, "\177ELF", 4) == 0 && x->d.map[4] == 2) {
		rd_init(&r, &whole, 0x28, x->d.be);
		shoff = rdn(&r, 8);
		rd_init(&r, &whole, 0x3a, x->d.be);
		shentsize = (unsigned)rdn(&r, 2);
		shnum = (unsigned)rdn(&r, 2);
		for (i = 0; i < shnum && !r.bad && shentsize >= 64; i++) {
			if (rd_init(&r, &whole, shoff + (uint64_t)i *
			    shentsize, x->d.be) == -1)
				break;
			rdn(&r, 4);
			type = (unsigned)rdn(&r, 4);
			rdn(&r, 16);
			off = rdn(&r, 8);
			size = rdn(&r, 8);
			link = (unsigned)rdn(&r, 4);
			if (type != 2 || r.bad || link >= shnum ||
			    rd_init(&r, &whole, shoff + (uint64_t)link *
			    shentsize + 24, x->d.be) == -1)
				continue;
			stoff = rdn(&r, 8);
			stsize = rdn(&r, 8);
			if (r.bad || stoff > x->d.maplen ||
			    stsize > x->d.maplen - stoff ||
			    size / 24 != (uint64_t)nsyms + 1)
				break;
			soff = off;
			ssize = stsize;
			ok = 1;
			break;
		}
	}
	for (j = 0; j < nsyms; j++) {
		stsz = 0;
		if (ok) {
			if (rd_init(&r, &whole, soff + 24 * (uint64_t)(j + 1),
			    x->d.be) == -1) {
				ok = 0;
				continue;
			}
			name = rdn(&r, 4);
			info = (unsigned)rdn(&r, 1);
			other = (unsigned)rdn(&r, 1);
			rdn(&r, 2);
			value = rdn(&r, 8);
			stsz = rdn(&r, 8);
			nm = strat(&(struct sect){ x->d.map + stoff, ssize, 0 },
			    name);
			if (r.bad || nm == NULL ||
			    strcmp(nm, bfd_asymbol_name(syms[j])) != 0)
				ok = 0;
			(void)value;
			/* annobin's marks: hidden local untyped, no size */
			if (stsz == 0 && (syms[j]->flags & BSF_LOCAL) &&
			    (info & 0xf) == 0 && (other & 3) == 2)
				continue;
		}
		if (syms[j]->section != text || (syms[j]->flags & notfunc))
			continue;
		x->es[x->nes].addr = syms[j]->value + bfd_section_vma(text);
		x->es[x->nes].end = x->es[x->nes].addr + (stsz ? stsz : 1);
		x->es[x->nes].name = bfd_asymbol_name(syms[j]);
		x->es[x->nes].order = (size_t)j;
		x->nes++;
	}
	x->esok = ok;
	qsort(x->es, x->nes, sizeof(*x->es), cmpesym);
	for (k = 0, pmax = 0; k < x->nes; k++) {
		if (k > 0 && x->es[k].addr == x->es[k - 1].addr)
			x->es[k].pmax = x->es[k - 1].pmax;
		else
			x->es[k].pmax = pmax;
		if (x->es[k].end > pmax)
			pmax = x->es[k].end;
	}
	return 0;
}

size_t
gp_dwarf_asked(const struct gp_dwidx *x)
{
	return x->asked;
}

void
gp_dwarf_free(struct gp_dwidx *x)
{
	size_t i, k;

	if (x == NULL)
		return;
	for (i = 0; i < x->nu; i++)
		if (x->u[i].names != NULL) {
			for (k = 0; k <= x->u[i].lt->nfiles; k++)
				free(x->u[i].names[k]);
			free(x->u[i].names);
		}
	for (i = 0; i < x->nu; i++) {
		/* a table shared by several units is freed with the first */
		for (k = 0; k < i && x->u[k].lt != x->u[i].lt; k++)
			;
		if (x->u[i].lt != NULL && k == i) {
			ltab_reset(x->u[i].lt);
			free(x->u[i].lt->rows);
			free(x->u[i].lt->seqs);
			free(x->u[i].lt);
		}
	}
	for (i = 0; i < x->nabs; i++) {
		free(x->abs[i]->a);
		free(x->abs[i]->s);
		free(x->abs[i]);
	}
	free(x->abs);
	free(x->u);
	free(x->fn);
	free(x->fr);
	free(x->ur);
	free(x->fs);
	free(x->gs);
	free(x->es);
	freesect(&x->d.info);
	freesect(&x->d.abbrev);
	freesect(&x->d.line);
	freesect(&x->d.str);
	freesect(&x->d.linestr);
	freesect(&x->ranges);
	freesect(&x->rnglists);
	freesect(&x->addr);
	freesect(&x->d.stroffs);
	if (x->d.map != NULL)
		munmap(x->d.map, x->d.maplen);
	free(x);
}

struct gp_dwidx *
gp_dwarf_index(bfd *abfd, asection *text, asymbol **syms, long nsyms,
    const uint64_t *fpass, size_t nfpass)
{
	struct gp_dwidx *x;
	struct xunit *u;
	struct stat st;
	struct cu cu;
	void *map;
	size_t i, k, fscap = 0;
	int fd;

	if ((x = calloc(1, sizeof(*x))) == NULL)
		return NULL;
	x->d.abfd = abfd;
	x->d.be = bfd_big_endian(abfd);
	if ((fd = open(bfd_get_filename(abfd), O_RDONLY)) != -1) {
		if (fstat(fd, &st) == 0 && st.st_size > 0 &&
		    (uint64_t)st.st_size <= SIZE_MAX &&
		    (map = mmap(NULL, (size_t)st.st_size, PROT_READ,
		    MAP_PRIVATE, fd, 0)) != MAP_FAILED) {
			x->d.map = map;
			x->d.maplen = (size_t)st.st_size;
		}
		close(fd);
	}
	if (getsect(&x->d, ".debug_info", &x->d.info) == -1 ||
	    getsect(&x->d, ".debug_abbrev", &x->d.abbrev) == -1 ||
	    getsect(&x->d, ".debug_line", &x->d.line) == -1 ||
	    getsect(&x->d, ".debug_str", &x->d.str) == -1 ||
	    getsect(&x->d, ".debug_line_str", &x->d.linestr) == -1 ||
	    getsect(&x->d, ".debug_ranges", &x->ranges) == -1 ||
	    getsect(&x->d, ".debug_rnglists", &x->rnglists) == -1 ||
	    getsect(&x->d, ".debug_addr", &x->addr) == -1 ||
	    getsect(&x->d, ".debug_str_offsets", &x->d.stroffs) == -1)
		goto bad;
	if (x->d.info.buf != NULL && xunits(x) == -1)
		goto bad;
	for (i = 0; i < x->nu; i++) {
		u = &x->u[i];
		if (!u->hasstmt || x->d.line.buf == NULL)
			continue;
		/* a table shared by several units is read once */
		for (k = 0; k < i; k++)
			if (x->u[k].lt != NULL && x->u[k].stmt == u->stmt &&
			    x->u[k].asz == u->asz &&
			    (x->u[k].compdir == u->compdir ||
			    (x->u[k].compdir != NULL && u->compdir != NULL &&
			    strcmp(x->u[k].compdir, u->compdir) == 0)))
				break;
		if (k < i) {
			u->lt = x->u[k].lt;
			continue;
		}
		if ((u->lt = calloc(1, sizeof(*u->lt))) == NULL)
			goto bad;
		cu.stmt = u->stmt;
		cu.compdir = u->compdir;
		cu.asz = u->asz;
		if (decode(&x->d, &cu, u->lt) == -1)
			goto bad;
		sortseqs(u->lt);
	}
	for (i = 0; i < x->nu; i++)
		if (x->u[i].lt != NULL && xfuncs(x, &x->u[i]) == -1)
			goto bad;
	for (i = 0; i < x->nu; i++)
		if (x->u[i].lt != NULL && fsegs(x, &x->u[i],
		    x->fr + x->u[i].fr0, x->u[i].nfr, &x->fs, &x->nfs,
		    &fscap) == -1)
			goto bad;
	if (gsegs(x) == -1)
		goto bad;
	if (esyms(x, syms, nsyms, text) == -1)
		goto bad;
	x->text = text;
	x->syms = syms;
	settleall(x, fpass, nfpass);
	return x;
bad:
	gp_dwarf_free(x);
	return NULL;
}

/* The file name of a unit's row, made once. */
static const char *
rowfile(struct xunit *u, unsigned file)
{
	size_t n = u->lt->nfiles + 1;

	if (file >= n)
		return NULL;
	if (u->names == NULL && (u->names = calloc(n, sizeof(char *))) == NULL)
		return NULL;
	if (u->names[file] == NULL)
		u->names[file] = filename(u->lt, file);
	return u->names[file] != NULL && u->names[file][0] != '\0' ?
	    u->names[file] : NULL;
}

int
gp_dwarf_at(struct gp_dwidx *x, uint64_t a, const char **file,
    const char **func, unsigned *line, uint64_t *next)
{
	const struct gseg *g;
	struct fseg *fs;
	const struct seq *s;
	const struct ltab *t;
	const struct xfn *f;
	const struct esym *e;
	struct xunit *u;
	size_t lo, hi, mid;
	uint64_t n;
	int sure, first;

	*file = *func = NULL;
	*line = 0;
	if ((g = gfind(x, a, next)) == NULL)
		return GP_LQ_NONE;
	if (g->kind == G_ASK)
		return GP_LQ_ASK;
	first = g->kind == G_FIRST;
	u = &x->u[g->unit];
	t = u->lt;
	/* libbfd's lookup_address_in_line_info_table */
	lo = 0;
	hi = t->nseqs;
	s = NULL;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (a < t->seqs[mid].low)
			hi = mid;
		else if (a >= t->seqs[mid].high)
			lo = mid + 1;
		else {
			s = &t->seqs[mid];
			break;
		}
	}
	if (s == NULL) {
		if (lo < t->nseqs && t->seqs[lo].low < *next)
			*next = t->seqs[lo].low;
		if (ffind(x, u, a, &n) == NULL && first)
			return GP_LQ_ASK;	/* the next unit's turn */
		if (n < *next)
			*next = n;
		return GP_LQ_NONE;
	}
	if (s->orig == 0)
		return GP_LQ_ASK;
	lo = s->first;
	hi = s->first + s->n - 1;
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (t->rows[mid].addr <= a)
			lo = mid;
		else
			hi = mid;
	}
	n = t->rows[lo + 1].addr;
	if (n > s->high)
		n = s->high;
	if (n < *next)
		*next = n;
	*line = t->rows[lo].line;
	*file = rowfile(u, t->rows[lo].file);
	fs = ffind(x, u, a, &n);
	if (n < *next)
		*next = n;
	if (*line == 0)
		return GP_LQ_NONE;
	if (fs == NULL) {
		/* libbfd's ELF function search names it, maybe the file */
		if (*file == NULL)
			return GP_LQ_ASK;
		if ((e = efind(x, a, &sure, &n)) == NULL)
			return sure ? GP_LQ_NONE : GP_LQ_ASK;
		if (!sure)
			return GP_LQ_ASK;
		if (n < *next)
			*next = n;
		*func = e->name;
		return GP_LQ_FOUND;
	}
	if (*file == NULL)
		return GP_LQ_NONE;
	f = &x->fn[fs->fn];
	if (f->state != FN_LINK)
		return GP_LQ_ASK;
	if ((*func = f->name) == NULL)
		return GP_LQ_NONE;
	return GP_LQ_FOUND;
}

/*
 * Does libbfd find its line information in the file's own DWARF only
 * (a linked ELF file, without stabs, DWARF 1 or a separate debug file)?
 * Only then can the index stand in for it.
 */
int
gp_dwarf_alone(bfd *abfd)
{
	char *f;

	if (bfd_get_flavour(abfd) != bfd_target_elf_flavour ||
	    !(bfd_get_file_flags(abfd) & (EXEC_P | DYNAMIC)) ||
	    bfd_get_section_by_name(abfd, ".stab") != NULL ||
	    bfd_get_section_by_name(abfd, ".debug") != NULL)
		return 0;
	if (bfd_get_section_by_name(abfd, ".debug_info") != NULL)
		return 1;
	if ((f = bfd_follow_build_id_debuglink(abfd, DEBUGDIR)) == NULL &&
	    (f = bfd_follow_gnu_debuglink(abfd, DEBUGDIR)) == NULL)
		return 1;
	free(f);
	return 0;
}
