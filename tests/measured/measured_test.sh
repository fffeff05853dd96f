#! /usr/bin/atf-sh
#
# Analysis from what the gprt(3) runtime measured: gmon-cat reads the
# companion file, gp-sym names every object's functions, gp-arcs and
# gp-fmt print gprof's report with measured times, gp-fmt -M the memory
# profile.  No timing: only identities, lower bounds a sleep guarantees,
# and counts the programs fix.

. "$(atf_get_srcdir)/../runtime/rtlib.sh"


# report PROG [GMON-CAT ARGS]: the pipeline's brief report
report()
{
	_p=$1
	shift
	gmon-cat "$@" | gp-sym "$_p" | gp-arcs | gp-fmt -b
}

# flatcalls: "name calls" of a flat profile on stdin, sorted
flatcalls()
{
	awk 'NF == 7 && $4 ~ /^[0-9]+$/ { print $7, $4 }
	    /^$/ && NR > 5 { exit }' | sort
}

# progcalls: "name calls" of a report (flat profile and call graph) on
# stdin, less the functions called from outside the program (main from
# libc, a qsort comparator, a thread's start routine): the measured
# report counts those calls (gprt(3)), gprof cannot, having no caller in
# the program to give them to.
progcalls()
{
	awk '/<spontaneous>/ { while (getline > 0 && !/^\[/) ;
		sub(/ \[[0-9]+\]$/, ""); sp[$NF] = 1 }
	    /^Flat profile/ { flat = 1 }
	    flat && NF == 7 && $4 ~ /^[0-9]+$/ { c[$7] = $4 }
	    flat && /^$/ && ++blank > 2 { flat = 0 }
	    END { for (n in c) if (!(n in sp)) print n, c[n] }' | sort
}

