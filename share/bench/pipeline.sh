#!/bin/sh
#
# pipeline.sh [-n runs] [-a arcs] [-h samples] [-f functions] [-s sizes]
#             [-m runs] [file]
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
# gp-hist (gp-arcs credits the histogram itself), each stage's CPU time
# and largest resident set on the stream the stage before it wrote, and
# the ratio of CPU times (on a loaded machine, wall times swing more than
# CPU times).  Times and memory come from share/bench/tstat.c (wait4).
#
# Scaling: the same at each number of arcs in sizes (default "50000
# 100000 200000 400000"; -s "" skips it), gprof once and the pipeline
# best of runs, with the time per arc, the time per arc added since the
# size before, and the largest resident set of gprof and of each stage.
#
# Small profiles: share/examples/demo/demo.c and tests/progs/recurse.c,
# compiled with cc -pg and run; gprof and the pipeline, best and median
# wall time of -m runs (default 100), with the floor under any pipeline of
# five processes on this machine: a C program that does nothing, alone
# and five of them joined by pipes.

set -e

runs=3 arcs=200000 samples=500000 funcs=5000 small=100
sizes="50000 100000 200000 400000"
while getopts a:f:h:m:n:s: ch; do
	case $ch in
	a)	arcs=$OPTARG ;;
	f)	funcs=$OPTARG ;;
	h)	samples=$OPTARG ;;
	m)	small=$OPTARG ;;
	n)	runs=$OPTARG ;;
	s)	sizes=$OPTARG ;;
	*)	echo "usage: pipeline.sh [-n runs] [-a arcs] [-h samples]" \
		    "[-f functions] [-s sizes] [-m runs] [file]" >&2
		exit 1 ;;
	esac
done
shift $((OPTIND - 1))

