#! /usr/bin/atf-sh
#
# gp-diff(1): two profiles compared by name, the counts checked against
# gprof's reports of each; builds -O0 and -O2 matched; added and removed
# functions; the CI gate's exit statuses; gp-fmt's report; bad input.

. "$(atf_get_srcdir)/../lib.sh"

src=$(atf_get_srcdir)

# stream PROG GMON OUT: the analysed stream of one profile.
stream()
{
	gmon-cat "$2" | gp-sym "$1" | gp-hist | gp-arcs >"$3" ||
	    atf_fail "pipeline on $2 failed"
}

# gcalls PROG GMON: "name calls" of gprof's flat profile, recursive calls
# included (calls+self), sorted.
gcalls()
{
	gprof -b -q "$1" "$2" | awk '/^\[[0-9]+\]/ {
		n = $0; sub(/^\[[0-9]+\] +[0-9.]+ +[0-9.]+ +[0-9.]+ +/, "", n)
		split(n, w, " "); c = w[1]; name = w[2]
		if (c ~ /^[0-9]+(\+[0-9]+)?$/) { split(c, p, "+"); print name, p[1] + p[2] } }' |
	    sort
}

# dcalls STREAM SIDE: "name calls" of the diff layer's old (4) or new (5)
# side, functions with calls only, sorted.
dcalls()
{
	awk -F '\t' -v s="$2" '$1 == "dfunc" && $s > 0 { print $2, $s }' "$1" |
	    sort
}

atf_test_case runs
runs_head()
{
	atf_set "descr" "Two runs with other inputs: each side's calls are gprof's; a function one run did not call is 0 there, not added or removed"
	atf_set "require.progs" "cc gprof jq"
}
runs_body()
{
	pgbuild work -O0 "$src/work.c"
	atf_check ./work 3
	mv gmon.out a.gmon
	atf_check ./work 40
	mv gmon.out b.gmon
	stream work a.gmon a.st
	stream work b.gmon b.st
	atf_check -o save:d.st gp-diff a.st b.st
	gcalls work a.gmon >ga
	gcalls work b.gmon >gb
	test "$(wc -l <ga)" -ge 4 || atf_fail "few functions: $(cat ga)"
	dcalls d.st 5 >da
	dcalls d.st 6 >db
	atf_check -o file:ga cat da
	atf_check -o file:gb cat db
	# both runs are of one program: extra and small are in both
	atf_check -o match:'^dfunc	extra		on	0	40	' cat d.st
	atf_check -o match:'^dfunc	small		on	1	0	' cat d.st
	atf_check -o not-match:'^dfunc	[^	]*		[on]	' cat d.st
	atf_check -o match:'^darc	twice	leaf	3000	40000	' cat d.st
	# the report: largest change first, nothing added or removed
	atf_check -o save:rep gp-fmt -b d.st
	atf_check -o match:'^ +3000 +40000 +\+1233\.3%.* leaf$' \
	    -o match:'^ +0 +40 +new .* extra$' \
	    -o match:'^ +1 +0 +-100\.0% .* small$' \
	    -o not-match:'\[added\]|\[removed\]' cat rep
	# steady's calls do not change (its sampled time may)
	l=$(awk '$NF == "steady" { print $1, $2 }' rep)
	case $l in
	""|"500 500") ;;
	*)	atf_fail "steady's calls changed: $l" ;;
	esac
	atf_check -o match:'^ +3000 +40000 +\+1233\.3%  twice -> leaf$' \
	    -o match:'^ +0 +40 +new  main -> extra$' \
	    -o match:'^ +1 +0 +-100\.0%  main -> small$' \
	    -o not-match:'main -> steady' cat rep
	# extra, new in this run, has the most new time: first (40 runs of
	# extra, some 200 million steps against leaf's 111 million more, so
	# that 100 samples a second tell them apart)
	atf_check -o match:' extra$' -x "sed -n 7p rep"
	atf_check -o not-match:'the number of times' cat rep
	atf_check -o match:'the number of times' gp-fmt d.st
	# json carries the pairs
	atf_check -o inline:'"a.st" 3000 40000 true\n' -x \
	    "gp-fmt -o json d.st | jq -r '[(.compared_with | tojson), (.functions[] | select(.name == \"leaf\") | .diff | .old_calls, .new_calls, .in_old)] | join(\" \")'"
}

