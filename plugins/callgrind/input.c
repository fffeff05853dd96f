/*
 * callgrind input: a callgrind.out file (Callgrind's profile format,
 * "# callgrind format") read into the stream (gp-callgrind(7)).
 *
 * Callgrind counts events (Ir, the instructions executed, by default)
 * per function and per call arc: exact call counts and the inclusive
 * cost of the calls.  They become the runtime layer of gp-stream(5): one
 * "gprt" group with the clock "event:NAME" (rate 1: the times are event
 * counts), a "map" record for each object (ob=), a "thread" record, and a
 * "marc" record per call arc (count: the calls; inclticks: the arc's
 * inclusive cost as Callgrind gives it).  Callgrind gives a function's
 * self cost, not each arc's share of it: that is split over the arcs into
 * the function in proportion to their inclusive costs, so each function's
 * self cost is exact and only the split on a caller's line is estimated.
 * A function with more cost than its callers' arcs bring (main's caller,
 * a thread's start) gets the rest from an unknown call site, as a
 * spontaneous call.  The raw layer has the executable's arcs as "arc"
 * records, as gprof would have counted them.
 *
 * Callgrind names functions, not addresses: each is found by name in its
 * object's ELF symbol table (libelf), its link-time address standing for
 * it; a name of the form 0xADDR is that address.  Functions that no symbol
 * table names (stripped libraries, Callgrind's "(below main)") are kept at
 * addresses in no object, so their costs count but stay unnamed.
 *
 * The format (name compression, fn=/cfn=/calls=, positions, several
 * events, parts) is read as valgrind's callgrind-format documentation
 * describes it; hand-written, since no Debian library reads it.  One
 * reader of one format, longer than most files here for that.
 */
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gp/input.h>

#include "hash.h"
#include "input.h"
#include "textin.h"
#include "host.h"

#define MAXEV	64			/* events a file may declare */
#define NOADDR	UINT64_MAX

struct cgfn {				/* a function: object and name */
	size_t		 ob;		/* index into obs */
	char		*name;
	uint64_t	 addr;		/* link-time address, or NOADDR */
	uint64_t	 self;		/* costs of the event read (cg.ev) */
	uint64_t	 out;		/* inclusive cost of its calls */
	uint64_t	 self1;		/* the same at the first level of */
	uint64_t	 out1;		/* its recursion alone (not f'2) */
	uint64_t	 in;		/* of the arcs into it, chosen event */
	uint64_t	 sin;		/* the arcs' share of its inclusive */
	uint64_t	 sself;		/* and of its self cost */
	uint64_t	 spincl;	/* from an unknown call site */
	uint64_t	 spself;
	size_t		 hnext;		/* hash chain, +1 */
};

struct cgarc {
	size_t		 caller;	/* function indexes */
	size_t		 callee;
	uint64_t	 calls;
	uint64_t	 incl;		/* of the event read */
	int		 rec;		/* into a deeper level: recursive */
	size_t		 hnext;
};

struct cgob {
	char		*path;
	int		 loaded;
	struct elfsyms	 syms;
	int64_t		 map;		/* map id, -1: none yet */
};

struct names {				/* one name-compression table */
	char		**v;
	size_t		 n;
};

struct cg {
	struct gp_ctx	*ctx;
	const struct gp_host *h;
	const char	*path;
	unsigned long	 lineno;
	size_t		 len;		/* of the file: bounds the tables */
	/* header */
	char		*cmd;
	uint64_t	 pid;
	uint64_t	 thread;
	char		*evnames[MAXEV];
	size_t		 nev;
	const char	*want;		/* event=, or NULL: the first */
	size_t		 ev;		/* its index; nev if not there */
	int		 npos;		/* position columns */
	int		 haveev;
	/* name tables */
	struct names	 tob, tfl, tfn;
	/* functions, arcs */
	struct cgob	*obs;
	size_t		 nobs;
	struct cgfn	*fns;
	size_t		 nfns, fcap;
	size_t		*fhash;
	struct cgarc	*arcs;
	size_t		 narcs, acap;
	size_t		*ahash;
	size_t		 hsize;
	/* state */
	size_t		 curob;		/* (size_t)-1: none */
	size_t		 curfn;
	int		 level1;	/* curfn's name has no level */
	int		 cfnrec;	/* cfn's has one: a recursive call */
	size_t		 cob;		/* (size_t)-1: as curob */
	char		*cfn;
	int		 incall;	/* a calls= line waits for its cost */
	uint64_t	 ncalls;
	int		 injump;
	int		 totals;	/* a totals: line after the last cost */
	int		 havesum;	/* a summary: line, in sumline */
	uint64_t	 sumline[MAXEV];
	uint64_t	 sum[MAXEV];
};

