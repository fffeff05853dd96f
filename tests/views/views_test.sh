#! /usr/bin/atf-sh
#
# The viewers' formats (gp-formats(5)), each read by its real consumer:
# go tool pprof for pprof, speedscope's JSON schema and speedscope itself
# in headless Chromium for speedscope, headless Chromium for html.  The
# numbers are checked against gp-fmt's own flat profile.  A missing
# consumer skips its case (share/setup.sh installs them; speedscope comes
# from npm into ~/.cache/gptools/npm, filled by the test).

. "$(atf_get_srcdir)/../lib.sh"

# profile: the recursion and cycles program's profile, as stream s.
profile()
{
	pgbuild prog "$progs/recurse.c"
	pgrun ./prog
	gmon-cat gmon.out | gp-sym prog > s || atf_fail "no stream"
}

# flat: gp-fmt's flat profile as "self calls name" lines, by name.
flat()
{
	gp-fmt -b -p s | awk '
	    /^ *[0-9.]+ +[0-9.]+ +[0-9.]+ / {
		calls = substr($0, 27, 8); gsub(/ /, "", calls)
		printf "%s %s %s\n", $3, calls == "" ? 0 : calls,
		    substr($0, 55)
	    }' | LC_ALL=C sort -k3
}

# cmpnum FILE1 FILE2 TOL: "value name" lines of both agree within TOL,
# name by name; a name missing in one counts as 0.
cmpnum()
{
	awk -v tol="$3" '
	    FNR == NR { a[$2] = $1; next }
	    { b[$2] = $1 }
	    END {
		bad = 0
		for (k in a) { d = a[k] - b[k]; if (d < 0) d = -d
		    if (d > tol) { print "differ: " k " " a[k] " " b[k]; bad = 1 } }
		for (k in b) if (!(k in a) && (b[k] > tol || -b[k] > tol)) {
		    print "only in 2: " k " " b[k]; bad = 1 }
		exit bad
	    }' "$1" "$2"
}

# ctxstream: stream cs of calling contexts (gp-stream(5) ctx records),
# written by hand for tests/progs/fns.c, whose addresses nm(1) tells:
#	thread 1 "main": main (self 0.1 s, 1 call) -> a (0.2, 2) -> b
#	    (0.3, 4); main -> b (0.4, 1); main -> (truncated) (0.05, 3)
#	thread 2 "worker": main (0.07, calls not counted)
ctxstream()
{
	atf_check cc -O0 -o fns "$progs/fns.c"
	_t=$(printf '\t')
	_a=$(printf '%#x' 0x$(nm fns | awk '$3 == "a" { print $1 }'))
	_b=$(printf '%#x' 0x$(nm fns | awk '$3 == "b" { print $1 }'))
	_m=$(printf '%#x' 0x$(nm fns | awk '$3 == "main" { print $1 }'))
	sed -e 's/\\t/'"$_t"'/g' -e "s/@A/$_a/; s/@B/$_b/g; s/@M/$_m/g" \
	    -e "s|@F|$(pwd)/fns|" \
	    > c.in <<'EOS'
gp-stream\t1
profile\tgmon.out\tgnu\t64\tle\t0x1\t000000000000000000000000
gprt\tgmon.out.gprt\t100\t1\texited\ttsc\t100\t2
map\t0\t0x0\t0x0\t0x1000\t0x2000\t@F
thread\t1\t100\t1\texited\tmain\t7\t105\t1.05\t0
thread\t2\t101\t1\texited\tworker\t1\t7\t0.07\t0
ctx\t1\t1\t0\t0\t@M\t\t\t1\t10\t105\t0.1\t1.05\t
ctx\t1\t2\t1\t0\t@A\t0\t0x1160\t2\t20\t50\t0.2\t0.5\t
ctx\t1\t3\t2\t0\t@B\t0\t0x1145\t4\t30\t30\t0.3\t0.3\t
ctx\t1\t4\t1\t0\t@B\t0\t0x1170\t1\t40\t40\t0.4\t0.4\t
ctx\t1\t5\t1\t\t\t\t\t3\t5\t5\t0.05\t0.05\ttruncated
ctx\t2\t1\t0\t0\t@M\t\t\t\t7\t7\t0.07\t0.07\t
EOS
	gmon-cat c.in | gp-sym fns > cs || atf_fail "no ctx stream"
}

