#! /usr/bin/atf-sh
#
# gp-hist and gp-arcs: the credit and graph layers.  The stages repeat
# themselves exactly, stand in for one another, keep the records they do
# not own in place, refuse bad records with one line naming the file and
# line, and compute what gprof 2.40 computes (checked against the
# installed gprof, numbers and orders, ties included).

. "$(atf_get_srcdir)/../lib.sh"

bench=$(atf_get_srcdir)/../../share/bench

# mkrec: recurse.c built with -pg and run; its stream up to gp-sym in s.
mkrec()
{
	pgbuild recurse "$progs/recurse.c"
	pgrun ./recurse
	gmon-cat gmon.out | gp-sym recurse > s ||
	    atf_fail "gmon-cat | gp-sym failed"
}

# mksyn N: a generated program of N functions in pN (not run) and the
# gmongen tool, for synthetic profiles made by syn.
mksyn()
{
	awk -v n="$1" -f "$bench/genprog.awk" > p$1.c
	atf_check cc -g -O0 -o p$1 p$1.c
	test -x gmongen ||
	    atf_check cc -O2 -o gmongen "$bench/gmongen.c"
}

# syn PROG OUT GMONGEN-OPTIONS...: a synthetic gmon.out for PROG's text.
syn()
{
	_p=$1
	_o=$2
	shift 2
	set -- $(objdump -h "$_p" | awk '$2 == ".text" { print $4, $3 }') "$@"
	_lo=$1
	_hi=$(printf '%x' $((0x$1 + 0x$2)))
	shift 2
	nm -n -S --defined-only "$_p" | ./gmongen "$@" "$_lo" "$_hi" > "$_o" ||
	    atf_fail "gmongen failed"
}

# same GPROF-OPTIONS -- PIPELINE: gprof's output and the pipeline's are
# the same, byte for byte.
same()
{
	_g=
	while [ "$1" != -- ]; do
		_g="$_g $1"
		shift
	done
	shift
	gprof $_g > expect 2> expect.err ||
	    atf_fail "gprof$_g failed: $(cat expect.err)"
	sh -c "$*" > out 2> out.err || atf_fail "$*: $(cat out.err)"
	cmp -s expect out || {
		diff expect out | head -20
		atf_fail "$* differs from gprof$_g"
	}
}

atf_test_case twice
twice_head()
{
	atf_set "descr" "gp-hist and gp-arcs run twice give the same stream"
	atf_set "require.progs" "cc gprof"
}
twice_body()
{
	mkrec
	atf_check -o save:h1 gp-hist s
	atf_check -o save:h2 gp-hist h1
	atf_check cmp h1 h2
	grep -q '^histsum	' h1 || atf_fail "no histsum record"
	grep -q '^time	' h1 || atf_fail "no time record"
	atf_check -o save:a1 gp-arcs h1
	atf_check -o save:a2 gp-arcs a1
	atf_check cmp a1 a2
	# gp-hist drops a graph layer, which depends on its crediting
	atf_check -o save:h3 gp-hist a1
	atf_check cmp h1 h3
	test $(grep -c '^graph	' a1) = 1 || atf_fail "not one graph record"
}

atf_test_case standin
standin_head()
{
	atf_set "descr" "gp-arcs without gp-hist makes the same stream"
	atf_set "require.progs" "cc gprof"
}
standin_body()
{
	mkrec
	gp-hist < s | gp-arcs > long || atf_fail "long pipeline failed"
	atf_check -o save:short gp-arcs < s
	atf_check cmp long short
	# -p/-P given to gp-arcs credit anew, as gp-hist would
	gp-hist -P spin -p fib -p spin < s | gp-arcs > l2 ||
	    atf_fail "gp-hist -P | gp-arcs failed"
	gp-hist < s | gp-arcs -P spin -p fib -p spin > s2 ||
	    atf_fail "gp-hist | gp-arcs -P failed"
	atf_check cmp l2 s2
	cmp -s long l2 && atf_fail "-P and -p changed nothing"
	grep -q '^flatspec	incl-flat	fib$' s2 ||
	    atf_fail "the credit layer does not name its specs"
}

