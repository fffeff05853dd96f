/*
 * callgrind's input side (input.c) and the ELF symbol lookup it uses
 * (elfsyms.c): not part of the plugin ABI.
 */
#ifndef GP_CALLGRIND_INPUT_H
#define GP_CALLGRIND_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include <gp/plugin.h>

struct elfsym {
	const char	*name;
	uint64_t	 addr;
};

struct elfsyms {			/* an object's functions, by name */
	struct elfsym	*v;
	size_t		 n;
	char		*strs;		/* the names, one block */
	uint64_t	 low;		/* lowest link address of a segment */
	uint64_t	 textlow;	/* bounds of the executable segments */
	uint64_t	 texthigh;
};

/* Load path's function symbols (.symtab, else .dynsym); -1 if none. */
int		 elfsyms_load(struct elfsyms *, const char *path);
uint64_t	 elfsyms_find(const struct elfsyms *, const char *name);
		    /* UINT64_MAX if not there */
void		 elfsyms_free(struct elfsyms *);

/* The input kind of the descriptor, and the host it was given. */
extern const struct gp_inputfmt callgrind_input;
extern const struct gp_host *callgrind_host;

#endif /* GP_CALLGRIND_INPUT_H */
