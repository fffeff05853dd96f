/*
 * Static call arcs (gprof -c) from the executable's .text.
 */
#include <err.h>
#include <stdint.h>
#include <stdlib.h>

#include <bfd.h>

#include "sym/callscan.h"

static int
inhist(const struct gp_raw *raw, uint64_t addr)
{
	size_t i;

	for (i = 0; i < raw->nhists; i++)
		if (raw->hists[i].low <= addr && addr < raw->hists[i].high)
			return 1;
	return 0;
}

size_t
gp_callscan_emit(struct gp_writer *w, const struct gp_symtab *st,
    const struct gp_raw *raw)
{
	const struct gp_sym *child;
	bfd_byte *text;
	asection *sect;
	uint64_t lo, hi, pc, dest, vma, size;
	size_t i, n;
	bfd *abfd;
	const bfd_byte *b;

	if (st == NULL || st->nsyms == 0 || raw == NULL || raw->nhists == 0)
		return 0;
	bfd_init();
	if ((abfd = bfd_openr(st->exe, NULL)) == NULL ||
	    !bfd_check_format(abfd, bfd_object))
		errx(1, "%s: %s", st->exe, bfd_errmsg(bfd_get_error()));
	if (bfd_get_arch(abfd) != bfd_arch_i386) {
		warnx("%s: -c: no call scanner for architecture %s", st->exe,
		    bfd_printable_name(abfd));
		bfd_close(abfd);
		return 0;
	}
	if ((sect = bfd_get_section_by_name(abfd, ".text")) == NULL ||
	    !bfd_malloc_and_get_section(abfd, sect, &text))
		errx(1, "%s: can't read the .text section", st->exe);
	vma = bfd_section_vma(sect);
	size = bfd_section_size(sect);

	n = 0;
	for (i = 0; i < st->nsyms; i++) {
		/* A symbol runs to the next one (gprof's find_call range). */
		lo = st->syms[i].addr;
		hi = i + 1 < st->nsyms ? st->syms[i + 1].addr : vma + size;
		if (lo < vma)
			lo = vma;
		if (size < 5)
			break;
		if (hi > vma + size - 4)
			hi = vma + size - 4;
		for (pc = lo; pc < hi; pc++) {
			b = text + (pc - vma);
			if (b[0] != 0xe8)
				continue;
			dest = ((uint64_t)b[1] | (uint64_t)b[2] << 8 |
			    (uint64_t)b[3] << 16 | (uint64_t)b[4] << 24) +
			    pc + 5;
			if (!inhist(raw, dest) ||
			    (child = gp_sym_lookup(st, dest)) == NULL ||
			    child->addr != dest)
				continue;
			gp_raw_emitarc(w, &(struct gp_arc){ .from = pc,
			    .self = dest });
			n++;
		}
	}
	free(text);
	bfd_close(abfd);
	return n;
}
