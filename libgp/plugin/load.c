/*
 * The plugin loader: finding, loading and checking plugins, the services
 * every plugin gets, and the record-type entry points of the raw layer.
 * See plugload.h and gp-plugin(3).  Nothing here knows the profile: the
 * output formats and their services are plugin.c's, above.
 */
#include <sys/stat.h>

#include <ctype.h>
#include <dirent.h>
#include <dlfcn.h>
#include <link.h>
#include <err.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stream/kinds.h"
#include "plugin/load.h"

#ifndef GP_PLUGINDIR
#define GP_PLUGINDIR	"/usr/local/lib/gptools"
#endif
#ifndef GP_BINDIR
#define GP_BINDIR	"/usr/local/bin"
#endif

/* The smallest descriptor of ABI 1.0; what tells its version. */
#define DESC_MIN	offsetof(struct gp_plugin, spare)
#define HEAD_MIN	(offsetof(struct gp_plugin, size) + sizeof(uint32_t))

static struct gp_plug	*plugs;		/* loaded, in load order */
static int		 scanned;	/* every directory was scanned */
static const char	**dirs;
static size_t		 ndirs;
static int		 finiset;

static int	claimed(const char *);
static char	*unclaimed;	/* first kind gp_record_kind() found no plugin for */
static size_t	 nunclaimed;

#define progname()	program_invocation_short_name

/* ------------------------------------------------------------------ */
/* Where plugins come from.                                            */

static int
isdir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/*
 * The relative path from the directory `from' to `to', both absolute:
 * "/usr/local/bin" to "/usr/local/lib/gptools" is "../lib/gptools".
 */
static char *
relpath(const char *from, const char *to)
{
	const char *f, *t, *p;
	size_t n, up;
	char *s;

	if (from[0] != '/' || to[0] != '/')
		return NULL;
	f = from;
	t = to;
	/* Skip the common leading components. */
	for (;;) {
		while (*f == '/')
			f++;
		while (*t == '/')
			t++;
		n = strcspn(f, "/");
		if (n == 0 || n != strcspn(t, "/") || strncmp(f, t, n) != 0)
			break;
		f += n;
		t += n;
	}
	for (up = 0, p = f; *p != '\0'; up++) {
		p += strcspn(p, "/");
		while (*p == '/')
			p++;
	}
	n = up * 3 + strlen(t) + 2;
	if ((s = malloc(n)) == NULL)
		err(1, NULL);
	s[0] = '\0';
	while (up-- > 0)
		strcat(s, "../");
	strcat(s, *t != '\0' ? t : ".");
	return s;
}

/*
 * The installed plugin directory: where GP_PLUGINDIR lies relative to
 * GP_BINDIR, taken from the directory of the running executable, so that
 * an installation moved or made with another PREFIX finds its own
 * plugins; GP_PLUGINDIR if that directory does not exist.
 */
static char *
installed_dir(void)
{
	char exe[PATH_MAX], *slash, *rel, *d;
	ssize_t n;

	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0 && (rel = relpath(GP_BINDIR, GP_PLUGINDIR)) != NULL) {
		exe[n] = '\0';
		if ((slash = strrchr(exe, '/')) != NULL) {
			*slash = '\0';
			if (asprintf(&d, "%s/%s", exe, rel) == -1)
				err(1, NULL);
			free(rel);
			if (isdir(d) && (slash = realpath(d, NULL)) != NULL) {
				free(d);
				return slash;
			}
			free(d);
		} else
			free(rel);
	}
	if ((d = strdup(GP_PLUGINDIR)) == NULL)
		err(1, NULL);
	return d;
}

static void
setdirs(void)
{
	const char *env, *p;
	size_t n, cap;
	char *d;

	if (dirs != NULL)
		return;
	cap = 4;
	if ((dirs = calloc(cap, sizeof(*dirs))) == NULL)
		err(1, NULL);
	dirs[ndirs++] = installed_dir();
	/* Empty entries mean nothing: never the current directory. */
	if ((env = getenv("GP_PLUGIN_PATH")) == NULL)
		return;
	for (p = env; *p != '\0'; p += n) {
		n = strcspn(p, ":");
		if (n > 0) {
			if ((d = strndup(p, n)) == NULL)
				err(1, NULL);
			if (ndirs == cap) {
				cap *= 2;
				dirs = reallocarray(dirs, cap, sizeof(*dirs));
				if (dirs == NULL)
					err(1, NULL);
			}
			dirs[ndirs++] = d;
		}
		if (p[n] == ':')
			n++;
	}
}