atf_test_case through
through_head()
{
	atf_set "descr" "Records of no layer survive both stages, in place"
	atf_set "require.progs" "cc gprof"
}
through_body()
{
	mkrec
	n=$(wc -l < s)
	awk -v n="$n" 'NR == 2 { print "x-note\tfirst" }
	    NR == int(n / 2) { print "x-note\tmiddle\tof\\tthe stream" }
	    { print }
	    END { print "x-note\tlast" }' s > notes
	gp-hist < notes | gp-arcs > out || atf_fail "pipeline failed"
	gp-hist < s | gp-arcs > plain || atf_fail "pipeline failed"
	grep '^x-note' notes > want
	grep '^x-note' out > got
	atf_check cmp want got
	# in place: the notes sit among the same records as before
	awk '/^x-note/ { print prev "|" $0 } { prev = $1 }' notes > want
	awk '/^x-note/ { print prev "|" $0 } { prev = $1 }' out > got
	atf_check cmp want got
	grep -v '^x-note' out > stripped
	atf_check cmp plain stripped
}

# The primary lines of gprof's call graph from the graph layer, with
# awk only: "[index] %time self children name".
primaries()
{
	awk -F '\t' '
	$1 == "sym" { name[$2] = $9 }
	$1 == "histsum" { hz = $4 }
	$1 == "graph" { pt = $2 > 0 ? $2 : 1 }
	$1 == "node" {
		if ($11 !~ /p/)
			next
		if ($5 == 0 && $6 == 0 && $9 == 0 && $10 == 0)
			next
		n = $3 == "" ? "<cycle " $4 " as a whole>" : name[$3]
		if ($3 != "" && $4 != 0)
			n = n " <cycle " $4 ">"
		printf "[%d] %.1f %.2f %.2f %s [%d]\n", $2,
		    100 * ($9 + $10) / pt, $9 / hz, $10 / hz, n, $2
	}' "$@"
}

# The same lines from gprof -b -q output.
gprof_primaries()
{
	awk '/^\[[0-9]+\]/ {
		line = $1 " " $2 " " $3 " " $4
		# the name: after the called field, if any
		i = $5 ~ /^[0-9+]+$/ ? 6 : 5
		for (; i <= NF; i++)
			line = line " " $i
		print line
	}' "$@"
}

atf_test_case numbers
numbers_head()
{
	atf_set "descr" "The graph layer's times and indexes are gprof's"
	atf_set "require.progs" "cc gprof"
}
numbers_body()
{
	mkrec
	gp-hist < s | gp-arcs > g || atf_fail "pipeline failed"
	primaries g > got
	gprof -b -q recurse gmon.out | gprof_primaries > want
	test -s want || atf_fail "no call graph from gprof"
	atf_check cmp want got
	# flat profile: self seconds and calls of every listed function
	awk -F '\t' '$1 == "sym" { name[$2] = $9 }
	    $1 == "histsum" { hz = $4 }
	    $1 == "node" && $3 != "" && $11 ~ /f/ && ($7 != 0 || $5 != 0) {
		printf "%.2f %d %s\n", $7 / hz, $5, name[$3] }' g |
	    sort > got
	gprof -b -p recurse gmon.out | awk 'NF == 7 && $1 ~ /^[0-9.]+$/ {
		print $3, $4, $7 } NF == 4 && $1 ~ /^[0-9.]+$/ {
		print $3, 0, $4 }' | sort > want
	test -s want || atf_fail "no flat profile from gprof"
	atf_check cmp want got
}

