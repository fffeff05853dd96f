/*
 * The load map: every object (executable, shared library, dlopen'd
 * module) whose code appears in the tables, with its load bias, so the
 * symbol stage resolves each address in the right file.
 *
 * Objects are recorded at start-up and again whenever a new arc names an
 * address no known object covers (a library dlopen'd since), before the
 * arc is stored: a killed run's map covers all its arcs.
 *
 * dlclose(3) is wrapped: an object no longer loaded is retired, so that
 * another one loaded at its addresses gets a map record of its own, and
 * the threads drop the arcs naming it from their indexes (rt_retire): a
 * call is counted in the object loaded when it was made.  The reader
 * names an address of an arc after the last map covering it recorded
 * before the arc's block (after a retirement, arcs go to a new block once
 * a new object is recorded), or the first recorded after it.
 */
#include <dlfcn.h>
#include <link.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "rt.h"

#define MAXRANGE	4096

struct range {
	uintptr_t	lo, hi;		/* run-time text addresses */
};

static struct range	ranges[MAXRANGE];
static unsigned		nranges;
static struct range	retired[MAXRANGE];
static unsigned		nretired;
static uint64_t		nobjs;

RT_FN void
rt_map_lock(int on)
{
	if (on)
		pthread_mutex_lock(&rt.maplock);
	else
		pthread_mutex_unlock(&rt.maplock);
}

RT_FN int
rt_map_covered(uintptr_t addr)
{
	unsigned i, n;

	n = __atomic_load_n(&nranges, __ATOMIC_ACQUIRE);
	for (i = 0; i < n; i++)
		if (addr >= ranges[i].lo && addr < ranges[i].hi)
			return 1;
	return 0;
}

RT_FN static int
known(uintptr_t lo, uintptr_t hi)
{
	unsigned i;

	for (i = 0; i < nranges; i++)
		if (ranges[i].lo == lo && ranges[i].hi == hi)
			return 1;
	return 0;
}

RT_FN static int
addobj(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct gprt_map *m;
	const char *path;
	char exe[PATH_MAX];
	uint64_t low, tlo, thi;
	size_t len;
	ssize_t n;
	int i;

	(void)size;
	low = UINT64_MAX;
	tlo = UINT64_MAX;
	thi = 0;
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

		if (ph->p_type != PT_LOAD)
			continue;
		if (ph->p_vaddr < low)
			low = ph->p_vaddr;
		if (!(ph->p_flags & PF_X))
			continue;
		if (ph->p_vaddr < tlo)
			tlo = ph->p_vaddr;
		if (ph->p_vaddr + ph->p_memsz > thi)
			thi = ph->p_vaddr + ph->p_memsz;
	}
	if (thi == 0 || known(info->dlpi_addr + tlo, info->dlpi_addr + thi))
		return 0;
	path = info->dlpi_name;
	if (*(int *)arg) {
		/* The first object is the executable. */
		*(int *)arg = 0;
		if ((n = readlink("/proc/self/exe", exe, sizeof(exe))) > 0 &&
		    (size_t)n < sizeof(exe)) {
			exe[n] = '\0';
			path = exe;
		}
		rt.exe_bias = info->dlpi_addr;
		rt.exe_low = low & ~(uint64_t)3;
		/* glibc's highpc is etext, the end of the text's file image. */
		rt.exe_high = (thi + 3) & ~(uint64_t)3;
	}
	if (path == NULL)
		path = "";
	/* dlopen("./x.so") leaves a relative name: make it absolute. */
	if (*path != '\0' && *path != '/' && strchr(path, '/') != NULL &&
	    getcwd(exe, sizeof(exe)) != NULL &&
	    strlen(exe) + 1 + strlen(path) < sizeof(exe)) {
		strcat(exe, "/");
		strcat(exe, path);
		path = exe;
	}
	len = strlen(path);
	m = rt_alloc(GPRT_B_MAP, 0, sizeof(*m) + len, 1);
	if (m == NULL)
		return 1;
	m->id = nobjs++;
	m->bias = info->dlpi_addr;
	m->low = low;
	m->textlow = tlo;
	m->texthigh = thi;
	m->pathlen = len;
	memcpy(m + 1, path, len);
	m->blk.n = 1;
	if (nranges < MAXRANGE) {
		ranges[nranges].lo = info->dlpi_addr + tlo;
		ranges[nranges].hi = info->dlpi_addr + thi;
		__atomic_store_n(&nranges, nranges + 1, __ATOMIC_RELEASE);
	}
	return 0;
}

RT_FN void
rt_map_init(void)
{
	int first = 1;

	pthread_mutex_lock(&rt.maplock);
	dl_iterate_phdr(addobj, &first);
	pthread_mutex_unlock(&rt.maplock);
}

/* Make sure the object holding addr is in the map. */
RT_FN void
rt_map_need(uintptr_t addr)
{
	int first = 0;

	if (rt_map_covered(addr))
		return;
	pthread_mutex_lock(&rt.maplock);
	if (!rt_map_covered(addr))
		dl_iterate_phdr(addobj, &first);
	pthread_mutex_unlock(&rt.maplock);
}

/* How many map records there are. */
RT_FN uint64_t
rt_map_count(void)
{
	return __atomic_load_n(&nobjs, __ATOMIC_ACQUIRE);
}

/* Does addr lie in an object dlclose retired? */
RT_FN int
rt_map_retired(uintptr_t addr)
{
	unsigned i;

	for (i = 0; i < nretired; i++)
		if (addr >= retired[i].lo && addr < retired[i].hi)
			return 1;
	return 0;
}

static int
stillthere(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct range *r = arg;
	int i;

	(void)size;
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X) &&
		    info->dlpi_addr + ph->p_vaddr < r->hi &&
		    info->dlpi_addr + ph->p_vaddr + ph->p_memsz > r->lo)
			return 1;
	}
	return 0;
}

/* The objects no longer loaded leave the map's ranges. */
RT_FN static void
rescan(void)
{
	unsigned i, k, gone = 0;

	pthread_mutex_lock(&rt.maplock);
	for (i = k = 0; i < nranges; i++) {
		if (dl_iterate_phdr(stillthere, &ranges[i]) != 0) {
			ranges[k++] = ranges[i];
			continue;
		}
		if (nretired < MAXRANGE)
			retired[nretired++] = ranges[i];
		gone++;
	}
	__atomic_store_n(&nranges, k, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&rt.maplock);
	if (gone > 0)
		rt_retire();
}

int	dlclose(void *) RT_EXPORT;

int
dlclose(void *handle)
{
	static int (*real)(void *);
	int rv;

	if (real == NULL &&
	    (real = (int (*)(void *))dlsym(RTLD_NEXT, "dlclose")) == NULL)
		return -1;
	rv = real(handle);
	if (rv == 0 && rt.state == RT_READY)
		rescan();
	return rv;
}
