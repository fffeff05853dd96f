/*
 * Many calling contexts: 32 functions, each calling every one of them
 * through one call site down to depth 3 (main calls them at depth 1), so
 * that the distinct paths number some 30,000 (a function already on a
 * path folds into its node).  Beyond 16,384: the size of a real C++
 * program's first second.
 */
#define N	32

typedef void fn(int);

static fn *tab[N];
static volatile long sink;

/* each its own loop: a helper they shared would fold every path */
#define F(n)								\
static void								\
f##n(int d)								\
{									\
	int i;								\
									\
	sink++;								\
	if (d < 3)							\
		for (i = 0; i < N; i++)					\
			tab[i](d + 1);					\
}
F(0) F(1) F(2) F(3) F(4) F(5) F(6) F(7) F(8) F(9) F(10) F(11) F(12) F(13)
F(14) F(15) F(16) F(17) F(18) F(19) F(20) F(21) F(22) F(23) F(24) F(25)
F(26) F(27) F(28) F(29) F(30) F(31)

static fn *const all[N] = {
	f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15,
	f16, f17, f18, f19, f20, f21, f22, f23, f24, f25, f26, f27, f28, f29,
	f30, f31
};

int
main(void)
{
	int i;

	for (i = 0; i < N; i++)
		tab[i] = all[i];
	for (i = 0; i < N; i++)
		tab[i](1);
	return 0;
}
