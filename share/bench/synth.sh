#!/bin/sh
#
# synth.sh [-n runs] [-N bigruns] [-s "arcs ..."] [-S shapes]
#
# The synthetic half of ratios.sh, without the corpus, in one command:
# gp's wall time over GNU gprof's (median of paired runs, share/bench/
# tstat.c -p) on profiles of 1,000, 200,000 and 1,000,000 arcs
# (share/bench/gmongen.c) over a C program of 8,000 functions
# (share/bench/genprog.awk), in pipeline.sh's two shapes, layered and
# uniform, with whether both printed the same bytes; then each stage run
# alone on the stream the stage before wrote: its CPU time, its largest
# resident set, the size of its input (the gmon.out for gmon-cat) and
# the one over the other (issue 30: at most 2.0 on 1,000,000 arcs).
# Runs: -n below 100,000 arcs (default 5), -N from there (default 1,
# gprof takes a minute on the uniform 1,000,000).  gp, the stages and
# gprof come from PATH.

set -e
runs=5 bigruns=1 sizes="1000 200000 1000000" shapes="layered uniform"
while getopts n:N:s:S: ch; do
	case $ch in
	n)	runs=$OPTARG ;;
	N)	bigruns=$OPTARG ;;
	s)	sizes=$OPTARG ;;
	S)	shapes=$OPTARG ;;
	*)	echo "usage: synth.sh [-n runs] [-N bigruns] [-s \"arcs ...\"]" \
		    "[-S shapes]" >&2
		exit 1 ;;
	esac
done

bench=$(cd "$(dirname "$0")" && pwd)
for t in gprof gp gmon-cat gp-sym gp-hist gp-arcs gp-fmt cc nm objdump; do
	command -v $t >/dev/null ||
	    { echo "synth.sh: no $t in PATH" >&2; exit 1; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/gp-synth.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
cc -O2 -o "$work/tstat" "$bench/tstat.c"
cc -O2 -o "$work/gmongen" "$bench/gmongen.c"
cd "$work"
awk -v n=8000 -f "$bench/genprog.awk" >big.c
cc -O0 -o big big.c
set -- $(objdump -h big | awk '$2 == ".text" { print $4, $3 }')
lo=$1 hi=$(printf '%x' $((0x$1 + 0x$2)))

echo "gp over gprof, medians of paired runs ($runs; $bigruns from" \
    "100000 arcs); load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-9s %8s %9s %9s %8s %8s  %s\n' shape arcs gp gprof wall cpu same
for shape in $shapes; do
	u=
	[ $shape = uniform ] && u=-u
	for a in $sizes; do
		nm -n -S --defined-only big |
		    ./gmongen $u -s 1 -a "$a" -h 500000 -f 5000 \
		    "$lo" "$hi" >"$shape.$a.gmon"
		r=$runs
		[ "$a" -ge 100000 ] && r=$bigruns
		gprof big "$shape.$a.gmon" >g.out 2>g.err || true
		gp big "$shape.$a.gmon" >p.out 2>/dev/null || true
		same=yes
		cmp -s g.out p.out || same=no
		grep -q 'somebody miscounted' g.err && same=stop
		set -- $(./tstat -n "$r" -p \
		    "gp big '$shape.$a.gmon' >/dev/null 2>&1 || true" \
		    "gprof big '$shape.$a.gmon' >/dev/null 2>&1 || true")
		printf '%-9s %8s %8.3fs %8.3fs %8s %8s  %s\n' $shape $a \
		    "$3" "$4" "$1" "$2" $same
	done
done
rm -f g.out p.out g.err

echo
echo "each stage alone: CPU, largest resident set, input, peak / input;" \
    "load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-9s %8s %-9s %7s %9s %9s %6s\n' shape arcs stage cpu peak input \
    ratio
for shape in $shapes; do
	for a in $sizes; do
		gmon-cat "$shape.$a.gmon" >s1
		gp-sym big <s1 >s2
		gp-hist <s2 >s3
		gp-arcs <s3 >s4
		i=0
		for st in "gmon-cat $shape.$a.gmon" "gp-sym big <s1" \
		    "gp-hist <s2" "gp-arcs <s3" "gp-fmt <s4"; do
			if [ $i = 0 ]; then
				in=$(wc -c <"$shape.$a.gmon")
			else
				in=$(wc -c <s$i)
			fi
			set -- $(./tstat "$st >/dev/null")
			printf '%-9s %8s %-9s %6.2fs %8.1fM %8.1fM %6.2f\n' \
			    $shape $a "${st%% *}" "$3" "$(echo "$4" |
			    awk '{ print $1 / 1024 }')" "$(echo "$in" |
			    awk '{ print $1 / 1048576 }')" "$(echo "$4 $in" |
			    awk '{ print $1 * 1024 / $2 }')"
			i=$((i + 1))
		done
	done
done
