#! /usr/bin/atf-sh
#
# Profiles of other profilers read by the input plugins: perf script's
# text (perf record -g) and callgrind.out files.  Each result is checked
# against the profiler's own tools (perf report, callgrind_annotate) or
# against gprof on the same program built with -pg, never against a
# copy of our own output.

. "$(atf_get_srcdir)/../lib.sh"

src=$progs/foreign.c

# build OUT [CC-FLAGS]: tests/progs/foreign.c with frame pointers (perf walks them)
build()
{
	_out=$1
	shift
	atf_check -o ignore -e ignore cc -O1 -g -fno-omit-frame-pointer \
	    "$@" -o "$_out" "$src" -lm -lpthread
}

# cgrun OUT ARGS...: ./work under callgrind, its profile in OUT
cgrun()
{
	_o=$1
	shift
	atf_check -o ignore -e ignore valgrind --tool=callgrind \
	    --callgrind-out-file="$_o" "$@"
}

atf_test_case list
list_head()
{
	atf_set "descr" "gmon-cat -f list lists both input formats"
}
list_body()
{
	atf_check -o save:out gmon-cat -f list
	grep -q '^perf ' out || atf_fail "perf not listed"
	grep -q '^callgrind ' out || atf_fail "callgrind not listed"
	atf_check -o match:'event=NAME' gmon-cat -f callgrind,help
	oneline '^gmon-cat: nosuch: no input format of that name \(gmon-cat -f list shows them\)$' \
	    gmon-cat -f nosuch
}

atf_test_case callgrind_counts
callgrind_counts_head()
{
	atf_set "descr" "Callgrind's call counts equal gprof's for the -pg" \
	    "build, function by function"
	atf_set "require.progs" "valgrind gprof"
}
callgrind_counts_body()
{
	build work
	build workpg -pg
	atf_check -o ignore ./workpg 1
	gprof -b -p workpg gmon.out |
	    awk 'NF == 7 && $4 ~ /^[0-9]+$/ { print $7, $4 }' | sort >want
	test "$(wc -l <want)" -ge 5 || atf_fail "gprof counted too little"
	cgrun cg.out ./work 1
	# the auto-detected format, through gp as through the pipeline
	atf_check -o save:rep -e ignore gp -b -p work cg.out
	awk 'NF == 7 && $4 ~ /^[0-9]+$/ { print $7, $4 }' rep | sort >all
	join want all | awk '$2 != $3 { bad = 1; print }
	    END { exit bad }' || atf_fail "counts differ"
	test "$(join want all | wc -l)" -eq "$(wc -l <want)" ||
	    atf_fail "functions gprof counts are missing: $(cat rep)"
	# written as a gmon.out, the executable's counts for gprof itself
	atf_check gmon-cat -o conv.out cg.out
	gprof -b -p work conv.out |
	    awk 'NF == 7 && $4 ~ /^[0-9]+$/ { print $7, $4 }' | sort |
	    join want - | awk '$2 != $3 { bad = 1; print } END { exit bad }' ||
	    atf_fail "gprof's counts of the written gmon.out differ"
	test "$(gprof -b -p work conv.out | awk 'NF == 7 && $4 ~ /^[0-9]+$/' |
	    grep -c -E ' (leaf|work_a|work_b|busy|maths)$')" -eq 5 ||
	    atf_fail "gprof misses functions in the written gmon.out"
	grep -q 'Ir events counted per call' rep ||
	    atf_fail "the header does not name the event"
	grep -q 'Ir/call' rep || atf_fail "the columns do not name Ir"
}

# inclusive STREAM: "name inclusive" of the executable's functions (graph
# layer: the node's time and children's)
inclusive()
{
	awk -F '\t' '$1 == "exe" { nsym = $6 }
	    $1 == "sym" { n[$2] = $9 }
	    $1 == "node" && $3 != "" && $3 < nsym {
		printf "%s %.0f\n", n[$3], $7 + $8 }' "$1" | sort
}

# called: "name called" of each primary line of a call graph on stdin
# ("1+35420": the calls from others and the recursive ones)
called()
{
	awk '/^\[[0-9]+\]/ && !/as a whole/ && $5 ~ /^[0-9+]+$/ {
		n = $(NF - 1)
		if ($(NF - 2) == "<cycle") n = $(NF - 3)
		print n, $5 }' | sort
}

atf_test_case callgrind_recursion
callgrind_recursion_head()
{
	atf_set "descr" "Recursion and cycles (Callgrind's f'2 levels): the" \
	    "calls and recursive calls of gprof's call graph"
	atf_set "require.progs" "valgrind gprof"
}
callgrind_recursion_body()
{
	prog=$(atf_get_srcdir)/../progs/recurse.c
	atf_check cc -O0 -o rec "$prog"
	atf_check cc -O0 -pg -o recpg "$prog"
	atf_check -o ignore ./recpg
	gprof -b -q recpg gmon.out | called >want
	grep -q '^fib 1+' want || atf_fail "gprof shows no recursion: $(cat want)"
	cgrun cg.out ./rec
	atf_check -o save:rep -e ignore gp -b -q rec cg.out
	called <rep >all
	join want all >both
	test "$(wc -l <both)" -eq "$(wc -l <want)" ||
	    atf_fail "missing: $(cat want all)"
	awk '$2 != $3 { bad = 1; print } END { exit bad }' both ||
	    atf_fail "calls differ from gprof's"
}

# cxxcalls: "calls<TAB>name" of a flat profile's geo:: functions (names
# with spaces)
cxxcalls()
{
	awk 'NF >= 7 && $4 ~ /^[0-9]+$/ { n = $7
		for (i = 8; i <= NF; i++) n = n " " $i
		if (n ~ /^geo::/) print n "\t" $4 }' | sort
}

