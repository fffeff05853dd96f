/*
 * Thread slots: each thread's block in the companion file with its
 * shadow stack and private indexes, made at its first call, given back
 * at its end, reached by its periodic checkpoint and by a dlclose.
 *
 * Calls file.c, clock.c and coll.c; the runtime's start-up, above, only
 * through rt_start (core.c), since a thread's first call or allocation
 * may come before libgprt's constructor has run.
 */
#include <sys/prctl.h>
#include <sys/syscall.h>

#include <signal.h>
#include <time.h>
#include <unistd.h>

#include "rt.h"

#define STACK0		256
#define IDX0		256

_Thread_local struct rt_thr *rt_self RT_TLS;
_Thread_local struct rt_thr *rt_cur RT_TLS;
_Thread_local struct rt_thr *rt_noinl RT_TLS;

/* The arc of every thread's root frame: it matches no exit. */
static struct gprt_arc rootarc;
_Thread_local int rt_inside RT_TLS;
_Thread_local int rt_tdone RT_TLS;

/* This thread's CPU time and signal mask when last looked at (rt_cputime()) */
static _Thread_local uint64_t c_base RT_TLS, c_prev RT_TLS;
static _Thread_local int c_masked RT_TLS;

RT_FN static uint64_t
gettid_(void)
{
	return (uint64_t)syscall(SYS_gettid);
}

/*
 * The CPU time of thread t so far, and how much of it ran with SIGPROF
 * blocked, where no PC sample can interrupt it (gprt(3), Threads and
 * processes): the time between two looks that both found it blocked, so
 * that a handler that blocks it for a moment is not charged a second.
 * A slot reused by another thread adds to what the others left.  At the
 * thread's start, its checkpoints and its end.
 */
RT_FN void
rt_cputime(struct rt_thr *t, int first)
{
	struct timespec ts;
	sigset_t set;
	uint64_t c;
	int m;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == -1 ||
	    pthread_sigmask(SIG_BLOCK, NULL, &set) != 0)
		return;
	c = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
	m = sigismember(&set, SIGPROF) == 1;
	if (first)
		c_base = t->pub.cpu_ns;
	else if (m && c_masked && c > c_prev)
		t->pub.masked_ns += c - c_prev;
	c_prev = c;
	c_masked = m;
	t->pub.cpu_ns = c_base + c;
}

/* This thread's slot, made on first use.  NULL if profiling is off. */
RT_FN struct rt_thr *
rt_thread(void)
{
	struct rt_thr *t;
	struct gprt_blk *sb;
	uint64_t slot;

	if (rt_self != NULL)
		return rt_self;
	if (rt_tdone || rt_inside || !rt_start())
		return NULL;
	rt_inside = 1;
	t = NULL;
	pthread_mutex_lock(&rt.lock);
	if (rt.freeslots != NULL && rt.nslots >= rt.maxthreads) {
		t = rt.freeslots;
		rt.freeslots = t->nextfree;
		t->nextfree = NULL;
	}
	pthread_mutex_unlock(&rt.lock);
	if (t != NULL) {
		t->pub.nthreads++;
		t->pub.state = GPRT_T_RUNNING;
		goto done;
	}
	pthread_mutex_lock(&rt.lock);
	slot = ++rt.nslots;
	rt.hdr->nthreads = slot;
	pthread_mutex_unlock(&rt.lock);
	t = rt_alloc(GPRT_B_THREAD, (uint32_t)slot, sizeof(*t), 1);
	sb = rt_alloc(GPRT_B_STACK, (uint32_t)slot, sizeof(*sb) +
	    STACK0 * sizeof(struct gprt_frame), STACK0);
	if (t == NULL || sb == NULL ||
	    (t->idx = rt_pmem(IDX0 * sizeof(*t->idx))) == NULL ||
	    (t->fidx = rt_pmem(IDX0 * sizeof(*t->fidx))) == NULL) {
		rt_inside = 0;
		rt_tdone = 1;
		return NULL;
	}
	t->mask = IDX0 - 1;
	t->fmask = IDX0 - 1;
	t->frames = (struct gprt_frame *)(void *)(sb + 1);
	t->frames[0].arc = (uintptr_t)&rootarc;
	t->frames[0].sp = UINTPTR_MAX;
	t->cap = STACK0;
	t->limit = t->frames + STACK0 - 1;
	rt_settop(t, t->frames);
	t->pub.stack = (uint64_t)((char *)sb - rt.base);
	t->pub.slot = slot;
	t->pub.tid = gettid_();
	t->pub.nthreads = 1;
	t->pub.state = GPRT_T_RUNNING;
	prctl(PR_GET_NAME, t->pub.name, 0, 0, 0);
	if (rt.ncoll > 0)
		rt_coll_thread(t);
done:
	t->hook = 0;
	rt_clock_pair(&t->pub.cp_ticks, &t->pub.cp_ns);
	t->next_cp = t->pub.cp_ticks + rt.flush_ticks;
	t->pub.last = t->pub.cp_ticks;
	rt_cputime(t, 1);
	rt_self = t;
	rt_setcur(t);
	pthread_setspecific(rt.key, t);
	rt_inside = 0;
	return t;
}

/*
 * This thread has ended, its open calls closed (core.c, thr_exit()): its
 * name and clock pair a last time, and its slot back on the free list.
 */
RT_FN void
rt_thread_end(struct rt_thr *t)
{
	prctl(PR_GET_NAME, t->pub.name, 0, 0, 0);
	rt_clock_pair(&t->pub.cp_ticks, &t->pub.cp_ns);
	rt_cputime(t, 0);
	t->pub.state = GPRT_T_EXITED;
	rt_self = NULL;
	rt_tdone = 1;
	t->busy = 0;
	pthread_mutex_lock(&rt.lock);
	t->nextfree = rt.freeslots;
	rt.freeslots = t;
	pthread_mutex_unlock(&rt.lock);
}

/*
 * A checkpoint of thread t: the clock pair the reader calibrates with,
 * the thread's name, a forked child's own file and msync(2) if asked
 * (rt_file_sync()).  Every GPRT_FLUSH ms, from the hooks.
 */
RT_FN void
rt_checkpoint(struct rt_thr *t, uint64_t now)
{
	if (t->busy)
		return;
	rt_busy(t);
	t->pub.last = now;
	rt_clock_pair(&t->pub.cp_ticks, &t->pub.cp_ns);
	prctl(PR_GET_NAME, t->pub.name, 0, 0, 0);
	rt_cputime(t, 0);
	rt_file_sync();
	t->next_cp = now + rt.flush_ticks;
	rt_unbusy(t);
}

/*
 * dlclose retired an object (map.c): every thread drops the arcs naming
 * it from its index at its next entry, which the limit sends to the slow
 * path (hooks.c); the fast paths never test anything else for it.
 */
RT_FN void
rt_retire(void)
{
	struct gprt_blk *b;
	struct rt_thr *t;

	pthread_mutex_lock(&rt.lock);
	__atomic_add_fetch(&rt.gen, 1, __ATOMIC_RELEASE);
	FOREACH_BLK(b) {
		if (b->type != GPRT_B_THREAD)
			continue;
		t = (struct rt_thr *)(void *)b;
		if (t->pub.state == GPRT_T_RUNNING && t->frames != NULL)
			__atomic_store_n(&t->limit, t->frames, __ATOMIC_RELAXED);
	}
	pthread_mutex_unlock(&rt.lock);
}
