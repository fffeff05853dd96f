// A lambda passed to std::find_if: clang names the lambda and the
// templates it is passed to with a '$' ("find(int)::$_0"), which gprof's
// rule drops from its symbol table.  Known call counts: find 100 times,
// the lambda once per element looked at.
#include <algorithm>
#include <vector>

static std::vector<int> v;

bool
find(int x)
{
	return std::find_if(v.begin(), v.end(),
	    [x](int y) { return y == x; }) != v.end();
}

int
main()
{
	int i, n = 0;

	for (i = 0; i < 200; i++)
		v.push_back(i);
	for (i = 0; i < 100; i++)
		n += find(i * 3);
	return n == 0;
}