atf_test_case ties
ties_head()
{
	atf_set "descr" "Synthetic profiles full of ties and cycles, against gprof"
	atf_set "require.progs" "cc gprof nm objdump"
}
ties_body()
{
	mksyn 40
	mksyn 300
	for seed in 1 2 3 4 5 6 7 8; do
		syn p40 t$seed.out -u -s $seed -a $((seed * 9)) \
		    -h $((seed % 4 * 5)) -c $((seed % 3 + 1)) -x $((seed * 3))
		gmon-cat t$seed.out | gp-sym p40 | gp-arcs > g ||
		    atf_fail "pipeline failed"
		primaries g > got
		gprof -b -q p40 t$seed.out | gprof_primaries > want
		cmp -s want got || {
			diff want got | head
			atf_fail "seed $seed: call graph entries differ"
		}
		same -b p40 t$seed.out -- "gmon-cat t$seed.out | gp-sym p40 |" \
		    "gp-hist | gp-arcs | gp-fmt -b"
	done
	for seed in 11 12 13; do
		syn p300 b$seed.out -s $seed -a 3000 -h 400 -c 2 -b 300
		same p300 b$seed.out -- "gmon-cat b$seed.out | gp-sym p300 |" \
		    "gp-hist | gp-arcs | gp-fmt"
		syn p300 u$seed.out -u -s $seed -a 600 -h 100 -c 1
		same -b p300 u$seed.out -- "gmon-cat u$seed.out |" \
		    "gp-sym p300 | gp-arcs | gp-fmt -b"
	done
	# bins of 24 bytes: credits of 3 to 12 units, where the order of
	# gprof's multiplication and division shows
	for seed in 6 8 9 10 12; do
		syn p40 w$seed.out -u -w 24 -s $seed -a 30 -h $((seed * 7)) -c 2
		same -b p40 w$seed.out -- "gmon-cat w$seed.out | gp-sym p40 |" \
		    "gp-hist | gp-arcs | gp-fmt -b"
	done
	# several profiles added up
	same -b p300 b11.out u12.out b13.out -- "gmon-cat b11.out u12.out" \
	    "b13.out | gp-sym p300 | gp-hist | gp-arcs | gp-fmt -b"
}

atf_test_case chunks
chunks_head()
{
	atf_set "descr" "A call graph of more lines than gp-fmt prints in one" \
	    "thread: the two threads' chunks give gprof's bytes"
	atf_set "require.progs" "cc gprof nm objdump"
}
chunks_body()
{
	mksyn 600
	# layered with small cycles, and one big cycle
	syn p600 l.out -s 7 -a 60000 -h 3000 -c 3 -b 200
	syn p600 u.out -u -s 8 -a 50000 -h 3000 -c 2
	for f in l.out u.out; do
		# more call graph lines than print.c's CALLG_THREADLINES
		gprof -b -q p600 $f > q || atf_fail "gprof -b -q failed"
		[ $(wc -l < q) -gt 80000 ] ||
		    atf_fail "$f: $(wc -l < q) lines: too few for two threads"
		p="gmon-cat $f | gp-sym p600 | gp-hist | gp-arcs"
		same p600 $f -- "$p | gp-fmt"
		same -T p600 $f -- "$p | gp-fmt -T"
		same -b -q -z p600 $f -- "$p | gp-fmt -b -q -z"
		same -b -q p600 $f -- "gp -b -q p600 $f"
		same -T -q p600 $f -- "gp -T -q p600 $f"
	done
}

atf_test_case specs
specs_head()
{
	atf_set "descr" "The symspec tables of gp-hist and gp-arcs are gprof's"
	atf_set "require.progs" "cc gprof nm objdump"
}
specs_body()
{
	mksyn 40
	syn p40 t.out -s 3 -a 120 -h 60 -c 3 -b 1000
	p="gmon-cat t.out | gp-sym p40"
	# gprof's -p, -P, -q, -Q take their spec in the same argument, and
	# with one print only their section
	same -b -Pfn5 -Pfn9 p40 t.out -- "$p | gp-hist -P fn5 -P fn9 |" \
	    "gp-arcs | gp-fmt -b -p"
	same -b -pfn5 -pp40.c:fn7 p40 t.out -- "$p | gp-hist -p fn5" \
	    "-p p40.c:fn7 | gp-arcs | gp-fmt -b -p"
	same -b -Pp40.c p40 t.out -- "$p | gp-hist -P p40.c | gp-arcs |" \
	    "gp-fmt -b -p"
	# gprof's tables: an entry for fn4 inside the range for p40.c hides
	# the rest of that range
	same -b -pp40.c -pfn4 p40 t.out -- "$p | gp-hist -p p40.c -p fn4 |" \
	    "gp-arcs | gp-fmt -b -p"
	same -b -Pfn7 -Pp40.c p40 t.out -- "$p | gp-hist -P fn7 -P p40.c |" \
	    "gp-arcs | gp-fmt -b -p"
	same -b -E p40.c -E fn6 p40 t.out -- "$p | gp-arcs -E p40.c -E fn6 |" \
	    "gp-fmt -b"
	for o in "-qfn1/fn17" "-Qfn4/fn8" "-qfn2 -Qfn2/fn30" "-Qfn7"; do
		same -b $o p40 t.out -- "$p | gp-hist | gp-arcs $o | gp-fmt -b -q"
	done
	for o in "-e fn1 -e fn17" "-E fn1 -E _u14" "-f fn2" "-F fn3 -F fn30" \
	    "-n fn4" "-N fn6 -N fn8" "-F fn3 -E fn3" "-f fn9 -e fn9 -N fn12" \
	    "-k fn1/fn17 -k fn20/fn2" "-k p40.c/fn5" "-e p40.c:12" \
	    "-F 14 -N p40.c:20"; do
		same -b $o p40 t.out -- "$p | gp-hist | gp-arcs $o | gp-fmt -b"
	done
	# ignored as by gprof: no '/' in a -k spec, a spec that names nothing
	same -b p40 t.out -- "$p | gp-arcs -k fn1 -e nosuch -f nosuch.c |" \
	    "gp-fmt -b"
}

