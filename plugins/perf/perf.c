/*
 * perf: the text of `perf script` read into the stream (gp-perf(7)).
 *
 * perf record -g samples call stacks; perf script prints each sample as
 * a header line (command, pid/tid, cpu, time, period, event) and, one a
 * line, its frames, innermost first: "ADDR SYM+OFF (DSO)".  The samples
 * become the runtime layer of gp-stream(5), as if the gprt(3) runtime
 * had measured them, so that gprof's flat profile and call graph, and
 * the formats, need nothing new (and, for cpu-clock and task-clock, the
 * executable's innermost frames as the raw layer's histogram, which
 * gmon-cat -o writes as a gmon.out that gprof reads):
 *  - one "gprt" group per process (per file when the pid is not shown),
 *    its clock the event's: "cpu-clock" and "task-clock" periods are
 *    nanoseconds, other events' periods are counts ("event:NAME");
 *  - a "map" record per object the frames name (the executable first),
 *    a "thread" record per thread, named with its command;
 *  - a "marc" record per caller and callee function with the periods of
 *    the samples in which the callee is innermost (self) or on the
 *    stack (inclusive, a function counted once per sample); no call
 *    count (the count field is empty), since sampling counts no calls;
 *  - the "ctx" records of each thread's calling-context tree.
 * perf script prints frame addresses as offsets in the object's file;
 * they are turned into link-time addresses with the object's program
 * headers (libelf), so gp-sym names them.  Frames in no known object
 * ("[unknown]") keep their run-time address in no object; the kernel's
 * ("[kernel.kallsyms]") are an object with no file.
 *
 * Hand-written: perf's own parser is perf itself, not a library; the
 * output of perf script is read as perf-script(1) documents it.  One
 * reader of one format, longer than most files here for that.
 */
#include <assert.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gp/input.h>

#include "elfsyms.h"
#include "hash.h"
#include "textin.h"
#include "host.h"

#define NONE	((size_t)-1)
#define NOADDR	UINT64_MAX
#define MAXDEPTH 100000			/* frames in one sample */

struct obj {				/* a DSO named by frames */
	char		*path;
	int		 kind;		/* 0 file, 1 no file ([kernel...]) */
	struct elfsyms	 elf;
	int		 loaded;
	int64_t		 map;		/* in the current group */
};

struct fn {				/* a function: object and name */
	size_t		 obj;		/* NONE: in no object */
	char		*name;		/* NULL: known by address alone */
	uint64_t	 addr;		/* its representative address */
	int		 haveaddr;
	size_t		 hnext;
};

struct arc {
	size_t		 group, thread;	/* thread slot */
	size_t		 caller;	/* NONE: unknown */
	size_t		 callee;
	uint64_t	 self;
	uint64_t	 incl;
	size_t		 hnext;
};

struct node {				/* a calling-context tree's node */
	size_t		 group, thread;
	size_t		 id;		/* from 1, in its tree */
	size_t		 parent;	/* index into nodes, NONE: root */
	size_t		 fn;
	uint64_t	 site;		/* the call site, link-time, or NOADDR */
	size_t		 siteobj;
	uint64_t	 self;
	uint64_t	 incl;
	size_t		 hnext;
};

struct thr {
	size_t		 group;
	uint64_t	 tid;
	char		*comm;
	uint64_t	 ticks;
	size_t		 nnodes;
	uint64_t	 slot;		/* its thread record's, from 1 */
};

struct group {
	uint64_t	 pid;		/* 0: not shown */
	char		*exe;		/* the executable's path, or NULL */
};

struct mmap {				/* a PERF_RECORD_MMAP2 line */
	uint64_t	 pid, start, len, pgoff;
	size_t		 obj;
};

struct perf {
	struct gp_ctx	*ctx;
	const char	*path;
	unsigned long	 lineno;
	char		*event;		/* the first sample's */
	int		 haveperiod;
	uint64_t	 period0;	/* the first sample's period */
	uint64_t	 total;		/* the periods of all samples: no
					   sum of some of them overflows */
	struct leaf {			/* each sample's innermost frame */
		size_t		 obj;
		uint64_t	 addr;
	}		*leaves;
	size_t		 nleaves, lcap;
	struct obj	*objs;
	size_t		 nobjs;
	struct fn	*fns;
	size_t		 nfns, fcap;
	struct arc	*arcs;
	size_t		 narcs, acap;
	struct node	*nodes;
	size_t		 nnodes, ncap;
	struct thr	*thrs;
	size_t		 nthrs;
	struct group	*groups;
	size_t		 ngroups;
	struct mmap	*mmaps;
	size_t		 nmmaps;
	size_t		*fhash, *ahash, *nhash;
	size_t		 hsize;
	/* the sample being read */
	int		 insample;
	size_t		 cur;		/* its thread */
	uint64_t	 period;
	struct pframe {			/* its frame lines, as read */
		uint64_t	 addr;
		uint64_t	 off;
		uint64_t	 pid;
		size_t		 sym;	/* offsets in strs */
		size_t		 dso;	/* NONE: none, or inlined */
		unsigned long	 lineno;
		int		 haveoff;
		int		 inlined;
		int		 runtime;
	}		*pf;
	size_t		 npf, pfcap;
	char		*strs;
	size_t		 nstrs, strcap;
	size_t		*frames;	/* functions, innermost first */
	uint64_t	*sites;		/* each frame's address */
	size_t		*fobjs;
	size_t		 nframes, framecap;
	int		 warned;
	const unsigned char *buf;	/* the file, for scanobjs() */
	size_t		 len;
	int		 scanned;
};

static const char *exeopt;

static size_t	exeobj(struct perf *, size_t);
static int	srcline(const unsigned char *, const unsigned char *);
static int	placeall(struct perf *);

static int
fail(struct perf *p, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (p->lineno > 0)
		host->error(p->ctx, "line %lu: %s", p->lineno, buf);
	else
		host->error(p->ctx, "%s", buf);
	return -1;
}

