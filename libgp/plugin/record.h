/*
 * Record types (gp-plugin(3)) handed to the raw layer: the loader's
 * entry points (plugin/load.h) as the raw layer's struct gp_rectypes
 * (gmon/raw.h), so that the gmon layer reads and writes the records of
 * plugins without reaching the loader.  Every tool that reads or writes
 * the raw layer calls gp_record_attach() first; the plugins are loaded
 * only when a record of a tag or kind the raw layer does not know is met.
 */
#ifndef GP_PLUGIN_RECORD_H
#define GP_PLUGIN_RECORD_H

void	gp_record_attach(void);

#endif /* GP_PLUGIN_RECORD_H */
