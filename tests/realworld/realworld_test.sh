#! /usr/bin/atf-sh
#
# Programs nobody here wrote, from Debian's source packages (corpus.sh),
# profiled as users build them, printed by gprof 2.40 and by gp and the
# pipeline with every option set of the matrix: not one byte may differ.
# The corpus is fetched and built once into a cache (~/.cache/gptools or
# $GP_CORPUS); without the network and an empty cache the cases fail.

. "$(atf_get_srcdir)/../lib.sh"
. "$(atf_get_srcdir)/matrix.sh"

# one CASE NAME VARIANT DESCRIPTION [OPTS...]: a case running the matrix
# on one build, less the option sets OPTS.
one()
{
	_case=$1 _name=$2 _var=$3 _descr=$4
	shift 4
	eval "atf_test_case $_case
	${_case}_head()
	{
		atf_set descr \"$_descr\"
		atf_set require.progs \"gprof gcc g++ clang nm apt-get tclsh\"
		atf_set timeout 1800
	}
	${_case}_body()
	{
		corpus $_name:$_var
		matrix $_name $_var $(printf '\"%s\" ' "$@")
	}"
	cases="$cases $_case"
}

one lua_O0 lua pg-O0 "lua 5.4 interpreter, gcc -pg -O0 -g"
one lua_O2 lua pg-O2 "lua 5.4 interpreter, gcc -pg -O2 -g"
one lua_clang lua pg-clang-O1 "lua 5.4 interpreter, clang -pg -O1 -g"
one bzip2_O0 bzip2 pg-O0 "bzip2, gcc -pg -O0 -g"
one bzip2_O2 bzip2 pg-O2 "bzip2, gcc -pg -O2 -g"
one bzip2_clang bzip2 pg-clang-O1 "bzip2, clang -pg -O1 -g"
one minigzip_nog minigzip pg-O2-nog "zlib's minigzip, gcc -pg -O2 without -g"
one lz4_O2 lz4 pg-O2 "lz4, gcc -pg -O2 -g"
# sqlite3: line-level left out, gprof -l takes minutes on its 1.3 MB of
# code (it asks libbfd for the line of every byte, twice).
one sqlite3_O2 sqlite3 pg-O2 "sqlite3's shell (thousands of functions), gcc -pg -O2 -g" \
    "-b -l" "-b -l -p"
one tinyxml2_O2 tinyxml2 pg-O2 "tinyxml2 with a small driver, g++ -pg -O2 -g"
one ninja_O2 ninja pg-O2 "ninja planning 3,000 compilations (ninja -n), g++ -pg -O2 -g"
one tinyxml2_clang tinyxml2 pg-clang-O1 "tinyxml2 with a small driver, clang++ -pg -O1 -g"


# The runtime on the corpus: the same program built -O0 with
# -finstrument-functions and libgprt makes the calls its -pg build makes,
# as gprof reads both; at -O2 the measured times keep their identities
# and the only counts that move with GPRT_INLINE are those of functions
# the compiler inlined (gprt(3), Inlined functions).
rtcase()
{
	eval "atf_test_case $1
	$1_head()
	{
		atf_set descr \"$3\"
		atf_set require.progs \"gprof gcc clang nm objdump apt-get\"
		atf_set timeout 1800
	}
	$1_body()
	{
		$2
	}"
	cases="$cases $1"
}

runtime_O0()
{
	corpus lua:pg-O0 lua:fi-O0 bzip2:pg-O0 bzip2:fi-O0
	input
	for n in lua bzip2; do
		mkdir -p pg-$n
		cp "$BIN/$n-pg-O0" pg-$n/$n
		rtlink $n fi-O0
		(cd pg-$n && rm -f gmon.out && ln -sf ../input.txt . &&
		    case $n in
		    lua) ./lua "$rw/work.lua" ;;
		    bzip2) ./bzip2 -c input.txt ;;
		    esac >/dev/null) || atf_fail "$n -pg failed"
		rtwork $n "$RTDIR"
		pgcalls pg-$n/$n pg-$n/gmon.out >pg.calls
		pgcalls "$RTDIR/$n" "$RTDIR/gmon.out" >rt.calls
		test "$(wc -l <pg.calls)" -gt 30 || atf_fail "$n: few calls"
		cmp -s pg.calls rt.calls ||
		    atf_fail "$n: libgprt's calls are not -pg's: $(diff pg.calls rt.calls | head -n 5)"
		rttimes "$RTDIR/$n" "$RTDIR"
	done
}

