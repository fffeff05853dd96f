/*
 * Helpers of the text input formats (perf, callgrind): the file's lines
 * one by one, and records emitted from typed fields (textin.c).  Not
 * part of the plugin ABI; linked into the plugins that list it.
 */
#ifndef GP_PLUGINS_TEXTIN_H
#define GP_PLUGINS_TEXTIN_H

#include <stddef.h>
#include <stdint.h>

#include <gp/input.h>

struct textin {
	const unsigned char *p;		/* the rest of the file */
	const unsigned char *end;
	char		*line;		/* the current line, NUL-ended */
	size_t		 len;		/* its length, a CR at the end cut */
	size_t		 cap;
	unsigned long	 lineno;	/* its number, from 1 */
};

/*
 * textin_open() starts on buf (len bytes).  It returns -1, with *lines
 * the number of the last line, if the file is cut short: its last line
 * has no newline.  textin_next() reads the next line: 1, 0 at the end,
 * -1 if out of memory or the line holds a NUL byte (*why says which).
 * textin_close() frees the line.
 */
int	textin_open(struct textin *, const unsigned char *buf, size_t len,
	    unsigned long *lines);
int	textin_next(struct textin *, const char **why);
void	textin_close(struct textin *);

/*
 * emit() a record of fields given by type letters in fmt: 'u' uint64_t,
 * 'x' uint64_t as 0x..., 'o' int64_t, empty if negative (an object id),
 * 'd' double (the shortest that reads back), 's' a string; at most 16.
 */
void	textin_emit(const struct gp_host *, struct gp_ctx *,
	    const char *kind, const char *fmt, ...);

/*
 * The number in base 10 or 16 whose digits begin at s (no sign, space or
 * "0x"), into *v, and where its digits end into *end: 0, -1 if s begins
 * with no digit, -2 if the number is over 64 bits.
 */
int	textin_u64(const char *s, int base, uint64_t *v, const char **end);

#endif /* GP_PLUGINS_TEXTIN_H */
