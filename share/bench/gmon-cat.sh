#!/bin/sh
#
# gmon-cat.sh: throughput of gmon-cat(1) and of the gp-stream(5) reader on
# a large profile, with cat(1) and wc(1) side by side as the reference.
#
# usage: sh share/bench/gmon-cat.sh [nbins [narcs]]
#
# Makes (in $TMPDIR) a GNU gmon.out with a histogram of nbins bins
# (default 20 million: 40 MB, three quarters nonzero) and narcs arcs
# (default 3 million: 63 MB), then times, best of three runs each:
#	cat			the file to /dev/null (reading it at all)
#	gmon-cat		the file to its stream
#	gmon-cat -o		the stream back to a gmon.out file
#	gmon-cat f f		two files added up
#	wc -l			the stream (reading text at all)
#	gmon-streamread		the stream through gp_read and gp_f* accessors
# Rates are in MB/s (10^6 bytes) of the input of each command, by
# wall-clock time and by CPU time (user + system; cat and wc are too fast
# for the CPU time's 10 ms resolution).  Needs /usr/bin/time.
# gmon-cat is the one in PATH, or $GMONCAT; gmon-streamread is linked
# with the built libgp.a (obj/libgp/libgp.a, or $LIBGP).

set -e

top=$(cd "$(dirname "$0")/../.." && pwd)
nbins=${1:-20000000}
narcs=${2:-3000000}
gmoncat=${GMONCAT:-gmon-cat}
cc=${CC:-cc}
libgp=${LIBGP:-$top/obj/libgp/libgp.a}
if [ ! -f "$libgp" ]; then
	echo "gmon-cat.sh: no $libgp: build gptools first (with the same" \
	    "MAKEOBJDIRPREFIX), or set LIBGP" >&2
	exit 1
fi
dir=$(mktemp -d "${TMPDIR:-/tmp}/gmon-bench.XXXXXX")
trap 'rm -rf "$dir"' EXIT

$cc -O2 -o "$dir/mkbig" "$top/share/bench/gmon-mkbig.c"
$cc -O2 -D_GNU_SOURCE -I"$top/libgp" -o "$dir/streamread" \
    "$top/share/bench/gmon-streamread.c" "$libgp" -lm
"$dir/mkbig" "$dir/big.out" "$nbins" "$narcs"
"$gmoncat" "$dir/big.out" > "$dir/big.st"

# best CMD...: the shortest wall-clock and CPU (user + system) times of
# three runs of CMD, in seconds: "wall cpu".  The CPU time does not
# depend on what else the machine is doing.
best()
{
	bw=
	bc=
	for i in 1 2 3; do
		/usr/bin/time -f '%e %U %S' -o "$dir/time" "$@"
		read w u s < "$dir/time"
		bw=$(echo "$w $bw" | awk '{ print ($2 != "" && $2 < $1) ? $2 : $1 }')
		bc=$(echo "$u $s $bc" | awk '{ t = $1 + $2;
		    print ($3 != "" && $3 < t) ? $3 : t }')
	done
	echo "$bw $bc"
}

size()
{
	wc -c < "$1"
}

row()
{
	# row NAME BYTES "WALL CPU"
	set -- "$1" "$2" $3
	awk -v n="$1" -v b="$2" -v w="$3" -v c="$4" 'BEGIN {
	    if (w < 0.001) w = 0.001; if (c < 0.001) c = 0.001;
	    printf "%-26s %7.1f MB %7.2f s %8.1f MB/s %7.2f s %8.1f MB/s\n",
	    n, b / 1e6, w, b / 1e6 / w, c, b / 1e6 / c }'
}

bin=$(size "$dir/big.out")
st=$(size "$dir/big.st")
echo "gmon.out: $nbins bins, $narcs arcs, $(awk -v b="$bin" \
    'BEGIN { printf "%.1f", b / 1e6 }') MB; stream $(awk -v b="$st" \
    'BEGIN { printf "%.1f", b / 1e6 }') MB"

t_cat=$(best sh -c 'cat "$1" > /dev/null' sh "$dir/big.out")
t_gc=$(best sh -c '"$1" "$2" > /dev/null' sh "$gmoncat" "$dir/big.out")
t_gw=$(best "$gmoncat" -o "$dir/back.out" "$dir/big.st")
cmp "$dir/back.out" "$dir/big.out"
t_sum=$(best sh -c '"$1" "$2" "$2" > /dev/null' sh "$gmoncat" \
    "$dir/big.out")
t_wc=$(best sh -c 'wc -l < "$1" > /dev/null' sh "$dir/big.st")
t_sr=$(best sh -c '"$1" "$2" > /dev/null' sh "$dir/streamread" \
    "$dir/big.st")

printf "%-26s %10s %7s %13s %7s %13s\n" "" input wall "" cpu ""
row "cat gmon.out" "$bin" "$t_cat"
row "gmon-cat gmon.out" "$bin" "$t_gc"
row "gmon-cat -o (stream in)" "$st" "$t_gw"
row "gmon-cat gmon.out gmon.out" "$((2 * bin))" "$t_sum"
row "wc -l stream" "$st" "$t_wc"
row "gmon-streamread stream" "$st" "$t_sr"