# inlined PROG: the functions the compiler may have inlined somewhere:
# those the debugging information says it did (DW_TAG_inlined_subroutine,
# through DW_AT_abstract_origin), and those whose address the code of
# another function loads, as the hooks of an inlined call need it (clang
# leaves some inlined copies out of its debugging information).  A C++
# function is named by its linkage name, as nm(1) names it.
inlined()
{
	{
		objdump --dwarf=info "$1" 2>/dev/null | awk '
		    /^ *<[0-9]+><[0-9a-f]+>: Abbrev Number/ { die = $1
			sub(/^<[0-9]+></, "", die); sub(/>:$/, "", die)
			inl = $NF == "(DW_TAG_inlined_subroutine)"; next }
		    /DW_AT_(MIPS_)?linkage_name/ && !inl { name[die] = $NF
			link[die] = 1; next }
		    /DW_AT_name/ && !inl && !(die in link) { name[die] = $NF
			next }
		    /DW_AT_abstract_origin/ { o = $NF; gsub(/[<>]/, "", o)
			sub(/^0x/, "", o); if (inl) used[o] = 1; else origin[die] = o }
		    END { for (d in used) { o = d
			while (!(o in name) && (o in origin)) o = origin[o]
			if (o in name) print name[o] } }'
		objdump -d --no-show-raw-insn "$1" | awk '
		    /^[0-9a-f]+ <[^>]*>:$/ { f = $2; gsub(/[<>:]/, "", f); next }
		    /lea .*# [0-9a-f]+ <[^>+]*>$/ { g = $NF; gsub(/[<>]/, "", g)
			if (g != f) print g }'
	} | sort -u
}