# bad FILE MESSAGE-REGEX STAGE [ARGS]: STAGE fails on FILE with one line.
bad()
{
	_f=$1
	_m=$2
	shift 2
	oneline "$_m" "$@" "$_f"
}

atf_test_case errors
errors_head()
{
	atf_set "descr" "Bad records and missing layers: one line, file:line"
	atf_set "require.progs" "cc gprof"
}
errors_body()
{
	mkrec
	gp-hist < s > h
	gp-arcs < h > g
	n=$(grep -n '^histsum' h | cut -d: -f1)
	# missing layers
	grep -v '^sym	\|^exe	' s > nosym
	bad nosym "^gp-hist: nosym: no symbol layer" gp-hist
	bad nosym "^gp-arcs: nosym: no symbol layer" gp-arcs
	grep '^gp-stream\|^exe	\|^sym	' s > noraw
	bad noraw "^gp-hist: noraw: no raw layer" gp-hist
	bad noraw "^gp-arcs: noraw: no raw layer" gp-arcs
	# histograms that do not go together
	awk -F '\t' -v OFS='\t' '{ print } $1 == "hist" { $2 = 1; $3 = "0x200000";
	    $4 = "0x201000"; $7 = "minutes"; $8 = "m"; print }' s > unit
	bad unit "^gp-hist: unit: histogram 1: dimension unit changed between histogram records: from 'seconds' to 'minutes'\$" \
	    gp-hist
	awk -F '\t' -v OFS='\t' '{ print } $1 == "hist" { $2 = 1; $3 = "0x200000";
	    $4 = "0x201000"; $5 = 7; print }' s > scale
	bad scale "^gp-arcs: scale: histogram 1: different scales in histogram records\$" \
	    gp-arcs
	# the same scale, half a range further: overlapping
	awk -F '\t' -v OFS='\t' '{ print } $1 == "hist" {
	    lo = 0; hi = 0; for (i = 3; i <= length($3); i++)
		lo = lo * 16 + index("0123456789abcdef", substr($3, i, 1)) - 1
	    for (i = 3; i <= length($4); i++)
		hi = hi * 16 + index("0123456789abcdef", substr($4, i, 1)) - 1
	    d = int((hi - lo) / 4) * 2
	    $2 = 1; $3 = sprintf("0x%x", lo + d); $4 = sprintf("0x%x", hi + d)
	    print }' s > overlap
	bad overlap "^gp-hist: overlap: histogram 1: overlapping histogram records\$" \
	    gp-hist
	# the credit layer, read by gp-arcs
	sed "${n}s/	[^	]*\$//" h > short
	bad short "^gp-arcs: short:$n: histsum: 6 fields, expected at least 7\$" \
	    gp-arcs
	sed "${n}s/^histsum	[^	]*/histsum	x/" h > nan
	bad nan "^gp-arcs: nan:$n: histsum: field 2: bad number 'x'\$" gp-arcs
	awk -v n="$n" 'NR == n { h = $0; next } { print } /^time/ && h != "" {
	    print h; h = "" }' h > late
	bad late "^gp-arcs: late:$n: (flatspec|time): before the histsum record\$" \
	    gp-arcs
	awk -F '\t' -v OFS='\t' '$1 == "time" { $2 = 99999 } { print }' h > far
	bad far "^gp-arcs: far:[0-9]+: time: field 2: symbol 99999 not in the symbol layer" \
	    gp-arcs
	awk '{ print } /^time/ && !d { print; d = 1 }' h > twice
	bad twice "^gp-arcs: twice:[0-9]+: time: symbol [0-9]+ credited twice\$" \
	    gp-arcs
	awk '{ print } /^histsum/ { print "flatspec\tincl-time\tfib" }' h > tab
	bad tab "^gp-arcs: tab:$((n + 1)): flatspec: field 2: 'incl-time' is not incl-flat or excl-flat\$" \
	    gp-arcs
	# the graph layer, read by a printer (gp-fmt)
	m=$(grep -n '^graph' g | cut -d: -f1)
	awk -F '\t' -v OFS='\t' '$1 == "node" && $2 == 3 { $2 = 4 } { print }' \
	    g > order
	bad order "^gp-fmt: order:$((m + 3)): node: index 4 out of order: expected 3\$" \
	    gp-fmt
	awk -F '\t' -v OFS='\t' '$1 == "carc" && !d { $3 = 999; d = 1 }
	    { print }' g > nonode
	bad nonode "^gp-fmt: nonode:[0-9]+: carc: field 3: no node 999\$" gp-fmt
	# the second child of the first node with two (which node that is
	# depends on the samples: a cycle can come first, with no arcs)
	awk -F '\t' -v OFS='\t' '$1 == "carc" { k = $2 == last ? k + 1 : 1
		last = $2; if (k == 2 && !d) { $7 = 1; d = 1 } }
	    { print } END { exit !d }' g > dup ||
	    atf_fail "no node has two children"
	bad dup "^gp-fmt: dup:[0-9]+: carc: two arcs at the same place among the parent's children\$" \
	    gp-fmt
	awk -F '\t' -v OFS='\t' '$1 == "graph" { $4 = "999999999999" } { print }' \
	    g > huge
	bad huge "^gp-fmt: huge:$m: graph: 999999999999 nodes; the symbol layer's [0-9]+ symbols and 2 cycles make [0-9]+\$" \
	    gp-fmt
	awk -F '\t' -v OFS='\t' '$1 == "graph" { $3 = "4000000000" } { print }' \
	    g > cyc
	bad cyc "^gp-fmt: cyc:$m: graph: 4000000000 cycles but [0-9]+ nodes\$" \
	    gp-fmt
	grep -v '^carc' g > noarcs
	bad noarcs "^gp-fmt: noarcs: 0 carc records; the graph record at line $m announces [0-9]+\$" \
	    gp-fmt
	awk -F '\t' -v OFS='\t' '$1 == "node" && $2 == 2 { $11 = "px" } { print }' \
	    g > flag
	bad flag "^gp-fmt: flag:$((m + 2)): node: field 11: flag 'x' is not one of p, f, -\$" \
	    gp-fmt
}

