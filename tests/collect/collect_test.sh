#! /usr/bin/atf-sh
#
# The runtime's collectors (GPRT_COLLECT, gprt(3), gp-plugin(3)): cct's
# calling contexts checked against the trace collector's events of the
# same run (every path, call count and self tick alike), their sums
# against the runtime's own thread totals; threads, fork, SIGKILL, the
# node limit, refusals, the example collector built out of the tree; the
# chrome format read by jq and by speedscope in headless Chromium, the
# replay format against the events.

. "$(atf_get_srcdir)/../runtime/rtlib.sh"

here=$(atf_get_srcdir)

# collect COLLECTORS PROG [ARGS]: run PROG without sampling, collecting.
collect()
{
	_c=$1
	shift
	rm -f gmon.out gmon.out.gprt
	GPRT_HZ=0 GPRT_COLLECT=$_c "$@" >/dev/null 2>err ||
	    atf_fail "$1 failed: $(cat err)"
	test -s gmon.out.gprt || atf_fail "$1 left no gmon.out.gprt"
}

# traced EVENTS SOURCE [CC ARGS]: SOURCE built as p, run with the trace
# collector and a ring of EVENTS events; its stream per thread in s.
traced()
{
	_n=$1
	shift
	rtbuild p "$@"
	GPRT_TRACE_EVENTS=$_n collect trace ./p
	gmon-cat -t gmon.out | gp-sym p > s || atf_fail "pipeline failed"
}

# same DUMP: the paths of the ctx records and of the tev records of
# gprt-dump output DUMP agree: paths, calls, self ticks.
same()
{
	awk -f "$here/paths.awk" "$1" | LC_ALL=C sort > both
	grep '^ctx ' both | cut -d' ' -f2- > p.ctx
	grep '^trace ' both | cut -d' ' -f2- > p.trace
	test -s p.ctx || atf_fail "no contexts"
	atf_check -o file:p.trace cat p.ctx
}

# sums DUMP: in each thread, the roots' inclusive ticks add up to the
# runtime's total of the thread, and no node's exceed it.
sums()
{
	atf_check -o inline:"ok\n" awk -F '\t' '
	$1 == "thread" { total[$2] = $8 }
	$1 == "ctx" { if ($4 == 0) roots[$2] += $11
		if ($11 > max[$2]) max[$2] = $11; n[$2]++ }
	END {
		for (t in total) {
			if (!(t in n)) { print "thread " t ": no ctx"; exit }
			if (roots[t] != total[t]) {
				print "thread " t ": roots " roots[t] \
				    ", thread " total[t]; exit
			}
			if (max[t] > total[t]) { print "node above"; exit }
		}
		print "ok"
	}' "$1"
}

# notlost DUMP: the trace records say that no event was lost.
notlost()
{
	awk -F '\t' '$1 == "trace" && $4 != 0 { exit 1 }' "$1" ||
	    atf_fail "events lost: $(grep '^trace' "$1")"
}

atf_test_case paths
paths_head()
{
	atf_set "descr" "Recursion, mutual recursion, a cycle, a function" \
	    "called from two sites: cct's paths, calls and self ticks are" \
	    "those of the trace of the same run; the sums are the totals"
	atf_set "require.progs" "cc"
}
paths_body()
{
	rtbuild p "$progs/rec.c"
	GPRT_TRACE_EVENTS=1000000 collect cct,trace ./p
	gprt-dump gmon.out.gprt > d || atf_fail "gprt-dump failed"
	notlost d
	same d
	sums d
	# deep() is called from two sites in main(): two nodes, each its own
	deep=$(printf '%#x' "0x$(nm p | awk '$3 == "deep" { print $1 }')")
	test "$(awk -F '\t' -v f="$deep" '$1 == "ctx" && $6 == f &&
	    $4 == 1' d | wc -l)" -eq 2 || atf_fail "deep not on two paths"
	# folded recursion: fewer nodes than a handful per function
	test "$(grep -c '^ctx' d)" -lt 40 || atf_fail "recursion not folded"
	# gmon-cat merges the threads and keeps the sums
	gmon-cat gmon.out > s || atf_fail "gmon-cat failed"
	atf_check -o match:'^ctx	0	1	0	' grep '^ctx' s
	# the view formats get (tests/progs/ctxdump.c checks its promises)
	mkdir -p v
	atf_check cc -w -shared -fPIC -I"$(stage)/include" -o v/ctxdump.so \
	    "$progs/ctxdump.c"
	gmon-cat -t gmon.out | gp-sym p | gp-hist | gp-arcs > t ||
	    atf_fail "pipeline failed"
	atf_check -o save:view env GP_PLUGIN_PATH="$(pwd)/v" \
	    gp-fmt -o ctxdump t
	atf_check -o match:'^node main;fib;spin [0-9]+ ' cat view
	atf_check -o save:mview env GP_PLUGIN_PATH="$(pwd)/v" \
	    gp-fmt --merge-threads -o ctxdump t
	atf_check -o inline:"$(grep -c '^ctx' d)\n" grep -c '^node' mview
}