size_t
gp_plugin_dirs(const char *const **dp)
{
	setdirs();
	*dp = dirs;
	return ndirs;
}

/* ------------------------------------------------------------------ */
/* Loading and checking.                                               */

int
gp_plug_validname(const char *s)
{
	if (s == NULL || *s == '\0' || strlen(s) > 64)
		return 0;
	for (; *s != '\0'; s++)
		if (!islower((unsigned char)*s) && !isdigit((unsigned char)*s) &&
		    *s != '-' && *s != '_')
			return 0;
	return 1;
}

static int
validkind(const char *s)
{
	if (s == NULL || *s == '\0' || strlen(s) > 64)
		return 0;
	for (; *s != '\0'; s++)
		if (!islower((unsigned char)*s) && !isdigit((unsigned char)*s) &&
		    *s != '-')
			return 0;
	return 1;
}

struct gp_ctx *
gp_plug_newctx(struct gp_plug *p)
{
	struct gp_ctx *c;

	if ((c = calloc(1, sizeof(*c))) == NULL)
		err(1, NULL);
	c->plug = p;
	return c;
}

static void
finiall(void)
{
	struct gp_plug *p;

	for (p = plugs; p != NULL; p = p->next)
		if (p->inited && p->d->fini != NULL) {
			p->inited = 0;
			p->d->fini(p->ctx);
		}
}

/* Is this record type's claim sound?  NULL, or what is wrong. */
static const char *
checkrecord(const struct gp_recordtype *rt, char *buf, size_t bufsz)
{
	struct gp_plug *q;
	size_t i, j;

	if (rt->decode == NULL || rt->encode == NULL)
		return "record type without decode or encode";
	if (rt->tags == NULL || rt->ntags == 0)
		return "record type claims no tag";
	if (rt->kinds == NULL || rt->kinds[0] == NULL)
		return "record type makes no stream kind";
	for (i = 0; i < rt->ntags; i++) {
		if (rt->tags[i] <= 2) {
			snprintf(buf, bufsz, "claims tag %u, which is built in",
			    rt->tags[i]);
			return buf;
		}
		for (q = plugs; q != NULL; q = q->next)
			if (q->d->record != NULL)
				for (j = 0; j < q->d->record->ntags; j++)
					if (q->d->record->tags[j] ==
					    rt->tags[i]) {
						snprintf(buf, bufsz, "claims tag "
						    "%u, already claimed by %s",
						    rt->tags[i], q->path);
						return buf;
					}
	}
	for (i = 0; rt->kinds[i] != NULL; i++) {
		if (!validkind(rt->kinds[i])) {
			snprintf(buf, bufsz, "bad stream kind \"%.64s\"",
			    rt->kinds[i]);
			return buf;
		}
		if (gp_kind_layer(rt->kinds[i]) != 0 ||
		    strcmp(rt->kinds[i], "gp-stream") == 0) {
			snprintf(buf, bufsz, "claims stream kind \"%s\", which "
			    "is built in", rt->kinds[i]);
			return buf;
		}
		if (claimed(rt->kinds[i])) {
			snprintf(buf, bufsz, "claims stream kind \"%s\", which "
			    "another plugin makes", rt->kinds[i]);
			return buf;
		}
	}
	return NULL;
}

/* The size of the symbol at addr from the ELF symbol table, or 0. */
static size_t
symsize(const void *addr)
{
	const ElfW(Sym) *sym;
	Dl_info info;
	void *extra = NULL;

	if (dladdr1(addr, &info, &extra, RTLD_DL_SYMENT) == 0 ||
	    extra == NULL)
		return 0;
	sym = extra;
	return sym->st_size;
}

/*
 * Load the plugin in `path', expected to be called `name'.  Everything
 * about the descriptor is checked before any of its code runs.  On
 * refusal print why, naming the file, and return NULL.
 */