# parents NAME: "count name" of each parent line of NAME's entry in the
# call graph on stdin
parents()
{
	awk -v n="$1" '/^-/ { p = "" }
	    /^\[/ { if ($NF ~ /^\[/ && $(NF - 1) == n) { printf "%s", p; exit }
		next }
	    NF > 1 { sub(/ \[[0-9]+\]$/, ""); p = p $(NF - 1) " " $NF "\n" }'
}

# selfsecs NAME: the self seconds of NAME in a flat profile on stdin
selfsecs()
{
	awk -v n="$1" '(NF == 7 || NF == 4) && $NF == n { print $3; exit }'
}

# sums STREAM: the credit layer's times add up to its total, and that
# total is the time of the runtime's threads (every callee is named)
sums()
{
	atf_check -o inline:"ok\n" awk -F '\t' '
	function near(a, b) { d = a - b; if (d < 0) d = -d
		return d <= 1e-9 * (a > b ? a : b) }
	$1 == "histsum" { total = $2; hz = $4 }
	$1 == "time" { sum += $3 }
	$1 == "thread" { thr += $9 }
	END {
		if (total <= 0) { print "no time"; exit }
		if (!near(sum, total)) { print "times " sum " total " total; exit }
		if (!near(total / hz, thr)) { print "total " total / hz \
		    " threads " thr; exit }
		print "ok"
	}' "$1"
}

atf_test_case wall
wall_head()
{
	atf_set "descr" "Self times are measured: a sleeping function has its" \
	    "wall time, which PC sampling does not see; self times add up"
	atf_set "require.progs" "cc gprof"
}
wall_body()
{
	rtbuild m "$src/wall.c"
	rtrun ./m
	gmon-cat gmon.out | gp-sym m | gp-arcs > s
	sums s
	report m > out
	# two naps of 0.1 s: at least 0.2 s, measured
	nap=$(selfsecs nap < out)
	atf_check -o inline:"yes\n" awk -v t="$nap" \
	    'BEGIN { print (t >= 0.2 ? "yes" : "no " t) }'
	# the call counts are the runtime's, as gprof reads them in gmon.out
	progcalls < out > ours
	calls m gmon.out > theirs
	atf_check -o file:theirs cat ours
	# main's entry: all of the time (its self plus children)
	atf_check -o match:'^\[[0-9]+\] +100\.0 .* main \[[0-9]+\]$' cat out
	# nap's line under main: the naps' time as self, 2/2 calls
	atf_check -o match:'^ +0\.[2-9][0-9] +0\.00 +2/2 +nap \[' \
	    sed -n '/^\[[0-9]*\].* main \[/,/^---/p' out
	# with -pg, gprof samples CPU time: the naps have (next to) none
	pgbuild pg -O0 "$src/wall.c"
	pgrun ./pg
	pgnap=$(gprof -b -p pg gmon.out | selfsecs nap)
	atf_check -o inline:"yes\n" awk -v a="${pgnap:-0}" -v b="$nap" \
	    'BEGIN { print (a + 0 < b / 2 ? "yes" : "no " a " " b) }'
}

atf_test_case stages
stages_head()
{
	atf_set "descr" "The same report with or without gp-hist and gp-arcs;" \
	    "gmon-cat -G gives gprof's own report"
	atf_set "require.progs" "cc gprof"
}
stages_body()
{
	rtbuild m "$src/wall.c"
	rtrun ./m
	gmon-cat | gp-sym m | gp-arcs | gp-fmt > a
	gmon-cat | gp-sym m | gp-hist | gp-arcs | gp-fmt > b
	gmon-cat | gp-sym m | gp-fmt > c
	atf_check -o file:a cat b
	atf_check -o file:a cat c
	# the stages keep the runtime layer and are idempotent
	gmon-cat | gp-sym m > s1
	gp-sym m < s1 > s2
	atf_check -o file:s1 cat s2
	gmon-cat s1 > s3
	atf_check -o file:s3 sh -c 'gmon-cat | grep -v "^\(exe\|sym\)	"'
	# without the companion: gprof's estimates, byte for byte
	gprof m gmon.out > g
	atf_check -o file:g sh -c 'gmon-cat -G | gp-sym m | gp-fmt'
	mv gmon.out.gprt elsewhere
	atf_check -o file:g sh -c 'gmon-cat | gp-sym m | gp-fmt'
}

atf_test_case graph
graph_head()
{
	atf_set "descr" "Recursion and cycles: the call graph has gprof's arcs," \
	    "counts and cycles, and the measured times add up"
	atf_set "require.progs" "cc gprof"
}
graph_body()
{
	for p in rec calls; do
		rtbuild $p "$progs/$p.c"
		rtrun ./$p
		gmon-cat | gp-sym $p | gp-arcs > s
		sums s
		gp-fmt -b -q -z s | cgarcs 1 > ours
		gprof -b -q -z $p gmon.out | cgarcs 1 > theirs
		atf_check -o file:theirs cat ours
		gp-fmt -b s | progcalls > ours
		calls $p gmon.out > theirs
		atf_check -o file:theirs cat ours
	done
	# rec has cycles: whole-cycle entries are printed
	atf_check -o match:'<cycle 1 as a whole>' gp-fmt -b -q s
}

atf_test_case threads
threads_head()
{
	atf_set "descr" "gmon-cat -t keeps the threads apart; the report is" \
	    "the same, times to the last digit"
	atf_set "require.progs" "cc"
}
threads_body()
{
	rtbuild t -pthread "$progs/thr.c"
	rtrun ./t
	merged=$(gmon-cat | grep -c '^marc	0	')
	apart=$(gmon-cat -t | grep -c '^marc	[1-9]')
	test "$apart" -gt "$merged" ||
	    atf_fail "-t: $apart marc records, merged $merged"
	gmon-cat | gp-sym t | gp-arcs | gp-fmt -b -p | flatcalls > a
	gmon-cat -t | gp-sym t | gp-arcs | gp-fmt -b -p | flatcalls > b
	atf_check -o file:a cat b
	atf_check -o match:'^work 8000000$' cat a
	# the times too, to the last digit: ticks summed before seconds
	gmon-cat | gp-sym t | gp-arcs | gp-fmt -o json > ja
	gmon-cat -t | gp-sym t | gp-arcs | gp-fmt -o json > jb
	grep -q '"self":' ja || atf_fail "no self times in: $(head -c 300 ja)"
	atf_check -o file:ja cat jb
}

# onethread N: the stream on stdin with only thread N's records of the
# runtime layer (gp-stream(5): thread, marc, mem, ctx, trace and tev
# records carry the thread in their second field), the oracle of -u N.
onethread()
{
	awk -F '\t' -v n="$1" '$1 ~ /^(thread|marc|mem|ctx|trace|tev)$/ &&
	    $2 != n { next } { print }'
}

atf_test_case perthread
perthread_head()
{
	atf_set "descr" "gp-fmt -u and -U: each thread's report, in text and" \
	    "formats, is that of the stream holding that thread alone"
	atf_set "require.progs" "cc"
}
perthread_body()
{
	rtbuild t -pthread "$progs/thr.c"
	rtrun ./t
	gmon-cat -t >all.gps
	awk -F '\t' '$1 == "thread" { print $2 }' all.gps >slots
	test "$(wc -l <slots)" -eq 9 || atf_fail "threads: $(cat slots)"
	: >want
	for n in $(cat slots); do
		onethread $n <all.gps | gp-sym t | gp-fmt -b >one.$n
		grep -q '^Flat profile' one.$n || atf_fail "thread $n: no report"
		gp-sym t <all.gps | gp-hist | gp-arcs | gp-fmt -b -u $n >u.$n
		atf_check -o file:one.$n cat u.$n
		awk -F '\t' -v n=$n '$1 == "thread" && $2 == n {
		    printf "Thread %s: tid %s \"%s\"\n\n", $2, $3, $6 }' all.gps >>want
		cat one.$n >>want
		[ $n = "$(tail -n 1 slots)" ] || printf '\f\n' >>want
	done
	# a format follows the choice too
	gp-sym t <all.gps >sym.gps
	n=$(sed -n 2p slots)
	for f in folded json svg; do
		onethread $n <all.gps | gp-sym t | gp-fmt -o $f >one.$f
		gp-fmt -o $f -u $n sym.gps >u.$f
		atf_check -o file:one.$f cat u.$f
	done
	# by name: every thread of thr.c is named t, as the program
	atf_check -o file:want gp-fmt -b -U sym.gps
	atf_check -o file:want gp -b -U t
	gp-fmt -b -u t sym.gps >byname
	grep -q '^Flat profile' byname || atf_fail "-u t: no report"
	# bad choices: one line, exit 1
	atf_check -s exit:1 -e match:'thread 99: no such thread' \
	    gp-fmt -u 99 sym.gps
	atf_check -s exit:1 -e match:'thread nosuch: no such thread' \
	    gp-fmt -u 1,nosuch sym.gps
	atf_check -s exit:1 -e match:'thread 0: not a thread number' \
	    gp-fmt -u 0 sym.gps
	atf_check -s exit:1 -e match:"an empty thread name or number" \
	    gp-fmt -u 1,,2 sym.gps
	gmon-cat | gp-sym t >merged.gps
	atf_check -s exit:1 -e match:'merged \(gmon-cat -t' \
	    gp-fmt -u 1 merged.gps
	atf_check -s exit:1 -e match:'-U: one report a thread' \
	    gp-fmt -U -o svg sym.gps
}

atf_test_case dlopen
dlopen_head()
{
	atf_set "descr" "An instrumented dlopen'd module's functions are named" \
	    "in the report"
	atf_set "require.progs" "cc"
}
dlopen_body()
{
	atf_check cc -O0 -finstrument-functions -fPIC -shared -o plug.so \
	    "$progs/plug.c"
	rtbuild dl "$progs/dl.c"
	rtrun ./dl ./plug.so
	gmon-cat | gp-sym dl > s
	here=$(pwd -P)
	atf_check -o match:"^obj	1	$here/\./plug\.so	" cat s
	atf_check -o match:'^osym	.*	plug_inner	plug_inner$' cat s
	gp-arcs < s > s2
	sums s2
	gp-fmt -b -p s2 | flatcalls > got
	# main's call comes from libc: counted, with no caller (gprt(3))
	printf 'main 1\nplug_fn 1\nplug_inner 42\n' > want
	atf_check -o file:want cat got
	gp-fmt -b -q s2 | cgarcs 1 > got
	cat > want <<'EOF'
main: child plug_fn 1/1
plug_fn: child plug_inner 42/42
plug_fn: parent main 1/1
plug_inner: parent plug_fn 42/42
EOF
	atf_check -o file:want cat got
	# the module gone: a warning, and its functions unnamed
	rm plug.so
	atf_check -o not-match:plug_ -e match:'plug\.so: cannot read its symbols' \
	    sh -c 'gmon-cat | gp-sym dl | gp-arcs | gp-fmt -b -p'
}

atf_test_case killed
killed_head()
{
	atf_set "descr" "A SIGKILLed run's companion file goes through the" \
	    "pipeline, named or by default"
	atf_set "require.progs" "cc gprof"
}
killed_body()
{
	rtbuild k "$progs/die.c"
	rm -f gmon.out gmon.out.gprt
	atf_check -s signal:9 -e ignore env GPRT_HZ=0 ./k kill
	test ! -e gmon.out || atf_fail "gmon.out written"
	gmon-cat gmon.out.gprt | gp-sym k | gp-arcs > s
	sums s
	gp-fmt -b -p s > out
	gp-fmt -b s | progcalls > ours
	atf_check -o match:'^work 123456$' cat ours
	# gmon-cat with no file, or named gmon.out, takes the companion when
	# gmon.out is missing, and says so in one line; so does gp
	note='^gmon-cat: gmon\.out: not found; reading its companion file gmon\.out\.gprt \(the profile of a run that was killed\)$'
	atf_check -o file:out -e match:"$note" \
	    sh -c 'gmon-cat | gp-sym k | gp-fmt -b -p'
	atf_check -o file:out -e match:"$note" \
	    sh -c 'gmon-cat gmon.out | gp-sym k | gp-fmt -b -p'
	atf_check -s exit:0 -o save:gpout -e match:'^gp: gmon\.out: not found; reading its companion' \
	    gp -b -p k
	atf_check -o file:out cat gpout
	atf_check -o file:out -e match:'not found; reading its companion' \
	    gp -b -p ./k gmon.out
	# and not with -G, which leaves companions out
	oneline '^gmon-cat: gmon\.out: No such file or directory$' gmon-cat -G
	# counts as gprof reads them from the gmon.out gprt-dump -g writes
	atf_check gprt-dump -g x.out gmon.out.gprt
	calls k x.out > theirs
	atf_check -o file:theirs cat ours
	# several inputs are added up, measured ones with their runtime layer
	gmon-cat gmon.out.gprt gmon.out.gprt | gp-sym k | gp-arcs > s2
	sums s2
	gp-fmt -b -p s2 | flatcalls > two
	atf_check -o match:'^work 246912$' cat two
	# with an unmeasured one, none: the counts of the sum are gprof's
	atf_check -o save:s3 -e match:'1 of the 2 inputs have no runtime' \
	    gmon-cat gmon.out.gprt x.out
	atf_check -o not-match:'^marc' cat s3
	gp-sym k < s3 | gp-fmt -b -p | flatcalls > two
	atf_check -o match:'^work 246912$' cat two
}

atf_test_case stale
stale_head()
{
	atf_set "descr" "A companion file from another run is not taken"
	atf_set "require.progs" "cc gprof"
}
stale_body()
{
	rtbuild m "$progs/calls.c"
	rtrun ./m
	pgbuild pg -O0 "$progs/calls.c"
	pgrun ./pg
	gprof pg gmon.out > g
	atf_check -o file:g -e match:'gmon\.out\.gprt: not from the run' \
	    sh -c 'gmon-cat | gp-sym pg | gp-fmt'
	# a later run, killed: the companion is its, gmon.out the first's
	rtbuild r "$progs/rec.c"
	rtrun ./r
	gprof r gmon.out > g
	atf_check -s signal:9 -o ignore env GPRT_HZ=0 ./r kill
	atf_check -o file:g -e match:'gmon\.out\.gprt: not from the run' \
	    sh -c 'gmon-cat | gp-sym r | gp-fmt'
}

atf_test_case captions
captions_head()
{
	atf_set "descr" "html and pprof say how a measured profile's stacks" \
	    "are shared among callers: by the time of each call arc, not" \
	    "in proportion to the calls as gprof's estimate"
	atf_set "require.progs" "cc gzip"
}
captions_body()
{
	rtbuild m "$progs/calls.c"
	rtrun ./m
	gmon-cat | gp-sym m | gp-arcs > s
	atf_check -o save:m.html gp-fmt -o html s
	grep -q 'by the time measured on each call arc' m.html ||
	    atf_fail "html: no caption for measured stacks"
	grep -q "gprof's assumption" m.html &&
	    atf_fail "html: gprof's assumption on a measured profile"
	atf_check -o save:m.pb gp-fmt -o pprof s
	gzip -dc m.pb > m.raw
	grep -aq 'by the time measured on each call arc' m.raw ||
	    atf_fail "pprof: no comment for measured stacks"
	grep -aq "gprof's assumption" m.raw &&
	    atf_fail "pprof: gprof's assumption on a measured profile"
	# and a -pg profile keeps gprof's words
	pgbuild pg -O0 "$progs/calls.c"
	pgrun ./pg
	gmon-cat gmon.out | gp-sym pg | gp-hist | gp-arcs | gp-fmt -o html |
	    grep -q "gprof's assumption" || atf_fail "html -pg: no gprof's words"
}

atf_test_case late
late_head()
{
	atf_set "descr" "Calls made after gmon.out was written, by a thread" \
	    "still running at exit, do not make the companion stale"
	atf_set "require.progs" "cc"
}
late_body()
{
	rtbuild l -pthread "$src/late.c"
	rtrun ./l
	atf_check -o match:'^marc	' -e empty gmon-cat
	gmon-cat | gp-sym l | gp-fmt -b | progcalls > ours
	calls l gmon.out > theirs
	# at least gmon.out's count of work's calls
	atf_check -o inline:"ok\n" awk 'FNR == NR { c[$1] = $2; next }
	    $1 == "work" { ok = $2 >= c["work"] && c["work"] >= 100000 }
	    END { print (ok ? "ok" : "no") }' theirs ours
}

atf_test_case memory
memory_head()
{
	atf_set "descr" "gp-fmt -M: the allocating call sites with exact" \
	    "bytes, calls, peaks, failures and unfreed blocks"
	atf_set "require.progs" "cc"
}
memory_body()
{
	rtbuild mem -pthread "$progs/mem.c"
	rm -f gmon.out gmon.out.gprt
	atf_check env GPRT_HZ=0 GPRT_MEM=1 ./mem
	gmon-cat | gp-sym mem > s
	gp-fmt -b -M s > out
	# the instrumented functions' sites: bytes calls peak failed unknown
	# unfreed-blocks unfreed-bytes function
	awk 'NF == 8 && $8 ~ /^(leak|churn|fail|cross|tfree)\+/ {
	    sub(/\+.*/, "", $8); print }' out | sort > got
	cat > want <<'EOF'
0 1 0 0 0 0 0 tfree
0 1 0 1 0 0 0 fail
0 50 0 0 0 0 0 churn
1000 1 1000 0 0 1 1000 leak
300 1 300 0 0 1 300 leak
3200 50 64 0 0 0 0 churn
500 1 500 0 0 0 0 cross
6400 50 128 0 0 0 0 churn
EOF
	atf_check -o file:want cat got
	# the totals are the sums of the lines; most bytes first
	atf_check -o inline:"ok\n" awk '
	/^ allocated / { alloc = $2 }
	/^ unfreed / { unf = $2 }
	/^ failed / { fails = $2 }
	$1 ~ /^[0-9]+$/ && NF >= 8 {
		a += $1; u += $7; f += $4
		if (n++ && $1 > last) bad = 1
		last = $1
	}
	END {
		ok = a == alloc && u == unf && f == fails && !bad && n
		print (ok ? "ok" : "bad " a " " alloc " " u " " unf " " f)
	}' out
	# -M with the other sections, and without a memory profile
	atf_check -o match:'^Flat profile:' -o match:'^Memory profile:' \
	    gp-fmt -b -p -M s
	rtbuild m "$src/wall.c"
	rtrun ./m
	atf_check -s exit:1 -e match:'no memory profile' \
	    sh -c 'gmon-cat | gp-sym m | gp-fmt -M'
}

