/*
 * gprof's unit for the per-call columns of the flat profile.
 */
#ifndef GP_UNITS_H
#define GP_UNITS_H

/*
 * The SI prefix gprof 2.40 prints the per-call columns in, and in *scale
 * the factor from seconds to it: the first whose scale puts top (the
 * largest time per call, in seconds; 0 when no function was called) in
 * [1, 1000).  With bsd (gprof -T) it is always milliseconds.
 */
int	gp_si_unit(double top, int bsd, double *scale);

#endif /* GP_UNITS_H */