struct gp_plug *
gp_plug_load(const char *path, const char *name)
{
	const struct gp_plugin *d;
	struct gp_plug *p;
	const char *why;
	char buf[512];
	size_t symsz;
	void *h;

	for (p = plugs; p != NULL; p = p->next)
		if (strcmp(p->path, path) == 0)
			return p;

	/* dlopen wants a slash to take the name as a path. */
	if (strchr(path, '/') == NULL) {
		warnx("%s: plugin refused: not a path", path);
		return NULL;
	}
	if ((h = dlopen(path, RTLD_NOW | RTLD_LOCAL)) == NULL) {
		why = dlerror();
		/* dlerror() names the file first; so do we. */
		if (strncmp(why, path, strlen(path)) == 0 &&
		    strncmp(why + strlen(path), ": ", 2) == 0)
			why += strlen(path) + 2;
		warnx("%s: plugin refused: cannot load: %s", path, why);
		return NULL;
	}
	/* Never dlclose: the plugin's libraries may not survive it. */
	d = dlsym(h, GP_PLUGIN_SYMBOL);
	why = NULL;
	if (d == NULL)
		why = "not a gptools plugin: no \"" GP_PLUGIN_SYMBOL
		    "\" descriptor";
	else if ((symsz = symsize(d)) != 0 && symsz < HEAD_MIN) {
		/* Too small to read even its version. */
		snprintf(buf, sizeof(buf), "not a gptools plugin: its \""
		    GP_PLUGIN_SYMBOL "\" is %zu bytes", symsz);
		why = buf;
	} else if (d->magic != GP_PLUGIN_MAGIC)
		why = "not a gptools plugin: bad magic number in its "
		    "descriptor";
	else if (d->abi_major != GP_PLUGIN_ABI_MAJOR ||
	    d->abi_minor > GP_PLUGIN_ABI_MINOR) {
		snprintf(buf, sizeof(buf), "built for plugin ABI %u.%u, "
		    "%s has ABI %d.%d: rebuild it against this <gp/plugin.h>",
		    d->abi_major, d->abi_minor, progname(),
		    GP_PLUGIN_ABI_MAJOR, GP_PLUGIN_ABI_MINOR);
		why = buf;
	} else if (d->size < DESC_MIN || (symsz != 0 && symsz < d->size)) {
		snprintf(buf, sizeof(buf), "descriptor of %u bytes, ABI "
		    "%d.%d needs %zu", d->size, d->abi_major, d->abi_minor,
		    (size_t)DESC_MIN);
		why = buf;
	} else if (!gp_plug_validname(d->name))
		why = "descriptor has no valid name (lower-case letters, "
		    "digits, '-', '_')";
	else if (strcmp(d->name, name) != 0) {
		snprintf(buf, sizeof(buf), "plugin calls itself \"%s\", "
		    "but its file is named for \"%s\"", d->name, name);
		why = buf;
	} else if (d->format == NULL && d->record == NULL &&
	    d->collector == NULL && GP_PLUG_INPUT(d) == NULL)
		why = "provides no format, record type, collector or input "
		    "format";
	else if (GP_PLUG_INPUT(d) != NULL && (d->input->match == NULL ||
	    d->input->read == NULL))
		why = "input format without match and read functions";
	else if (d->format != NULL && d->format->write == NULL)
		why = "format without a write function";
	else if (d->record != NULL)
		why = checkrecord(d->record, buf, sizeof(buf));
	if (why != NULL) {
		warnx("%s: plugin refused: %s", path, why);
		return NULL;
	}

	if ((p = calloc(1, sizeof(*p))) == NULL ||
	    (p->path = strdup(path)) == NULL ||
	    (p->name = strdup(name)) == NULL)
		err(1, NULL);
	p->d = d;
	p->ctx = gp_plug_newctx(p);
	gp_plughost.progname = progname();
	if (d->init != NULL && (d->init(p->ctx, &gp_plughost) != 0 ||
	    p->ctx->failed)) {
		warnx("%s: plugin refused: its init failed", path);
		free(p->path);
		free(p->name);
		free(p->ctx);
		free(p);
		return NULL;
	}
	p->inited = 1;
	/* Append, so listings and claims follow the search order. */
	if (plugs == NULL)
		plugs = p;
	else {
		struct gp_plug *q;

		for (q = plugs; q->next != NULL; q = q->next)
			continue;
		q->next = p;
	}
	if (!finiset) {
		finiset = 1;
		atexit(finiall);
	}
	return p;
}

/*
 * The first file of that name in the search path, or NULL; *idx is the
 * index of its directory.
 */
