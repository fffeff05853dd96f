#! /usr/bin/atf-sh
#
# The bundled output formats (gp-formats(5)), each read by its real
# consumer on the profiles of the compatibility programs (tests/progs):
# jq for json, callgrind_annotate for callgrind, dot for dot, xmllint for
# svg; folded lines checked for form and sums.  A missing consumer skips
# its test case, saying which (share/setup.sh installs them all: jq,
# valgrind, graphviz, libxml2-utils).

. "$(atf_get_srcdir)/../lib.sh"

# profiles: build and run the compatibility programs; for each NAME in
# $names leave prog.NAME, gmon.NAME and its stream with symbols, s.NAME.
names="recurse shapes statics sigwork"
profiles()
{
	pgbuild prog.recurse "$progs/recurse.c"
	atf_check -o ignore -e ignore c++ -pg -o prog.shapes \
	    "$progs/shapes.cc"
	pgbuild prog.statics -g "$progs/statics_a.c" "$progs/statics_b.c" \
	    "$progs/statics_main.c"
	pgbuild prog.sigwork "$progs/sigwork.c"
	for n in $names; do
		pgrun ./prog.$n
		mv gmon.out gmon.$n
		gmon-cat gmon.$n | gp-sym prog.$n > s.$n ||
		    atf_fail "no stream for $n"
	done
}

# flat NAME: gprof's flat profile as "self calls name" lines, sorted.
flat()
{
	gprof -b -p prog.$1 gmon.$1 | awk '
	    /^ *[0-9.]+ +[0-9.]+ +[0-9.]+ / {
		calls = substr($0, 27, 8); gsub(/ /, "", calls)
		printf "%s %s %s\n", $3, calls == "" ? 0 : calls,
		    substr($0, 55)
	    }' | LC_ALL=C sort
}

# total NAME: the seconds of gprof's call graph header, "%.2f".
total()
{
	gprof -b -q prog.$1 gmon.$1 |
	    sed -n 's/.* of \([0-9.]*\) seconds$/\1/p' | head -1
}

# cgnodes: the functions of a gprof call graph on stdin, one name a
# line, sorted (cycle numbers and the cycles' own entries left out).
cgnodes()
{
	awk '/^Index by function name/ { exit }
	/^\[[0-9]+\]/ {
		l = $0
		sub(/ *\[[0-9]+\]$/, "", l)
		gsub(/ <cycle [0-9]+>/, "", l)
		if (l ~ /<cycle .* as a whole>$/)
			next
		n = split(l, f, " ")
		i = 2
		while (i <= n && f[i] ~ /^[0-9]+\.[0-9]+$/)
			i++
		if (i <= n && f[i] ~ /^[0-9]+(\+[0-9]+)?$/)
			i++
		name = f[i]
		for (j = i + 1; j <= n; j++)
			name = name " " f[j]
		print name
	}' | sort
}

# laid JSON PLAIN node|edge: what Graphviz laid out (PLAIN, dot -Tplain
# of gp-fmt -o dot), by the names of JSON (gp-fmt -o json of the same
# stream: dot's node nN is its function N): the functions, one a line,
# or the arcs as cgarcs prints gprof's, "CALLER: child CALLEE COUNT",
# the count from the arrow's label; sorted.
laid()
{
	jq -r '.functions[] | "\(.id)\t\(.name)"' "$1" >laid.names
	awk -v what="$3" '
	NR == FNR { t = index($0, "\t")
		name[substr($0, 1, t - 1)] = substr($0, t + 1); next }
	$1 != what { next }
	what == "node" { print name[substr($2, 2)]; next }
	{
		l = ""
		if (match($0, /"([^"\\]|\\.)*"/))
			l = substr($0, RSTART + 1, RLENGTH - 2)
		sub(/.*\\n/, "", l)
		sub(/×$/, "", l)
		print name[substr($2, 2)] ": child " name[substr($3, 2)] " " l
	}' laid.names "$2" | sort
}

