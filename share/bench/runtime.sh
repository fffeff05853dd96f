#!/bin/sh
#
# runtime.sh [-n runs] [-c depth] [prefix]
#
# Per-call overhead of libgprt (gprt(3), gcc -finstrument-functions)
# against gcc -pg, measured side by side in one run, and the memory the
# runtime uses as the number of calls grows.
#
# The program is a recursive fib(depth) (default 35: 29.9 million calls),
# built three times with -O0: plain, with -pg, and with
# -finstrument-functions linked to libgprt.  Each build runs `runs' times
# (default 5), interleaved; the least CPU time (user + system) of each
# counts.  The overhead per call of a build is its time minus the plain
# build's, divided by the number of calls.  Both profiled builds sample
# the PC at 100 Hz; libgprt also measures every call with the clock it
# chose (GPRT_CLOCK; printed), and the exactness check verifies that the
# self times of its arcs add up to the measured total, tick for tick.
#
# For scale, a fourth build has hooks that only read the time-stamp
# counter, as any hooks measuring each call exactly must, twice a call:
# the floor under libgprt's overhead (x86 only).
#
# Memory: the maximum resident size of the libgprt build and the size of
# its companion file at fib(20) and at fib(depth): flat if the tables grow
# with the number of distinct arcs, not with the number of calls.
#
# libgprt and gprt-dump come from prefix (default: the gptools stage
# $GP_STAGE, else /usr/local).

set -e

runs=5
depth=35
while getopts c:n: opt; do
	case $opt in
	c)	depth=$OPTARG ;;
	n)	runs=$OPTARG ;;
	*)	echo "usage: runtime.sh [-n runs] [-c depth] [prefix]" >&2
		exit 1 ;;
	esac
done
shift $((OPTIND - 1))
prefix=${1:-${GP_STAGE:-/usr/local}}
cc=${CC:-cc}
dir=$(mktemp -d "${TMPDIR:-/tmp}/runtime-bench.XXXXXX")
trap 'rm -rf "$dir"' EXIT
cd "$dir"

cat > fib.c <<'EOF'
#include <stdio.h>
#include <stdlib.h>

static long
fib(int n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

int
main(int argc, char *argv[])
{
	printf("%ld\n", fib(argc > 1 ? (int)strtol(argv[1], NULL, 10) : 30));
	return 0;
}
EOF
$cc -O0 -o plain fib.c
$cc -O0 -pg -o pg fib.c
$cc -O0 -finstrument-functions -o rt fib.c -L"$prefix/lib" -lgprt \
    -Wl,-rpath,"$prefix/lib"
cat > floor.c <<'END'
#include <stdint.h>
#include <x86intrin.h>

#define NI	__attribute__((__no_instrument_function__))

static __thread uint64_t t;

NI void __cyg_profile_func_enter(void *, void *);
NI void __cyg_profile_func_exit(void *, void *);

NI void
__cyg_profile_func_enter(void *fn, void *site)
{
	t -= __rdtsc();
}

NI void
__cyg_profile_func_exit(void *fn, void *site)
{
	t += __rdtsc();
}
END
floor=
if $cc -O2 -c -o floor.o floor.c 2>/dev/null; then
	$cc -O0 -finstrument-functions -o floor fib.c floor.o
	floor=yes
fi

# calls of fib(n): c(n) = 1 + c(n-1) + c(n-2) = 2 fib(n+1) - 1, plus main
calls()
{
	awk -v n="$1" 'BEGIN { a = 0; b = 1
		for (i = 0; i < n + 1; i++) { t = a + b; a = b; b = t }
		printf "%d\n", 2 * a }'
}

# cpu PROG ARGS: user + system seconds of one run
cpu()
{
	/usr/bin/time -f "%U %S" -o time.out "$@" > /dev/null
	awk '{ printf "%.2f\n", $1 + $2 }' time.out
}

min()
{
	awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b < a) ? b : a }'
}

n=$(calls "$depth")
tp= tg= tr= tf=
i=0
while [ $i -lt "$runs" ]; do
	tp=$(min "$tp" "$(cpu ./plain "$depth")")
	tg=$(min "$tg" "$(cpu ./pg "$depth")")
	tr=$(min "$tr" "$(GPRT_HZ=100 cpu ./rt "$depth")")
	[ -z "$floor" ] || tf=$(min "$tf" "$(cpu ./floor "$depth")")
	i=$((i + 1))
done

"$prefix/bin/gprt-dump" gmon.out.gprt > dump
clock=$(awk -F '\t' '$1 == "gprt" { print $6 }' dump)
awk -F '\t' '
	$1 == "thread" { total += $8 }
	$1 == "marc" { self += $8 }
	END {
		printf "exactness: sum of self ticks %.0f, measured total " \
		    "%.0f: %s\n", self, total,
		    self == total ? "equal" : "DIFFERENT"
	}' dump

awk -v n="$n" -v tp="$tp" -v tg="$tg" -v tr="$tr" -v tf="$tf" \
    -v runs="$runs" -v depth="$depth" -v clock="$clock" 'BEGIN {
	printf "fib(%d): %.0f calls, best of %d runs, CPU seconds\n",
	    depth, n, runs
	printf "  plain -O0                 %6.2f\n", tp
	printf "  gcc -pg                   %6.2f   %6.1f ns/call overhead\n",
	    tg, (tg - tp) * 1e9 / n
	printf "  libgprt                   %6.2f   %6.1f ns/call overhead" \
	    " (clock %s)\n", tr, (tr - tp) * 1e9 / n, clock
	if (tf != "")
		printf "  hooks reading the TSC     %6.2f   %6.1f ns/call" \
		    " overhead\n", tf, (tf - tp) * 1e9 / n
	if (tg > tp) {
		printf "overhead ratio libgprt / gcc -pg: %.2f\n",
		    (tr - tp) / (tg - tp)
		if (tf != "")
			printf "overhead ratio TSC-only hooks / gcc -pg: " \
			    "%.2f\n",
			    (tf - tp) / (tg - tp)
	}
}'

# memory at two call counts
mem()
{
	rm -f gmon.out.gprt
	/usr/bin/time -f "%M" -o time.out ./rt "$1" > /dev/null
	printf "%s %s %s\n" "$(calls "$1")" "$(cat time.out)" \
	    "$(wc -c < gmon.out.gprt | tr -d ' ')"
}
small=$(mem 20)
large=$(mem "$depth")
echo "$small $large" | awk '{
	printf "memory: %.0f calls: max RSS %d KB, companion %d bytes\n",
	    $1, $2, $3
	printf "        %.0f calls: max RSS %d KB, companion %d bytes\n",
	    $4, $5, $6
	printf "        calls x%.0f, RSS x%.2f, companion x%.2f\n",
	    $4 / $1, $5 / $2, $6 / $3
}'
