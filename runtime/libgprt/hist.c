/*
 * PC sampling: SIGPROF from ITIMER_PROF (process CPU time, so every
 * thread that runs is sampled, but those that block the signal: thread.c
 * counts their CPU time) into a histogram of the executable's text,
 * sized as glibc sizes the one gprof reads: one bin per 4 bytes.  The bins
 * are in the companion file, 32 bits wide; gmon.out gets 16-bit bins.
 */
#include <sys/time.h>

#include <signal.h>
#include <string.h>
#include <ucontext.h>

#include "rt.h"

RT_FN static uintptr_t
sigpc(void *uc)
{
	ucontext_t *u = uc;

#if defined(__x86_64__)
	return (uintptr_t)u->uc_mcontext.gregs[REG_RIP];
#elif defined(__i386__)
	return (uintptr_t)u->uc_mcontext.gregs[REG_EIP];
#elif defined(__aarch64__)
	return (uintptr_t)u->uc_mcontext.pc;
#else
	(void)u;
	return 0;
#endif
}

/* A sample at run-time address a (also sample.c's, from its handler). */
RT_FN void
rt_hist_add(uintptr_t a)
{
	uint64_t pc, i;

	if (rt.hist == NULL)
		return;
	pc = (uint64_t)a - rt.exe_bias;
	if (pc >= rt.exe_low && pc < rt.exe_high) {
		/* glibc's profil(3): ((pc - low) / 2) * scale / 65536 */
		i = ((pc - rt.exe_low) / 2) * rt.hist_scale / 65536;
		if (i < rt.hist->nbins) {
			__atomic_fetch_add(&rt.bins[i], 1, __ATOMIC_RELAXED);
			return;
		}
	}
	__atomic_fetch_add(&rt.hist->outside, 1, __ATOMIC_RELAXED);
}

RT_FN static void
onprof(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)si;
	rt_hist_add(sigpc(uc));
}

RT_FN void
rt_hist_init(void)
{
	struct gprt_hist *h;
	uint64_t text, kcount, nbins;

	if (rt.exe_high <= rt.exe_low)
		return;
	text = rt.exe_high - rt.exe_low;
	kcount = (text / 2 + sizeof(long) - 1) / sizeof(long) * sizeof(long);
	nbins = kcount / 2;
	h = rt_alloc(GPRT_B_HIST, 0, sizeof(*h) + nbins * sizeof(uint32_t),
	    nbins);
	if (h == NULL)
		return;
	h->low = rt.exe_low;
	h->high = rt.exe_high;
	h->nbins = nbins;
	h->hz = (uint64_t)rt.hz;
	h->blk.n = nbins;
	rt.hist_scale = kcount * 65536 / text;
	rt.bins = (uint32_t *)(void *)(h + 1);
	rt.hist = h;
	rt.hdr->flags |= GPRT_F_HIST;
}

/* Install the handler and start the timer (again, in a forked child). */
RT_FN void
rt_hist_start(void)
{
	struct sigaction sa;
	struct itimerval it;
	long usec;

	if (rt.hist == NULL || rt.sample > 0)	/* sample.c's timers */
		return;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = onprof;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGPROF, &sa, NULL) == -1)
		return;
	memset(&it, 0, sizeof(it));
	usec = 1000000 / rt.hz;
	it.it_interval.tv_sec = usec / 1000000;
	it.it_interval.tv_usec = usec % 1000000;
	it.it_value = it.it_interval;
	if (setitimer(ITIMER_PROF, &it, NULL) == 0) {
		rt.profh = (void *)onprof;
		rt.profus = usec;
	}
}

/*
 * Is SIGPROF still ours?  A program that installs a handler of its own,
 * or sets ITIMER_PROF to its own period, takes the PC samples from the
 * runtime: the header says so (GPRT_F_PROFLOST) for the reader to tell.
 * At checkpoints and at exit.
 */
RT_FN void
rt_hist_check(void)
{
	struct sigaction sa;
	struct itimerval it;

	if (rt.profh == NULL || (rt.hdr->flags & GPRT_F_PROFLOST))
		return;
	if ((sigaction(SIGPROF, NULL, &sa) == 0 &&
	    (!(sa.sa_flags & SA_SIGINFO) || (void *)sa.sa_sigaction !=
	    rt.profh)) || (rt.profus > 0 && getitimer(ITIMER_PROF, &it) == 0 &&
	    (long)it.it_interval.tv_sec * 1000000 + it.it_interval.tv_usec !=
	    rt.profus))
		rt.hdr->flags |= GPRT_F_PROFLOST;
}