atf_test_case json
json_head()
{
	atf_set "descr" "json: jq reads it; it says what gprof's flat" \
	    "profile says; its arcs name real functions"
	atf_set "require.progs" "cc c++ gprof"
}
json_body()
{
	need jq
	profiles
	for n in $names; do
		atf_check -o save:j.$n gp-fmt -o json s.$n
		atf_check -o inline:'true\n' jq '.format == "gptools-profile"
		    and .version == 1 and .unit == "seconds" and .hz > 0' j.$n
		atf_check -o inline:'true\n' jq '(.functions | length) as $n |
		    (.arcs | length) as $a |
		    all(.arcs[]; .caller >= 0 and .caller < $n and
		    .callee >= 0 and .callee < $n) and
		    all(.functions[]; all(.callers[], .callees[];
		    . >= 0 and . < $a))' j.$n
		# Every function of the flat profile, with gprof's numbers.
		flat $n > flat.gprof
		jq -r '.functions[] | select(.symbol != null) |
		    select(.self > 0 or .calls > 0) |
		    "\(.self)\t\(.calls)\t\(.name)"' j.$n |
		    awk -F '\t' '{ printf "%.2f %s %s\n", $1, $2, $3 }' |
		    LC_ALL=C sort > flat.json
		test -s flat.gprof || atf_fail "no flat profile for $n"
		atf_check -o file:flat.gprof cat flat.json
		# The call graph's total is gprof's.
		test "$(jq -r '.graph_total' j.$n |
		    awk '{ printf "%.2f", $1 }')" = "$(total $n)" ||
		    atf_fail "$n: graph_total is not gprof's $(total $n)"
	done
	atf_check -o save:raw.json gp-fmt -o json,raw s.recurse
	# the bins with samples, as [index, count], add up to the samples
	atf_check -o inline:'true\n' jq '([.histograms[0].bins[][1]] | add) ==
	    .total_samples and ([.histograms[0].bins[][0]] | . == (sort | unique))
	    and (.raw_arcs | length) > 0' raw.json
}