atf_test_case callgrind_cxx
callgrind_cxx_head()
{
	atf_set "descr" "C++: Callgrind's demangled names found, their" \
	    "calls as gprof's for the -pg build"
	atf_set "require.progs" "valgrind gprof c++"
}
callgrind_cxx_body()
{
	prog=$(atf_get_srcdir)/../progs/shapes.cc
	atf_check c++ -O1 -o shapes "$prog"
	atf_check c++ -O1 -pg -o shapespg "$prog"
	atf_check -o ignore ./shapespg
	gprof -b -p shapespg gmon.out | cxxcalls >want
	test "$(wc -l <want)" -ge 3 || atf_fail "gprof: $(cat want)"
	cgrun cg.out ./shapes
	atf_check -o save:rep -e ignore gp -b -p shapes cg.out
	cxxcalls <rep >got
	atf_check -o file:want cat got
}

atf_test_case callgrind_inclusive
callgrind_inclusive_head()
{
	atf_set "descr" "Inclusive costs per function equal" \
	    "callgrind_annotate's"
	atf_set "require.progs" "valgrind callgrind_annotate"
}
callgrind_inclusive_body()
{
	build work
	cgrun cg.out ./work 1
	atf_check -o save:st -e ignore sh -c \
	    'gmon-cat cg.out | gp-sym work | gp-arcs'
	inclusive st >ours
	# annotate keys functions by file: add a function's entries up
	callgrind_annotate --inclusive=yes --threshold=100 cg.out |
	    awk -v ob="[$(pwd)/work]" '$NF == ob {
		n = $(NF - 1); sub(/^.*:/, "", n); gsub(/,/, "", $1)
		c[n] += $1 }
		END { for (f in c) print f, c[f] }' | sort >theirs
	for f in main work_b work_a leaf busy maths; do
		grep -q "^$f " theirs || atf_fail "annotate has no $f"
	done
	join ours theirs >both
	test "$(wc -l <both)" -ge 6 || atf_fail "few functions in common"
	awk '$2 != $3 { bad = 1; print } END { exit bad }' both ||
	    atf_fail "inclusive costs differ"
}

atf_test_case callgrind_events
callgrind_events_head()
{
	atf_set "descr" "-f callgrind,event=Dr reads another event, named" \
	    "in the report, self costs as callgrind_annotate's"
	atf_set "require.progs" "valgrind callgrind_annotate"
}
callgrind_events_body()
{
	build work
	atf_check -o ignore -e ignore valgrind --tool=callgrind \
	    --cache-sim=yes --callgrind-out-file=cg.out ./work 1
	atf_check -o save:rep -e ignore sh -c 'gmon-cat -f callgrind,event=Dr \
	    cg.out | gp-sym work | gp-arcs | gp-fmt -b -p'
	grep -q 'Dr events counted' rep || atf_fail "Dr not named: $(cat rep)"
	ours=$(awk '$NF == "busy" { printf "%.0f", $3 }' rep)
	theirs=$(callgrind_annotate --show=Dr --threshold=100 cg.out |
	    awk '$NF ~ /work\]$/ && $(NF - 1) ~ /:busy$/ {
		gsub(/,/, "", $1); print $1 }')
	test -n "$ours" && test "$ours" = "$theirs" ||
	    atf_fail "busy's Dr: ours $ours, callgrind_annotate's $theirs"
	oneline '^gmon-cat: cg\.out: event=Nope: the file has no such event \(plugin callgrind\)$' \
	    gmon-cat -f callgrind,event=Nope cg.out
}

atf_test_case callgrind_formats
callgrind_formats_head()
{
	atf_set "descr" "A callgrind profile's Ir stay counts in every" \
	    "format, never converted to time: callgrind_annotate, go tool" \
	    "pprof, speedscope, folded and html name Ir and total what" \
	    "callgrind_annotate totals (less what gp-sym says no symbol covers)"
	atf_set "require.progs" "valgrind callgrind_annotate jq"
}
callgrind_formats_body()
{
	need go
	build work
	cgrun cg.out ./work 1
	atf_check -o save:s -e save:symerr sh -c 'gmon-cat cg.out | gp-sym work'
	theirs=$(callgrind_annotate cg.out | awk '/PROGRAM TOTALS/ {
		gsub(/,/, "", $1); print $1 }')
	lost=$(sed -n 's/.*(\([0-9]*\) Ir of self cost).*/\1/p' symerr)
	want=$((theirs - ${lost:-0}))
	# callgrind: the event is Ir, its total callgrind_annotate's
	atf_check -o save:cg gp-fmt -o callgrind s
	callgrind_annotate cg > ann
	grep -q '^Events recorded: *Ir$' ann || atf_fail "not Ir: $(head ann)"
	got=$(awk '/PROGRAM TOTALS/ { gsub(/,/, "", $1); print $1 }' ann)
	test "$got" = "$want" || atf_fail "callgrind: $got Ir, want $want"
	oneline '^gp-fmt: callgrind: unit=us: not Ir or samples: the profile counts Ir, not time$' \
	    gp-fmt -o callgrind,unit=us s
	# folded: unit=Ir adds up to the total; a unit of time is refused
	atf_check -o save:fo gp-fmt -o folded,unit=Ir s
	got=$(awk '{ t += $NF } END { print t }' fo)
	test "$got" = "$want" || atf_fail "folded: $got Ir, want $want"
	oneline '^gp-fmt: folded: unit=ms: not Ir or samples: the profile counts Ir, not time$' \
	    gp-fmt -o folded,unit=ms s
	# speedscope: unit none, the weights the counts
	atf_check -o save:ss gp-fmt -o speedscope s
	atf_check -o inline:"none $want\n" jq -j \
	    '.profiles[0] | .unit, " ", .endValue, "\n"' ss
	# pprof: sample type Ir in counts; go tool pprof's total
	atf_check -o save:pb gp-fmt -o pprof s
	atf_check -o save:top -e ignore go tool pprof -top pb
	grep -q '^Type: Ir$' top || atf_fail "pprof: $(head top)"
	grep -q " of $want total" top || atf_fail "pprof: $(head top)"
	# svg: the flame graph's title gives the count in full
	atf_check -o save:f.svg gp-fmt -o svg s
	grep -q "middle\">Flame graph of work: $want Ir (" f.svg ||
	    atf_fail "svg: $(grep -o '>Flame graph[^<]*' f.svg)"
	# html: the tables' unit
	atf_check -o save:h gp-fmt -o html s
	sed -n '/<script type="application\/json" id="data">/,/<\/script>/p' \
	    h | sed '1d;$d' > d.json
	atf_check -o inline:'Ir 1\n' jq -j '.u, " ", .ev, "\n"' d.json
}