runtime_O2()
{
	corpus lua:fi-O2 lua:fi-clang-O2 bzip2:fi-O2 bzip2:fi-clang-O2 \
	    sqlite3:fi-O2 sqlite3:fi-clang-O2 tinyxml2:fi-O2 \
	    tinyxml2:fi-clang-O2 ninja:fi-O2 ninja:fi-clang-O2
	input
	for b in lua:fi-O2 lua:fi-clang-O2 bzip2:fi-O2 bzip2:fi-clang-O2 \
	    sqlite3:fi-O2 sqlite3:fi-clang-O2 tinyxml2:fi-O2 \
	    tinyxml2:fi-clang-O2 ninja:fi-O2 ninja:fi-clang-O2; do
		n=${b%%:*} v=${b#*:}
		rtlink $n $v
		rtwork $n "$RTDIR"
		rttimes "$RTDIR/$n" "$RTDIR"
		rtcounts "$RTDIR" >in.calls
		cp in.calls $n-$v.calls
		mkdir -p "$RTDIR/noinl"
		cp "$RTDIR/$n" "$RTDIR/noinl/$n"
		rtwork $n "$RTDIR/noinl" GPRT_INLINE=0
		rttimes "$RTDIR/noinl/$n" "$RTDIR/noinl" out
		rtcounts "$RTDIR/noinl" >out.calls
		inlined "$RTDIR/$n" >inl
		join -a 1 -a 2 -e 0 -o 0,1.2,2.2 in.calls out.calls |
		    awk '$2 != $3 { print $1 }' >moved
		test -s moved || atf_fail "$b: no count moved with GPRT_INLINE=0"
		if [ -n "$(comm -23 moved inl)" ]; then
			atf_fail "$b: counts moved for functions never inlined: $(comm -23 moved inl | head -n 5 | tr '\n' ' ')"
		fi
	done
	# The hooks of inlined calls are those of the source: gcc and clang
	# builds of a C program make the same calls to each of its
	# functions, inlined or not, whatever each compiler inlined.
	for n in lua bzip2 sqlite3; do
		join -a 1 -a 2 -e 0 -o 0,1.2,2.2 $n-fi-O2.calls \
		    $n-fi-clang-O2.calls | awk '$2 != $3' >differ
		test "$(wc -l <$n-fi-O2.calls)" -gt 30 ||
		    atf_fail "$n: few functions counted"
		[ ! -s differ ] || atf_fail "$n: gcc and clang count calls" \
		    "differently (name gcc clang): $(head -n 5 differ | tr '\n' ';')"
	done
}

rtcase runtime_O0 runtime_O0 "lua and bzip2 built -O0 -finstrument-functions with libgprt: -pg's calls, as gprof reads them"
rtcase runtime_O2 runtime_O2 "lua, bzip2, sqlite3, tinyxml2 and ninja (C++) built -O2 (gcc, clang) with libgprt: times add up and nest; only inlined functions' counts move with GPRT_INLINE=0; gcc and clang count the same calls of a C program"

# gp-top(1) watching lua built -O2 with libgprt, running work.lua over
# and over for some 30 s: in every snapshot each function's calls in the
# last interval are its calls since the start less those of the snapshot
# before, which never drop, nor do its self seconds; the final snapshot,
# once lua has exited, is gp's report of the companion file it left.
atf_test_case top_lua cleanup
top_lua_head()
{
	atf_set descr "gp-top -b -d 1 -p watching lua (gcc -O2 -finstrument-functions, libgprt) for 30 s: snapshots monotonic, intervals their differences, the final one gp's report of the companion file"
	atf_set require.progs "gcc apt-get"
	atf_set timeout 600
}
# topwatch PROG FUNC [ARGS...]: $RTDIR/PROG ARGS (standard input: in)
# watched by gp-top -b -d 1 until it exits: snapshots monotonic, each
# interval the difference of two snapshots, the final one gp's report of
# the companion file, FUNC in it.
topwatch()
{
	_prog=$1
	_func=$2
	shift 2
	# gone before it starts, so that the wait below is for its own
	rm -f "$RTDIR/gmon.out" "$RTDIR/gmon.out.gprt"
	(cd "$RTDIR" &&
	    exec env GPRT_HZ=0 ./"$_prog" "$@" <../in >/dev/null) &
	p=$!
	echo $p >pid
	while [ ! -e "$RTDIR/gmon.out.gprt" ]; do sleep 0.05; done
	atf_check -o save:out -e empty gp-top -b -d 1 -p $p
	wait $p || atf_fail "$_prog failed"
	test "$(grep -c '^/' out)" -ge 20 ||
	    atf_fail "fewer than 20 snapshots in 30 s: $(grep '^/' out)"
	atf_check -o match:"EXITED, pid $p, 1 thread, " -x 'grep "^/" out | tail -n 1'
	awk '/^\// { s++; n = 0; next }
	    NF == 7 && $1 ~ /^[0-9]+$/ { n++
		c = $4 + 0; t = $5 + 0
		if (c < calls[$7] + 0 || t < self[$7] + 0)
			print "snapshot " s ": " $7 " dropped to " c " calls " \
			    t " s from " calls[$7] " " self[$7]
		if ($1 + 0 != c - calls[$7])
			print "snapshot " s ": " $7 " called " $1 " in the " \
			    "interval, " c " since the start, " calls[$7] \
			    " before"
		calls[$7] = c; self[$7] = t }
	    END { if (s < 2 || n < 100) print s " snapshots, " n " functions" }' \
	    out >bad
	atf_check -o empty cat bad
	# the final snapshot: each function's calls and self seconds since
	# the start
	awk '/^\// { delete f; next } NF == 7 && $1 ~ /^[0-9]+$/ {
		f[$7] = $4 " " $5 } END { for (n in f) print n, f[n] }' out |
	    sort >got
	atf_check -o save:rep gp -b -p "$RTDIR/$_prog" "$RTDIR/gmon.out.gprt"
	awk 'NF == 7 && $4 ~ /^[0-9]+$/ { print $7, $4, $3 }' rep | sort >want
	grep -q "^$_func " want || atf_fail "no $_func: $(cat rep)"
	atf_check -o file:want cat got
}

top_lua_body()
{
	corpus lua:fi-O2
	rtlink lua fi-O2
	echo "local t0 = os.time()
	    repeat dofile('$rw/work.lua') until os.time() - t0 >= 25" >long.lua
	: >in
	topwatch lua luaV_execute ../long.lua
}
top_lua_cleanup()
{
	[ -f pid ] && kill -9 "$(cat pid)" 2>/dev/null
	return 0
}
cases="$cases top_lua"

# The same of sqlite3's shell (gcc -O2, libgprt) reading work.sql over
# and over, some 25 s of it, the table made anew each time.
atf_test_case top_sqlite3 cleanup
top_sqlite3_head()
{
	atf_set descr "gp-top -b -d 1 -p watching sqlite3 (gcc -O2 -finstrument-functions, libgprt) for 30 s: snapshots monotonic, intervals their differences, the final one gp's report of the companion file"
	atf_set require.progs "gcc apt-get"
	atf_set timeout 600
}
top_sqlite3_body()
{
	corpus sqlite3:fi-O2
	rtlink sqlite3 fi-O2
	# one pass's seconds, for a script of some 25
	{ echo 'DROP TABLE IF EXISTS t;'; cat "$rw/work.sql"; } >one.sql
	t0=$(date +%s%N)
	(cd "$RTDIR" && GPRT_HZ=0 ./sqlite3 :memory: <../one.sql >/dev/null) ||
	    atf_fail "sqlite3 failed on work.sql"
	t1=$(date +%s%N)
	n=$((25000000000 / (t1 - t0 + 1) + 1))
	[ $n -le 2000 ] || n=2000
	: >in
	while [ $n -gt 0 ]; do cat one.sql >>in; n=$((n - 1)); done
	topwatch sqlite3 sqlite3VdbeExec :memory:
}
top_sqlite3_cleanup()
{
	[ -f pid ] && kill -9 "$(cat pid)" 2>/dev/null
	return 0
}
cases="$cases top_sqlite3"

