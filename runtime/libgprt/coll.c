/*
 * Collector plugins (gp-plugin(3), gprt(3)): GPRT_COLLECT=NAME[,NAME]...
 * loads NAME.so from the installed plugin directory (gptools beside
 * libgprt.so, when both were installed under one prefix; else the
 * configured one), then from the directories in $GP_PLUGIN_PATH, read as
 * the tools read it (libgp/plugin/search.c, compiled in): absolute paths
 * only, never the current directory.  A collector the runtime cannot use is a
 * one-line warning, and the program runs on without it.
 *
 * The call hooks (hooks.c) call the collectors of a thread only when it
 * has some: one predictable branch on each path otherwise.
 */
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rt.h"
#include "search.h"

#ifndef GP_PLUGINDIR
#define GP_PLUGINDIR	"/usr/local/lib/gptools"
#endif
#ifndef GP_LIBDIR
#define GP_LIBDIR	"/usr/local/lib"
#endif

/* The bytes of a structure up to and with a field. */
#define THROUGH(type, field)						\
	(offsetof(type, field) + sizeof(((type *)0)->field))

/* ABI 1.0's descriptor and collector: a plugin's are at least this large. */
#define DESC_MIN	THROUGH(struct gp_plugin, collector)
#define COLL_MIN	THROUGH(struct gp_collector, stop)

struct gp_ctx {				/* the runtime's, one per collector */
	int		 slot;		/* its index in rt.coll */
	char		 name[65];
	struct gp_collector c;		/* as this runtime knows it */
};

struct rt_coll	rt_coll[RT_MAXCOLL] RT_HIDDEN;
static struct gp_ctx ctxs[RT_MAXCOLL];

/*
 * The host's warn() and error(), which read the same here: a line
 * "gprt: collector NAME: message", and the program runs on.
 */
RT_FN static void
s_say(struct gp_ctx *c, const char *fmt, ...)
{
	char msg[400], who[100];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(who, sizeof(who), "collector %s", c != NULL ? c->name : "?");
	rt_warn(who, msg);
}

/*
 * A collector's options are environment variables: key KEY of collector
 * NAME is GPRT_NAME_KEY, upper-cased, '-' made '_' (GPRT_CCT_NODES).
 */
RT_FN static void
envname(const struct gp_ctx *c, const char *key, char *name, size_t sz)
{
	char *p;

	snprintf(name, sz, "GPRT_%s_%s", c->name, key);
	for (p = name; *p != '\0'; p++)
		if (*p >= 'a' && *p <= 'z')
			*p = (char)(*p - 'a' + 'A');
		else if (*p == '-')
			*p = '_';
}

RT_FN static const char *
s_option(struct gp_ctx *c, const char *key)
{
	char name[160];

	if (c == NULL || key == NULL)
		return NULL;
	envname(c, key, name, sizeof(name));
	return rt_env(name);
}

RT_FN static int
s_optnum(struct gp_ctx *c, const char *key, double min, double max,
    double *v)
{
	const char *s;
	char name[160], why[400];

	if ((s = s_option(c, key)) == NULL)
		return 0;
	envname(c, key, name, sizeof(name));
	if (gp_search_num(name, s, min, max, v, why, sizeof(why)) == -1) {
		s_say(c, "%s", why);
		return -1;
	}
	return 1;
}

/* Space in the companion file: a COLL block, its kind in cap. */
RT_FN static void *
s_reserve(struct gp_ctx *c, uint32_t thread, uint32_t kind, size_t n)
{
	struct gprt_blk *b;

	(void)c;
	if (n > ((uint64_t)1 << 40))
		return NULL;
	if ((b = rt_alloc(GPRT_B_COLL, thread, sizeof(*b) + n, kind)) == NULL)
		return NULL;
	return b + 1;
}

static const struct gp_collector_host collhost = {
	.size = sizeof(struct gp_collector_host),
	.reserve = s_reserve,
};