atf_test_case callgrind_threads
callgrind_threads_head()
{
	atf_set "descr" "--separate-threads files add up to the whole run's" \
	    "counts; each thread and shared library is named"
	atf_set "require.progs" "valgrind"
}
callgrind_threads_body()
{
	build work
	cgrun whole.out ./work 1 threads
	cgrun sep.out --separate-threads=yes ./work 1 threads
	set -- sep.out-*
	test $# -eq 2 || atf_fail "expected two thread files, got $*"
	atf_check -o save:st -e ignore sh -c 'gmon-cat sep.out-* | gp-sym work'
	test "$(grep -c '^gprt' st)" -eq 2 || atf_fail "not two groups"
	awk -F '\t' '$1 == "thread" { print $6 }' st | sort >names
	printf 'thread 1\nthread 2\n' >want
	atf_check -o empty diff want names
	grep -q "^obj	.*libm.so" st || atf_fail "libm not named"
	for f in whole.out "sep.out-*"; do
		gmon-cat $f | gp-sym work 2>/dev/null | gp-arcs | gp-fmt -b -p |
		    awk 'NF == 7 && $4 ~ /^[0-9]+$/ { print $7, $4 }' |
		    grep -E '^(main|work_[ab]|leaf|busy|maths|worker|cbrt.*) ' |
		    sort
	done >counts
	test "$(wc -l <counts)" -ge 14 || atf_fail "few functions: $(cat counts)"
	# each function once per run: the same counts twice
	sort counts | uniq -c | awk '$1 != 2 { bad = 1; print }
	    END { exit bad }' || atf_fail "the threads' counts do not add up"
	grep -q '^cbrt' counts || atf_fail "libm's cbrt not named"
}

atf_test_case callgrind_bad
callgrind_bad_head()
{
	atf_set "descr" "Bad and truncated callgrind files: one-line errors;" \
	    "totals: left out changes nothing"
}
callgrind_bad_body()
{
	build work
	cgrun cg.out ./work 1
	# cut halfway, after a cost line: the records are whole, the costs
	# fall short of the summary
	n=$(awk -v h=$(($(wc -l <cg.out) / 2)) 'NR >= h && /^[+-]?[0-9]/ {
	    print NR; exit }' cg.out)
	head -n $n cg.out >trunc.out
	sum=$(sed -n 's/^summary: //p' cg.out)
	test -n "$sum" || atf_fail "callgrind wrote no summary: line"
	oneline "^gmon-cat: trunc\\.out: line $n: truncated: the costs add up to [0-9]+ Ir, summary: says $sum \\(plugin callgrind\\)\$" \
	    gmon-cat trunc.out
	# totals: may be left out when the costs add up to summary: the
	# stream is the whole file's, but for the file's name
	grep -v '^totals:' cg.out >nototals.out
	atf_check -o save:whole.st gmon-cat cg.out
	atf_check -o save:nototals.st gmon-cat nototals.out
	atf_check -o file:whole.st sed 's/nototals\.out/cg.out/' nototals.st
	printf '# callgrind format\nevents: Ir\nfn=(3)\n' >undef.out
	oneline '^gmon-cat: undef\.out: line 3: name \(3\) used before it is defined \(plugin callgrind\)$' \
	    gmon-cat undef.out
	printf '# callgrind format\nevents: Ir\nfn=main\n1 zz\n' >cost.out
	oneline "^gmon-cat: cost\\.out: line 4: bad cost 'zz' \\(plugin callgrind\\)\$" \
	    gmon-cat cost.out
	printf '# callgrind format\nevents: Ir\nfn=main\ncfn=f\ncalls=1 2\n' \
	    >call.out
	oneline '^gmon-cat: call\.out: line 5: truncated: calls= line without its cost line \(plugin callgrind\)$' \
	    gmon-cat call.out
	printf '# callgrind format\nevents: Ir\ntotals: 0\n' >nofn.out
	oneline '^gmon-cat: nofn\.out: line 3: no fn= line: no function was measured \(plugin callgrind\)$' \
	    gmon-cat nofn.out
	printf '# callgrind format\nevents: Ir\n\000\001\n' >nul.out
	oneline '^gmon-cat: nul\.out: line 3: a NUL byte: not a text file \(plugin callgrind\)$' \
	    gmon-cat nul.out
	printf 'gmon-cat is fine\n' >notcg.out
	oneline "^gmon-cat: notcg\\.out: line 1: not a callgrind line: 'gmon-cat is fine' \\(plugin callgrind\\)\$" \
	    gmon-cat -f callgrind notcg.out
}

# topshares: the two functions with the most self time in gp's report
# of perf.txt (in rep) are perf report's for perf.data, in that order,
# their shares of all samples within a point of perf report's
topshares()
{
	perf report -i perf.data --stdio --no-children --sort sym 2>/dev/null |
	    awk '/^ +[0-9.]+%/ { sub(/%/, "", $1); print $3, $1 }' |
	    head -2 >theirs
	atf_check -o save:rep -e ignore gp -b -p work perf.txt
	awk 'NF >= 4 && $1 ~ /^[0-9.]+$/ { print $NF, $1 }' rep |
	    head -2 >ours
	test "$(wc -l <ours)" -eq 2 || atf_fail "no top two: $(cat rep)"
	paste ours theirs | awk '$1 != $3 { bad = 1 } { d = $2 - $4;
	    if (d < 0) d = -d; if (d > 1.0) bad = 1 } END { exit bad }' ||
	    atf_fail "ours: $(cat ours); perf report's: $(cat theirs)"
}

