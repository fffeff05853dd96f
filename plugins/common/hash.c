/*
 * FNV-1a string hashes (hash.h).
 */
#include <stddef.h>

#include "hash.h"

uint64_t
hash_str(const char *s, uint64_t h)
{
	for (; s != NULL && *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return h;
}