atf_test_case callgrind
callgrind_head()
{
	atf_set "descr" "callgrind: callgrind_annotate reads it and its" \
	    "totals agree with the profile's"
	atf_set "require.progs" "cc c++ gprof"
}
callgrind_body()
{
	need callgrind_annotate jq
	profiles
	for n in $names; do
		atf_check -o save:cg.$n gp-fmt -o callgrind s.$n
		atf_check -o save:ann -e ignore \
		    callgrind_annotate --threshold=100 cg.$n
		tot=$(sed -n 's/^ *\([0-9,]*\) .*PROGRAM TOTALS.*/\1/p' ann |
		    tr -d ,)
		test -n "$tot" || atf_fail "$n: no totals: $(cat ann)"
		# The functions' self costs add up to the total ...
		sum=$(awk '/file:function/ { on = 1; getline; next }
		    on && /^-/ { on = 0 }
		    on && /^ *[0-9,]+ / { v = $1; gsub(/,/, "", v); s += v }
		    END { print s + 0 }' ann)
		test "$sum" = "$tot" || atf_fail "$n: $sum != total $tot"
		# ... which is the profile's self time, in microseconds ...
		atf_check -o save:j gp-fmt -o json s.$n
		jhz=$(jq '.hz' j)
		want=$(jq "[.functions[] | select(.symbol != null) |
		    .self_samples] | add * 1000000 / $jhz | round" j)
		test "$tot" = "$want" || atf_fail "$n: total $tot, want $want"
		# ... and gprof's call graph total.
		test "$(echo "$tot" | awk '{ printf "%.2f", $1 / 1e6 }')" = \
		    "$(total $n)" || atf_fail "$n: $tot us, gprof $(total $n) s"
		# Inclusive costs: main's is its time and its descendants'.
		atf_check -o save:inc -e ignore callgrind_annotate \
		    --inclusive=yes --threshold=100 cg.$n
		mi=$(awk '/:main$/ { v = $1; gsub(/,/, "", v); print v }' inc)
		mj=$(jq '.functions[] | select(.name == "main") |
		    (.graph_self + .children) * 1000000 | round' j)
		nc=$(jq '.functions[] | select(.name == "main") |
		    .callees | length' j)
		test -n "$mi" -a -n "$mj" || atf_fail "$n: no main"
		test $((mi - mj <= nc + 1 && mj - mi <= nc + 1)) = 1 ||
		    atf_fail "$n: main inclusive $mi, want $mj"
	done
	# The file names of -g programs reach the annotations.
	atf_check -o match:'statics_a.c:' -e ignore \
	    callgrind_annotate --threshold=100 cg.statics
}

atf_test_case dot
dot_head()
{
	atf_set "descr" "dot: Graphviz draws it, every function and arc of" \
	    "gprof's call graph; thresholds leave out what they say; the" \
	    "hottest arc is the thickest"
	atf_set "require.progs" "cc c++ gprof"
}
dot_body()
{
	need dot jq xmllint
	profiles
	for n in $names; do
		atf_check -o save:g.$n gp-fmt -o dot s.$n
		atf_check -o save:g.svg dot -Tsvg g.$n
		atf_check xmllint --noout g.svg
		# Without thresholds every active function is a box.
		atf_check -o save:all gp-fmt -o dot,node-thres=0,edge-thres=0 \
		    s.$n
		atf_check -o save:j gp-fmt -o json s.$n
		boxes=$(grep -c '^	n[0-9]* \[label=' all)
		want=$(jq '[.functions[] | select(.symbol != null) |
		    select(.calls > 0 or (.callees | length) > 0 or
		    .self_samples > 0)] | length' j)
		test "$boxes" = "$want" || atf_fail "$n: $boxes boxes, want $want"
		# Graphviz lays out every arc of gprof's call graph (-z: also
		# those that carry no time), with gprof's count, and every
		# function that has time or an arc (names as a set: statics
		# share them).
		atf_check -o save:plain dot -Tplain all
		gprof -b -q -z prog.$n gmon.$n | cgarcs 1 >cg
		sed -n 's|^\(.*: child .* [0-9][0-9]*\)\(/[0-9]*\)\{0,1\}$|\1|p' \
		    cg | sort >arcs.gprof
		test -s arcs.gprof || atf_fail "$n: gprof's call graph has no arcs"
		laid j plain edge >arcs.dot
		atf_check -o file:arcs.gprof cat arcs.dot
		{
			gprof -b -q prog.$n gmon.$n | cgnodes
			sed 's/: .*//' cg
			sed -n 's/^.*: [a-z]* \(.*\) [0-9][0-9+/]*$/\1/p' cg
		} | sort -u >nodes.gprof
		laid j plain node | sort -u >nodes.dot
		atf_check -o file:nodes.gprof cat nodes.dot
		# A threshold leaves out the boxes under it.
		atf_check -o save:some gp-fmt -o dot,node-thres=20 s.$n
		awk '/^	n[0-9]* \[label=/ {
			split($0, l, "\\\\n"); p = l[2]; sub(/%.*/, "", p)
			if (p + 0 < 20) { print "under: " $0; bad = 1 }
		    } END { exit bad }' some || atf_fail "$n: threshold"
		# The thickest arrow carries the most time.
		hot=$(jq -r '.graph_total as $t | [.arcs[] |
		    select(.caller != .callee) | (.self + .children)] |
		    max // 0 | . / $t * 100' j |
		    awk '{ printf "%.2f%%", $1 }')
		thick=$(awk '/->/ && /penwidth=/ {
			w = $0; sub(/.*penwidth=/, "", w); sub(/,.*/, "", w)
			if (w + 0 > max) { max = w + 0; l = $0 }
		    } END { sub(/.*label="/, "", l); sub(/\\n.*/, "", l);
			print l }' g.$n)
		test "$thick" = "$hot" || atf_fail "$n: thickest $thick, hottest $hot"
	done
	atf_check -s exit:1 \
	    -e inline:'gp-fmt: dot: option node-thres=200: not a number from 0 to 100\n' \
	    gp-fmt -o dot,node-thres=200 s.recurse
	atf_check -s exit:1 \
	    -e inline:'gp-fmt: dot: option edge-thres=5%: not a number from 0 to 100\n' \
	    gp-fmt -o dot,edge-thres=5% s.recurse
	atf_check -s exit:1 -e match:'color=pink: not heat or gray' \
	    gp-fmt -o dot,color=pink s.recurse
}

atf_test_case outweighs
outweighs_head()
{
	atf_set "descr" "dot and svg type=graph on a measured profile whose" \
	    "arcs outweigh the whole: labels say so, pens and layout weights" \
	    "stay in range, and Graphviz lays it out (it crashed on weight" \
	    "1279361854)"
}
outweighs_body()
{
	need dot jq xmllint
	s="$(atf_get_srcdir)/../fuzz/regress/fuzz_fmt/svg-graph-rank2-segv"
	atf_check -o save:g gp-fmt -o dot "$s"
	atf_check -o save:g.dot.svg dot -Tsvg g
	atf_check xmllint --noout g.dot.svg
	atf_check -o save:g.svg gp-fmt -o svg,type=graph "$s"
	atf_check xmllint --noout g.svg
	# Each arrow's label is its share as json gives it, over 100%
	# or not; its pen and weight are those of a share of at most 1.
	atf_check -o save:j gp-fmt -o json "$s"
	jq -r '.graph_total as $t | [.arcs[] | select(.caller != .callee) |
	    (.self + .children) / $t * 100] | max' j |
	    awk '{ printf "%.2f%%\n", $1 }' > hot
	awk '/->/ && /weight=/ { l = $0; sub(/.*label="/, "", l)
		sub(/\\n.*/, "", l); print l }' g | sort -g | tail -1 > top
	atf_check -o file:hot cat top
	awk '{ sub(/%/, ""); exit !($1 > 100) }' top ||
	    atf_fail "no arc over 100%: the input no longer tests this"
	awk '/->/ && /weight=/ {
		w = $0; sub(/.*weight=/, "", w); sub(/[],].*/, "", w)
		p = $0; sub(/.*penwidth=/, "", p); sub(/,.*/, "", p)
		if (w + 0 < 1 || w + 0 > 101 || p + 0 > 5) { print; bad = 1 }
	    } END { exit bad }' g || atf_fail "weight or pen out of range"
}

