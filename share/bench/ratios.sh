#!/bin/sh
#
# ratios.sh [-m] [-n runs] [-N bigruns] [-s "arcs ..."] [build ...]
#
# gp's time over GNU gprof's, side by side in one run, each the median
# over paired runs (share/bench/tstat.c -p: gp, gprof, gp, gprof, ...,
# the ratio taken pair by pair), on
#
#	every -pg build of the real-world corpus (tests/realworld/corpus.sh,
#	built into its cache), with no option, -b -q, -b -l -p and -A;
#	synthetic profiles (share/bench/gmongen.c) of 1,000, 200,000 and
#	1,000,000 arcs over a C program of 8,000 functions (share/bench/
#	genprog.awk), in both of pipeline.sh's shapes: layered (the shape
#	of most programs) and uniform (one cycle of nearly every function,
#	where gprof's cycle handling takes its time);
#
# whether both printed the same bytes ("stop": gprof stopped on its
# miscount, gp(1) CAVEATS); the floor, the same ratio for a C program
# that does nothing but start and exit (linked with the C library
# alone), which no command run by exec can go under; and for each synthetic profile each stage's
# share of the stages' CPU time (layered shape), run one by one on the
# stream the stage before wrote, with each stage's largest resident set over the size of
# its input stream.  Runs: -n for the corpus (default 5), -N where gprof
# takes seconds (sqlite3's -l and -A, the synthetic 200,000 and more;
# default 1).  -m prints the tables in Markdown, as README.md has them.
# gp, the stages and gprof come from PATH.

set -e
runs=5 bigruns=1 md=0 sizes="1000 200000 1000000"
while getopts mn:N:s: ch; do
	case $ch in
	m)	md=1 ;;
	n)	runs=$OPTARG ;;
	N)	bigruns=$OPTARG ;;
	s)	sizes=$OPTARG ;;
	*)	echo "usage: ratios.sh [-m] [-n runs] [-N bigruns]" \
		    "[-s \"arcs ...\"] [build ...]" >&2
		exit 1 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- bzip2:pg-O0 bzip2:pg-O2 bzip2:pg-clang-O1 \
    lua:pg-O0 lua:pg-O2 lua:pg-clang-O1 lz4:pg-O2 minigzip:pg-O2-nog \
    ninja:pg-O2 sqlite3:pg-O2 tinyxml2:pg-O2 tinyxml2:pg-clang-O1

bench=$(cd "$(dirname "$0")" && pwd)
rw=$bench/../../tests/realworld
for t in gprof gp gmon-cat gp-sym gp-hist gp-arcs gp-fmt cc nm objdump; do
	command -v $t >/dev/null ||
	    { echo "ratios.sh: no $t in PATH" >&2; exit 1; }
done
sh "$rw/corpus.sh" "$@" || exit 1
bin=$(sh "$rw/corpus.sh" -n)