static int
fail(struct cg *c, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (c->lineno > 0)
		c->h->error(c->ctx, "line %lu: %s", c->lineno, buf);
	else
		c->h->error(c->ctx, "%s", buf);
	return -1;
}

static void *
xrealloc(struct cg *c, void *p, size_t n, size_t size)
{
	if ((p = reallocarray(p, n ? n : 1, size)) == NULL)
		fail(c, "out of memory");
	return p;
}

/*
 * "(id) name", "(id)" or "name": the name, defining or looking up id in t.
 * NULL after an error.
 */
static const char *
cname(struct cg *c, struct names *t, char *s)
{
	char *e, *name;
	unsigned long long id;

	if (*s != '(')
		return s;
	id = strtoull(s + 1, &e, 10);
	if (e == s + 1 || *e != ')' || id > c->len) {
		fail(c, "bad compressed name '%.40s'", s);
		return NULL;
	}
	name = e + 1;
	while (*name == ' ')
		name++;
	if (*name == '\0') {
		if (id >= t->n || t->v[id] == NULL) {
			fail(c, "name (%llu) used before it is defined", id);
			return NULL;
		}
		return t->v[id];
	}
	if (id >= t->n) {
		if ((t->v = reallocarray(t->v, id + 1, sizeof(*t->v))) ==
		    NULL) {
			fail(c, "out of memory");
			return NULL;
		}
		memset(t->v + t->n, 0, (id + 1 - t->n) * sizeof(*t->v));
		t->n = id + 1;
	}
	free(t->v[id]);
	if ((t->v[id] = strdup(name)) == NULL) {
		fail(c, "out of memory");
		return NULL;
	}
	return t->v[id];
}

/* The object of that path, made if new; (size_t)-1 after an error. */
static size_t
obfind(struct cg *c, const char *path)
{
	struct cgob *o;
	size_t i;

	for (i = 0; i < c->nobs; i++)
		if (strcmp(c->obs[i].path, path) == 0)
			return i;
	if ((o = xrealloc(c, c->obs, c->nobs + 1, sizeof(*o))) == NULL)
		return (size_t)-1;
	c->obs = o;
	memset(&c->obs[c->nobs], 0, sizeof(c->obs[0]));
	if ((c->obs[c->nobs].path = strdup(path)) == NULL) {
		fail(c, "out of memory");
		return (size_t)-1;
	}
	c->obs[c->nobs].map = -1;
	if (strcmp(path, "???") == 0)	/* Callgrind's unknown object */
		c->obs[c->nobs].path[0] = '\0';
	return c->nobs++;
}

static int
rehash(struct cg *c)
{
	size_t i, k, nh = c->hsize ? c->hsize * 2 : 1024;

	free(c->fhash);
	free(c->ahash);
	c->fhash = calloc(nh, sizeof(*c->fhash));
	c->ahash = calloc(nh, sizeof(*c->ahash));
	if (c->fhash == NULL || c->ahash == NULL)
		return fail(c, "out of memory");
	c->hsize = nh;
	for (i = 0; i < c->nfns; i++) {
		k = hash_str(c->fns[i].name, c->fns[i].ob + 1) & (nh - 1);
		c->fns[i].hnext = c->fhash[k];
		c->fhash[k] = i + 1;
	}
	for (i = 0; i < c->narcs; i++) {
		k = ((c->arcs[i].caller * 0x9e3779b97f4a7c15ULL) ^
		    c->arcs[i].callee) & (nh - 1);
		c->arcs[i].hnext = c->ahash[k];
		c->ahash[k] = i + 1;
	}
	return 0;
}