atf_test_case callgrind_memory
callgrind_memory_head()
{
	atf_set "descr" "A callgrind file of 100000 functions (1.4 MB) is read" \
	    "in under 64 MB: the costs of one event are kept, not 64"
	atf_set "require.progs" "/usr/bin/time"
}
callgrind_memory_body()
{
	awk 'BEGIN { print "# callgrind format"; print "events: Ir Dr"
	    for (i = 0; i < 100000; i++) { print "fn=f" i; print "0 1 2" }
	    print "totals: 100000 200000" }' >many.out
	/usr/bin/time -f %M -o rss gmon-cat many.out >st 2>err ||
	    atf_fail "gmon-cat failed: $(cat err)"
	test "$(grep -c '^marc' st)" -eq 100000 || atf_fail "not every function"
	kb=$(tail -n 1 rss)
	[ -n "${GP_SANITIZED:-}" ] || [ "$kb" -lt 65536 ] ||
	    atf_fail "$kb KB"
}

atf_test_case perf_flat
perf_flat_head()
{
	atf_set "descr" "perf record -g: top functions and their shares as" \
	    "perf report --stdio gives them, per object too"
	atf_set "require.progs" "perf"
}
perf_flat_body()
{
	perfok
	build work
	atf_check -o ignore -e ignore perf record -q -e cpu-clock -g \
	    -o perf.data ./work 150
	perf script -i perf.data >perf.txt 2>/dev/null
	topshares
	# source lines between the frames change nothing
	perf script -i perf.data -F +srcline >src.txt 2>/dev/null
	atf_check -o save:src -e ignore gp -b -p work src.txt
	atf_check -o file:rep cat src
	# -F without time, period and event: each sample counts one
	perf script -i perf.data -F comm,tid,ip,sym,dso >few.txt 2>/dev/null
	atf_check -o save:few -e ignore gp -b -p work few.txt
	grep -q 'samples in place of seconds' few ||
	    atf_fail "samples not named: $(cat few)"
	test "$(awk 'NF >= 4 && $1 ~ /^[0-9.]+$/ { print $NF; exit }' few)" = \
	    "$(head -1 theirs | cut -d' ' -f1)" || atf_fail "top: $(cat few)"
	# the executable's samples as a gmon.out histogram: gprof's own
	# flat profile of it against perf report's for that object alone
	atf_check gmon-cat -o conv.out perf.txt
	gprof -b -p work conv.out | awk 'NF >= 4 && $1 ~ /^[0-9.]+$/ {
	    print $NF, $1 }' | head -2 >gp2
	perf report -i perf.data --stdio --no-children --sort sym \
	    --dsos work --percentage relative 2>/dev/null |
	    awk '/^ +[0-9.]+%/ { sub(/%/, "", $1); print $3, $1 }' |
	    head -2 >pr2
	test "$(wc -l <gp2)" -eq 2 || atf_fail "gprof: $(cat gp2)"
	paste gp2 pr2 | awk '$1 != $3 { bad = 1 } { d = $2 - $4;
	    if (d < 0) d = -d; if (d > 1.0) bad = 1 } END { exit bad }' ||
	    atf_fail "gprof of the histogram: $(cat gp2); perf: $(cat pr2)"
	grep -q 'no call counts' rep || atf_fail "does not say no counts"
	grep -q '0/0' rep && atf_fail "prints counts perf has not got"
	# per object: work's and libm's shares against perf report's
	perf report -i perf.data --stdio --no-children --sort dso 2>/dev/null |
	    awk '/^ +[0-9.]+%/ { sub(/%/, "", $1); print $2, $1 }' |
	    sort >dsos
	atf_check -o save:st -e ignore sh -c \
	    'gmon-cat perf.txt | gp-sym work | gp-hist'
	awk -F '\t' '$1 == "exe" { nsym = $6 }
	    $1 == "obj" { o = $3; sub(/.*\//, "", o) }
	    $1 == "osym" { ob[$2] = o }
	    $1 == "thread" { all += $9 }
	    $1 == "histsum" { hz = $4 }
	    $1 == "time" { t[$2 < nsym ? "work" : ob[$2]] += $3 }
	    END { for (k in t) printf "%s %.2f\n", k, 100 * t[k] / hz / all }' st |
	    sort >objs
	join dsos objs | grep -E '^(work|libm)' >both
	test "$(wc -l <both)" -eq 2 || atf_fail "objects: $(cat dsos objs)"
	awk '{ d = $2 - $3; if (d < 0) d = -d; if (d > 1.0) { bad = 1;
	    print } } END { exit bad }' both ||
	    atf_fail "per-object shares differ"
}

atf_test_case perf_nochain
perf_nochain_head()
{
	atf_set "descr" "perf record without -g, perf script's default" \
	    "fields and its mmap events: the top functions as perf report's"
	atf_set "require.progs" "perf"
}
perf_nochain_body()
{
	perfok
	build work
	atf_check -o ignore -e ignore perf record -q -e cpu-clock \
	    -o perf.data ./work 100
	perf script -i perf.data --show-mmap-events >perf.txt 2>/dev/null
	topshares
	# no call graph: said of perf.txt, not of a gmon.out
	atf_check -o save:st -e ignore sh -c \
	    'gmon-cat perf.txt | gp-sym work | gp-hist | gp-arcs'
	oneline '^gp-fmt: perf\.txt: no call graph: no sample has a named caller \(perf record -g records the call chains\)$' \
	    gp-fmt -b -q st
}

