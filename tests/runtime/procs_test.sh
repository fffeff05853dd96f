#! /usr/bin/atf-sh
#
# Processes: fork, abnormal ends, dlopen'd modules.

. "$(atf_get_srcdir)/rtlib.sh"

# fn PROG GMON NAME: NAME's call count in gprof's flat profile, or 0.
fn()
{
	gprof -b -p "$1" "$2" | awk -v n="$3" '
	    NF == 7 && $7 == n { c = $4 } END { print c + 0 }'
}

atf_test_case fork
fork_head()
{
	atf_set "descr" "After fork, parent and child each leave their profile"
	atf_set "require.progs" "cc gprof"
}
fork_body()
{
	rtbuild rt "$progs/fork.c"
	rm -f gmon.out*
	atf_check -o save:out env GPRT_HZ=0 ./rt
	child=$(cat out)
	for f in gmon.out gmon.out.gprt gmon.out.$child gmon.out.$child.gprt; do
		test -s $f || atf_fail "no $f"
	done
	atf_check -o inline:"10 5 0\n" echo $(fn rt gmon.out common) \
	    $(fn rt gmon.out parentwork) $(fn rt gmon.out childwork)
	# the child inherits the calls made before the fork, as with -pg
	atf_check -o inline:"10 0 7\n" echo $(fn rt gmon.out.$child common) \
	    $(fn rt gmon.out.$child parentwork) \
	    $(fn rt gmon.out.$child childwork)
	atf_check -o match:"^gprt	gmon.out.$child.gprt	$child	[0-9]+	exited	" \
	    sh -c "gprt-dump gmon.out.$child.gprt | grep '^gprt'"
}

atf_test_case vfork
vfork_head()
{
	atf_set "descr" "A vfork(2) child's calls before it execs are not the" \
	    "parent's, and it leaves no profile"
	atf_set "require.progs" "cc gprof nm"
}
vfork_body()
{
	rtbuild rt "$progs/vfork.c"
	rm -f gmon.out*
	atf_check -o save:out env GPRT_HZ=0 ./rt
	atf_check -o inline:"gmon.out gmon.out.gprt\n" echo gmon.out*
	atf_check -o inline:"5 0 0\n" echo $(fn rt gmon.out parentwork) \
	    $(fn rt gmon.out childexec) $(fn rt gmon.out inchild)
	nm -n --defined-only rt > syms
	gprt-dump -m gmon.out.gprt > d
	atf_check -o empty awk -f "$src/times.awk" syms d
}

atf_test_case fork_exit
fork_exit_head()
{
	atf_set "descr" "A forked child that ends with _exit(2) before its" \
	    "first checkpoint leaves its profile, as after exit(3)"
	atf_set "require.progs" "cc gprof"
}
fork_exit_body()
{
	rtbuild rt "$progs/fork.c"
	rm -f gmon.out*
	atf_check -o save:out env GPRT_HZ=0 ./rt _exit
	child=$(cat out)
	for f in gmon.out.$child gmon.out.$child.gprt; do
		test -s $f || atf_fail "no $f"
	done
	atf_check -o inline:"10 0 7\n" echo $(fn rt gmon.out.$child common) \
	    $(fn rt gmon.out.$child parentwork) \
	    $(fn rt gmon.out.$child childwork)
	atf_check -o match:"^gprt	gmon.out.$child.gprt	$child	[0-9]+	exited	" \
	    sh -c "gprt-dump gmon.out.$child.gprt | grep '^gprt'"
}

atf_test_case fork_prefix
fork_prefix_head()
{
	atf_set "descr" "GMON_OUT_PREFIX names both files; GPRT_FORK=fresh"
	atf_set "require.progs" "cc gprof"
}
fork_prefix_body()
{
	rtbuild rt "$progs/fork.c"
	rm -f gmon.out* p.*
	atf_check -o save:out env GPRT_HZ=0 GMON_OUT_PREFIX=p GPRT_FORK=fresh \
	    ./rt
	child=$(cat out)
	test ! -e gmon.out || atf_fail "gmon.out written despite the prefix"
	test "$(ls p.* | wc -l)" -eq 4 || atf_fail "not 4 files: $(ls p.*)"
	test -s p.$child.gprt || atf_fail "no p.$child.gprt"
	atf_check -o inline:"0 0 7\n" echo $(fn rt p.$child common) \
	    $(fn rt p.$child parentwork) $(fn rt p.$child childwork)
}

