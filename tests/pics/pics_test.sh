#! /usr/bin/atf-sh
#
# Pictures users can trust (issue 15): folded stacks and the flame graph
# split by the time through each recorded arc, cycles entered through
# their members' real callers, frames under a pixel kept as "(other)",
# names that fit, an interactive flame graph, callgrind as callgrind
# writes it.  parse.c has a cycle, spin() called from four places at very
# different costs and one hot call of work() among 42,001; tmpl.cc a
# std::map template-heavy part.  Each is checked against the profile's
# own arcs (json, read by jq) or the real consumer.

. "$(atf_get_srcdir)/../runtime/rtlib.sh"

# need PROG...: skip unless every PROG is installed.
need()
{
	for _p in "$@"; do
		command -v "$_p" >/dev/null ||
		    atf_skip "$_p is not installed"
	done
}

# pg: parse.c with -pg, its stream s.pg; rt: with libgprt, s.rt.
pg()
{
	pgbuild pg "$src/parse.c"
	pgrun ./pg
	gmon-cat gmon.out | gp-sym pg > s.pg || atf_fail "no stream"
}
rt()
{
	rtbuild rt "$src/parse.c"
	rtrun ./rt
	gmon-cat gmon.out | gp-sym rt > s.rt || atf_fail "no stream"
}

# realarcs STREAM: the arcs the profile recorded, "caller;callee" lines.
realarcs()
{
	gp-fmt -o json "$1" | jq -r '.functions as $f | .arcs[] |
	    select(.count > 0) |
	    ($f | map({key: (.id | tostring), value: .name}) |
	    from_entries) as $m |
	    "\($m[.caller | tostring]);\($m[.callee | tostring])"' |
	    LC_ALL=C sort -u
}

# pairs FOLDED: every two adjacent frames, "caller;callee" lines.
pairs()
{
	awk '{ $NF = ""; sub(/ $/, ""); n = split($0, f, ";")
	    for (i = 1; i < n; i++) print f[i] ";" f[i + 1] }' "$1" |
	    grep -v ';(other)$' | LC_ALL=C sort -u
}

atf_test_case measured
measured_head()
{
	atf_set "descr" "With libgprt's measured arcs, folded gives each" \
	    "caller of spin its measured time, main's own call and the" \
	    "hot single call included; the flame graph says measured"
	atf_set "require.progs" "cc jq"
}
measured_body()
{
	rt
	atf_check -o save:f gp-fmt -o folded,unit=us s.rt
	atf_check -o save:j gp-fmt -o json s.rt
	# arc CALLER CALLEE FIELD: the arc's time in microseconds
	arc() {
		jq -r --arg a "$1" --arg b "$2" '.functions as $f |
		    ($f | map({key: (.id | tostring), value: .name}) |
		    from_entries) as $m | .arcs[] |
		    select($m[.caller | tostring] == $a and
		    $m[.callee | tostring] == $b) | '"$3"' * 1000000' j
	}
	# near GOT WANT: within 2% (rounding of small stacks) or 2 us
	near() {
		awk -v g="$1" -v w="$2" 'BEGIN { d = g - w; if (d < 0) d = -d
		    exit !(d <= 0.02 * w + 2) }' ||
		    atf_fail "$3: $1 us, measured $2 us"
	}
	got=$(awk '$1 == "main;spin" { print $2 }' f)
	near "${got:-0}" "$(arc main spin .self)" "main;spin"
	got=$(awk '$1 == "main;work;spin" { print $2 }' f)
	near "${got:-0}" "$(arc main work '(.self + .children)')" \
	    "main;work;spin (the hot single call)"
	got=$(awk '$1 ~ /;parse_term;spin$/ { s += $2 } END { print s }' f)
	near "$got" "$(arc parse_term spin .self)" "parse_term;spin"
	# The weights add up to the measured total.
	got=$(awk '{ s += $NF } END { print s }' f)
	near "$got" "$(jq '.total * 1000000' j)" "total"
	atf_check -o save:fl.svg gp-fmt -o svg s.rt
	atf_check -o match:'measured time of each call arc' \
	    xmllint --xpath '/*/*[local-name()="text"][1]/text()' fl.svg
}