atf_test_case perf_noexe
perf_noexe_head()
{
	atf_set "descr" "perf record -e page-faults -g whose samples never" \
	    "name the executable (the loader's and libm's faults): map ids" \
	    "in sequence, gp-sym reads it, the events add up"
	atf_set "require.progs" "perf"
}
perf_noexe_body()
{
	perfok
	build work
	atf_check -o ignore -e ignore perf record -q -e page-faults -g \
	    -o perf.data ./work 1
	# Keep the samples none of whose frames is in ./work.
	perf script -i perf.data 2>/dev/null | awk -v RS= -v ORS='\n\n' \
	    '!/\/work\)/' >perf.txt
	grep -q 'page-faults:' perf.txt || atf_fail "no sample outside work"
	atf_check -o save:st gmon-cat perf.txt
	awk -F '\t' '$1 == "map" && $2 != n++ { bad = 1; print }
	    END { exit bad }' st || atf_fail "map ids out of sequence"
	atf_check -o save:sym -e ignore -x "gp-sym work <st"
	atf_check -o save:rep gp-fmt -b -p sym
	grep -q 'page-faults in place of seconds' rep ||
	    atf_fail "event not named: $(cat rep)"
	# every fault in perf's text is in the thread records
	want=$(awk '/ page-faults:/ { t += $(NF - 1) } END { print t }' perf.txt)
	got=$(awk -F '\t' '$1 == "thread" { t += $8 } END { print t }' sym)
	test "$got" = "$want" || atf_fail "$got faults, perf script has $want"
	# The loader's functions with faults are perf report's: its first
	# fault is at _start, a symbol not typed a function (NOTYPE) in the
	# loader's debug file, which the _dl_help before it once took.
	perf report -i perf.data --stdio --no-children --sort sym \
	    --dsos ld-linux-x86-64.so.2 2>/dev/null |
	    awk '/^ +[0-9.]+%/ { print $3 }' | sort -u >theirs
	test -s theirs || atf_fail "perf report names no loader function"
	awk 'NF >= 4 && $1 ~ /^[0-9.]+$/ { print $NF }' rep | sort -u >ours
	atf_check -o empty comm -23 theirs ours
}

# within D FILE: each line's "name ours theirs" within D of each other
within()
{
	awk -v d="$1" '{ x = $2 - $3; if (x < 0) x = -x
	    if (x > d) { bad = 1; print } } END { exit bad }' "$2"
}

atf_test_case perf_inlined
perf_inlined_head()
{
	atf_set "descr" "perf --call-graph dwarf: \"(inlined)\" frames are" \
	    "part of the function at their address, or that function under" \
	    "another name: the executable's share is perf report's"
	atf_set "require.progs" "perf"
}
perf_inlined_body()
{
	perfok
	atf_check cc -O2 -g -fno-omit-frame-pointer -o clone "$progs/clone.c"
	atf_check -o ignore -e ignore perf record -q -e cpu-clock \
	    --call-graph dwarf -o perf.data ./clone 50000000
	perf script -i perf.data >perf.txt 2>/dev/null
	grep -q ' (inlined)$' perf.txt ||
	    atf_skip "perf script prints no inlined frames here"
	atf_check -o save:st -e save:err gmon-cat perf.txt
	grep 'inlined' err && atf_fail "inlined frames read as an object"
	# the samples in the executable: perf report's share
	theirs=$(perf report -i perf.data --stdio --no-children --sort dso \
	    2>/dev/null | awk '$2 == "clone" { sub(/%/, "", $1); print $1 }')
	ours=$(awk -F '\t' '$1 == "thread" { all += $8 }
	    $1 == "marc" && $5 == "0" { ex += $8 }
	    END { printf "%.2f", 100 * ex / all }' st)
	echo "clone $ours $theirs" >both
	test -n "$theirs" && within 0.5 both ||
	    atf_fail "the executable's share: ours $ours, perf report's $theirs"
	# a sample whose only frame is crunch's "(inlined)" one (perf's
	# unwinding stopped there): its object is the one whose symbols put
	# crunch.isra.0 at that offset, among the objects of the file
	awk -v RS= -v ORS='\n\n' '{ n = split($0, l, "\n")
	    s = l[1]; for (i = 2; i <= n; i++) {
		if (l[i] !~ / \(inlined\)$/) { if (i == 2) s = s "\n" l[i]
		    break }
		s = s "\n" l[i] }
	    print s }' perf.txt >cut.txt
	grep -q '^	 *[0-9a-f]* crunch+0x[0-9a-f]* (inlined)$' cut.txt ||
	    atf_skip "no crunch frame under its debugging name"
	atf_check -o save:cut -e ignore gmon-cat cut.txt
	ours=$(awk -F '\t' '$1 == "thread" { all += $8 }
	    $1 == "marc" && $5 == "0" { ex += $8 }
	    END { printf "%.2f", 100 * ex / all }' cut)
	echo "clone $ours $theirs" >both
	within 0.5 both ||
	    atf_fail "cut to the innermost real frame: ours $ours, perf report's $theirs"
}

# selfshares REPORT: "name self-share" of each function of a flat profile
selfshares()
{
	awk 'NF >= 4 && $1 ~ /^[0-9.]+$/ && $2 ~ /^[0-9.]+$/ { print $NF, $1 }' \
	    "$1" | sort
}

atf_test_case perf_clones
perf_clones_head()
{
	atf_set "descr" "perf: a clone gprof's symbol rules drop" \
	    "(crunch.isra.0) keeps its name and its share, as perf report's"
	atf_set "require.progs" "perf"
}
perf_clones_body()
{
	perfok
	atf_check cc -O2 -g -fno-omit-frame-pointer -o clone "$progs/clone.c"
	nm clone | grep -q ' crunch\.isra\.' ||
	    atf_skip "the compiler made no crunch.isra clone"
	for cg in fp dwarf; do
		atf_check -o ignore -e ignore perf record -q -e cpu-clock \
		    --call-graph $cg -o $cg.data ./clone 50000000
		perf script -i $cg.data >$cg.txt 2>/dev/null
		perf report -i $cg.data --stdio --no-children --sort sym \
		    2>/dev/null | awk '/^ +[0-9.]+%/ && $2 == "[.]" {
		    sub(/%/, "", $1); print $3, $1 }' | sort >$cg.theirs
		atf_check -o save:$cg.rep -e ignore gp -b -p clone $cg.txt
		selfshares $cg.rep | join - $cg.theirs |
		    grep -E '^(crunch|warm)' >$cg.both
		test "$(wc -l <$cg.both)" -eq 2 || { cat $cg.rep $cg.theirs
			atf_fail "$cg: not both of crunch.isra.0 and warm"; }
		within 0.5 $cg.both || atf_fail "$cg: shares differ"
	done
}

