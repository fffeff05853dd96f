/*
 * The plugin loader (<gp/plugin.h>, gp-plugin(3)): finding, loading and
 * checking plugins, the services every plugin gets (messages, and a
 * record type's get, emit and put), and the record-type entry points of
 * the raw layer.  It sits below the stream's layers: it knows the stream
 * and the kinds of records, nothing of the profile; the output formats
 * and the services that need the profile are plugin.h's, above.
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

struct gp_plug {			/* a loaded, checked plugin */
	char			*path;
	char			*name;
	const struct gp_plugin	*d;
	struct gp_ctx		*ctx;		/* for init and fini */
	int			 inited;
	struct gp_plug		*next;
};

/* A descriptor's input format: the field is there from ABI 1.4 on. */
#define GP_PLUG_INPUT(d)	((d)->abi_minor >= 4 ? (d)->input : NULL)

struct gp_ctx {
	struct gp_plug		*plug;
	int			 failed;
	/* output formats (plugin.c) */
	char			**optk;	/* into spec */
	char			**optv;
	size_t			 nopt;
	char			*spec;	/* gp_format_open's NAME,KEY=VALUE,... */
	struct gp_prof		*prof;
	FILE			*out;
	const char		*outname;
	/* record types: decoding a body from a buffer */
	int			 quiet;		/* keep the first error in why */
	char			*why;
	size_t			 whysz;
	const unsigned char	*buf;
	size_t			 len;
	size_t			 pos;
	const char		*inname;
	uint64_t		 off;		/* file offset of buf[0] */
	unsigned		 tag;
	int			 decoding;
	char			*kind;		/* the record emitted */
	char			**fields;
	int			 nf;
	int			 nemit;
	/* input formats: reading a whole file (foreign.c) */
	int			 reading;
	struct gp_writer	*w;
	/* record types: encoding into a buffer */
	int			 encoding;
	unsigned char		*obuf;
	size_t			 olen;
	size_t			 ocap;
};

/*
 * The services table every plugin's init() gets.  The loader fills the
 * services it provides (option and optnum read the options that
 * gp_plug_options() kept); gmon_write belongs to the output formats
 * above and reports a misuse until plugin.c sets it.
 */
extern struct gp_host gp_plughost;

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
int		 gp_plug_validname(const char *);
struct gp_ctx	*gp_plug_newctx(struct gp_plug *);

/*
 * The options of one use of a format, "KEY[=VALUE],..." (s, modified and
 * kept), checked against opts and kept in c for the option() service;
 * what ("format", "input"), the option that names it (flag: "-o",
 * "-f") and the plugin's name go in the messages.
 * Errors are fatal; returns 1 if a "help" option was given.
 * gp_plug_opthelp() lists opts, for "NAME,help" after flag ("-o").
 */
int		 gp_plug_options(struct gp_ctx *c, const char *what,
		    const char *flag, const struct gp_option *opts, char *s);
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

/*
 * Record types, for the raw layer (gmon-cat and the gmon.out writer).
 * A record a plugin claims is kept in the raw model as its tag and body
 * bytes (struct gp_rawrec), like an opaque record, so that it is written
 * back byte for byte; it becomes its stream record only at the stream's
 * edges.  width (32, 64) and bigendian are those of the gmon.out file.
 *
 * gp_record_find() loads the plugins (the first time) and returns the one
 * that claims a gmon.out tag, or NULL.  gp_record_measure() runs its
 * decoder on the body that starts at buf (avail bytes to the end of the
 * file) and returns the body's length; or -1 with what was wrong in
 * why[0..whysz-1]: nothing is printed, so readers can try several
 * readings of a file.
 *
 * gp_record_emit() writes the stream record of a kept record; it returns
 * 0 if no plugin claims the tag or its decoder does not take exactly
 * those bytes (the caller then writes a "raw" record).
 *
 * gp_record_kind() loads the plugins (the first time) and tells whether
 * one makes stream records of `kind'; such records belong to the raw
 * layer.  gp_record_encode() turns one back into a tag and body bytes
 * (*body malloc'd); failures are fatal, naming the stream line.
 * gp_record_unclaimed() tells how many kinds gp_record_kind() found no
 * plugin for, and the first of them.
 */
struct gp_plug	*gp_record_find(unsigned tag);
long		 gp_record_measure(struct gp_plug *, unsigned tag,
		    const unsigned char *buf, size_t avail, int width,
		    int bigendian, char *why, size_t whysz);
int		 gp_record_emit(struct gp_writer *, unsigned tag,
		    const unsigned char *body, size_t len, int width,
		    int bigendian);
int		 gp_record_kind(const char *kind);
void		 gp_record_encode(const struct gp_rec *, int width,
		    int bigendian, unsigned *tag, unsigned char **body,
		    size_t *len);
size_t		 gp_record_unclaimed(const char **first);

#endif /* GP_PLUGLOAD_H */
