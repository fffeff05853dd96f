#! /usr/bin/atf-sh
#
# The html format's sections beyond the time profile (gp-formats(5)):
# the timeline, read in headless Chromium and checked against the text
# formats of the same stream (gp-fmt -o replay).

. "$(atf_get_srcdir)/../lib.sh"

# traced EVENTS SOURCE [CC ARGS]: SOURCE built with libgprt as p, run with
# the trace collector keeping EVENTS events a thread; its stream in s.
traced()
{
	_n=$1
	shift
	_s=$(stage)
	atf_check -o ignore -e ignore cc -O0 -finstrument-functions -o p \
	    "$@" -L"$_s/lib" -lgprt -Wl,-rpath,"$_s/lib"
	rm -f gmon.out gmon.out.gprt
	# (fns.c's main returns its result)
	GPRT_HZ=0 GPRT_COLLECT=trace GPRT_TRACE_EVENTS=$_n ./p >/dev/null \
	    2>err || test -s gmon.out.gprt || atf_fail "p failed: $(cat err)"
	gmon-cat -t gmon.out | gp-sym p > s || atf_fail "pipeline failed"
}

# spans STREAM DOM: replay's calls with durations, "thread duration unit
# name" sorted, in want; the page's (DOM of PAGE#tl-spans) in got.
spans()
{
	gp-fmt -o replay "$1" | awk '
	    /^# thread/ { t = $3; next }
	    /^#/ { next }
	    $2 ~ /^(ns|us|ms|s)$/ {
		line = $0
		sub(/^[^|]*\| */, "", line)
		if (line ~ /^} \/\* /) {
			sub(/^} \/\* /, "", line)
			sub(/ \*\/$/, "", line)
		} else
			sub(/\(\);$/, "", line)
		print t, $1, $2, line
	    }' | LC_ALL=C sort > want
	sed -n '/<pre id="tlspans">/,/<\/pre>/p' "$2" |
	    sed 's|.*<pre id="tlspans">||; s|</pre>.*||' | grep . |
	    LC_ALL=C sort > got
	test -s want || atf_fail "replay shows no durations"
	atf_check -o file:want cat got
}

# lanes STREAM DOM: the lanes' titles say replay's thread headers.
lanes()
{
	gp-fmt -o replay "$1" | sed -n 's/^# thread \([0-9]*\) (tid \([0-9]*\), \(.*\)): \([0-9]*\) events\(, \([0-9]*\) \([a-z]*\) events lost\)*.*/thread \1 (tid \2) \3: \4 events\5/p' |
	    sed 's/lost$/lost (ring truncated)/' > lanes.want
	grep -o '<label class="lane">[^/]*</span>' "$2" |
	    sed 's|<[^>]*>||g; s|^ *||' > lanes.got
	atf_check -o file:lanes.want cat lanes.got
}