atf_test_case pprof_ctx
pprof_ctx_head()
{
	atf_set "descr" "pprof with calling contexts: the measured paths" \
	    "as stacks, their times and calls, threads as labels"
	atf_set "require.progs" "cc nm"
}
pprof_ctx_body()
{
	need go
	export HOME=$(pwd) GOCACHE=$(pwd)/gocache
	ctxstream
	atf_check -o save:c.pb.gz gp-fmt -o pprof cs
	atf_check -o save:top go tool pprof -top -unit=ms c.pb.gz
	atf_check -o match:'^Type: time' -o match:'stacks measured' cat top
	awk '$2 ~ /%$/ && $1 ~ /^[0-9]/ { v = $1; sub(/ms$/, "", v);
	    print v, $6 }' top > self.pp
	printf '700 b\n200 a\n170 main\n50 (truncated)\n' > self.want
	cmpnum self.want self.pp 0 || atf_fail "self times"
	atf_check -o match:'of 1120ms total' cat top
	atf_check -o save:ctop go tool pprof -top -sample_index=calls c.pb.gz
	awk '$2 ~ /%$/ && $1 ~ /^[0-9]/ { print $1, $6 }' ctop > calls.pp
	printf '5 b\n2 a\n1 main\n3 (truncated)\n' > calls.want
	cmpnum calls.want calls.pp 0 || atf_fail "calls"
	# -traces: the paths, each with its thread.
	atf_check -o save:traces go tool pprof -traces c.pb.gz
	awk '/^-+\+/ { if (t != "") print t; t = ""; on = 1; next }
	    !on { next }
	    /thread:/ { th = $2; next }
	    { t = t (t == "" ? th " " $1 " " : ";") $NF }
	    END { if (t != "") print t }' traces | LC_ALL=C sort > paths
	cat > paths.want <<'EOF2'
1 100ms main
1 200ms a;main
1 300ms b;a;main
1 400ms b;main
1 50ms (truncated);main
2 70ms main
EOF2
	atf_check -o file:paths.want cat paths

	# A function of another object: a mapping of its own.
	t=$(printf '\t')
	{ sed "s/${t}105${t}1.05${t}/${t}106${t}1.06${t}/;
	    s/${t}105${t}0.1${t}1.05${t}/${t}106${t}0.1${t}1.06${t}/" c.in
	    printf 'map\t1\t0x7f0000000000\t0x0\t0x0\t0x3000\t/lib/libx.so\n'
	    printf 'ctx\t1\t6\t1\t1\t0x1234\t0\t0x1170\t2\t1\t1\t0.01\t0.01\t\n'
	} > c2.in
	gmon-cat c2.in | gp-sym fns > cs2 || atf_fail "no ctx stream"
	atf_check -o save:c2.pb.gz gp-fmt -o pprof cs2
	atf_check -o save:raw go tool pprof -raw c2.pb.gz
	atf_check -o match:'^2: 0x1234/0x1235/0x0 /lib/libx.so' \
	    -o match:'^1: .* fns ' cat raw
	atf_check -o match:'0x1234 M=2 ' cat raw
}

