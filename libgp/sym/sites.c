/*
 * Source lines of call sites (sites.h), asked of libbfd one address at a
 * time: an arc table holds few call sites, so the line tables are read
 * once by libbfd and each lookup is cheap.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <bfd.h>

#include "sym/sites.h"

#define BUCKET	32		/* bytes after a rounded call site */

struct find {
	bfd_vma		 addr;
	bfd_vma		 lo, hi;	/* the callee: a call's target */
	int		 x86;
	asymbol		**syms;
	const char	*file;
	unsigned int	 line;
	int		 found;
};

/*
 * The return address in [addr + 1, addr + BUCKET] after a direct call
 * (0xe8, rel32) to the callee: f->addr made the call's last byte.
 */
static void
exact(bfd *abfd, asection *sec, struct find *f)
{
	unsigned char b[BUCKET + 8];
	bfd_vma vma = bfd_section_vma(sec), size = bfd_section_size(sec);
	bfd_vma start, r, t;
	int32_t rel;
	size_t k;

	/* b[k] is the byte at start + k; from 4 bytes before ret on. */
	start = f->addr + 1 >= vma + 5 ? f->addr + 1 - 5 : vma;
	if (start + sizeof(b) > vma + size)
		return;
	if (!bfd_get_section_contents(abfd, sec, b, start - vma, sizeof(b)))
		return;
	for (r = f->addr + 1; r <= f->addr + BUCKET; r++) {
		if (r < start + 5 || r - start > sizeof(b))
			continue;
		k = r - start - 5;
		if (b[k] != 0xe8)
			continue;
		rel = (int32_t)((uint32_t)b[k + 1] | (uint32_t)b[k + 2] << 8 |
		    (uint32_t)b[k + 3] << 16 | (uint32_t)b[k + 4] << 24);
		t = r + (bfd_vma)(int64_t)rel;
		if (t >= f->lo && t <= f->hi) {
			f->addr = r - 1;
			return;
		}
	}
}

static void
look(bfd *abfd, asection *sec, void *arg)
{
	struct find *f = arg;
	const char *file = NULL, *func = NULL;
	unsigned int line = 0;
	bfd_vma vma;

	if (f->found || !(bfd_section_flags(sec) & SEC_CODE))
		return;
	vma = bfd_section_vma(sec);
	if (f->addr < vma || f->addr >= vma + bfd_section_size(sec))
		return;
	if (f->x86)
		exact(abfd, sec, f);
	if (bfd_find_nearest_line(abfd, sec, f->syms, f->addr - vma, &file,
	    &func, &line) && file != NULL && line > 0) {
		f->file = file;
		f->line = line;
		f->found = 1;
	}
}

void
gp_sitelines(const char *exe, uint64_t *ret, const uint64_t *lo,
    const uint64_t *hi, size_t n, char **file, int *line)
{
	struct find f;
	asymbol **syms = NULL;
	long ssize;
	size_t i;
	bfd *abfd;

	for (i = 0; i < n; i++) {
		file[i] = NULL;
		line[i] = 0;
	}
	if (exe == NULL || n == 0)
		return;
	bfd_init();
	if ((abfd = bfd_openr(exe, NULL)) == NULL)
		return;
	if (!bfd_check_format(abfd, bfd_object)) {
		bfd_close(abfd);
		return;
	}
	if ((ssize = bfd_get_symtab_upper_bound(abfd)) > 0 &&
	    (syms = malloc(ssize)) != NULL &&
	    bfd_canonicalize_symtab(abfd, syms) < 0) {
		free(syms);
		syms = NULL;
	}
	for (i = 0; i < n; i++) {
		if (ret[i] == 0)
			continue;
		memset(&f, 0, sizeof(f));
		f.addr = ret[i] - 1;	/* inside the call instruction */
		f.lo = lo[i];
		f.hi = hi[i];
		f.x86 = bfd_get_arch(abfd) == bfd_arch_i386;
		f.syms = syms;
		bfd_map_over_sections(abfd, look, &f);
		ret[i] = f.addr + 1;
		if (f.found && (file[i] = strdup(f.file)) != NULL)
			line[i] = (int)f.line;
	}
	free(syms);
	bfd_close(abfd);
}
