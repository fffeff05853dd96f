/*
 * callgrind's input side (input.c): not part of the plugin ABI.
 */
#ifndef GP_CALLGRIND_INPUT_H
#define GP_CALLGRIND_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include <gp/input.h>

#include "elfsyms.h"

/* The input kind of the descriptor. */
extern const struct gp_inputfmt callgrind_input;

#endif /* GP_CALLGRIND_INPUT_H */
