/*
 * <gp/plugin.h>: the whole plugin ABI of gptools (gp-plugin(3)), for a
 * plugin of several kinds or a reader who wants it all.  A plugin of one
 * kind needs only that kind's header:
 *
 *	<gp/abi.h>		the version, the descriptor, the context and
 *				the services every plugin has (included by
 *				each of the others)
 *	<gp/format.h>		output formats and the profile they read
 *	<gp/input.h>		input formats
 *	<gp/record.h>		record types of gmon.out files
 *	<gp/collector.h>	collectors of the profiling runtime, and
 *				<gp/companion.h>'s layouts of their data
 */
#ifndef GP_PLUGIN_H
#define GP_PLUGIN_H

#include <gp/abi.h>
#include <gp/format.h>
#include <gp/input.h>
#include <gp/record.h>
#include <gp/collector.h>

#endif /* GP_PLUGIN_H */
