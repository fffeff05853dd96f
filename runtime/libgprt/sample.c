/*
 * Sampling of a program not rebuilt (GPRT_SAMPLE=HZ): each thread gets a
 * timer of its own CPU time (timer_create(2) on CLOCK_THREAD_CPUTIME_ID,
 * delivered to it alone with SIGEV_THREAD_ID), and each SIGPROF walks the
 * thread's stack into its SAMPLE block of the companion file (a tree of
 * frame addresses, <gp/companion.h>) and the executable's histogram
 * (hist.c), so that a killed run leaves its samples.
 *
 * The stack is walked by libunwind from the signal's context, when
 * libunwind.so.8 can be loaded (dlopen: no link dependency, and a
 * program built with -finstrument-functions never loads it): it reads
 * the objects' unwind tables (.eh_frame), so that code built without
 * frame pointers, Debian's -O2 default, has its callers, and follows
 * frame pointers where there is no table.  Without libunwind, or with
 * GPRT_UNWIND=fp, by frame pointers alone, checked against the thread's
 * stack bounds and the loaded text: cheaper, but a function that keeps
 * no frame pointer hides its caller, which no check can tell.  Both
 * walks are bounded by the depth cap (GPRT_SAMPLE_DEPTH).
 *
 * The handler is async-signal-safe: it touches only its own thread's
 * block (allocated before the timer starts), stores with atomics, takes
 * no lock and allocates nothing.  Threads are seen through pthread_create,
 * wrapped here: a thread made by clone(2) directly is not sampled.
 */
#include <sys/syscall.h>

#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#if __has_include(<libunwind.h>)
#define UNW_LOCAL_ONLY
#include <libunwind.h>
#define HAVE_UNW 1
/* libunwind's names are macros: the symbols of its local unwinder */
#define STR_(x)	#x
#define STR(x)	STR_(x)
#endif

#include "rt.h"

#define NODES0		32768		/* GPRT_SAMPLE_NODES */
#define DEPTH0		128		/* GPRT_SAMPLE_DEPTH */
#define DEPTHMAX	512

static _Thread_local struct gprt_samp *s_blk RT_TLS;
static _Thread_local uintptr_t s_lo RT_TLS, s_hi RT_TLS;	/* stack */
static _Thread_local timer_t s_timer RT_TLS;
static _Thread_local int s_timed RT_TLS;
static _Thread_local int s_in RT_TLS;

static uint64_t s_nodes;
static uint64_t s_depth;

#ifdef HAVE_UNW
static int (*u_init)(unw_cursor_t *, unw_context_t *, int);
static int (*u_step)(unw_cursor_t *);
static int (*u_getreg)(unw_cursor_t *, unw_regnum_t, unw_word_t *);
static int (*u_bt)(void **, int);
#endif

RT_FN static void
ucregs(void *uc, uintptr_t *pc, uintptr_t *fp, uintptr_t *sp)
{
	ucontext_t *u = uc;

#if defined(__x86_64__)
	*pc = (uintptr_t)u->uc_mcontext.gregs[REG_RIP];
	*fp = (uintptr_t)u->uc_mcontext.gregs[REG_RBP];
	*sp = (uintptr_t)u->uc_mcontext.gregs[REG_RSP];
#elif defined(__aarch64__)
	*pc = (uintptr_t)u->uc_mcontext.pc;
	*fp = (uintptr_t)u->uc_mcontext.regs[29];
	*sp = (uintptr_t)u->uc_mcontext.sp;
#else
	(void)u;
	*pc = *fp = *sp = 0;
#endif
}

/*
 * The frames by frame pointers, innermost first, into pc[0..max): the
 * interrupted pc, then each return address minus 1.  *whole: the chain
 * ended with a zero frame pointer (the outermost frame).
 */