atf_test_case builds
builds_head()
{
	atf_set "descr" "-O0 and -O2 builds of one program compare by name"
	atf_set "require.progs" "cc"
}
builds_body()
{
	pgbuild w0 -O0 "$src/work.c"
	pgbuild w2 -O2 -fno-inline "$src/work.c"
	atf_check ./w0 7
	mv gmon.out a.gmon
	atf_check ./w2 7
	mv gmon.out b.gmon
	stream w0 a.gmon a.st
	stream w2 b.gmon b.st
	atf_check -o save:d.st gp-diff a.st b.st
	for f in twice leaf steady extra; do
		atf_check -o match:"^dfunc	$f		on	" cat d.st
	done
	# same calls in both builds: no limit passed
	atf_check -s exit:0 -o empty -e empty gp-diff -q -c 0 a.st b.st
}

atf_test_case clones
clones_head()
{
	atf_set "descr" "A compiler's copy of a function (f.constprop.0," \
	    "f(long) [clone .constprop.0]) compares as the function; a name" \
	    "with another '.' stays itself"
	atf_set "require.progs" "cc"
}
clones_body()
{
	pgbuild c -O2 -fno-ipa-cp "$src/clone.c"
	atf_check ./c 200000
	mv gmon.out a.gmon
	atf_check ./c 400000
	mv gmon.out b.gmon
	stream c a.gmon b0.st
	stream c b.gmon b.st
	atf_check -o match:'	scale	scale$' grep '^sym	' b0.st
	# the old side as gcc names its copy for k == 3 (gprof's table
	# keeps ".constprop.N"; which copies survive its scan depends on
	# the string table, so the copy's name is put in place here)
	sed 's/	scale	scale$/	scale.constprop.0	scale.constprop.0/' \
	    b0.st >a.st
	atf_check -o save:d.st gp-diff a.st b.st
	atf_check -o match:'^dfunc	scale		on	100	100	' \
	    -o match:'^darc	main	scale	100	100	' \
	    -o not-match:'constprop' grep '^d' d.st
	atf_check -o not-match:'\[added\]|\[removed\]' gp-fmt -b d.st
	# demangled names: " [clone .constprop.0]"
	sed 's/	scale	scale$/	scale.constprop.0	scale(long, int) [clone .constprop.0]/' \
	    b0.st >a.st
	sed 's/	scale	scale$/	scale	scale(long, int)/' b.st >b2.st
	atf_check -o save:d.st gp-diff a.st b2.st
	atf_check -o match:'^dfunc	scale\(long, int\)		on	100	100	' \
	    -o not-match:'clone' grep '^d' d.st
	# not a copy: "scale.x" is another function
	sed 's/	scale	scale$/	scale.x	scale.x/' b0.st >a.st
	atf_check -o save:d.st gp-diff a.st b.st
	atf_check -o match:'^dfunc	scale\.x		o	100	0	' \
	    -o match:'^dfunc	scale		n	0	100	' cat d.st
}

atf_test_case dirs
dirs_head()
{
	atf_set "descr" "Static functions of two builds made in two" \
	    "directories compare by name and file name"
	atf_set "require.progs" "cc jq"
}
dirs_body()
{
	mkdir a b
	cat >a/s.c <<'SRC'
#include <stdlib.h>

static long
sq(long i)
{
	return i * i;
}

int
main(int argc, char *argv[])
{
	long i, n, t = 0;

	n = argc > 1 ? atol(argv[1]) : 0;
	for (i = 0; i < n; i++)
		t += sq(i);
	return t == 42;
}
SRC
	cp a/s.c b/s.c
	pgbuild a/s -g -O0 "$PWD/a/s.c"
	pgbuild b/s -g -O0 "$PWD/b/s.c"
	(cd a && pgrun ./s 1000)
	(cd b && pgrun ./s 2000)
	stream a/s a/gmon.out a.st
	stream b/s b/gmon.out b.st
	# the source files are told apart by their directories
	atf_check -o match:"^sym	.*	$PWD/a/s.c	" cat a.st
	atf_check -o save:d.st gp-diff a.st b.st
	atf_check -o inline:"sq s.c 1000 2000\n" awk -F '\t' \
	    '$1 == "dfunc" && $2 == "sq" { print $2, $3, $5, $6 }' d.st
	# the formats find the static's pair too (its file has a directory;
	# svg's and json's diff went missing for every static function)
	# -f takes a static as the report prints it
	atf_check -s exit:1 -o empty \
	    -e inline:'gp-diff: sq: calls 1000 -> 2000 (+100.0%), above +0%\n' \
	    gp-diff -q -c 0 -f 'sq (s.c)' a.st b.st
	atf_check -s exit:2 -o empty -e match:'^gp-diff: -f sq \(t.c\): ' \
	    gp-diff -q -c 0 -f 'sq (t.c)' a.st b.st
	atf_check -o inline:"1000 2000\n" sh -c "gp-fmt -o json d.st |
	    jq -r '.functions[] | select(.name == \"sq\") |
	    \"\\(.diff.old_calls) \\(.diff.new_calls)\"'"
}

