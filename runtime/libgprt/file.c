/*
 * The runtime's memory: the companion file mapped at a fixed reservation
 * of address space, the blocks allocated in it, and private memory
 * straight from the kernel.
 *
 * The tables live in the companion file, mapped MAP_SHARED at a fixed
 * reservation of address space: the kernel keeps every store the program
 * made even if it is killed.  The file grows by appending blocks
 * (struct gprt_blk); nothing is ever freed or moved, so pointers into the
 * mapping stay valid for the life of the process.
 */
#include <sys/mman.h>
#include <sys/file.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "rt.h"

#define FILE_MIN	(64 << 10)
#define FILE_STEP	(64 << 20)
#define HDRSIZE		((sizeof(struct gprt_hdr) + RT_ALIGN - 1) & \
			    ~(size_t)(RT_ALIGN - 1))
#define BLKMAX		4096		/* records in a block, at most */

/* Private memory, straight from the kernel (malloc may be ours). */
RT_FN void *
rt_pmem(size_t n)
{
	void *p;

	p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
	    -1, 0);
	return p == MAP_FAILED ? NULL : p;
}

RT_FN void
rt_pfree(void *p, size_t n)
{
	if (p != NULL)
		munmap(p, n);
}

RT_FN static uint64_t
roundup64(uint64_t v, uint64_t to)
{
	return (v + to - 1) / to * to;
}

/*
 * The companion file by its absolute name (rt.cpath), if it is still the
 * file made at start-up: a descriptor of its own, out of the program's
 * way, locked again.  -1 if not.
 */
RT_FN static int
reopen(void)
{
	struct stat st;
	int fd, hi;

	if (rt.cpath[0] != '/' || (fd = open(rt.cpath, O_RDWR | O_NOFOLLOW |
	    O_CLOEXEC)) == -1)
		return -1;
	if (fstat(fd, &st) == -1 || st.st_dev != rt.dev ||
	    st.st_ino != rt.ino) {
		close(fd);
		return -1;
	}
	if ((hi = fcntl(fd, F_DUPFD_CLOEXEC, 256)) != -1) {
		close(fd);
		fd = hi;
	}
	(void)flock(fd, LOCK_EX | LOCK_NB);
	return fd;
}

/*
 * Is rt.fd still the companion file?  A program that closes every
 * descriptor (a daemon) may have reused the number for a file of its own,
 * which we must never grow or truncate: the file is then opened again by
 * its name, and the old number left to the program.  The mapping needs no
 * descriptor; only growing the file does.
 */
RT_FN static int
fdok(void)
{
	static int warned;
	struct stat st;
	int fd;

	if (rt.fd != -1 && fstat(rt.fd, &st) == 0 && st.st_dev == rt.dev &&
	    st.st_ino == rt.ino)
		return 1;
	if (rt.fd != -1 && (fd = reopen()) != -1) {
		rt.fd = fd;
		return 1;
	}
	if (!warned) {
		warned = 1;
		rt_warn(rt.comp, "descriptor closed by the program and the file "
		    "gone from its place: the tables can no longer grow");
	}
	return 0;
}

/* Make the file hold at least need bytes.  Called with rt.lock held. */
RT_FN static int
grow(uint64_t need)
{
	uint64_t n;
	long pg;

	if (need > rt.reserve)
		return -1;
	if (rt.fd == -1 || need <= rt.fsize)
		return 0;
	if (!fdok())
		return -1;
	pg = sysconf(_SC_PAGESIZE);
	n = rt.fsize * 2;
	if (n > rt.fsize + FILE_STEP)
		n = rt.fsize + FILE_STEP;
	if (n < need)
		n = need;
	if (n < FILE_MIN)
		n = FILE_MIN;
	n = roundup64(n, (uint64_t)(pg > 0 ? pg : 4096));
	if (n > rt.reserve)
		n = rt.reserve;
	/* Reserve the blocks: a store to a hole on a full disk is SIGBUS. */
	if (posix_fallocate(rt.fd, (off_t)rt.fsize,
	    (off_t)(n - rt.fsize)) != 0 && ftruncate(rt.fd, (off_t)n) == -1)
		return -1;
	rt.fsize = n;
	return 0;
}

/*
 * A new block of the given type for thread slot `thread', size bytes in
 * all, zero-filled.  NULL when the reservation or the disk is full.
 */
RT_FN void *
rt_alloc(uint32_t type, uint32_t thread, uint64_t size, uint64_t cap)
{
	struct gprt_blk *b;
	uint64_t off;

	size = roundup64(size, RT_ALIGN);
	pthread_mutex_lock(&rt.lock);
	off = rt.hdr->end;
	if (grow(off + size) == -1) {
		pthread_mutex_unlock(&rt.lock);
		return NULL;
	}
	b = (struct gprt_blk *)(void *)(rt.base + off);
	b->thread = thread;
	b->size = size;
	b->n = 0;
	b->cap = cap;
	b->type = type;
	barrier();
	__atomic_store_n(&rt.hdr->end, off + size, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&rt.lock);
	return b;
}