atf_test_case bad
bad_head()
{
	atf_set "descr" "Bad runtime and object records: one line naming the" \
	    "place, exit 1"
	atf_set "require.progs" "cc"
}
bad_body()
{
	rtbuild m "$src/wall.c"
	rtrun ./m
	gmon-cat | gp-sym m > s
	awk -F '\t' -v OFS='\t' '$1 == "marc" && !done { $3 = 99; done = 1 }
	    { print }' s > s1
	l=$(awk -F '\t' '$1 == "marc" { print NR; exit }' s1)
	g=$(awk -F '\t' '$1 == "gprt" { print NR; exit }' s1)
	oneline "^gp-arcs: s1:$l: marc: field 3: no map record with id 99 in this gprt group \\(line $g\\)\$" \
	    gp-arcs s1
	printf 'gp-stream\t1\nmarc\t0\t0\t0x1\t0\t0x2\t1\t1\t1\t1\t1\n' > s2
	oneline '^gp-arcs: s2:2: marc: before any gprt record$' gp-arcs s2
	printf 'gp-stream\t1\nosym\t0\t1\t0x1\t0x2\tf\t\t\tx\tx\n' > s3
	oneline '^gp-fmt: s3:2: osym: osym record before any obj record$' \
	    gp-fmt s3
	awk -F '\t' -v OFS='\t' '$1 == "gprt" { $5 = "dead" } { print }' \
	    s > s4
	l=$(awk -F '\t' '$1 == "gprt" { print NR; exit }' s4)
	oneline "^gp-fmt: s4:$l: gprt: field 5: state 'dead' is not exited or unfinished\$" \
	    gp-fmt s4
	# a truncated companion file, as an input and beside gmon.out
	head -c 200 gmon.out.gprt > cut.gprt
	oneline '^gmon-cat: cut\.gprt: byte 200: unexpected end of file in the header$' \
	    gmon-cat cut.gprt
	cp gmon.out cut
	oneline '^gmon-cat: cut\.gprt: byte 200: unexpected end of file in the header$' \
	    gmon-cat cut
	oneline '^gmon-cat: <stdin>: a gprt\(3\) companion file is read by its name, not from the standard input$' \
	    sh -c 'gmon-cat - < gmon.out.gprt'
}

