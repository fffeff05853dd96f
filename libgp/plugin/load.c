/*
 * The plugin loader: finding, loading and checking plugins, and the
 * services every plugin gets.  See load.h and gp-plugin(3).  Nothing here
 * knows the profile: the output formats are format.c's, above.
 */
#include <sys/stat.h>

#include <ctype.h>
#include <dirent.h>
#include <dlfcn.h>
#include <link.h>
#include <err.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "plugin/load.h"
#include "plugin/record.h"
#include "plugin/search.h"

#ifndef GP_PLUGINDIR
#define GP_PLUGINDIR	"/usr/local/lib/gptools"
#endif
#ifndef GP_BINDIR
#define GP_BINDIR	"/usr/local/bin"
#endif

/* The bytes of a structure up to and with a field. */
#define THROUGH(type, field)						\
	(offsetof(type, field) + sizeof(((type *)0)->field))

/*
 * The structures of ABI 1.0 (<gp/abi.h>): a plugin's are at least this
 * large; the fields added since are read when it has them.
 */
#define HEAD_MIN	THROUGH(struct gp_plugin, size)
#define DESC_MIN	THROUGH(struct gp_plugin, collector)
#define FORMAT_MIN	THROUGH(struct gp_format, write)
#define INPUT_MIN	THROUGH(struct gp_inputfmt, read)
#define RECORD_MIN	THROUGH(struct gp_recordtype, encode)

static struct gp_plug	*plugs;		/* loaded, in load order */
static int		 scanned;	/* every directory was scanned */
static const char	**dirs;
static size_t		 ndirs;
static int		 finiset;

#define progname()	program_invocation_short_name

static const char *s_option(struct gp_ctx *, const char *);
static int	s_optnum(struct gp_ctx *, const char *, double, double,
		    double *);

/* ------------------------------------------------------------------ */
/* Where plugins come from.                                            */

