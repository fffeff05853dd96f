/*
 * A profile's units, and numbers as formats write them.  Not part of
 * the plugin ABI: each plugin that lists it links its own copy.
 */
#ifndef GP_PLUGINS_UNITS_H
#define GP_PLUGINS_UNITS_H

#include <stddef.h>

#include <gp/format.h>

/*
 * The event a profile counts in place of time (its dimen: "Ir" from
 * callgrind, "cycles" from perf script), or NULL when its unit is
 * seconds.  A count is not a time: formats name it, never convert it.
 */
const char *event_unit(const struct gp_profile *);

/*
 * Units: "samples", and "s", "ms", "us", "ns" for a profile of time, or
 * its event's name for one of events; units per sample, or 0.
 */
double	unit_scale(const struct gp_profile *, const char *unit);

/*
 * The message for a unit unit_scale() refused: "unit=U: not " and the
 * units of time given (times), or the profile's event; in buf.
 */
const char *unit_refused(const struct gp_profile *, const char *unit,
	    const char *times, char *buf, size_t len);

/* Nanoseconds in a unit of time (1e9), or 1 for a profile of events. */
double	unit_ns(const struct gp_profile *);

/* The shortest %g that reads back as the same double (buf >= 32). */
char	*fmt_double(char *buf, double);

/* Round weights (n of them, >= 0) to integers adding up to round(sum). */
void	round_sum(const double *, unsigned long long *, size_t n);

#endif /* GP_PLUGINS_UNITS_H */