atf_test_case threads_report
threads_report_head()
{
	atf_set "descr" "Thread start routines (called from uncompiled code) get their call count; measured reports say their times are not sampled; the thread that called exit is exited in gprt-dump"
	atf_set "require.progs" "cc"
}
threads_report_body()
{
	rtbuild t "$progs/thr.c" -lpthread
	rtrun ./t
	gp -b t >rep || atf_fail "gp failed"
	# run: 8 calls, all from libc's start_thread; work 8,000,000 from run
	flatcalls <rep >fc
	atf_check -o inline:'main 1\nrun 8\nwork 8000000\n' cat fc
	atf_check -o match:'^Times are measured per call, not sampled\.$' \
	    -o not-match:'Each sample counts' cat rep
	atf_check -o match:'^granularity: times measured per call, not sampled; 100% is ' \
	    -o not-match:'each sample hit' gp -b -q t
	atf_check -o match:'^granularity: times measured per call' gp -b -T -p t
	# every thread has ended when the companion is complete
	atf_check -o inline:'9 exited\n' -x \
	    "gprt-dump gmon.out.gprt | awk -F '\t' '\$1 == \"thread\" { print \$5 }' | sort | uniq -c | awk '{ print \$1, \$2 }'"
}

# exact STREAM: every measured callee of the executable names the symbol
# at its very address, with all its calls (gp-arcs' nodes); prints the
# addresses that do not
exact()
{
	atf_check -o empty awk -F '\t' '
	$1 == "sym" { a[$2] = $3 }
	$1 == "marc" && $5 == "0" { c[$6] += $7 }
	$1 == "node" && $3 != "" { n[a[$3]] = $5 + $6 }
	END { for (x in c) if (n[x] != c[x]) print x, c[x], n[x] + 0 }' "$1"
}

