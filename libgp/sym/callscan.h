/*
 * gprof -c (--static-call-graph): call arcs found in the machine code.
 */
#ifndef GP_CALLSCAN_H
#define GP_CALLSCAN_H

#include "gmon/raw.h"
#include "stream/stream.h"
#include "sym/symtab.h"

/*
 * Write an "arc" record of count 0 for every direct call that GNU gprof
 * 2.40 finds scanning the text of the table's executable: each symbol's
 * bytes, one at a time, for the x86 call opcode 0xe8 whose target (the
 * 32-bit displacement added without sign extension, as gprof adds it)
 * lies in a histogram of raw and is the start of a symbol.  The call
 * site is the opcode's address, so the arc's parent is the symbol
 * scanned.  Other architectures: a warning and no arcs.  Returns the
 * number of arcs written.
 */
size_t	gp_callscan_emit(struct gp_writer *, const struct gp_symtab *,
	    const struct gp_raw *);

#endif /* GP_CALLSCAN_H */