static void *
grow(void *v, size_t *cap, size_t n, size_t size)
{
	size_t nc;

	if (n < *cap)
		return v;
	nc = *cap ? *cap * 2 : 64;
	if ((v = reallocarray(v, nc, size)) == NULL)
		return NULL;
	*cap = nc;
	return v;
}

static uint64_t
mix(uint64_t a, uint64_t b)
{
	return (a * 0x9e3779b97f4a7c15ULL) ^ (b + 0x632be59bd9b4e019ULL +
	    (a << 6) + (a >> 2));
}

static uint64_t
fhash(const struct fn *f)
{
	return f->name != NULL ? hash_str(f->name, f->obj) :
	    mix(f->obj, f->addr);
}

static uint64_t
ahashv(const struct arc *a)
{
	return mix(mix(a->group, a->thread), mix(a->caller, a->callee));
}

static uint64_t
nhashv(const struct node *n)
{
	return mix(mix(n->group, n->thread), mix(n->parent, n->fn));
}

static int
rehash(struct perf *p)
{
	size_t i, k, nh = p->hsize ? p->hsize * 2 : 1024;

	free(p->fhash);
	free(p->ahash);
	free(p->nhash);
	p->fhash = calloc(nh, sizeof(size_t));
	p->ahash = calloc(nh, sizeof(size_t));
	p->nhash = calloc(nh, sizeof(size_t));
	if (p->fhash == NULL || p->ahash == NULL || p->nhash == NULL)
		return fail(p, "out of memory");
	p->hsize = nh;
	for (i = 0; i < p->nfns; i++) {
		k = fhash(&p->fns[i]) & (nh - 1);
		p->fns[i].hnext = p->fhash[k];
		p->fhash[k] = i + 1;
	}
	for (i = 0; i < p->narcs; i++) {
		k = ahashv(&p->arcs[i]) & (nh - 1);
		p->arcs[i].hnext = p->ahash[k];
		p->ahash[k] = i + 1;
	}
	for (i = 0; i < p->nnodes; i++) {
		k = nhashv(&p->nodes[i]) & (nh - 1);
		p->nodes[i].hnext = p->nhash[k];
		p->nhash[k] = i + 1;
	}
	return 0;
}

static int
needhash(struct perf *p)
{
	if (p->hsize == 0 || p->nfns + p->narcs + p->nnodes > p->hsize)
		return rehash(p);
	return 0;
}

/* ---------------------------------------------------------------- */
/* Objects, addresses, functions.                                     */

static size_t
objfind(struct perf *p, const char *path)
{
	struct obj *o;
	size_t i;

	for (i = 0; i < p->nobjs; i++)
		if (strcmp(p->objs[i].path, path) == 0)
			return i;
	if ((o = reallocarray(p->objs, p->nobjs + 1, sizeof(*o))) == NULL)
		return NONE;
	p->objs = o;
	o = &p->objs[p->nobjs];
	memset(o, 0, sizeof(*o));
	if ((o->path = strdup(path)) == NULL)
		return NONE;
	o->kind = path[0] == '[';
	o->map = -1;
	return p->nobjs++;
}

static struct obj *
objload(struct perf *p, size_t i)
{
	struct obj *o = &p->objs[i];

	if (!o->loaded) {
		o->loaded = 1;
		if (o->kind == 0)
			elfsyms_load(&o->elf, o->path);
	}
	return o;
}

/*
 * The link-time address of an address perf script printed for object
 * oi: an offset in the file (a frame of a call chain), or with runtime
 * set a run-time address (the sample's ip when there is no chain).
 */
static uint64_t
linkaddr(struct perf *p, size_t oi, uint64_t a, uint64_t pid, int runtime)
{
	struct obj *o = objload(p, oi);
	uint64_t r;
	size_t i;

	if (o->kind != 0)
		return a;
	if (runtime) {
		if (o->elf.exec)
			return a;
		for (i = p->nmmaps; i-- > 0;)
			if (p->mmaps[i].obj == oi && (p->mmaps[i].pid == pid ||
			    pid == 0) && a >= p->mmaps[i].start &&
			    a - p->mmaps[i].start < p->mmaps[i].len)
				break;
		if (i == (size_t)-1)
			return NOADDR;
		a = a - p->mmaps[i].start + p->mmaps[i].pgoff;
	}
	if (o->elf.nsegs == 0)
		return NOADDR;
	r = elfsyms_offaddr(&o->elf, a);
	return r;
}

/* The function of a frame: by object and name, or by address. */
static size_t
fnfind(struct perf *p, size_t obj, const char *name, uint64_t addr,
    int haveaddr)
{
	struct fn key, *f;
	size_t i, k;

	if (needhash(p) == -1)
		return NONE;
	memset(&key, 0, sizeof(key));
	key.obj = obj;
	key.name = (char *)(uintptr_t)name;
	key.addr = addr;
	k = fhash(&key) & (p->hsize - 1);
	for (i = p->fhash[k]; i != 0; i = p->fns[i - 1].hnext) {
		f = &p->fns[i - 1];
		if (f->obj != obj)
			continue;
		if (name != NULL && f->name != NULL &&
		    strcmp(f->name, name) == 0) {
			if (!f->haveaddr && haveaddr) {
				f->addr = addr;
				f->haveaddr = 1;
			}
			return i - 1;
		}
		if (name == NULL && f->name == NULL && f->addr == addr)
			return i - 1;
	}
	if ((f = grow(p->fns, &p->fcap, p->nfns, sizeof(*f))) == NULL) {
		fail(p, "out of memory");
		return NONE;
	}
	p->fns = f;
	f = &p->fns[p->nfns];
	memset(f, 0, sizeof(*f));
	f->obj = obj;
	f->addr = addr;
	f->haveaddr = haveaddr;
	if (name != NULL && (f->name = strdup(name)) == NULL) {
		fail(p, "out of memory");
		return NONE;
	}
	f->hnext = p->fhash[k];
	p->fhash[k] = ++p->nfns;
	return p->nfns - 1;
}

