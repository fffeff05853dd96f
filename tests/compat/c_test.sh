#! /usr/bin/atf-sh
#
# gprof compatibility on C programs: the pipeline prints what GNU gprof
# prints, byte for byte, with every option set, on GNU and BSD copies of
# each profile, on several profiles summed, and through the pipelines
# without gp-hist (and gp-arcs).

. "$(atf_get_srcdir)/../lib.sh"
. "$(atf_get_srcdir)/compat.sh"

atf_test_case recursion
recursion_head()
{
	atf_set "descr" "Recursion and cycles (recurse.c)"
	atf_set "require.progs" "cc gprof perl"
}
recursion_body()
{
	pgbuild prog "$progs/recurse.c"
	profile ./prog gmon.1
	profile ./prog gmon.2
	check_all ./prog
}

atf_test_case mixed_sum
mixed_sum_head()
{
	atf_set "descr" "recurse.c: three runs summed, GNU and BSD files mixed"
	atf_set "require.progs" "cc gprof perl"
}
mixed_sum_body()
{
	pgbuild prog "$progs/recurse.c"
	profile ./prog gmon.1
	profile ./prog gmon.2
	profile ./prog gmon.3
	same ./prog "" gmon.1 gmon.2 gmon.3
	same ./prog "-T -z" gmon.1 gmon.2 gmon.3
	bsdcopy gmon.2 bsd.2
	same ./prog "" bsd.2 gmon.1
	same ./prog "-T" bsd.2 gmon.1 gmon.3
	same ./prog "-b" gmon.3 bsd.2
}

atf_test_case optimised
optimised_head()
{
	atf_set "descr" "recurse.c built with -O2 (clones and split functions)"
	atf_set "require.progs" "cc gprof"
}
optimised_body()
{
	pgbuild prog -O2 "$progs/recurse.c"
	profile ./prog gmon.1
	all_same ./prog gmon.1
}

atf_test_case clang
clang_head()
{
	atf_set "descr" "recurse.c built by clang, and without PIE"
	atf_set "require.progs" "clang gprof"
}
clang_body()
{
	atf_check -o ignore -e ignore clang -pg -o prog "$progs/recurse.c"
	profile ./prog gmon.1
	for o in "" -b -T -z "-T -b -z" "-w 60"; do
		same ./prog "$o" gmon.1
	done
	atf_check -o ignore -e ignore clang -pg -no-pie -O1 -o nopie \
	    "$progs/recurse.c"
	profile ./nopie gmon.2
	same ./nopie "" gmon.2
	same ./nopie "-T -z" gmon.2
}

atf_test_case static_link
static_link_head()
{
	atf_set "descr" "recurse.c linked -static: libc's symbols and mcount"
	atf_set "require.progs" "cc gprof"
}
static_link_body()
{
	pgbuild prog -static "$progs/recurse.c"
	profile ./prog gmon.1
	same ./prog "" gmon.1
	same ./prog "-z" gmon.1
	same ./prog "-T -z" gmon.1
	same ./prog "-b -p" gmon.1
}

atf_test_case signal_handler
signal_handler_head()
{
	atf_set "descr" "Work in a SIGALRM handler (sigwork.c)"
	atf_set "require.progs" "cc gprof perl"
}
signal_handler_body()
{
	pgbuild prog "$progs/sigwork.c"
	profile ./prog gmon.1
	profile ./prog gmon.2
	check_all ./prog
}

atf_test_case statics
statics_head()
{
	atf_set "descr" "Same-name statics in two files, with -g: file names"
	atf_set "require.progs" "cc gprof perl"
}
statics_body()
{
	pgbuild prog -g "$progs/statics_a.c" "$progs/statics_b.c" \
	    "$progs/statics_main.c"
	profile ./prog gmon.1
	profile ./prog gmon.2
	check_all ./prog
	same ./prog "-L" gmon.1
	same ./prog "-L -z -w 150" gmon.1
}

atf_test_case statics_nodebug
statics_nodebug_head()
{
	atf_set "descr" "Same-name statics in two files, without -g"
	atf_set "require.progs" "cc gprof perl"
}
statics_nodebug_body()
{
	pgbuild prog "$progs/statics_a.c" "$progs/statics_b.c" \
	    "$progs/statics_main.c"
	profile ./prog gmon.1
	profile ./prog gmon.2
	check_all ./prog
}

atf_test_case many_functions
many_functions_head()
{
	atf_set "descr" "A generated program of 3000 functions and many cycles"
	atf_set "require.progs" "cc gprof awk perl"
}
many_functions_body()
{
	awk -v n=3000 -f "$compat/many.awk" >many.c
	pgbuild prog many.c
	profile ./prog gmon.1
	profile ./prog gmon.2
	for o in "" -b -T -z "-T -b -z" "-q -w 50" "-p -b"; do
		same ./prog "$o" gmon.1
	done
	bsdcopy gmon.1 bsd44.out
	same ./prog "" bsd44.out
	same ./prog "-T" bsd44.out
	same ./prog "" gmon.1 gmon.2
	same_short ./prog "-z" gmon.1
}

atf_init_test_cases()
{
	atf_add_test_case recursion
	atf_add_test_case mixed_sum
	atf_add_test_case optimised
	atf_add_test_case clang
	atf_add_test_case static_link
	atf_add_test_case signal_handler
	atf_add_test_case statics
	atf_add_test_case statics_nodebug
	atf_add_test_case many_functions
}