static int
isdir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
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
	if (n > 0 && (rel = gp_relpath(GP_BINDIR, GP_PLUGINDIR)) != NULL) {
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

/*
 * The installed directory, then GP_PLUGIN_PATH's (search.h: absolute
 * paths only, each other entry warned about once).
 */
static void
setdirs(void)
{
	struct gp_search s;
	char dir[PATH_MAX], why[512];
	size_t cap;
	int r;

	if (dirs != NULL)
		return;
	cap = 4;
	if ((dirs = calloc(cap, sizeof(*dirs))) == NULL)
		err(1, NULL);
	dirs[ndirs++] = installed_dir();
	gp_search_start(&s, getenv("GP_PLUGIN_PATH"));
	while ((r = gp_search_next(&s, dir, sizeof(dir), why,
	    sizeof(why))) != 0) {
		if (r == -1) {
			warnx("GP_PLUGIN_PATH: %s", why);
			continue;
		}
		if (ndirs == cap) {
			cap *= 2;
			if ((dirs = reallocarray(dirs, cap, sizeof(*dirs))) ==
			    NULL)
				err(1, NULL);
		}
		if ((dirs[ndirs++] = strdup(dir)) == NULL)
			err(1, NULL);
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
	return s != NULL && gp_search_name(s, strlen(s));
}

int
gp_plug_validkind(const char *s)
{
	if (s == NULL || *s == '\0' || strlen(s) > 64)
		return 0;
	for (; *s != '\0'; s++)
		if (!islower((unsigned char)*s) && !isdigit((unsigned char)*s) &&
		    *s != '-')
			return 0;
	return 1;
}

static void
finiall(void)
{
	struct gp_plug *p;

	for (p = plugs; p != NULL; p = p->next)
		if (p->inited && p->d.fini != NULL) {
			p->inited = 0;
			p->d.fini(&p->ctx);
		}
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
 * Take a structure of the plugin d (src, size bytes as its size field
 * says) as this host knows it: into dst, dsz bytes, the fields the
 * plugin lacks zero.  NULL, or why not: it is smaller than ABI 1.0's
 * (min), or sets a field added after this host's ABI (one the host
 * would ignore).  what names the structure in the message.
 */
static const char *
take(void *dst, size_t dsz, size_t min, const void *src, uint32_t size,
    const struct gp_plugin *d, const char *what, char *buf, size_t bufsz)
{
	const unsigned char *b = src;
	size_t i;

	if (size < min) {
		snprintf(buf, bufsz, "its %s is %u bytes, less than ABI "
		    "1.0's %zu: its size is not set (.size = sizeof(%s))",
		    what, size, min, what);
		return buf;
	}
	for (i = dsz; i < size; i++)
		if (b[i] != 0) {
			snprintf(buf, bufsz, "built for plugin ABI %u.%u, it "
			    "sets a field of %s that %s (ABI %d.%d) does not "
			    "have", d->abi_major, d->abi_minor, what,
			    progname(), GP_PLUGIN_ABI_MAJOR,
			    GP_PLUGIN_ABI_MINOR);
			return buf;
		}
	memset(dst, 0, dsz);
	memcpy(dst, src, size < dsz ? size : dsz);
	return NULL;
}

/*
 * Is the descriptor at d (symsz bytes, 0 if unknown) one this host can
 * read?  NULL, or why not.  Nothing of it is read beyond its header
 * until its magic number and ABI say that it is one.
 */
static const char *
checkdesc(const struct gp_plugin *d, size_t symsz, char *buf, size_t bufsz)
{
	if (d == NULL)
		return "not a gptools plugin: no \"" GP_PLUGIN_SYMBOL
		    "\" descriptor";
	if (symsz != 0 && symsz < HEAD_MIN) {
		/* Too small to read even its version. */
		snprintf(buf, bufsz, "not a gptools plugin: its \""
		    GP_PLUGIN_SYMBOL "\" is %zu bytes", symsz);
		return buf;
	}
	if (d->magic != GP_PLUGIN_MAGIC)
		return "not a gptools plugin: bad magic number in its "
		    "descriptor";
	/* Any minor of the major: the sizes tell what is there. */
	if (d->abi_major != GP_PLUGIN_ABI_MAJOR) {
		snprintf(buf, bufsz, "built for plugin ABI %u.%u, %s has ABI "
		    "%d.%d: rebuild it against %s's headers", d->abi_major,
		    d->abi_minor, progname(), GP_PLUGIN_ABI_MAJOR,
		    GP_PLUGIN_ABI_MINOR, progname());
		return buf;
	}
	if (symsz != 0 && symsz < d->size) {
		snprintf(buf, bufsz, "descriptor of %u bytes in a symbol of "
		    "%zu", d->size, symsz);
		return buf;
	}
	return NULL;
}

/* The plugin's kinds, checked, into p; NULL, or what is wrong. */
static const char *
takekinds(struct gp_plug *p, const struct gp_plugin *d, char *buf,
    size_t bufsz)
{
	const char *why;

	if (p->d.format == NULL && p->d.input == NULL &&
	    p->d.record == NULL && p->d.collector == NULL)
		return "provides no format, record type, collector or input "
		    "format";
	if (p->d.format != NULL) {
		if ((why = take(&p->fmt, sizeof(p->fmt), FORMAT_MIN,
		    p->d.format, p->d.format->size, d, "struct gp_format",
		    buf, bufsz)) != NULL)
			return why;
		if (p->fmt.write == NULL)
			return "format without a write function";
		p->format = &p->fmt;
	}
	if (p->d.input != NULL) {
		if ((why = take(&p->inp, sizeof(p->inp), INPUT_MIN,
		    p->d.input, p->d.input->size, d, "struct gp_inputfmt",
		    buf, bufsz)) != NULL)
			return why;
		if (p->inp.match == NULL || p->inp.read == NULL)
			return "input format without match and read functions";
		p->input = &p->inp;
	}
	if (p->d.record != NULL) {
		if ((why = take(&p->rec, sizeof(p->rec), RECORD_MIN,
		    p->d.record, p->d.record->size, d, "struct gp_recordtype",
		    buf, bufsz)) != NULL)
			return why;
		if ((why = gp_record_check(&p->rec, buf, bufsz)) != NULL)
			return why;
		p->record = &p->rec;
	}
	/* A collector is the profiling runtime's: listed, never run. */
	return NULL;
}

/*
 * The services of output formats.  gmon_write() needs the profile: the
 * layer above hands it in with the context of each write().
 */
static int
s_gmon_write(struct gp_ctx *c, FILE *out, int layout, int width,
    int bigendian)
{
	struct gp_writectx *wc;

	if (c == NULL || c->kind != GP_CTX_WRITE) {
		gp_plug_error(c, "gmon_write() called outside a format's "
		    "write()");
		return -1;
	}
	wc = (struct gp_writectx *)c;
	return wc->gmon_write(wc, out, layout, width, bigendian);
}

static const struct gp_format_host formathost = {
	.size = sizeof(struct gp_format_host),
	.gmon_write = s_gmon_write,
};

/*
 * The services a plugin gets: the common ones, and those of each kind it
 * provides that the tools run.
 */
static void
sethost(struct gp_plug *p)
{
	p->host.size = sizeof(p->host);
	p->host.abi_major = GP_PLUGIN_ABI_MAJOR;
	p->host.abi_minor = GP_PLUGIN_ABI_MINOR;
	p->host.progname = progname();
	p->host.warn = gp_plug_warn;
	p->host.error = gp_plug_error;
	p->host.option = s_option;
	p->host.optnum = s_optnum;
	p->host.format = p->format != NULL ? &formathost : NULL;
	p->host.input = p->input != NULL ? &gp_input_services : NULL;
	p->host.record = p->record != NULL ? &gp_record_services : NULL;
	p->host.collector = NULL;
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
	if ((p = calloc(1, sizeof(*p))) == NULL)
		err(1, NULL);
	if ((why = checkdesc(d, d != NULL ? symsize(d) : 0, buf,
	    sizeof(buf))) == NULL &&
	    (why = take(&p->d, sizeof(p->d), DESC_MIN, d, d->size, d,
	    "struct gp_plugin", buf, sizeof(buf))) == NULL) {
		if (!gp_plug_validname(p->d.name))
			why = "descriptor has no valid name (lower-case "
			    "letters, digits, '-', '_')";
		else if (strcmp(p->d.name, name) != 0) {
			snprintf(buf, sizeof(buf), "plugin calls itself "
			    "\"%s\", but its file is named for \"%s\"",
			    p->d.name, name);
			why = buf;
		} else
			why = takekinds(p, d, buf, sizeof(buf));
	}
	if (why != NULL) {
		warnx("%s: plugin refused: %s", path, why);
		free(p);
		return NULL;
	}

	if ((p->path = strdup(path)) == NULL ||
	    (p->name = strdup(name)) == NULL)
		err(1, NULL);
	sethost(p);
	p->ctx.kind = GP_CTX_PLUGIN;
	p->ctx.plug = p;
	if (p->d.init != NULL && (p->d.init(&p->ctx, &p->host) != 0 ||
	    p->ctx.failed)) {
		warnx("%s: plugin refused: its init failed", path);
		free(p->path);
		free(p->name);
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
			names = gp_xgrow(names, &cap, n, 16, sizeof(*names));
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

struct gp_plug *
gp_plug_loaded(void)
{
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
/* The services every plugin gets.                                     */

static void
vmsg(struct gp_ctx *c, const char *what, const char *fmt, va_list ap)
{
	const struct gp_decodectx *dc;
	const struct gp_readctx *rc;
	char msg[1024];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (c == NULL) {
		warnx("plugin: %s%s", what, msg);
		return;
	}
	switch (c->kind) {
	case GP_CTX_DECODE:
		dc = (const struct gp_decodectx *)c;
		if (dc->quiet) {
			if (*what == '\0' && dc->why != NULL &&
			    dc->why[0] == '\0')
				snprintf(dc->why, dc->whysz, "record tag %u "
				    "(plugin %s): %s", dc->tag, c->plug->name,
				    msg);
			return;
		}
		warnx("%s: byte %ju: record tag %u (plugin %s): %s%s",
		    dc->inname, (uintmax_t)(dc->off + dc->pos), dc->tag,
		    c->plug->name, what, msg);
		break;
	case GP_CTX_READ:
		rc = (const struct gp_readctx *)c;
		warnx("%s: %s (plugin %s)", rc->inname, msg, c->plug->name);
		break;
	default:
		warnx("%s: %s%s", c->plug->name, what, msg);
		break;
	}
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

/*
 * Options of output formats and input formats: NAME,KEY[=VALUE],... as
 * gp_plug_options() parsed them into the plugin; a record type's
 * contexts see none.
 */
static const char *
s_option(struct gp_ctx *c, const char *key)
{
	const struct gp_plug *p;
	size_t i;

	if (c == NULL || key == NULL || c->kind == GP_CTX_DECODE ||
	    c->kind == GP_CTX_ENCODE)
		return NULL;
	p = c->plug;
	for (i = p->nopt; i-- > 0;)
		if (strcmp(p->optk[i], key) == 0)
			return p->optv[i];
	return NULL;
}

static int
s_optnum(struct gp_ctx *c, const char *key, double min, double max,
    double *v)
{
	const char *s;
	char name[128], why[512];

	if ((s = s_option(c, key)) == NULL)
		return 0;
	snprintf(name, sizeof(name), "option %s", key);
	if (gp_search_num(name, s, min, max, v, why, sizeof(why)) == -1) {
		gp_plug_error(c, "%s", why);
		return -1;
	}
	return 1;
}

/* The end of a listing on stdout: flushed, exit 0. */
static void
outdone(void)
{
	if (fflush(stdout) == EOF)
		err(1, "stdout");
	exit(0);
}

char *
gp_plug_spec(const char *spec, char **opts, void (*list)(FILE *))
{
	char *s, *name;

	if ((s = strdup(spec)) == NULL)
		err(1, NULL);
	name = strsep(&s, ",");
	if (strcmp(name, "list") == 0 && s == NULL) {
		free(name);
		list(stdout);
		outdone();
	}
	*opts = s;
	return name;
}

void
gp_plug_options(struct gp_plug *p, const char *what, const char *flag,
    const struct gp_option *opts, char *spec, char *s)
{
	const struct gp_option *o;
	const char *name = p->name;
	char *kv, *eq;
	int help = 0;

	free(p->optk);
	free(p->optv);
	free(p->spec);
	p->optk = p->optv = NULL;
	p->nopt = 0;
	p->spec = spec;
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
		p->optk = reallocarray(p->optk, p->nopt + 1, sizeof(char *));
		p->optv = reallocarray(p->optv, p->nopt + 1, sizeof(char *));
		if (p->optk == NULL || p->optv == NULL)
			err(1, NULL);
		p->optk[p->nopt] = kv;
		p->optv[p->nopt++] = eq != NULL ? eq : kv + strlen(kv);
	}
	if (help) {
		gp_plug_opthelp(p, flag, opts, stdout);
		outdone();
	}
}

void
gp_plug_opthelp(const struct gp_plug *p, const char *flag,
    const struct gp_option *o, FILE *fp)
{
	char key[64];

	fprintf(fp, "%s: %s\n", p->name, p->d.desc ? p->d.desc : "");
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

