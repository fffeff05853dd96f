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

void	out_flush(void);
void	out_mem(const char *, size_t);
void	out_str(const char *);
void	out_chr(int);
void	out_pad(int);				/* that many spaces */
size_t	out_s(const char *, int, int, int);	/* %W.Ps, %-W.Ps */
void	out_u(uint64_t, int, int);		/* %Wlu, %-Wlu */
void	out_d(long);				/* %ld */
void	out_f(double, int, int);		/* %W.Pf */
int	out_printf(const char *, ...)
	    __attribute__((__format__(__printf__, 1, 2)));

/* snprintf(buf, size, "%.*f", P, v): its very bytes, its length. */
size_t	fmt_fixed(char *, size_t, double, int);

#endif /* GP_FMT_OUT_H */