char *
gp_plug_find(const char *name, size_t *idx)
{
	char *path;
	size_t i;

	setdirs();
	for (i = 0; i < ndirs; i++) {
		if (asprintf(&path, "%s/%s.so", dirs[i], name) == -1)
			err(1, NULL);
		if (access(path, F_OK) == 0) {
			if (idx != NULL)
				*idx = i;
			return path;
		}
		free(path);
	}
	return NULL;
}

static int
namecmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Load every plugin in the search path, skipping names already seen;
 * refusals are reported and skipped.  Returns the number refused.
 */
static int
loadall(void)
{
	static int nrefused;
	struct dirent *de;
	char **names, *path, *name;
	size_t i, j, k, n, cap, len;
	DIR *dp;

	if (scanned)
		return nrefused;
	scanned = 1;
	setdirs();
	for (i = 0; i < ndirs; i++) {
		if ((dp = opendir(dirs[i])) == NULL)
			continue;
		names = NULL;
		n = cap = 0;
		while ((de = readdir(dp)) != NULL) {
			len = strlen(de->d_name);
			if (len <= 3 || strcmp(de->d_name + len - 3, ".so") != 0)
				continue;
			if (n == cap) {
				cap = cap ? cap * 2 : 16;
				names = reallocarray(names, cap,
				    sizeof(*names));
				if (names == NULL)
					err(1, NULL);
			}
			if ((names[n++] = strndup(de->d_name, len - 3)) ==
			    NULL)
				err(1, NULL);
		}
		closedir(dp);
		gp_sort(names, n, sizeof(*names), namecmp);
		for (j = 0; j < n; j++) {
			name = names[j];
			/* The first file of a name wins. */
			path = gp_plug_find(name, &k);
			if (path != NULL && k == i && gp_plug_load(path, name) == NULL)
				nrefused++;
			free(path);
			free(name);
		}
		free(names);
	}
	return nrefused;
}

struct gp_plug *
gp_plug_all(void)
{
	loadall();
	return plugs;
}

const char *
gp_plug_name(const struct gp_plug *p)
{
	return p->name;
}

const char *
gp_plug_path(const struct gp_plug *p)
{
	return p->path;
}

/* ------------------------------------------------------------------ */
/* Services.                                                           */

static void
vmsg(struct gp_ctx *c, const char *what, const char *fmt, va_list ap)
{
	char msg[1024];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (c != NULL && c->quiet) {
		if (*what == '\0' && c->why != NULL && c->why[0] == '\0')
			snprintf(c->why, c->whysz, "record tag %u (plugin "
			    "%s): %s", c->tag, c->plug->name, msg);
		return;
	}
	if (c == NULL)
		warnx("plugin: %s%s", what, msg);
	else if (c->reading)
		warnx("%s: %s (plugin %s)", c->inname, msg, c->plug->name);
	else if (c->decoding)
		warnx("%s: byte %ju: record tag %u (plugin %s): %s%s",
		    c->inname, (uintmax_t)(c->off + c->pos), c->tag,
		    c->plug->name, what, msg);
	else
		warnx("%s: %s%s", c->plug->name, what, msg);
}

void
gp_plug_warn(struct gp_ctx *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(c, "warning: ", fmt, ap);
	va_end(ap);
}

void
gp_plug_error(struct gp_ctx *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(c, "", fmt, ap);
	va_end(ap);
	if (c != NULL)
		c->failed = 1;
}

static size_t
s_get(struct gp_ctx *c, void *buf, size_t n)
{
	if (c == NULL || !c->decoding)
		return 0;
	if (n > c->len - c->pos)
		n = c->len - c->pos;
	memcpy(buf, c->buf + c->pos, n);
	c->pos += n;
	return n;
}

/* Are emit()'s fields bad?  Then say so. */
static int
badfields(struct gp_ctx *c, int nf, const char *const *f)
{
	int i;

	if (nf < 0 || nf > 1000000 || (nf > 0 && f == NULL)) {
		gp_plug_error(c, "emit(): bad field count %d", nf);
		return 1;
	}
	for (i = 0; i < nf; i++)
		if (f[i] == NULL) {
			gp_plug_error(c, "emit(): field %d is NULL", i + 1);
			return 1;
		}
	return 0;
}

/* emit() in an input format's read(): the record goes to the writer. */
static void
emitread(struct gp_ctx *c, const char *kind, int nf, const char *const *f)
{
	int i;

	if (c->failed)
		return;
	if (!validkind(kind) || strcmp(kind, GP_STREAM_MAGIC) == 0) {
		gp_plug_error(c, "emit(): \"%s\" is not a record kind",
		    kind ? kind : "(null)");
		return;
	}
	if (badfields(c, nf, f))
		return;
	gp_wkind(c->w, kind);
	for (i = 0; i < nf; i++)
		gp_wstr(c->w, f[i]);
	gp_weol(c->w);
}

