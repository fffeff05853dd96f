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
	struct sect	 info, abbrev, line, str, linestr;
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
	case DW_FORM_strx:
		uleb(r);
		return r->bad ? F_BAD : F_NOSTR;
	case DW_FORM_strx1:
	case DW_FORM_strx1 + 1:
	case DW_FORM_strx1 + 2:
	case DW_FORM_strx4:
		skip(r, form - DW_FORM_strx1 + 1);
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

/*
 * The compilation units of .debug_info with a line table: the stmt_list
 * and comp_dir of their first entry.
 */
static int
units(const struct dw *d, struct cu **cup, size_t *ncup)
{
	struct rd r, a;
	struct cu *cu = NULL;
	size_t n = 0, cap = 0;
	uint64_t len, abbroff, code, c, tag, name, form, val, stmt;
	const unsigned char *uend;
	const char *str, *compdir, *cp;
	int64_t implicit;
	int ver, ut, asz, offsz, hasstmt, rc;

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
			    (rc == F_NOSTR && name == DW_AT_comp_dir))
				goto bad;
			if (name == DW_AT_stmt_list && str == NULL) {
				hasstmt = 1;
				stmt = val;
			} else if (name == DW_AT_comp_dir) {
				compdir = str;
				/* as libbfd: drop an IRIX "host.:" prefix */
				if (compdir != NULL &&
				    (cp = strchr(compdir, ':')) != NULL &&
				    cp != compdir && cp[-1] == '.' &&
				    cp[1] == '/')
					compdir = cp + 1;
			}
		}
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
	    getsect(&d, ".debug_line_str", &d.linestr) == -1)
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
	if (d.map != NULL)
		munmap(d.map, d.maplen);
	return rc;
}