atf_test_case arcs
arcs_head()
{
	atf_set "descr" "Folded stacks never invent an arc: every caller;callee" \
	    "pair is a recorded arc, the cycle entered through its" \
	    "members' real callers (-pg and libgprt)"
	atf_set "require.progs" "cc jq"
}
arcs_body()
{
	pg
	rt
	for k in pg rt; do
		atf_check -o save:f.$k gp-fmt -o folded s.$k
		realarcs s.$k > real.$k
		pairs f.$k > used.$k
		atf_check -o save:bad -x "LC_ALL=C comm -13 real.$k used.$k"
		test -s bad && atf_fail "$k: invented arcs: $(cat bad)"
		grep -q '^main;parse_expr;parse_term;' f.$k ||
		    atf_fail "$k: the cycle is not entered at parse_expr"
		# No chain starts inside the cycle.
		atf_check -s exit:1 grep -E '^parse_' f.$k
	done
	atf_check -o save:fl.svg gp-fmt -o svg s.pg
	atf_check -o match:'estimate from gprof' \
	    xmllint --xpath '/*/*[local-name()="text"][1]/text()' fl.svg
}

atf_test_case other
other_head()
{
	atf_set "descr" "Frames under a pixel are merged into an (other)" \
	    "frame of their parent: the frames add up to their parent"
	atf_set "require.progs" "cc"
}
other_body()
{
	need xmllint
	pg
	atf_check -o save:n.svg gp-fmt -o svg,width=200 s.pg
	atf_check xmllint --noout n.svg
	grep -q 'data-n="(other)"' n.svg || atf_fail "no (other) frame"
	# main's children (the frames one row up) are as wide as main.
	awk -F '"' '/<g class="f" data-n="main"/ {
		for (i = 1; i < NF; i++) {
			if ($i ~ / y=$/) y = $(i + 1)
			if ($i ~ / width=$/) w = $(i + 1)
		}
		main = w; my = y }
	    /<g class="f"/ { for (i = 1; i < NF; i++) {
			if ($i ~ / y=$/) y = $(i + 1)
			if ($i ~ / width=$/) w = $(i + 1)
		}
		row[y] += w }
	    END { k = my - 16; d = row[k] - main; if (d < 0) d = -d
		if (d > 0.5) { print main, row[k]; exit 1 } }' n.svg ||
	    atf_fail "main's children do not add up to main"
}

atf_test_case strip
strip_head()
{
	atf_set "descr" "Names that fit: dot and the flame graph drop" \
	    "template arguments and parameters of long names, distinct" \
	    "functions keep distinct names, dot wraps long ones"
	atf_set "require.progs" "c++"
}
strip_body()
{
	need dot xmllint
	atf_check -o ignore -e ignore c++ -pg -O0 -o tm "$src/tmpl.cc"
	pgrun ./tm
	gmon-cat gmon.out | gp-sym tm > s.tm
	atf_check -o save:g.dot gp-fmt -o dot,node-thres=0,edge-thres=0 s.tm
	atf_check -o save:long.dot \
	    gp-fmt -o dot,node-thres=0,edge-thres=0,strip=no s.tm
	grep -q 'label="std::_Rb_tree<' long.dot || atf_fail "nothing to strip"
	atf_check -s exit:1 grep '^	n[0-9]* \[label="[^"]*std::[a-z_A-Z]*<' \
	    g.dot
	# Every box its own name.
	sed -n 's/^	n[0-9]* \[label="\([^"]*\)\\n[0-9.]*%.*/\1/p' g.dot |
	    sort | uniq -d > dup
	test -s dup && atf_fail "two boxes named $(cat dup)"
	# Narrower than with the full names.
	atf_check -o save:g.png dot -Tpng g.dot
	atf_check -o save:long.png dot -Tpng long.dot
	w=$(od -An -tu1 -j16 -N4 g.png | awk '{ print $1*16777216+$2*65536+$3*256+$4 }')
	lw=$(od -An -tu1 -j16 -N4 long.png | awk '{ print $1*16777216+$2*65536+$3*256+$4 }')
	test "$w" -lt "$lw" || atf_fail "$w px wide, $lw unstripped"
	# The flame graph's frames, stripped; the full name in the title.
	atf_check -o save:fl.svg gp-fmt -o svg s.tm
	# (template arguments; operator< itself stays)
	atf_check -s exit:1 grep -E 'data-n="[^"]*&lt;[A-Za-z_:]' fl.svg
	grep -q '<title>std::_Rb_tree&lt;' fl.svg ||
	    atf_fail "no full name in the titles"
	atf_check -s exit:1 -e match:'strip=maybe: not yes, no or auto' \
	    gp-fmt -o svg,strip=maybe s.tm
}