/* ---------------------------------------------------------------- */
/* Samples.                                                           */

static size_t
groupfind(struct perf *p, uint64_t pid)
{
	struct group *g;
	size_t i;

	for (i = 0; i < p->ngroups; i++)
		if (p->groups[i].pid == pid)
			return i;
	if ((g = reallocarray(p->groups, p->ngroups + 1, sizeof(*g))) ==
	    NULL)
		return NONE;
	p->groups = g;
	memset(&g[p->ngroups], 0, sizeof(*g));
	g[p->ngroups].pid = pid;
	return p->ngroups++;
}

static size_t
thrfind(struct perf *p, size_t group, uint64_t tid, const char *comm)
{
	struct thr *t;
	size_t i;

	for (i = 0; i < p->nthrs; i++)
		if (p->thrs[i].group == group && p->thrs[i].tid == tid)
			break;
	if (i == p->nthrs) {
		if ((t = reallocarray(p->thrs, p->nthrs + 1, sizeof(*t))) ==
		    NULL)
			return NONE;
		p->thrs = t;
		memset(&t[i], 0, sizeof(*t));
		t[i].group = group;
		t[i].tid = tid;
		p->nthrs++;
	}
	t = &p->thrs[i];
	if (t->comm == NULL || strcmp(t->comm, comm) != 0) {
		free(t->comm);
		if ((t->comm = strdup(comm)) == NULL)
			return NONE;
	}
	return i;
}

static struct arc *
arcfind(struct perf *p, size_t group, size_t thread, size_t caller,
    size_t callee)
{
	struct arc key, *a;
	size_t i, k;

	if (needhash(p) == -1)
		return NULL;
	memset(&key, 0, sizeof(key));
	key.group = group;
	key.thread = thread;
	key.caller = caller;
	key.callee = callee;
	k = ahashv(&key) & (p->hsize - 1);
	for (i = p->ahash[k]; i != 0; i = p->arcs[i - 1].hnext) {
		a = &p->arcs[i - 1];
		if (a->group == group && a->thread == thread &&
		    a->caller == caller && a->callee == callee)
			return a;
	}
	if ((a = grow(p->arcs, &p->acap, p->narcs, sizeof(*a))) == NULL) {
		fail(p, "out of memory");
		return NULL;
	}
	p->arcs = a;
	a = &p->arcs[p->narcs];
	memset(a, 0, sizeof(*a));
	*a = key;
	a->hnext = p->ahash[k];
	p->ahash[k] = ++p->narcs;
	return a;
}

static size_t
nodefind(struct perf *p, size_t group, size_t thread, size_t parent,
    size_t fn, uint64_t site, size_t siteobj)
{
	struct node key, *n;
	size_t i, k;

	if (needhash(p) == -1)
		return NONE;
	memset(&key, 0, sizeof(key));
	key.group = group;
	key.thread = thread;
	key.parent = parent;
	key.fn = fn;
	k = nhashv(&key) & (p->hsize - 1);
	for (i = p->nhash[k]; i != 0; i = p->nodes[i - 1].hnext) {
		n = &p->nodes[i - 1];
		if (n->group == group && n->thread == thread &&
		    n->parent == parent && n->fn == fn)
			return i - 1;
	}
	if ((n = grow(p->nodes, &p->ncap, p->nnodes, sizeof(*n))) == NULL) {
		fail(p, "out of memory");
		return NONE;
	}
	p->nodes = n;
	n = &p->nodes[p->nnodes];
	*n = key;
	n->site = site;
	n->siteobj = siteobj;
	n->id = ++p->thrs[thread].nnodes;
	n->hnext = p->nhash[k];
	p->nhash[k] = ++p->nnodes;
	return p->nnodes - 1;
}

/* The sample read so far: its frames into arcs and the tree. */
static int
endsample(struct perf *p)
{
	struct thr *t;
	struct arc *a;
	size_t i, j, n, g, *path = NULL, depth = 0, nd, caller;

	if (!p->insample)
		return 0;
	p->insample = 0;
	if (placeall(p) == -1)
		return -1;
	if ((n = p->nframes) == 0)
		return 0;
	t = &p->thrs[p->cur];
	g = t->group;
	if (p->total + p->period < p->period)
		return fail(p, "periods add up past 2^64");
	p->total += p->period;
	t->ticks += p->period;
	if (p->period0 == 0)
		p->period0 = p->period;
	if (p->fobjs[0] != NONE) {
		struct leaf *l;

		if ((l = grow(p->leaves, &p->lcap, p->nleaves,
		    sizeof(*l))) == NULL)
			return fail(p, "out of memory");
		p->leaves = l;
		l[p->nleaves].obj = p->fobjs[0];
		l[p->nleaves++].addr = p->sites[0];
	}
	/* arcs: caller frame i + 1, callee frame i; inclusive once */
	for (i = 0; i < n; i++) {
		caller = i + 1 < n ? p->frames[i + 1] : NONE;
		if ((a = arcfind(p, g, p->cur, caller, p->frames[i])) == NULL)
			return -1;
		if (i == 0)
			a->self += p->period;
		for (j = i + 1; j < n; j++)
			if (p->frames[j] == p->frames[i])
				break;
		if (j == n)
			a->incl += p->period;
	}
	/* the calling-context tree, root first, recursion folded */
	if ((path = calloc(n, sizeof(*path))) == NULL)
		return fail(p, "out of memory");
	for (i = n; i-- > 0;) {
		for (j = 0; j < depth; j++)
			if (p->nodes[path[j]].fn == p->frames[i])
				break;
		if (j < depth) {
			depth = j + 1;
			continue;
		}
		nd = nodefind(p, g, p->cur, depth ? path[depth - 1] : NONE,
		    p->frames[i], i + 1 < n ? p->sites[i + 1] : NOADDR,
		    i + 1 < n ? p->fobjs[i + 1] : NONE);
		if (nd == NONE) {
			free(path);
			return -1;
		}
		path[depth++] = nd;
	}
	for (j = 0; j < depth; j++)
		p->nodes[path[j]].incl += p->period;
	p->nodes[path[depth - 1]].self += p->period;
	free(path);
	return 0;
}