atf_test_case perf_plt
perf_plt_head()
{
	atf_set "descr" "perf: a sample in a PLT stub is the stub's," \
	    "qsort@plt, as perf names it (gprof's table has no such symbol)"
	atf_set "require.progs" "objdump readelf nm"
}
perf_plt_body()
{
	atf_check cc -O1 -g -fno-omit-frame-pointer -o spawn "$progs/spawn.c"
	a=$(objdump -d spawn | sed -n 's/^0*\([0-9a-f]*\) <qsort@plt>:$/\1/p')
	m=$(nm spawn | awk '$3 == "main" { print $1 }')
	test -n "$a" || atf_skip "no qsort@plt stub"
	# perf script's addresses are offsets in the file
	readelf -lW spawn | awk '$1 == "LOAD" && / R?E / {
	    sub(/^0x0*/, "", $2); sub(/^0x0*/, "", $3); if ($2 == $3) ok = 1 }
	    END { exit !ok }' ||
	    atf_skip "the code is not at its offset in the file"
	printf 'spawn 7 1.5: 250000 cpu-clock:\n\t%x qsort@plt+0x4 (%s)\n\t%x main+0x10 (%s)\n\n' \
	    $((0x$a + 4)) "$(pwd)/spawn" $((0x$m + 16)) "$(pwd)/spawn" >perf.txt
	atf_check -o save:rep -e ignore gp -b -p spawn perf.txt
	selfshares rep >got
	atf_check -o inline:'qsort@plt 100.00\n' cat got
}

atf_test_case callgrind_clones
callgrind_clones_head()
{
	atf_set "descr" "callgrind: a clone gprof's symbol rules drop" \
	    "(crunch.isra.0) keeps its name and its cost, as" \
	    "callgrind_annotate's"
	atf_set "require.progs" "valgrind callgrind_annotate"
}
callgrind_clones_body()
{
	atf_check cc -O2 -g -o clone "$progs/clone.c"
	nm clone | grep -q ' crunch\.isra\.' ||
	    atf_skip "the compiler made no crunch.isra clone"
	cgrun cg.out ./clone 200000
	atf_check -o save:rep -e ignore gp -b -p clone cg.out
	awk 'NF == 7 && $4 ~ /^[0-9]+$/ { printf "%s %.0f\n", $7, $3 }' rep |
	    sort >ours
	callgrind_annotate --threshold=100 cg.out | awk '
	    $NF ~ /clone\]$/ { n = $(NF - 1); sub(/^.*:/, "", n)
		gsub(/,/, "", $1); c[n] += $1 }
	    END { for (f in c) print f, c[f] }' | sort >theirs
	grep -q '^crunch\.isra\.[0-9]* ' theirs ||
	    atf_fail "callgrind_annotate names no crunch.isra clone"
	join ours theirs | grep -E '^(crunch|warm)' >both
	test "$(wc -l <both)" -eq 2 || { cat rep theirs
		atf_fail "not both of crunch.isra.0 and warm"; }
	within 0 both || atf_fail "costs differ"
}