/* The runtime runs collectors only: no other kind's services. */
static const struct gp_host host = {
	.size = sizeof(struct gp_host),
	.abi_major = GP_PLUGIN_ABI_MAJOR,
	.abi_minor = GP_PLUGIN_ABI_MINOR,
	.progname = "gprt",
	.warn = s_say,
	.error = s_say,
	.option = s_option,
	.optnum = s_optnum,
	.collector = &collhost,
};

/*
 * Whether a structure of the plugin, size bytes, is one this runtime can
 * take: at least ABI 1.0's (min), and no field set beyond the known
 * (ours) bytes.
 */
RT_FN static int
known(const void *p, uint32_t size, size_t min, size_t ours)
{
	const unsigned char *b = p;
	size_t i;

	if (size < min)
		return 0;
	for (i = ours; i < size; i++)
		if (b[i] != 0)
			return 0;
	return 1;
}

/* The installed plugin directory, in buf. */
RT_FN static void
installed(char *buf, size_t sz)
{
	static const char lib[] = GP_LIBDIR, plug[] = GP_PLUGINDIR;
	Dl_info di;
	const char *slash;

	snprintf(buf, sz, "%s", plug);
	/* libgprt.so's directory, when it is a copy of LIBDIR */
	if (strncmp(plug, lib, sizeof(lib) - 1) != 0 ||
	    plug[sizeof(lib) - 1] != '/' ||
	    dladdr((void *)(uintptr_t)installed, &di) == 0 ||
	    di.dli_fname == NULL || (slash = strrchr(di.dli_fname, '/')) ==
	    NULL || strstr(slash, "libgprt.so") == NULL)
		return;
	snprintf(buf, sz, "%.*s%s", (int)(slash - di.dli_fname),
	    di.dli_fname, plug + sizeof(lib) - 1);
}

/*
 * The first NAME.so in the search path, in path; 0 if none.
 * GP_PLUGIN_PATH's refused entries were warned about in rt_coll_init().
 */
RT_FN static int
find(const char *name, char *path, size_t sz)
{
	struct gp_search s;
	char dir[PATH_MAX], why[300];
	int r;

	installed(dir, sizeof(dir));
	snprintf(path, sz, "%s/%s.so", dir, name);
	if (access(path, R_OK) == 0)
		return 1;
	gp_search_start(&s, rt_env("GP_PLUGIN_PATH"));
	while ((r = gp_search_next(&s, dir, sizeof(dir), why,
	    sizeof(why))) != 0)
		if (r == 1) {
			snprintf(path, sz, "%s/%s.so", dir, name);
			if (access(path, R_OK) == 0)
				return 1;
		}
	return 0;
}

