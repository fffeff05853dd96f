/*
 * An object's function symbols by name and its segments, read with
 * libelf (elfsyms.h): its own symbol table, else its separate debug
 * file's, else its dynamic symbols.
 */
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libiberty/demangle.h>

#include "elfsyms.h"

static int
cmpsym(const void *a, const void *b)
{
	const struct elfsym *x = a, *y = b;
	int r = strcmp(x->name, y->name);

	if (r != 0)
		return r;
	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static void	demangled(struct elfsyms *);

/* No symbols yet. */
static void
clear(struct elfsyms *t)
{
	free(t->v);
	free(t->strs);
	t->v = NULL;
	t->strs = NULL;
	t->n = 0;
}

/* A function, or an indirect function's resolver (as Callgrind names). */
static int
isfunc(const GElf_Sym *sym)
{
	return GELF_ST_TYPE(sym->st_info) == STT_FUNC ||
	    GELF_ST_TYPE(sym->st_info) == STT_GNU_IFUNC;
}

/* The symbols of one table (SHT_SYMTAB or SHT_DYNSYM); -1 if none. */
static int
table(struct elfsyms *t, Elf *e, Elf64_Word type)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	GElf_Sym sym;
	Elf_Data *d;
	const char *name;
	size_t i, n, total = 0, off = 0;

	while ((scn = elf_nextscn(e, scn)) != NULL) {
		if (gelf_getshdr(scn, &sh) == NULL || sh.sh_type != type ||
		    sh.sh_entsize == 0)
			continue;
		if ((d = elf_getdata(scn, NULL)) == NULL)
			return -1;
		n = sh.sh_size / sh.sh_entsize;
		for (i = 0; i < n; i++)
			if (gelf_getsym(d, (int)i, &sym) != NULL &&
			    isfunc(&sym) &&
			    sym.st_shndx != SHN_UNDEF &&
			    (name = elf_strptr(e, sh.sh_link, sym.st_name)) !=
			    NULL)
				total += strlen(name) + 1, t->n++;
		if (t->n == 0)
			return -1;
		t->v = calloc(t->n, sizeof(*t->v));
		t->strs = malloc(total);
		if (t->v == NULL || t->strs == NULL)
			return -1;
		t->n = 0;
		for (i = 0; i < n; i++) {
			if (gelf_getsym(d, (int)i, &sym) == NULL ||
			    !isfunc(&sym) ||
			    sym.st_shndx == SHN_UNDEF ||
			    (name = elf_strptr(e, sh.sh_link, sym.st_name)) ==
			    NULL)
				continue;
			memcpy(t->strs + off, name, strlen(name) + 1);
			t->v[t->n].name = t->strs + off;
			t->v[t->n++].addr = sym.st_value;
			off += strlen(name) + 1;
		}
		qsort(t->v, t->n, sizeof(*t->v), cmpsym);
		return 0;
	}
	return -1;
}

/*
 * The separate debug file of a stripped object, by its build ID, as
 * Debian's -dbg packages install them: /usr/lib/debug/.build-id/xx/
 * yyyy.debug.  Its symbol table has the statics; -1 if there is none.
 */
static int
debugsyms(struct elfsyms *t, Elf *e)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	GElf_Nhdr nh;
	Elf_Data *d;
	size_t off = 0, noff, doff, i;
	char path[512];
	const unsigned char *id;
	Elf *de;
	int fd, r = -1, n;

	while ((scn = elf_nextscn(e, scn)) != NULL) {
		if (gelf_getshdr(scn, &sh) == NULL || sh.sh_type != SHT_NOTE ||
		    (d = elf_getdata(scn, NULL)) == NULL)
			continue;
		off = 0;
		while ((off = gelf_getnote(d, off, &nh, &noff, &doff)) > 0) {
			if (nh.n_type != NT_GNU_BUILD_ID || nh.n_namesz != 4 ||
			    memcmp((char *)d->d_buf + noff, "GNU", 4) != 0 ||
			    nh.n_descsz < 2 || nh.n_descsz > 64)
				continue;
			id = (const unsigned char *)d->d_buf + doff;
			n = snprintf(path, sizeof(path),
			    "/usr/lib/debug/.build-id/%02x/", id[0]);
			for (i = 1; i < nh.n_descsz; i++)
				n += snprintf(path + n, sizeof(path) - n,
				    "%02x", id[i]);
			snprintf(path + n, sizeof(path) - n, ".debug");
			if ((fd = open(path, O_RDONLY)) == -1)
				return -1;
			if ((de = elf_begin(fd, ELF_C_READ, NULL)) != NULL) {
				r = table(t, de, SHT_SYMTAB);
				elf_end(de);
			}
			close(fd);
			return r;
		}
	}
	return -1;
}