atf_test_case pprof_measured
pprof_measured_head()
{
	atf_set "descr" "pprof of a run under libgprt with the cct" \
	    "collector: go tool pprof's -top agrees with gp-fmt's measured" \
	    "flat profile on times, calls and the total"
	atf_set "require.progs" "cc"
}
pprof_measured_body()
{
	need go jq
	export HOME=$(pwd) GOCACHE=$(pwd)/gocache
	atf_check -o ignore -e ignore cc -O0 -finstrument-functions -o prog \
	    "$progs/recurse.c" -L"$(stage)/lib" -lgprt \
	    -Wl,-rpath,"$(stage)/lib"
	rm -f gmon.out gmon.out.gprt
	atf_check -o ignore -e ignore env GPRT_COLLECT=cct ./prog
	gmon-cat gmon.out | gp-sym prog > s || atf_fail "no stream"
	atf_check -o match:'^ctx' -x "grep -m1 '^ctx' s"
	atf_check -o save:p.pb.gz gp-fmt -o pprof s
	flat > flat.gp
	awk '{ print $1, $3 }' flat.gp > self.gp
	atf_check -o save:top go tool pprof -top -unit=s -nodecount=100000 \
	    p.pb.gz
	atf_check -o match:'^Type: time' -o match:'stacks measured' cat top
	awk '$2 ~ /%$/ && $1 ~ /s$/ { v = $1; sub(/s$/, "", v);
	    print v, $6 }' top > self.pp
	cmpnum self.gp self.pp 0.006 || atf_fail "-top differs in self time"
	total=$(sed -n 's/.* of \([0-9.]*\)s total$/\1/p' top)
	# the flat profile's last cumulative seconds: a sum of the rounded
	# self seconds would be off by up to half a hundredth per function
	want=$(gp-fmt -b -p s | awk '/^ *[0-9.]+ +[0-9.]+ +[0-9.]+ / { c = $2 }
	    END { print c }')
	echo "$total $want" | awk '{ d = $1 - $2; exit !(d < 0.011 &&
	    d > -0.011) }' || atf_fail "total $total, gp-fmt $want"
	atf_check -o save:ctop go tool pprof -top -nodecount=100000 \
	    -sample_index=calls p.pb.gz
	awk '$2 ~ /%$/ && $1 ~ /^[0-9]/ { print $1, $6 }' ctop > calls.pp
	gp-fmt -o json s | jq -r '.functions[] | select(.symbol != null and
	    .calls + .self_calls > 0) | "\(.calls + .self_calls) \(.name)"' \
	    > calls.gp
	cmpnum calls.gp calls.pp 0 || atf_fail "calls differ"

	# Without the collector: measured times, estimated stacks.
	rm -f gmon.out gmon.out.gprt
	atf_check -o ignore -e ignore ./prog
	gmon-cat gmon.out | gp-sym prog > s || atf_fail "no stream"
	atf_check -o save:p.pb.gz gp-fmt -o pprof s
	atf_check -o save:top go tool pprof -top -unit=s -nodecount=100000 \
	    p.pb.gz
	atf_check -o match:'^Type: time' -o match:'measured per call' \
	    -o match:'stacks estimated' cat top
	flat | awk '{ print $1, $3 }' > self.gp
	awk '$2 ~ /%$/ && $1 ~ /s$/ { v = $1; sub(/s$/, "", v);
	    print v, $6 }' top > self.pp
	cmpnum self.gp self.pp 0.006 || atf_fail "-top differs in self time"
}

atf_test_case pprof
pprof_head()
{
	atf_set "descr" "pprof: go tool pprof reads it; -top and -traces" \
	    "agree with gp-fmt's flat profile on times, calls and totals"
	atf_set "require.progs" "cc"
}
pprof_body()
{
	need go gzip
	export HOME=$(pwd) GOCACHE=$(pwd)/gocache GOFLAGS=-mod=mod
	profile
	atf_check -o save:p.pb.gz gp-fmt -o pprof s
	atf_check gzip -t p.pb.gz
	flat > flat.gp
	awk '{ print $1, $3 }' flat.gp > self.gp

	# -top: the self seconds and the total.
	atf_check -o save:top go tool pprof -top -unit=s -nodecount=100000 \
	    -sample_index=cpu p.pb.gz
	atf_check -o match:'^Type: cpu' cat top
	atf_check -o match:'stacks estimated from the call graph' cat top
	awk '$2 ~ /%$/ && $1 ~ /s$/ { v = $1; sub(/s$/, "", v);
	    print v, $6 }' top > self.pp
	cmpnum self.gp self.pp 0.006 || atf_fail "-top differs in self time"
	total=$(sed -n 's/.* of \([0-9.]*\)s total$/\1/p' top)
	# the flat profile's last cumulative seconds: a sum of the rounded
	# self seconds would be off by up to half a hundredth per function
	want=$(gp-fmt -b -p s | awk '/^ *[0-9.]+ +[0-9.]+ +[0-9.]+ / { c = $2 }
	    END { print c }')
	echo "$total $want" | awk '{ d = $1 - $2; exit !(d < 0.011 &&
	    d > -0.011) }' || atf_fail "total $total, gp-fmt $want"

	# -traces: each function's stacks add up to its self time.
	atf_check -o save:traces go tool pprof -traces -sample_index=cpu \
	    p.pb.gz
	awk '/^-+\+/ { first = 1; next }
	    first && NF >= 2 { v = $1; m = 1
		if (v ~ /ns$/) m = 1e-9; else if (v ~ /us$|µs$/) m = 1e-6
		else if (v ~ /ms$/) m = 1e-3
		sub(/[a-zµ]+$/, "", v); s[$2] += v * m; first = 0; next }
	    { first = 0 }
	    END { for (k in s) printf "%.6f %s\n", s[k], k }' traces > tr.pp
	cmpnum self.gp tr.pp 0.006 || atf_fail "-traces differ in self time"
	test -s tr.pp || atf_fail "no traces"

	# Calls: exact, recursive ones included (the flat profile's calls
	# and the call graph's self calls, as gp-fmt -o json gives them).
	atf_check -o save:ctop go tool pprof -top -nodecount=100000 \
	    -sample_index=calls p.pb.gz
	awk '$2 ~ /%$/ && $1 ~ /^[0-9]/ { print $1, $6 }' ctop > calls.pp
	need jq
	gp-fmt -o json s | jq -r '.functions[] | select(.symbol != null and
	    .calls + .self_calls > 0) | "\(.calls + .self_calls) \(.name)"' \
	    > calls.gp
	cmpnum calls.gp calls.pp 0 || atf_fail "calls differ"
}

