/*
 * The runtime's state, shared by every file (struct rt, rt.h), with the
 * values it has before start-up: no file, no lock held.
 */
#include "rt.h"

struct rt rt = {
	.fd = -1,
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.maplock = PTHREAD_MUTEX_INITIALIZER,
};
