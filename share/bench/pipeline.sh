#!/bin/sh
#
# pipeline.sh [-n runs] [-a arcs] [-h samples] [-f functions] [file]
#
# Times, side by side in one run, GNU gprof and the gptools pipeline
#
#	gmon-cat gmon.out | gp-sym FILE | gp-hist | gp-arcs | gp-fmt
#
# on synthetic profiles of FILE, checks that both print the same bytes,
# and prints the ratios.  The profiles (share/bench/gmongen.c) have arcs
# (default 200000) between a random choice of functions (default 5000)
# and histogram samples (default 500000) in them:
#
#	uniform	every arc to any function: one cycle holds nearly all the
#		functions, and gprof's cycle handling (an insertion sort
#		of each cycle's members, lists walked from the head) takes
#		seconds;
#	layered	calls go down the layers of a random ranking, with a few
#		short calls back up (small cycles) and recursive calls:
#		the shape of most programs.
#
# FILE is an executable or library with many functions; by default a C
# program of 8000 functions generated here (share/bench/genprog.awk).  The
# best wall time of the runs (default 3) counts.  The tools come from
# PATH; gprof must be GNU gprof.  Also printed: the pipeline without
# gp-hist (gp-arcs credits the histogram itself) and each stage's CPU time
# on the stream the stage before it wrote, and the ratio of CPU times (on
# a loaded machine, wall times swing more than CPU times).

set -e

runs=3 arcs=200000 samples=500000 funcs=5000
while getopts a:f:h:n: ch; do
	case $ch in
	a)	arcs=$OPTARG ;;
	f)	funcs=$OPTARG ;;
	h)	samples=$OPTARG ;;
	n)	runs=$OPTARG ;;
	*)	echo "usage: pipeline.sh [-n runs] [-a arcs] [-h samples]" \
		    "[-f functions] [file]" >&2
		exit 1 ;;
	esac
done
shift $((OPTIND - 1))

bench=$(cd "$(dirname "$0")" && pwd)
for t in gprof gmon-cat gp-sym gp-hist gp-arcs gp-fmt cc nm objdump perl; do
	command -v $t >/dev/null ||
	    { echo "pipeline.sh: no $t in PATH" >&2; exit 1; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/gp-pipeline-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

cc -O2 -o "$work/gmongen" "$bench/gmongen.c"
file=$1
if [ -z "$file" ]; then
	awk -v n=8000 -f "$bench/genprog.awk" >"$work/big.c"
	cc -O0 -o "$work/big" "$work/big.c"
	file=$work/big
fi
set -- $(objdump -h "$file" | awk '$2 == ".text" { print $4, $3 }')
[ $# = 2 ] || { echo "pipeline.sh: $file has no .text" >&2; exit 1; }
lo=$1
hi=$(printf '%x' $((0x$1 + 0x$2)))

# best CMD: the best wall time of $runs runs of CMD, in seconds.
best()
{
	perl -MTime::HiRes=time -e '
		my $runs = shift;
		my $best;
		for (1 .. $runs) {
			my $t = time;
			system(@ARGV) == 0 or die "failed: @ARGV\n";
			$t = time - $t;
			$best = $t if !defined $best || $t < $best;
		}
		printf "%.3f\n", $best;
	' "$runs" sh -c "$*"
}

# cpu CMD: the user and system time of one run of CMD, in seconds.
cpu()
{
	perl -e '
		system(@ARGV) == 0 or die "failed: @ARGV\n";
		my @t = times;
		printf "%.3f\n", $t[2] + $t[3];
	' sh -c "$*"
}

size=$(wc -c <"$file")
echo "file:     $file ($((size / 1024)) KiB)"
echo "profiles: $arcs arcs, $samples samples, $funcs functions; best of" \
    "$runs runs"
echo

for shape in uniform layered; do
	g=$work/$shape.gmon
	opt=
	[ $shape = uniform ] && opt=-u
	nm -n -S --defined-only "$file" |
	    "$work/gmongen" $opt -s 1 -a "$arcs" -h "$samples" -f "$funcs" \
	    "$lo" "$hi" >"$g"

	gprof "$file" "$g" >"$work/gprof.out"
	gmon-cat "$g" | gp-sym "$file" | gp-hist | gp-arcs | gp-fmt \
	    >"$work/pipe.out"
	gmon-cat "$g" | gp-sym "$file" | gp-arcs | gp-fmt >"$work/short.out"
	same=identical
	cmp -s "$work/gprof.out" "$work/pipe.out" || same=DIFFERENT
	cmp -s "$work/gprof.out" "$work/short.out" || same="$same, short DIFFERENT"

	tg=$(best "gprof '$file' '$g' >/dev/null")
	tp=$(best "gmon-cat '$g' | gp-sym '$file' | gp-hist | gp-arcs |" \
	    "gp-fmt >/dev/null")
	ts=$(best "gmon-cat '$g' | gp-sym '$file' | gp-arcs | gp-fmt" \
	    ">/dev/null")

	# each stage on its input, saved
	gmon-cat "$g" >"$work/s1"
	gp-sym "$file" <"$work/s1" >"$work/s2"
	gp-hist <"$work/s2" >"$work/s3"
	gp-arcs <"$work/s3" >"$work/s4"
	c1=$(cpu "gmon-cat '$g' >/dev/null")
	c2=$(cpu "gp-sym '$file' <'$work/s1' >/dev/null")
	c3=$(cpu "gp-hist <'$work/s2' >/dev/null")
	c4=$(cpu "gp-arcs <'$work/s3' >/dev/null")
	c5=$(cpu "gp-fmt <'$work/s4' >/dev/null")
	cg=$(cpu "gprof '$file' '$g' >/dev/null")
	ncyc=$(awk -F '\t' '$1 == "graph" { print $3 }' "$work/s4")
	nmem=$(awk -F '\t' '$1 == "node" && $3 != "" && $4 != 0' \
	    "$work/s4" | wc -l)
	echo "$shape: $ncyc cycles, $nmem functions in cycles;" \
	    "output $same ($(wc -c <"$work/gprof.out") bytes)"
	printf '  gprof                          %8.3f s\n' "$tg"
	printf '  gmon-cat|gp-sym|gp-hist|gp-arcs|gp-fmt %8.3f s\n' "$tp"
	printf '  gmon-cat|gp-sym|gp-arcs|gp-fmt %8.3f s\n' "$ts"
	awk -v g="$tg" -v p="$tp" -v s="$ts" 'BEGIN {
		printf "  ratio gprof / pipeline:        %8.1f\n", g / p
		printf "  ratio gprof / short pipeline:  %8.1f\n", g / s
	}'
	printf '  CPU: gprof %.3f s; gmon-cat %.3f, gp-sym %.3f, gp-hist %.3f,' \
	    "$cg" "$c1" "$c2" "$c3"
	printf ' gp-arcs %.3f, gp-fmt %.3f s\n' "$c4" "$c5"
	awk -v g="$cg" -v a="$c1" -v b="$c2" -v c="$c3" -v d="$c4" -v e="$c5" \
	    'BEGIN { t = a + b + c + d + e; if (t <= 0) t = 0.001
		printf "  ratio gprof CPU / pipeline CPU: %7.1f\n", g / t }'
	printf '  stream sizes: raw %d, +sym %d, +credit %d, +graph %d bytes\n' \
	    $(wc -c <"$work/s1") $(wc -c <"$work/s2") $(wc -c <"$work/s3") \
	    $(wc -c <"$work/s4")
	echo
done
