#! /usr/bin/atf-sh
#
# libgprt's gmon.out, read by the installed gprof, gives the same call
# counts and call graph as gcc -pg on the same program built at -O0.

. "$(atf_get_srcdir)/rtlib.sh"

atf_test_case flat
flat_head()
{
	atf_set "descr" "Flat profile call counts equal gcc -pg's"
	atf_set "require.progs" "cc gprof"
}
flat_body()
{
	pgbuild pg -O0 "$progs/calls.c"
	pgrun ./pg
	calls pg gmon.out > pg.calls
	rtbuild rt "$progs/calls.c"
	rtrun ./rt
	calls rt gmon.out > rt.calls
	test -s pg.calls || atf_fail "no calls in the -pg profile"
	atf_check -o file:pg.calls cat rt.calls
}

atf_test_case graph
graph_head()
{
	atf_set "descr" "Call graph arcs and counts equal gcc -pg's"
	atf_set "require.progs" "cc gprof"
}
graph_body()
{
	pgbuild pg -O0 "$progs/calls.c"
	pgrun ./pg
	arcs pg gmon.out > pg.arcs
	rtbuild rt "$progs/calls.c"
	rtrun ./rt
	arcs rt gmon.out > rt.arcs
	grep -q 'cycle' pg.arcs || atf_fail "no cycle in the -pg call graph"
	atf_check -o file:pg.arcs cat rt.arcs
}

atf_test_case sampled
sampled_head()
{
	atf_set "descr" "With PC sampling on, gprof reads the histogram too"
	atf_set "require.progs" "cc gprof"
}
sampled_body()
{
	rtbuild rt "$progs/rec.c"
	rm -f gmon.out
	atf_check -o ignore env GPRT_HZ=1000 ./rt
	atf_check -o match:"1 histogram record" -o match:"call-graph record" \
	    gprof -i rt gmon.out
	atf_check -o match:"Each sample counts as 0.001 seconds" \
	    gprof -b -p rt gmon.out
}

atf_test_case threads
threads_head()
{
	atf_set "descr" "8 threads making a million calls each, counted exactly"
	atf_set "require.progs" "cc gprof"
}
threads_body()
{
	rtbuild rt -pthread "$progs/thr.c"
	rtrun ./rt
	atf_check -o inline:"work 8000000\n" sh -c \
	    'gprof -b -p rt gmon.out | awk "\$7 == \"work\" { print \$7, \$4 }"'
	# each thread on its own: 8 arcs into work of a million calls
	work=$(nm rt | awk '$3 == "work" { sub(/^0+/, "", $1); print "0x" $1 }')
	gprt-dump gmon.out.gprt > d
	atf_check -o inline:"8\n" sh -c "awk -F '\t' '\$1 == \"marc\" &&
	    \$6 == \"$work\" && \$7 == 1000000' d | wc -l | tr -d ' '"
	atf_check -o inline:"8\n" sh -c "awk -F '\t' '\$1 == \"thread\" &&
	    \$5 == \"exited\" && \$7 == 1000001' d | wc -l | tr -d ' '"
	# merged: one arc of 8 million
	atf_check -o inline:"8000000\n" sh -c "gprt-dump -m gmon.out.gprt |
	    awk -F '\t' '\$1 == \"marc\" && \$6 == \"$work\" { print \$7 }'"
}

atf_test_case static
static_head()
{
	atf_set "descr" "libgprt.a linked in gives the same counts"
	atf_set "require.progs" "cc gprof"
}
static_body()
{
	pgbuild pg -O0 "$progs/calls.c"
	pgrun ./pg
	calls pg gmon.out > pg.calls
	atf_check cc -O0 -finstrument-functions -o rt "$progs/calls.c" \
	    "$(stage)/lib/libgprt.a"
	rtrun ./rt
	calls rt gmon.out > rt.calls
	atf_check -o file:pg.calls cat rt.calls
}

atf_test_case preload
preload_head()
{
	atf_set "descr" "A program built without libgprt runs glibc's empty" \
	    "hooks; with libgprt preloaded it gives -pg's counts"
	atf_set "require.progs" "cc gprof"
}
preload_body()
{
	pgbuild pg -O0 "$progs/calls.c"
	pgrun ./pg
	calls pg gmon.out > pg.calls
	atf_check cc -O0 -finstrument-functions -o rt "$progs/calls.c"
	rm -f gmon.out gmon.out.gprt
	atf_check -o ignore env GPRT_HZ=0 ./rt
	test -e gmon.out && atf_fail "glibc's hooks left a gmon.out"
	rtrun env LD_PRELOAD="$(stage)/lib/libgprt.so.1" ./rt
	calls rt gmon.out > rt.calls
	atf_check -o file:pg.calls cat rt.calls
}

atf_test_case install
install_head()
{
	atf_set "descr" "Installed files, gprt.pc with the right prefix, linking"
	atf_set "require.progs" "cc pkg-config"
}
install_body()
{
	s=$(stage)
	for f in lib/libgprt.so lib/libgprt.so.1 lib/libgprt.a \
	    lib/pkgconfig/gprt.pc share/man/man3/gprt.3 bin/gprt-dump \
	    share/man/man1/gprt-dump.1; do
		test -e "$s/$f" || atf_fail "$s/$f not installed"
	done
	atf_check -o inline:"$s\n" env PKG_CONFIG_PATH="$s/lib/pkgconfig" \
	    pkg-config --variable=prefix gprt
	flags=$(PKG_CONFIG_PATH="$s/lib/pkgconfig" pkg-config --cflags --libs \
	    gprt)
	atf_check cc -O0 -o rt "$progs/calls.c" $flags -Wl,-rpath,"$s/lib"
	rm -f gmon.out
	atf_check -o ignore ./rt
	atf_check -o match:"twosites" gprof -b -p rt gmon.out
}

atf_init_test_cases()
{
	atf_add_test_case flat
	atf_add_test_case graph
	atf_add_test_case sampled
	atf_add_test_case threads
	atf_add_test_case static
	atf_add_test_case preload
	atf_add_test_case install
}
