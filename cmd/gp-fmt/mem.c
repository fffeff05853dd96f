/*
 * gp-fmt -M: the memory profile of the runtime layer (gprt(3) run with
 * GPRT_MEM=1, libgp/analysis/measured.h): the totals, then a line for each call
 * site of the memory functions, the sites that allocated most first.
 */
#include <err.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/graph.h"
#include "analysis/measured.h"
#include "gprt/runtime.h"
#include "sym/symtab.h"
#include "fmt.h"

struct msite {
	char		*site;		/* name+0xoff, object+0xaddr, 0xaddr */
	char		*fn;		/* the instrumented function, or NULL */
	struct gprt_mem	 m;		/* summed over threads and files */
};

static const char mem_blurb[] = "\n"
" bytes      the bytes the calls at this site allocated (malloc, calloc,\n"
"            realloc and the memalign family).\n"
"\n"
" calls      the calls to those functions and to free made there.\n"
"\n"
" peak       the most bytes the blocks allocated there held at once.\n"
"\n"
" failed     the allocations there that returned NULL.\n"
"\n"
" unknown    the frees there of pointers the runtime had not seen\n"
"            allocated (double frees, pointers from elsewhere).\n"
"\n"
" unfreed    the blocks allocated there and not freed when the profile\n"
"            was last written, and their bytes.\n"
"\n"
" call site  the function holding the call and the offset of its\n"
"            return address, or the object and its address there; then,\n"
"            if another function, the instrumented function that was\n"
"            running (the innermost on the thread's stack).\n";


/* How an address of the runtime layer prints. */
static char *
addrname(struct gp_prof *p, size_t g, const struct gp_rtaddr *a,
    int offset)
{
	const struct gp_sym *s;
	const char *obj, *sl;
	size_t id;
	char *r;
	int n;

	if ((id = gp_rt_sym(p, g, a, 0)) != GP_NOSYM) {
		s = &p->sym->syms[id];
		if (!offset || a->addr == s->addr)
			return gp_xstrdup(s->dname != NULL ? s->dname : s->name);
		n = asprintf(&r, "%s+0x%" PRIx64, s->dname != NULL ?
		    s->dname : s->name, a->addr - s->addr);
	} else if (a->obj >= 0) {
		obj = p->rt->groups[g].objs[a->obj].path;
		if ((sl = strrchr(obj, '/')) != NULL)
			obj = sl + 1;
		n = asprintf(&r, "%s+0x%" PRIx64, obj, a->addr);
	} else
		n = asprintf(&r, "0x%" PRIx64, a->addr);
	if (n == -1)
		err(1, NULL);
	return r;
}

static int
cmpkey(const void *a, const void *b)
{
	const struct msite *x = a, *y = b;
	int c;

	if ((c = strcmp(x->site, y->site)) != 0)
		return c;
	if (x->fn == NULL || y->fn == NULL)
		return x->fn == y->fn ? 0 : x->fn == NULL ? -1 : 1;
	return strcmp(x->fn, y->fn);
}

/* Most bytes first, then most calls, then by name. */
static int
cmpbytes(const void *a, const void *b)
{
	const struct msite *x = a, *y = b;
	uint64_t xc, yc;

	if (x->m.bytes != y->m.bytes)
		return x->m.bytes > y->m.bytes ? -1 : 1;
	xc = x->m.nmalloc + x->m.ncalloc + x->m.nrealloc + x->m.nfree;
	yc = y->m.nmalloc + y->m.ncalloc + y->m.nrealloc + y->m.nfree;
	if (xc != yc)
		return xc > yc ? -1 : 1;
	return cmpkey(a, b);
}

static void
add(struct gprt_mem *to, const struct gprt_mem *m)
{
	uint64_t *p;
	const uint64_t *q;

	/* every counter from nmalloc on adds up, but peak */
	for (p = &to->nmalloc, q = &m->nmalloc; q < &m->peak; p++, q++)
		*p += *q;
	if (m->peak > to->peak)
		to->peak = m->peak;
}