int
elfsyms_load(struct elfsyms *t, const char *path)
{
	GElf_Phdr ph;
	Elf *e;
	size_t i, nph;
	int fd, r;

	memset(t, 0, sizeof(*t));
	if (elf_version(EV_CURRENT) == EV_NONE)
		return -1;
	if ((fd = open(path, O_RDONLY)) == -1)
		return -1;
	if ((e = elf_begin(fd, ELF_C_READ, NULL)) == NULL) {
		close(fd);
		return -1;
	}
	{
		GElf_Ehdr eh;

		if (gelf_getehdr(e, &eh) != NULL)
			t->exec = eh.e_type == ET_EXEC;
	}
	if (elf_getphdrnum(e, &nph) == 0) {
		if ((t->segs = calloc(nph + 1, sizeof(*t->segs))) == NULL) {
			elf_end(e);
			close(fd);
			return -1;
		}
		t->low = UINT64_MAX;
		t->textlow = UINT64_MAX;
		for (i = 0; i < nph; i++) {
			if (gelf_getphdr(e, (int)i, &ph) == NULL ||
			    ph.p_type != PT_LOAD)
				continue;
			t->segs[t->nsegs].off = ph.p_offset;
			t->segs[t->nsegs].vaddr = ph.p_vaddr;
			t->segs[t->nsegs++].filesz = ph.p_filesz;
			if (ph.p_vaddr < t->low)
				t->low = ph.p_vaddr;
			if (!(ph.p_flags & PF_X))
				continue;
			if (ph.p_vaddr < t->textlow)
				t->textlow = ph.p_vaddr;
			if (ph.p_vaddr + ph.p_memsz > t->texthigh)
				t->texthigh = ph.p_vaddr + ph.p_memsz;
		}
		if (t->low == UINT64_MAX)
			t->low = 0;
		if (t->textlow == UINT64_MAX)
			t->textlow = 0;
	}
	if ((r = table(t, e, SHT_SYMTAB)) == -1) {
		clear(t);
		r = debugsyms(t, e);
	}
	if (r == -1) {
		clear(t);
		r = table(t, e, SHT_DYNSYM);
	}
	elf_end(e);
	close(fd);
	if (r == 0)
		demangled(t);
	return r;
}

/*
 * The C++ functions under their demangled names too, as valgrind and
 * perf print them ("ns::f(int)"): libiberty's demangler, whose output
 * theirs is.
 */
static void
demangled(struct elfsyms *t)
{
	size_t i, n = 0;
	char *d;

	for (i = 0; i < t->n; i++)
		if (strncmp(t->v[i].name, "_Z", 2) == 0)
			n++;
	if (n == 0 || (t->dv = calloc(n, sizeof(*t->dv))) == NULL)
		return;
	for (i = 0; i < t->n; i++) {
		if (strncmp(t->v[i].name, "_Z", 2) != 0 ||
		    (d = cplus_demangle(t->v[i].name, DMGL_PARAMS |
		    DMGL_ANSI)) == NULL)
			continue;
		t->dv[t->ndv].name = d;
		t->dv[t->ndv++].addr = t->v[i].addr;
	}
	qsort(t->dv, t->ndv, sizeof(*t->dv), cmpsym);
}

static uint64_t
lookup(const struct elfsym *v, size_t n, const char *name)
{
	size_t lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (strcmp(v[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < n && strcmp(v[lo].name, name) == 0)
		return v[lo].addr;
	return UINT64_MAX;
}

/* The lowest address of a function of that name; UINT64_MAX: none. */
uint64_t
elfsyms_find(const struct elfsyms *t, const char *name)
{
	uint64_t a;

	if ((a = lookup(t->v, t->n, name)) == UINT64_MAX)
		a = lookup(t->dv, t->ndv, name);
	return a;
}

int
elfsyms_at(const struct elfsyms *t, const char *name, uint64_t addr)
{
	size_t lo = 0, hi = t->n, mid, n = strlen(name);

	if (elfsyms_find(t, name) == addr)
		return 1;
	/* the names that begin "name.", in order from the first */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (strcmp(t->v[mid].name, name) <= 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < t->n && strncmp(t->v[lo].name, name, n) == 0; lo++)
		if (t->v[lo].name[n] == '.' && t->v[lo].addr == addr)
			return 1;
	return 0;
}

uint64_t
elfsyms_offaddr(const struct elfsyms *t, uint64_t off)
{
	size_t i;

	for (i = 0; i < t->nsegs; i++)
		if (off >= t->segs[i].off &&
		    off - t->segs[i].off < t->segs[i].filesz)
			return off - t->segs[i].off + t->segs[i].vaddr;
	return UINT64_MAX;
}

void
elfsyms_free(struct elfsyms *t)
{
	size_t i;

	for (i = 0; i < t->ndv; i++)
		free((char *)(uintptr_t)t->dv[i].name);
	free(t->dv);
	free(t->segs);
	free(t->v);
	free(t->strs);
	memset(t, 0, sizeof(*t));
}