/*
 * The block after full (or the first, full NULL) of a thread's records of
 * sz bytes each: room for cap0 of them at first, twice full's after, up
 * to BLKMAX.  NULL as rt_alloc().
 */
RT_FN struct gprt_blk *
rt_nextblk(const struct gprt_blk *full, uint32_t type, uint32_t thread,
    uint64_t cap0, size_t sz)
{
	uint64_t cap;

	cap = full == NULL ? cap0 : full->cap * 2;
	if (cap > BLKMAX)
		cap = BLKMAX;
	return rt_alloc(type, thread, sizeof(*full) + cap * sz, cap);
}

/* The names of gmon.out and of the companion, per process if forked. */
RT_FN void
rt_setnames(int forked)
{
	const char *pfx;
	int n;

	pfx = rt_env("GMON_OUT_PREFIX");
	if (pfx != NULL)
		n = snprintf(rt.gmon, sizeof(rt.gmon), "%s.%ld", pfx,
		    (long)rt.pid);
	else if (forked)
		n = snprintf(rt.gmon, sizeof(rt.gmon), "gmon.out.%ld",
		    (long)rt.pid);
	else
		n = snprintf(rt.gmon, sizeof(rt.gmon), "gmon.out");
	if (n < 0 || (size_t)n >= sizeof(rt.gmon) - 5)
		snprintf(rt.gmon, sizeof(rt.gmon), "gmon.out.%ld",
		    (long)rt.pid);
	snprintf(rt.comp, sizeof(rt.comp), "%s.gprt", rt.gmon);
	rt.perpid = pfx != NULL || forked;
}

/*
 * The companion file, locked (flock(2)) for the life of the process and
 * emptied only once locked: a profiled program that runs another one in
 * the same directory (fork and exec, posix_spawn, system, make) finds the
 * name taken by a live process, and that child takes the per-process
 * names gmon.out.PID and gmon.out.PID.gprt instead, as after fork (gprt(3),
 * Nested processes).  Neither ever truncates or maps the other's file.
 */
RT_FN static int
opencomp(void)
{
	struct stat st;
	char dir[4096];
	int fd, hi, n;

	for (;;) {
		fd = open(rt.comp, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC,
		    0666);
		if (fd == -1) {
			rt_warn(rt.comp, strerror(errno));
			return -1;
		}
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			break;
		close(fd);
		if (errno != EWOULDBLOCK || rt.perpid) {
			rt_warn(rt.comp, "taken by a running process");
			return -1;
		}
		rt_setnames(1);	/* the name is a live process's */
	}
	if (ftruncate(fd, 0) == -1) {
		rt_warn(rt.comp, strerror(errno));
		close(fd);
		return -1;
	}
	/* Out of the way of the program's own descriptors. */
	if ((hi = fcntl(fd, F_DUPFD_CLOEXEC, 256)) != -1) {
		close(fd);
		fd = hi;
	}
	if (fstat(fd, &st) == -1) {
		close(fd);
		return -1;
	}
	rt.dev = st.st_dev;
	rt.ino = st.st_ino;
	/*
	 * Its absolute name, for a program that closes the descriptor or
	 * changes directory (fdok(), rt_file_finish()): a name, not a
	 * descriptor of the directory, which such a program would close too.
	 */
	if (getcwd(dir, sizeof(dir)) == NULL || (n = snprintf(rt.cpath,
	    sizeof(rt.cpath), "%s/%s", dir, rt.comp)) < 0 ||
	    (size_t)n >= sizeof(rt.cpath))
		rt.cpath[0] = '\0';
	return fd;
}

