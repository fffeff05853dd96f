#! /usr/bin/atf-sh
#
# libgprt under programs hostile to a profiler (gprt(3), Hostile
# programs): each runs to its end, every call counted, the times' identities
# kept where they can be, and the reader says in one line what it could
# not measure.  Signals inside the hooks and siglongjmp out of a handler
# are times_test.sh's signals and sigjmp.

. "$(atf_get_srcdir)/rtlib.sh"

# hrun MODE [ARGS...]: ./rt MODE ARGS, its output (the calls of work()
# made) in the file made; no sampling unless GPRT_HZ is set
hrun()
{
	rm -f gmon.out*
	atf_check -o save:made -e ignore timeout 120 ./rt "$@"
}

atf_test_case daemon
daemon_head()
{
	atf_set "descr" "A daemon closes every descriptor, reuses their" \
	    "numbers and changes directory: no count lost, the companion" \
	    "beside gmon.out"
	atf_set "require.progs" "cc nm gprof"
}
daemon_body()
{
	rtbuild rt -pthread "$progs/hostile.c"
	mkdir sub
	hrun daemon sub
	test ! -e gmon.out.gprt || atf_fail "the companion stayed behind"
	test -s sub/gmon.out.gprt || atf_fail "no companion beside gmon.out"
	atf_check -o save:d -e empty gprt-dump -m sub/gmon.out.gprt
	n=$(ncalls rt d work)
	test "$n" -eq "$(cat made)" || atf_fail "$n calls of work, $(cat made) made"
	gprof -b -p rt sub/gmon.out > flat
	grep -Eq " $(cat made) +[0-9.]+ +[0-9.]+ +work\$" flat ||
	    atf_fail "gmon.out: $(grep work flat)"
	check rt d
	# the program's own files were not grown or cut by the runtime
	test ! -s sub/junk || atf_fail "the runtime wrote in the program's file"
}

atf_test_case sigprof
sigprof_head()
{
	atf_set "descr" "A program with its own SIGPROF handler and timer:" \
	    "counts and times whole, the reader says the samples stopped"
	atf_set "require.progs" "cc nm"
}
sigprof_body()
{
	rtbuild rt -pthread "$progs/hostile.c"
	rm -f gmon.out*
	atf_check -o save:made env GPRT_HZ=100 ./rt sigprof
	atf_check -o save:d -e save:err gprt-dump -m gmon.out.gprt
	n=$(ncalls rt d work)
	test "$n" -eq "$(cat made)" || atf_fail "$n calls of work, $(cat made) made"
	check rt d
	test "$(wc -l < err)" -eq 1 || atf_fail "not one line: $(cat err)"
	atf_check -o ignore grep -F "own SIGPROF handler or ITIMER_PROF timer" err
	# a program that leaves SIGPROF alone gets no such line
	rm -f gmon.out*
	atf_check -o ignore -e empty env GPRT_HZ=100 ./rt threads
	atf_check -o ignore -e empty gprt-dump -m gmon.out.gprt
}

atf_test_case coro
coro_head()
{
	atf_set "descr" "Coroutines switching stacks with swapcontext:" \
	    "every call counted, the reader says the times are not right"
	atf_set "require.progs" "cc nm"
}
coro_body()
{
	rtbuild rt -pthread "$progs/hostile.c"
	hrun coro
	atf_check -o save:d -e save:err gprt-dump -m gmon.out.gprt
	n=$(ncalls rt d work)
	test "$n" -eq "$(cat made)" || atf_fail "$n calls of work, $(cat made) made"
	test "$(wc -l < err)" -eq 1 || atf_fail "not one line: $(cat err)"
	atf_check -o ignore grep -E ": 3000 stack switches \(swapcontext" err
}

atf_test_case threads
threads_head()
{
	atf_set "descr" "300 short-lived threads, 64 at once, beyond" \
	    "GPRT_MAXTHREADS: slots reused, every call counted"
	atf_set "require.progs" "cc nm"
}
threads_body()
{
	rtbuild rt -pthread "$progs/hostile.c"
	hrun threads
	atf_check -o save:d -e empty gprt-dump -m gmon.out.gprt
	n=$(ncalls rt d work)
	test "$n" -eq "$(cat made)" || atf_fail "$n calls of work, $(cat made) made"
	check rt d
	gprt-dump gmon.out.gprt > d1
	# 256 slots, then reuse; a thread that starts while all are in use
	# (64 run at once) takes one more, so some past 256 may be made
	awk -F '\t' '$1 == "thread" { s++; t += $4 }
	    END { print (s >= 256 && s <= 256 + 65 ? "reused" : s), t }' \
	    d1 > slots
	atf_check -o inline:"reused 301\n" cat slots
	check rt d1
}

atf_test_case forkthr
forkthr_head()
{
	atf_set "descr" "fork from a second thread: the child's profile has" \
	    "the forking thread's calls and its own, the parent's all of its"
	atf_set "require.progs" "cc nm"
}
forkthr_body()
{
	rtbuild rt -pthread "$progs/hostile.c"
	hrun forkthr
	atf_check -o save:d -e empty gprt-dump -m gmon.out.gprt
	n=$(ncalls rt d work)
	test "$n" -eq "$(cat made)" || atf_fail "$n calls of work, $(cat made) made"
	test "$(ncalls rt d childwork)" -eq 0 || atf_fail "the child's calls in the parent's"
	check rt d
	set -- gmon.out.[0-9]*.gprt
	test -s "$1" || atf_fail "no child companion"
	atf_check -o save:c -e empty gprt-dump -m "$1"
	# before the fork: main's 100000 calls and the forking thread's
	test "$(ncalls rt c work)" -eq 200000 || atf_fail "child: $(ncalls rt c work) calls of work"
	test "$(ncalls rt c childwork)" -eq 1000 || atf_fail "child: $(ncalls rt c childwork) calls of childwork"
	check rt c
	# the main thread did not survive the fork in the child
	gprt-dump "$1" | awk -F '\t' '$1 == "thread" { print $2, $5 }' > st
	atf_check -o inline:"1 lost\n2 exited\n" cat st
}

atf_test_case masked
masked_head()
{
	atf_set "descr" "Worker threads that block every signal get no PC" \
	    "sample: the reader says which and for how long"
	atf_set "require.progs" "cc nm"
}
masked_body()
{
	rtbuild rt -pthread "$progs/masked.c"
	rm -f gmon.out*
	atf_check -o ignore env GPRT_HZ=100 ./rt
	atf_check -o save:d -e save:err gprt-dump -m gmon.out.gprt
	check rt d
	test "$(wc -l < err)" -eq 2 || atf_fail "not two lines: $(cat err)"
	for s in 2 3; do
		grep -Eq "^gprt-dump: gmon.out.gprt: thread $s \(rt\): ran 0\.[45][0-9]* of its 0\.[45][0-9]* s of CPU time with SIGPROF blocked" err ||
		    atf_fail "thread $s not said: $(cat err)"
	done
	# without PC sampling there is nothing to say
	rm -f gmon.out*
	atf_check -o ignore env GPRT_HZ=0 ./rt
	atf_check -o ignore -e empty gprt-dump -m gmon.out.gprt
}

atf_init_test_cases()
{
	atf_add_test_case daemon
	atf_add_test_case sigprof
	atf_add_test_case coro
	atf_add_test_case threads
	atf_add_test_case forkthr
	atf_add_test_case masked
}