atf_test_case timeline
timeline_head()
{
	atf_set "descr" "html's timeline: its calls' durations are replay's," \
	    "whole or from a truncated ring, a lane per thread; a call shown" \
	    "with its callers and its call-graph entry"
	atf_set "require.progs" "cc"
}
timeline_body()
{
	need chromium
	export HOME=$(pwd)
	here=$(atf_get_srcdir)
	# a ring that lost its start
	traced 4096 "$progs/rec.c"
	atf_check -o save:t.html gp-fmt -o html s
	atf_check -s exit:1 grep -Eiq 'src=|https?:|@import|url\(' t.html
	chrome --dump-dom "file://$(pwd)/t.html#tl-spans" > dom
	grep -q 'data-ready="[0-9]' dom || atf_fail "the script failed"
	spans s dom
	lanes s dom
	atf_check -o match:'earlier events lost \(ring truncated\)' \
	    cat lanes.got
	# one call: its duration is among replay's for its name, its name
	# links to its call-graph entry, its callers end in main
	chrome --dump-dom "file://$(pwd)/t.html#span=0.2000" > dom.one
	sed -n 's|.*<div id="tlsel">||p' dom.one | sed 's|</dl>.*||' > one
	name=$(sed -n 's|^<b><a href="#f[0-9]*">\([^<]*\)</a></b>.*|\1|p' one)
	test -n "$name" || atf_fail "no call shown: $(cat one)"
	f=$(sed -n 's|^<b><a href="#f\([0-9]*\)">.*|\1|p' one)
	grep -q "<a href=\"#f$f\">$name</a>" dom ||
	    atf_fail "#f$f is not $name's entry"
	d=$(sed -n 's|.*<dd class="dur">\([^<]*\)</dd>.*|\1|p' one)
	grep -qxF "1 $d $name" want || atf_fail "$name took $d: not replay's"
	atf_check -o match:'called from</dt><dd class="path"><a href="#f[0-9]*">main</a>' \
	    cat one
	# the whole run: no events lost
	traced 1024 "$progs/fns.c"
	gp-fmt -o html s > w.html || atf_fail "gp-fmt failed"
	chrome --dump-dom "file://$(pwd)/w.html#tl-spans" > dom.w
	spans s dom.w
	lanes s dom.w
	atf_check -s exit:1 grep -q 'lost' lanes.got
	# nine threads, nine lanes
	traced 1024 "$here/../collect/thr8.c" -lpthread
	gp-fmt -o html s > m.html || atf_fail "gp-fmt failed"
	chrome --dump-dom "file://$(pwd)/m.html#tl-spans" > dom.m
	spans s dom.m
	lanes s dom.m
	test "$(wc -l < lanes.got)" -eq 9 || atf_fail "not 9 lanes"
	chrome --screenshot="$(pwd)/shot.png" \
	    "file://$(pwd)/m.html#span=3.10" >/dev/null
	test "$(wc -c < shot.png)" -gt 10000 || atf_fail "no screenshot"
	if atf_config_has shots; then
		cp shot.png "$(atf_config_get shots)/html-timeline.png"
	fi
	# no timeline: no section
	grep -v '^t' s > nt
	gp-fmt -o html nt > n.html || atf_fail "gp-fmt failed"
	chrome --dump-dom "file://$(pwd)/n.html" > dom.n
	atf_check -o match:'<div id="tlsec" style="display: none' cat dom.n
}

