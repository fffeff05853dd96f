/*
 * Collector plugins (gp-plugin(3), gprt(3)): GPRT_COLLECT=NAME[,NAME]...
 * loads NAME.so from the installed plugin directory (gptools beside
 * libgprt.so, when both were installed under one prefix; else the
 * configured one), then from the directories in $GP_PLUGIN_PATH; never
 * from the current directory.  A collector the runtime cannot use is a
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

#ifndef GP_PLUGINDIR
#define GP_PLUGINDIR	"/usr/local/lib/gptools"
#endif
#ifndef GP_LIBDIR
#define GP_LIBDIR	"/usr/local/lib"
#endif

/* The smallest descriptor with the 1.3 collector; what tells its ABI. */
#define HEAD_MIN	(offsetof(struct gp_plugin, size) + sizeof(uint32_t))

struct gp_ctx {				/* the runtime's, one per collector */
	int		 slot;		/* its index in rt.coll */
	char		 name[65];
};

struct rt_coll	rt_coll[RT_MAXCOLL] RT_HIDDEN;
static struct gp_ctx ctxs[RT_MAXCOLL];

RT_FN static void
vsay(struct gp_ctx *c, const char *what, const char *fmt, va_list ap)
{
	char msg[400], who[100];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	snprintf(who, sizeof(who), "collector %s", c != NULL ? c->name : "?");
	rt_warn(who, msg);
	(void)what;
}

RT_FN static void
s_warn(struct gp_ctx *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(c, "warning", fmt, ap);
	va_end(ap);
}

RT_FN static void
s_error(struct gp_ctx *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(c, "error", fmt, ap);
	va_end(ap);
}

RT_FN static const char *
s_option(struct gp_ctx *c, const char *key)
{
	return NULL;
}

RT_FN static int
s_optnum(struct gp_ctx *c, const char *key, double min, double max,
    double *v)
{
	return 0;
}

RT_FN static size_t
s_get(struct gp_ctx *c, void *buf, size_t n)
{
	return 0;
}

RT_FN static void
s_emit(struct gp_ctx *c, const char *kind, int nf, const char *const *f)
{
	s_error(c, "emit() is for record types");
}

RT_FN static int
s_put(struct gp_ctx *c, const void *buf, size_t n)
{
	return -1;
}

RT_FN static int
s_gmon_write(struct gp_ctx *c, FILE *out, int layout, int width,
    int bigendian)
{
	return -1;
}

/* Space in the companion file: a COLL block, its kind in cap. */
RT_FN static void *
s_reserve(struct gp_ctx *c, uint32_t thread, uint32_t kind, size_t n)
{
	struct gprt_blk *b;

	if (n > ((uint64_t)1 << 40))
		return NULL;
	if ((b = rt_alloc(GPRT_B_COLL, thread, sizeof(*b) + n, kind)) == NULL)
		return NULL;
	return b + 1;
}

static struct gp_host host = {
	.abi_major = GP_PLUGIN_ABI_MAJOR,
	.abi_minor = GP_PLUGIN_ABI_MINOR,
	.size = sizeof(struct gp_host),
	.progname = "gprt",
	.warn = s_warn,
	.error = s_error,
	.option = s_option,
	.optnum = s_optnum,
	.get = s_get,
	.emit = s_emit,
	.put = s_put,
	.gmon_write = s_gmon_write,
	.reserve = s_reserve,
};

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

/* The first NAME.so in the search path, in path; 0 if none. */
RT_FN static int
find(const char *name, char *path, size_t sz)
{
	const char *env, *p;
	char dir[PATH_MAX];
	size_t n;

	installed(dir, sizeof(dir));
	snprintf(path, sz, "%s/%s.so", dir, name);
	if (access(path, R_OK) == 0)
		return 1;
	if ((env = rt_env("GP_PLUGIN_PATH")) == NULL)
		return 0;
	for (p = env; *p != '\0'; p += n) {
		n = strcspn(p, ":");
		/* empty entries mean nothing: never the current directory */
		if (n > 0 && p[0] == '/') {
			snprintf(path, sz, "%.*s/%s.so", (int)n, p, name);
			if (access(path, R_OK) == 0)
				return 1;
		}
		if (p[n] == ':')
			n++;
	}
	return 0;
}

RT_FN static int
validname(const char *s, size_t n)
{
	size_t i;

	if (n == 0 || n > 64)
		return 0;
	for (i = 0; i < n; i++)
		if (!(s[i] >= 'a' && s[i] <= 'z') &&
		    !(s[i] >= '0' && s[i] <= '9') && s[i] != '-' && s[i] != '_')
			return 0;
	return 1;
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
	else if (d->abi_major != GP_PLUGIN_ABI_MAJOR ||
	    d->abi_minor > GP_PLUGIN_ABI_MINOR || d->abi_minor < 3) {
		snprintf(why, whysz, "%s: built for plugin ABI %u.%u, "
		    "collectors need %d.3 to %d.%d", path, d->abi_major,
		    d->abi_minor, GP_PLUGIN_ABI_MAJOR, GP_PLUGIN_ABI_MAJOR,
		    GP_PLUGIN_ABI_MINOR);
		return why;
	} else if (d->size < offsetof(struct gp_plugin, spare) ||
	    d->name == NULL || strcmp(d->name, name) != 0)
		e = "descriptor too short, or named otherwise";
	else if ((c = d->collector) == NULL)
		e = "provides no collector";
	else if (c->thread == NULL || c->enter == NULL || c->leave == NULL)
		e = "collector without thread, enter or leave";
	if (e != NULL) {
		snprintf(why, whysz, "%s: %s", path, e);
		return why;
	}
	c = d->collector;
	ctx = &ctxs[rt.ncoll];
	ctx->slot = rt.ncoll;
	snprintf(ctx->name, sizeof(ctx->name), "%s", name);
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

/* GPRT_COLLECT: load the collectors it names.  Called from setup(). */
RT_FN void
rt_coll_init(void)
{
	const char *env, *p, *why;
	char name[65], path[PATH_MAX + 80], buf[PATH_MAX + 200];
	size_t n;

	if ((env = rt_env("GPRT_COLLECT")) == NULL)
		return;
	for (p = env; *p != '\0'; p += n) {
		n = strcspn(p, ",");
		if (n > 0) {
			snprintf(name, sizeof(name), "%.*s",
			    (int)(n < 64 ? n : 64), p);
			if (!validname(p, n))
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

/* A new thread slot: each collector's state for it. */
RT_FN void
rt_coll_thread(struct rt_thr *t)
{
	int i, any = 0;

	for (i = 0; i < rt.ncoll; i++) {
		t->cst[i] = rt_coll[i].c->thread(rt_coll[i].ctx,
		    (uint32_t)t->pub.slot);
		any |= t->cst[i] != NULL;
	}
	t->ncoll = any ? rt.ncoll : 0;
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
