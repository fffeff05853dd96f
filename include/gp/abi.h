/*
 * <gp/abi.h>: what every gptools plugin sees (gp-plugin(3)): the ABI's
 * version, the descriptor a plugin exports, the opaque context, and the
 * host's common services (messages and options).
 *
 * A plugin is a shared object that exports one data symbol, the
 * descriptor
 *
 *	const struct gp_plugin gp_plugin;
 *
 * written with GP_PLUGIN_DESCRIPTOR and GP_PLUGIN_HEADER below.  The host
 * (gp-fmt, gmon-cat, the profiling runtime) loads it with dlopen, checks
 * the descriptor before it calls anything, then calls init() with the
 * host's services.  The host never unloads a plugin.
 *
 * Each kind of plugin has its own header, which includes this one:
 *
 *	<gp/format.h>		output formats, and the profile they read
 *	<gp/input.h>		input formats: other profilers' files
 *	<gp/record.h>		record types of gmon.out files
 *	<gp/collector.h>	collectors of the profiling runtime
 *
 * and <gp/plugin.h> includes them all.
 *
 * Versions.  GP_PLUGIN_ABI_MAJOR changes when anything a built plugin
 * relies on changes; a host refuses a plugin of another major.  Within a
 * major, structures only grow, and this is the one way they do: every
 * structure that may grow begins with its size (uint32_t size, the
 * sizeof of the structure where it was filled), a field is only ever
 * added at the end, and GP_HAS(p, field) tells whether the structure at p
 * has the field.  GP_PLUGIN_ABI_MINOR counts the additions (each is
 * listed in share/examples/plugin/ABI-CHANGES); it decides nothing: a
 * host accepts a plugin of its major whatever its minor.  The host reads
 * the fields of a plugin's structures that both know, and refuses a
 * plugin that sets one it does not know; a plugin that uses a field or a
 * service added after 1.0 tests for it with GP_HAS.
 */
#ifndef GP_ABI_H
#define GP_ABI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GP_PLUGIN_ABI_MAJOR	1
#define GP_PLUGIN_ABI_MINOR	4
#define GP_PLUGIN_MAGIC		0x67706c31u	/* "gpl1" */
#define GP_PLUGIN_SYMBOL	"gp_plugin"

/*
 * Whether the structure at p, which begins with its size, has the field:
 * it does when it is large enough to hold it.  0 when p is NULL.  p is
 * evaluated more than once.
 */
#define GP_HAS(p, field)						\
	((p) != NULL && (size_t)(p)->size >=				\
	    (size_t)((const char *)&(p)->field - (const char *)(p)) +	\
	    sizeof((p)->field))

#ifdef __GNUC__
#define GP_PRINTFLIKE(f, a)	__attribute__((__format__(__printf__, f, a)))
#define GP_PLUGIN_VISIBLE	__attribute__((__visibility__("default")))
#else
#define GP_PRINTFLIKE(f, a)
#define GP_PLUGIN_VISIBLE
#endif

/*
 * The context: opaque, one per plugin and one per call of a hook.  Every
 * hook gets one, to be passed back to the services.
 */
struct gp_ctx;

/* The services of each kind: in the kind's header. */
struct gp_format_host;
struct gp_input_host;
struct gp_record_host;
struct gp_collector_host;

/*
 * The host's services, given to init(); valid until the process exits.
 */
struct gp_host {
	uint32_t	 size;		/* sizeof(struct gp_host) in the host */
	uint16_t	 abi_major;	/* the host's ABI */
	uint16_t	 abi_minor;
	const char	*progname;	/* "gp-fmt", "gmon-cat", "gprt" */

	/*
	 * Messages, printed at once on stderr, prefixed with the program,
	 * the plugin and, while decoding or reading, the file (and byte
	 * offset).  After error() the hook must return -1; the host then
	 * exits with status 1 (the tools) or leaves the plugin out (the
	 * profiling runtime).
	 */
	void	(*warn)(struct gp_ctx *, const char *, ...) GP_PRINTFLIKE(2, 3);
	void	(*error)(struct gp_ctx *, const char *, ...) GP_PRINTFLIKE(2, 3);

