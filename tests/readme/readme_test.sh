#! /usr/bin/atf-sh
#
# The shell one-liners of README.md, run as they stand there, and checked
# against what gprof says of the same profile.

. "$(atf_get_srcdir)/../lib.sh"

# A profiled run of tests/progs/recurse.c as a.out and gmon.out.
profile()
{
	pgbuild a.out "$progs/recurse.c"
	pgrun ./a.out
}

atf_test_case top
top_head()
{
	atf_set "descr" "Top ten functions by self time, as gprof's flat profile"
}
top_body()
{
	oneliner top
	profile
	atf_check -o save:got sh top.sh
	test -s got || atf_fail "the one-liner printed nothing"
	# gprof's flat profile: self seconds and name of each row with time
	gprof -b -p a.out gmon.out | awk 'NR > 5 && $3 > 0 {
	    printf "%s\t%s\n", $3, $NF }' | sort -rn | head >want
	sort got >got.s
	sort want >want.s
	atf_check -o file:want.s cat got.s
}

atf_test_case gprun
gprun_head()
{
	atf_set "descr" "gp-run's line: the calls gprof reports for the program"
}
gprun_body()
{
	oneliner gprun
	cp "$progs/recurse.c" prog.c
	atf_check -o save:got -e ignore sh gprun.sh
	atf_check -o ignore ./prog
	# name and calls of each flat-profile row with calls
	rows='NF >= 7 && $4 ~ /^[0-9]+$/ { print $NF, $4 }'
	gprof -b -p prog gmon.out | awk "$rows" | sort >want
	test -s want || atf_fail "gprof printed no calls"
	awk "$rows" got | sort >got.s
	atf_check -o file:want cat got.s
}

atf_test_case callers
callers_head()
{
	atf_set "descr" "Callers of spin, as in gprof's call graph"
}
callers_body()
{
	oneliner callers
	profile
	atf_check -o save:got sh callers.sh
	test -s got || atf_fail "the one-liner printed nothing"
	# the parent lines of spin's entry: "count/total name ..."
	gprof -b -q a.out gmon.out | awk '
	    /^-----/ { n = 0; next }
	    /^\[[0-9]+\]/ { if ($NF ~ /^\[/ && $(NF-1) == "spin") found = 1
		if (found) { for (i = 0; i < n; i++) print par[i]; exit }
		next }
	    { split($3, c, "/"); par[n++] = c[1] "\t" $4 }' | sort >want
	test -s want || atf_fail "no callers of spin in gprof's graph"
	sort got >got.s
	atf_check -o file:want cat got.s
}

atf_test_case merge
merge_head()
{
	atf_set "descr" "A directory of profiles summed, as gprof sums them"
}
merge_body()
{
	oneliner merge
	pgbuild a.out "$progs/recurse.c"
	mkdir runs
	for i in 1 2 3; do
		atf_check -o ignore env GMON_OUT_PREFIX=runs/gmon ./a.out
	done
	test $(ls runs | wc -l) -eq 3 || atf_fail "expected 3 profiles"
	gprof -b a.out runs/gmon.* >want
	atf_check -o file:want sh merge.sh
}

# work: tests/progs/foreign.c as ./prog, with frame pointers
work()
{
	atf_check -o ignore -e ignore cc -O1 -g -fno-omit-frame-pointer \
	    -o prog "$progs/foreign.c" -lm -lpthread
}

atf_test_case perf
perf_head()
{
	atf_set "descr" "perf's stacks as gprof's report: the top function" \
	    "as perf report's"
	atf_set "require.progs" "perf"
}
perf_body()
{
	oneliner perf
	perfok
	work
	sed 's|^perf record |perf record -q -o perf.data |;
	    s|^perf script |perf script -i perf.data |; s|\./prog|./prog 100|' \
	    perf.sh >run.sh
	atf_check -o save:got -e ignore sh run.sh
	top=$(awk 'NF >= 4 && $1 ~ /^[0-9.]+$/ { print $NF; exit }' got)
	want=$(perf report -i perf.data --stdio --no-children --sort sym \
	    2>/dev/null | awk '/^ +[0-9.]+%/ { print $3; exit }')
	test -n "$top" && test "$top" = "$want" ||
	    atf_fail "top function $top, perf report's $want"
}

atf_test_case callgrind
callgrind_head()
{
	atf_set "descr" "callgrind's counts as gprof's for the -pg build"
	atf_set "require.progs" "valgrind gprof"
}
callgrind_body()
{
	oneliner callgrind
	work
	sed 's|valgrind |valgrind -q |; s|\./prog$|./prog 1|' callgrind.sh \
	    >run.sh
	atf_check -o save:got -e ignore sh run.sh
	atf_check -o ignore -e ignore cc -O1 -pg -o pg \
	    "$progs/foreign.c" -lm -lpthread
	atf_check -o ignore ./pg 1
	gprof -b -p pg gmon.out | awk 'NF == 7 && $4 ~ /^[0-9]+$/ {
	    print $7, $4 }' | sort >want
	awk 'NF == 7 && $4 ~ /^[0-9]+$/ { print $7, $4 }' got | sort |
	    join - want >both
	test "$(wc -l <both)" -eq "$(wc -l <want)" && test -s want ||
	    atf_fail "functions missing: $(cat got)"
	awk '$2 != $3 { bad = 1; print } END { exit bad }' both ||
	    atf_fail "counts differ from gprof's"
}

atf_init_test_cases()
{
	atf_add_test_case perf
	atf_add_test_case callgrind
	atf_add_test_case top
	atf_add_test_case gprun
	atf_add_test_case callers
	atf_add_test_case merge
}
