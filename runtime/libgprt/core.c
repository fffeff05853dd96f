/*
 * The runtime's lifecycle: start-up, a thread's end, fork, vfork, exit
 * and _exit.
 * Each step asks the files below for its parts (rt.h lists them in the
 * order they call one another); none of them calls back here, but for
 * the start-up, which they reach through rt_start.
 */
#include <sys/syscall.h>

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>

#include "rt.h"

static pthread_mutex_t initlock = PTHREAD_MUTEX_INITIALIZER;
static int exited;		/* rt_exit() has run in this process */

static int	rt_init(void);
static void	rt_exit(void);
static void	fork_prepare(void);
static void	fork_parent(void);
static void	fork_child(void);
static void	thr_exit(void *);

/*
 * The start-up, for rt_thread() (thread.c): a thread's first call or
 * allocation may come before the constructor below, from another
 * object's constructors.
 */
int	(*const rt_start)(void) = rt_init;

RT_FN static int
setup(void)
{
	struct gprt_hdr *h;

	rt.pid = getpid();
	rt.companion = (int)rt_envnum("GPRT_COMPANION", 1, 1);
	rt.hz = (int)rt_envnum("GPRT_HZ", 100, 10000);
	rt.sample = (int)rt_envnum("GPRT_SAMPLE", 0, 10000);
	if (rt.sample > 0)	/* the histogram is the samples' */
		rt.hz = rt.sample;
	rt.mem = (int)rt_envnum("GPRT_MEM", 0, 1);
	rt.inline_calls = (int)rt_envnum("GPRT_INLINE", 1, 1);
	rt.sync = (int)rt_envnum("GPRT_SYNC", 0, 1);
	rt.maxthreads = rt_envnum("GPRT_MAXTHREADS", 256, UINT32_MAX);
	rt.fresh = rt_env("GPRT_FORK") != NULL &&
	    strcmp(rt_env("GPRT_FORK"), "fresh") == 0;
	if (rt_file_init() == -1)
		return -1;
	h = rt.hdr;
	rt_clock_init();
	rt.flush_ticks = rt_envnum("GPRT_FLUSH", 1000, 86400000) *
	    ((h->cal1_ticks - h->cal0_ticks) * 1000000 /
	    (h->cal1_ns - h->cal0_ns));
	if (rt.flush_ticks == 0)
		rt.flush_ticks = 1;
	rt_map_init();
	if (rt.hz > 0)
		rt_hist_init();
	if (rt.mem)
		h->flags |= GPRT_F_MEM;
	rt_coll_init();
	if (pthread_key_create(&rt.key, thr_exit) != 0)
		return -1;
	return 0;
}