/* The function (ob, name), made if new; (size_t)-1 after an error. */
static size_t
fnfind(struct cg *c, size_t ob, const char *name)
{
	struct cgfn *f;
	size_t i, k;

	if (c->hsize == 0 && rehash(c) == -1)
		return (size_t)-1;
	k = hash_str(name, ob + 1) & (c->hsize - 1);
	for (i = c->fhash[k]; i != 0; i = c->fns[i - 1].hnext)
		if (c->fns[i - 1].ob == ob &&
		    strcmp(c->fns[i - 1].name, name) == 0)
			return i - 1;
	if (c->nfns == c->fcap) {
		if ((f = xrealloc(c, c->fns, c->fcap ? c->fcap * 2 : 256,
		    sizeof(*f))) == NULL)
			return (size_t)-1;
		c->fns = f;
		c->fcap = c->fcap ? c->fcap * 2 : 256;
	}
	f = &c->fns[c->nfns];
	memset(f, 0, sizeof(*f));
	f->ob = ob;
	if ((f->name = strdup(name)) == NULL) {
		fail(c, "out of memory");
		return (size_t)-1;
	}
	f->addr = NOADDR;
	f->hnext = c->fhash[k];
	c->fhash[k] = ++c->nfns;
	if (c->nfns > c->hsize && rehash(c) == -1)
		return (size_t)-1;
	return c->nfns - 1;
}

static struct cgarc *
arcfind(struct cg *c, size_t caller, size_t callee, int rec)
{
	struct cgarc *a;
	size_t i, k;

	if (c->hsize == 0 && rehash(c) == -1)
		return NULL;
	k = ((caller * 0x9e3779b97f4a7c15ULL) ^ callee) & (c->hsize - 1);
	for (i = c->ahash[k]; i != 0; i = c->arcs[i - 1].hnext)
		if (c->arcs[i - 1].caller == caller &&
		    c->arcs[i - 1].callee == callee &&
		    c->arcs[i - 1].rec == rec)
			return &c->arcs[i - 1];
	if (c->narcs == c->acap) {
		if ((a = xrealloc(c, c->arcs, c->acap ? c->acap * 2 : 256,
		    sizeof(*a))) == NULL)
			return NULL;
		c->arcs = a;
		c->acap = c->acap ? c->acap * 2 : 256;
	}
	a = &c->arcs[c->narcs];
	memset(a, 0, sizeof(*a));
	a->caller = caller;
	a->callee = callee;
	a->rec = rec;
	a->hnext = c->ahash[k];
	c->ahash[k] = ++c->narcs;
	if (c->narcs > c->hsize && rehash(c) == -1)
		return NULL;
	return &c->arcs[c->narcs - 1];
}

/* A number: decimal, or hexadecimal with 0x; -1 if not one. */
static int
number(const char *s, uint64_t *v)
{
	char *e;

	if (*s < '0' || *s > '9')
		return -1;
	*v = strtoull(s, &e, s[0] == '0' && (s[1] == 'x' || s[1] == 'X') ?
	    16 : 10);
	return *e == '\0' ? 0 : -1;
}

/* A position: a number, +N, -N or '*'. */
static int
position(const char *s)
{
	uint64_t v;

	if (strcmp(s, "*") == 0)
		return 0;
	if (*s == '+' || *s == '-')
		s++;
	return number(s, &v);
}

/* A cost line: positions, then up to nev costs. */
static int
costline(struct cg *c, char *s)
{
	uint64_t cost[MAXEV], v;
	char *t;
	size_t i, n = 0;
	int p;

	if (!c->haveev)
		return fail(c, "a cost line before the events: line");
	if (c->curfn == (size_t)-1 && !c->incall && !c->injump)
		return fail(c, "a cost line before any fn= line");
	memset(cost, 0, sizeof(cost));
	for (p = 0; p < c->npos; p++) {
		if ((t = strsep(&s, " \t")) == NULL || position(t) == -1)
			return fail(c, "bad position '%.40s' in a cost line",
			    t == NULL ? "" : t);
	}
	while ((t = strsep(&s, " \t")) != NULL) {
		if (*t == '\0')
			continue;
		if (n == c->nev)
			return fail(c, "more costs than the %zu events",
			    c->nev);
		if (number(t, &v) == -1)
			return fail(c, "bad cost '%.40s'", t);
		cost[n++] = v;
	}
	if (c->injump) {
		c->injump = 0;
		return 0;
	}
	if (c->incall) {
		struct cgarc *a;
		size_t callee, ob;

		c->incall = 0;
		ob = c->cob != (size_t)-1 ? c->cob : c->curob;
		if ((callee = fnfind(c, ob, c->cfn)) == (size_t)-1 ||
		    (a = arcfind(c, c->curfn, callee, c->cfnrec)) == NULL)
			return -1;
		if (a->calls + c->ncalls < a->calls)
			return fail(c, "call counts add up past 2^64");
		a->calls += c->ncalls;
		v = c->ev < c->nev ? cost[c->ev] : 0;
		if (c->fns[c->curfn].out + v < v)
			return fail(c, "costs add up past 2^64");
		a->incl += v;
		c->fns[c->curfn].out += v;
		if (c->level1)
			c->fns[c->curfn].out1 += v;
		c->cob = (size_t)-1;
		return 0;
	}
	for (i = 0; i < c->nev; i++) {
		if (c->sum[i] + cost[i] < cost[i])
			return fail(c, "costs add up past 2^64");
		c->sum[i] += cost[i];
	}
	v = c->ev < c->nev ? cost[c->ev] : 0;
	c->fns[c->curfn].self += v;
	if (c->level1)
		c->fns[c->curfn].self1 += v;
	c->totals = 0;
	return 0;
}

