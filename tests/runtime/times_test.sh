#! /usr/bin/atf-sh
#
# Measured times: self times add up to the total, tick for tick; no
# inclusive time exceeds its caller's; recursion and cycles never count
# the same time twice.  No timing: only identities the runtime must keep.

. "$(atf_get_srcdir)/rtlib.sh"

atf_test_case recursion
recursion_head()
{
	atf_set "descr" "Recursive, mutually recursive and cyclic calls"
	atf_set "require.progs" "cc nm"
}
recursion_body()
{
	rtbuild rt "$progs/rec.c"
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
	rtbuild rt "$progs/rec.c"
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

# secs PROG DUMP FUNC COL: FUNC's self (COL 10) or inclusive (COL 11)
# seconds in DUMP (gprt-dump -m), its arcs together
secs()
{
	_a=$(nm "$1" | awk -v f="$3" '$3 == f { sub(/^0+/, "", $1); print "0x" $1 }')
	awk -F '\t' -v a="$_a" -v c="$4" '$1 == "marc" && $6 == a { n += $c }
	    END { print n + 0 }' "$2"
}

# atleast X Y WHAT: fail unless X >= Y (decimal numbers)
atleast()
{
	awk -v x="$1" -v y="$2" 'BEGIN { exit !(x >= y) }' ||
	    atf_fail "$3: $1, less than $2"
}

atf_test_case late_loop
late_loop_head()
{
	atf_set "descr" "A run killed in a function that spent 0.3 s calling" \
	    "a short function, with no checkpoint since its start: its" \
	    "open calls are closed at the kill, not at the last time the" \
	    "thread recorded (the short calls' entries tell it)"
	atf_set "require.progs" "cc nm"
}
late_loop_body()
{
	rtbuild rt "$src/late.c" -lpthread
	rm -f gmon.out gmon.out.gprt
	atf_check -s signal:9 env GPRT_HZ=0 GPRT_FLUSH=600000 ./rt loop
	gprt-dump -m gmon.out.gprt > d
	check rt d ""
	total=$(awk -F '\t' '$1 == "thread" { print $9 }' d)
	atleast "$total" 0.29 "the thread's total"
	atleast "$(secs rt d work 11)" 0.29 "work's inclusive time"
	# its own loop, not the calls, took most of it
	atleast "$(secs rt d work 10)" 0.15 "work's self time"
}

atf_test_case late_wait
late_wait_head()
{
	atf_set "descr" "A thread blocked in a call when the process ends," \
	    "by exit(3) or SIGKILL: the call lasts to the end of the" \
	    "process, not to the thread's last event"
	atf_set "require.progs" "cc nm"
}
late_wait_body()
{
	rtbuild rt "$src/late.c" -lpthread
	for how in exit kill; do
		rm -f gmon.out gmon.out.gprt
		case $how in
		exit)	atf_check env GPRT_HZ=0 ./rt wait exit ;;
		kill)	atf_check -s signal:9 env GPRT_HZ=0 \
			    GPRT_FLUSH=600000 ./rt wait kill ;;
		esac
		gprt-dump -m gmon.out.gprt > d
		check rt d ""
		atleast "$(secs rt d waitforever 10)" 0.29 \
		    "$how: waitforever's self time"
		atleast "$(secs rt d bg 11)" 0.29 "$how: bg's inclusive time"
		atleast "$(secs rt d spin 11)" 0.29 "$how: spin's inclusive time"
	done
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
	# handlers that interrupt the runtime itself are not counted
	n=$(ncalls rt d inhandler)
	test "$n" -gt 0 -a "$n" -le "$(cat nsig)" ||
	    atf_fail "$n calls of inhandler for $(cat nsig) signals"
}

