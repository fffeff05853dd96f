/*
 * At -O2 gcc moves the cold path of big() into big.cold and splits the
 * early return of part() off as part.part.0: local symbols gprof skips.
 */
#include <stdio.h>

extern void report(int) __attribute__((cold));

void
report(int x)
{
	printf("%d\n", x);
}

int
big(int x, int *p)
{
	int i, s = 0;

	for (i = 0; i < x; i++) {
		if (p[i] < 0) {
			report(i);
			report(p[i]);
			s -= p[i] * 3;
			continue;
		}
		s += i * x + p[i];
	}
	return s;
}

static int
part(int *p, int n)
{
	int i, s = 0;

	if (p == 0)
		return 0;
	for (i = 0; i < n; i++) {
		s += p[i] * p[i] ^ (s >> 3);
		s += big(p[i] & 7, p);
		s = s * 7 + p[i];
		s ^= s >> 5;
	}
	return s;
}

int
usepart(int *p, int n)
{
	return part(p, n) + part(p, n / 2) + part(0, n);
}
