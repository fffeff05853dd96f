/*
 * An ELF object's function symbols by name and its loadable segments,
 * read with libelf (elfsyms.c): for the input formats, whose profiles
 * name functions (callgrind) or give file offsets (perf script).  Not
 * part of the plugin ABI; linked into the plugins that list it.
 */
#ifndef GP_PLUGINS_ELFSYMS_H
#define GP_PLUGINS_ELFSYMS_H

#include <stddef.h>
#include <stdint.h>

struct elfsym {
	const char	*name;
	uint64_t	 addr;
};

struct elfsyms {			/* an object's functions, by name */
	struct elfsym	*v;
	size_t		 n;
	struct elfsym	*dv;		/* C++ functions, demangled */
	size_t		 ndv;
	char		*strs;		/* the names, one block */
	uint64_t	 low;		/* lowest link address of a segment */
	uint64_t	 textlow;	/* bounds of the executable segments */
	uint64_t	 texthigh;
	int		 exec;		/* ET_EXEC: loaded at its link address */
	struct elfseg {			/* its PT_LOAD segments */
		uint64_t	 off;
		uint64_t	 vaddr;
		uint64_t	 filesz;
	}		*segs;
	size_t		 nsegs;
};

/*
 * Load path's function symbols (.symtab, else its debug file's, else
 * .dynsym); -1 if none.  elfsyms_find() takes a C++ function's mangled
 * or demangled name.
 */
int		 elfsyms_load(struct elfsyms *, const char *path);
uint64_t	 elfsyms_find(const struct elfsyms *, const char *name);
		    /* UINT64_MAX if not there */
void		 elfsyms_free(struct elfsyms *);
/* The link-time address of a file offset; UINT64_MAX if in no segment. */
uint64_t	 elfsyms_offaddr(const struct elfsyms *, uint64_t off);
/*
 * Whether a function of that name begins at addr, or a clone of it the
 * compiler named name.SUFFIX (f.constprop.0, f.part.0, f.isra.0).
 */
int		 elfsyms_at(const struct elfsyms *, const char *name,
		    uint64_t addr);

#endif /* GP_PLUGINS_ELFSYMS_H */
