/*
 * The clock: the time-stamp counter where it is invariant and the kernel
 * trusts it, else CLOCK_MONOTONIC.  Ticks are turned into seconds by the
 * reader, from pairs (ticks, CLOCK_MONOTONIC ns) the runtime records.
 */
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include "rt.h"

#define CAL_NS	500000		/* calibration busy wait: 0.5 ms */

RT_FN uint64_t
rt_mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* A tick count and the monotonic time taken as close together as we can. */
RT_FN void
rt_clock_pair(uint64_t *ticks, uint64_t *ns)
{
	uint64_t a, b;

	if (rt.clock == GPRT_CLK_MONO) {
		*ns = *ticks = rt_mono_ns();
		return;
	}
	a = rt_now();
	*ns = rt_mono_ns();
	b = rt_now();
	*ticks = a + (b - a) / 2;
}

#if defined(__x86_64__) || defined(__i386__)
/* Invariant TSC (CPUID 8000_0007h EDX bit 8), and the kernel uses it. */
RT_FN static int
tsc_usable(void)
{
	unsigned a, b, c, d;
	char buf[32];
	ssize_t n;
	int fd;

	if (!__get_cpuid(0x80000000u, &a, &b, &c, &d) || a < 0x80000007u)
		return 0;
	if (!__get_cpuid(0x80000007u, &a, &b, &c, &d) || !(d & (1u << 8)))
		return 0;
	fd = open("/sys/devices/system/clocksource/clocksource0/"
	    "current_clocksource", O_RDONLY | O_CLOEXEC);
	if (fd == -1)
		return 1;	/* no opinion from the kernel: trust CPUID */
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 1;
	buf[n] = '\0';
	return strncmp(buf, "tsc", 3) == 0 &&
	    (buf[3] == '\n' || buf[3] == '\0');
}
#endif

RT_FN void
rt_clock_init(void)
{
	const char *s;
	uint64_t t, ns;
	int want;

	s = rt_env("GPRT_CLOCK");
	want = 0;
	if (s != NULL && strcmp(s, "mono") == 0)
		want = GPRT_CLK_MONO;
	rt.clock = GPRT_CLK_MONO;
#if defined(__x86_64__) || defined(__i386__)
	if (want == 0 && ((s != NULL && strcmp(s, "tsc") == 0) ||
	    tsc_usable()))
		rt.clock = GPRT_CLK_TSC;
#elif defined(__aarch64__)
	if (want == 0)
		rt.clock = GPRT_CLK_CNTVCT;
#endif
	rt_clock_pair(&rt.hdr->cal0_ticks, &rt.hdr->cal0_ns);
	if (rt.clock == GPRT_CLK_MONO) {
		rt.hdr->cal1_ticks = rt.hdr->cal0_ticks + CAL_NS;
		rt.hdr->cal1_ns = rt.hdr->cal0_ns + CAL_NS;
	} else {
		do
			rt_clock_pair(&t, &ns);
		while (ns - rt.hdr->cal0_ns < CAL_NS);
		rt.hdr->cal1_ticks = t;
		rt.hdr->cal1_ns = ns;
	}
	rt.hdr->clock = (uint32_t)rt.clock;
}