static int
header(struct cg *c, const char *key, char *val)
{
	char *t;
	uint64_t v;
	size_t n;

	while (*val == ' ' || *val == '\t')
		val++;
	if (strcmp(key, "events") == 0) {
		char *names[MAXEV];

		n = 0;
		while ((t = strsep(&val, " \t")) != NULL) {
			if (*t == '\0')
				continue;
			if (n == MAXEV)
				return fail(c, "more than %d events", MAXEV);
			names[n++] = t;
		}
		if (n == 0)
			return fail(c, "events: line names no event");
		if (c->haveev) {
			size_t i;

			if (n != c->nev)
				return fail(c, "events: line differs from the "
				    "first one");
			for (i = 0; i < n; i++)
				if (strcmp(names[i], c->evnames[i]) != 0)
					return fail(c, "events: line differs "
					    "from the first one");
			return 0;
		}
		for (c->nev = 0; c->nev < n; c->nev++)
			if ((c->evnames[c->nev] = strdup(names[c->nev])) ==
			    NULL)
				return fail(c, "out of memory");
		c->haveev = 1;
		/* the costs of one event are kept: the first, or event= */
		for (c->ev = 0; c->want != NULL && c->ev < c->nev; c->ev++)
			if (strcmp(c->evnames[c->ev], c->want) == 0)
				break;
	} else if (strcmp(key, "positions") == 0) {
		c->npos = 0;
		while ((t = strsep(&val, " \t")) != NULL) {
			if (*t == '\0')
				continue;
			if (strcmp(t, "line") != 0 && strcmp(t, "instr") != 0)
				return fail(c, "unknown position '%.20s'", t);
			c->npos++;
		}
		if (c->npos == 0)
			return fail(c, "positions: line names none");
	} else if (strcmp(key, "pid") == 0) {
		if (number(val, &v) == -1)
			return fail(c, "bad pid '%.20s'", val);
		c->pid = v;
	} else if (strcmp(key, "thread") == 0) {
		if (number(val, &v) == -1 || v == 0)
			return fail(c, "bad thread '%.20s'", val);
		c->thread = v;
	} else if (strcmp(key, "cmd") == 0) {
		free(c->cmd);
		if ((c->cmd = strdup(val)) == NULL)
			return fail(c, "out of memory");
	} else if (strcmp(key, "totals") == 0) {
		c->totals = 1;
	} else if (strcmp(key, "summary") == 0) {
		/* the costs the file holds, per event: one part's */
		n = 0;
		while ((t = strsep(&val, " \t")) != NULL && n < MAXEV) {
			if (*t == '\0')
				continue;
			if (number(t, &v) == -1)
				return fail(c, "bad summary '%.20s'", t);
			c->sumline[n++] += v;
		}
		c->havesum = 1;
	} else if (strcmp(key, "version") == 0) {
		if (strcmp(val, "1") != 0 && strcmp(val, "0x1") != 0)
			return fail(c, "version %.20s: only version 1 is known",
			    val);
	}
	/* creator, part, desc, summary, cmd, ...: nothing to keep */
	return 0;
}