# npm: speedscope and ajv, installed once into the npm cache (the real
# home's, as kyua gives the tests a home of their own); sets $npm.
npm=
npmcache()
{
	need node npm
	_home=$(getent passwd "$(id -u)" | cut -d: -f6)
	npm=${GP_NPM:-$_home/.cache/gptools/npm}
	if ! test -f "$npm/node_modules/speedscope/dist/release/index.html" ||
	    ! test -d "$npm/node_modules/ajv"; then
		mkdir -p "$npm"
		npm install --no-audit --no-fund --prefix "$npm" \
		    speedscope@1.25.0 ajv@8 >npm.log 2>&1 ||
		    atf_skip "npm cannot install speedscope (offline?)"
	fi
}

atf_test_case speedscope_ctx
speedscope_ctx_head()
{
	atf_set "descr" "speedscope with calling contexts: a profile per" \
	    "thread, the measured paths; one with --merge-threads"
	atf_set "require.progs" "cc nm"
}
speedscope_ctx_body()
{
	need jq chromium
	npmcache
	ctxstream
	atf_check -o save:c.json gp-fmt -o speedscope cs
	atf_check -o inline:'valid\n' env NODE_PATH="$npm/node_modules" \
	    node "$(atf_get_srcdir)/ssvalid.js" \
	    "$npm/node_modules/speedscope/dist/release/file-format-schema.json" \
	    c.json
	atf_check -o inline:'"fns: thread 1 main (measured calling contexts)"\n"fns: thread 2 worker (measured calling contexts)"\n' \
	    jq '.profiles[].name' c.json
	atf_check -o save:paths jq -r '.shared.frames as $f | .profiles[] |
	    [.samples, .weights] | transpose[] |
	    "\(.[1]) \([.[0][] | $f[.].name] | join(";"))"' c.json
	cat > paths.want <<'EOF2'
100000000 main
200000000 main;a
300000000 main;a;b
400000000 main;b
50000000 main;(truncated)
70000000 main
EOF2
	atf_check -o file:paths.want cat paths
	atf_check -o inline:'1\n1120000000\n' jq '(.profiles | length),
	    (.profiles[0].weights | add)' \
	    "$(gp-fmt --merge-threads -o speedscope cs > m.json; echo m.json)"
	printf 'speedscope.loadFileFromBase64("c.json", "%s")' \
	    "$(base64 -w0 c.json)" > c.js
	url="file://$npm/node_modules/speedscope/dist/release/index.html"
	chrome --dump-dom "$url#localProfilePath=$(pwd)/c.js" > dom
	grep -q 'fns: thread 1 main' dom ||
	    atf_fail "speedscope did not load the profile"
}