/* Load and start collector `name'; why it was refused, or NULL. */
RT_FN static const char *
load(const char *name, char *path, size_t pathsz, char *why, size_t whysz)
{
	const struct gp_plugin *d;
	const struct gp_collector *c;
	struct gp_ctx *ctx;
	const char *e;
	void *h;
	int i;

	for (i = 0; i < rt.ncoll; i++)
		if (strcmp(ctxs[i].name, name) == 0)
			return "named twice";
	if (rt.ncoll == RT_MAXCOLL)
		return "too many collectors (at most 4)";
	if (!find(name, path, pathsz)) {
		snprintf(why, whysz, "no %s.so in the plugin directory or "
		    "GP_PLUGIN_PATH", name);
		return why;
	}
	if ((h = dlopen(path, RTLD_NOW | RTLD_LOCAL)) == NULL) {
		e = dlerror();
		snprintf(why, whysz, "%s: cannot load: %s", path,
		    e != NULL ? e : "?");
		return why;
	}
	d = dlsym(h, GP_PLUGIN_SYMBOL);
	e = NULL;
	if (d == NULL)
		e = "not a gptools plugin";
	else if (d->magic != GP_PLUGIN_MAGIC)
		e = "not a gptools plugin: bad magic number";
	else if (d->abi_major != GP_PLUGIN_ABI_MAJOR) {
		snprintf(why, whysz, "%s: built for plugin ABI %u.%u, "
		    "gprt has ABI %d.%d: rebuild it", path, d->abi_major,
		    d->abi_minor, GP_PLUGIN_ABI_MAJOR, GP_PLUGIN_ABI_MINOR);
		return why;
	} else if (!known(d, d->size, DESC_MIN, sizeof(*d)) ||
	    d->name == NULL || strcmp(d->name, name) != 0)
		e = "descriptor too short, of a later ABI, or named otherwise";
	else if ((c = d->collector) == NULL)
		e = "provides no collector";
	else if (!known(c, c->size, COLL_MIN, sizeof(*c)))
		e = "collector too short (no size) or of a later ABI";
	else if (c->thread == NULL || c->enter == NULL || c->leave == NULL)
		e = "collector without thread, enter or leave";
	if (e != NULL) {
		snprintf(why, whysz, "%s: %s", path, e);
		return why;
	}
	ctx = &ctxs[rt.ncoll];
	ctx->slot = rt.ncoll;
	snprintf(ctx->name, sizeof(ctx->name), "%s", name);
	memset(&ctx->c, 0, sizeof(ctx->c));
	memcpy(&ctx->c, c, c->size < sizeof(ctx->c) ? c->size :
	    sizeof(ctx->c));
	c = &ctx->c;
	if ((d->init != NULL && d->init(ctx, &host) != 0) ||
	    (c->start != NULL && c->start(ctx) != 0)) {
		snprintf(why, whysz, "%s: its start failed", path);
		ctx->name[0] = '\0';
		return why;
	}
	rt_coll[rt.ncoll].c = c;
	rt_coll[rt.ncoll].ctx = ctx;
	rt_coll[rt.ncoll].enter = c->enter;
	rt_coll[rt.ncoll].leave = c->leave;
	rt.ncoll++;
	return NULL;
}

/* GP_PLUGIN_PATH's refused entries (search.h), each warned about once. */
RT_FN static void
pathwarn(void)
{
	struct gp_search s;
	char dir[PATH_MAX], why[300];
	int r;

	gp_search_start(&s, rt_env("GP_PLUGIN_PATH"));
	while ((r = gp_search_next(&s, dir, sizeof(dir), why,
	    sizeof(why))) != 0)
		if (r == -1)
			rt_warn("GP_PLUGIN_PATH", why);
}

/* GPRT_COLLECT: load the collectors it names.  Called from setup(). */
RT_FN void
rt_coll_init(void)
{
	const char *env, *p, *why;
	char name[65], path[PATH_MAX + 80], buf[PATH_MAX + 200];
	size_t n;

	if ((env = rt_env("GPRT_COLLECT")) == NULL)
		return;
	pathwarn();
	for (p = env; *p != '\0'; p += n) {
		n = strcspn(p, ",");
		if (n > 0) {
			snprintf(name, sizeof(name), "%.*s",
			    (int)(n < 64 ? n : 64), p);
			if (!gp_search_name(p, n))
				why = "not a plugin name (lower-case letters, "
				    "digits, '-', '_')";
			else
				why = load(name, path, sizeof(path), buf,
				    sizeof(buf));
			if (why != NULL) {
				char who[100];

				snprintf(who, sizeof(who), "GPRT_COLLECT: "
				    "collector %s refused", name);
				rt_warn(who, why);
			}
		}
		if (p[n] == ',')
			n++;
	}
}

/* A new thread slot: each collector's state for it; NULL leaves it out. */
RT_FN void
rt_coll_thread(struct rt_thr *t)
{
	void *st;
	int i, n = 0;

	for (i = 0; i < rt.ncoll; i++) {
		st = rt_coll[i].c->thread(rt_coll[i].ctx,
		    (uint32_t)t->pub.slot);
		if (st == NULL)
			continue;
		t->cst[n] = st;
		t->cen[n] = rt_coll[i].enter;
		t->cle[n] = rt_coll[i].leave;
		n++;
	}
	t->ncoll = n;
}

/* exit(3) */
RT_FN void
rt_coll_stop(void)
{
	int i;

	for (i = 0; i < rt.ncoll; i++)
		if (rt_coll[i].c->stop != NULL)
			rt_coll[i].c->stop(rt_coll[i].ctx);
}