atf_test_case interactive
interactive_head()
{
	atf_set "descr" "The flame graph's search, run by Chromium: it" \
	    "highlights spin and matches spin's share of the time"
	atf_set "require.progs" "cc jq"
}
interactive_body()
{
	need chromium xmllint
	rt
	atf_check -o save:fl.svg gp-fmt -o svg s.rt
	atf_check xmllint --noout fl.svg
	# Nothing from outside the file.
	atf_check -s exit:1 grep -Ei 'href|<image|@import|src=' fl.svg
	timeout 60 chromium --headless --no-sandbox --disable-gpu \
	    --dump-dom "file://$(pwd)/fl.svg#search=%5Espin%24" \
	    > dom 2>/dev/null
	got=$(sed -n 's/.*Matched: \([0-9.]*\)%.*/\1/p' dom)
	want=$(gp-fmt -o json s.rt | jq '(.functions[] |
	    select(.name == "spin") | .self_samples) / .total_samples * 100')
	test -n "$got" || atf_fail "no match shown: $(head -c 300 dom)"
	awk -v g="$got" -v w="$want" 'BEGIN { d = g - w; if (d < 0) d = -d
	    exit !(d <= 0.15) }' || atf_fail "matched $got%, spin is $want%"
	grep -q 'fill="#e600e6"' dom || atf_fail "nothing highlighted"
	# Zoomed on parse_expr: the reset control shows, main stays below
	# it dimmed, as in flamegraph.pl's, work (main's other child) goes.
	timeout 60 chromium --headless --no-sandbox --disable-gpu \
	    --dump-dom "file://$(pwd)/fl.svg#zoom=parse_expr" \
	    > zdom 2>/dev/null
	grep -q 'id="reset"[^>]*style="cursor: pointer;"' zdom ||
	    grep -q 'id="reset" [^>]*style="[^"]*cursor' zdom ||
	    atf_fail "no reset control"
	grep -q 'data-n="main" style="[^"]*opacity: 0.6' zdom ||
	    atf_fail "main not dimmed: $(grep 'data-n="main"' zdom)"
	grep -q 'data-n="work" style="[^"]*display: none' zdom ||
	    atf_fail "work shown when zoomed on parse_expr"
}

