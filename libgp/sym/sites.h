/*
 * Source lines of call sites (sites.c): the line of the call before each
 * return address that gmon.out's arcs record, from the executable's
 * debugging information, as libbfd's bfd_find_nearest_line gives it.
 */
#ifndef GP_SITES_H
#define GP_SITES_H

#include <stddef.h>
#include <stdint.h>

/*
 * For each of the n return addresses ret[i] (link-time), the file and
 * line of the call before it: file[i] malloc'd or NULL, line[i] or 0.
 * glibc's mcount keeps a call site only to a bucket of HASHFRACTION
 * bytes (16 on x86-64), the address rounded down: on x86, where a direct
 * call is an 0xe8 and its 32-bit displacement, the call in
 * [ret, ret + 32) to a target in [lo[i], hi[i]] (the callee) is taken
 * and ret[i] made exact.  An executable libbfd cannot read leaves them
 * all unknown.
 */
void	gp_sitelines(const char *exe, uint64_t *ret, const uint64_t *lo,
	    const uint64_t *hi, size_t n, char **file, int *line);

#endif /* GP_SITES_H */