static void
s_emit(struct gp_ctx *c, const char *kind, int nf, const char *const *f)
{
	const struct gp_recordtype *rt;
	size_t i;
	int k;

	if (c != NULL && c->reading) {
		emitread(c, kind, nf, f);
		return;
	}
	if (c == NULL || !c->decoding) {
		gp_plug_error(c, "emit() called outside decode() or read()");
		return;
	}
	rt = c->plug->d->record;
	for (i = 0; kind != NULL && rt->kinds[i] != NULL; i++)
		if (strcmp(rt->kinds[i], kind) == 0)
			break;
	if (kind == NULL || rt->kinds[i] == NULL) {
		gp_plug_error(c, "emit(): kind \"%s\" is not one of its kinds",
		    kind ? kind : "(null)");
		return;
	}
	if (badfields(c, nf, f))
		return;
	if (c->nemit++ > 0) {
		gp_plug_error(c, "emit(): a record's decode() emits one stream "
		    "record, not several");
		return;
	}
	if ((c->kind = strdup(kind)) == NULL ||
	    (c->fields = calloc(nf + 1, sizeof(*c->fields))) == NULL)
		err(1, NULL);
	for (k = 0; k < nf; k++)
		if ((c->fields[k] = strdup(f[k])) == NULL)
			err(1, NULL);
	c->nf = nf;
}

static int
s_put(struct gp_ctx *c, const void *buf, size_t n)
{
	if (c == NULL || !c->encoding) {
		gp_plug_error(c, "put() called outside encode()");
		return -1;
	}
	if (n > c->ocap - c->olen) {
		c->ocap = c->olen + n > 2 * c->ocap ? c->olen + n :
		    2 * c->ocap;
		if ((c->obuf = realloc(c->obuf, c->ocap)) == NULL)
			err(1, NULL);
	}
	memcpy(c->obuf + c->olen, buf, n);
	c->olen += n;
	return 0;
}

/*
 * Options of output formats and input formats: NAME,KEY[=VALUE],... as
 * gp_plug_options() parsed them into the context.
 */
static const char *
s_option(struct gp_ctx *c, const char *key)
{
	size_t i;

	if (c == NULL || key == NULL)
		return NULL;
	for (i = c->nopt; i-- > 0;)
		if (strcmp(c->optk[i], key) == 0)
			return c->optv[i];
	return NULL;
}

static int
s_optnum(struct gp_ctx *c, const char *key, double min, double max,
    double *v)
{
	const char *s;
	double d;

	if ((s = s_option(c, key)) == NULL)
		return 0;
	if (gp_parsedbl(s, &d) == -1 || !isfinite(d)) {
		gp_plug_error(c, "option %s: \"%s\" is not a number", key, s);
		return -1;
	}
	if (d < min || d > max) {
		gp_plug_error(c, "option %s: %s is not between %g and %g", key, s,
		    min, max);
		return -1;
	}
	*v = d;
	return 1;
}

int
gp_plug_options(struct gp_ctx *c, const char *what, const char *flag,
    const struct gp_option *opts, char *s)
{
	const struct gp_option *o;
	const char *name = c->plug->name;
	char *kv, *eq;
	int help = 0;

	while ((kv = strsep(&s, ",")) != NULL) {
		if (*kv == '\0')
			continue;
		if ((eq = strchr(kv, '=')) != NULL)
			*eq++ = '\0';
		if (strcmp(kv, "help") == 0) {
			help = 1;
			continue;
		}
		for (o = opts; o != NULL && o->key != NULL; o++)
			if (strcmp(o->key, kv) == 0)
				break;
		if (o == NULL || o->key == NULL)
			errx(1, "%s %s: unknown option \"%s\" (%s %s %s,help "
			    "lists them)", what, name, kv,
			    program_invocation_short_name, flag, name);
		if (o->arg != NULL && eq == NULL)
			errx(1, "%s %s: option %s needs a value: %s=%s",
			    what, name, kv, kv, o->arg);
		if (o->arg == NULL && eq != NULL)
			errx(1, "%s %s: option %s takes no value", what, name,
			    kv);
		c->optk = reallocarray(c->optk, c->nopt + 1, sizeof(char *));
		c->optv = reallocarray(c->optv, c->nopt + 1, sizeof(char *));
		if (c->optk == NULL || c->optv == NULL)
			err(1, NULL);
		c->optk[c->nopt] = kv;
		c->optv[c->nopt++] = eq != NULL ? eq : kv + strlen(kv);
	}
	return help;
}