RT_FN static unsigned
fpwalk(void *uc, uintptr_t *pc, unsigned max, int *whole)
{
	uintptr_t fp, sp, ret, next;
	unsigned n;

	ucregs(uc, &pc[0], &fp, &sp);
	*whole = 0;
	for (n = 1; n < max; ) {
		if (fp == 0) {
			*whole = 1;
			break;
		}
		if ((fp & (sizeof(uintptr_t) - 1)) != 0 || fp < sp ||
		    fp < s_lo || fp + 2 * sizeof(uintptr_t) > s_hi)
			break;
		next = ((uintptr_t *)fp)[0];
		ret = ((uintptr_t *)fp)[1];
		if (ret == 0 || !rt_map_covered(ret))
			break;
		pc[n++] = ret - 1;
		if (next != 0 && next <= fp)
			break;
		sp = fp;
		fp = next;
	}
	return n;
}

#ifdef HAVE_UNW
RT_FN static unsigned
unwalk(void *uc, uintptr_t *pc, unsigned max)
{
	unw_cursor_t c;
	unw_word_t ip;
	unsigned n = 0;

	if (u_init(&c, (unw_context_t *)uc, UNW_INIT_SIGNAL_FRAME) < 0)
		return 0;
	do {
		if (u_getreg(&c, UNW_REG_IP, &ip) < 0 || ip == 0)
			break;
		pc[n] = n == 0 ? (uintptr_t)ip : (uintptr_t)ip - 1;
		n++;
	} while (n < max && u_step(&c) > 0);
	return n;
}
#endif

#ifdef HAVE_UNW
/*
 * The frames by libunwind's unw_backtrace(), from the handler's own frame
 * through the signal frame: its fast path keeps each address's frame
 * layout in a per-thread cache, where unw_step() takes a lock that blocks
 * all signals around each frame (two sigprocmask(2) calls a frame, 60 a
 * sample of lua, most of the sampler's cost).  The interrupted frame is
 * found by the signal context's pc, the frames before it (the handler's)
 * dropped; 0 if it is not there, for unwalk() to walk.
 */
RT_FN static unsigned
btwalk(void *uc, uintptr_t *pc, unsigned max)
{
	void *b[DEPTHMAX + 8];
	uintptr_t rip, fp, sp;
	unsigned k;
	int n, i;

	ucregs(uc, &rip, &fp, &sp);
	n = u_bt(b, (int)max + 8);
	for (i = 0; i < n && i < 8 && (uintptr_t)b[i] != rip; i++)
		;
	if (i >= n || i == 8)
		return 0;
	for (k = 0; i < n && k < max; i++, k++)
		pc[k] = k == 0 ? rip : (uintptr_t)b[i] - 1;
	return k;
}
#endif

/* The child of node p with address pc, made if need be; 0 if full. */
RT_FN static uint64_t
child(struct gprt_samp *s, struct gprt_snode *nd, uint32_t *h,
    uint64_t p, uint64_t pc)
{
	uint64_t k, i, n;

	k = (p * 0x9e3779b97f4a7c15ull) ^ (pc * 0xc2b2ae3d27d4eb4full);
	k ^= k >> 29;
	for (i = k & (s->hslots - 1);; i = (i + 1) & (s->hslots - 1)) {
		if (h[i] == 0)
			break;
		if (nd[h[i]].parent == p && nd[h[i]].pc == pc)
			return h[i];
	}
	n = s->blk.n;
	if (n >= s->blk.cap)
		return 0;
	nd[n].parent = p;
	nd[n].pc = pc;
	nd[n].self = 0;
	h[i] = (uint32_t)n;
	__atomic_store_n(&s->blk.n, n + 1, __ATOMIC_RELEASE);
	return n;
}