atf_test_case gate
gate_head()
{
	atf_set "descr" "The gate: 0 within the limits, 1 past one with the offenders named, 2 on trouble"
	atf_set "require.progs" "cc"
}
gate_body()
{
	pgbuild work -O0 "$src/work.c"
	atf_check ./work 3
	mv gmon.out a.gmon
	atf_check ./work 4
	mv gmon.out b.gmon
	stream work a.gmon a.st
	stream work b.gmon b.st
	# leaf: 3000 -> 4000 calls, +33.3%
	atf_check -s exit:1 -o empty \
	    -e inline:'gp-diff: leaf: calls 3000 -> 4000 (+33.3%), above +30%\n' \
	    gp-diff -q -c 30 a.st b.st
	atf_check -s exit:0 -o empty -e empty gp-diff -q -c 34 a.st b.st
	atf_check -s exit:0 -e empty gp-diff -q -c 30:1001 a.st b.st
	atf_check -s exit:1 -o empty \
	    -e inline:'gp-diff: leaf: calls 3000 -> 4000 (+33.3%), above +30%\n' \
	    gp-diff -q -c 30:1000 a.st b.st
	atf_check -s exit:0 -e empty gp-diff -q -c 0 -f steady a.st b.st
	atf_check -s exit:1 -o empty \
	    -e inline:'gp-diff: leaf: calls 3000 -> 4000 (+33.3%), above +0%\n' \
	    gp-diff -q -c 0 -f steady -f leaf a.st b.st
	# the other way round: fewer calls pass no limit
	atf_check -s exit:0 -e empty gp-diff -q -c 0 b.st a.st
	# trouble: 2, one line naming the bad limit; an unknown option, the
	# usage
	for a in "-c x" "-c -1" "-s 5:x"; do
		atf_check -s exit:2 -o empty \
		    -e inline:"gp-diff: limit ${a#-? }: expected PERCENT[:MIN], numbers from 0\n" \
		    gp-diff -q $a a.st b.st
	done
	atf_check -s exit:2 -o empty -e match:"^gp-diff: invalid option -- 'z'\$" \
	    -e match:'^usage: gp-diff ' gp-diff -q -z a.st b.st
	atf_check -s exit:2 -o empty -e inline:'gp-diff: nosuch: No such file or directory\n' \
	    gp-diff a.st nosuch
	gmon-cat a.gmon | gp-sym work >sym.st
	atf_check -s exit:2 -o empty \
	    -e inline:'gp-diff: sym.st: no graph layer: give gp-diff streams through gp-arcs\n' \
	    gp-diff sym.st b.st
	printf 'gp-stream\t1\ndfunc\tx\t\ton\t1\t1\t0\t0\t0\t0\n' >bad.st
	atf_check -s exit:1 -o empty -e match:'^gp-fmt: bad.st:2: dfunc: no diff record before it$' \
	    gp-fmt bad.st
	atf_check -s exit:2 -o empty -e match:'^usage: ' gp-diff a.st
	# a name no function has would pass any gate: trouble
	atf_check -s exit:2 -o empty \
	    -e inline:'gp-diff: -f nosuch: no function of that name in a.st or b.st\n' \
	    gp-diff -q -c 0 -f nosuch a.st b.st
}