atf_test_case sigjmp
sigjmp_head()
{
	atf_set "descr" "Signal handlers that leave the hooks with siglongjmp"
	atf_set "require.progs" "cc nm"
}
sigjmp_body()
{
	rtbuild rt "$src/sigjmp.c"
	# both clocks, whichever the machine's default: with the TSC most
	# jumps leave the fast paths, with CLOCK_MONOTONIC every hook takes
	# the slow path, and most jumps leave it
	for clk in tsc mono; do
		rm -f gmon.out.gprt
		atf_check -o save:out env GPRT_HZ=0 GPRT_CLOCK=$clk ./rt
		set -- $(cat out)
		test "$2" -gt 0 || atf_fail "no siglongjmp out of a handler"
		gprt-dump -m gmon.out.gprt > d
		# no times identities: a hook left with siglongjmp is left
		# half done (gprt(3)); but every call made after the jumps is
		# counted
		n=$(ncalls rt d after)
		test "$n" -eq "$1" ||
		    atf_fail "GPRT_CLOCK=$clk: $n calls of after counted, $1 made"
	done
}

atf_test_case visitor
visitor_head()
{
	atf_set "descr" "A visitor recursing through one call site reaches" \
	    "another function there: a real call, also with GPRT_INLINE=0"
	atf_set "require.progs" "cc nm gprof"
}
visitor_body()
{
	rtbuild rt "$src/visit.c"
	for inl in 1 0; do
		rm -f gmon.out*
		atf_check env GPRT_HZ=0 GPRT_INLINE=$inl ./rt
		gprof -b -q rt gmon.out | cgarcs 1 > arcs
		for a in "text: parent elem 1000/1000" \
		    "elem: parent main 1000/1000" "elem: parent elem 1000"; do
			grep -qxF "$a" arcs ||
			    atf_fail "GPRT_INLINE=$inl: no '$a' in $(cat arcs)"
		done
		gprt-dump -m gmon.out.gprt > d
		check rt d "elem:elem"
	done
}

atf_test_case mono
mono_head()
{
	atf_set "descr" "The same identities with GPRT_CLOCK=mono"
	atf_set "require.progs" "cc nm"
}
mono_body()
{
	rtbuild rt "$progs/rec.c"
	rm -f gmon.out.gprt
	atf_check -o ignore env GPRT_HZ=0 GPRT_CLOCK=mono ./rt
	gprt-dump -m gmon.out.gprt > d
	atf_check -o match:"	mono	1000000000	" grep '^gprt' d
	check rt d "fib:fib odd:even c2:c1 deep:deep"
}

atf_test_case inlined
inlined_head()
{
	atf_set "descr" "Inlined calls at -O2, gcc and clang: nested in the enclosing call, named after their real callers, times consistent; GPRT_INLINE=0 leaves them out"
	atf_set "require.progs" "cc clang nm gprof"
}
inlined_body()
{
	s=$(stage)
	for c in cc clang; do
		atf_check -o ignore -e ignore $c -O2 -g -finstrument-functions \
		    -o inl "$src/inl.c" -L"$s/lib" -lgprt -Wl,-rpath,"$s/lib"
		rtrun ./inl
		gprt-dump -m gmon.out.gprt > d
		check inl d ""
		# the arcs as gprof reads them from gmon.out: no call
		# charged to main but outer, mid's calls to mid
		gprof -b -q inl gmon.out | cgarcs 1 > arcs
		for a in "mid: parent outer 200000/200000" \
		    "sq: parent mid 200000/200000" \
		    "leaf: parent mid 200000/200000" \
		    "outer: parent main 1/1"; do
			grep -qxF "$a" arcs || atf_fail "$c: no '$a' in $(cat arcs)"
		done
		# left out, the calls are -pg's: leaf from outer, no mid
		rm -f gmon.out*
		atf_check env GPRT_HZ=0 GPRT_INLINE=0 ./inl
		gprof -b -q inl gmon.out | cgarcs 1 > arcs0
		grep -qxF "leaf: parent outer 200000/200000" arcs0 ||
		    atf_fail "$c: GPRT_INLINE=0: $(cat arcs0)"
		grep -q 'mid\|sq' arcs0 && atf_fail "$c: GPRT_INLINE=0 kept inlined calls"
		gprt-dump -m gmon.out.gprt > d0
		check inl d0 ""
	done
}

atf_init_test_cases()
{
	atf_add_test_case inlined
	atf_add_test_case recursion
	atf_add_test_case killed
	atf_add_test_case late_loop
	atf_add_test_case late_wait
	atf_add_test_case longjmp
	atf_add_test_case signals
	atf_add_test_case sigjmp
	atf_add_test_case visitor
	atf_add_test_case mono
}
