/*
 * The layers of the stream (gp-stream(5)) and which layer each record
 * kind belongs to.  Below everything that loads records: the plugin
 * loader (plugin/load.c) asks it, and so does the profile loader (analysis/profile.c).
 */
#ifndef GP_KINDS_H
#define GP_KINDS_H

enum gp_layer {
	GP_L_RAW	= 1 << 0,
	GP_L_SYM	= 1 << 1,
	GP_L_CREDIT	= 1 << 2,
	GP_L_GRAPH	= 1 << 3,
	GP_L_RT		= 1 << 4,	/* loaded whenever GP_L_RAW is */
	GP_L_DIFF	= 1 << 5,	/* gp-diff's: two profiles compared */
};

/* Which layer a record kind belongs to; 0 for kinds no layer knows. */
unsigned gp_kind_layer(const char *kind);

#endif /* GP_KINDS_H */