# Profiles of other profilers on a real program: GNU make built -O2 -g
# (no -pg), running work.mk.  Their readers must name what perf report
# and callgrind_annotate name, give it their share or cost, and put
# what no symbol covers (the kernel, the stripped /bin/sh) in the base.

# shares PERCENT: "name percent" of perf report --no-children's
# user-space functions of at least PERCENT, sorted by name.
shares()
{
	perf report -i perf.data --stdio --no-children -g none --sort sym \
	    2>/dev/null | awk -v min="$1" '/^ +[0-9.]+%/ && $2 == "[.]" &&
	    $3 !~ /^0x/ && $1 + 0 >= min { sub(/%/, "", $1); print $3, $1 }' |
	    sort
}

# flatshares REPORT: "name percent" of a flat profile, sorted by name.
flatshares()
{
	awk 'NF >= 4 && $1 ~ /^[0-9.]+$/ && $2 ~ /^[0-9.]+$/ {
	    print $NF, $1 }' "$1" | sort
}

# graphmax REPORT: the largest "% time" of a call graph's entries.
graphmax()
{
	awk '/^\[[0-9]+\]/ && $2 + 0 > m { m = $2 + 0 } END { print m + 0 }' \
	    "$1"
}

make_perf()
{
	perfok
	corpus make:plain-O2
	cp "$BIN/make-plain-O2" make
	atf_check -o ignore -e ignore perf record -q -e cpu-clock -g \
	    -o perf.data ./make -f "$rw/work.mk"
	perf script -i perf.data >perf.txt 2>/dev/null
	grep -q '(/usr/bin/dash)$\|(/bin/dash)$' perf.txt ||
	    atf_fail "perf followed no shell"
	# a stripped child is said so; the report goes on
	atf_check -o save:flat -e save:err gp -b -p make perf.txt
	grep -q 'dash: has no symbols' err || atf_fail "dash: $(cat err)"
	shares 0.5 >theirs
	grep -q '^msort_with_tmp\.part\.0 ' theirs ||
	    atf_fail "perf report has no msort_with_tmp.part.0: $(cat theirs)"
	flatshares flat >ours
	# the same names with shares within 0.5 points; a name perf report
	# gives an alias of (gp-perf(7)) must have one of ours of its share
	join theirs ours | awk '{ d = $2 - $3; if (d < 0) d = -d
	    if (d > 0.5) { bad = 1; print } } END { exit bad }' ||
	    atf_fail "shares differ from perf report's"
	join -v 1 theirs ours >alone
	while read -r n p; do
		awk -v p="$p" '{ d = $2 - p; if (d < 0) d = -d
		    if (d <= 0.005) f = 1 } END { exit !f }' ours ||
		    atf_fail "$n ($p%) is not in the flat profile"
	done <alone
	test "$(wc -l <alone)" -le 2 ||
	    atf_fail "more than two names differ: $(cat alone)"
	atf_check -o save:rep -e ignore gp -b -q make perf.txt
	awk -v m="$(graphmax rep)" 'BEGIN { exit !(m > 0 && m <= 100) }' ||
	    atf_fail "call graph: an entry of $(graphmax rep)%"
}
rtcase make_perf make_perf "GNU make, gcc -O2 -g, recorded by perf record -g: perf report's names and shares, the clone msort_with_tmp.part.0 named, the stripped shell unnamed, no entry over 100%"

