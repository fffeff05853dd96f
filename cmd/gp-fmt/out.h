/*
 * gp-fmt: the report's output.  The report goes into one buffer, by hand
 * formatting that gives the very bytes printf gives for the formats the
 * report uses, and out to stdout in large writes: printf's parsing of
 * the format and its general number conversion were most of the time
 * gp-fmt took on large profiles.
 *
 * out_flush() hands the buffer to stdout; call it before anything else
 * writes to stdout.
 */
#ifndef GP_FMT_OUT_H
#define GP_FMT_OUT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define OUT_BUFSZ	(1 << 16)
#define OUT_SHORT	256		/* what the inline paths take */

/* Each thread its own buffer: the call graph is printed by two. */
extern _Thread_local char	out_buf[OUT_BUFSZ];
extern _Thread_local size_t	out_n;

/* Bytes kept in memory instead of written: out_capture(). */
struct outmem {
	char	*p;
	size_t	 n;
	size_t	 cap;
};

void	out_flush(void);
/*
 * The calling thread's output from here on appended to *m (NULL: to
 * stdout again); what was in the buffer goes where it was headed first.
 */
void	out_capture(struct outmem *);
void	out_memlong(const char *, size_t);
void	out_padlong(int);
size_t	out_s(const char *, int, int, int);	/* %W.Ps, %-W.Ps */
void	out_u(uint64_t, int, int);		/* %Wlu, %-Wlu */
void	out_d(long);				/* %ld */
void	out_f(double, int, int);		/* %W.Pf */
int	out_printf(const char *, ...)
	    __attribute__((__format__(__printf__, 1, 2)));

/* snprintf(buf, size, "%.*f", P, v): its very bytes, its length. */
size_t	fmt_fixed(char *, size_t, double, int);

/* Room for n (<= OUT_SHORT) more bytes at out_buf + out_n. */
static inline char *
out_room(size_t n)
{
	if (out_n + n > OUT_BUFSZ)
		out_flush();
	return out_buf + out_n;
}

static inline void
out_mem(const char *s, size_t n)
{
	if (n > OUT_SHORT) {
		out_memlong(s, n);
		return;
	}
	memcpy(out_room(n), s, n);
	out_n += n;
}

static inline void
out_str(const char *s)
{
	out_mem(s, strlen(s));
}

static inline void
out_chr(int c)
{
	*out_room(1) = (char)c;
	out_n++;
}

/* n spaces */
static inline void
out_pad(int n)
{
	if (n <= 0)
		return;
	if (n > OUT_SHORT) {
		out_padlong(n);
		return;
	}
	memset(out_room((size_t)n), ' ', (size_t)n);
	out_n += (size_t)n;
}

#endif /* GP_FMT_OUT_H */