/* A string of the sample being read: its offset in p->strs. */
static size_t
keep(struct perf *p, const char *str)
{
	size_t n = strlen(str) + 1, off = p->nstrs;
	char *v;

	if (p->nstrs + n > p->strcap) {
		if ((v = realloc(p->strs, p->strcap + n + 256)) == NULL)
			return NONE;
		p->strs = v;
		p->strcap += n + 256;
	}
	memcpy(p->strs + off, str, n);
	p->nstrs += n;
	return off;
}

/*
 * "ADDR SYM+0xOFF (DSO)", "ADDR SYM (DSO)", "ADDR [unknown] (...)",
 * "ADDR SYM+0xOFF (inlined)": kept until the sample ends (place()).
 */
static int
frame(struct perf *p, char *s, uint64_t pid, int runtime)
{
	struct pframe *pf;
	char *e, *sym, *dso, *plus;
	const char *ce;
	uint64_t addr, off = 0;
	int haveoff = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strspn(s, "0123456789abcdefABCDEF");
	if (e == s || (*e != ' ' && *e != '\0'))
		return 1;	/* not a frame: a srcline, say */
	if (textin_u64(s, 16, &addr, &ce) == -2)
		return fail(p, "address %.*s is over 64 bits", (int)(e - s) >
		    40 ? 40 : (int)(e - s), s);
	if (!p->insample)
		return fail(p, "a frame outside a sample");
	s = e;
	while (*s == ' ')
		s++;
	sym = s;
	dso = NULL;
	e = s + strlen(s);
	while (e > s && e[-1] == ' ')
		*--e = '\0';
	if (e > s && e[-1] == ')') {
		/* the DSO: the last parenthesised word */
		char *o = e - 1;
		int depth = 0;

		while (o >= s) {
			if (*o == ')')
				depth++;
			else if (*o == '(' && --depth == 0)
				break;
			o--;
		}
		if (o >= s && (o == s || o[-1] == ' ')) {
			e[-1] = '\0';
			dso = o + 1;
			*o = '\0';
			if (o > s)
				o[-1] = '\0';
		}
	}
	if ((plus = strrchr(sym, '+')) != NULL && plus[1] == '0' &&
	    plus[2] == 'x' && textin_u64(plus + 3, 16, &off, &ce) == 0 &&
	    *ce == '\0') {
		*plus = '\0';
		haveoff = 1;
	}
	if (p->npf >= MAXDEPTH)
		return fail(p, "a sample of more than %d frames", MAXDEPTH);
	if ((pf = grow(p->pf, &p->pfcap, p->npf, sizeof(*pf))) == NULL)
		return fail(p, "out of memory");
	p->pf = pf;
	pf = &p->pf[p->npf];
	memset(pf, 0, sizeof(*pf));
	pf->addr = addr;
	pf->off = off;
	pf->haveoff = haveoff;
	pf->pid = pid;
	pf->runtime = runtime;
	pf->lineno = p->lineno;
	pf->inlined = dso != NULL && strcmp(dso, "inlined") == 0;
	pf->dso = dso == NULL || pf->inlined ? NONE : keep(p, dso);
	if ((pf->sym = keep(p, sym)) == NONE ||
	    (dso != NULL && !pf->inlined && pf->dso == NONE))
		return fail(p, "out of memory");
	p->npf++;
	return 0;
}

/* A frame's function, in object dso (NONE: none), as the sample's next. */
static int
place(struct perf *p, const struct pframe *pf, size_t dso)
{
	const char *sym, *dname;
	uint64_t a, fa, off = pf->off;
	size_t obj = NONE, f;
	int haveoff = pf->haveoff;

	if (p->strs == NULL)	/* keep() made the frame's strings */
		return fail(p, "a frame without its names");
	sym = p->strs + pf->sym;
	dname = dso == NONE ? NULL : p->strs + dso;
	if (dname != NULL && strcmp(dname, "[unknown]") != 0 &&
	    *dname != '\0' && (obj = objfind(p, dname)) == NONE)
		return fail(p, "out of memory");
	a = pf->addr;
	if (obj != NONE) {
		a = linkaddr(p, obj, pf->addr, pf->pid, pf->runtime);
		if (a == NOADDR && haveoff && strcmp(sym, "[unknown]") != 0 &&
		    (fa = elfsyms_find(&objload(p, obj)->elf, sym)) != NOADDR)
			a = fa + off;	/* where the symbol table puts SYM */
	}
	if (a == NOADDR && obj != NONE) {
		if (!p->warned++ && objload(p, obj)->elf.nsegs == 0)
			host->warn(p->ctx, "line %lu: %s: cannot read its "
			    "program headers (not on this machine?); frames "
			    "in such objects are kept unnamed", pf->lineno,
			    dname);
		else if (p->warned == 1)
			host->warn(p->ctx, "line %lu: %s: address 0x%" PRIx64
			    " is in none of its segments%s; such frames are "
			    "kept unnamed", pf->lineno, dname, pf->addr,
			    pf->runtime ? " (a run-time address: give perf "
			    "script --show-mmap-events)" : "");
		obj = NONE;
		a = pf->addr;
		haveoff = 0;
	}
	if (strcmp(sym, "[unknown]") == 0 || *sym == '\0')
		sym = NULL;
	fa = haveoff && a >= off ? a - off : a;
	if ((f = fnfind(p, obj, sym, sym != NULL ? fa : a,
	    sym == NULL || haveoff)) == NONE)
		return -1;
	if (p->nframes == p->framecap) {
		size_t c = p->framecap;

		if ((p->frames = grow(p->frames, &c, p->nframes,
		    sizeof(*p->frames))) == NULL)
			return fail(p, "out of memory");
		c = p->framecap;
		if ((p->sites = grow(p->sites, &c, p->nframes,
		    sizeof(*p->sites))) == NULL)
			return fail(p, "out of memory");
		c = p->framecap;
		if ((p->fobjs = grow(p->fobjs, &c, p->nframes,
		    sizeof(*p->fobjs))) == NULL)
			return fail(p, "out of memory");
		p->framecap = c;
	}
	p->frames[p->nframes] = f;
	p->sites[p->nframes] = a;
	p->fobjs[p->nframes++] = obj;
	return 0;
}