atf_test_case speedscope_evented
speedscope_evented_head()
{
	atf_set "descr" "speedscope of a run under libgprt with the cct and" \
	    "trace collectors: an evented profile per timeline, every enter" \
	    "of the stream opened and closed in time; speedscope opens it"
	atf_set "require.progs" "cc"
}
speedscope_evented_body()
{
	need jq chromium
	npmcache
	atf_check -o ignore -e ignore cc -O0 -finstrument-functions -o prog \
	    "$progs/recurse.c" -L"$(stage)/lib" -lgprt \
	    -Wl,-rpath,"$(stage)/lib"
	rm -f gmon.out gmon.out.gprt
	atf_check -o ignore -e ignore env GPRT_COLLECT=cct,trace ./prog
	gmon-cat gmon.out | gp-sym prog > s || atf_fail "no stream"
	atf_check -o save:p.json gp-fmt -o speedscope s
	atf_check -o inline:'valid\n' env NODE_PATH="$npm/node_modules" \
	    node "$(atf_get_srcdir)/ssvalid.js" \
	    "$npm/node_modules/speedscope/dist/release/file-format-schema.json" \
	    p.json
	atf_check -o inline:'"sampled"\n"evented"\n' jq '.profiles[].type' p.json
	# Every enter the stream kept is opened, and closed, in time order.
	enters=$(awk -F '\t' '$1 == "tev" && $4 == "enter"' s | wc -l)
	test "$enters" -gt 0 || atf_fail "no events in the stream"
	atf_check -o inline:"$enters\n$enters\ntrue\n" jq '.profiles[1] |
	    ([.events[] | select(.type == "O")] | length),
	    ([.events[] | select(.type == "C")] | length),
	    ([.events[].at] as $a | $a == ($a | sort) and
	    .startValue <= $a[0] and .endValue >= $a[-1])' p.json
	# Balanced: each close closes the frame opened last.
	atf_check -o inline:'true\n' jq '.profiles[1].events |
	    reduce .[] as $e ({s: [], ok: true};
	    if $e.type == "O" then .s += [$e.frame]
	    else .ok = (.ok and .s[-1] == $e.frame) | .s |= .[:-1] end) |
	    .ok and (.s | length) == 0' p.json
	jq '.activeProfileIndex = 1' p.json > p1.json
	printf 'speedscope.loadFileFromBase64("p1.json", "%s")' \
	    "$(base64 -w0 p1.json)" > p.js
	url="file://$npm/node_modules/speedscope/dist/release/index.html"
	chrome --dump-dom "$url#localProfilePath=$(pwd)/p.js" > dom
	grep -q 'prog: thread 1 prog (call timeline' dom ||
	    atf_fail "speedscope did not load the timeline"
	if atf_config_has shots; then
		chrome --screenshot="$(atf_config_get shots)/evented.png" \
		    "$url#localProfilePath=$(pwd)/p.js" >/dev/null
	fi
}

atf_test_case speedscope
speedscope_head()
{
	atf_set "descr" "speedscope: valid by speedscope's schema; speedscope" \
	    "in headless Chromium opens it; its weights are the total"
	atf_set "require.progs" "cc"
}
speedscope_body()
{
	need chromium jq
	npmcache
	profile
	atf_check -o save:p.json gp-fmt -o speedscope s
	atf_check -o inline:'valid\n' env NODE_PATH="$npm/node_modules" \
	    node "$(atf_get_srcdir)/ssvalid.js" \
	    "$npm/node_modules/speedscope/dist/release/file-format-schema.json" \
	    p.json
	# A broken file fails the schema (the check checks).
	jq '.profiles[0].samples[0] = "x"' p.json > bad.json
	atf_check -s exit:1 -o ignore env NODE_PATH="$npm/node_modules" \
	    node "$(atf_get_srcdir)/ssvalid.js" \
	    "$npm/node_modules/speedscope/dist/release/file-format-schema.json" \
	    bad.json

	# Weights: gp-fmt's total, in nanoseconds; every frame a function.
	want=$(flat | awk '{ s += $1 } END { printf "%.2f", s }')
	got=$(jq '.profiles[0].weights | add / 1e9' p.json)
	echo "$got $want" | awk '{ d = $1 - $2; exit !(d < 0.011 &&
	    d > -0.011) }' || atf_fail "weights $got, gp-fmt $want"
	flat | awk '$1 > 0 { print $3 }' | LC_ALL=C sort > names.gp
	jq -r '.shared.frames as $f | [.profiles[0].samples[][-1]] |
	    unique[] | $f[.].name' p.json | LC_ALL=C sort > names.ss
	atf_check -o empty comm -23 names.gp names.ss

	# speedscope itself: it names the profile once it has read it.
	printf 'speedscope.loadFileFromBase64("p.json", "%s")' \
	    "$(base64 -w0 p.json)" > p.js
	url="file://$npm/node_modules/speedscope/dist/release/index.html"
	url="$url#localProfilePath=$(pwd)/p.js"
	chrome --dump-dom "$url" > dom
	grep -q 'prog: self time by stacks estimated' dom ||
	    atf_fail "speedscope did not load the profile"
	chrome --screenshot="$(pwd)/shot.png" "$url" >/dev/null
	test "$(wc -c < shot.png)" -gt 10000 || atf_fail "no screenshot"
	# kyua -v test_suites.gptools.shots=DIR keeps it to look at.
	if atf_config_has shots; then
		cp shot.png "$(atf_config_get shots)/speedscope.png"
	fi
}