atf_test_case timeline_depth
timeline_depth_head()
{
	atf_set "descr" "html's timeline gives each call the depth of its" \
	    "event: calls of equal times and of no length, a ring that lost" \
	    "its start, calls never left, depths the runtime did not know"
}
timeline_depth_body()
{
	need chromium
	export HOME=$(pwd)
	awk -v n=6 -f "$(atf_get_srcdir)/bigstream.awk" > s
	# thread 1's events, "kind ticks depth function"; thread 2's
	awk 'BEGIN {
		print "gprt\tgmon.out.gprt\t100\t1\texited\tmono\t1000000000\t2"
		print "map\t0\t0x0\t0x0\t0x10000\t0x10180\tbig"
		for (t = 1; t <= 2; t++)
			printf "thread\t%d\t%d\t1\texited\tbig\t0\t0\t0\t0\n",
			    t, 100 + t
		n = split("leave 100 3 4,leave 100 2 2,enter 100 2 3," \
		    "leave 100 2 3,enter 150 2 1,enter 150 3 5,leave 150 3 5," \
		    "enter 150 3 5,leave 150 3 5,leave 200 2 1,enter 200 2 2," \
		    "enter 200 3 4,leave 210 3 4,leave 210 2 2,enter 210 2 3," \
		    "leave 210 2 3,leave 300 1 0,enter 300 1 1,enter 320 2 2",
		    e, ",")
		ev(1, n, e, 7)
		n = split("enter 50 0 0,enter 60 0 1,leave 60 0 1," \
		    "enter 60 0 2,enter 70 0 3,leave 80 0 3,leave 80 0 2," \
		    "leave 90 0 0", e, ",")
		ev(2, n, e, 0)
	}
	function ev(t, n, e, lost,    i, x, a) {
		printf "trace\t%d\t%d\t%d\tlast\n", t, n, lost
		for (i = 1; i <= n; i++) {
			split(e[i], x, " ")
			a = 65536 + 64 * x[4]
			printf "tev\t%d\t%d\t%s\t%d\t%.9f\t%d\t0\t0x%x\t", t,
			    lost + i - 1, x[1], x[2], x[2] / 1e9, x[3], a
			if (x[1] == "enter")
				printf "0\t0x%x\n", a + 8
			else
				printf "\t\n"
		}
	}' >> s
	# each call: its enter, or its leave when the ring lost the enter;
	# its depth that event's, 1 when unknown (0)
	awk -F'\t' '$1 == "sym" { name[$3] = $8 }
	    $1 == "tev" && $4 == "enter" { open[$2]++; print $2, $7 ? $7 : 1,
		name[$9] }
	    $1 == "tev" && $4 == "leave" {
		if (open[$2] > 0)
			open[$2]--
		else
			print $2, $7 ? $7 : 1, name[$9]
	    }' s | LC_ALL=C sort > want
	atf_check -o save:t.html gp-fmt -o html s
	chrome --dump-dom "file://$(pwd)/t.html#tl-depths" > dom
	sed -n '/<pre id="tlspans">/,/<\/pre>/p' dom |
	    sed 's|.*<pre id="tlspans">||; s|</pre>.*||' | grep . |
	    LC_ALL=C sort > got
	test "$(wc -l < want)" -eq 16 || atf_fail "not 16 calls: $(cat want)"
	atf_check -o file:want cat got
}

atf_test_case memory
memory_head()
{
	atf_set "descr" "html's memory section: its totals and call sites are" \
	    "gp-fmt -M's, of all threads and of one; leaks marked; callers" \
	    "linked to their call-graph entries"
	atf_set "require.progs" "cc"
}
memory_body()
{
	need chromium
	export HOME=$(pwd)
	_s=$(stage)
	atf_check -o ignore -e ignore cc -O0 -finstrument-functions -pthread \
	    -o p "$progs/mem.c" -L"$_s/lib" -lgprt -Wl,-rpath,"$_s/lib"
	rm -f gmon.out gmon.out.gprt
	atf_check env GPRT_HZ=0 GPRT_MEM=1 ./p
	gmon-cat -t gmon.out | gp-sym p > s || atf_fail "pipeline failed"
	atf_check -o save:m.html gp-fmt -o html s
	chrome --dump-dom "file://$(pwd)/m.html" > dom
	grep -q 'data-ready="[0-9]' dom || atf_fail "the script failed"
	memcheck s dom
	# leaks: the rows with unfreed blocks
	atf_check -o match:'<tr class="leak"><td>1000</td>' cat dom
	# the caller leak links to leak's call-graph entry
	atf_check -o match:'<td class="n"><a href="#f[0-9]*">leak</a></td></tr>' \
	    sed -n 's|.*<table id="memfn">||p' dom
	# thread 2 alone: a stream of its records only
	pid=$(awk -F '\t' '$1 == "gprt" { print $3; exit }' s)
	awk -F '\t' '$1 != "mem" || $2 == 2' s > s2
	chrome --dump-dom "file://$(pwd)/m.html#memthr=$pid.2" > dom2
	memcheck s2 dom2 1
	chrome --screenshot="$(pwd)/shot.png" \
	    "file://$(pwd)/m.html#memory" >/dev/null
	test "$(wc -c < shot.png)" -gt 10000 || atf_fail "no screenshot"
	if atf_config_has shots; then
		cp shot.png "$(atf_config_get shots)/html-memory.png"
	fi
}