atf_test_case callgrind_ifunc
callgrind_ifunc_head()
{
	atf_set "descr" "callgrind: indirect functions' resolvers (libc's" \
	    "strlen) keep the cost callgrind_annotate gives them"
	atf_set "require.progs" "valgrind callgrind_annotate readelf"
}
callgrind_ifunc_body()
{
	atf_check cc -O2 -g -o clone "$progs/clone.c"
	libc=$(ldd ./clone | awk '$1 ~ /^libc\.so/ { print $3 }')
	readelf -W --dyn-syms "$libc" | grep -q ' IFUNC .* strlen@' ||
	    atf_skip "libc's strlen is no indirect function here"
	cgrun cg.out ./clone 1000
	# strlen: libc's resolver and ld.so's own, added up
	theirs=$(callgrind_annotate --auto=no --threshold=100 cg.out | awk '
	    $1 ~ /^[0-9,]+$/ { n = $NF ~ /^\[/ ? $(NF - 1) : $NF }
	    $1 ~ /^[0-9,]+$/ && n ~ /:strlen$/ { gsub(/,/, "", $1); t += $1 }
	    END { print t + 0 }')
	atf_check -o save:rep -e ignore gp -b -p clone cg.out
	ours=$(awk 'NF == 7 && $7 == "strlen" { t += $3 } END { print t + 0 }' rep)
	test "$theirs" -gt 0 || atf_skip "callgrind_annotate has no strlen"
	test "$ours" = "$theirs" ||
	    atf_fail "strlen: ours $ours Ir, callgrind_annotate's $theirs"
}

atf_test_case perf_stripped
perf_stripped_head()
{
	atf_set "descr" "perf follows a child whose program is stripped:" \
	    "its functions stay unnamed, the report goes on"
	atf_set "require.progs" "perf strip"
}
perf_stripped_body()
{
	perfok
	build busy
	atf_check strip busy
	atf_check cc -O1 -g -fno-omit-frame-pointer -o spawn "$progs/spawn.c"
	atf_check -o ignore -e ignore perf record -q -e cpu-clock -g \
	    -o perf.data ./spawn 100000 "./busy 20"
	perf script -i perf.data >perf.txt 2>/dev/null
	grep -q '/busy)$' perf.txt || atf_fail "no sample of the child"
	atf_check -o save:rep -e save:err gp -b -p spawn perf.txt
	grep -q '/busy: has no symbols: its measured functions stay unnamed$' \
	    err || { cat err; atf_fail "the stripped child is not named"; }
	grep -q ' cmp$' rep || { cat rep; atf_fail "cmp is not reported"; }
}

# graphmax REPORT: the largest "% time" of a call graph's entries
graphmax()
{
	awk '/^\[[0-9]+\]/ && $2 + 0 > m { m = $2 + 0 } END { print m + 0 }' \
	    "$1"
}

atf_test_case perf_base
perf_base_head()
{
	atf_set "descr" "perf: the time no symbol covers (the kernel's, a" \
	    "stripped child's) is in the base of the flat profile and of" \
	    "the call graph: the shares are perf report's, none over 100%"
	atf_set "require.progs" "perf"
}
perf_base_body()
{
	perfok
	atf_check cc -O1 -g -fno-omit-frame-pointer -o spawn "$progs/spawn.c"
	atf_check -o ignore -e ignore perf record -q -e cpu-clock -g \
	    -o perf.data ./spawn
	perf script -i perf.data >perf.txt 2>/dev/null
	perf report -i perf.data --stdio --no-children --sort sym 2>/dev/null |
	    awk '/^ +[0-9.]+%/ && $2 == "[.]" && $1 + 0 >= 1 {
	    sub(/%/, "", $1); print $3, $1 }' | sort >theirs
	test "$(wc -l <theirs)" -ge 2 || atf_fail "perf report lists too little"
	atf_check -o save:flat -e ignore gp -b -p spawn perf.txt
	selfshares flat | join - theirs >both
	test "$(wc -l <both)" -eq "$(wc -l <theirs)" || { cat flat theirs
		atf_fail "functions perf report lists are missing"; }
	within 0.5 both || atf_fail "shares differ from perf report's"
	atf_check -o save:rep -e ignore gp -b -q spawn perf.txt
	awk -v m="$(graphmax rep)" 'BEGIN { exit !(m > 0 && m <= 100) }' ||
	    atf_fail "call graph: an entry of $(graphmax rep)%"
	# the base: every sample's time
	gmon-cat perf.txt >st 2>/dev/null
	# printed to 0.01 s: within half of that of the sum, which may
	# round either way at a .005 (1.2149... is 1.21 to awk, 1.22 to gp)
	want=$(awk -F '\t' '$1 == "thread" { t += $9 }
	    END { printf "%.6f", t }' st)
	got=$(sed -n 's/.*100% is \([0-9.]*\) seconds.*/\1/p' rep | head -n 1)
	awk -v w="$want" -v g="$got" 'BEGIN { d = w - g; if (d < 0) d = -d
	    exit !(g != "" && d <= 0.00501) }' ||
	    atf_fail "the base is not $want seconds: $(grep '100% is' rep)"
}

atf_test_case callgrind_base
callgrind_base_head()
{
	atf_set "descr" "callgrind: the cost no symbol covers is in the" \
	    "base, callgrind_annotate's program total; no entry over 100%"
	atf_set "require.progs" "valgrind callgrind_annotate"
}
callgrind_base_body()
{
	atf_check cc -O2 -g -o clone "$progs/clone.c"
	cgrun cg.out ./clone 200000
	theirs=$(callgrind_annotate cg.out | awk '/PROGRAM TOTALS/ {
	    gsub(/,/, "", $1); print $1 }')
	atf_check -o save:rep -e save:err gp -b -q clone cg.out
	grep -q 'no symbol covers' err ||
	    atf_skip "every function has a symbol: nothing to check"
	grep -q "100% is $theirs Ir" rep ||
	    atf_fail "not $theirs Ir: $(grep '100% is' rep)"
	test "$(graphmax rep)" = 100 || atf_fail "call graph: $(graphmax rep)%"
	# the flat profile's shares are of the same total
	atf_check -o save:flat -e ignore gp -b -p clone cg.out
	awk -v t="$theirs" 'NF == 7 && $4 ~ /^[0-9]+$/ {
	    d = $1 - 100 * $3 / t; if (d < 0) d = -d
	    if (d > 0.005) { bad = 1; print } } END { exit bad }' flat ||
	    atf_fail "the flat profile's shares are not of $theirs Ir"
}

