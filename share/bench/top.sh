#!/bin/sh
#
# top.sh [-n runs] [-r reps] [prefix]
#
# What gp-top(1) watching a program costs the program, side by side in
# one run: lua 5.4 from the real-world corpus of the test suite
# (tests/realworld/corpus.sh), built with gcc -O2 -finstrument-functions
# and linked with libgprt (prefix, by default $GP_STAGE, else
# /usr/local), sampling at 100 Hz, running the suite's lua workload
# (tests/realworld/work.lua) `reps' times over (default 2), either
#
#	alone	libgprt alone;
#	watched	the same, with
#		gp-top -b -n 100000 -d 1 -p PID >/dev/null
#		attached from the moment its companion file exists until it
#		ends (gp-top stops when the program does);
#	neighbor the control: libgprt alone, with share/bench/neighbor.c
#		beside it taking as much CPU time a second as gp-top did
#		in the watched runs so far, on memory of its own: what any
#		process beside the program costs it through the caches and
#		power budget the machine's processors share.
#
# Each runs `runs' times (default 7), the three taking turns, each round
# starting with the next (rotate.sh).  A run's CPU time is the
# program's alone (user + system, wait4), gp-top's not counted: it runs
# beside it, from prefix/bin; its wall time is the program's too.  Printed:
# the best times of each, then the ratios watched / alone taken round by
# round, each from one turn of the two (median and range): on a shared
# machine whose speed drifts from minute to minute, the two of a round ran
# under the same conditions.  The target (gp-top(1), issue 32): at most
# 1.01, CPU and wall.  On a machine with one free processor gp-top's own
# work (a copy of the file and the pipeline's, once a second) weighs on
# the wall time: its CPU time a snapshot is printed too.

set -e
runs=7
reps=2
while getopts n:r: ch; do
	case $ch in
	n)	runs=$OPTARG ;;
	r)	reps=$OPTARG ;;
	*)	echo "usage: top.sh [-n runs] [-r reps] [prefix]" >&2; exit 1 ;;
	esac
done
shift $((OPTIND - 1))
case $runs$reps in
''|*[!0-9]*)
	echo "top.sh: runs and reps are numbers" >&2
	exit 1 ;;
esac
[ "$runs" -ge 1 ] && [ "$reps" -ge 1 ] || {
	echo "top.sh: at least 1 run and 1 rep" >&2
	exit 1
}
prefix=${1:-${GP_STAGE:-/usr/local}}
bench=$(cd "$(dirname "$0")" && pwd)
. "$bench/rotate.sh"
rw=$bench/../../tests/realworld
sh "$rw/corpus.sh" lua:fi-O2 || exit 1
bin=$(sh "$rw/corpus.sh" -n)
obj=${bin%/bin.*}/obj.${bin##*/bin.}

dir=$(mktemp -d "${TMPDIR:-/tmp}/top-bench.XXXXXX")
trap 'rm -rf "$dir"' EXIT
cd "$dir"
cc -O2 -o tstat "$bench/tstat.c"
cc -O2 -o neighbor "$bench/neighbor.c"
cc -o rt "$obj/lua-fi-O2"/*.o $(cat "$obj/lua-fi-O2/libs") \
    -L"$prefix/lib" -lgprt -Wl,-rpath,"$prefix/lib"
echo "for i = 1, $reps do dofile('$rw/work.lua') end" >long.lua

# run MODE ROUND: one run of the program, watched or alone; appends
# "mode wall cpu round" to times, and gp-top's CPU time to topcpu.
run()
{
	rm -f gmon.out gmon.out.gprt pid t
	# tstat times sh and what it waits for: the program alone
	./tstat "./rt long.lua >/dev/null & echo \$! >pid; wait \$!" >t &
	_t=$!
	while [ ! -s pid ] || [ ! -e gmon.out.gprt ]; do
		sleep 0.01
	done
	if [ "$1" = watched ]; then
		./tstat "exec '$prefix/bin/gp-top' -b -n 100000 -d 1 \
		    -p $(cat pid) >/dev/null" | cut -d ' ' -f 3 >>topcpu
	elif [ "$1" = neighbor ]; then
		# as much CPU a second as gp-top took in the runs so far
		./neighbor "$(awk -v w="$(awk '$1 == "watched" { s += $2 }
		    END { print s + 0 }' times)" '{ s += $1 }
		    END { print (w > 0 ? s / w * 1000 : 15) }' topcpu)" &
		_n=$!
	fi
	wait $_t
	if [ "$1" = neighbor ]; then
		kill $_n
		wait $_n 2>/dev/null || :
	fi
	echo "$1 $(cut -d ' ' -f 1,3 t) $2" >>times
}

: >times
: >topcpu
i=0
while [ $i -lt "$runs" ]; do
	for m in $(rotate $i alone watched neighbor); do
		run $m $i
	done
	i=$((i + 1))
done
awk -v runs="$runs" -v reps="$reps" -v topcpu="$(awk '{ s += $1 }
    END { print s }' topcpu)" '
{ w[$4, $1] = $2; c[$4, $1] = $3 }
!($1 in bw) || $2 < bw[$1] { bw[$1] = $2 }
!($1 in bc) || $3 < bc[$1] { bc[$1] = $3 }
{ sw[$1] += $2 }
END {
	printf "lua -O2 with libgprt, work.lua %d times; best of %d:\n", reps, runs
	printf "%-8s %10s %10s\n", "", "wall s", "cpu s"
	printf "%-8s %10.3f %10.3f\n", "alone", bw["alone"], bc["alone"]
	printf "%-8s %10.3f %10.3f\n", "watched", bw["watched"], bc["watched"]
	printf "%-8s %10.3f %10.3f\n", "neighbor", bw["neighbor"], bc["neighbor"]
	printf "gp-top: %.1f ms of CPU a second watched\n",
	    topcpu / sw["watched"] * 1000
	printf "watched / alone, round by round (target at most 1.01):\n"
	rounds("cpu", c, "watched")
	rounds("wall", w, "watched")
	printf "neighbor / alone, the control:\n"
	rounds("cpu", c, "neighbor")
	rounds("wall", w, "neighbor")
}
function rounds(name, t, m,    i, j, k, r, x) {
	for (i = 0; i < runs; i++) {
		x = t[i, m] / t[i, "alone"]
		for (j = i; j > 0 && r[j - 1] > x; j--)
			r[j] = r[j - 1]
		r[j] = x
	}
	k = int(runs / 2)
	printf "  %-5s median %.4f (%.4f to %.4f)\n", name,
	    runs % 2 ? r[k] : (r[k - 1] + r[k]) / 2, r[0], r[runs - 1]
}' times
