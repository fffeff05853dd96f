// A template-heavy part for the picture tests: std::map with a class
// template key, whose demangled names run to hundreds of characters.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

template <typename T> struct Box {
	T v;
	bool operator<(const Box &o) const { return v < o.v; }
};

template <typename K, typename V>
static V
fill(std::map<K, V> &m, int n)
{
	V s = V();
	for (int i = 0; i < n; i++) {
		m[K{(i * 7919) % n}] += V(i);
		s += m[K{i % 97}];
	}
	return s;
}

int
main(int argc, char **argv)
{
	int reps = argc > 1 ? std::atoi(argv[1]) : 4;
	std::map<Box<int>, long> a;
	std::map<Box<int>, double> b;
	std::map<Box<long>, std::string> c;
	long s = 0;

	for (int r = 0; r < reps; r++) {
		s += fill(a, 20000);
		s += (long)fill(b, 20000);
	}
	for (int i = 0; i < 2000; i++)
		c[Box<long>{i}] = "x";
	std::printf("%ld %zu\n", s, c.size());
	return 0;
}