atf_test_case folded
folded_head()
{
	atf_set "descr" "folded: well-formed lines whose weights add up to" \
	    "the total, each function's to its self time"
	atf_set "require.progs" "cc c++ gprof"
}
folded_body()
{
	need jq
	profiles
	for n in $names; do
		atf_check -o save:f.$n gp-fmt -o folded s.$n
		test -s f.$n || atf_fail "$n: no stacks"
		# Frames root first, ';' between them, a space, an integer.
		atf_check -s exit:1 grep -Ev '^[^;]+(;[^;]+)* [1-9][0-9]*$' f.$n
		atf_check -o save:j gp-fmt -o json s.$n
		sum=$(awk '{ s += $NF } END { print s }' f.$n)
		want=$(jq '[.functions[] | select(.symbol != null) |
		    .self_samples] | add | round' j)
		test "$sum" = "$want" || atf_fail "$n: $sum samples, want $want"
		# In microseconds: what callgrind and gprof say.
		atf_check -o save:us gp-fmt -o folded,unit=us s.$n
		sum=$(awk '{ s += $NF } END { print s }' us)
		test "$(echo "$sum" | awk '{ printf "%.2f", $1 / 1e6 }')" = \
		    "$(total $n)" || atf_fail "$n: $sum us, gprof $(total $n) s"
		# Each function's lines add up to its self time (functions
		# of the same name, statics of different files, together).
		jq -r '[.functions[] | select(.symbol != null) |
		    select(.self > 0)] | group_by(.name)[] |
		    "\(map(.self) | add * 1000000)\t\(.[0].name)"' j \
		    > self.json
		awk '{ w = $NF; $NF = ""; sub(/ $/, ""); n = split($0, f, ";")
		    s[f[n]] += w; c[f[n]]++ }
		    END { for (k in s) printf "%s\t%s\t%s\n", k, s[k], c[k] }' \
		    us | LC_ALL=C sort > self.folded
		awk -F '\t' 'NR == FNR { want[$2] = $1; next }
		    { d = $2 - want[$1]; if (d < 0) d = -d
		      if (d > $3 + 1) { print $1 ": " $2 " vs " want[$1]; bad = 1 } }
		    END { exit bad }' self.json self.folded ||
		    atf_fail "$n: a function's weights are not its self time"
	done
	atf_check -s exit:1 -e match:'unit=days: not samples, s, ms, us or ns' \
	    gp-fmt -o folded,unit=days s.recurse
}

