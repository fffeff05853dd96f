/*
 * gprof -l (--line): line symbols.
 */
#ifndef GP_LINESYMS_H
#define GP_LINESYMS_H

#include "sym/symtab.h"

/*
 * Add to a function symbol table the line symbols gprof 2.40 makes with
 * -l: at each byte of .text where libbfd's nearest source line (file,
 * function name and line) changes, a symbol named after the function,
 * with that file and line, not a function, static if its function is.
 * The table is then sorted and made unique again the way gprof does (a
 * function symbol keeps its address), each symbol running to the next.
 * demangle: fill dname by demangling, as gp-sym does.
 */
void	gp_linesyms_add(struct gp_symtab *, int demangle);

#endif /* GP_LINESYMS_H */