/*
 * Whether the function of an "(inlined)" frame that is no other frame's
 * inlined part (placeall()) is in object obj, which the frame's offset
 * in the file must then place at the start of a function of its name or
 * of a clone's.
 */
static int
inobj(struct perf *p, const struct pframe *pf, size_t obj)
{
	uint64_t a;

	if (obj == NONE || !pf->haveoff || objload(p, obj)->kind != 0)
		return 0;
	a = linkaddr(p, obj, pf->addr, pf->pid, 0);
	return a != NOADDR && a >= pf->off &&
	    elfsyms_at(&p->objs[obj].elf, p->strs + pf->sym, a - pf->off);
}

/* The object of frame j, if it names one: NONE if not. */
static size_t
frameobj(struct perf *p, size_t j)
{
	const struct pframe *pf = &p->pf[j];

	if (pf->dso == NONE || pf->inlined ||
	    strcmp(p->strs + pf->dso, "[unknown]") == 0 ||
	    p->strs[pf->dso] == '\0')
		return NONE;
	return objfind(p, p->strs + pf->dso);
}

/*
 * Every object a frame of the file names, "(/PATH)" at the end of a line,
 * known: for the "(inlined)" frames that no frame of their sample places
 * (placeall()), before the frames naming their object have been read.
 */
static int
scanobjs(struct perf *p)
{
	const unsigned char *q, *nl, *e, *o;
	char path[4096];
	size_t n;

	p->scanned = 1;
	for (q = p->buf; q < p->buf + p->len; q = nl + 1) {
		if ((nl = memchr(q, '\n', (size_t)(p->buf + p->len - q))) ==
		    NULL)
			nl = p->buf + p->len;
		for (e = nl; e > q && (e[-1] == ' ' || e[-1] == '\r'); e--)
			;
		if (e == q || e[-1] != ')' || q[0] != '\t')
			continue;
		for (o = e - 1; o > q && *o != '('; o--)
			;
		n = (size_t)(e - 1 - (o + 1));
		if (*o != '(' || o[-1] != ' ' || o[1] != '/' ||
		    n >= sizeof(path) || memchr(o, '\0', n + 1) != NULL)
			continue;
		memcpy(path, o + 1, n);
		path[n] = '\0';
		if (objfind(p, path) == NONE)
			return fail(p, "out of memory");
	}
	return 0;
}

/*
 * The frames of the sample read, as functions.  perf script (with debug
 * information, as for --call-graph dwarf) prints the functions inlined
 * at a frame's address before it, at that address, "(inlined)" in place
 * of the object: they are part of that frame's function, as for perf
 * report's symbols, and left out.  An "(inlined)" frame that no frame at
 * its address follows is that function itself, named by its debugging
 * information's name where its symbol's differs (f for the clone
 * f.constprop.0, __libc_start_main_impl for __libc_start_main), its
 * offset from the function's start: it is placed in the object of the
 * nearest frame, caller first, whose symbols put such a function there,
 * else in the first such object the file names (scanobjs()); in none if
 * no object does.
 */
static int
placeall(struct perf *p)
{
	const struct pframe *pf;
	size_t i, j, k, dso;

	p->nframes = 0;
	for (i = 0; i < p->npf; i++) {
		pf = &p->pf[i];
		dso = pf->dso;
		if (pf->inlined) {
			if (i + 1 < p->npf && p->pf[i + 1].addr == pf->addr)
				continue;
			for (j = i + 1; j < p->npf &&
			    !inobj(p, pf, frameobj(p, j)); j++)
				;
			if (j == p->npf)
				for (j = i; j-- > 0 &&
				    !inobj(p, pf, frameobj(p, j));)
					;
			if (j < p->npf)
				dso = p->pf[j].dso;
			else {
				for (k = 0; k < p->nobjs && !inobj(p, pf, k);
				    k++)
					;
				if (k == p->nobjs && !p->scanned) {
					if (scanobjs(p) == -1)
						return -1;
					for (; k < p->nobjs &&
					    !inobj(p, pf, k); k++)
						;
				}
				dso = NONE;
				if (k < p->nobjs &&
				    (dso = keep(p, p->objs[k].path)) == NONE)
					return fail(p, "out of memory");
			}
		}
		if (place(p, pf, dso) == -1)
			return -1;
	}
	p->npf = 0;
	p->nstrs = 0;
	return 0;
}

static int
isnum(const char *s)
{
	if (*s == '\0')
		return 0;
	for (; *s != '\0'; s++)
		if (*s < '0' || *s > '9')
			return 0;
	return 1;
}

/* "TIME:" (digits, a dot, digits, a colon). */
static int
istime(const char *s)
{
	const char *d = strchr(s, '.');
	size_t n = strlen(s);

	return d != NULL && d > s && n > 2 && s[n - 1] == ':' &&
	    strspn(s, "0123456789") == (size_t)(d - s) &&
	    strspn(d + 1, "0123456789") == (size_t)(s + n - 1 - d - 1);
}

/* A PERF_RECORD_MMAP2 line: "... PID/TID: [START(LEN) @ PGOFF ...]: ... PATH". */
static int
mmapline(struct perf *p, char *s)
{
	struct mmap *m;
	char *b, *path;
	unsigned long long pid, start, len, pgoff;

	if ((b = strstr(s, "PERF_RECORD_MMAP")) == NULL)
		return 0;
	b = strchr(b, ' ');
	if (b == NULL || sscanf(b, " %llu/%*u: [%llx(%llx) @ %llx", &pid,
	    &start, &len, &pgoff) != 4)
		return 0;
	if ((path = strrchr(s, ' ')) == NULL || path[1] != '/')
		return 0;
	path++;
	if ((m = reallocarray(p->mmaps, p->nmmaps + 1, sizeof(*m))) == NULL)
		return fail(p, "out of memory");
	p->mmaps = m;
	m = &p->mmaps[p->nmmaps];
	m->pid = pid;
	m->start = start;
	m->len = len;
	m->pgoff = pgoff;
	if ((m->obj = objfind(p, path)) == NONE)
		return fail(p, "out of memory");
	p->nmmaps++;
	return 0;
}

