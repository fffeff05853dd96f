/*
 * The host's services, for the bundled plugins (not part of the ABI):
 * plug_init(), every one's init, keeps the table in host.
 */
#ifndef GP_PLUGINS_HOST_H
#define GP_PLUGINS_HOST_H

#include <gp/abi.h>

extern const struct gp_host *host;

int	plug_init(struct gp_ctx *, const struct gp_host *);

/*
 * What a bundled plugin provides and its descriptor, in one place: the
 * table (its size set) and the descriptor pointing at it, which
 * share/examples spells out as a plugin from outside writes them.  An
 * output format, its version "1" and its init plug_init():
 *
 *	PLUG_FORMAT("dot", "the call graph for Graphviz",
 *	    GP_HAVE_GRAPH, options, write_dot);
 *
 * options may be NULL (none).  PLUG_FORMAT_WITH() is the form with every
 * field named, for the rarer ones (binary, an input format beside it,
 * another init): those of the format table in parentheses, then those
 * of the descriptor:
 *
 *	PLUG_FORMAT_WITH((.needs = GP_HAVE_RAW, .binary = 1,
 *	    .options = options, .write = write_gmon), .name = "gmon",
 *	    .desc = "binary gmon.out", .init = plug_init);
 *
 * An input format, its version "1" and its init plug_init(): the name,
 * the description, then the fields of its table:
 *
 *	PLUG_INPUT("perf", "perf script's call stacks", "perf script's text",
 *	    options, perf_match, perf_read);
 *
 * A collector, its init plug_init(), its hooks in the order of struct
 * gp_collector:
 *
 *	PLUG_COLLECTOR("trace", "each thread's last call events",
 *	    start, thread, enter, leave);
 */
#define PLUG_FIELDS(...)	__VA_ARGS__

/* A table of struct type_ named var_: its size, then the fields. */
#define PLUG_TABLE(type_, var_, ...)					\
	static const struct type_ var_ = {				\
		.size = sizeof(struct type_),				\
		__VA_ARGS__						\
	}

/* The descriptor of an input format or a collector: kind_ = &table_. */
#define PLUG_DESCRIPTOR(name_, desc_, version_, kind_, table_)		\
	GP_PLUGIN_DESCRIPTOR = {					\
		GP_PLUGIN_HEADER,					\
		.name = (name_),					\
		.desc = (desc_),					\
		.version = (version_),					\
		.init = plug_init,					\
		.kind_ = &(table_),					\
	}

#define PLUG_FORMAT_WITH(fields, ...)					\
	PLUG_TABLE(gp_format, plug_format, PLUG_FIELDS fields);		\
	GP_PLUGIN_DESCRIPTOR = {					\
		GP_PLUGIN_HEADER,					\
		__VA_ARGS__,						\
		.format = &plug_format,					\
	}

#define PLUG_FORMAT(name_, desc_, needs_, options_, write_)		\
	PLUG_FORMAT_WITH((.needs = (needs_), .options = (options_),	\
	    .write = (write_)), .name = (name_), .desc = (desc_),	\
	    .version = "1", .init = plug_init)

#define PLUG_INPUT(name_, desc_, what_, options_, match_, read_)	\
	PLUG_TABLE(gp_inputfmt, plug_input, .what = (what_),		\
	    .options = (options_), .match = (match_), .read = (read_));	\
	PLUG_DESCRIPTOR(name_, desc_, "1", input, plug_input)

#define PLUG_COLLECTOR(name_, desc_, start_, thread_, enter_, leave_)	\
	PLUG_TABLE(gp_collector, plug_collector, .start = (start_),	\
	    .thread = (thread_), .enter = (enter_), .leave = (leave_));	\
	PLUG_DESCRIPTOR(name_, desc_, NULL, collector, plug_collector)

#endif /* GP_PLUGINS_HOST_H */
