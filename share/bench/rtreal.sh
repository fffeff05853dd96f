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
#	libgprt.a  the same, libgprt linked into the program: no PLT stub
#		in front of the hooks, its thread-local pointer at a fixed
#		offset;
#	floor	the same objects with hooks that only read the time-stamp
#		counter, twice a call: what any hooks measuring each call
#		must pay (x86 only), linked into the program;
#	floor.so  those hooks as a shared library, as libgprt is;
#	noinl	the libgprt build run with GPRT_INLINE=0 (gprt(3)): inlined
#		calls left out, their hooks reading no clock.
#
# Each build runs `runs' times (default 5), the builds taking turns; the
# best CPU time (user + system, wait4) counts.  The cost per call of a
# build is its time minus plain's over the hooked calls (inlined ones
# included: both hooked builds make them all), from a libgprt run's
# companion file.  Printed: the costs, and the ratios of libgprt's to the
# floor's, linked in and shared; then the same ratios taken round by
# round, each from one turn of the builds (median and range): on a
# shared machine whose speed drifts from minute to minute, the builds of
# one round ran under the same conditions.  Each round starts one build
# later (rotate.sh).  noinl's row gives its cost over all the hooked
# calls, as the others', and its time added over libgprt's, round by
# round.

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
. "$bench/rotate.sh"
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
cc -O2 -fPIC -ftls-model=initial-exec -shared -o libfloor.so "$bench/floor.c"

echo "CPU seconds (best of $runs); cost per hooked call over plain in ns;"
echo "ratio: libgprt's cost over the floor's (target 1.15)"
printf '%-6s %-10s %9s %8s %12s %8s %9s\n' cc build seconds ns \
    calls /floor /floor.so
for c in gcc clang; do
	case $c in
	gcc)	p=plain-O2 f=fi-O2 ;;
	clang)	p=plain-clang-O2 f=fi-clang-O2 ;;
	esac
	libs=$(cat "$obj/lua-$f/libs")
	cc -o rt "$obj/lua-$f"/*.o $libs -L"$prefix/lib" -lgprt \
	    -Wl,-rpath,"$prefix/lib"
	cc -o rtstatic "$obj/lua-$f"/*.o "$prefix/lib/libgprt.a" $libs
	cc -o floor "$obj/lua-$f"/*.o floor.o $libs
	cc -o floorso "$obj/lua-$f"/*.o $libs -L. -lfloor -Wl,-rpath,"$dir"
	cp "$bin/lua-$p" plain
	rm -f gmon.out*
	./rt "$rw/work.lua" >/dev/null
	calls=$("$prefix/bin/gprt-dump" -m gmon.out.gprt |
	    awk -F '\t' '$1 == "marc" { n += $7 } END { print n }')
	: >times
	i=0
	while [ $i -lt "$runs" ]; do
		for b in $(rotate $i plain rt rtstatic floor floorso noinl); do
			case $b in
			noinl)	cmd="env GPRT_INLINE=0 ./rt" ;;
			*)	cmd=./$b ;;
			esac
			echo "$b $(./tstat "$cmd $rw/work.lua >/dev/null" |
			    cut -d ' ' -f 3) $i" >>times
		done
		i=$((i + 1))
	done
	awk -v c="$c" -v n="$calls" -v runs="$runs" '
	!($1 in m) || $2 < m[$1] { m[$1] = $2 }
	{ t[$3, $1] = $2 }
	END {
		for (b in m)
			ns[b] = (m[b] - m["plain"]) / n * 1e9
		row("plain", "plain", 0)
		row("libgprt", "rt", 1)
		row("libgprt.a", "rtstatic", 1)
		row("floor", "floor", 0)
		row("floor.so", "floorso", 0)
		row("noinl", "noinl", 0)
		rounds("libgprt / floor", "rt", "floor")
		rounds("libgprt / floor.so", "rt", "floorso")
		rounds("libgprt.a / floor", "rtstatic", "floor")
		rounds("noinl / libgprt", "noinl", "rt")
	}
	function rounds(name, b, f,    i, j, k, r, x) {
		for (i = 0; i < runs; i++) {
			x = t[i, b] - t[i, "plain"]
			x /= t[i, f] - t[i, "plain"]
			for (j = i; j > 0 && r[j - 1] > x; j--)
				r[j] = r[j - 1]
			r[j] = x
		}
		k = int(runs / 2)
		printf "%-6s round by round, %-20s median %.2f (%.2f to %.2f)\n",
		    c, name ":", runs % 2 ? r[k] : (r[k - 1] + r[k]) / 2,
		    r[0], r[runs - 1]
	}
	function row(name, b, r) {
		printf "%-6s %-10s %9.3f %8.2f %12d", c, name, m[b],
		    ns[b], n
		if (r && ns["floor"] > 0 && ns["floorso"] > 0)
			printf " %8.2f %9.2f", ns[b] / ns["floor"],
			    ns[b] / ns["floorso"]
		printf "\n"
	}' times
done