# memcheck STREAM DOM [ONE]: the memory section of DOM says what gp-fmt -M
# says of STREAM: its totals (but for the processes' "in use" line when
# ONE thread is shown) and its call sites' rows.
memcheck()
{
	gp-fmt -b -M "$1" | sed -n '3,/^$/p' | grep . |
	    if [ -n "${3:-}" ]; then grep -v '^ in use'; else cat; fi > tot.want
	sed -n '/<pre id="memtot">/,/<\/pre>/p' "$2" |
	    sed 's|<pre id="memtot">||; s|</pre>.*||' > tot.got
	atf_check -o file:tot.want cat tot.got
	gp-fmt -b -M "$1" | awk '/call site$/ { on = 1; next }
	    on && NF { $1 = $1; print }' > rows.want
	test -s rows.want || atf_fail "gp-fmt -M shows no call sites"
	sed -n 's|.*<table id="memtab">||p' "$2" | sed 's|</table>.*||' |
	    sed 's|<tr|\n<tr|g' | grep '^<tr' | grep -v '<th' |
	    sed 's|<[^>]*>| |g; s/^ *//; s/ *$//; s/  */ /g' > rows.got
	atf_check -o file:rows.want cat rows.got
}

atf_test_case source
source_head()
{
	atf_set "descr" "html's source section after gp-sym -l: its hottest" \
	    "lines and their times are gp -l's, the text of each line the" \
	    "source file's"
	atf_set "require.progs" "cc"
}
source_body()
{
	need chromium
	export HOME=$(pwd)
	cp "$progs/recurse.c" r.c
	pgbuild prog -g r.c
	pgrun ./prog
	gmon-cat gmon.out | gp-sym -l prog > sl || atf_fail "no -l stream"
	atf_check -o save:l.html gp-fmt -o html sl
	chrome --dump-dom "file://$(pwd)/l.html" > dom
	grep -q 'data-ready="[0-9]' dom || atf_fail "the script failed"
	# gp -l's lines with self time, summed by line: "file:line self"
	gp -l -b -p prog gmon.out | awk '
	    $1 ~ /^[0-9.]+$/ && $3 > 0 && match($0, /\([^ ]*:[0-9]+ @/) {
		s[substr($0, RSTART + 1, RLENGTH - 3)] += $3 }
	    END { for (k in s) printf "%s %.2f\n", k, s[k] }' |
	    LC_ALL=C sort > hot.want
	test -s hot.want || atf_fail "gp -l shows no line with time"
	grep -o '<ol id="srchot">.*</ol>' dom | sed 's|<li>|\n|g' |
	    sed -n 's|^<a [^>]*>\([^<]*\)</a> \([0-9.]*\) s.*|\1 \2|p' |
	    LC_ALL=C sort > hot.got
	atf_check -o file:hot.want cat hot.got
	# the first is one of gp -l's hottest
	top=$(grep -o '<ol id="srchot"><li><a [^>]*>[^<]*' dom |
	    sed 's|.*>||')
	max=$(sort -k2,2gr hot.want | head -1 | cut -d' ' -f2)
	grep -qx "$top $max" hot.want || atf_fail "hottest: $top"
	# the hottest line's row holds that line of r.c
	n=${top##*:}
	want=$(sed -n "${n}p" r.c | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g')
	grep -o "<tr id=\"L$n\" class=\"hot\"[^>]*>.*</tr>" dom |
	    sed 's|</tr>.*||' | grep -qF "<td class=\"src\">$want</td>" ||
	    atf_fail "line $n is not r.c's"
	# without the source file: the lines, without text
	rm r.c
	gp-fmt -o html sl > n.html || atf_fail "gp-fmt failed"
	chrome --dump-dom "file://$(pwd)/n.html" > dom.n
	atf_check -o match:'the file was not read' cat dom.n
	# a profile of functions: no source section
	gmon-cat gmon.out | gp-sym prog > s || atf_fail "no stream"
	gp-fmt -o html s > f.html || atf_fail "gp-fmt failed"
	chrome --dump-dom "file://$(pwd)/f.html" > dom.f
	atf_check -o match:'<div id="srcsec" style="display: none' cat dom.f
}

atf_test_case compare
compare_head()
{
	atf_set "descr" "html of a gp-diff stream: its functions and changed" \
	    "call arcs are gp-fmt's comparison report's, a differential" \
	    "flame graph drawn"
	atf_set "require.progs" "cc"
}
compare_body()
{
	need chromium
	export HOME=$(pwd)
	pgbuild work -O0 "$(atf_get_srcdir)/../diff/work.c"
	atf_check ./work 3
	mv gmon.out a.gmon
	atf_check ./work 10
	mv gmon.out b.gmon
	for x in a b; do
		gmon-cat $x.gmon | gp-sym work | gp-hist | gp-arcs > $x.st ||
		    atf_fail "pipeline failed"
	done
	atf_check -o save:d.st gp-diff a.st b.st
	atf_check -o save:d.html gp-fmt -o html d.st
	chrome --dump-dom "file://$(pwd)/d.html" > dom
	grep -q 'data-ready="[0-9]' dom || atf_fail "the script failed"
	gp-fmt -b d.st > report
	# the functions: gp-fmt's rows, whitespace aside
	awk '/^ +old +new +delta/ { on = 1; next } on && !NF { exit }
	    on { $1 = $1; print }' report > f.want
	test "$(wc -l < f.want)" -ge 3 || atf_fail "few rows: $(cat report)"
	rows cmptab > f.got
	atf_check -o file:f.want cat f.got
	# the arcs: calls old and new, delta, caller -> callee
	awk '/^ +calls old/ { on = 1; next } on && !NF { exit }
	    on { $1 = $1; print }' report > a.want
	test -s a.want || atf_fail "no changed arcs: $(cat report)"
	rows cmparcs | awk '{ s = $1 " " $2 " " $3
	    for (i = 6; i <= NF; i++) s = s " " $i; print s }' > a.got
	atf_check -o file:a.want cat a.got
	# the differential flame graph: extra, added, red
	atf_check -o match:'<div style="[^"]*background:rgb\(255,[^"]*" title="extra: self \+' \
	    sed -n 's|.*<div id="dflame"||p' dom
	chrome --screenshot="$(pwd)/shot.png" "file://$(pwd)/d.html" \
	    >/dev/null
	test "$(wc -c < shot.png)" -gt 10000 || atf_fail "no screenshot"
	if atf_config_has shots; then
		cp shot.png "$(atf_config_get shots)/html-compare.png"
	fi
	# a profile without gp-diff's pairs: no comparison
	gp-fmt -o html b.st > b.html || atf_fail "gp-fmt failed"
	chrome --dump-dom "file://$(pwd)/b.html" > dom.b
	atf_check -o match:'<div id="cmpsec" style="display: none' cat dom.b
}

# rows ID: the rows of table ID of dom as text, a space between cells.
rows()
{
	sed -n "s|.*<table id=\"$1\">||p" dom | sed 's|</table>.*||' |
	    sed 's|<tr|\n<tr|g' | grep '^<tr' | grep -v '<th' |
	    sed 's|<[^>]*>| |g; s/&gt;/>/g; s/&lt;/</g; s/&amp;/\&/g' |
	    sed 's/^ *//; s/ *$//; s/  */ /g'
}

# thr8: collect/thr8.c's eight threads with libgprt's calling contexts,
# their threads kept apart: the stream s.
thr8()
{
	_s=$(stage)
	atf_check -o ignore -e ignore cc -O0 -finstrument-functions -o p \
	    "$(atf_get_srcdir)/../collect/thr8.c" -lpthread -L"$_s/lib" \
	    -lgprt -Wl,-rpath,"$_s/lib"
	rm -f gmon.out gmon.out.gprt
	GPRT_HZ=0 GPRT_COLLECT=cct ./p >/dev/null 2>err ||
	    atf_fail "p failed: $(cat err)"
	gmon-cat -t gmon.out | gp-sym p > s || atf_fail "pipeline failed"
}

atf_test_case flame_threads
flame_threads_head()
{
	atf_set "descr" "html with each thread's calling contexts: the flame" \
	    "graph of one thread holds what speedscope's profile of that" \
	    "thread holds"
	atf_set "require.progs" "cc jq"
}
flame_threads_body()
{
	need chromium
	export HOME=$(pwd)
	thr8
	atf_check -o save:c.html gp-fmt -o html s
	gp-fmt -o speedscope s > ss.json || atf_fail "speedscope failed"
	for i in 0 1; do
		chrome --dump-dom "file://$(pwd)/c.html#fgthr=$i" > dom
		grep -q 'data-ready="[0-9]' dom || atf_fail "the script failed"
		# the thread named as speedscope names it
		t=$(jq -r ".profiles[$i].name" ss.json |
		    sed 's/.*: \(thread [0-9]*\) .*/\1/')
		atf_check -o match:"<option value=\"$i\">$t " cat dom
		# its roots' time, speedscope's total
		want=$(jq ".profiles[$i].endValue / 1e9" ss.json)
		got=$(grep -o '<div id="flame".*' dom | sed 's|</div></div>.*||' |
		    grep -o '<div style="left:[^"]*top:[0-9]*px;[^>]*>' |
		    awk -v top="$(grep -o '<div id="flame" style="height: [0-9]*' dom |
		    sed 's/.* //')" '{ match($0, /top:[0-9]+px/)
		    t = substr($0, RSTART + 4, RLENGTH - 6)
		    if (t + 20 == top) { match($0, / [0-9.]+ s, /)
		    s += substr($0, RSTART + 1, RLENGTH - 5) } }
		    END { print s + 0 }')
		# (the page rounds to 4 decimals under 0.01 s, else 2)
		awk -v a="$want" -v b="$got" 'BEGIN { d = a - b
		    e = b < 0.01 ? 0.00051 : 0.0051
		    exit !(d < e && d > -e && b > 0) }' ||
		    atf_fail "thread $i: roots $got s, speedscope $want s"
	done
}