/* Reserve address space for the tables: the file, or anonymous memory. */
RT_FN static int
reserve(void)
{
	size_t r;
	void *p;

	r = sizeof(void *) == 8 ? (size_t)1 << 34 : (size_t)1 << 28;
	for (; r >= ((size_t)16 << 20); r /= 2) {
		if (rt.fd != -1)
			p = mmap(NULL, r, PROT_READ | PROT_WRITE, MAP_SHARED,
			    rt.fd, 0);
		else
			p = mmap(NULL, r, PROT_READ | PROT_WRITE, MAP_PRIVATE |
			    MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (p != MAP_FAILED) {
			rt.base = p;
			rt.reserve = r;
			return 0;
		}
	}
	return -1;
}

/*
 * At start-up: the names, the companion file (unless GPRT_COMPANION=0),
 * the reservation mapped and the header written.  -1 on failure, said.
 */
RT_FN int
rt_file_init(void)
{
	struct timespec ts;
	struct gprt_hdr *h;

	rt_setnames(0);
	if (rt.companion)
		rt.fd = opencomp();
	if (reserve() == -1) {
		if (rt.fd != -1) {
			close(rt.fd);
			unlink(rt.comp);
		}
		rt_warn("gprt", "cannot map the profile tables");
		return -1;
	}
	rt.hdr = h = (struct gprt_hdr *)(void *)rt.base;
	if (grow(FILE_MIN) == -1) {
		rt_warn(rt.comp, "cannot grow the file");
		return -1;
	}
	memcpy(h->magic, GPRT_MAGIC, sizeof(h->magic));
	h->version = GPRT_VERSION;
	h->order = GPRT_ORDER;
	h->hdrsize = HDRSIZE;
	h->ptrsize = sizeof(void *);
	h->base = (uintptr_t)rt.base;
	h->pid = (uint64_t)rt.pid;
	h->ppid = (uint64_t)getppid();
	h->state = GPRT_RUNNING;
	clock_gettime(CLOCK_REALTIME, &ts);
	h->start_sec = (uint64_t)ts.tv_sec;
	h->end = HDRSIZE;
	return 0;
}

/*
 * Move the tables of a forked child, still in private memory, into a file
 * of its own.  Called with rt.lock held.
 */
RT_FN void
rt_file_make(void)
{
	uint64_t end, off;
	ssize_t n;
	void *p;
	int fd;

	rt.pending = 0;
	if ((fd = opencomp()) == -1)
		return;
	end = rt.hdr->end;
	for (off = 0; off < end; off += (uint64_t)n)
		if ((n = write(fd, rt.base + off, end - off)) <= 0)
			goto fail;
	rt.fd = fd;
	rt.fsize = end;
	if (grow(end + FILE_MIN) == -1)
		goto fail;
	p = mmap(rt.base, rt.reserve, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_FIXED, fd, 0);
	if (p == MAP_FAILED) {
		/* The old mapping is gone only if mmap succeeded. */
		goto fail;
	}
	return;
fail:
	rt_warn(rt.comp, strerror(errno));
	rt.fd = -1;
	close(fd);
	unlink(rt.comp);
}

/*
 * A checkpoint's part: a forked child's file made if still pending, and
 * msync(2) if GPRT_SYNC asks.
 */
RT_FN void
rt_file_sync(void)
{
	if (rt.pending) {
		pthread_mutex_lock(&rt.lock);
		if (rt.pending)
			rt_file_make();
		pthread_mutex_unlock(&rt.lock);
	}
	if (rt.sync && rt.fd != -1)
		msync(rt.base, rt.hdr->end, MS_SYNC);
}

/*
 * Before a fork, with no block being added and the companion open: a
 * private copy of the tables for the child (rt.snap, NULL if none), taken
 * in the parent, so that nothing the parent does after the fork reaches
 * the child's profile.
 */
RT_FN void
rt_file_snap(void)
{
	rt.snaplen = rt.hdr->end;
	if ((rt.snap = rt_pmem(rt.snaplen)) != NULL)
		memcpy(rt.snap, rt.base, rt.snaplen);
}

/*
 * The child of a fork: the tables, copied from rt.snap to private memory
 * at the same addresses, leave the parent's file (rt_file_make() makes
 * the child's own later).  -1 if they cannot: the child must stop
 * profiling, its stores would reach the parent's file.
 */
RT_FN int
rt_file_detach(void)
{
	void *p;

	if (rt.fd == -1)
		return 0;
	p = MAP_FAILED;
	if (rt.snap != NULL)
		p = mmap(rt.base, rt.reserve, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE |
		    MAP_FIXED, -1, 0);
	if (p == MAP_FAILED)
		return -1;
	memcpy(rt.base, rt.snap, rt.snaplen);
	rt_pfree(rt.snap, rt.snaplen);
	rt.snap = NULL;
	if (fdok())
		close(rt.fd);
	rt.fd = -1;
	rt.pending = rt.companion;
	return 0;
}

/*
 * At exit: the companion file cut to its blocks, and moved beside
 * gmon.out if the program changed directory.
 */
RT_FN void
rt_file_finish(void)
{
	struct stat a, c;

	if (rt.fd == -1 || !fdok())
		return;
	if (ftruncate(rt.fd, (off_t)rt.hdr->end) == 0)
		rt.fsize = rt.hdr->end;
	/* Keep the companion beside gmon.out if the program moved. */
	if (rt.cpath[0] == '/' && stat(rt.cpath, &a) == 0 &&
	    a.st_dev == rt.dev && a.st_ino == rt.ino &&
	    (stat(rt.comp, &c) == -1 || c.st_dev != rt.dev ||
	    c.st_ino != rt.ino))
		rename(rt.cpath, rt.comp);
}
