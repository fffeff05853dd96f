/*
 * The host's services, kept for the plugin's hooks (host.h).
 */
#include "host.h"

const struct gp_host *host;

/*
 * Never instrumented (in case someone adds -finstrument-functions): it is
 * also the collectors' init, which runs inside the profiled program.
 */
__attribute__((__no_instrument_function__)) int
plug_init(struct gp_ctx *ctx, const struct gp_host *h)
{
	(void)ctx;
	host = h;
	return 0;
}