atf_test_case copies
copies_head()
{
	atf_set "descr" "Static functions of one name and file (the copies" \
	    "of a header's static inline function in each file calling it)" \
	    "are one function: summed, whichever copy took longer (they" \
	    "were paired at random, and the gate failed on two runs with" \
	    "the same calls)"
	atf_set "require.progs" "cc"
}
copies_body()
{
	# hop in x/u.c and in y/u.c: one key, as the copies of a static
	# inline function of a header are (gawk's assoc_set in awk.h)
	mkdir x y
	for d in x y; do
		n=10
		[ $d = y ] && n=1000
		cat >$d/u.c <<SRC
static volatile long sink;

static void
hop(long n)
{
	long i;

	for (i = 0; i < n; i++)
		sink += i;
}

void
f$d(long n)
{
	int j;

	for (j = 0; j < $n; j++)
		hop(n);
}
SRC
	done
	cat >m.c <<'SRC'
void	fx(long);
void	fy(long);

int
main(int argc, char *argv[])
{
	int a = argc > 1 && argv[1][0] == 'a';

	fx(a ? 20000000 : 10);
	fy(a ? 10 : 200000);
	return 0;
}
SRC
	pgbuild p -g -O0 "$PWD/x/u.c" "$PWD/y/u.c" m.c
	atf_check ./p a
	mv gmon.out a.gmon
	atf_check ./p b
	mv gmon.out b.gmon
	stream p a.gmon a.st
	stream p b.gmon b.st
	# a's copy the dearer in the first run, b's in the second
	atf_check -s exit:0 -o empty -e empty gp-diff -q -c 0:1 a.st b.st
	atf_check -s exit:0 -o empty -e empty gp-diff -q -c 0:1 b.st a.st
	gp-diff a.st b.st > d.st
	atf_check -o inline:'hop\tu.c\t1010\t1010\n' \
	    awk -F '\t' '$1 == "dfunc" && $2 == "hop" { print $2 "\t" $3 "\t" $5 "\t" $6 }' d.st
}

atf_test_case flame
flame_head()
{
	atf_set "descr" "svg of a gp-diff stream: the new profile's flame graph, red where self time grew, blue where it shrank, the numbers in the titles"
	atf_set "require.progs" "cc xmllint"
}
flame_body()
{
	pgbuild work -O0 "$src/work.c"
	atf_check ./work 16
	mv gmon.out a.gmon
	atf_check ./work 60
	mv gmon.out b.gmon
	stream work a.gmon a.st
	stream work b.gmon b.st
	# fill of the frame of function $1 in svg $2: "r g b" in decimal
	fill() {
		tr '\n' ' ' <"$2" | grep -o "<g[^>]*><title>$1 ([^<]*</title><rect [^>]*fill=\"#[0-9a-f]*\"" |
		    head -n 1 | sed 's/.*fill="#\(..\)\(..\)\(..\)"/\1 \2 \3/' |
		    while read r g b; do
			echo $((0x$r)) $((0x$g)) $((0x$b))
		    done
	}
	gp-diff a.st b.st | gp-fmt -o svg >up.svg || atf_fail "svg failed"
	gp-diff b.st a.st | gp-fmt -o svg >down.svg || atf_fail "svg failed"
	atf_check xmllint --noout up.svg
	atf_check xmllint --noout down.svg
	atf_check -o match:'^<title>extra \([0-9.]+ seconds, [0-9.]+%\); calls 16 -> 60, self ' \
	    grep -o '<title>extra [^<]*' up.svg
	for f in extra leaf; do
		set -- $(fill $f up.svg)
		[ $# -eq 3 ] && [ $1 -eq 255 ] && [ $2 -lt 200 ] ||
		    atf_fail "$f did not grow red: $*"
		set -- $(fill $f down.svg)
		[ $# -eq 3 ] && [ $3 -eq 255 ] && [ $1 -lt 200 ] ||
		    atf_fail "$f did not shrink blue: $*"
	done
	# the same stream without gp-diff: the ordinary warm colours
	gp-fmt -o svg b.st >plain.svg || atf_fail "svg failed"
	atf_check -s exit:1 grep -q 'Differential' plain.svg
}

atf_init_test_cases()
{
	atf_add_test_case dirs
	atf_add_test_case flame
	atf_add_test_case runs
	atf_add_test_case builds
	atf_add_test_case clones
	atf_add_test_case gate
	atf_add_test_case copies
}
