// C++ for the gprof compatibility tests: namespaces, classes with virtual
// functions, overloads, operators, templates, a recursion through a
// virtual call, and a static function.  Runs for about 0.3 s.
#include <cstdio>
#include <vector>

namespace geo {

static volatile unsigned long sink;

struct Vec {
	double x, y;
	Vec(double a, double b) : x(a), y(b) {}
	Vec operator+(const Vec &o) const { return Vec(x + o.x, y + o.y); }
	double dot(const Vec &o) const;
};

double
Vec::dot(const Vec &o) const
{
	double s = 0;
	for (int i = 0; i < 400; i++)
		s += x * o.x + y * o.y + i;
	return s;
}

class Shape {
public:
	virtual ~Shape() {}
	virtual double area(int depth) const = 0;
};

class Square : public Shape {
public:
	explicit Square(double s) : side(s) {}
	double area(int depth) const override;
private:
	double side;
};

class Nested : public Shape {
public:
	Nested(const Shape *in) : inner(in) {}
	double area(int depth) const override;
private:
	const Shape *inner;
};

double
Square::area(int depth) const
{
	for (int i = 0; i < 20000; i++)
		sink += i;
	return side * side + depth;
}

double
Nested::area(int depth) const
{
	for (int i = 0; i < 10000; i++)
		sink += i;
	return depth > 0 ? area(depth - 1) + inner->area(depth) : 1.0;
}

} // namespace geo

template <typename T>
T
total(const std::vector<T> &v)
{
	T s = T();
	for (size_t i = 0; i < v.size(); i++)
		s += v[i];
	return s;
}

static double
weigh(int n)
{
	double s = 0;
	for (int i = 0; i < n; i++)
		s += i * 0.5;
	return s;
}

static double
weigh(double d)
{
	return weigh(static_cast<int>(d)) + 1;
}

int
main()
{
	geo::Vec p(1, 2), q(3, 4);
	geo::Square sq(2);
	geo::Nested ne(&sq);
	std::vector<double> v;
	std::vector<int> w(1000, 1);
	double s = 0;

	for (int i = 0; i < 20000; i++) {
		s += p.dot(q + p);
		v.push_back(s);
	}
	for (int i = 0; i < 300; i++)
		s += ne.area(10);
	s += total(v) + total(w);
	s += weigh(4e6);
	std::printf("%g\n", s);
	return 0;
}
