#! /usr/bin/atf-sh
#
# gprof compatibility on a C++ program (shapes.cc): demangled names in the
# FSF layout, raw names in the BSD one, long names in the index.

. "$(atf_get_srcdir)/../lib.sh"
. "$(atf_get_srcdir)/compat.sh"

atf_test_case shapes
shapes_head()
{
	atf_set "descr" "shapes.cc: GNU, BSD, summed, short pipelines"
	atf_set "require.progs" "c++ gprof perl"
}
shapes_body()
{
	cxxbuild prog "$progs/shapes.cc"
	profile ./prog gmon.1
	profile ./prog gmon.2
	check_all ./prog
}

atf_test_case shapes_debug
shapes_debug_head()
{
	atf_set "descr" "shapes.cc built with -g: file names of statics"
	atf_set "require.progs" "c++ gprof perl"
}
shapes_debug_body()
{
	cxxbuild prog -g "$progs/shapes.cc"
	profile ./prog gmon.1
	profile ./prog gmon.2
	check_all ./prog
	same ./prog "-L -b" gmon.1
}

atf_test_case shapes_clang
shapes_clang_head()
{
	atf_set "descr" "shapes.cc built by clang++ -O2"
	atf_set "require.progs" "clang++ gprof"
}
shapes_clang_body()
{
	atf_check -o ignore -e ignore clang++ -pg -O2 -o prog \
	    "$progs/shapes.cc"
	profile ./prog gmon.1
	for o in "" -b -T -z "-T -b -z" "-w 200 -b"; do
		same ./prog "$o" gmon.1
	done
}

atf_init_test_cases()
{
	atf_add_test_case shapes
	atf_add_test_case shapes_debug
	atf_add_test_case shapes_clang
}
