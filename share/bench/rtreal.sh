#!/bin/sh
#
# rtreal.sh [-n runs] [prefix]
#
# libgprt's cost per hooked call on a real interpreter built with -O2,
# side by side in one run: lua 5.4 from the real-world corpus of the test
# suite (tests/realworld/corpus.sh), running its test workload
# (tests/realworld/work.lua), built with gcc and with clang, each
#
#	plain	-O2, not instrumented;
#	libgprt	-O2 -finstrument-functions, linked with libgprt (prefix, by
#		default $GP_STAGE, else /usr/local), sampling at 100 Hz;
#	floor	the same objects with hooks that only read the time-stamp
#		counter, twice a call: what any hooks measuring each call
#		must pay (x86 only).
#
# Each build runs `runs' times (default 5), the builds taking turns; the
# best CPU time (user + system, wait4) counts.  The cost per call of a
# build is its time minus plain's over the hooked calls (inlined ones
# included: both hooked builds make them all), from a libgprt run's
# companion file.  Printed: the costs and the ratio libgprt / floor.

set -e
runs=5
while getopts n: ch; do
	case $ch in
	n)	runs=$OPTARG ;;
	*)	echo "usage: rtreal.sh [-n runs] [prefix]" >&2; exit 1 ;;
	esac
done
shift $((OPTIND - 1))
prefix=${1:-${GP_STAGE:-/usr/local}}
bench=$(cd "$(dirname "$0")" && pwd)
rw=$bench/../../tests/realworld
sh "$rw/corpus.sh" lua:plain-O2 lua:fi-O2 lua:plain-clang-O2 \
    lua:fi-clang-O2 || exit 1
bin=$(sh "$rw/corpus.sh" -n)
obj=${bin%/bin.*}/obj.${bin##*/bin.}

dir=$(mktemp -d "${TMPDIR:-/tmp}/rtreal-bench.XXXXXX")
trap 'rm -rf "$dir"' EXIT
cd "$dir"
cc -O2 -o tstat "$bench/tstat.c"
cc -O2 -c -o floor.o "$bench/floor.c"

printf '%-6s %10s %10s %10s %12s %9s %9s %7s\n' cc plain libgprt floor \
    calls "rt ns" "floor ns" ratio
for c in gcc clang; do
	case $c in
	gcc)	p=plain-O2 f=fi-O2 ;;
	clang)	p=plain-clang-O2 f=fi-clang-O2 ;;
	esac
	libs=$(cat "$obj/lua-$f/libs")
	cc -o rt "$obj/lua-$f"/*.o $libs -L"$prefix/lib" -lgprt \
	    -Wl,-rpath,"$prefix/lib"
	cc -o floor "$obj/lua-$f"/*.o floor.o $libs
	cp "$bin/lua-$p" plain
	rm -f gmon.out*
	./rt "$rw/work.lua" >/dev/null
	calls=$("$prefix/bin/gprt-dump" -m gmon.out.gprt |
	    awk -F '\t' '$1 == "marc" { n += $7 } END { print n }')
	: >times
	i=0
	while [ $i -lt "$runs" ]; do
		for b in plain rt floor; do
			set -- $(./tstat "./$b $rw/work.lua >/dev/null")
			echo "$b $3" >>times
		done
		i=$((i + 1))
	done
	set -- $(awk '!($1 in m) || $2 < m[$1] { m[$1] = $2 }
	    END { print m["plain"], m["rt"], m["floor"] }' times)
	bp=$1 br=$2 bf=$3
	echo "$c $bp $br $bf $calls" | awk '{
		rt = ($3 - $2) / $5 * 1e9; fl = ($4 - $2) / $5 * 1e9
		printf "%-6s %10.3f %10.3f %10.3f %12d %9.2f %9.2f %7.2f\n",
		    $1, $2, $3, $4, $5, rt, fl, (fl > 0 ? rt / fl : 0) }'
done
