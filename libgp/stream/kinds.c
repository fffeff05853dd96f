/*
 * Which layer of the stream each record kind belongs to (stream/kinds.h).
 */
#include <string.h>

#include "stream/kinds.h"

static const struct {
	const char	*kind;
	unsigned	 layer;
} kinds[] = {
	{ "profile",	GP_L_RAW },
	{ "hist",	GP_L_RAW },
	{ "bins",	GP_L_RAW },
	{ "arc",	GP_L_RAW },
	{ "bbrec",	GP_L_RAW },
	{ "bb",		GP_L_RAW },
	{ "raw",	GP_L_RAW },
	{ "exe",	GP_L_SYM },
	{ "sym",	GP_L_SYM },
	{ "histsum",	GP_L_CREDIT },
	{ "time",	GP_L_CREDIT },
	{ "flatspec",	GP_L_CREDIT },
	{ "graph",	GP_L_GRAPH },
	{ "node",	GP_L_GRAPH },
	{ "carc",	GP_L_GRAPH },
	{ "obj",	GP_L_SYM },
	{ "osym",	GP_L_SYM },
	{ "gprt",	GP_L_RT },
	{ "map",	GP_L_RT },
	{ "thread",	GP_L_RT },
	{ "marc",	GP_L_RT },
	{ "diff",	GP_L_DIFF },
	{ "dfunc",	GP_L_DIFF },
	{ "darc",	GP_L_DIFF },
	{ "mem",	GP_L_RT },
	{ "memsum",	GP_L_RT },
	{ "ctx",	GP_L_RT },
	{ "trace",	GP_L_RT },
	{ "tev",	GP_L_RT },
};

unsigned
gp_kind_layer(const char *kind)
{
	size_t i;

	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (kinds[i].kind[0] == kind[0] &&
		    strcmp(kinds[i].kind, kind) == 0)
			return kinds[i].layer;
	return 0;
}
