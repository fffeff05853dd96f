/*
 * gmon-streamread: read a raw-layer stream with the gp-stream(5) reader
 * and its field accessors, and nothing else, for share/bench/gmon-cat.sh:
 * the parsing rate every stage of the pipeline starts from.
 *
 * usage: gmon-streamread [file]
 */
#include <inttypes.h>
#include <stdio.h>

#include "stream/stream.h"

int
main(int argc, char *argv[])
{
	struct gp_reader *r;
	struct gp_rec rec = { 0 };
	uint64_t sum = 0, nrec = 0, nfields = 0;
	int i;

	r = gp_ropenfile(argc > 1 ? argv[1] : "-");
	while (gp_read(r, &rec)) {
		nrec++;
		if (gp_iskind(&rec, "arc")) {
			gp_need(&rec, 4);
			sum += gp_fhex(&rec, 1) ^ gp_fhex(&rec, 2);
			sum += gp_fu64(&rec, 3);
			nfields += 3;
		} else if (gp_iskind(&rec, "bins")) {
			gp_need(&rec, 4);
			for (i = 1; i < rec.nf; i++)
				sum += gp_fu64(&rec, i);
			nfields += rec.nf - 1;
		} else if (gp_iskind(&rec, "hist")) {
			gp_need(&rec, 8);
			sum += gp_fhex(&rec, 2) + gp_fhex(&rec, 3) +
			    gp_fu64(&rec, 4);
			nfields += 7;
		}
	}
	gp_recfree(&rec);
	gp_rclose(r);
	printf("%" PRIu64 " records, %" PRIu64 " fields, checksum %" PRIu64
	    "\n", nrec, nfields, sum);
	return 0;
}