/* Start the runtime once per process.  1 when ready. */
RT_FN static int
rt_init(void)
{
	int st = RT_FAILED;

	if (likely(__atomic_load_n(&rt.state, __ATOMIC_ACQUIRE) == RT_READY))
		return 1;
	if (rt_inside)
		return 0;
	rt_inside = 1;
	pthread_mutex_lock(&initlock);
	if (rt.state == RT_NONE) {
		rt.state = RT_INIT;
		if (setup() == 0) {
			pthread_atfork(fork_prepare, fork_parent, fork_child);
			atexit(rt_exit);
			rt_hist_start();
			st = RT_READY;
		} else
			st = RT_FAILED;
		__atomic_store_n(&rt.state, st, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&initlock);
	rt_inside = 0;
	if (st == RT_READY && rt.sample > 0)
		rt_samp_init();
	return rt.state == RT_READY;
}

__attribute__((__constructor__)) RT_FN static void
rt_ctor(void)
{
	rt_init();
}

/* A thread ends: close what it left open and give the slot back. */
RT_FN static void
thr_exit(void *arg)
{
	struct rt_thr *t = arg;

	rt_samp_end();
	if (t == NULL || t != rt_self)
		return;
	rt_busy(t);
	rt_close_all(t, rt_now());
	rt_thread_end(t);
}

/*
 * Before a fork, with no block being added: a private copy of the tables
 * for the child, taken in the parent, so that nothing the parent does
 * after the fork reaches the child's profile.
 */
RT_FN static void
fork_prepare(void)
{
	rt_map_lock(1);
	pthread_mutex_lock(&rt.lock);
	rt_mem_lock(1);
	rt.snap = NULL;
	if (rt.state == RT_READY && rt.fd != -1)
		rt_file_snap();
}

RT_FN static void
fork_parent(void)
{
	rt_pfree(rt.snap, rt.snaplen);
	rt.snap = NULL;
	rt_mem_lock(0);
	pthread_mutex_unlock(&rt.lock);
	rt_map_lock(0);
}

/*
 * A thread of the parent, absent from a forked child: its calls open at
 * the fork are closed then, as a killed thread's, so that their callees'
 * time, counted before the fork, stays inside them.  Its collectors are
 * not told: their state is the parent thread's.
 */
RT_FN static void
lost(struct rt_thr *t, uint64_t now)
{
	int n = t->ncoll;

	t->ncoll = 0;
	rt_close_all(t, now);
	t->ncoll = n;
}

/*
 * The child of a fork: only the forking thread survives.  Its tables are
 * copied to private memory at once (the parent keeps the shared file) and
 * go to a file of the child's own at the first checkpoint, GPRT_FLUSH ms
 * later, or at exit: a child that execs at once leaves no file behind.
 */
RT_FN static void
fork_child(void)
{
	struct gprt_blk *b;
	struct gprt_arc *a;
	struct rt_thr *t;
	uint64_t now, i;

	rt_mem_lock(0);
	pthread_mutex_init(&rt.lock, NULL);
	rt_map_lock(0);
	exited = 0;
	if (rt.state != RT_READY)
		return;
	now = rt_now();
	rt.pid = getpid();
	rt.freeslots = NULL;
	if (rt_file_detach() == -1) {
		/* Cannot separate from the parent: stop here. */
		rt.state = RT_FAILED;
		rt_self = rt_cur = rt_noinl = NULL;
		rt_tdone = 1;
		return;
	}
	rt.hdr->pid = (uint64_t)rt.pid;
	rt.hdr->ppid = (uint64_t)getppid();
	rt.hdr->fork_ticks = now;
	rt.hdr->state = GPRT_RUNNING;
	rt.hdr->end_ticks = rt.hdr->end_ns = 0;
	if (rt.fresh)
		rt.hdr->flags |= GPRT_F_FRESH;
	rt_setnames(1);
	FOREACH_BLK(b) {
		if (b->type == GPRT_B_THREAD && (struct rt_thr *)(void *)b !=
		    rt_self) {
			t = (struct rt_thr *)(void *)b;
			if (t->pub.state == GPRT_T_RUNNING)
				t->pub.state = GPRT_T_LOST;
			if (rt.fresh) {
				rt_settop(t, t->frames);
				t->frames[0].child = 0;
			} else
				lost(t, now);
		} else if (b->type == GPRT_B_ARCS && rt.fresh) {
			a = (struct gprt_arc *)(void *)(b + 1);
			for (i = 0; i < b->n; i++)
				a[i].count = a[i].self = a[i].incl = 0;
		}
	}
	if (rt.fresh && rt.hist != NULL) {
		memset(rt.bins, 0, rt.hist->nbins * sizeof(*rt.bins));
		rt.hist->outside = 0;
	}
	if ((t = rt_self) != NULL) {
		if (rt.fresh) {
			for (i = 0; i <= rt_depth(t); i++) {
				t->frames[i].t0 = now;
				t->frames[i].child = 0;
			}
		}
		t->next_cp = now + rt.flush_ticks;
	}
	rt_hist_start();
	rt_samp_fork();
}

/* exit(3) and _exit(2): write gmon.out, finish the companion; once. */
RT_FN static void
rt_exit(void)
{
	struct gprt_blk *b;
	struct rt_thr *t, *me;
	char path[64];
	ssize_t n;
	int fd;

	if (rt.state != RT_READY || rt.pid != getpid() || exited)
		return;
	me = rt_self;
	if (me != NULL) {
		if (me->busy)
			return;
		rt_busy(me);
	}
	exited = 1;
	rt_inside = 1;
	pthread_mutex_lock(&rt.lock);
	if (rt.pending)
		rt_file_make();
	pthread_mutex_unlock(&rt.lock);
	rt_clock_pair(&rt.hdr->end_ticks, &rt.hdr->end_ns);
	FOREACH_BLK(b) {
		if (b->type != GPRT_B_THREAD)
			continue;
		t = (struct rt_thr *)(void *)b;
		if (t->pub.state != GPRT_T_RUNNING)
			continue;
		snprintf(path, sizeof(path), "/proc/self/task/%llu/comm",
		    (unsigned long long)t->pub.tid);
		if ((fd = open(path, O_RDONLY | O_CLOEXEC)) != -1) {
			n = read(fd, path, sizeof(t->pub.name));
			close(fd);
			if (n > 0) {
				if (path[n - 1] == '\n')
					n--;
				memset(t->pub.name, 0, sizeof(t->pub.name));
				memcpy(t->pub.name, path, (size_t)n);
			}
		}
	}
	/* The thread calling exit(3) ends here; the others end with it. */
	if (me != NULL) {
		rt_cputime(me, 0);
		me->pub.state = GPRT_T_EXITED;
	}
	rt_hist_check();
	rt_coll_stop();
	rt_samp_exit();
	rt_gmon_write(rt.gmon);
	rt.hdr->state = GPRT_EXITED;
	rt_file_finish();
	rt_inside = 0;
	if (me != NULL)
		rt_unbusy(me);
}

/*
 * vfork(2) made fork(2).  A vfork child shares the parent's memory until
 * it execs or ends, and with it the shadow stack and the tables of the
 * thread that called vfork: its calls (those of a shell running a
 * command, say) would be counted as the parent's, the frames it leaves
 * open by execve charged to the parent's callers.  As a forked child it
 * has tables of its own, and leaves no file if it execs at once.  What
 * vfork's child may do is a part of what fork's may.
 */
RT_EXPORT RT_FN pid_t
vfork(void)
{
	return fork();
}

/*
 * _exit(2) and _Exit(3) end the process as exit(3) does for the
 * profile: gmon.out written, the companion finished.  A shell's subshells
 * and the children of many servers end so; a forked child's tables,
 * still in private memory before its first checkpoint, would otherwise
 * be lost with it.  glibc's exit(3) reaches the kernel by its own way,
 * not through these.  Not from a signal handler that interrupted the
 * runtime (rt_exit() keeps out then).
 */
RT_EXPORT RT_FN __attribute__((__noreturn__)) void
_exit(int status)
{
	rt_exit();
	for (;;)
		syscall(SYS_exit_group, status);
}

RT_EXPORT RT_FN __attribute__((__noreturn__)) void
_Exit(int status)
{
	_exit(status);
}


/*
 * swapcontext(3) and setcontext(3), counted: a coroutine library that
 * switches stacks leaves each stack's calls open on the one shadow stack
 * of the thread, so that the times of calls open across a switch are not
 * measured right (their counts are).  The header keeps the number of
 * switches for the reader to say so (gprt(3), Hostile programs).
 */
RT_FN static void
switched(void)
{
	if (__atomic_load_n(&rt.state, __ATOMIC_ACQUIRE) == RT_READY)
		__atomic_add_fetch(&rt.hdr->switches, 1, __ATOMIC_RELAXED);
}

RT_EXPORT RT_FN int
swapcontext(ucontext_t *o, const ucontext_t *u)
{
	static int (*real)(ucontext_t *, const ucontext_t *);

	if (real == NULL && (*(void **)&real = dlsym(RTLD_NEXT,
	    "swapcontext")) == NULL) {
		errno = ENOSYS;
		return -1;
	}
	switched();
	return real(o, u);
}

RT_EXPORT RT_FN int
setcontext(const ucontext_t *u)
{
	static int (*real)(const ucontext_t *);

	if (real == NULL && (*(void **)&real = dlsym(RTLD_NEXT,
	    "setcontext")) == NULL) {
		errno = ENOSYS;
		return -1;
	}
	switched();
	return real(u);
}