make_callgrind()
{
	corpus make:plain-O2
	cp "$BIN/make-plain-O2" make
	atf_check -o ignore -e ignore valgrind --tool=callgrind \
	    --callgrind-out-file=cg.out ./make -f "$rw/work.mk" N=5000 R=5
	total=$(callgrind_annotate cg.out | awk '/PROGRAM TOTALS/ {
	    gsub(/,/, "", $1); print $1 }')
	# callgrind_annotate's functions, recursion levels (f'2) added up
	callgrind_annotate --auto=no --threshold=100 cg.out | awk '
	    $1 ~ /^[0-9,]+$/ && $NF ~ /\]$/ { n = $(NF - 1)
		sub(/^.*:/, "", n); sub(/'"'"'[0-9]+$/, "", n)
		gsub(/,/, "", $1); c[n] += $1 }
	    END { for (f in c) print f, c[f] }' | sort >all
	awk -v t="$total" '$2 >= t / 200' all >theirs
	grep -q '^msort_with_tmp\.part\.0 ' theirs ||
	    atf_fail "callgrind_annotate has no msort_with_tmp.part.0"
	atf_check -o save:flat -e ignore gp -b -p make cg.out
	awk 'NF == 7 && $4 ~ /^[0-9]+$/ { c[$7] += $3 }
	    END { for (f in c) printf "%s %.0f\n", f, c[f] }' flat | sort >ours
	join theirs ours >both
	test "$(wc -l <both)" -eq "$(wc -l <theirs)" || { cat theirs ours
		atf_fail "functions callgrind_annotate lists are missing"; }
	awk '$2 != $3 { bad = 1; print } END { exit bad }' both ||
	    atf_fail "costs differ from callgrind_annotate's"
	atf_check -o save:rep -e ignore gp -b -q make cg.out
	grep -q "100% is $total Ir" rep ||
	    atf_fail "the base is not $total Ir: $(grep '100% is' rep)"
	test "$(graphmax rep)" = 100 || atf_fail "call graph: $(graphmax rep)%"
}
rtcase make_callgrind make_callgrind "GNU make, gcc -O2 -g, under callgrind: callgrind_annotate's names and costs, the clone msort_with_tmp.part.0 named, its program total the base"

# htmlstacks PAGE: the stacks of an html page's flame graph as "frames
# weight", its frames named, the weight to 4 decimals, sorted.
htmlstacks()
{
	awk '/<script type="application\/json" id="data">/ { on = 1; next }
	    on && /^<\/script>/ { exit } on' "$1" |
	    jq -r '.f as $f | .s as $a |
		# the stacks, one array: for each the frames it shares with
		# the one before, the number of its new frames, those, its
		# weight, as the script in the page reads them
		{i: 0, p: [], v: []} |
		until(.i >= ($a | length); ($a[.i + 1]) as $m |
		    (.p[:$a[.i]] + $a[.i + 2:.i + 2 + $m]) as $s |
		    .v += [$s + [$a[.i + 2 + $m]]] | .p = $s |
		    .i += 3 + $m) |
		.v[] | [(.[:-1] | map($f[.][0]) | join(";")),
		(.[-1] * 10000 | round / 10000 | tostring)] | join(" ")' | sort
}

# The README's own advice, gp-sym -l into a flame graph, on bzip2 built
# -O2: the stacks are those of the function-level profile, not one frame
# a line (a line of a function's body has no caller in gprof's
# line-level call graph; an inlined call's line is named by the function
# inlined).
lines_stacks()
{
	corpus bzip2:pg-O2
	cp "$BIN/bzip2-pg-O2" bzip2
	workload bzip2 ./bzip2 1
	gmon-cat gmon.1 | gp-sym bzip2 >f.gps
	gmon-cat gmon.1 | gp-sym -l bzip2 >l.gps
	test "$(grep -c '^sym' l.gps)" -gt "$(grep -c '^sym' f.gps)" ||
	    atf_fail "gp-sym -l made no line symbols"
	for o in folded svg html; do
		gp-fmt -o $o f.gps >f.$o || atf_fail "gp-fmt -o $o failed"
		gp-fmt -o $o l.gps >l.$o || atf_fail "gp-fmt -l -o $o failed"
	done
	test "$(awk -F';' 'NF > 4' f.folded | wc -l)" -gt 3 ||
	    atf_fail "few deep stacks: $(cat f.folded)"
	atf_check -o file:f.folded cat l.folded
	atf_check -o file:f.svg cat l.svg
	htmlstacks f.html >f.hs
	htmlstacks l.html >l.hs
	test "$(wc -l <f.hs)" -gt 3 || atf_fail "html: few stacks"
	atf_check -o file:f.hs cat l.hs
}
eval "atf_test_case lines_stacks
lines_stacks_head()
{
	atf_set descr \"bzip2 -O2: gp-sym -l streams give the function-level stacks of folded, svg and html\"
	atf_set require.progs \"gcc apt-get jq\"
	atf_set timeout 600
}
lines_stacks_body() { lines_stacks; }"
cases="$cases lines_stacks"

atf_init_test_cases()
{
	for c in $cases; do
		atf_add_test_case $c
	done
}