work=$(mktemp -d "${TMPDIR:-/tmp}/gp-ratios.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
cc -O2 -o "$work/tstat" "$bench/tstat.c"
cc -O2 -o "$work/gmongen" "$bench/gmongen.c"
echo 'int main(void) { return 0; }' >"$work/nothing.c"
cc -O2 -o "$work/nothing" "$work/nothing.c"
cd "$work"
. "$bench/corpuswork.sh"

# row NAME OPTIONS RATIO CPURATIO FLOOR SAME
row()
{
	if [ $md = 1 ]; then
		printf '| %s | %s | %s | %s | %s | %s |\n' "$1" "$2" "$3" "$4" \
		    "$5" "$6"
	else
		printf '%-26s %-10s %8s %8s %8s  %s\n' "$1" "$2" "$3" "$4" \
		    "$5" "$6"
	fi
}

# pair N NAME OPTIONS IMAGE GMON: gp and gprof on one case, one row
pair()
{
	n=$1 name=$2 o=$3 img=$4 g=$5
	gprof $o "$img" "$g" >g.out 2>g.err || true
	gp $o "$img" "$g" >p.out 2>/dev/null || true
	same=yes
	cmp -s g.out p.out || same=no
	grep -q 'somebody miscounted' g.err && same=stop
	set -- $("$work/tstat" -n "$n" -p \
	    "gp $o '$img' '$g' >/dev/null 2>&1 || true" \
	    "gprof $o '$img' '$g' >/dev/null 2>&1 || true")
	wall=$1 cpu=$2 floor=-
	# the floor: a program that does nothing, over gprof (not where
	# gprof takes seconds: it is nothing there)
	[ "$n" = "$runs" ] &&
	    floor=$("$work/tstat" -n "$n" -p "'$work/nothing' >/dev/null 2>&1" \
	    "gprof $o '$img' '$g' >/dev/null 2>&1 || true" | cut -d' ' -f1)
	row "$name" "${o:-none}" "$wall" "$cpu" "$floor" "$same"
}

if [ $md = 1 ]; then
	echo "| build | options | gp/gprof wall | gp/gprof CPU | floor | same |"
	echo "| --- | --- | ---: | ---: | ---: | --- |"
else
	echo "gp over gprof, medians of paired runs ($runs; $bigruns where" \
	    "gprof takes seconds); floor: a program that does nothing"
	row case options wall cpu floor same
fi
for b; do
	n=${b%%:*} p=$bin/$n-${b#*:}
	workload "$n" "$p"
	mv gmon.out "$n.gmon"
	for o in "" "-b -q" "-b -l -p" "-A"; do
		r=$runs
		case "$n:$o" in
		sqlite3:*-l*|sqlite3:-A) r=$bigruns ;;	# gprof: a minute
		esac
		pair "$r" "$b" "$o" "$p" "$n.gmon"
	done
done

# The synthetic profiles.
awk -v n=8000 -f "$bench/genprog.awk" >big.c
cc -O0 -o big big.c
set -- $(objdump -h big | awk '$2 == ".text" { print $4, $3 }')
lo=$1 hi=$(printf '%x' $((0x$1 + 0x$2)))
for shape in layered uniform; do
	u=
	[ $shape = uniform ] && u=-u
	for a in $sizes; do
		nm -n -S --defined-only big |
		    "$work/gmongen" $u -s 1 -a "$a" -h 500000 -f 5000 \
		    "$lo" "$hi" >"$shape.$a.gmon"
		r=$runs
		[ "$a" -ge 100000 ] && r=$bigruns
		pair "$r" "$shape $a arcs" "" big "$shape.$a.gmon"
	done
done

# Each stage's share of the CPU time, and its peak over its input.
echo
if [ $md = 1 ]; then
	echo "| arcs | gmon-cat | gp-sym | gp-hist | gp-arcs | gp-fmt |"
	echo "| ---: | ---: | ---: | ---: | ---: | ---: |"
else
	echo "each stage: share of the stages' CPU time, largest resident" \
	    "set / input stream"
fi
for a in $sizes; do
	gmon-cat "layered.$a.gmon" >s1
	gp-sym big <s1 >s2
	gp-hist <s2 >s3
	gp-arcs <s3 >s4
	in0=$(wc -c <"layered.$a.gmon")
	set -- $("$work/tstat" "gmon-cat layered.$a.gmon >/dev/null")
	c1=$3 m1=$4
	set -- $("$work/tstat" "gp-sym big <s1 >/dev/null")
	c2=$3 m2=$4
	set -- $("$work/tstat" "gp-hist <s2 >/dev/null")
	c3=$3 m3=$4
	set -- $("$work/tstat" "gp-arcs <s3 >/dev/null")
	c4=$3 m4=$4
	set -- $("$work/tstat" "gp-fmt <s4 >/dev/null")
	c5=$3 m5=$4
	echo "$a $md $c1 $c2 $c3 $c4 $c5 $m1 $m2 $m3 $m4 $m5 $in0" \
	    "$(wc -c <s1) $(wc -c <s2) $(wc -c <s3) $(wc -c <s4)" | awk '{
		t = $3 + $4 + $5 + $6 + $7
		s = ""
		for (i = 0; i < 5; i++) {
			c = sprintf("%.0f%% (%.1fx)", t > 0 ? 100 * $(3 + i) / t : 0,
			    $(8 + i) * 1024 / $(13 + i))
			s = s ($2 ? " | " c : sprintf(" %-14s", c))
		}
		if ($2)
			printf "| %s%s |\n", $1, s
		else
			printf "%-8s%s\n", $1, s
	}'
done
