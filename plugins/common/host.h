/*
 * The host's services, for the bundled plugins (not part of the ABI):
 * plug_init(), every one's init, keeps the table in host.
 */
#ifndef GP_PLUGINS_HOST_H
#define GP_PLUGINS_HOST_H

#include <gp/abi.h>

extern const struct gp_host *host;

int	plug_init(struct gp_ctx *, const struct gp_host *);

#endif /* GP_PLUGINS_HOST_H */
