/* Placeholder: the raw layer is being written. */
#include "prof.h"

int
gp_raw_load(struct gp_prof *p, const struct gp_rec *rec)
{
	(void)p;
	(void)rec;
	return 0;
}
