/*
 * gmon.out, written at exit: the plain GNU file, as glibc writes it for
 * gcc -pg, so the installed gprof reads it: a histogram record over the
 * executable's text, then one arc record per (call site, callee) inside
 * the executable, addresses as link-time VMAs (the load bias of a PIE
 * taken off), counts summed over the threads.  Calls to or from other
 * objects stay in the companion file only, as glibc drops them.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rt.h"

#define HIST_TAG	0
#define ARC_TAG		1
#define HISTMAX		65535u

struct out {
	int		fd;
	int		err;
	size_t		n;
	unsigned char	buf[1 << 16];
};

struct rarc {
	uint64_t	from, self, count;
};

RT_FN static void
flush(struct out *o)
{
	size_t off;
	ssize_t w;

	for (off = 0; off < o->n && !o->err; off += (size_t)w)
		if ((w = write(o->fd, o->buf + off, o->n - off)) <= 0)
			o->err = errno != 0 ? errno : EIO;
	o->n = 0;
}

RT_FN static void
put(struct out *o, const void *p, size_t len)
{
	const unsigned char *s = p;
	size_t k;

	while (len > 0) {
		if (o->n == sizeof(o->buf))
			flush(o);
		k = sizeof(o->buf) - o->n;
		if (k > len)
			k = len;
		memcpy(o->buf + o->n, s, k);
		o->n += k;
		s += k;
		len -= k;
	}
}

RT_FN static void
putaddr(struct out *o, uint64_t a)
{
	uintptr_t p = (uintptr_t)a;

	put(o, &p, sizeof(p));
}

RT_FN static int
cmparc(const void *a, const void *b)
{
	const struct rarc *x = a, *y = b;

	if (x->from != y->from)
		return x->from < y->from ? -1 : 1;
	if (x->self != y->self)
		return x->self < y->self ? -1 : 1;
	return 0;
}

RT_FN static int
inexe(uint64_t a)
{
	a -= rt.exe_bias;
	return a >= rt.exe_low && a < rt.exe_high;
}

/* The executable's arcs, merged over threads and sorted.  *np of them. */
RT_FN static struct rarc *
arcs(size_t *np, size_t *szp)
{
	struct gprt_blk *b;
	struct gprt_arc *a;
	struct rarc *r;
	uint64_t end, i;
	size_t n, k, sz;

	n = 0;
	end = rt.hdr->end;
	for (b = (struct gprt_blk *)(void *)(rt.base + rt.hdr->hdrsize);
	    (char *)b < rt.base + end;
	    b = (struct gprt_blk *)(void *)((char *)b + b->size))
		if (b->type == GPRT_B_ARCS)
			n += b->n;
	*szp = sz = (n + 1) * sizeof(*r);
	if ((r = rt_pmem(sz)) == NULL)
		return NULL;
	k = 0;
	for (b = (struct gprt_blk *)(void *)(rt.base + rt.hdr->hdrsize);
	    (char *)b < rt.base + end && k < n;
	    b = (struct gprt_blk *)(void *)((char *)b + b->size)) {
		if (b->type != GPRT_B_ARCS)
			continue;
		a = (struct gprt_arc *)(void *)(b + 1);
		for (i = 0; i < b->n && k < n; i++) {
			if (a[i].count == 0 || !inexe(a[i].site) ||
			    !inexe(a[i].fn))
				continue;
			r[k].from = a[i].site - rt.exe_bias;
			r[k].self = a[i].fn - rt.exe_bias;
			r[k].count = a[i].count;
			k++;
		}
	}
	qsort(r, k, sizeof(*r), cmparc);
	for (i = n = 0; i < k; i++) {
		if (n > 0 && r[n - 1].from == r[i].from &&
		    r[n - 1].self == r[i].self)
			r[n - 1].count += r[i].count;
		else
			r[n++] = r[i];
	}
	*np = n;
	return r;
}

/* One histogram record: the bins above `skip' samples, at most 65535. */
RT_FN static void
histrec(struct out *o, uint64_t nbins, uint64_t skip)
{
	uint32_t n32, rate;
	uint64_t i, v;
	uint16_t v16;
	char dimen[15];

	put(o, &(unsigned char){ HIST_TAG }, 1);
	putaddr(o, rt.exe_low);
	putaddr(o, rt.exe_high);
	n32 = (uint32_t)nbins;
	put(o, &n32, 4);
	rate = rt.hz > 0 ? (uint32_t)rt.hz : 100;
	put(o, &rate, 4);
	memset(dimen, 0, sizeof(dimen));
	memcpy(dimen, "seconds", 7);
	put(o, dimen, sizeof(dimen));
	put(o, "s", 1);
	for (i = 0; i < nbins; i++) {
		v = rt.bins != NULL ? rt.bins[i] : 0;
		v = v > skip ? v - skip : 0;
		v16 = (uint16_t)(v > HISTMAX ? HISTMAX : v);
		put(o, &v16, 2);
	}
}

RT_FN int
rt_gmon_write(const char *path)
{
	static struct out o;
	struct rarc *r;
	uint64_t nbins, maxbin, i, c, skip;
	uint32_t c32;
	size_t n, sz;

	o.fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW |
	    O_CLOEXEC, 0666);
	if (o.fd == -1) {
		rt_warn(path, strerror(errno));
		return -1;
	}
	o.err = 0;
	o.n = 0;
	put(&o, "gmon", 4);
	c32 = 1;
	put(&o, &c32, 4);
	put(&o, "\0\0\0\0\0\0\0\0\0\0\0\0", 12);
	if (rt.hist != NULL)
		nbins = rt.hist->nbins;
	else {
		nbins = rt.exe_high > rt.exe_low ?
		    ((rt.exe_high - rt.exe_low) / 2 + sizeof(long) - 1) /
		    sizeof(long) * sizeof(long) / 2 : 0;
	}
	maxbin = 0;
	for (i = 0; rt.bins != NULL && i < nbins; i++)
		if (rt.bins[i] > maxbin)
			maxbin = rt.bins[i];
	/* Bins over 65535 go on in more records: gprof adds them up. */
	skip = 0;
	do {
		histrec(&o, nbins, skip);
		skip += HISTMAX;
	} while (skip < maxbin);
	r = arcs(&n, &sz);
	for (i = 0; r != NULL && i < n; i++) {
		/* Counts are 32 bits in the file: split larger ones. */
		for (c = r[i].count; c > 0; c -= c32) {
			c32 = c > UINT32_MAX ? UINT32_MAX : (uint32_t)c;
			put(&o, &(unsigned char){ ARC_TAG }, 1);
			putaddr(&o, r[i].from);
			putaddr(&o, r[i].self);
			put(&o, &c32, 4);
		}
	}
	rt_pfree(r, sz);
	flush(&o);
	if (close(o.fd) == -1 && o.err == 0)
		o.err = errno;
	if (o.err != 0) {
		rt_warn(path, strerror(o.err));
		return -1;
	}
	return 0;
}