# die HOW SIGNAL: run die.c's way of dying; the companion alone holds the
# work, and the gmon.out gprt-gprt-dump -g makes from it gives -pg's counts.
die()
{
	pgbuild pg -O0 "$progs/die.c"
	rm -f gmon.out
	atf_check -s exit:4 ./pg exit
	calls pg gmon.out > pg.calls
	rtbuild rt "$progs/die.c"
	rm -f gmon.out gmon.out.gprt
	atf_check -s "$2" -e ignore env GPRT_HZ=0 ./rt "$1"
	test ! -e gmon.out || atf_fail "gmon.out written"
	gprt-dump gmon.out.gprt > d
	atf_check -o match:"	unfinished	" grep '^gprt' d
	atf_check -o match:"	123456	" grep '^marc' d
	atf_check gprt-dump -g gmon.out gmon.out.gprt
	calls rt gmon.out > rt.calls
	atf_check -o file:pg.calls cat rt.calls
}

atf_test_case sigkill
sigkill_head()
{
	atf_set "descr" "SIGKILL after work leaves a readable profile of it"
	atf_set "require.progs" "cc gprof"
}
sigkill_body()
{
	die kill signal:9
}

atf_test_case segv
segv_head()
{
	atf_set "descr" "SIGSEGV leaves a readable profile"
	atf_set "require.progs" "cc gprof"
}
segv_body()
{
	die segv signal:11
}

atf_test_case abort
abort_head()
{
	atf_set "descr" "abort(3) leaves a readable profile"
	atf_set "require.progs" "cc gprof"
}
abort_body()
{
	die abort signal:6
}

atf_test_case _exit
_exit_head()
{
	atf_set "descr" "_exit(2) inside nested calls leaves the profile" \
	    "exit(3) leaves: gmon.out, the companion finished"
	atf_set "require.progs" "cc gprof"
}
_exit_body()
{
	pgbuild pg -O0 "$progs/die.c"
	rm -f gmon.out
	atf_check -s exit:4 ./pg exit
	calls pg gmon.out > pg.calls
	rtbuild rt "$progs/die.c"
	rm -f gmon.out gmon.out.gprt
	atf_check -s exit:3 env GPRT_HZ=0 ./rt _exit
	atf_check -o match:"	exited	" sh -c "gprt-dump gmon.out.gprt | grep '^gprt'"
	calls rt gmon.out > rt.calls
	atf_check -o file:pg.calls cat rt.calls
	nm -n --defined-only rt > syms
	gprt-dump -m gmon.out.gprt > d
	atf_check -o empty awk -f "$src/times.awk" syms d
}

atf_test_case exit_open
exit_open_head()
{
	atf_set "descr" "exit(3) with calls open: gmon.out counts as -pg's"
	atf_set "require.progs" "cc gprof"
}
exit_open_body()
{
	pgbuild pg -O0 "$progs/die.c"
	rm -f gmon.out
	atf_check -s exit:4 ./pg exit
	calls pg gmon.out > pg.calls
	rtbuild rt "$progs/die.c"
	rm -f gmon.out gmon.out.gprt
	atf_check -s exit:4 env GPRT_HZ=0 ./rt exit
	calls rt gmon.out > rt.calls
	atf_check -o file:pg.calls cat rt.calls
	atf_check -o match:"	exited	" sh -c "gprt-dump gmon.out.gprt | grep '^gprt'"
}

atf_test_case dlopen
dlopen_head()
{
	atf_set "descr" "A dlopen'd module is in the load map, its arcs in it"
	atf_set "require.progs" "cc nm"
}
dlopen_body()
{
	atf_check cc -O0 -finstrument-functions -fPIC -shared -o plug.so \
	    "$progs/plug.c"
	rtbuild rt "$progs/dl.c"
	rtrun ./rt ./plug.so
	gprt-dump gmon.out.gprt > d
	here=$(pwd -P)
	id=$(awk -F '\t' -v p="$here/./plug.so" '$1 == "map" && $7 == p {
	    print $2 }' d)
	test -n "$id" || atf_fail "plug.so not in the load map"
	# plug_inner, by its address in plug.so, called 42 times from plug_fn
	inner=$(nm plug.so | awk '$3 == "plug_inner" { sub(/^0+/, "", $1);
	    print "0x" $1 }')
	atf_check -o inline:"42\n" sh -c "awk -F '\t' -v id=$id -v a=$inner '
	    \$1 == \"marc\" && \$3 == id && \$5 == id && \$6 == a { print \$7 }' d"
	fnaddr=$(nm plug.so | awk '$3 == "plug_fn" { sub(/^0+/, "", $1);
	    print "0x" $1 }')
	atf_check -o inline:"1\n" sh -c "awk -F '\t' -v id=$id -v a=$fnaddr '
	    \$1 == \"marc\" && \$3 == 0 && \$5 == id && \$6 == a { print \$7 }' d"
}

atf_test_case nocompanion
nocompanion_head()
{
	atf_set "descr" "GPRT_COMPANION=0: gmon.out alone, as -pg's"
	atf_set "require.progs" "cc gprof"
}
nocompanion_body()
{
	pgbuild pg -O0 "$progs/calls.c"
	pgrun ./pg
	calls pg gmon.out > pg.calls
	rtbuild rt "$progs/calls.c"
	rm -f gmon.out gmon.out.gprt
	atf_check -o ignore env GPRT_COMPANION=0 ./rt
	test ! -e gmon.out.gprt || atf_fail "companion written"
	calls rt gmon.out > rt.calls
	atf_check -o file:pg.calls cat rt.calls
}

