/*
 * gp-stream(5): the text record stream that joins the gptools filters.
 *
 * One record per line, fields separated by TAB, the record's kind first.
 * The first line of every stream is "gp-stream<TAB>1".  Every tool copies
 * the records it does not consume through unchanged and in order.
 *
 * One reader and one writer, used by every tool.
 */
#ifndef GP_STREAM_H
#define GP_STREAM_H

#include <stdlib.h>
#include <sys/types.h>

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define GP_STREAM_MAGIC		"gp-stream"
#define GP_STREAM_VERSION	1

struct gp_reader;

/*
 * A record as read.  The fields point into the reader's buffer and are
 * valid until the next gp_read().  Fields are raw (still escaped); use
 * gp_fstr() to get a name back.
 */
struct gp_rec {
	char		**f;		/* fields; f[0] is the kind */
	int		  nf;		/* number of fields */
	int		  fcap;
	long		  lineno;	/* 1-based line number in the input */
	struct gp_reader *r;		/* for error messages */
};

/* Reading. */
struct gp_reader *gp_ropen(int fd, const char *name);
struct gp_reader *gp_ropenfile(const char *path);	/* "-" is stdin */
int		 gp_read(struct gp_reader *, struct gp_rec *);	/* 1, or 0 at EOF */
void		 gp_rclose(struct gp_reader *);
const char	*gp_rname(const struct gp_reader *);
void		 gp_recfree(struct gp_rec *);

/* Is this record of that kind? */
int		 gp_iskind(const struct gp_rec *, const char *);

/*
 * Field access with bounded parsing.  On a bad or missing field these
 * print "PROG: FILE:LINE: KIND: field N: what was wrong" and exit 1.
 */
void		 gp_need(const struct gp_rec *, int nfields);
uint64_t	 gp_fhex(const struct gp_rec *, int);	/* 0x1f or 1f */
uint64_t	 gp_fu64(const struct gp_rec *, int);	/* decimal */
uint64_t	 gp_fu64max(const struct gp_rec *, int, uint64_t max);
int64_t		 gp_fi64(const struct gp_rec *, int);
double		 gp_fdbl(const struct gp_rec *, int);	/* round-trips */
char		*gp_fstr(const struct gp_rec *, int);	/* unescaped, malloc'd */
int		 gp_fempty(const struct gp_rec *, int);
void		 gp_recerr(const struct gp_rec *, const char *, ...)
		    __attribute__((__noreturn__, __format__(__printf__, 2, 3)));
void		 gp_recwarn(const struct gp_rec *, const char *, ...)
		    __attribute__((__format__(__printf__, 2, 3)));

/* Writing: gp_wkind() starts a record, gp_weol() ends it. */
struct gp_writer;
struct gp_writer *gp_wopen(int fd);	/* writes the header line */
void		 gp_wkind(struct gp_writer *, const char *);
void		 gp_whex(struct gp_writer *, uint64_t);
void		 gp_wu64(struct gp_writer *, uint64_t);
void		 gp_wi64(struct gp_writer *, int64_t);
void		 gp_wdbl(struct gp_writer *, double);
void		 gp_wstr(struct gp_writer *, const char *);	/* escapes */
void		 gp_wstrn(struct gp_writer *, const char *, size_t);
void		 gp_wraw(struct gp_writer *, const char *);	/* as is */
void		 gp_weol(struct gp_writer *);
/*
 * A whole record, gp_wkind() to gp_weol(), with a field for each letter
 * of fmt; gp_wfields() writes the fields alone, into the record begun.
 * The letters, the arguments each takes and the call it stands for:
 *	u	uint64_t		gp_wu64()
 *	i	int64_t			gp_wi64()
 *	x	uint64_t		gp_whex()
 *	d	double			gp_wdbl()
 *	s	const char *		gp_wstr()
 *	n	const char *, size_t	gp_wstrn()
 *	r	const char *		gp_wraw()
 * The arguments are variadic, so nothing converts them: each must have
 * exactly the type its letter reads.  Cast a size_t, int, unsigned or
 * uint32_t to uint64_t for u and x, an integer to double for d, n's
 * length (a constant, a flag) to size_t, or the field silently comes out
 * wrong.  The fields of each kind and their order are gp-stream(5)'s,
 * the contract.
 */
