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
# Rates are in MB/s (10^6 bytes) of the input of each command.
# gmon-cat is the one in PATH, or $GMONCAT.

set -e

top=$(cd "$(dirname "$0")/../.." && pwd)
nbins=${1:-20000000}
narcs=${2:-3000000}
gmoncat=${GMONCAT:-gmon-cat}
cc=${CC:-cc}
dir=$(mktemp -d "${TMPDIR:-/tmp}/gmon-bench.XXXXXX")
trap 'rm -rf "$dir"' EXIT

$cc -O2 -o "$dir/mkbig" "$top/share/bench/gmon-mkbig.c"
$cc -O2 -D_GNU_SOURCE -I"$top/libgp" -o "$dir/streamread" \
    "$top/share/bench/gmon-streamread.c" "$top/libgp/stream.c" -lm
"$dir/mkbig" "$dir/big.out" "$nbins" "$narcs"
"$gmoncat" "$dir/big.out" > "$dir/big.st"

now()
{
	date +%s.%N
}

# best CMD...: the shortest of three runs of CMD, in seconds.
best()
{
	b=
	for i in 1 2 3; do
		t0=$(now)
		"$@"
		t1=$(now)
		b=$(echo "$t0 $t1 $b" | awk '{ t = $2 - $1;
		    if ($3 != "" && $3 < t) t = $3; printf "%.4f", t }')
	done
	echo "$b"
}

size()
{
	wc -c < "$1"
}

row()
{
	# row NAME BYTES SECONDS
	awk -v n="$1" -v b="$2" -v t="$3" 'BEGIN {
	    printf "%-26s %8.1f MB %8.3f s %9.1f MB/s\n", n, b / 1e6, t,
	    b / 1e6 / t }'
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

row "cat gmon.out" "$bin" "$t_cat"
row "gmon-cat gmon.out" "$bin" "$t_gc"
row "gmon-cat -o (stream in)" "$st" "$t_gw"
row "gmon-cat gmon.out gmon.out" "$((2 * bin))" "$t_sum"
row "wc -l stream" "$st" "$t_wc"
row "gmon-streamread stream" "$st" "$t_sr"
awk -v a="$t_gc" -v b="$t_cat" -v c="$t_sr" -v d="$t_wc" 'BEGIN {
    printf "gmon-cat takes %.1f x the time of cat; the stream reader %.1f x" \
    " the time of wc -l\n", a / b, c / d }'