atf_test_case html
html_head()
{
	atf_set "descr" "html: headless Chromium draws it; its table says" \
	    "what gp-fmt's flat profile says; call-graph entries, flame" \
	    "graph, source lines; nothing from the network"
	atf_set "require.progs" "cc"
}
html_body()
{
	need chromium jq c++
	export HOME=$(pwd)
	pgbuild prog -g "$progs/recurse.c"
	pgrun ./prog
	gmon-cat gmon.out | gp-sym prog > s || atf_fail "no stream"
	atf_check -o save:p.html gp-fmt -o html s
	# Self-contained: no address of anything outside the file.
	atf_check -s exit:1 grep -Eiq 'src=|https?:|@import|url\(' p.html

	chrome --dump-dom "file://$(pwd)/p.html" > dom
	grep -q 'data-ready="[0-9]' dom || atf_fail "the script failed"
	# The table: every function of the flat profile, its self time.
	flat > flat.gp
	awk '{ print $1, $3 }' flat.gp > self.gp
	sed -n 's|.*<tbody id="rows">||p' dom | sed 's|</tbody>.*||' |
	    sed 's|<tr>|\n|g' | sed -n 's|^<td>[^<]*</td><td>\([^<]*\)</td>.*<a href="#f[0-9]*">\([^<]*\)</a>.*|\1 \2|p' \
	    > self.html
	test -s self.html || atf_fail "no rows"
	cmpnum self.gp self.html 0.006 || atf_fail "the table's self times"
	# Sorted by self time: its first row is one of the flat profile's
	# functions with the most (a short run's may tie).
	top=$(LC_ALL=C sort -k1,1gr flat.gp | head -1 | cut -d' ' -f1)
	awk -v t="$top" '$1 == t' flat.gp | cut -d' ' -f3- > top.gp
	grep -qxF "$(head -1 self.html | cut -d' ' -f2-)" top.gp ||
	    atf_fail "first row: $(head -1 self.html), not of $(cat top.gp)"

	# fib's call-graph entry: its callers and callees, as json says.
	i=$(sed -n 's|.*<a href="#f\([0-9]*\)">fib</a>.*|\1|p' dom | head -1)
	test -n "$i" || atf_fail "no link to fib"
	chrome --dump-dom "file://$(pwd)/p.html#f$i" > dom.fib
	sed -n 's|.*<div id="entry">||p' dom.fib | sed 's|</div>.*||' |
	    grep -o '<a href="#f[0-9]*">[^<]*</a>' | sed 's|<[^>]*>||g' |
	    LC_ALL=C sort -u > links.html
	gp-fmt -o json s | jq -r '.arcs as $a | .functions as $f |
	    $f[] | select(.name == "fib") | (.callers[] | $f[$a[.].caller]),
	    (.callees[] | $f[$a[.].callee]) | .name' | LC_ALL=C sort -u \
	    > links.json
	test -s links.json || atf_fail "json has no arcs of fib"
	atf_check -o file:links.json cat links.html
	atf_check -o match:'<tr class="me">.*fib \[' cat dom.fib
	# spin's callers: each "calls/total" line over spin's own calls,
	# as gprof's parent lines are (they had the caller's calls)
	i=$(sed -n 's|.*<a href="#f\([0-9]*\)">spin</a>.*|\1|p' dom | head -1)
	test -n "$i" || atf_fail "no link to spin"
	chrome --dump-dom "file://$(pwd)/p.html#f$i" > dom.spin
	n=$(gp-fmt -o json s | jq '.functions[] | select(.name == "spin") |
	    .calls')
	sed -n 's|.*<div id="entry">||p' dom.spin | sed 's|<tr class="me">.*||' |
	    sed 's|<tr>|\n|g' | sed -n 's|^<td>[^<]*</td><td>[^<]*</td><td>\([0-9]*\)/\([0-9]*\)</td>.*|\1 \2|p' \
	    > up.spin
	test "$(wc -l < up.spin)" -ge 2 || atf_fail "spin's callers: $(cat up.spin)"
	atf_check -o inline:"$n\n" sh -c "cut -d' ' -f2 up.spin | sort -u"

	# The flame graph: main at the root, fib on it.
	atf_check -o match:'<div style="left:0%;[^>]*>main</div>' cat dom
	atf_check -o match:'title="fib ' cat dom

	# Source lines: gp-sym -l's hottest line heads the table.
	gmon-cat gmon.out | gp-sym -l prog > sl || atf_fail "no -l stream"
	atf_check -o save:l.html gp-fmt -o html sl
	chrome --dump-dom "file://$(pwd)/l.html" > dom.l
	want=$(gp-fmt -l -b -p sl | sed -n 's/.*(\([^ ]*:[0-9]*\) @.*/\1/p' |
	    head -1)
	got=$(sed -n 's|.*<div id="ltab">||p' dom.l |
	    grep -o '<td class="n">[^<]*:[0-9]*</td>' | head -1 |
	    sed 's|<[^>]*>||g')
	test -n "$want" && test "${got##*/}" = "$want" ||
	    atf_fail "source lines: '$got', gp-fmt -l says '$want'"
	atf_check -s exit:1 grep -q '<div id="lines" style="display: none' dom.l
	atf_check -o match:'id="lines" style="display: none' cat dom
	# two static functions of one name in two files, at two lines, are
	# no source lines
	for x in a b; do
		{ [ $x = b ] && echo '/* b */'
		printf '%s\n' 'static volatile long s;' \
		    'static void hop(long n) { while (n-- > 0) s += n; }' \
		    "void f$x(long n) { hop(n); }"; } > $x.c
	done
	printf '%s\n' 'void fa(long); void fb(long);' \
	    'int main(void) { fa(30000000); fb(30000000); return 0; }' > m.c
	pgbuild two -g a.c b.c m.c
	pgrun ./two
	gmon-cat gmon.out | gp-sym two > s2 || atf_fail "no stream"
	atf_check -o save:two.html gp-fmt -o html s2
	chrome --dump-dom "file://$(pwd)/two.html" > dom.two
	atf_check -o match:'id="lines" style="display: none' cat dom.two

	# C++ names, '<' and '&' and all, are text, not markup.
	atf_check -o ignore -e ignore c++ -pg -o shapes \
	    "$progs/shapes.cc"
	pgrun ./shapes
	gmon-cat gmon.out | gp-sym shapes > cs || atf_fail "no stream"
	atf_check -o save:cpp.html gp-fmt -o html cs
	chrome --dump-dom "file://$(pwd)/cpp.html" > dom.cpp
	grep -q 'data-ready="[0-9]' dom.cpp ||
	    atf_fail "the script failed on C++ names"
	atf_check -o match:'<a href="#f[0-9]*">std::vector&lt;double' \
	    cat dom.cpp

	chrome --screenshot="$(pwd)/shot.png" "file://$(pwd)/l.html#f$i" \
	    >/dev/null
	test "$(wc -c < shot.png)" -gt 10000 || atf_fail "no screenshot"
	if atf_config_has shots; then
		cp shot.png "$(atf_config_get shots)/html.png"
	fi
}

atf_test_case html_ctx
html_ctx_head()
{
	atf_set "descr" "html with calling contexts: the exact flame graph" \
	    "of the measured paths, every thread's added up"
	atf_set "require.progs" "cc nm"
}
html_ctx_body()
{
	need chromium
	export HOME=$(pwd)
	ctxstream
	atf_check -o save:c.html gp-fmt -o html cs
	chrome --dump-dom "file://$(pwd)/c.html" > dom
	atf_check -o match:'Exact: the calling contexts' cat dom
	grep -o 'title="[^"]*"' dom | grep -v "'+" |
	    sed -n 's/title="\(.*\) s, .*/\1/p' |
	    LC_ALL=C sort > frames
	cat > frames.want <<'EOF2'
(truncated) 0.05
a 0.50
b 0.30
b 0.40
main 1.12
EOF2
	atf_check -o file:frames.want cat frames
}

atf_test_case html_large
html_large_head()
{
	atf_set "descr" "html: a profile of 50,000 functions opens in" \
	    "headless Chromium in seconds, its table showing the first rows"
}
html_large_body()
{
	need chromium
	export HOME=$(pwd)
	awk -v n=50000 -f "$(atf_get_srcdir)/bigstream.awk" > big
	atf_check -o save:big.html gp-fmt -o html big
	chrome --dump-dom "file://$(pwd)/big.html" > dom
	# The time from the start to the end of the page's script, and to
	# the first paint after it when headless Chromium paints in time.
	ms=$(sed -n 's/.*data-ready="\([0-9]*\)".*/\1/p' dom)
	test -n "$ms" || atf_fail "the script failed"
	echo "loaded in $ms ms"
	p=$(sed -n 's/.*data-painted="\([0-9]*\)".*/\1/p' dom)
	if [ -n "$p" ]; then
		echo "painted in $p ms"
		ms=$p
	fi
	test "$ms" -lt 15000 || atf_fail "took $ms ms"
	atf_check -o match:'the first 500 of 50000 functions;' cat dom
	test "$(sed -n 's|.*<tbody id="rows">||p' dom | sed 's|</tbody>.*||' |
	    grep -o '<tr>' | wc -l)" -eq 500 ||
	    atf_fail "not 500 rows"
	if atf_config_has shots; then
		chrome --screenshot="$(atf_config_get shots)/html-large.png" \
		    "file://$(pwd)/big.html" >/dev/null
	fi
}