void
gp_plug_opthelp(const struct gp_plug *p, const char *flag,
    const struct gp_option *o, FILE *fp)
{
	char key[64];

	fprintf(fp, "%s: %s\n", p->name, p->d->desc ? p->d->desc : "");
	fprintf(fp, "file: %s\n", p->path);
	if (o == NULL || o->key == NULL) {
		fprintf(fp, "no options\n");
		return;
	}
	fprintf(fp, "options (%s %s,KEY=VALUE,...):\n", flag, p->name);
	for (; o->key != NULL; o++) {
		snprintf(key, sizeof(key), "%s%s%s", o->key, o->arg ? "=" : "",
		    o->arg ? o->arg : "");
		fprintf(fp, "  %-24s %s\n", key, o->help ? o->help : "");
	}
}

static int
s_nogmon_write(struct gp_ctx *c, FILE *out, int layout, int width,
    int bigendian)
{
	(void)out;
	(void)layout;
	(void)width;
	(void)bigendian;
	gp_plug_error(c, "gmon_write() called outside a format's write()");
	return -1;
}

/* reserve() is the profiling runtime's: the tools have no companion file. */
static void *
s_noreserve(struct gp_ctx *c, uint32_t thread, uint32_t kind, size_t n)
{
	(void)c;
	(void)thread;
	(void)kind;
	(void)n;
	return NULL;
}

struct gp_host gp_plughost = {
	.abi_major = GP_PLUGIN_ABI_MAJOR,
	.abi_minor = GP_PLUGIN_ABI_MINOR,
	.size = sizeof(struct gp_host),
	.progname = NULL,		/* set in gp_plug_load() */
	.warn = gp_plug_warn,
	.error = gp_plug_error,
	.option = s_option,
	.optnum = s_optnum,
	.get = s_get,
	.emit = s_emit,
	.put = s_put,
	.gmon_write = s_nogmon_write,
	.reserve = s_noreserve,
};

/* ------------------------------------------------------------------ */
/* Record types.                                                       */

struct gp_plug *
gp_record_find(unsigned tag)
{
	struct gp_plug *p;
	size_t i;

	loadall();
	for (p = plugs; p != NULL; p = p->next)
		if (p->d->record != NULL)
			for (i = 0; i < p->d->record->ntags; i++)
				if (p->d->record->tags[i] == tag)
					return p;
	return NULL;
}

int
gp_record_kind(const char *kind)
{
	loadall();
	if (claimed(kind))
		return 1;
	if (nunclaimed++ == 0 && (unclaimed = strdup(kind)) == NULL)
		err(1, NULL);
	return 0;
}

/* Does a plugin loaded so far make records of that kind? */
static int
claimed(const char *kind)
{
	const struct gp_plug *p;
	size_t i;

	for (p = plugs; p != NULL; p = p->next)
		if (p->d->record != NULL)
			for (i = 0; p->d->record->kinds[i] != NULL; i++)
				if (strcmp(p->d->record->kinds[i], kind) == 0)
					return 1;
	return 0;
}

static struct gp_plug *
kindplug(const char *kind)
{
	struct gp_plug *p;
	size_t i;

	loadall();
	for (p = plugs; p != NULL; p = p->next)
		if (p->d->record != NULL)
			for (i = 0; p->d->record->kinds[i] != NULL; i++)
				if (strcmp(p->d->record->kinds[i], kind) == 0)
					return p;
	return NULL;
}

static void
pfile(struct gp_pfile *pf, int width, int bigendian)
{
	memset(pf, 0, sizeof(*pf));
	pf->layout = GP_LAYOUT_GNU;
	pf->width = width;
	pf->bigendian = bigendian;
	pf->version = 1;
}

static void
uncapture(struct gp_ctx *c)
{
	int i;

	for (i = 0; i < c->nf; i++)
		free(c->fields[i]);
	free(c->fields);
	free(c->kind);
	c->fields = NULL;
	c->kind = NULL;
	c->nf = c->nemit = 0;
}

