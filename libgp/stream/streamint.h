/*
 * The reader's state, which the writer reads too: gp_wrec() copies a
 * record that was not changed as the line it was read from.  For
 * reader.c and writer.c only.
 */
#ifndef GP_STREAM_STREAMINT_H
#define GP_STREAM_STREAMINT_H

#include <stddef.h>

struct gp_reader {
	int		 fd;
	int		 ownfd;
	char		*name;
	char		*buf;
	size_t		 cap;
	size_t		 start;		/* first unread byte */
	size_t		 end;		/* one past the last valid byte */
	int		 eof;
	long		 lineno;
	char		*line;		/* the last record's line */
	size_t		 len;		/* its length */
};

#endif /* GP_STREAM_STREAMINT_H */