/*
 * A sample's header: "COMM PID/TID [CPU] TIME: PERIOD EVENT:" in perf
 * script's default order, some fields left out (-F), and, without a call
 * chain, the frame after it.
 */
static int
header(struct perf *p, char *s)
{
	char *tok[64], *t, *rest, *comm, *ev = NULL, *inl = NULL;
	const char *ce;
	uint64_t pid = 0, tid = 0, period = 1;
	size_t g, n = 0, i, idt = (size_t)-1, itime = (size_t)-1;
	int haveperiod = 0;

	if (strstr(s, "PERF_RECORD_") != NULL)
		return mmapline(p, s);
	rest = s;
	while (n < 64 && (t = strsep(&rest, " \t")) != NULL)
		if (*t != '\0')
			tok[n++] = t;
	if (n == 0)
		return 0;
	/* the time anchors the fields; without it, the pid/tid */
	for (i = 0; i < n; i++)
		if (istime(tok[i])) {
			itime = i;
			break;
		}
	for (i = 1; i < (itime == (size_t)-1 ? n : itime); i++) {
		char *sl = strchr(tok[i], '/');

		if (isnum(tok[i]) || (sl != NULL && sl > tok[i] &&
		    strspn(tok[i], "0123456789") == (size_t)(sl - tok[i]) &&
		    isnum(sl + 1))) {
			idt = i;
			break;
		}
	}
	if (idt == (size_t)-1)
		return fail(p, "not a perf script sample: no thread id in "
		    "'%.60s'", s);
	if ((strchr(tok[idt], '/') != NULL && textin_u64(tok[idt], 10, &pid,
	    &ce) != 0) || textin_u64(strchr(tok[idt], '/') != NULL ?
	    strchr(tok[idt], '/') + 1 : tok[idt], 10, &tid, &ce) != 0)
		return fail(p, "thread id %.40s is over 64 bits", tok[idt]);
	/* the command: the words before the ids (it may hold spaces) */
	for (i = 1; i < idt; i++)
		tok[i][-1] = ' ';
	comm = tok[0];
	i = itime != (size_t)-1 ? itime + 1 : idt + 1;
	if (i < n && isnum(tok[i])) {
		if (textin_u64(tok[i], 10, &period, &ce) != 0)
			return fail(p, "period %.40s is over 64 bits", tok[i]);
		haveperiod = 1;
		i++;
	}
	if (i < n && tok[i][strlen(tok[i]) - 1] == ':') {
		ev = tok[i];
		ev[strlen(ev) - 1] = '\0';
		if (strchr(ev, ':') != NULL)	/* cpu-clock:u, :ppp */
			*strchr(ev, ':') = '\0';
		i++;
	}
	if (i < n)
		inl = tok[i];
	if (ev != NULL && p->event == NULL) {
		if ((p->event = strdup(ev)) == NULL)
			return fail(p, "out of memory");
		p->haveperiod = haveperiod;
	} else if (ev != NULL && strcmp(ev, p->event) != 0)
		return fail(p, "event %s after %s: give perf script one event "
		    "(perf script -e)", ev, p->event);
	if (!haveperiod || ev == NULL)	/* counted as samples */
		period = 1;
	if ((g = groupfind(p, pid)) == NONE ||
	    (p->cur = thrfind(p, g, tid, comm)) == NONE)
		return fail(p, "out of memory");
	p->period = period;
	p->insample = 1;
	p->nframes = 0;
	p->npf = 0;
	p->nstrs = 0;
	if (inl != NULL) {
		/* no call chain: the ip, symbol and DSO follow here */
		for (i = i + 1; i < n; i++)
			tok[i][-1] = ' ';
		if (frame(p, inl, pid, 1) == -1)
			return -1;
	}
	return 0;
}

static int
parse(struct perf *p, const unsigned char *buf, size_t len)
{
	struct textin t;
	const char *why;
	char *line;
	size_t n;
	int r = 0, more;

	if (textin_open(&t, buf, len, &p->lineno) == -1)
		return fail(p, "truncated: the last line has no newline");
	p->buf = buf;
	p->len = len;
	while (r == 0 && (more = textin_next(&t, &why)) != 0) {
		p->lineno = t.lineno;
		if (more == -1) {
			r = fail(p, "%s", why);
			break;
		}
		line = t.line;
		n = t.len;
		if (strspn(line, " \t") == n) {
			r = endsample(p);
			continue;
		}
		if (line[0] == '#')
			continue;
		/* frames start with a TAB, headers may with spaces */
		if (line[0] == '\t') {
			if ((r = frame(p, line, 0, 0)) == 1)
				r = 0;
			continue;
		}
		if (line[0] == ' ' && srcline((unsigned char *)line,
		    (unsigned char *)line + n))
			continue;
		if ((r = endsample(p)) == 0)
			r = header(p, line + strspn(line, " "));
	}
	textin_close(&t);
	if (r == 0)
		r = endsample(p);
	if (r == 0 && p->nthrs == 0)
		r = fail(p, "no samples");
	return r;
}

/* ---------------------------------------------------------------- */
/* Emitting.                                                          */

static int
cmpu64(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;

	return *x < *y ? -1 : *x > *y;
}

/*
 * The histogram gprof would have sampled: the innermost frames in the
 * executable, in bins of two bytes over its text, sampled at the rate
 * the first period gives (a gmon.out from it, gmon-cat -o, is gprof's).
 */