# rtbuildcc CC OUT ARGS...: rtbuild with compiler CC
rtbuildcc()
{
	_cc=$1
	_out=$2
	shift 2
	_s=$(stage)
	atf_check -o ignore -e ignore "$_cc" -O0 -finstrument-functions \
	    -o "$_out" "$@" -L"$_s/lib" -lgprt -Wl,-rpath,"$_s/lib"
}

atf_test_case lambda
lambda_head()
{
	atf_set "descr" "clang++'s lambdas, whose names have a '$' that" \
	    "gprof's rule drops: each measured call names the function at" \
	    "its address; gmon-cat -G keeps gprof's table"
	atf_set "require.progs" "clang++ gprof"
}
lambda_body()
{
	rtbuildcc clang++ l "$progs/lambda.cc"
	rtrun ./l
	gmon-cat | gp-sym l | gp-arcs > s
	exact s
	atf_check -o empty awk -F '\t' -f "$src/graph.awk" s
	gp -b -p l > flat
	atf_check -o match:'^ +[0-9.]+ +[0-9.]+ +[0-9.]+ +1 .* main$' \
	    -o match:' 100 .* find\(int\)$' \
	    -o match:'find\(int\)::\$_0::operator\(\)\(int\) const$' cat flat
	# where gprof reads a gmon.out alone, gprof's table
	gprof -b l gmon.out > g
	atf_check -o file:g sh -c 'gmon-cat -G | gp-sym l | gp-fmt -b'
}