atf_test_case svg_graph
svg_graph_head()
{
	atf_set "descr" "svg type=graph: laid out by Graphviz's library, the" \
	    "very picture dot -Tsvg draws of the dot format; bad options"
	atf_set "require.progs" "cc"
}
svg_graph_body()
{
	need dot xmllint rsvg-convert
	profile
	atf_check -o save:g.svg gp-fmt -o svg,type=graph s
	atf_check xmllint --noout g.svg
	# Graphviz's drawing of the dot format, but for the boxes' names
	# (which hovering shows): functions' names here, n1, n2 there.
	gp-fmt -o dot s | dot -Tsvg > d.svg || atf_fail "dot failed"
	grep -v '^<title>\|^<!-- ' d.svg > d.shape
	grep -v '^<title>\|^<!-- ' g.svg > g.shape
	atf_check cmp d.shape g.shape
	# Every function of the flat profile with time is a box, named.
	flat | awk '$1 > 0 { print $3 }' | sort -u > names.gp
	sed -n 's|^<text[^>]*>\([A-Za-z_][A-Za-z0-9_]*\)</text>$|\1|p' g.svg |
	    sort -u > names.svg
	atf_check -o empty comm -23 names.gp names.svg
	sed -n 's|^<title>\([A-Za-z_][A-Za-z0-9_]*\)</title>$|\1|p' g.svg |
	    sort -u > titles.svg
	atf_check -o empty comm -23 names.gp titles.svg
	atf_check rsvg-convert -o g.png g.svg
	if atf_config_has shots; then
		cp g.png "$(atf_config_get shots)/graph.png"
	fi
	atf_check -s exit:1 -e match:'node-thres' \
	    gp-fmt -o svg,type=graph,node-thres=x s
	atf_check -s exit:1 -e match:'edge-thres' \
	    gp-fmt -o svg,type=graph,edge-thres=101 s
}

