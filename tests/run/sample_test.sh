#! /usr/bin/atf-sh
#
# gp-run(1) on programs not rebuilt: libgprt's sampler (GPRT_SAMPLE).
# The oracle is the -pg build of the same program, run the same way:
# the same functions on top of the flat profile, in the same order.
# tests/progs/busy.c spends its time 6:3:1 in alpha, beta and spin.

. "$(atf_get_srcdir)/../lib.sh"

# top FILE: the three functions of most self time in a flat profile
top()
{
	awk '/^Flat profile/ { f = 1 } f && $1 ~ /^[0-9.]+$/ && NF >= 4 \
	    { print $NF; if (++n == 3) exit }' "$1"
}

atf_test_case plain
plain_head()
{
	atf_set "descr" "A plain build: the -pg build's top functions, \
sampled times, no call counts, a call graph from the stacks"
}
plain_body()
{
	atf_check -o ignore -e ignore cc -pg -O0 -o pg "$progs/busy.c" \
	    -lpthread
	atf_check -o ignore -e ignore cc -O0 -o plain "$progs/busy.c" \
	    -lpthread
	atf_check -o save:pg.out gp-run -b ./pg 0 3000000
	atf_check -o save:plain.out gp-run -b ./plain 0 3000000
	top pg.out >want
	printf 'alpha\nbeta\nspin\n' >order
	atf_check -o file:order cat want
	top plain.out >got
	atf_check -o file:want cat got
	grep -q 'sampled call stacks' plain.out ||
	    atf_fail "not sampled: $(cat plain.out)"
	# the call graph: alpha called from run
	awk '/^\[[0-9]+\].* alpha \[/ { print prev } { prev = $0 }' \
	    plain.out | grep -q ' run \[' ||
	    atf_fail "no caller run of alpha: $(cat plain.out)"
}

atf_test_case perf
perf_head()
{
	atf_set "descr" "-m perf on a plain build: perf record's samples \
through the perf reader, the -pg build's top functions"
	atf_set "require.progs" "perf"
}
perf_body()
{
	perfok
	atf_check -o ignore -e ignore cc -pg -O0 -o pg "$progs/busy.c" \
	    -lpthread
	atf_check -o ignore -e ignore cc -O0 -fno-omit-frame-pointer \
	    -o plain "$progs/busy.c" -lpthread
	atf_check -o save:pg.out gp-run -b ./pg 0 3000000
	atf_check -o save:perf.out -e ignore gp-run -m perf -b -d keep \
	    ./plain 0 3000000
	top pg.out >want
	top perf.out >got
	atf_check -o file:want cat got
	grep -q 'sampled call stacks' perf.out ||
	    atf_fail "not sampled stacks: $(head perf.out)"
	ls keep | grep -q perf || atf_fail "no perf data kept: $(ls keep)"
}

atf_test_case threads
threads_head()
{
	atf_set "descr" "8 threads sampled, each its own thread record"
}
threads_body()
{
	atf_check -o ignore -e ignore cc -O0 -o plain "$progs/busy.c" \
	    -lpthread
	atf_check -o save:out gp-run -d d -b ./plain 8 400000
	printf 'alpha\nbeta\nspin\n' >order
	top out >got
	atf_check -o file:order cat got
	f=$(ls d/gmon.out.* | grep -v '\.gprt$')
	n=$(gmon-cat $f | awk -F'\t' '$1 == "thread" && $8 > 0' |
	    wc -l)
	# the 8 workers, and main when a sample caught it
	test "$n" -ge 8 && test "$n" -le 9 ||
	    atf_fail "$n sampled threads, not the 8 workers (and main)"
}

atf_test_case reentry
reentry_head()
{
	atf_set "descr" "No malloc in the handler: a program whose malloc \
notices being entered again, sampled at 1000 Hz in main and 4 threads"
}
reentry_body()
{
	# libunwind's thread-local state was made at its first use, in the
	# handler, by a malloc inside the interrupted one: ninja deadlocked
	# or broke its heap
	atf_check -o ignore -e ignore cc -O0 -rdynamic -o reent \
	    "$progs/reent.c" -lpthread
	GPRT_SAMPLE=1000 atf_check -o save:out gp-run -b ./reent 4 10000
	grep -q 'sampled call stacks' out ||
	    atf_fail "not sampled: $(cat out)"
}

atf_test_case killed
killed_head()
{
	atf_set "descr" "A plain program killed by SIGKILL: 137, and the \
report of its samples"
}
killed_body()
{
	cat >loop.c <<'E'
#include <stdio.h>
#include <unistd.h>
static volatile long sink;
__attribute__((noinline)) static void spinner(void) { sink++; }
int main(void) {
	FILE *f = fopen("pid", "w");
	fprintf(f, "%d\n", (int)getpid()); fclose(f);
	for (;;) spinner();
}
E
	atf_check -o ignore -e ignore cc -O0 -o loop loop.c
	(while [ ! -s pid ]; do sleep 0.1; done; sleep 1
	    kill -9 "$(cat pid)") &
	atf_check -s exit:137 -o save:out -e ignore gp-run -b ./loop
	wait
	grep -Eq '^ *[0-9.]+ +[0-9.]+ +[0-9.]+ +(spinner|main)$' out ||
	    atf_fail "no samples of spinner or main: $(cat out)"
}

atf_test_case stripped
stripped_head()
{
	atf_set "descr" "A stripped plain build: its functions unnamed, \
PROG+0xADDR, in the unstripped build's order"
}
stripped_body()
{
	atf_check -o ignore -e ignore cc -O0 -o full "$progs/busy.c" \
	    -lpthread
	cp full s
	atf_check strip s
	atf_check -o save:out -e empty gp-run -b ./s 0 3000000
	for f in alpha beta spin; do
		nm full | awk -v f="$f" \
		    '$3 == f { sub(/^0+/, "", $1); print "s+0x" $1 }'
	done >want
	top out >got
	atf_check -o file:want cat got
}

atf_test_case limits
limits_head()
{
	atf_set "descr" "Samples lost to a full tree and cut at the depth \
cap: one line each, as for truncated contexts, the report still made"
}
limits_body()
{
	atf_check -o ignore -e ignore cc -O0 -o plain "$progs/busy.c" \
	    -lpthread
	# 16 nodes: fewer than the distinct frames of alpha, beta and spin
	GPRT_SAMPLE_NODES=16 atf_check -o save:lost.out -e save:lost.err \
	    gp-run -b ./plain 0 3000000
	grep -Eq 'thread 1: [1-9][0-9]* of [0-9]+ samples \(.*\) lost: .*reached its 16 nodes \(GPRT_SAMPLE_NODES' \
	    lost.err || atf_fail "no lost samples said: $(cat lost.err)"
	grep -q 'sampled call stacks' lost.out ||
	    atf_fail "no report: $(cat lost.out)"
	# main's stacks are deeper than 3 frames: every sample cut
	GPRT_SAMPLE_DEPTH=3 atf_check -o save:cut.out -e save:cut.err \
	    gp-run -b ./plain 0 3000000
	awk '/samples cut at 3 frames/ { if ($5 == $7 && $5 > 0) ok = 1 }
	    END { exit !ok }' cut.err ||
	    atf_fail "not every sample said cut: $(cat cut.err)"
	top cut.out >got
	printf 'alpha\nbeta\nspin\n' >order
	atf_check -o file:order cat got
}

atf_init_test_cases()
{
	atf_add_test_case limits
	atf_add_test_case plain
	atf_add_test_case perf
	atf_add_test_case threads
	atf_add_test_case reentry
	atf_add_test_case killed
	atf_add_test_case stripped
}
