/*
 * The plugin loader (<gp/abi.h>, gp-plugin(3)): finding, loading and
 * checking plugins, and the services every plugin gets (messages,
 * options).  It sits below the stream's layers: it knows the stream and
 * the kinds of records, nothing of the profile.  Each kind's services
 * and entry points are in the kind's file: record types in record.c and
 * input formats in input.c, beside this one; output formats in
 * format.c, above, since they need the profile.
 *
 * Plugins come from the installed plugin directory (../lib/gptools
 * relative to the running executable, else GP_PLUGINDIR), then from the
 * directories in $GP_PLUGIN_PATH, in that order; never from the current
 * directory unless the user names it.  A plugin's name is its file name
 * without ".so"; the first file of a name wins.
 */
#ifndef GP_PLUGLOAD_H
#define GP_PLUGLOAD_H

#include <stdint.h>
#include <stdio.h>

#include <gp/plugin.h>

#include "stream/stream.h"

struct gp_prof;

/*
 * What a context is for: the plugin itself (init, fini), or one call of
 * a kind's hook.  A kind's services take only contexts of their kind.
 */
enum gp_ctxkind {
	GP_CTX_PLUGIN = 1,
	GP_CTX_WRITE,			/* an output format's write() */
	GP_CTX_READ,			/* an input format's read() */
	GP_CTX_DECODE,			/* a record type's decode() */
	GP_CTX_ENCODE,			/* a record type's encode() */
};

struct gp_ctx {				/* what every context has */
	enum gp_ctxkind		 kind;
	struct gp_plug		*plug;
	int			 failed;	/* error() was called */
};

/* write(): the profile, and gmon_write() from the layer above. */
struct gp_writectx {
	struct gp_ctx		 c;
	struct gp_prof		*prof;
	const char		*outname;
	int	(*gmon_write)(struct gp_writectx *, FILE *, int layout,
		    int width, int bigendian);
};

/* read(): whole files of an input format, to a writer (input.c). */
struct gp_readctx {
	struct gp_ctx		 c;
	struct gp_writer	*w;
	const char		*inname;
};

/* decode(): a record's body from a buffer (record.c). */
struct gp_decodectx {
	struct gp_ctx		 c;
	int			 quiet;		/* keep the first error in why */
	char			*why;
	size_t			 whysz;
	const unsigned char	*buf;
	size_t			 len;
	size_t			 pos;
	const char		*inname;
	uint64_t		 off;		/* file offset of buf[0] */
	unsigned		 tag;
	char			*kind;		/* the record emitted */
	char			**fields;
	int			 nf;
	int			 nemit;
};

/* encode(): a record into a buffer (record.c). */
struct gp_encodectx {
	struct gp_ctx		 c;
	unsigned char		*obuf;
	size_t			 olen;
	size_t			 ocap;
};

struct gp_plug {			/* a loaded, checked plugin */
	char			*path;
	char			*name;
	/*
	 * Its descriptor and kinds as this host knows them: copies, the
	 * fields the plugin's ABI lacks zero.  format, input and record
	 * point to the copies, or are NULL.
	 */
	struct gp_plugin	 d;
	struct gp_format	 fmt;
	struct gp_inputfmt	 inp;
	struct gp_recordtype	 rec;
	const struct gp_format	*format;
	const struct gp_inputfmt *input;
	const struct gp_recordtype *record;
	struct gp_host		 host;		/* its services */
	struct gp_ctx		 ctx;	/* for init and fini */
	int			 inited;
	/* The options of this use (-o, -f), for option(). */
	char			**optk;		/* into spec */
	char			**optv;
	size_t			 nopt;
	char			*spec;
	struct gp_plug		*next;
};

/* The services of input formats (input.c), and of record types
   (record.c), for the loader to hand to the plugins of those kinds. */
extern const struct gp_input_host gp_input_services;
extern const struct gp_record_host gp_record_services;

/*
 * gp_plug_load() loads the plugin in `path', expected to be called
 * `name', checking everything about its descriptor before any of its code
 * runs; on refusal it prints why, naming the file, and returns NULL.
 * gp_plug_find() returns the first file of that name in the search path
 * (malloc'd), or NULL; *idx (if not NULL) is its directory's index.
 * gp_plug_all() loads every plugin in the search path (refusals are
 * reported and skipped) and returns the first loaded; the rest follow by
 * `next', in load order.
 */
struct gp_plug	*gp_plug_load(const char *path, const char *name);
char		*gp_plug_find(const char *name, size_t *idx);
struct gp_plug	*gp_plug_all(void);
struct gp_plug	*gp_plug_loaded(void);	/* so far, loading none */
int		 gp_plug_validname(const char *);
int		 gp_plug_validkind(const char *);

/*
 * A plugin's spec after -o or -f, "NAME[,OPTIONS]": the name, in a
 * malloc'd copy that *opts points into (NULL: no options).  "list"
 * alone prints list() on stdout and exits.
 */
char		*gp_plug_spec(const char *spec, char **opts,
		    void (*list)(FILE *));
/*
 * The options of one use of a plugin, "KEY[=VALUE],..." (s, modified and
 * kept), checked against opts and kept in p for the option() service,
 * in place of any before; spec is the malloc'd string s points into,
 * freed with them.  what ("format", "input"), the option that names it
 * (flag: "-o", "-f") and the plugin's name go in the messages.  Errors
 * are fatal; a "help" option prints gp_plug_opthelp() on stdout and
 * exits.  gp_plug_opthelp() lists opts, for "NAME,help" after flag.
 */
void		 gp_plug_options(struct gp_plug *p, const char *what,
		    const char *flag, const struct gp_option *opts,
		    char *spec, char *s);
void		 gp_plug_opthelp(const struct gp_plug *, const char *flag,
		    const struct gp_option *, FILE *);

/* The host's messages for a plugin (the warn and error services). */
void		 gp_plug_warn(struct gp_ctx *, const char *, ...)
		    __attribute__((__format__(__printf__, 2, 3)));
void		 gp_plug_error(struct gp_ctx *, const char *, ...)
		    __attribute__((__format__(__printf__, 2, 3)));

/* The plugin's name, and its file. */
const char	*gp_plug_name(const struct gp_plug *);
const char	*gp_plug_path(const struct gp_plug *);

/* The directories searched, in order (for messages and listings). */
size_t		 gp_plugin_dirs(const char *const **);

#endif /* GP_PLUGLOAD_H */