static const char *
plural(uint64_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

void
gp_mem_print(struct gp_prof *p, int brief, int *first)
{
	const struct gp_rt *rt = p->rt;
	const struct gp_rtmem *rm;
	struct msite *v;
	struct gprt_mem t;
	uint64_t live = 0, peak = 0, calls;
	size_t i, n;
	char *fn;
	int nsum = 0;

	for (i = 0; rt != NULL && i < rt->ngroups; i++)
		if (rt->groups[i].hasmemsum) {
			nsum++;
			live += rt->groups[i].livebytes;
			if (rt->groups[i].peak > peak)
				peak = rt->groups[i].peak;
		}
	if (rt == NULL || (nsum == 0 && rt->nmems == 0))
		errx(1, "no memory profile in the stream: run the program "
		    "with GPRT_MEM=1 (gprt(3))");

	/* One line a site and function: threads and files summed. */
	if ((v = calloc(rt->nmems + 1, sizeof(*v))) == NULL)
		err(1, NULL);
	for (i = 0; i < rt->nmems; i++) {
		rm = &rt->mems[i];
		v[i].site = addrname(p, rm->group, &rm->site, 1);
		v[i].fn = NULL;
		if (rm->fn.obj != -2) {
			fn = addrname(p, rm->group, &rm->fn, 0);
			/* the function of the site itself is said once */
			if (strncmp(v[i].site, fn, strlen(fn)) == 0 &&
			    (v[i].site[strlen(fn)] == '+' ||
			    v[i].site[strlen(fn)] == '\0'))
				free(fn);
			else
				v[i].fn = fn;
		}
		v[i].m = rm->m;
	}
	gp_sort(v, rt->nmems, sizeof(*v), cmpkey);
	memset(&t, 0, sizeof(t));
	for (i = n = 0; i < rt->nmems; i++) {
		add(&t, &v[i].m);
		if (n > 0 && cmpkey(&v[n - 1], &v[i]) == 0) {
			add(&v[n - 1].m, &v[i].m);
			free(v[i].site);
			free(v[i].fn);
		} else
			v[n++] = v[i];
	}
	gp_sort(v, n, sizeof(*v), cmpbytes);

	if (!*first)
		printf("\f\n");
	*first = 0;
	printf("Memory profile:\n\n");
	calls = t.nmalloc + t.ncalloc + t.nrealloc;
	printf(" allocated %14" PRIu64 " bytes by %" PRIu64 " %s (%" PRIu64
	    " malloc, %" PRIu64 " calloc, %" PRIu64 " realloc)\n", t.bytes,
	    calls, plural(calls, "call", "calls"), t.nmalloc, t.ncalloc,
	    t.nrealloc);
	printf(" freed     %14" PRIu64 " bytes of %" PRIu64 " %s; %" PRIu64
	    " %s to free\n", t.freedbytes, t.freedblocks,
	    plural(t.freedblocks, "block", "blocks"), t.nfree,
	    plural(t.nfree, "call", "calls"));
	printf(" unfreed   %14" PRIu64 " bytes in %" PRIu64 " %s\n",
	    t.livebytes, t.liveblocks, plural(t.liveblocks, "block", "blocks"));
	if (nsum > 0)
		printf(" in use    %14" PRIu64 " bytes at the end, %" PRIu64
		    " at most\n", live, peak);
	printf(" failed    %14" PRIu64 " %s\n", t.fails,
	    plural(t.fails, "allocation", "allocations"));
	printf(" unknown   %14" PRIu64 " %s of pointers not allocated\n",
	    t.badfree, plural(t.badfree, "free", "frees"));

	printf("\n%10s %8s %10s %6s %7s %7s %10s\n", "", "", "", "", "",
	    "unfreed", "unfreed");
	printf("%10s %8s %10s %6s %7s %7s %10s  %s\n", "bytes", "calls",
	    "peak", "failed", "unknown", "blocks", "bytes", "call site");
	for (i = 0; i < n; i++) {
		printf("%10" PRIu64 " %8" PRIu64 " %10" PRIu64 " %6" PRIu64
		    " %7" PRIu64 " %7" PRIu64 " %10" PRIu64 "  %s",
		    v[i].m.bytes, v[i].m.nmalloc + v[i].m.ncalloc +
		    v[i].m.nrealloc + v[i].m.nfree, v[i].m.peak, v[i].m.fails,
		    v[i].m.badfree, v[i].m.liveblocks, v[i].m.livebytes,
		    v[i].site);
		if (v[i].fn != NULL)
			printf(" in %s", v[i].fn);
		putchar('\n');
		free(v[i].site);
		free(v[i].fn);
	}
	free(v);
	if (!brief)
		fputs(mem_blurb, stdout);
}