atf_test_case lua
lua_head()
{
	atf_set "descr" "A real program, the lua interpreter of the real-world" \
	    "corpus (built into its cache when missing): its thousands of" \
	    "contexts are the paths its trace saw, and add up to its total"
	atf_set "require.progs" "cc"
	atf_set "timeout" "900"
}
lua_body()
{
	# the real home's cache: kyua gives the tests a home of their own
	_home=$(getent passwd "$(id -u)" | cut -d: -f6)
	export GP_CORPUS=${GP_CORPUS:-$_home/.cache/gptools/corpus}
	_m=$(sh "$here/../realworld/corpus.sh" lua:fi-O0 2>&1) ||
	    atf_fail "the real-world corpus could not be fetched or built: $_m"
	bin=$(sh "$here/../realworld/corpus.sh" -n)
	obj=${bin%/bin.*}/obj.${bin##*/bin.}/lua-fi-O0
	_s=$(stage)
	atf_check cc -o lua "$obj"/*.o $(cat "$obj/libs") -L"$_s/lib" -lgprt \
	    -Wl,-rpath,"$_s/lib"
	cat > t.lua <<'EOF2'
local t = {}
for i = 1, 300 do t[#t + 1] = tostring(i * 7 % 101) end
table.sort(t)
local s = table.concat(t, ",")
local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
print(#s, fib(12))
EOF2
	GPRT_TRACE_EVENTS=4000000 collect cct,trace ./lua t.lua
	gprt-dump gmon.out.gprt > d || atf_fail "gprt-dump failed"
	notlost d
	test "$(grep -c '^ctx' d)" -gt 1000 || atf_fail "few contexts"
	same d
	sums d
}

atf_test_case flat
flat_head()
{
	atf_set "descr" "cct's memory follows the distinct paths: ten times" \
	    "the calls, the same nodes and the same companion file; trace's" \
	    "is its ring's"
	atf_set "require.progs" "cc"
}
flat_body()
{
	rtbuild p "$here/loop.c"
	for n in 100000 1000000; do
		collect cct ./p $n $((n == 100000 ? 15 : 20))
		gprt-dump gmon.out.gprt > d.$n
		grep -c '^ctx' d.$n > nodes.$n
		wc -c < gmon.out.gprt > size.$n
		sums d.$n
	done
	atf_check -o file:nodes.100000 cat nodes.1000000
	atf_check -o file:size.100000 cat size.1000000
	for n in 100000 1000000; do
		GPRT_TRACE_EVENTS=4096 collect trace ./p $n
		wc -c < gmon.out.gprt > tsize.$n
		gprt-dump gmon.out.gprt | grep -c '^tev' > tev.$n
	done
	atf_check -o file:tsize.100000 cat tsize.1000000
	atf_check -o inline:"4096\n" cat tev.1000000
}

atf_test_case threads
threads_head()
{
	atf_set "descr" "8 threads: a tree and a timeline each, each tree's" \
	    "sums its thread's total, paths as its events say"
	atf_set "require.progs" "cc"
}
threads_body()
{
	rtbuild p "$here/thr8.c" -lpthread
	GPRT_TRACE_EVENTS=262144 collect cct,trace ./p
	gprt-dump gmon.out.gprt > d || atf_fail "gprt-dump failed"
	test "$(awk -F '\t' '$1 == "ctx" { t[$2] = 1 } END {
	    for (k in t) n++; print n }' d)" -ge 9 ||
	    atf_fail "not a tree per thread"
	test "$(grep -c '^trace' d)" -ge 9 || atf_fail "not a ring per thread"
	notlost d
	sums d
	same d
}

atf_test_case fork
fork_head()
{
	atf_set "descr" "After fork, the child's companion file has its own" \
	    "contexts and timeline, readable and adding up"
	atf_set "require.progs" "cc"
}
fork_body()
{
	rtbuild p "$progs/fork.c"
	GPRT_TRACE_EVENTS=65536 collect cct,trace ./p
	set -- gmon.out.[0-9]*.gprt
	test -f "$1" || atf_fail "no child companion file"
	for f in gmon.out.gprt "$1"; do
		gprt-dump "$f" > d || atf_fail "gprt-dump $f failed"
		notlost d
		sums d
		same d
	done
	# the child's own function is in its tree, not in the parent's
	child=$(printf '%#x' "0x$(nm p | awk '$3 == "childwork" {
	    print $1 }')")
	gprt-dump "$1" | awk -F '\t' -v f="$child" '$1 == "ctx" && $6 == f' |
	    grep -q . || atf_fail "childwork not in the child's tree"
	gprt-dump gmon.out.gprt | awk -F '\t' -v f="$child" \
	    '$1 == "ctx" && $6 == f' | grep -q . &&
	    atf_fail "childwork in the parent's tree"
	true
}

atf_test_case sigkill
sigkill_head()
{
	atf_set "descr" "SIGKILL deep in a recursion: the contexts are" \
	    "readable and add up, the timeline's last events are there and" \
	    "leave open the calls the runtime found open"
	atf_set "require.progs" "cc"
}
sigkill_body()
{
	rtbuild p "$progs/rec.c"
	rm -f gmon.out gmon.out.gprt
	GPRT_HZ=0 GPRT_COLLECT=cct,trace GPRT_TRACE_EVENTS=256 ./p kill \
	    >/dev/null 2>&1 && atf_fail "not killed"
	test -f gmon.out && atf_fail "a killed run wrote gmon.out"
	gprt-dump gmon.out.gprt > d || atf_fail "gprt-dump failed"
	atf_check -o match:'unfinished' grep '^gprt' d
	sums d
	# the calls open at the end of the events are the thread's open ones
	open=$(awk -F '\t' '$1 == "thread" { print $10 }' d)
	test "$open" -gt 2 || atf_fail "not killed deep: $open open"
	atf_check -o inline:"$open\n" awk -F '\t' '$1 == "tev" { k = $4; d = $7 }
	    END { print k == "enter" ? d : d - 1 }' d
	# the ring's 255 events after the calls open through it, main first
	awk -F '\t' '$1 == "trace" { n = $3; lost = $4 }
	    $1 == "tev" && $4 == "open" { o++ }
	    END { exit !(n - o == 255 && lost > 0 && o > 0) }' d ||
	    atf_fail "not a full ring with events lost: $(grep '^trace' d)"
	# gmon-cat reads the killed run's companion file
	gmon-cat -t gmon.out.gprt | gp-sym p > s || atf_fail "gmon-cat failed"
	grep -q '^ctx' s || atf_fail "no contexts through gmon-cat"
	gp-fmt -o chrome s > c.json || atf_fail "chrome failed"
	jq -e '[.traceEvents[] | select(.args.unfinished)] | length > 2' \
	    c.json >/dev/null || atf_fail "open calls not ended"
}

atf_test_case truncated
truncated_head()
{
	atf_set "descr" "GPRT_CCT_NODES: beyond the limit, truncated nodes" \
	    "take the time; no time lost"
	atf_set "require.progs" "cc"
}
truncated_body()
{
	rtbuild p "$progs/rec.c"
	GPRT_CCT_NODES=16 collect cct ./p
	# never silent: one line per thread says so, and what raises it
	re='^gprt-dump: gmon\.out\.gprt: thread 1: [1-9][0-9]* calls \([0-9.e-]+ s\) went to truncated calling contexts: the tree reached its 16 nodes \(GPRT_CCT_NODES raises the limit\)$'
	gprt-dump gmon.out.gprt > d 2> err || atf_fail "gprt-dump failed"
	test "$(wc -l < err)" -eq 1 && grep -Eq "$re" err ||
	    atf_fail "not the line: $(cat err)"
	grep -q '	truncated$' d || atf_fail "no truncated node"
	test "$(grep -c '^ctx' d)" -le 16 || atf_fail "more than 16 nodes"
	sums d
	# and through the pipeline
	gmon-cat gmon.out 2> err | gp-sym p | gp-hist | gp-arcs > s ||
	    atf_fail "pipeline failed"
	grep -Eq "^gmon-cat${re#^gprt-dump}" err ||
	    atf_fail "gmon-cat: not the line: $(cat err)"
	grep -q '	truncated$' s || atf_fail "truncated node lost"
}

atf_test_case contexts
contexts_head()
{
	atf_set "descr" "The default GPRT_CCT_NODES holds some 30,000" \
	    "calling contexts, as many as a C++ program's first second needs"
	atf_set "require.progs" "cc"
}
contexts_body()
{
	rtbuild p "$progs/ctxs.c"
	collect cct ./p
	gprt-dump gmon.out.gprt > d 2> err || atf_fail "gprt-dump failed"
	atf_check -o empty cat err
	atf_check -s exit:1 grep -q '	truncated$' d
	n=$(grep -c '^ctx' d)
	test "$n" -gt 16384 || atf_fail "only $n contexts"
	sums d
}

atf_test_case refused
refused_head()
{
	atf_set "descr" "A collector that cannot be had is one warning line" \
	    "and the program runs on; never from the current directory; the" \
	    "example collector builds out of the tree and counts the calls"
	atf_set "require.progs" "cc make"
}
refused_body()
{
	rtbuild p "$progs/rec.c"
	cp -R "$here/../../share/examples/collector" ex
	atf_check -o ignore -e ignore make -C ex PREFIX="$(stage)"
	cp ex/calls.so .
	# a plugin that is no collector: the example format, built as the
	# program is (not with the sanitizers of a SANITIZE=1 tree)
	cp -R "$here/../../share/examples/plugin" fmt
	atf_check -o ignore -e ignore make -C fmt PREFIX="$(stage)"
	rm -f gmon.out gmon.out.gprt
	atf_check -o ignore -e save:err env GPRT_HZ=0 \
	    GP_PLUGIN_PATH="$(pwd)/fmt" GPRT_COLLECT=calls,example,Bad,cct ./p
	atf_check -o inline:"3\n" grep -c . err
	grep -q '^gprt: GPRT_COLLECT: collector calls refused: no calls.so' \
	    err || atf_fail "calls found in the current directory: $(cat err)"
	grep -q 'collector example refused: .*example.so: provides no collector' \
	    err || atf_fail "example: $(cat err)"
	grep -q 'collector Bad refused: not a plugin name' err ||
	    atf_fail "Bad: $(cat err)"
	gprt-dump gmon.out.gprt | grep -q '^ctx' || atf_fail "cct not loaded"
	# options out of range: a warning each, the defaults
	atf_check -o ignore -e save:err env GPRT_HZ=0 GPRT_COLLECT=cct,trace \
	    GPRT_CCT_NODES=8 GPRT_TRACE_KEEP=middle ./p
	atf_check -o inline:"2\n" grep -c . err
	grep -q '^gprt: collector cct: GPRT_CCT_NODES=8: not a number from 16' \
	    err || atf_fail "GPRT_CCT_NODES=8: $(cat err)"
	grep -q '^gprt: collector trace: GPRT_TRACE_KEEP=middle' err ||
	    atf_fail "GPRT_TRACE_KEEP: $(cat err)"
	# the example, from GP_PLUGIN_PATH: its count is the runtime's
	atf_check -o ignore -e save:err env GPRT_HZ=0 GP_PLUGIN_PATH="$(pwd)/ex" \
	    GPRT_COLLECT=calls ./p
	calls=$(gprt-dump gmon.out.gprt | awk -F '\t' '$1 == "thread" {
	    print $7 }')
	atf_check -o inline:"gprt: collector calls: $calls calls, $calls returns seen, in 1 threads\n" cat err
}

# balanced JSON: every thread's B and E events nest.
balanced()
{
	atf_check -o inline:"ok\n" jq -r '[.traceEvents[] |
	    select(.ph == "B" or .ph == "E")] | group_by(.tid) |
	    map(reduce .[] as $e ({d: 0, bad: false};
	        .d += (if $e.ph == "B" then 1 else -1 end) |
	        .bad = (.bad or .d < 0)) | (.bad or .d != 0)) |
	    if any then "unbalanced" else "ok" end' "$1"
}

atf_test_case chrome
chrome_head()
{
	atf_set "descr" "gp-fmt -o chrome: JSON jq reads, begin and end" \
	    "balanced per thread, whole or from a truncated ring, one track" \
	    "per thread, the events the stream has"
	atf_set "require.progs" "cc jq"
}
chrome_body()
{
	traced 1000000 "$progs/rec.c"
	atf_check -o save:c.json gp-fmt -o chrome s
	balanced c.json
	atf_check -o inline:"$(grep -c '^tev' s)\n" \
	    jq '[.traceEvents[] | select(.ph == "B" or .ph == "E")] | length' \
	    c.json
	atf_check -o inline:'"main"\n' jq '[.traceEvents[] |
	    select(.ph == "B")][0].name' c.json
	# a ring that lost its start: begins made and marked
	traced 64 "$progs/rec.c"
	atf_check -o save:t.json gp-fmt -o chrome s
	balanced t.json
	atf_check -o match:'^[1-9]' jq '[.traceEvents[] |
	    select(.args.truncated)] | length' t.json
	atf_check -o match:'earlier events lost' jq -r \
	    '.traceEvents[] | select(.ph == "i") | .name' t.json
	# 8 threads, 8 tracks and the main thread's
	traced 1024 "$here/thr8.c" -lpthread
	gp-fmt -o chrome s > m.json || atf_fail "chrome failed"
	balanced m.json
	atf_check -o inline:"9\n" jq '[.traceEvents[] | select(.ph == "M") |
	    .tid] | unique | length' m.json
	# no timeline: an error
	oneline '^gp-fmt: chrome: no call timeline in the stream: run the program with GPRT_COLLECT=trace \(gprt\(3\)\)$' \
	    sh -c "grep -v '^t' s | gp-fmt -o chrome"
}

atf_test_case ring
ring_head()
{
	atf_set "descr" "GPRT_TRACE_EVENTS=16 keeps 16 events of a run that" \
	    "exited, the last or the first"
	atf_set "require.progs" "cc"
}
ring_body()
{
	rtbuild p "$progs/rec.c"
	for keep in last first; do
		GPRT_TRACE_EVENTS=16 GPRT_TRACE_KEEP=$keep collect trace ./p
		gprt-dump gmon.out.gprt > d || atf_fail "gprt-dump failed"
		atf_check -o inline:"16 16\n" awk -F '\t' '
		    $1 == "trace" { n = $3 }
		    $1 == "tev" && $4 != "open" { e++ }
		    END { print n, e }' d
	done
}

atf_test_case speedscope_pids
speedscope_pids_head()
{
	atf_set "descr" "gp-fmt -o speedscope of a parent and its forked" \
	    "child: each profile's name is its own (the pid tells them apart)"
	atf_set "require.progs" "cc jq"
}
speedscope_pids_body()
{
	rtbuild p "$progs/fork.c"
	rm -f gmon.out*
	GPRT_HZ=0 GPRT_COLLECT=cct,trace ./p > out 2> err ||
	    atf_fail "p failed: $(cat err)"
	child=$(cat out)
	gmon-cat -t gmon.out gmon.out.$child | gp-sym p > s ||
	    atf_fail "pipeline failed"
	atf_check -o save:j gp-fmt -o speedscope s
	jq -r '.profiles[].name' j > names
	test "$(wc -l < names)" -eq 4 || atf_fail "not 4 profiles: $(cat names)"
	atf_check -o empty sh -c 'sort names | uniq -d'
	atf_check -o match:"pid $child thread 1" cat names
}

atf_test_case chrome_open
chrome_open_head()
{
	atf_set "descr" "Calls open for the whole of a ring (entered before" \
	    "its first event, never left: main calling exit, a killed run)" \
	    "are on the timeline: chrome and replay show main"
	atf_set "require.progs" "cc jq"
}
chrome_open_body()
{
	rtbuild p "$progs/die.c"
	for how in exit kill; do
		rm -f gmon.out gmon.out.gprt
		GPRT_HZ=0 GPRT_COLLECT=trace GPRT_TRACE_EVENTS=16 ./p $how \
		    >/dev/null 2>&1
		gmon-cat -t gmon.out.gprt | gp-sym p > s ||
		    atf_fail "$how: pipeline failed"
		atf_check -o save:c.json gp-fmt -o chrome s
		balanced c.json
		# main, deep six times: open to the end
		atf_check -o inline:'"main"\n' jq '[.traceEvents[] |
		    select(.ph == "B")][0].name' c.json
		atf_check -o inline:"7\n" jq '[.traceEvents[] |
		    select(.ph == "E" and .args.unfinished)] | length' c.json
		atf_check -o match:'^ +\[ *[0-9]+\] \| main\(\) \{$' \
		    sh -c 'gp-fmt -o replay s | grep -v "^#" | head -1'
	done
}

atf_test_case speedscope
speedscope_head()
{
	atf_set "descr" "speedscope (npm) in headless Chromium opens the" \
	    "chrome format's file and names its thread"
	atf_set "require.progs" "cc chromium node npm"
}
speedscope_body()
{
	_home=$(getent passwd "$(id -u)" | cut -d: -f6)
	npm=${GP_NPM:-$_home/.cache/gptools/npm}
	if ! test -f "$npm/node_modules/speedscope/dist/release/index.html"
	then
		mkdir -p "$npm"
		npm install --no-audit --no-fund --prefix "$npm" \
		    speedscope@1.25.0 >npm.log 2>&1 ||
		    atf_skip "npm cannot install speedscope (offline?)"
	fi
	traced 4096 "$progs/rec.c"
	gp-fmt -o chrome s > c.json || atf_fail "chrome failed"
	printf 'speedscope.loadFileFromBase64("c.json", "%s")' \
	    "$(base64 -w0 c.json)" > c.js
	url="file://$npm/node_modules/speedscope/dist/release/index.html"
	url="$url#localProfilePath=$(pwd)/c.js"
	chrome --dump-dom "$url" > dom
	chrome --screenshot="$(pwd)/shot.png" "$url" > /dev/null
	grep -q 'p (thread 1)' dom ||
	    atf_fail "speedscope did not open the file"
	test "$(wc -c < shot.png)" -gt 10000 || atf_fail "no screenshot"
	# kyua test -v test_suites.gptools.shots=DIR keeps it to look at.
	if atf_config_has shots; then
		cp shot.png "$(atf_config_get shots)/chrome-speedscope.png"
	fi
}

atf_test_case replay
replay_head()
{
	atf_set "descr" "gp-fmt -o replay: a line per call or a pair of" \
	    "lines, indented by depth, as the events say"
	atf_set "require.progs" "cc"
}
replay_body()
{
	traced 1000000 "$progs/rec.c"
	atf_check -o save:r gp-fmt -o replay s
	enters=$(awk -F '\t' '$1 == "tev" && $4 == "enter"' s | wc -l)
	atf_check -o inline:"$enters\n" grep -Ec '^[^#].*(\(\);|\(\) \{)$' r
	# main is the outermost call, its callees one step in
	atf_check -o match:'^ +\[ *[0-9]+\] \| main\(\) \{$' head -4 r
	atf_check -o match:'\| +\} /\* main \*/$' tail -1 r
	atf_check -o match:'^ *[0-9.]+ [mun]?s +\[ *[0-9]+\] \|     spin\(\);$' \
	    grep -m1 '|     spin();' r
	oneline '^gp-fmt: replay: option depth=x: not a number from 1 to 4294967295$' \
	    gp-fmt -o replay,depth=x s
}

atf_init_test_cases()
{
	atf_add_test_case paths
	atf_add_test_case lua
	atf_add_test_case flat
	atf_add_test_case threads
	atf_add_test_case fork
	atf_add_test_case sigkill
	atf_add_test_case truncated
	atf_add_test_case contexts
	atf_add_test_case refused
	atf_add_test_case chrome
	atf_add_test_case chrome_open
	atf_add_test_case ring
	atf_add_test_case speedscope_pids
	atf_add_test_case speedscope
	atf_add_test_case replay
}