/*
 * A function's name without Callgrind's recursion level ("f'2", the
 * second level of f's recursion: --separate-recs), in buf; so that the
 * levels are one function and their calls recursive calls, as gprof
 * counts them.
 */
static const char *
norec(const char *name, char *buf, size_t n)
{
	size_t len = strlen(name), k = len;

	while (k > 0 && name[k - 1] >= '0' && name[k - 1] <= '9')
		k--;
	if (k == len || k < 2 || name[k - 1] != '\'' || k - 1 >= n)
		return name;
	memcpy(buf, name, k - 1);
	buf[k - 1] = '\0';
	return buf;
}

/* A "key=value" line of the body. */
static int
spec(struct cg *c, const char *key, char *val)
{
	char buf[4096];
	const char *name;
	uint64_t v;
	char *t;

	if (strcmp(key, "ob") == 0) {
		if ((name = cname(c, &c->tob, val)) == NULL ||
		    (c->curob = obfind(c, name)) == (size_t)-1)
			return -1;
	} else if (strcmp(key, "cob") == 0) {
		if ((name = cname(c, &c->tob, val)) == NULL ||
		    (c->cob = obfind(c, name)) == (size_t)-1)
			return -1;
	} else if (strcmp(key, "fn") == 0) {
		if ((name = cname(c, &c->tfn, val)) == NULL)
			return -1;
		name = norec(name, buf, sizeof(buf));
		c->level1 = name != buf;
		if (c->curob == (size_t)-1 &&
		    (c->curob = obfind(c, "")) == (size_t)-1)
			return -1;
		if ((c->curfn = fnfind(c, c->curob, name)) == (size_t)-1)
			return -1;
		c->cob = (size_t)-1;
	} else if (strcmp(key, "cfn") == 0) {
		if ((name = cname(c, &c->tfn, val)) == NULL)
			return -1;
		name = norec(name, buf, sizeof(buf));
		c->cfnrec = name == buf;
		free(c->cfn);
		if ((c->cfn = strdup(name)) == NULL)
			return fail(c, "out of memory");
	} else if (strcmp(key, "fl") == 0 || strcmp(key, "fi") == 0 ||
	    strcmp(key, "fe") == 0 || strcmp(key, "cfi") == 0 ||
	    strcmp(key, "cfl") == 0 || strcmp(key, "jfi") == 0) {
		if (cname(c, &c->tfl, val) == NULL)
			return -1;
	} else if (strcmp(key, "jfn") == 0) {
		if (cname(c, &c->tfn, val) == NULL)
			return -1;
	} else if (strcmp(key, "calls") == 0) {
		if (c->curfn == (size_t)-1)
			return fail(c, "calls= before any fn= line");
		if (c->cfn == NULL)
			return fail(c, "calls= without a cfn= line");
		t = strsep(&val, " \t");
		if (t == NULL || number(t, &v) == -1)
			return fail(c, "bad call count '%.20s'",
			    t == NULL ? "" : t);
		c->ncalls = v;
		c->incall = 1;
	} else if (strcmp(key, "jump") == 0 || strcmp(key, "jcnd") == 0) {
		c->injump = 1;
	}
	/* others: no cost of their own */
	return 0;
}

static int
parse(struct cg *c, const unsigned char *buf, size_t len)
{
	struct textin t;
	const char *why;
	char *line, *eq, *col;
	size_t n, i;
	int r = 0, more;

	if (textin_open(&t, buf, len, &c->lineno) == -1)
		return fail(c, "truncated: the last line has no newline");
	while (r == 0 && (more = textin_next(&t, &why)) != 0) {
		c->lineno = t.lineno;
		if (more == -1) {
			r = fail(c, "%s", why);
			break;
		}
		line = t.line;
		n = t.len;
		if (n == 0 || line[0] == '#')
			continue;
		if ((line[0] >= '0' && line[0] <= '9') || line[0] == '+' ||
		    line[0] == '-' || line[0] == '*') {
			r = costline(c, line);
			continue;
		}
		eq = strchr(line, '=');
		col = strchr(line, ':');
		if (c->incall) {
			r = fail(c, "calls= line not followed by its cost "
			    "line");
			break;
		}
		if (eq != NULL && (col == NULL || eq < col)) {
			*eq = '\0';
			r = spec(c, line, eq + 1);
		} else if (col != NULL) {
			*col = '\0';
			r = header(c, line, col + 1);
		} else
			r = fail(c, "not a callgrind line: '%.40s'", line);
	}
	textin_close(&t);
	if (r != 0)
		return r;
	if (c->incall)
		return fail(c, "truncated: calls= line without its cost line");
	if (!c->haveev)
		return fail(c, "no events: line");
	if (c->nfns == 0)
		return fail(c, "no fn= line: no function was measured");
	/* cut short: no totals: at the end, and less than summary: says */
	for (i = 0; !c->totals && c->havesum && i < c->nev; i++)
		if (c->sum[i] != c->sumline[i])
			break;
	if (!c->totals && c->havesum && i < c->nev)
		return fail(c, "truncated: the costs add up to %" PRIu64 " %s, "
		    "summary: says %" PRIu64, c->sum[i], c->evnames[i],
		    c->sumline[i]);
	if (!c->totals && !c->havesum)
		return fail(c, "truncated: no totals: line after the last "
		    "costs");
	return 0;
}