atf_test_case libcallback
libcallback_head()
{
	atf_set "descr" "A callback from a shared library's function built" \
	    "without hooks: <spontaneous>, as from qsort, not a caller" \
	    "without an entry"
	atf_set "require.progs" "cc"
}
libcallback_body()
{
	atf_check -o ignore -e ignore cc -O0 -fPIC -shared \
	    -finstrument-functions -o libruncb.so "$progs/runcb.c"
	rtbuild m -DMAIN "$progs/runcb.c" -L. -lruncb -Wl,-rpath,"$PWD"
	rtrun ./m
	gmon-cat | gp-sym m | gp-arcs > s
	exact s
	atf_check -o empty awk -F '\t' -f "$src/graph.awk" s
	gp -b -q m > graph
	parents cb < graph > par
	atf_check -o inline:"10/11 <spontaneous>\n1/11 main\n" cat par
	atf_check -o not-match:run_cb cat graph
}

atf_test_case callback
callback_head()
{
	atf_set "descr" "A function called back by qsort(3) and once by" \
	    "main: its entry holds all its measured time, a <spontaneous>" \
	    "line counts the calls from qsort, no entry is over 100%"
	atf_set "require.progs" "cc"
}
callback_body()
{
	rtbuild cb "$src/cb.c"
	rtrun ./cb
	gp -b -p cb >flat || atf_fail "gp -p failed"
	n=$(awk '$NF == "cmp" { print $4 }' flat)
	test "$n" -gt 1000 || atf_fail "cmp called $n times"
	gp -b -q cb >graph || atf_fail "gp -q failed"
	# the calls from qsort, then main's one
	parents cmp <graph >par
	atf_check -o inline:"$((n - 1))/$n <spontaneous>\n1/$n main\n" cat par
	# cmp and what it calls: at least cmp's self and its leaf calls'
	# self in the flat profile (not its 1/n share)
	cself=$(selfsecs cmp <flat)
	atf_check -o inline:"ok\n" awk -v cself="$cself" '
	    /^\[/ && $(NF - 1) == "cmp" { t = $3 + $4 }
	    END { print (t + 0.015 >= cself && t > 0.05) ? "ok" : "cmp " t }' graph
	# no entry over 100%, whatever cuts -n, -N, -F, -E make
	for o in "" "-n cmp" "-n leaf" "-N main" "-N cmp" "-F cmp" \
	    "-F leaf" "-E leaf" "-e cmp"; do
		gp -b -q $o cb >g2 || atf_fail "gp -q $o failed"
		atf_check -o empty awk '/^\[/ && $2 + 0 > 100' g2
	done
}

atf_init_test_cases()
{
	atf_add_test_case lambda
	atf_add_test_case libcallback
	atf_add_test_case callback
	atf_add_test_case threads_report
	atf_add_test_case wall
	atf_add_test_case stages
	atf_add_test_case graph
	atf_add_test_case threads
	atf_add_test_case perthread
	atf_add_test_case dlopen
	atf_add_test_case killed
	atf_add_test_case stale
	atf_add_test_case late
	atf_add_test_case captions
	atf_add_test_case memory
	atf_add_test_case bad
}