atf_test_case callgrind
callgrind_head()
{
	atf_set "descr" "callgrind: one spelling of each file, functions not" \
	    "split by callgrind_annotate run from the profile's directory," \
	    "cycle members with inclusive cost; the same arcs as a real" \
	    "valgrind --tool=callgrind file of the program"
	atf_set "require.progs" "cc"
}
callgrind_body()
{
	need callgrind_annotate valgrind
	mkdir p
	cp "$src/parse.c" p/
	cd p
	atf_check -o ignore -e ignore cc -g -pg -O0 -o pg parse.c
	pgrun ./pg
	gmon-cat gmon.out | gp-sym pg > s
	atf_check -o save:cg.gp gp-fmt -o callgrind s
	atf_check -o save:ann -e ignore callgrind_annotate --tree=both \
	    --inclusive=yes --threshold=100 cg.gp
	# Each function once, as parse.c:NAME.
	awk '/Auto-annotated source/ { exit }
	    { for (i = 1; i < NF; i++) if ($i == "*") print $(i + 1) }' \
	    ann | sort > fns
	atf_check -o save:d -x 'uniq -d fns'
	test -s d && atf_fail "split functions: $(cat d)"
	grep -q '^parse.c:main$' fns || atf_fail "no parse.c:main: $(cat fns)"
	pt=$(awk '/\*  parse.c:parse_term$/ {
	    v = $1; gsub(/,/, "", v); print v }' ann)
	test "${pt:-0}" -gt 0 || atf_fail "parse_term has no inclusive cost"
	# A real callgrind file of the same program (no -pg, no work).
	atf_check -o ignore -e ignore cc -g -O0 -o vg parse.c
	atf_check -o ignore -e ignore valgrind --tool=callgrind \
	    --callgrind-out-file=cg.vg ./vg 0
	# arcs FILE: "caller callee" of parse.c's functions, recursion
	# levels ('2) folded
	arcsof() {
		awk '/^fn=/ { f = $0; sub(/^fn=\([0-9]+\) ?/, "", f)
			if (f != "") name[$0] = f
			id = $0; sub(/^fn=/, "", id); sub(/\).*/, ")", id)
			if (f != "") nm[id] = f; cur = nm[id] }
		    /^cfn=/ { c = $0; sub(/^cfn=/, "", c)
			cid = c; sub(/\).*/, ")", cid); sub(/^\([0-9]+\) ?/, "", c)
			if (c != "") nm[cid] = c; callee = nm[cid] }
		    /^calls=/ { a = cur; b = callee
			sub(/'"'"'[0-9]+$/, "", a); sub(/'"'"'[0-9]+$/, "", b)
			print a, b }' "$1" |
		    grep -E '^(main|loop|work|lex|spin|parse_[a-z]+) (main|loop|work|lex|spin|parse_[a-z]+)$' |
		    grep -v '^\([a-z_]*\) \1$' | LC_ALL=C sort -u
	}
	arcsof cg.vg > arcs.vg
	arcsof cg.gp > arcs.gp
	test -s arcs.vg || atf_fail "no arcs in valgrind's file"
	atf_check -o file:arcs.vg cat arcs.gp
}

atf_test_case json_dot
json_dot_head()
{
	atf_set "descr" "json lists functions (data symbols with data)," \
	    "no end before its start; dot gives main no calls count"
	atf_set "require.progs" "cc jq"
}
json_dot_body()
{
	need dot
	pg
	atf_check -o save:j gp-fmt -o json s.pg
	atf_check -o inline:'0\n' jq '[.functions[] |
	    select(.kind == "data")] | length' j
	atf_check -o save:jd gp-fmt -o json,data s.pg
	atf_check -o inline:'0\n' jq '[.functions[] | select(.symbol != null) |
	    select((.end | ltrimstr("0x") | ascii_downcase) as $e |
	    (.address | ltrimstr("0x") | ascii_downcase) as $a |
	    ($e | length) < ($a | length) or
	    (($e | length) == ($a | length) and $e < $a))] | length' jd
	atf_check -o save:g.dot gp-fmt -o dot s.pg
	atf_check -o ignore dot -Tsvg g.dot
	grep '\[label="main\\n' g.dot > m
	atf_check -s exit:1 grep -F "$(printf '\303\227')" m
	c=$(jq '.functions[] | select(.name == "lex") | .calls' j)
	grep -q "label=\"lex\\\\n[^\"]*\\\\n$c$(printf '\303\227')\"" g.dot ||
	    atf_fail "no calls count on lex: $(grep lex g.dot)"
}

atf_init_test_cases()
{
	atf_add_test_case measured
	atf_add_test_case arcs
	atf_add_test_case other
	atf_add_test_case strip
	atf_add_test_case interactive
	atf_add_test_case callgrind
	atf_add_test_case json_dot
}