atf_test_case sync
sync_head()
{
	atf_set "descr" "GPRT_SYNC=1, a short flush interval, then SIGKILL"
	atf_set "require.progs" "cc"
}
sync_body()
{
	rtbuild rt "$progs/rec.c"
	rm -f gmon.out gmon.out.gprt
	atf_check -s signal:9 -o ignore env GPRT_SYNC=1 GPRT_FLUSH=1 ./rt kill
	atf_check -o match:"^thread	1	" gprt-dump gmon.out.gprt
}

atf_test_case nested
nested_head()
{
	atf_set "descr" "A profiled program running itself (fork+exec, posix_spawn, system) and make -j2 running two at once: no crash, one right profile per process"
	atf_set "require.progs" "cc gprof bmake"
}
nested_body()
{
	rtbuild nest "$src/nest.c"
	for m in exec spawn system; do
		rm -f gmon.out*
		atf_check -o save:kids env GPRT_HZ=0 ./nest $m
		# the parent keeps gmon.out: 5 calls before, 5 after
		test "$(fn nest gmon.out work)" = 10 ||
		    atf_fail "$m: parent: $(fn nest gmon.out work) calls"
		set -- $(cat kids)
		test $# -eq 2 || atf_fail "$m: children $*"
		test "$(fn nest gmon.out.$1 work) $(fn nest gmon.out.$2 work)" = \
		    "7 11" || atf_fail "$m: children's calls"
		# each companion is its process's, and gmon-cat takes it
		for p in "" .$1 .$2; do
			test -s gmon.out$p.gprt || atf_fail "$m: no gmon.out$p.gprt"
			atf_check -o not-match:'not from the run' -e empty \
			    -x "gmon-cat gmon.out$p | gp-sym nest | gp-fmt -b -p >/dev/null"
		done
		test "$(ls gmon.out* | wc -l)" -eq 6 ||
		    atf_fail "$m: $(ls gmon.out*)"
	done
	# a build system running two at once in one directory
	rm -f gmon.out*
	printf 'all: a b\na:\n\t./nest child 3 1\nb:\n\t./nest child 4 1\n' >nest.mk
	atf_check -o ignore -e ignore env GPRT_HZ=0 bmake -j2 -f nest.mk
	test "$(ls gmon.out* | wc -l)" -eq 4 || atf_fail "make: $(ls gmon.out*)"
	for g in $(ls gmon.out* | grep -v gprt); do
		fn nest $g work
	done | sort >counts
	atf_check -o inline:"3\n4\n" cat counts
}

atf_test_case reuse
reuse_head()
{
	atf_set "descr" "dlclose, then another module dlopen'd at the same address: each call is named in the module loaded when it was made"
	atf_set "require.progs" "cc"
}
reuse_body()
{
	s=$(stage)
	atf_check cc -O0 -finstrument-functions -fPIC -shared -o plug.so \
	    "$progs/plug.c"
	atf_check cc -O0 -finstrument-functions -fPIC -shared -o plug2.so \
	    "$src/plug2.c"
	# the driver itself not instrumented: no hook runs between the
	# dlclose and the second dlopen, which then reuses the addresses
	atf_check cc -O0 -o reuse "$src/reuse.c" -ldl -L"$s/lib" -lgprt \
	    -Wl,-rpath,"$s/lib"
	for try in 1 2 3 4 5; do
		rm -f gmon.out*
		atf_check -o save:addrs env GPRT_HZ=0 ./reuse ./plug.so \
		    plug_fn 42 ./plug2.so plug2_fn 17
		[ "$(uniq addrs | wc -l)" -eq 1 ] && break
	done
	[ "$(uniq addrs | wc -l)" -eq 1 ] ||
	    atf_fail "the second module never loaded at the first's address"
	gmon-cat | gp-sym reuse | gp-arcs | gp-fmt -b -p |
	    awk 'NF == 7 && $4 ~ /^[0-9]+$/ { print $7, $4 }' | sort >calls
	atf_check -o inline:"plug2_fn 1\nplug2_inner 17\nplug_fn 1\nplug_inner 42\n" \
	    cat calls
}

atf_init_test_cases()
{
	atf_add_test_case reuse
	atf_add_test_case nested
	atf_add_test_case nocompanion
	atf_add_test_case sync
	atf_add_test_case fork
	atf_add_test_case fork_prefix
	atf_add_test_case fork_exit
	atf_add_test_case vfork
	atf_add_test_case sigkill
	atf_add_test_case segv
	atf_add_test_case abort
	atf_add_test_case _exit
	atf_add_test_case exit_open
	atf_add_test_case dlopen
}
