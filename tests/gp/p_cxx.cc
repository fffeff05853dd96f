// A C++ program for the demangling options: a namespace, a class, a
// template and an overload.
#include <cstdio>

volatile unsigned long sink;

namespace geo {
struct Shape {
	int n;
	explicit Shape(int k) : n(k) {}
	unsigned long area() const
	{
		unsigned long s = 0;
		for (int i = 0; i < n; i++)
			s += i;
		sink += s;
		return s;
	}
};
}

template <typename T> T
twice(T x)
{
	for (int i = 0; i < 20000; i++)
		sink += i;
	return x + x;
}

static int
over(int x)
{
	return twice(x);
}

static double
over(double x)
{
	return twice(x);
}

int
main()
{
	unsigned long t = 0;

	for (int i = 0; i < 800; i++) {
		geo::Shape s(30000);
		t += s.area();
		t += over(i) + (unsigned long)over(1.5);
	}
	std::printf("%lu\n", t);
	return 0;
}