RT_FN static void
onsample(int sig, siginfo_t *si, void *uc)
{
	struct gprt_samp *s = s_blk;
	struct gprt_snode *nd;
	uintptr_t pc[DEPTHMAX];
	uint64_t p, w;
	unsigned n, i;
	int whole, saved;

	(void)sig;
	/*
	 * The kernel checks thread CPU timers at its ticks: a period
	 * shorter than a tick expires several times between two signals,
	 * its overruns, and the sample stands for them all.
	 */
	w = 1;
	if (si != NULL && si->si_code == SI_TIMER && si->si_overrun > 0)
		w += (uint64_t)si->si_overrun;
	if (s == NULL)
		return;
	if (s_in) {
		s->lost += w;
		return;
	}
	s_in = 1;
	saved = errno;
	n = 0;
	whole = 0;
#ifdef HAVE_UNW
	if (u_init != NULL && ((u_bt != NULL &&
	    (n = btwalk(uc, pc, (unsigned)s->depth)) > 0) ||
	    (n = unwalk(uc, pc, (unsigned)s->depth)) > 0))
		s->unwound += w;
#endif
	if (n == 0)
		n = fpwalk(uc, pc, (unsigned)s->depth, &whole);
	if (n == s->depth && !whole)
		s->cut += w;
	for (p = 0; p < w; p++)
		rt_hist_add(pc[0]);
	nd = (struct gprt_snode *)(void *)(s + 1);
	for (p = 0, i = n; i-- > 0;)
		if ((p = child(s, nd, (uint32_t *)(void *)(nd + s->blk.cap),
		    p, pc[i])) == 0)
			break;
	if (p == 0)
		s->lost += w;
	else {
		nd[p].self += w;
		barrier();
		s->samples += w;
	}
	errno = saved;
	s_in = 0;
}

/* Start this thread's timer. */
RT_FN static void
starttimer(void)
{
	struct sigevent ev;
	struct itimerspec it;

	if (s_timed)
		return;
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_THREAD_ID;
	ev.sigev_signo = SIGPROF;
	ev._sigev_un._tid = (pid_t)syscall(SYS_gettid);
	if (timer_create(CLOCK_THREAD_CPUTIME_ID, &ev, &s_timer) == -1)
		return;
	memset(&it, 0, sizeof(it));
	it.it_interval.tv_sec = (time_t)(s_blk->period / 1000000000u);
	it.it_interval.tv_nsec = (long)(s_blk->period % 1000000000u);
	it.it_value = it.it_interval;
	if (timer_settime(s_timer, 0, &it, NULL) == -1) {
		timer_delete(s_timer);
		return;
	}
	s_timed = 1;
}

/*
 * libunwind's first use in a thread, outside the handler: its per-thread
 * state is thread-local storage of a dlopen'd library, which glibc
 * allocates with malloc(3) at the thread's first touch of it; made in
 * the handler, that malloc ran inside an interrupted one and broke the
 * heap (ninja -n aborted in 1 run of 5 at 100 Hz).
 */
RT_FN static void
unwarm(void)
{
#ifdef HAVE_UNW
	void *b[4];
	unw_cursor_t c;
	ucontext_t uc;

	if (u_bt != NULL)
		(void)u_bt(b, 4);
	if (u_init != NULL && getcontext(&uc) == 0 &&
	    u_init(&c, (unw_context_t *)&uc, 0) >= 0)
		(void)u_step(&c);
#endif
}

/*
 * This thread's block and timer, before its own code runs (the main
 * thread's at start-up, the others' from pthread_create's wrapper).
 */
RT_FN void
rt_samp_thread(void)
{
	struct rt_thr *t;
	struct gprt_samp *s;
	pthread_attr_t a;
	void *lo;
	size_t sz;
	uint64_t hs;

	if (rt.sample <= 0 || s_blk != NULL || (t = rt_thread()) == NULL)
		return;
	if ((s = t->samp) == NULL) {
		for (hs = 1; hs < 2 * s_nodes; hs <<= 1)
			;
		s = rt_alloc(GPRT_B_SAMPLE, (uint32_t)t->pub.slot,
		    sizeof(*s) + s_nodes * sizeof(struct gprt_snode) +
		    hs * sizeof(uint32_t), s_nodes);
		if (s == NULL)
			return;
		s->blk.n = 1;		/* the root */
		s->period = 1000000000u / (uint64_t)rt.sample;
		s->depth = s_depth;
		s->hslots = hs;
		t->samp = s;
	}
	if (pthread_getattr_np(pthread_self(), &a) == 0) {
		if (pthread_attr_getstack(&a, &lo, &sz) == 0) {
			s_lo = (uintptr_t)lo;
			s_hi = (uintptr_t)lo + sz;
		}
		pthread_attr_destroy(&a);
	}
	s_blk = s;
	unwarm();
	starttimer();
}