atf_test_case examples
examples_head()
{
	atf_set "descr" "The one-liners of gp-hist(1) and gp-arcs(1)"
	atf_set "require.progs" "cc gprof"
}
examples_body()
{
	mkrec
	gmon-cat gmon.out | gp-sym recurse | gp-hist |
	    awk -F '\t' '$1 == "sym" { name[$2] = $9 }
		$1 == "histsum" { total = $2 }
		$1 == "time" { printf "%.2f\t%s\n", 100 * $3 / total, name[$2] }' |
	    sort -rn | head > top
	# gprof's flat profile percentages, same order
	gprof -b -p recurse gmon.out | awk 'NF >= 4 && $1 ~ /^[0-9.]+$/ &&
	    $3 > 0 { printf "%s\t%s\n", $1, $NF }' | sort -rn | head > want
	atf_check cmp want top
	gmon-cat gmon.out | gp-sym recurse | gp-arcs |
	    awk -F '\t' -v f=fib '$1 == "sym" { name[$2] = $9 }
		$1 == "node" { fn[$2] = name[$3] }
		$1 == "carc" && fn[$3] == f { print $4 "\t" fn[$2] }' |
	    sort > callers
	printf '1\tmain\n35420\tfib\n' | sort > want
	atf_check cmp want callers
	gmon-cat gmon.out | gp-sym recurse | gp-arcs |
	    awk -F '\t' '$1 == "sym" { name[$2] = $9 }
		$1 == "node" && $3 != "" && $4 != 0 {
		    print $4 "\t" $12 "\t" name[$3] }' | sort -n > members
	test $(wc -l < members) = 5 || atf_fail "not 5 cycle members"
	# gprof prints the cycles in index order
	gmon-cat gmon.out | gp-sym recurse | gp-arcs |
	    awk -F '\t' '$1 == "node" && $3 == "" { print $4 }' > order
	for c in $(cat order); do
		awk -F '\t' -v c=$c '$1 == c { print $3 }' members
	done > got
	# gprof prints members as "name <cycle N> [idx]"; compare the names
	gprof -b -q recurse gmon.out | awk '/as a whole/ { c = 1; next }
	    c && /<cycle/ { print $(NF - 3) } /^---/ { c = 0 }' > want
	atf_check cmp want got
}