atf_test_case readme
readme_head()
{
	atf_set "descr" "README's 'Looking at a profile' one-liners, run as" \
	    "they stand, read by their viewers"
	atf_set "require.progs" "cc"
}
readme_body()
{
	need go jq dot xmllint chromium callgrind_annotate
	export HOME=$(pwd) GOCACHE=$(pwd)/gocache
	pgbuild a.out "$progs/recurse.c"
	pgrun ./a.out
	for n in pprof speedscope html svg kcachegrind; do
		oneliner $n
		atf_check -o save:$n.out -e ignore sh $n.sh
	done
	gmon-cat gmon.out | gp-sym a.out > s
	hot=$(flat | sort -k1,1gr | head -1 | cut -d' ' -f3)
	atf_check -o match:"^Type: cpu" -o match:" $hot\$" cat pprof.out
	atf_check -o match:"\"$hot\"" jq -c '.shared.frames | map(.name)' \
	    prof.json
	chrome --dump-dom "file://$(pwd)/prof.html" > dom
	atf_check -o match:"<a href=\"#f[0-9]*\">$hot</a>" cat dom
	atf_check xmllint --noout graph.svg flame.svg
	atf_check -o match:"<title>$hot</title>" cat graph.svg
	atf_check -o match:"$hot" callgrind_annotate callgrind.out.1
}

atf_init_test_cases()
{
	atf_add_test_case speedscope_evented
	atf_add_test_case pprof_measured
	atf_add_test_case readme
	atf_add_test_case pprof_ctx
	atf_add_test_case speedscope_ctx
	atf_add_test_case html_ctx
	atf_add_test_case svg_graph
	atf_add_test_case html
	atf_add_test_case html_large
	atf_add_test_case pprof
	atf_add_test_case speedscope
}