/* This thread ends: its timer goes. */
RT_FN void
rt_samp_end(void)
{
	if (s_timed) {
		timer_delete(s_timer);
		s_timed = 0;
	}
	s_blk = NULL;
}

/* The handler, the limits and libunwind; the main thread's sampling. */
RT_FN void
rt_samp_init(void)
{
	struct sigaction sa;
#ifdef HAVE_UNW
	void *h;
#endif

	if (rt.sample <= 0)
		return;
	s_nodes = rt_envnum("GPRT_SAMPLE_NODES", NODES0, UINT32_MAX / 4);
	if (s_nodes < 16)
		s_nodes = 16;
	s_depth = rt_envnum("GPRT_SAMPLE_DEPTH", DEPTH0, DEPTHMAX);
	if (s_depth < 1)
		s_depth = 1;
#ifdef HAVE_UNW
	if (rt_env("GPRT_UNWIND") == NULL ||
	    strcmp(rt_env("GPRT_UNWIND"), "fp") != 0) {
		if ((h = dlopen("libunwind.so.8", RTLD_NOW | RTLD_LOCAL)) !=
		    NULL) {
			*(void **)&u_init = dlsym(h, STR(unw_init_local2));
			*(void **)&u_step = dlsym(h, STR(unw_step));
			*(void **)&u_getreg = dlsym(h, STR(unw_get_reg));
			if (u_step == NULL || u_getreg == NULL)
				u_init = NULL;
			*(void **)&u_bt = dlsym(h, "unw_backtrace");
		}
	}
#endif
	rt.hdr->flags |= GPRT_F_SAMPLE;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = onsample;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGPROF, &sa, NULL) == -1) {
		rt.sample = 0;
		return;
	}
	rt.profh = (void *)onsample;
	rt_samp_thread();
}

/* A forked child: timers are not inherited, its thread's starts anew. */
RT_FN void
rt_samp_fork(void)
{
	s_timed = 0;
	if (rt.sample > 0 && s_blk != NULL)
		starttimer();
}

/*
 * At exit: every object a sample's frame lies in gets its map record
 * (a library dlopen'd after start-up), which the handler cannot make.
 */
RT_FN void
rt_samp_exit(void)
{
	struct gprt_blk *b;
	struct gprt_snode *nd;
	uint64_t i, n;

	if (rt.sample <= 0)
		return;
	FOREACH_BLK(b) {
		if (b->type != GPRT_B_SAMPLE)
			continue;
		nd = (struct gprt_snode *)(void *)((struct gprt_samp *)
		    (void *)b + 1);
		n = __atomic_load_n(&b->n, __ATOMIC_ACQUIRE);
		for (i = 1; i < n; i++)
			rt_map_need(nd[i].pc);
	}
}

/* pthread_create, wrapped: the new thread sampled from its start. */
struct sarg {
	void	*(*fn)(void *);
	void	*arg;
};

RT_FN static void *
sstart(void *p)
{
	struct sarg a = *(struct sarg *)p;

	free(p);
	rt_samp_thread();
	return a.fn(a.arg);
}

int	pthread_create(pthread_t *, const pthread_attr_t *,
	    void *(*)(void *), void *) RT_EXPORT;

RT_FN int
pthread_create(pthread_t *t, const pthread_attr_t *attr,
    void *(*fn)(void *), void *arg)
{
	static int (*real)(pthread_t *, const pthread_attr_t *,
	    void *(*)(void *), void *);
	struct sarg *a;
	int rv;

	if (real == NULL && (*(void **)&real = dlsym(RTLD_NEXT,
	    "pthread_create")) == NULL)
		return EAGAIN;
	if (rt.sample <= 0 || (a = malloc(sizeof(*a))) == NULL)
		return real(t, attr, fn, arg);
	a->fn = fn;
	a->arg = arg;
	if ((rv = real(t, attr, sstart, a)) != 0)
		free(a);
	return rv;
}