/* ---------------------------------------------------------------- */
/* Emitting.                                                          */

/* The executable: the object named by cmd's first word, else main's. */
static size_t
exeob(const struct cg *c)
{
	const char *b, *e, *base;
	size_t i, n;

	if (c->cmd != NULL) {
		b = c->cmd;
		while (*b == ' ')
			b++;
		for (e = b; *e != '\0' && *e != ' '; e++)
			;
		for (base = e; base > b && base[-1] != '/'; base--)
			;
		n = (size_t)(e - base);
		for (i = 0; i < c->nobs; i++) {
			const char *p = c->obs[i].path, *pb = strrchr(p, '/');

			pb = pb != NULL ? pb + 1 : p;
			if (n > 0 && strlen(pb) == n &&
			    strncmp(pb, base, n) == 0)
				return i;
		}
	}
	for (i = 0; i < c->nfns; i++)
		if (strcmp(c->fns[i].name, "main") == 0)
			return c->fns[i].ob;
	return 0;
}

/* Each function's address from its object's symbol table. */
static void
resolve(struct cg *c)
{
	struct cgfn *f;
	struct cgob *o;
	uint64_t a;
	size_t i;

	for (i = 0; i < c->nfns; i++) {
		f = &c->fns[i];
		o = &c->obs[f->ob];
		if (f->name[0] == '0' && f->name[1] == 'x' &&
		    number(f->name, &a) == 0) {
			f->addr = a;
			continue;
		}
		if (!o->loaded) {
			o->loaded = 1;
			if (o->path[0] != '\0')
				elfsyms_load(&o->syms, o->path);
		}
		f->addr = elfsyms_find(&o->syms, f->name);
	}
}

