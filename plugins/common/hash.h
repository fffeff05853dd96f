/*
 * A string hash for the plugins' own hash tables (FNV-1a): stacks,
 * pprof, perf, callgrind.  Not part of the plugin ABI: each plugin that
 * lists it links its own copy.
 */
#ifndef GP_PLUGINS_HASH_H
#define GP_PLUGINS_HASH_H

#include <stdint.h>

#define HASH_BASIS	0xcbf29ce484222325ULL	/* FNV-1a's start */

/* The FNV-1a hash of s (NULL: no bytes) on from h, HASH_BASIS or a seed. */
uint64_t	hash_str(const char *s, uint64_t h);

#endif /* GP_PLUGINS_HASH_H */
