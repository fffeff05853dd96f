/*
 * callgrind's input side (input.c): not part of the plugin ABI.
 */
#ifndef GP_CALLGRIND_INPUT_H
#define GP_CALLGRIND_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include <gp/input.h>

#include "elfsyms.h"

/* The input kind of the descriptor, and the host it was given. */
extern const struct gp_inputfmt callgrind_input;
extern const struct gp_host *callgrind_host;

#endif /* GP_CALLGRIND_INPUT_H */