atf_test_case flat_threads
flat_threads_head()
{
	atf_set "descr" "html's thread switch: the flat profile and a call" \
	    "graph entry of each thread are gp-fmt -u's for that thread," \
	    "those of all threads gp-fmt's"
	atf_set "require.progs" "cc"
}
flat_threads_body()
{
	need chromium
	export HOME=$(pwd)
	thr8
	atf_check -o save:u.html gp-fmt -o html s
	# the switch names the nine threads
	chrome --dump-dom "file://$(pwd)/u.html" > dom
	grep -q 'data-ready="[0-9]' dom || atf_fail "the script failed"
	test "$(grep -o '<select id="usel">.*' dom | sed 's|</select>.*||' |
	    grep -o '<option value="[0-9]*">thread [0-9]* (tid [0-9]*) p<' |
	    wc -l)" -eq 9 || atf_fail "not nine threads in the switch"
	flatrows dom > all.got
	gp-fmt -b -p s | textflat > all.want
	atf_check -o file:all.want cat all.got
	fib=$(grep -o '<a href="#f[0-9]*">fib</a>' dom | head -1 |
	    sed 's/.*#f\([0-9]*\).*/\1/')
	test -n "$fib" || atf_fail "no fib in the flat profile"
	for t in 1 2 5 9; do
		# the switch set to thread t, as a click does
		chrome --dump-dom "file://$(pwd)/u.html#thr=$t,f$fib" > dom.$t
		atf_check -o match:"<span id=\"uthrcg\" class=\"note\">\\(thread $t \\(tid" \
		    cat dom.$t
		flatrows dom.$t > flat.got
		gp-fmt -b -p -u $t s | textflat > flat.want
		test -s flat.want || atf_fail "no rows"
		atf_check -o file:flat.want cat flat.got
		if [ $t = 1 ]; then	# main's thread: main alone
			atf_check -o match:'<div id="entry"><span class="note">fib: neither called nor sampled in this thread' \
			    cat dom.$t
			continue
		fi
		# the flame graph follows: that thread's, without main
		sed -n 's|.*<div id="flame"||p' dom.$t | sed 's|<h2.*||' |
		    grep -q '>main</div>' && atf_fail "thread $t: main in its flame"
		# fib's entry: its callers, callees and calls, -u's
		sed -n 's|.*<div id="entry">||p' dom.$t | sed 's|</table>.*||' |
		    sed 's|<tr|\n<tr|g' | grep '^<tr' | grep -v '<th' |
		    sed 's|<[^>]*>| |g; s/^ *//; s/ *$//; s/  */ /g' |
		    awk 'NF >= 4 && !($4 == "fib" && $3 ~ /\//) { print $3, $4 }' |
		    LC_ALL=C sort > cg.got
		gp-fmt -b -q -u $t s | awk '
		    /^-+$/ { if (mine) exit; nb = 0; next }
		    /^\[[0-9]+\] .* fib \[[0-9]+\]$/ { mine = 1 }
		    /^Index by/ { exit }
		    NF >= 3 { line[++nb] = $0 }
		    END { for (i = 1; i <= nb; i++) { $0 = line[i]
			if ($1 ~ /^\[/)
				print $5, $6
			else if (NF == 3 && $2 != "fib")
				print $1, $2
			else if (NF == 5)
				print $3, $4 } }' | LC_ALL=C sort > cg.want
		test -s cg.want || atf_fail "no entry of fib in gp-fmt -u $t"
		atf_check -o file:cg.want cat cg.got
	done
	chrome --screenshot="$(pwd)/shot.png" \
	    "file://$(pwd)/u.html#thr=5,f$fib" >/dev/null
	test "$(wc -c < shot.png)" -gt 10000 || atf_fail "no screenshot"
	if atf_config_has shots; then
		cp shot.png "$(atf_config_get shots)/html-threads.png"
	fi
	# a stream without threads: no switch
	gmon-cat gmon.out | gp-sym p > m || atf_fail "pipeline failed"
	gp-fmt -o html m > m.html || atf_fail "gp-fmt failed"
	chrome --dump-dom "file://$(pwd)/m.html" > dom.m
	atf_check -o match:'<p id="uthr" style="display: none' cat dom.m
}

# flatrows DOM: the flat profile's rows with time or calls: "%time calls
# name", by name.
flatrows()
{
	sed -n 's|.*<tbody id="rows">||p' "$1" | sed 's|</tbody>.*||' |
	    sed 's|<tr>|\n|g' | sed 's|<[^>]*>| |g; s/^ *//; s/  */ /g' |
	    awk 'NF >= 6 && ($1 > 0 || $4 > 0) { print $1, $4, $6 }' |
	    LC_ALL=C sort -k3
}

# textflat: gp-fmt's flat profile on stdin as flatrows prints the page's.
textflat()
{
	awk '/^ time/ { on = 1; next } on && !NF { exit }
	    on && NF == 7 { print $1, $4, $7 } on && NF == 4 { print $1, 0, $4 }' |
	    LC_ALL=C sort -k3
}

atf_init_test_cases()
{
	atf_add_test_case flat_threads
	atf_add_test_case flame_threads
	atf_add_test_case compare
	atf_add_test_case source
	atf_add_test_case timeline
	atf_add_test_case timeline_depth
	atf_add_test_case memory
}