void		 gp_wrecf(struct gp_writer *, const char *kind, const char *fmt,
		    ...);
void		 gp_wfields(struct gp_writer *, const char *fmt, ...);
void		 gp_wrec(struct gp_writer *, const struct gp_rec *);
/* Once a buffer: cold, so that the field writers do not inline it. */
void		 gp_wflush(struct gp_writer *) __attribute__((__cold__));
/* All of buf, write(2) again after EINTR; a failure is err(1, what). */
void		 gp_xwrite(int fd, const void *buf, size_t, const char *what);
void		 gp_wclose(struct gp_writer *);	/* flushes, frees */

/* Helpers shared with the text formats. */
size_t		 gp_escape(char *dst, const char *src, size_t n); /* dst >= 4n+1 */
int		 gp_unescape(char *);		/* in place; -1 if malformed */
ssize_t		 gp_unescapen(const char *, char *dst, size_t max);
		    /* NULs kept; -1 malformed, -2 longer than max */
int		 gp_hexdigit(int);		/* -1 if not one */
char		*gp_udec(char *end, uint64_t);	/* digits end at end (room
						   for 20): their start */
size_t		 gp_fmtdbl(char *buf, double);	/* buf >= 32; shortest exact */
size_t		 gp_fmtdbl_fast(char *, double);	/* number.c; 0: not done */
int		 gp_parsedbl_fast(const char *, double *); /* -1: not done */
int		 gp_parsedbl(const char *, double *);
int		 gp_parsehex(const char *, uint64_t *);
int		 gp_parseu64(const char *, uint64_t *);

/* -V: "PROG (gptools) VERSION" on stdout, and exit 0 (version.c). */
void		 gp_version(void) __attribute__((__noreturn__));

/*
 * In a child process: become the stage NAME (a gptools command such as
 * gp-sym), the one installed beside the running program, else NAME as
 * PATH finds it; if neither runs, say so as PROG on the standard error
 * and _exit(127) (exec.c).
 */
void		 gp_execstage(const char *prog, const char *name,
		    char *const argv[]) __attribute__((__noreturn__));

/*
 * gp_relpath(): the relative path from the absolute directory from to
 * the absolute path to, malloc'd (NULL if either is relative);
 * gp_installed(): the installed file path (installed with the commands
 * in bindir) found relative to the running executable, else path itself,
 * malloc'd (exec.c).
 */
char		*gp_relpath(const char *from, const char *to);
char		*gp_installed(const char *bindir, const char *path);

/*
 * calloc(3), reallocarray(3) and strdup(3) that exit on failure (alloc.c);
 * 0 elements get room for 1.  gp_xgrow(): array p of *cap items of size
 * bytes with room for item n, the room doubled (first items the first
 * time) when it has none.
 */
void		*gp_xcalloc(size_t n, size_t size);
void		*gp_xreallocarray(void *, size_t n, size_t size);
void		*gp_xgrow(void *p, size_t *cap, size_t n, size_t first,
		    size_t size);
char		*gp_xstrdup(const char *);	/* NULL gives "" */

/*
 * A stable sort with gprof's order of comparisons (sort.c): glibc's merge
 * sort, which gprof's qsort is; cmp gets arg as qsort_r's does.
 */
void		 gp_msort(void *base, size_t n, size_t size,
		    int (*cmp)(const void *, const void *, void *), void *arg);

/*
 * qsort(3) for arrays that may be empty: qsort wants a pointer to an
 * array even for none, and an empty one here may be a null pointer.
 */
static inline void
gp_sort(void *base, size_t n, size_t size,
    int (*cmp)(const void *, const void *))
{
	if (n > 1)
		qsort(base, n, size, cmp);
}

#endif /* GP_STREAM_H */