atf_test_case perf_threads
perf_threads_head()
{
	atf_set "descr" "perf: threads named, several processes apart," \
	    "kernel and [unknown] frames kept"
	atf_set "require.progs" "perf"
}
perf_threads_body()
{
	perfok
	build work
	atf_check -o ignore -e ignore perf record -q -e cpu-clock -g \
	    -o perf.data ./work 30 threads
	perf script -i perf.data -F comm,pid,tid,time,period,event,ip,sym,dso \
	    >perf.txt 2>/dev/null
	atf_check -o save:st -e ignore sh -c 'gmon-cat perf.txt | gp-sym work'
	grep -q '^thread	.*	worker	' st || atf_fail "worker not named"
	grep -q '^thread	.*	work	' st || atf_fail "work not named"
	grep -q '^ctx	' st || atf_fail "no calling contexts"
	# the calling-context trees as output formats see them (tests/ctx's
	# test format): one per thread, named, each thread's samples
	mkdir p
	atf_check cc -w -shared -fPIC -I"$(stage)/include" -o p/ctxdump.so \
	    "$progs/ctxdump.c"
	atf_check -o save:trees -e ignore sh -c "gmon-cat perf.txt |
	    gp-sym work | gp-arcs | GP_PLUGIN_PATH=$(pwd)/p gp-fmt -o ctxdump"
	awk '$1 == "tree" { print $5 }' trees | sort >tn
	printf 'work\nworker\n' >want
	atf_check -o empty diff want tn
	awk -F '\t' '$1 == "thread" { printf "%s %.6f\n", $6, $9 }' st |
	    sort >thr
	awk '$1 == "tree" { printf "%s %.6f\n", $5, $6 }' trees | sort >tt
	atf_check -o empty diff thr tt
	# perf script's default fields, and two processes in one file
	perf script -i perf.data >a.txt 2>/dev/null
	awk '/^[^ \t]/ { $2 = $2 + 1000000 } { print }' a.txt >b.txt
	cat a.txt b.txt >two.txt
	atf_check -o save:st2 -e ignore gmon-cat -f perf two.txt
	test "$(grep -c '^gprt' st2)" -eq 1 ||
	    atf_fail "no pid shown: one group expected"
	awk '/^[^ \t]/ { sub(/ [0-9]+\//, " 77/") } { print }' perf.txt \
	    >c.txt
	cat perf.txt c.txt >procs.txt
	atf_check -o save:st3 -e ignore gmon-cat procs.txt
	test "$(grep -c '^gprt' st3)" -eq 2 || atf_fail "not two processes"
}

atf_test_case perf_bad
perf_bad_head()
{
	atf_set "descr" "A sample of perf script text as a stream; bad and" \
	    "truncated text: one-line errors"
}
perf_bad_body()
{
	# One sample of one frame in an object not on this machine: the
	# thread (tid 12, comm prog) with its 250000 ns of cpu-clock, the
	# object as map 0, the frame at 0x11bc (unnamed) as an arc from the
	# root and as a calling context; one line says the object cannot be
	# read.
	printf 'prog 12 1.5: 250000 cpu-clock:\n\t    11bc leaf+0x43 (/x)\n' \
	    >ok.txt
	printf '%s\n' \
	    'gp-stream	1' \
	    'profile	ok.txt	gnu	64	le	0x1	000000000000000000000000' \
	    'gprt	ok.txt	0	0	exited	cpu-clock	1000000000	1' \
	    'map	0	0x0	0x0	0x0	0x0	/x' \
	    'thread	1	12	1	exited	prog	0	250000	0.00025	0' \
	    'marc	1		0x0		0x11bc		250000	250000	0.00025	0.00025' \
	    'ctx	1	1	0		0x11bc				250000	250000	0.00025	0.00025	' \
	    >want
	atf_check -o file:want \
	    -e inline:'gmon-cat: ok.txt: line 2: /x: cannot read its program headers (not on this machine?); frames in such objects are kept unnamed (plugin perf)\n' \
	    gmon-cat -f perf ok.txt
	printf '\t    11bc leaf+0x43 (/x)\n' >frame.txt
	oneline '^gmon-cat: frame\.txt: line 1: a frame outside a sample \(plugin perf\)$' \
	    gmon-cat -f perf frame.txt
	printf 'prog 12 1.5: 250000 cpu-clock:\n\000\n' >nul.txt
	oneline '^gmon-cat: nul\.txt: line 2: a NUL byte: not a text file \(plugin perf\)$' \
	    gmon-cat -f perf nul.txt
	printf 'prog 12 1.5: 250000 cpu-clock:\n\t    11bc le' >cut.txt
	oneline '^gmon-cat: cut\.txt: line 2: truncated: the last line has no newline \(plugin perf\)$' \
	    gmon-cat -f perf cut.txt
	# numbers over 64 bits, in no object: refused, not taken for the
	# largest (an address that is no object's reached the objects)
	printf 'prog 12 1.5: 250000 cpu-clock:\n\tffffffff8225a6c1c9 f\n' \
	    >big.txt
	oneline '^gmon-cat: big\.txt: line 2: address ffffffff8225a6c1c9 is over 64 bits \(plugin perf\)$' \
	    gmon-cat -f perf big.txt
	printf 'prog 99999999999999999999 1.5: 1 cpu-clock:\n\t1 f (/x)\n' \
	    >tid.txt
	oneline '^gmon-cat: tid\.txt: line 1: thread id 99999999999999999999 is over 64 bits \(plugin perf\)$' \
	    gmon-cat -f perf tid.txt
	printf 'prog 12 1.5: 250000 cpu-clock:\n\tffffffffffffffff f\n' \
	    >max.txt
	atf_check -o match:'^marc	1		0x0		0xffffffffffffffff	' \
	    gmon-cat -f perf max.txt
	printf 'just words\n' >words.txt
	oneline "^gmon-cat: words\\.txt: line 1: not a perf script sample: no thread id in 'just' \\(plugin perf\\)\$" \
	    gmon-cat -f perf words.txt
	: >empty.txt
	oneline '^gmon-cat: empty\.txt: no samples \(plugin perf\)$' \
	    gmon-cat -f perf empty.txt
}

atf_init_test_cases()
{
	atf_add_test_case list
	atf_add_test_case callgrind_counts
	atf_add_test_case callgrind_recursion
	atf_add_test_case callgrind_cxx
	atf_add_test_case callgrind_inclusive
	atf_add_test_case callgrind_events
	atf_add_test_case callgrind_formats
	atf_add_test_case callgrind_threads
	atf_add_test_case callgrind_bad
	atf_add_test_case callgrind_memory
	atf_add_test_case perf_flat
	atf_add_test_case perf_nochain
	atf_add_test_case perf_noexe
	atf_add_test_case perf_inlined
	atf_add_test_case perf_clones
	atf_add_test_case perf_plt
	atf_add_test_case callgrind_clones
	atf_add_test_case callgrind_ifunc
	atf_add_test_case perf_stripped
	atf_add_test_case perf_base
	atf_add_test_case callgrind_base
	atf_add_test_case perf_threads
	atf_add_test_case perf_bad
}