atf_test_case svg
svg_head()
{
	atf_set "descr" "svg: well-formed, self-contained SVG, flame graph" \
	    "and call graph"
	atf_set "require.progs" "cc c++ gprof"
}
svg_body()
{
	need xmllint jq
	profiles
	for n in $names; do
		atf_check -o save:j gp-fmt -o json s.$n
		hot=$(jq -r '[.functions[] | select(.symbol != null)] |
		    max_by(.self) | .name' j)
		for t in flame graph; do
			atf_check -o save:$t.$n.svg gp-fmt -o svg,type=$t s.$n
			atf_check xmllint --noout $t.$n.svg
			atf_check -o inline:'svg http://www.w3.org/2000/svg\n' \
			    xmllint --xpath \
			    'concat(local-name(/*), " ", namespace-uri(/*))' \
			    $t.$n.svg
			# Nothing from outside the file.
			atf_check -s exit:1 grep -Ei 'href|<image|@import|src=' \
			    $t.$n.svg
			# The hottest function is there, by name.
			# (xmllint prints text nodes escaped: C++ names
			# have & and <> in them)
			xmllint --xpath '//*[local-name()="title"]/text()' \
			    $t.$n.svg 2>/dev/null | sed 's/&lt;/</g;
			    s/&gt;/>/g; s/&quot;/"/g; s/&apos;/'"'"'/g;
			    s/&amp;/\&/g' > titles
			grep -qF "$hot" titles ||
			    atf_fail "$n $t: no $hot in $(head -5 titles)"
		done
	done
	atf_check -s exit:1 -e match:'type=pie: not flame or graph' \
	    gp-fmt -o svg,type=pie s.recurse
}

atf_test_case stream_only
stream_only_head()
{
	atf_set "descr" "Formats make the layers the stream lacks, and say" \
	    "so when the symbols are missing"
	atf_set "require.progs" "cc"
}
stream_only_body()
{
	pgbuild prog "$progs/recurse.c"
	pgrun ./prog
	# With gp-hist and gp-arcs, or without: the same output.
	atf_check -o save:a -x 'gmon-cat gmon.out | gp-sym prog | gp-fmt -o folded'
	atf_check -o file:a -x 'gmon-cat gmon.out | gp-sym prog | gp-hist |
	    gp-arcs | gp-fmt -o folded'
	# Without symbols: one line saying so, in every format.
	for f in json folded dot svg callgrind; do
		atf_check -s exit:1 -o empty \
		    -e inline:'gp-fmt: no symbol layer in the stream: run it through gp-sym\n' \
		    -x "gmon-cat gmon.out | gp-fmt -o $f"
	done
}

atf_init_test_cases()
{
	atf_add_test_case json
	atf_add_test_case callgrind
	atf_add_test_case dot
	atf_add_test_case outweighs
	atf_add_test_case folded
	atf_add_test_case svg
	atf_add_test_case stream_only
}