/*
 * Run the decoder of p on a body: 0 if it took it and emitted its
 * record (captured in c), -1 if it failed (reported unless c->quiet).
 */
static int
decode(struct gp_ctx *c, struct gp_plug *p, unsigned tag,
    const unsigned char *buf, size_t len, int width, int bigendian)
{
	struct gp_pfile pf;
	int rv;

	c->plug = p;
	c->buf = buf;
	c->len = len;
	if (c->inname == NULL)
		c->inname = "<profile>";
	c->tag = tag;
	c->decoding = 1;
	pfile(&pf, width, bigendian);
	rv = p->d->record->decode(c, tag, &pf);
	c->decoding = 0;
	if (rv != 0 || c->failed) {
		if (!c->failed)
			gp_plug_error(c, "its decode() failed");
		uncapture(c);
		return -1;
	}
	if (c->nemit != 1) {
		gp_plug_error(c, "decode() emitted no stream record");
		return -1;
	}
	return 0;
}

long
gp_record_measure(struct gp_plug *p, unsigned tag, const unsigned char *buf,
    size_t avail, int width, int bigendian, char *why, size_t whysz)
{
	struct gp_ctx c;

	memset(&c, 0, sizeof(c));
	c.quiet = 1;
	c.why = why;
	c.whysz = whysz;
	if (whysz > 0)
		why[0] = '\0';
	if (decode(&c, p, tag, buf, avail, width, bigendian) == -1)
		return -1;
	uncapture(&c);
	return (long)c.pos;
}

int
gp_record_emit(struct gp_writer *w, unsigned tag, const unsigned char *body,
    size_t len, int width, int bigendian)
{
	struct gp_plug *p;
	struct gp_ctx c;
	char why[256];
	int i;

	if ((p = gp_record_find(tag)) == NULL)
		return 0;
	/* Quietly: bytes that are not one record stay opaque. */
	memset(&c, 0, sizeof(c));
	c.quiet = 1;
	c.why = why;
	c.whysz = sizeof(why);
	if (decode(&c, p, tag, body, len, width, bigendian) == -1)
		return 0;
	if (c.pos != len) {
		uncapture(&c);
		return 0;
	}
	gp_wkind(w, c.kind);
	for (i = 0; i < c.nf; i++)
		gp_wstr(w, c.fields[i]);
	gp_weol(w);
	uncapture(&c);
	return 1;
}

void
gp_record_encode(const struct gp_rec *rec, int width, int bigendian,
    unsigned *tagp, unsigned char **bodyp, size_t *lenp)
{
	struct gp_pfile pf;
	struct gp_plug *p;
	struct gp_ctx c;
	char **fields;
	size_t i;
	int k, rv;

	if ((p = kindplug(rec->f[0])) == NULL)
		gp_recerr(rec, "no plugin makes records of this kind");
	if ((fields = calloc(rec->nf + 1, sizeof(*fields))) == NULL)
		err(1, NULL);
	for (k = 0; k < rec->nf; k++)
		fields[k] = k == 0 ? rec->f[0] : gp_fstr(rec, k);
	memset(&c, 0, sizeof(c));
	c.plug = p;
	c.encoding = 1;
	pfile(&pf, width, bigendian);
	rv = p->d->record->encode(&c, &pf, rec->nf,
	    (const char *const *)fields);
	c.encoding = 0;
	for (k = 1; k < rec->nf; k++)
		free(fields[k]);
	free(fields);
	if (rv != 0 || c.failed)
		gp_recerr(rec, "plugin %s (%s) could not encode the record",
		    p->name, p->path);
	if (c.olen == 0)
		gp_recerr(rec, "plugin %s wrote no bytes for the record",
		    p->name);
	for (i = 0; i < p->d->record->ntags; i++)
		if (p->d->record->tags[i] == c.obuf[0])
			break;
	if (i == p->d->record->ntags)
		gp_recerr(rec, "plugin %s wrote tag %u, which it does not "
		    "claim", p->name, c.obuf[0]);
	*tagp = c.obuf[0];
	*lenp = c.olen - 1;
	if ((*bodyp = malloc(c.olen)) == NULL)
		err(1, NULL);
	memcpy(*bodyp, c.obuf + 1, c.olen - 1);
	free(c.obuf);
}

size_t
gp_record_unclaimed(const char **first)
{
	*first = unclaimed;
	return nunclaimed;
}