bench=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$bench/../.." && pwd)
for t in gprof gmon-cat gp-sym gp-hist gp-arcs gp-fmt cc nm objdump; do
	command -v $t >/dev/null ||
	    { echo "pipeline.sh: no $t in PATH" >&2; exit 1; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/gp-pipeline-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

cc -O2 -o "$work/gmongen" "$bench/gmongen.c"
cc -O2 -o "$work/tstat" "$bench/tstat.c"
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

# tstat N CMD: "best median cpu maxrss" of N runs of CMD (tstat.c).
tstat()
{
	"$work/tstat" -n "$@"
}

# gen SHAPE ARCS: the profile $work/SHAPE.ARCS.gmon
gen()
{
	opt=
	[ $1 = uniform ] && opt=-u
	nm -n -S --defined-only "$file" |
	    "$work/gmongen" $opt -s 1 -a "$2" -h "$samples" -f "$funcs" \
	    "$lo" "$hi" >"$work/$1.$2.gmon"
}

# stages GMON: each stage on the stream the one before wrote (s1 .. s4);
# sets c1..c5 (CPU, s) and m1..m5 (largest resident set, KiB).
stages()
{
	gmon-cat "$1" >"$work/s1"
	gp-sym "$file" <"$work/s1" >"$work/s2"
	gp-hist <"$work/s2" >"$work/s3"
	gp-arcs <"$work/s3" >"$work/s4"
	set -- $(tstat "$runs" "gmon-cat '$1' >/dev/null")
	c1=$3 m1=$4
	set -- $(tstat "$runs" "gp-sym '$file' <'$work/s1' >/dev/null")
	c2=$3 m2=$4
	set -- $(tstat "$runs" "gp-hist <'$work/s2' >/dev/null")
	c3=$3 m3=$4
	set -- $(tstat "$runs" "gp-arcs <'$work/s3' >/dev/null")
	c4=$3 m4=$4
	set -- $(tstat "$runs" "gp-fmt <'$work/s4' >/dev/null")
	c5=$3 m5=$4
}

pipe()
{
	echo "gmon-cat '$1' | gp-sym '$file' | gp-hist | gp-arcs | gp-fmt"
}

size=$(wc -c <"$file")
echo "file:     $file ($((size / 1024)) KiB)"
echo "profiles: $arcs arcs, $samples samples, $funcs functions; best of" \
    "$runs runs"
echo

for shape in uniform layered; do
	gen $shape "$arcs"
	g=$work/$shape.$arcs.gmon

	gprof "$file" "$g" >"$work/gprof.out"
	sh -c "$(pipe "$g")" >"$work/pipe.out"
	gmon-cat "$g" | gp-sym "$file" | gp-arcs | gp-fmt >"$work/short.out"
	same=identical
	cmp -s "$work/gprof.out" "$work/pipe.out" || same=DIFFERENT
	cmp -s "$work/gprof.out" "$work/short.out" || same="$same, short DIFFERENT"

	set -- $(tstat "$runs" "gprof '$file' '$g' >/dev/null")
	tg=$1 cg=$3 mg=$4
	set -- $(tstat "$runs" "$(pipe "$g") >/dev/null")
	tp=$1
	set -- $(tstat "$runs" "gmon-cat '$g' | gp-sym '$file' | gp-arcs |\
	    gp-fmt >/dev/null")
	ts=$1

	stages "$g"
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
	printf '  max RSS: gprof %d KiB; gmon-cat %d, gp-sym %d, gp-hist %d,' \
	    "$mg" "$m1" "$m2" "$m3"
	printf ' gp-arcs %d, gp-fmt %d KiB\n' "$m4" "$m5"
	printf '  stream sizes: raw %d, +sym %d, +credit %d, +graph %d bytes\n' \
	    $(wc -c <"$work/s1") $(wc -c <"$work/s2") $(wc -c <"$work/s3") \
	    $(wc -c <"$work/s4")
	echo
done

if [ -n "$sizes" ]; then
	echo "scaling: gprof once, the pipeline best of $runs; us/arc: time" \
	    "per arc, +us/arc:"
	echo "time per arc added since the size before; max RSS in KiB"
	for shape in uniform layered; do
		echo "$shape:"
		echo "     arcs  gprof s  us/arc +us/arc    pipe s  us/arc" \
		    "+us/arc  ratio"
		prev=
		for n in $sizes; do
			gen $shape "$n"
			g=$work/$shape.$n.gmon
			set -- $(tstat 1 "gprof '$file' '$g' >/dev/null")
			tg=$1 mg=$4
			set -- $(tstat "$runs" "$(pipe "$g") >/dev/null")
			tp=$1
			stages "$g"
			awk -v n="$n" -v g="$tg" -v p="$tp" -v prev="$prev" '
			    BEGIN {
				dg = dp = "      -"
				if (prev != "") {
					split(prev, q, " ")
					dg = sprintf("%7.2f",
					    (g - q[2]) / (n - q[1]) * 1e6)
					dp = sprintf("%7.2f",
					    (p - q[3]) / (n - q[1]) * 1e6)
				}
				printf "  %7d %8.3f %7.2f %s  %8.3f %7.2f %s" \
				    " %6.1f\n", n, g, g / n * 1e6, dg, p,
				    p / n * 1e6, dp, g / p
			}'
			printf '           max RSS: gprof %d;' "$mg"
			printf ' gmon-cat %d, gp-sym %d, gp-hist %d,' \
			    "$m1" "$m2" "$m3"
			printf ' gp-arcs %d, gp-fmt %d\n' "$m4" "$m5"
			prev="$n $tg $tp"
			rm -f "$g"
		done
	done
	echo
fi

# Small profiles: real programs, run.
cd "$work"
printf 'int\nmain(void)\n{\n\treturn 0;\n}\n' >nop.c
cc -O2 -o nop nop.c
set -- $(tstat "$small" ./nop)
f1=$1 f1m=$2
set -- $(tstat "$small" "./nop | ./nop | ./nop | ./nop | ./nop")
f5=$1 f5m=$2
echo "small profiles: best (median) wall time of $small runs, in ms"
awk -v a="$f1" -v b="$f1m" -v c="$f5" -v d="$f5m" 'BEGIN {
	printf "  floor: a C program that does nothing %.2f (%.2f);" \
	    " five joined by pipes %.2f (%.2f)\n", a * 1e3, b * 1e3,
	    c * 1e3, d * 1e3 }'
for prog in "$top/share/examples/demo/demo.c" "$top/tests/progs/recurse.c"
do
	p=$(basename "$prog" .c)
	cc -pg -O0 -o "$p" "$prog"
	rm -f gmon.out
	./"$p" >/dev/null
	mv gmon.out "$p.gmon"
	gprof "$p" "$p.gmon" >gprof.out
	small_pipe="gmon-cat $p.gmon | gp-sym $p | gp-hist | gp-arcs | gp-fmt"
	sh -c "$small_pipe" >pipe.out
	same=identical
	cmp -s gprof.out pipe.out || same=DIFFERENT
	set -- $(tstat "$small" "gprof '$p' '$p.gmon' >/dev/null")
	tg=$1 tgm=$2 cg=$3
	set -- $(tstat "$small" "$small_pipe >/dev/null")
	tp=$1 tpm=$2 cp=$3
	echo "  $p.c: output $same ($(wc -c <gprof.out) bytes)"
	awk -v g="$tg" -v gm="$tgm" -v p="$tp" -v pm="$tpm" -v cg="$cg" \
	    -v cp="$cp" -v f1="$f1" -v f5="$f5" 'BEGIN {
		printf "    gprof %.2f (%.2f), pipeline %.2f (%.2f);" \
		    " ratio gprof / pipeline %.2f (%.2f)\n", g * 1e3,
		    gm * 1e3, p * 1e3, pm * 1e3, g / p, gm / pm
		printf "    CPU: gprof %.2f, pipeline %.2f\n", cg * 1e3,
		    cp * 1e3
		printf "    above the floor: gprof %.2f, pipeline %.2f\n",
		    (g - f1) * 1e3, (p - f5) * 1e3
	}'
done