static int
emithist(struct perf *p, double rate)
{
	struct obj *o;
	uint64_t *v, low, high, nb, b, cnt[64], first;
	size_t exe, i, n = 0, k;
	char hz[32];

	if ((exe = exeobj(p, 0)) == NONE || rate * p->period0 <= 0)
		return 0;
	o = objload(p, exe);
	low = o->elf.textlow & ~(uint64_t)3;
	high = (o->elf.texthigh + 3) & ~(uint64_t)3;
	if (high <= low)
		return 0;
	nb = (high - low) / 2;
	if ((v = calloc(p->nleaves + 1, sizeof(*v))) == NULL)
		return fail(p, "out of memory");
	for (i = 0; i < p->nleaves; i++)
		if (p->leaves[i].obj == exe && p->leaves[i].addr >= low &&
		    p->leaves[i].addr < high)
			v[n++] = (p->leaves[i].addr - low) / 2;
	qsort(v, n, sizeof(*v), cmpu64);
	snprintf(hz, sizeof(hz), "%.0f", rate / (double)p->period0);
	textin_emit(host, p->ctx, "hist", "uxxusss", (uint64_t)0, low, high,
	    nb, hz, "seconds", "s");
	for (i = 0; i < n;) {
		/* a bins record: a run of bins, at most 64 */
		first = v[i];
		memset(cnt, 0, sizeof(cnt));
		for (k = 0; i < n && v[i] - first < 64; i++) {
			b = v[i] - first;
			if (cnt[b] < 65535)
				cnt[b]++;
			k = b + 1;
		}
		{
			char bufs[64][8];
			const char *f[66];
			char idb[4] = "0", fb[24];
			size_t j;

			snprintf(fb, sizeof(fb), "%" PRIu64, first);
			f[0] = idb;
			f[1] = fb;
			for (j = 0; j < k; j++) {
				snprintf(bufs[j], sizeof(bufs[j]), "%" PRIu64,
				    cnt[j]);
				f[j + 2] = bufs[j];
			}
			host->input->emit(p->ctx, "bins", (int)k + 2, f);
		}
	}
	free(v);
	return 0;
}

/* The executable of group g: exe=, else the object named like comm. */
static size_t
exeobj(struct perf *p, size_t g)
{
	size_t i, j, best = NONE;
	const char *base;

	if (exeopt != NULL)
		return objfind(p, exeopt);
	for (i = 0; i < p->nthrs && best == NONE; i++) {
		if (p->thrs[i].group != g)
			continue;
		for (j = 0; j < p->nobjs; j++) {
			if (p->objs[j].kind != 0)
				continue;
			base = strrchr(p->objs[j].path, '/');
			base = base != NULL ? base + 1 : p->objs[j].path;
			/* the kernel cuts commands to 15 bytes */
			if (strncmp(base, p->thrs[i].comm, 15) == 0) {
				best = j;
				break;
			}
		}
	}
	for (j = 0; best == NONE && j < p->nobjs; j++)
		if (p->objs[j].kind == 0 && strstr(p->objs[j].path, ".so") ==
		    NULL)
			best = j;
	return best;
}

static int64_t
mapof(const struct perf *p, size_t obj)
{
	return obj == NONE ? -1 : p->objs[obj].map;
}

static uint64_t
addrof(const struct perf *p, size_t fi)
{
	return fi == NONE ? 0 : p->fns[fi].addr;
}

/* A call site's address field: empty if not known. */
static const char *
sitestr(char *buf, size_t n, uint64_t a)
{
	if (a == NOADDR)
		buf[0] = '\0';
	else
		snprintf(buf, n, "0x%" PRIx64, a);
	return buf;
}

static void
emitgroup(struct perf *p, size_t g, const char *clock, double rate)
{
	const struct fn *cf, *sf;
	const struct node *nd;
	const struct arc *a;
	struct obj *o;
	size_t i, exe, nthr = 0, slot;
	int64_t next = 0;
	char site[32];

	for (i = 0; i < p->nobjs; i++)
		p->objs[i].map = -1;
	for (i = 0; i < p->nthrs; i++)
		if (p->thrs[i].group == g)
			nthr++;
	textin_emit(host, p->ctx, "gprt", "suussdu", p->path, p->groups[g].pid, (uint64_t)0,
	    "exited", clock, rate, (uint64_t)nthr);
	/* map 0: the executable, then each object a frame names */
	exe = exeobj(p, g);
	if (exe != NONE) {
		o = objload(p, exe);
		o->map = next++;
		textin_emit(host, p->ctx, "map", "uxxxxs", (uint64_t)0, (uint64_t)0,
		    o->elf.low, o->elf.textlow, o->elf.texthigh, o->path);
	} else {
		/* No frame in the executable (perf record -e page-faults
		   can give that): map 0 names none, the others follow it. */
		next++;
		textin_emit(host, p->ctx, "map", "uxxxxs", (uint64_t)0, (uint64_t)0,
		    (uint64_t)0, (uint64_t)0, (uint64_t)0, "");
	}
	for (i = 0; i < p->nobjs; i++) {
		if (i == exe)
			continue;
		o = objload(p, i);
		o->map = next++;
		textin_emit(host, p->ctx, "map", "uxxxxs", (uint64_t)o->map, (uint64_t)0,
		    o->elf.low, o->elf.textlow, o->elf.texthigh, o->path);
	}
	for (i = slot = 0; i < p->nthrs; i++) {
		if (p->thrs[i].group != g)
			continue;
		p->thrs[i].slot = ++slot;
		textin_emit(host, p->ctx, "thread", "uuussuudu", (uint64_t)slot,
		    p->thrs[i].tid, (uint64_t)1, "exited", p->thrs[i].comm,
		    (uint64_t)0, p->thrs[i].ticks,
		    (double)p->thrs[i].ticks / rate, (uint64_t)0);
	}
	for (i = 0; i < p->narcs; i++) {
		a = &p->arcs[i];
		if (a->group != g)
			continue;
		/* arcfind is given the indices of functions already in fns. */
		assert(p->fns != NULL && a->callee < p->nfns &&
		    (a->caller == NONE || a->caller < p->nfns));
		cf = a->caller == NONE ? NULL : &p->fns[a->caller];
		sf = &p->fns[a->callee];
		textin_emit(host, p->ctx, "marc", "uoxoxsuudd",
		    p->thrs[a->thread].slot,
		    cf == NULL ? (int64_t)-1 : mapof(p, cf->obj),
		    addrof(p, a->caller), mapof(p, sf->obj), sf->addr, "",
		    a->self, a->incl, (double)a->self / rate,
		    (double)a->incl / rate);
	}
	for (i = 0; i < p->nnodes; i++) {
		nd = &p->nodes[i];
		if (nd->group != g)
			continue;
		sf = &p->fns[nd->fn];
		textin_emit(host, p->ctx, "ctx", "uuuoxossuudds",
		    p->thrs[nd->thread].slot, (uint64_t)nd->id,
		    (uint64_t)(nd->parent == NONE ? 0 :
		    p->nodes[nd->parent].id), mapof(p, sf->obj), sf->addr,
		    nd->site == NOADDR ? (int64_t)-1 : mapof(p, nd->siteobj),
		    sitestr(site, sizeof(site), nd->site), "", nd->self,
		    nd->incl, (double)nd->self / rate,
		    (double)nd->incl / rate, "");
	}
}

