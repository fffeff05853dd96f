/*
 * The stable sort of libgp and the tools (stream.h): glibc's qsort, which
 * gprof sorts with, is this top-down merge sort (msort_with_tmp): halves
 * of n / 2 and n - n / 2, and a merge that takes from the left half while
 * cmp(left, right) <= 0.  With the same comparisons in the same order,
 * gprof's comparison functions, some of which are not total orders, give
 * the same order here as in gprof; ties keep the input's order.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stream/stream.h"

struct ms {
	size_t		 size;
	int		(*cmp)(const void *, const void *, void *);
	void		*arg;
	char		*tmp;
};

static void
msort_words(const struct ms *m, uintptr_t *b, size_t n)
{
	uintptr_t *b1, *b2, *t;
	size_t n1, n2;

	if (n <= 1)
		return;
	n1 = n / 2;
	n2 = n - n1;
	b1 = b;
	b2 = b + n1;
	msort_words(m, b1, n1);
	msort_words(m, b2, n2);
	t = (uintptr_t *)(void *)m->tmp;
	while (n1 > 0 && n2 > 0) {
		if (m->cmp(b1, b2, m->arg) <= 0) {
			*t++ = *b1++;
			n1--;
		} else {
			*t++ = *b2++;
			n2--;
		}
	}
	if (n1 > 0)
		memcpy(t, b1, n1 * sizeof(*t));
	memcpy(b, m->tmp, (n - n2) * sizeof(*b));
}

static void
msort_any(const struct ms *m, char *b, size_t n)
{
	char *b1, *b2, *t;
	size_t n1, n2, s = m->size;

	if (n <= 1)
		return;
	n1 = n / 2;
	n2 = n - n1;
	b1 = b;
	b2 = b + n1 * s;
	msort_any(m, b1, n1);
	msort_any(m, b2, n2);
	t = m->tmp;
	while (n1 > 0 && n2 > 0) {
		if (m->cmp(b1, b2, m->arg) <= 0) {
			memcpy(t, b1, s);
			b1 += s;
			n1--;
		} else {
			memcpy(t, b2, s);
			b2 += s;
			n2--;
		}
		t += s;
	}
	if (n1 > 0)
		memcpy(t, b1, n1 * s);
	memcpy(b, m->tmp, (n - n2) * s);
}

void
gp_msort(void *base, size_t n, size_t size,
    int (*cmp)(const void *, const void *, void *), void *arg)
{
	struct ms m;

	if (n <= 1)
		return;
	m.size = size;
	m.cmp = cmp;
	m.arg = arg;
	m.tmp = gp_xreallocarray(NULL, n, size);
	if (size == sizeof(uintptr_t) && (uintptr_t)base % sizeof(uintptr_t) == 0)
		msort_words(&m, base, n);
	else
		msort_any(&m, base, n);
	free(m.tmp);
}
