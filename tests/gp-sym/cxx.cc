// C++ names for demangling: templates, namespaces, an anonymous
// namespace, static and member functions, operators.
#include <map>
#include <string>
#include <vector>

namespace ns {
template <class T> struct Box {
	T v;
	__attribute__((noinline)) T get() const { return v * 2; }
};
}

namespace {
__attribute__((noinline)) int anon(int x) { return x + 3; }
}

static __attribute__((noinline)) int
sfun(const std::string &s)
{
	return (int)s.size();
}

struct S {
	virtual ~S() {}
	virtual int f(int x) { return x + 1; }
	static int st(double d) { return (int)d; }
	bool operator<(const S &) const { return false; }
};

int
main()
{
	std::vector<int> v;
	std::map<int, std::string> m;
	ns::Box<long> b{3};
	ns::Box<int> c{4};
	S s, s2;
	int i, t = 0;

	for (i = 0; i < 3000; i++) {
		v.push_back(i);
		m[i % 7] = "x";
		t += anon(i) + sfun(m[i % 7]) + s.f(i) + S::st(i) + (s < s2);
	}
	return (t + (int)b.get() + c.get() + (int)v.size()) == 0;
}