/* Does the line look like a sample's header: a "TIME:" and "EVENT:"? */
static int
headerlike(const unsigned char *q, const unsigned char *e)
{
	char buf[512], *t, *rest, *last = NULL;
	size_t n = (size_t)(e - q);
	int time = 0, ev = 0;

	if (n >= sizeof(buf))
		n = sizeof(buf) - 1;
	memcpy(buf, q, n);
	buf[n] = '\0';
	rest = buf;
	while ((t = strsep(&rest, " \t")) != NULL) {
		if (*t == '\0')
			continue;
		last = t;
		if (istime(t))
			time = 1;
		else if (time && t[strlen(t) - 1] == ':')
			ev = 1;
	}
	if (time && ev)
		return 2;
	/* -F without the time: "COMM TID" or "COMM PID/TID" at the end */
	return last != NULL && last != buf && strspn(last, "0123456789/") ==
	    strlen(last) && last[0] != '/';
}

/* "  f.c:12" after a frame (-F +srcline): one word after spaces. */
static int
srcline(const unsigned char *q, const unsigned char *e)
{
	while (q < e && *q == ' ')
		q++;
	if (q == e)
		return 0;
	for (; q < e; q++)
		if (*q == ' ' || *q == '\t')
			return 0;
	return 1;
}

static int
perf_match(const unsigned char *head, size_t n)
{
	const unsigned char *nl, *q;
	int headers = 0, frames = 0, lines = 0, full = 0, h;

	/* sample headers, and frames: "\t  ADDR SYM (DSO)" */
	for (q = head; q < head + n && lines < 16; q = nl + 1, lines++) {
		if ((nl = memchr(q, '\n', (size_t)(head + n - q))) == NULL)
			break;
		if (q[0] == '#' || nl == q)
			continue;
		if (q[0] == ' ' && srcline(q, nl))
			continue;
		if (q[0] == '\t' && nl[-1] == ')')
			frames++;
		else if (q[0] != '\t' && (h = headerlike(q, nl)) > 0) {
			headers++;
			full += h == 2;
		}
		else if (q[0] != '\t' && memmem(q, (size_t)(nl - q),
		    "PERF_RECORD_", 12) != NULL)
			headers++;
		else
			return 0;
	}
	if (headers > 0 && frames > 0)
		return 60;
	return full > 0 ? 40 : 0;
}

static int
perf_read(struct gp_ctx *ctx, const char *path, const unsigned char *buf,
    size_t len)
{
	struct perf p;
	char clock[80];
	double rate = 1;
	size_t i;
	int r;

	memset(&p, 0, sizeof(p));
	p.ctx = ctx;
	p.path = path;
	exeopt = host->option(ctx, "exe");
	if ((r = parse(&p, buf, len)) == 0) {
		p.lineno = 0;
		if (p.event == NULL || !p.haveperiod)
			snprintf(clock, sizeof(clock), "event:samples");
		else if (strcmp(p.event, "cpu-clock") == 0 ||
		    strcmp(p.event, "task-clock") == 0) {
			snprintf(clock, sizeof(clock), "%s", p.event);
			rate = 1e9;
		} else
			snprintf(clock, sizeof(clock), "event:%s", p.event);
		textin_emit(host, p.ctx, "profile", "ssusss", path, "gnu",
		    (uint64_t)64, "le", "0x1", "000000000000000000000000");
		if (strcmp(clock, "cpu-clock") == 0 ||
		    strcmp(clock, "task-clock") == 0)
			r = emithist(&p, rate);
		for (i = 0; r == 0 && i < p.ngroups; i++)
			emitgroup(&p, i, clock, rate);
	}
	for (i = 0; i < p.nobjs; i++) {
		free(p.objs[i].path);
		elfsyms_free(&p.objs[i].elf);
	}
	for (i = 0; i < p.nfns; i++)
		free(p.fns[i].name);
	for (i = 0; i < p.nthrs; i++)
		free(p.thrs[i].comm);
	free(p.objs);
	free(p.fns);
	free(p.arcs);
	free(p.nodes);
	free(p.thrs);
	free(p.groups);
	free(p.mmaps);
	free(p.leaves);
	free(p.fhash);
	free(p.ahash);
	free(p.nhash);
	free(p.pf);
	free(p.strs);
	free(p.frames);
	free(p.sites);
	free(p.fobjs);
	free(p.event);
	return r;
}

static const struct gp_option options[] = {
	{ "exe", "PATH", "the executable, when its name is not the "
	    "command's" },
	{ NULL, NULL, NULL },
};

PLUG_INPUT("perf", "perf script's sampled call stacks, read as measured arcs",
    "perf script's text (perf record -g)", options, perf_match, perf_read);
