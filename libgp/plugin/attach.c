/*
 * The record types' entry points (record.c) handed to the raw layer as
 * its struct gp_rectypes (gmon/raw.h): the gmon layer reads and writes
 * the records of plugins without reaching the loader (record.h).
 */
#include "gmon/raw.h"
#include "plugin/record.h"

static long
measure(unsigned tag, const unsigned char *buf, size_t avail, int width,
    int bigendian, char *why, size_t whysz)
{
	struct gp_plug *p;

	if ((p = gp_record_find(tag)) == NULL)
		return -2;
	return gp_record_measure(p, tag, buf, avail, width, bigendian, why,
	    whysz);
}

static const struct gp_rectypes types = {
	.measure = measure,
	.emit = gp_record_emit,
	.iskind = gp_record_kind,
	.encode = gp_record_encode,
};

void
gp_record_attach(void)
{
	gp_raw_rectypes(&types);
}
