/*
 * The host's services, kept for the plugin's hooks (host.h).
 */
#include "host.h"

const struct gp_host *host;

int
plug_init(struct gp_ctx *ctx, const struct gp_host *h)
{
	(void)ctx;
	host = h;
	return 0;
}
