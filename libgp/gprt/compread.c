/*
 * The companion reader's one message (compread.h), below the files that
 * read the blocks (companion.c, compcoll.c): fatal, or for a reader of a
 * running program's file (gp_gprt_loadbuf()), handed back to try again.
 */
#include <err.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "gprt/compread.h"

void
gp_gprt_bad(const struct rd *r, uint64_t off, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (r->catch != NULL) {
		snprintf(r->msg, r->msglen, "%s: byte %" PRIu64 ": %s",
		    r->path, off, msg);
		longjmp(*r->catch, 1);
	}
	errx(1, "%s: byte %" PRIu64 ": %s", r->path, off, msg);
}
