#! /usr/bin/atf-sh
#
# Measured times: self times add up to the total, tick for tick; no
# inclusive time exceeds its caller's; recursion and cycles never count
# the same time twice.  No timing: only identities the runtime must keep.

. "$(atf_get_srcdir)/rtlib.sh"

# check PROG STREAM ZERO: times.awk over PROG's symbols and STREAM
check()
{
	nm -n --defined-only "$1" > syms
	atf_check -o empty awk -f "$src/times.awk" -v zero="$3" syms "$2"
}

atf_test_case recursion
recursion_head()
{
	atf_set "descr" "Recursive, mutually recursive and cyclic calls"
	atf_set "require.progs" "cc nm"
}
recursion_body()
{
	rtbuild rt "$src/rec.c"
	rtrun ./rt
	gprt-dump -m gmon.out.gprt > d
	check rt d "fib:fib odd:even c2:c1 deep:deep"
	# per thread too
	gprt-dump gmon.out.gprt > d1
	check rt d1 "fib:fib odd:even c2:c1 deep:deep"
}

atf_test_case killed
killed_head()
{
	atf_set "descr" "A run killed inside a recursion: open calls are closed"
	atf_set "require.progs" "cc nm"
}
killed_body()
{
	rtbuild rt "$src/rec.c"
	rm -f gmon.out gmon.out.gprt
	atf_check -s signal:9 -o ignore env GPRT_HZ=0 ./rt kill
	test ! -e gmon.out || atf_fail "a killed run wrote gmon.out"
	gprt-dump -m gmon.out.gprt > d
	atf_check -o match:"	unfinished	" grep '^gprt' d
	# the killed thread had calls open: fib at least, and main
	open=$(awk -F '\t' '$1 == "thread" { print $10 }' d)
	test "$open" -ge 2 || atf_fail "only $open open calls closed"
	check rt d "fib:fib odd:even c2:c1 deep:deep"
}

atf_test_case longjmp
longjmp_head()
{
	atf_set "descr" "longjmp out of calls: counts as -pg, bounded stack"
	atf_set "require.progs" "cc nm gprof"
}
longjmp_body()
{
	pgbuild pg -O0 "$src/jmp.c"
	pgrun ./pg
	calls pg gmon.out > pg.calls
	rtbuild rt "$src/jmp.c"
	rtrun ./rt
	calls rt gmon.out > rt.calls
	atf_check -o file:pg.calls cat rt.calls
	gprt-dump -m gmon.out.gprt > d
	check rt d ""
	# 100000 abandoned pairs of frames would take 8 MB if kept
	size=$(wc -c < gmon.out.gprt)
	test "$size" -lt 1000000 || atf_fail "companion of $size bytes"
}

atf_test_case signals
signals_head()
{
	atf_set "descr" "Instrumented signal handlers interrupting the hooks"
	atf_set "require.progs" "cc nm"
}
signals_body()
{
	rtbuild rt "$src/sig.c"
	rm -f gmon.out.gprt
	atf_check -o save:nsig env GPRT_HZ=0 ./rt
	test "$(cat nsig)" -gt 0 || atf_fail "no signal"
	gprt-dump -m gmon.out.gprt > d
	check rt d ""
	inh=$(nm rt | awk '$3 == "inhandler" { sub(/^0+/, "", $1); print "0x" $1 }')
	# handlers that interrupt the runtime itself are not counted
	n=$(awk -F '\t' -v a="$inh" '$1 == "marc" && $6 == a { n += $7 }
	    END { print n + 0 }' d)
	test "$n" -gt 0 -a "$n" -le "$(cat nsig)" ||
	    atf_fail "$n calls of inhandler for $(cat nsig) signals"
}

atf_test_case mono
mono_head()
{
	atf_set "descr" "The same identities with GPRT_CLOCK=mono"
	atf_set "require.progs" "cc nm"
}
mono_body()
{
	rtbuild rt "$src/rec.c"
	rm -f gmon.out.gprt
	atf_check -o ignore env GPRT_HZ=0 GPRT_CLOCK=mono ./rt
	gprt-dump -m gmon.out.gprt > d
	atf_check -o match:"	mono	1000000000	" grep '^gprt' d
	check rt d "fib:fib odd:even c2:c1 deep:deep"
}

atf_init_test_cases()
{
	atf_add_test_case recursion
	atf_add_test_case killed
	atf_add_test_case longjmp
	atf_add_test_case signals
	atf_add_test_case mono
}
