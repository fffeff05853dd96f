/*
 * UTF-8 sequences.  Not part of the plugin ABI: each plugin that lists
 * it links its own copy.
 */
#ifndef GP_PLUGINS_UTF8_H
#define GP_PLUGINS_UTF8_H

#include <stddef.h>

/* The length of the valid UTF-8 sequence at p, or 0. */
size_t	utf8_len(const unsigned char *);

#endif /* GP_PLUGINS_UTF8_H */
