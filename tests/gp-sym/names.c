/*
 * Static functions with names gprof treats specially: ".NNN",
 * ".clone.NNN" and ".constprop.NNN" suffixes are allowed, other dotted
 * suffixes and '$' are not, and __gnu_compiled* is skipped.
 */
#define S(f, n) \
	static __attribute__((used, noinline)) int f(int x) __asm__(n); \
	static int f(int x) { return x + __LINE__; }

S(n1, "dot.1")
S(n2, "dot.12.3")
S(n3, "clo.clone.4")
S(n4, "cpr.constprop.5")
S(n5, "isr.isra.0")
S(n6, "prt.part.1")
S(n7, "dol$lar")
S(n8, "__gnu_compiled_c")
S(n9, "dot.")
S(n10, "two..1")
S(n11, "plain")

int
names(int x)
{
	return n1(x) + n2(x) + n3(x) + n4(x) + n5(x) + n6(x) + n7(x) +
	    n8(x) + n9(x) + n10(x) + n11(x);
}
