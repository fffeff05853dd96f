/*
 * UTF-8 sequences.  Not part of the plugin ABI: each plugin that lists
 * it links its own copy.
 */
#ifndef GP_PLUGINS_UTF8_H
#define GP_PLUGINS_UTF8_H

#include <stddef.h>
#include <stdio.h>

/* The length of the valid UTF-8 sequence at p, or 0. */
size_t	utf8_len(const unsigned char *);

/*
 * Write the character at p (not NUL), ASCII or a valid UTF-8 sequence,
 * as it is, or bad for a byte that begins none; returns the number of
 * bytes it took from p.
 */
size_t	utf8_put(FILE *, const unsigned char *p, const char *bad);

#endif /* GP_PLUGINS_UTF8_H */