	/*
	 * Options given to an output format (gp-fmt -o NAME,KEY=VALUE,...)
	 * or an input format (gmon-cat -f NAME,KEY=VALUE,...); a
	 * collector's are environment variables: key KEY of collector NAME
	 * is GPRT_NAME_KEY, upper-cased, '-' made '_'.  A record type has
	 * none.  option() returns the value ("" for a bare KEY), or NULL if
	 * not given.  optnum() parses a number in [min, max] into *v: it
	 * returns 1, 0 if not given (*v untouched), or -1 after an error().
	 */
	const char *(*option)(struct gp_ctx *, const char *key);
	int	(*optnum)(struct gp_ctx *, const char *key, double min,
		    double max, double *v);

	/*
	 * The services of each kind the plugin provides, when the host runs
	 * plugins of that kind; else NULL.  The tools run output formats,
	 * input formats and record types; the profiling runtime runs
	 * collectors.
	 */
	const struct gp_format_host	*format;
	const struct gp_input_host	*input;
	const struct gp_record_host	*record;
	const struct gp_collector_host	*collector;
};

/* One option of an output or input format, in an array ended by a NULL
   key.  Never grows. */
struct gp_option {
	const char	*key;
	const char	*arg;		/* "PCT", "flame|graph"; NULL: a flag */
	const char	*help;
};

/*
 * A profile file: the gmon.out file a record type decodes or encodes,
 * and each of the input files an output format's profile was read from.
 */
#define GP_LAYOUT_GNU		1	/* "gmon" cookie, tagged records */
#define GP_LAYOUT_BSD44		2	/* 4.4BSD header with version */
#define GP_LAYOUT_OLDBSD	3	/* 4.2BSD header, no version */

struct gp_pfile {
	uint32_t	 size;
	const char	*path;		/* NULL while decoding */
	int		 layout;	/* GP_LAYOUT_* */
	int		 width;		/* address size in bits: 32 or 64 */
	int		 bigendian;
	uint32_t	 version;	/* the file's version word */
};

/* ------------------------------------------------------------------ */
/* The descriptor.                                                     */

struct gp_format;
struct gp_inputfmt;
struct gp_recordtype;
struct gp_collector;

struct gp_plugin {
	uint32_t	 magic;		/* GP_PLUGIN_MAGIC */
	uint16_t	 abi_major;	/* GP_PLUGIN_ABI_MAJOR when built */
	uint16_t	 abi_minor;	/* GP_PLUGIN_ABI_MINOR when built */
	uint32_t	 size;		/* sizeof(struct gp_plugin) when built */
	const char	*name;		/* the file's name without ".so" */
	const char	*desc;		/* one line, for listings */
	const char	*version;	/* the plugin's own version, or NULL */
	/* Called once after loading; 0, or -1 after an error(). */
	int	(*init)(struct gp_ctx *, const struct gp_host *);
	/* Called once before the host exits, if init succeeded. */
	void	(*fini)(struct gp_ctx *);
	/* What it provides; at least one is set. */
	const struct gp_format		*format;
	const struct gp_inputfmt	*input;
	const struct gp_recordtype	*record;
	const struct gp_collector	*collector;
};

#define GP_PLUGIN_HEADER						\
	.magic = GP_PLUGIN_MAGIC,					\
	.abi_major = GP_PLUGIN_ABI_MAJOR,				\
	.abi_minor = GP_PLUGIN_ABI_MINOR,				\
	.size = sizeof(struct gp_plugin)

/*
 *	GP_PLUGIN_DESCRIPTOR = {
 *		GP_PLUGIN_HEADER,
 *		.name = "example",
 *		...
 *	};
 */
#define GP_PLUGIN_DESCRIPTOR						\
	extern GP_PLUGIN_VISIBLE const struct gp_plugin gp_plugin;	\
	GP_PLUGIN_VISIBLE const struct gp_plugin gp_plugin

#ifdef __cplusplus
}
#endif

#endif /* GP_ABI_H */