static int
emitall(struct cg *c)
{
	struct cgfn *f, *g;
	struct cgarc *a;
	char clock[80], rate[4] = "1", state[] = "exited", tname[64];
	int64_t nextmap = 0, fo, so;
	uint64_t ticks = 0, calls = 0, tot, left, *ai = NULL, *as = NULL;
	struct cgob *eo;
	size_t i, exe, thr = c->thread ? c->thread : 1, *big = NULL;
	int r = 0;

	/* the sums first: nothing is written if one overflows */
	for (i = 0; i < c->nfns; i++)
		ticks += c->fns[i].self;
	for (i = 0; i < c->narcs; i++) {
		a = &c->arcs[i];
		if (calls + a->calls < calls || (!a->rec &&
		    c->fns[a->callee].in + a->incl < a->incl))
			return fail(c, "counts or costs add up past 2^64");
		calls += a->calls;
		if (!a->rec)
			c->fns[a->callee].in += a->incl;
	}
	exe = exeob(c);
	resolve(c);
	textin_emit(c->h, c->ctx, "profile", "ssusss", c->path, "gnu",
	    (uint64_t)64, "le", "0x1", "000000000000000000000000");
	/*
	 * An empty histogram over the executable's text, which gprof wants
	 * in a gmon.out (gmon-cat -o), and the executable's arcs, as gprof
	 * would have counted them: gprof's report of the calls.
	 */
	eo = &c->obs[exe];
	if (eo->syms.texthigh > eo->syms.textlow)
		textin_emit(c->h, c->ctx, "hist", "uxxusss", (uint64_t)0,
		    eo->syms.textlow & ~(uint64_t)3,
		    (eo->syms.texthigh + 3) & ~(uint64_t)3,
		    (((eo->syms.texthigh + 3) & ~(uint64_t)3) -
		    (eo->syms.textlow & ~(uint64_t)3)) / 2, "100", "seconds",
		    "s");
	for (i = 0; i < c->narcs; i++) {
		a = &c->arcs[i];
		f = &c->fns[a->caller];
		g = &c->fns[a->callee];
		if (f->ob == exe && g->ob == exe && f->addr != NOADDR &&
		    g->addr != NOADDR && a->calls > 0)
			textin_emit(c->h, c->ctx, "arc", "xxu", f->addr, g->addr, a->calls);
	}
	snprintf(clock, sizeof(clock), "event:%s", c->evnames[c->ev]);
	textin_emit(c->h, c->ctx, "gprt", "suusssu", c->path, c->pid, (uint64_t)0, state,
	    clock, rate, (uint64_t)1);
	/* map 0 is the executable, then the objects in order */
	c->obs[exe].map = nextmap++;
	for (i = 0; i < c->nobs; i++)
		if (i != exe && c->obs[i].path[0] != '\0')
			c->obs[i].map = nextmap++;
	textin_emit(c->h, c->ctx, "map", "uxxxxs", (uint64_t)0, (uint64_t)0,
	    c->obs[exe].syms.low, c->obs[exe].syms.textlow,
	    c->obs[exe].syms.texthigh, c->obs[exe].path);
	for (i = 0; i < c->nobs; i++)
		if (i != exe && c->obs[i].map > 0)
			textin_emit(c->h, c->ctx, "map", "uxxxxs", (uint64_t)c->obs[i].map,
			    (uint64_t)0, c->obs[i].syms.low,
			    c->obs[i].syms.textlow, c->obs[i].syms.texthigh,
			    c->obs[i].path);
	snprintf(tname, sizeof(tname), "thread %zu", thr);
	textin_emit(c->h, c->ctx, "thread", "uuussuuuu", (uint64_t)thr, c->pid, (uint64_t)1,
	    state, tname, calls, ticks, ticks, (uint64_t)0);
	/*
	 * Each function's inclusive cost, its self cost and its calls' at
	 * the first level of its recursion as callgrind_annotate adds them
	 * up, over the arcs into it in proportion to their inclusive costs
	 * (scaled down when recursion Callgrind did not tell apart makes
	 * those add up to more); none over the calls into a deeper level,
	 * made while it runs; its self cost over the arcs in the same
	 * proportion; what its callers do not bring (main's caller, a
	 * thread's start) from an unknown call site.
	 */
	ai = calloc(c->narcs + 1, sizeof(*ai));
	as = calloc(c->narcs + 1, sizeof(*as));
	big = calloc(c->nfns + 1, sizeof(*big));
	if (ai == NULL || as == NULL || big == NULL) {
		r = fail(c, "out of memory");
		goto out;
	}
	for (i = 0; i < c->nfns; i++) {
		big[i] = (size_t)-1;
		c->fns[i].sin = c->fns[i].sself = 0;
	}
	for (i = 0; i < c->narcs; i++) {
		a = &c->arcs[i];
		g = &c->fns[a->callee];
		tot = g->self1 + g->out1;
		if (a->rec)
			continue;
		ai[i] = g->in <= tot ? a->incl : (uint64_t)((long double)
		    tot * a->incl / g->in);
		g->sin += ai[i];
		if (big[a->callee] == (size_t)-1 || ai[i] > ai[big[a->callee]])
			big[a->callee] = i;
	}
	for (i = 0; i < c->nfns; i++) {
		g = &c->fns[i];
		tot = g->self1 + g->out1;
		if (g->in > tot && big[i] != (size_t)-1) {
			ai[big[i]] += tot - g->sin;
			g->sin = tot;
		}
		g->spincl = tot > g->sin ? tot - g->sin : 0;
		g->spself = tot > 0 ? (uint64_t)((long double)g->self *
		    g->spincl / tot) : 0;
		g->sself = g->spself;
	}
	for (i = 0; i < c->narcs; i++) {
		a = &c->arcs[i];
		g = &c->fns[a->callee];
		tot = g->self1 + g->out1;
		as[i] = tot > 0 ? (uint64_t)((long double)g->self * ai[i] /
		    tot) : 0;
		g->sself += as[i];
	}
	for (i = 0; i < c->nfns; i++) {	/* rounding's leftovers */
		g = &c->fns[i];
		left = g->self - g->sself;
		if (big[i] != (size_t)-1 && as[big[i]] + left <= ai[big[i]])
			as[big[i]] += left;
		else {
			g->spself += left;
			if (g->spincl < g->spself)
				g->spincl = g->spself;
		}
	}
	for (i = 0; i < c->narcs; i++) {
		a = &c->arcs[i];
		f = &c->fns[a->caller];
		g = &c->fns[a->callee];
		fo = f->addr == NOADDR ? -1 : c->obs[f->ob].map;
		so = g->addr == NOADDR ? -1 : c->obs[g->ob].map;
		textin_emit(c->h, c->ctx, "marc", "uoxoxuuuuu", (uint64_t)thr, fo,
		    fo < 0 ? (uint64_t)a->caller + 1 : f->addr, so,
		    so < 0 ? (uint64_t)a->callee + 1 : g->addr, a->calls, as[i],
		    ai[i], as[i], ai[i]);
	}
	for (i = 0; i < c->nfns; i++) {
		g = &c->fns[i];
		if (g->spself == 0 && g->spincl == 0)
			continue;
		so = g->addr == NOADDR ? -1 : c->obs[g->ob].map;
		textin_emit(c->h, c->ctx, "marc", "usxoxuuuuu", (uint64_t)thr, "", (uint64_t)0,
		    so, so < 0 ? (uint64_t)i + 1 : g->addr, (uint64_t)0,
		    g->spself, g->spincl, g->spself, g->spincl);
	}
out:
	free(ai);
	free(as);
	free(big);
	return r;
}