atf_test_case labels
labels_head()
{
	atf_set "descr" "Calls to text symbols that are not functions go to" \
	    "the function before them, as in gprof"
	atf_set "require.progs" "cc gprof nm perl"
}
labels_body()
{
	atf_check cc -O0 -o labels "$(atf_get_srcdir)/labels.c"
	# arcs from main and f2 to f1, to the labels, inside them
	nm labels | perl -e '
		while (<STDIN>) { my ($a, $t, $n) = split; $s{$n} = hex $a }
		for (qw(f1 f2 main lbl loc)) { die "no $_\n" unless $s{$_} }
		my @arcs = ([$s{main} + 4, $s{lbl}, 7], [$s{main} + 4, $s{f1}, 3],
		    [$s{main} + 9, $s{loc}, 2], [$s{f2} + 6, $s{lbl} + 1, 5]);
		my ($lo, $hi) = ($s{f1} & ~3, ($s{main} + 64) & ~3);
		my $n = ($hi - $lo) / 4;
		print "gmon", pack("V", 1), "\0" x 12, "\0";
		print pack("Q<Q<VV", $lo, $hi, $n, 100), pack("a15", "seconds"), "s";
		print pack("v", $_ % 5 == 2 ? 2 : 0) for 0 .. $n - 1;
		print "\1", pack("Q<Q<V", @$_) for @arcs;
	' > gmon.out || atf_fail "no gmon.out"
	same labels gmon.out -- "gmon-cat gmon.out | gp-sym labels | gp-hist |" \
	    "gp-arcs | gp-fmt"
	grep -q '17         f1' out || atf_fail "the calls did not go to f1"
}

atf_test_case static
static_head()
{
	atf_set "descr" "gprof -c's static arcs (gp-sym -c): kept whatever -k" \
	    "says, and no call graph when the profile has no arcs"
	atf_set "require.progs" "cc gprof perl"
}
static_body()
{
	mkrec
	same -c -k main/leaf -k pang/leaf recurse gmon.out -- "gmon-cat" \
	    "gmon.out | gp-sym -c recurse | gp-hist | gp-arcs -k main/leaf" \
	    "-k pang/leaf | gp-fmt"
	# the same profile without its arcs
	perl -e 'local $/; $_ = <STDIN>; my $n = unpack("V", substr($_, 37, 4));
	    print substr($_, 0, 61 + 2 * $n)' < gmon.out > noarcs.out
	same -c recurse noarcs.out -- "gmon-cat noarcs.out |" \
	    "gp-sym -c recurse | gp-hist | gp-arcs | gp-fmt"
	grep -q 'Call graph' out && atf_fail "a call graph from static arcs"
	gmon-cat noarcs.out | gp-sym -c recurse | grep -q '^arc	' ||
	    atf_fail "gp-sym -c found no static arc"
}

atf_test_case doubles
doubles_head()
{
	atf_set "descr" "libgp/stream/number.c writes doubles as printf and strtod do"
	atf_set "require.progs" "cc"
}
doubles_body()
{
	top=$(atf_get_srcdir)/../..
	atf_check cc -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror \
	    -I"$top/libgp" -o dblcheck "$(atf_get_srcdir)/dblcheck.c" \
	    "$top/libgp/stream/number.c" -lm
	atf_check -o match:' 0 bad$' ./dblcheck 300000 1
	atf_check -o match:' 0 bad$' ./dblcheck 300000 $$
}

atf_init_test_cases()
{
	atf_add_test_case labels
	atf_add_test_case static
	atf_add_test_case doubles
	atf_add_test_case twice
	atf_add_test_case standin
	atf_add_test_case through
	atf_add_test_case numbers
	atf_add_test_case ties
	atf_add_test_case chunks
	atf_add_test_case specs
	atf_add_test_case errors
	atf_add_test_case examples
}