static int
callgrind_match(const unsigned char *head, size_t n)
{
	static const char magic[] = "# callgrind format";

	if (n >= sizeof(magic) - 1 && memcmp(head, magic,
	    sizeof(magic) - 1) == 0)
		return 100;
	if (n >= 10 && memcmp(head, "version: 1", 10) == 0)
		return 50;
	if (n >= 8 && memcmp(head, "events: ", 8) == 0)
		return 40;
	return 0;
}

static int
callgrind_read(struct gp_ctx *ctx, const char *path, const unsigned char *buf,
    size_t len)
{
	const struct gp_host *h = host;
	struct cg c;
	size_t i;
	int r;

	memset(&c, 0, sizeof(c));
	c.ctx = ctx;
	c.h = h;
	c.path = path;
	c.len = len;
	c.npos = 1;
	c.curob = c.curfn = c.cob = (size_t)-1;
	c.pid = 0;
	c.want = h->option(ctx, "event");
	if ((r = parse(&c, buf, len)) == 0) {
		c.lineno = 0;
		if (c.ev == c.nev)
			r = fail(&c, "event=%s: the file has no such event",
			    c.want);
		else
			r = emitall(&c);
	}
	for (i = 0; i < c.nfns; i++)
		free(c.fns[i].name);
	for (i = 0; i < c.nobs; i++) {
		free(c.obs[i].path);
		elfsyms_free(&c.obs[i].syms);
	}
	for (i = 0; i < c.tob.n; i++)
		free(c.tob.v[i]);
	for (i = 0; i < c.tfl.n; i++)
		free(c.tfl.v[i]);
	for (i = 0; i < c.tfn.n; i++)
		free(c.tfn.v[i]);
	for (i = 0; i < c.nev; i++)
		free(c.evnames[i]);
	free(c.tob.v);
	free(c.tfl.v);
	free(c.tfn.v);
	free(c.fns);
	free(c.arcs);
	free(c.fhash);
	free(c.ahash);
	free(c.obs);
	free(c.cmd);
	free(c.cfn);
	return r;
}

static const struct gp_option inoptions[] = {
	{ "event", "NAME", "the event whose costs are read (default: the "
	    "first, Ir)" },
	{ NULL, NULL, NULL },
};

const struct gp_inputfmt callgrind_input = {
	.size = sizeof(struct gp_inputfmt),
	.what = "callgrind.out files (valgrind --tool=callgrind)",
	.options = inoptions,
	.match = callgrind_match,
	.read = callgrind_read,
};
