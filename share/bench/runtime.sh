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
# (default 7), the builds taking turns, so that what else the machine does
# weighs on all of them alike; each round starts one build later than the
# last (rotate.sh).  Times are CPU times (user + system, in
# microseconds from wait4(2)).  The overhead per call of a build is its
# time minus the plain build's, divided by the number of calls; the ratio
# of libgprt's overhead to -pg's is printed from the best time of each
# build, and from each round of runs alone (median and range).  Both
# profiled builds sample the PC at 100 Hz; libgprt also measures every
# call with the clock it chose (GPRT_CLOCK; printed), and the exactness
# check verifies that the self times of its arcs add up to the measured
# total, tick for tick.
#
# libgprt also runs linked into the program (libgprt.a), which spares
# each hook the shared library's PLT stub and the load of its
# thread-local pointer's offset.
#
# For scale, two more builds have hooks that only read the time-stamp
# counter, as any hooks measuring each call exactly must, twice a call:
# the floor under libgprt's overhead (x86 only), linked into the program
# and as a shared library; libgprt's cost per call is printed as a ratio
# to each (the target: 1.15).
#
# The collectors (gprt(3), GPRT_COLLECT): the libgprt build runs again
# with the cct collector and with the trace collector (default ring), in
# the same rounds; their cost per call is printed beside libgprt's, and
# as a ratio to it (the targets: cct at most 1.25, trace at most 1.5).
#
# Memory: the maximum resident size of the libgprt build and the size of
# its companion file at fib(20) and at fib(depth): flat if the tables grow
# with the number of distinct arcs, not with the number of calls; the
# same with each collector (cct's tree follows the distinct paths, trace's
# ring its size).
#
# libgprt and gprt-dump come from prefix (default: the gptools stage
# $GP_STAGE, else /usr/local).

set -e

runs=7
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
case $runs$depth in
*[!0-9]*)
	echo "runtime.sh: runs and depth are numbers" >&2
	exit 1 ;;
esac
[ "$runs" -ge 1 ] && [ "$depth" -ge 21 ] && [ "$depth" -le 45 ] || {
	echo "runtime.sh: at least 1 run, depth from 21 to 45" >&2
	exit 1
}
prefix=${1:-${GP_STAGE:-/usr/local}}
cc=${CC:-cc}
bench=$(cd "$(dirname "$0")" && pwd)
. "$bench/rotate.sh"
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
# libgprt linked into the program (libgprt.a): no PLT stub in front of
# the hooks, its thread-local pointer at a fixed offset.
$cc -O0 -finstrument-functions -o rtstatic fib.c "$prefix/lib/libgprt.a"
floor=
if $cc -O2 -c -o floor.o "$bench/floor.c" 2>/dev/null &&
    $cc -O2 -fPIC -ftls-model=initial-exec -shared -o libfloor.so \
    "$bench/floor.c" 2>/dev/null; then
	$cc -O0 -finstrument-functions -o floor fib.c floor.o
	$cc -O0 -finstrument-functions -o floorso fib.c -L. -lfloor \
	    -Wl,-rpath,"$dir"
	floor=yes
fi

# cpu PROG ARGS...: run PROG with its output to /dev/null; print its user
# + system CPU time in microseconds and its maximum resident size in KB.
cat > cpu.c <<'END'
#include <sys/resource.h>
#include <sys/wait.h>

#include <err.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int
main(int argc, char *argv[])
{
	struct rusage ru;
	pid_t pid;
	int fd, st;

	if (argc < 2)
		errx(1, "usage: cpu prog [arg ...]");
	if ((pid = fork()) == -1)
		err(1, "fork");
	if (pid == 0) {
		if ((fd = open("/dev/null", O_WRONLY)) == -1 ||
		    dup2(fd, 1) == -1)
			err(1, "/dev/null");
		execv(argv[1], argv + 1);
		err(127, "%s", argv[1]);
	}
	if (wait4(pid, &st, 0, &ru) == -1)
		err(1, "wait4");
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
		errx(1, "%s failed", argv[1]);
	printf("%ld %ld\n", (long)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) *
	    1000000L + ru.ru_utime.tv_usec + ru.ru_stime.tv_usec,
	    ru.ru_maxrss);
	return 0;
}
END
$cc -O2 -o cpu cpu.c

# calls of fib(n): c(n) = 1 + c(n-1) + c(n-2) = 2 fib(n+1) - 1, plus main
calls()
{
	awk -v n="$1" 'BEGIN { a = 0; b = 1
		for (i = 0; i < n + 1; i++) { t = a + b; a = b; b = t }
		printf "%d\n", 2 * a }'
}

n=$(calls "$depth")
builds="plain pg rt rtstatic cct trace"
[ -z "$floor" ] || builds="$builds floor floorso"
: > times
i=0
while [ $i -lt "$runs" ]; do
	for b in $(rotate $i $builds); do
		case $b in
		cct|trace)
			r=$(GPRT_COLLECT=$b GPRT_HZ=100 ./cpu ./rt "$depth") ;;
		*)
			r=$(GPRT_HZ=100 ./cpu "./$b" "$depth") ;;
		esac
		echo "$i $b $r" >> times
	done
	i=$((i + 1))
done
GPRT_COLLECT=cct GPRT_HZ=100 ./cpu ./rt 25 > /dev/null
"$prefix/bin/gprt-dump" gmon.out.gprt | awk -F '\t' '
	$1 == "thread" { total += $8 }
	$1 == "ctx" && $4 == 0 { roots += $11 }
	END {
		printf "cct: contexts %.0f ticks, measured total %.0f: %s\n",
		    roots, total, roots == total ? "equal" : "DIFFERENT"
	}'

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

# times: "round build microseconds maxrss" lines
awk -v n="$n" -v runs="$runs" -v depth="$depth" -v clock="$clock" '
function sort(a, k,    i, j, v) {
	for (i = 2; i <= k; i++) {
		v = a[i]
		for (j = i - 1; j >= 1 && a[j] > v; j--)
			a[j + 1] = a[j]
		a[j + 1] = v
	}
}
function median(a, k) {
	sort(a, k)
	return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
}
function line(name, b, base,    k, i, v) {
	k = 0
	for (i = 0; i < runs; i++)
		v[++k] = t[i, b]
	printf "  %-24s %8.1f %8.1f", name, best[b] / 1000,
	    median(v, k) / 1000
	if (base)
		printf " %8.1f", (best[b] - best["plain"]) * 1000 / n
	printf "\n"
}
# round by round, the cost per call of build b over plain as a ratio to
# that of build f, in r[1..k] (the rounds where f cost more than plain),
# with the least and the greatest in m["lo"] and m["hi"]; returns k
function rounds(b, f, r, m,    k, i) {
	k = 0
	for (i = 0; i < runs; i++)
		if (t[i, f] > t[i, "plain"]) {
			r[++k] = (t[i, b] - t[i, "plain"]) / \
			    (t[i, f] - t[i, "plain"])
			if (k == 1 || r[k] < m["lo"])
				m["lo"] = r[k]
			if (k == 1 || r[k] > m["hi"])
				m["hi"] = r[k]
		}
	return k
}
function ratio(name, b,    k, r, m) {
	if (best["pg"] <= best["plain"])
		return
	k = rounds(b, "pg", r, m)
	printf "overhead ratio %s / gcc -pg: %.2f\n", name,
	    (best[b] - best["plain"]) / (best["pg"] - best["plain"])
	if (k > 0)
		printf "  run by run: median %.2f, range %.2f to %.2f\n",
		    median(r, k), m["lo"], m["hi"]
}
{
	t[$1, $2] = $3
	if (!($2 in best) || $3 < best[$2])
		best[$2] = $3
}
END {
	printf "fib(%d): %.0f calls, %d runs of each build; CPU ms, best and" \
	    " median;\n", depth, n, runs
	printf "overhead in ns per call over plain, from the best times\n"
	printf "  %-24s %8s %8s %8s\n", "", "best", "median", "overhead"
	line("plain -O0", "plain", 0)
	line("gcc -pg", "pg", 1)
	line("libgprt (clock " clock ")", "rt", 1)
	line("libgprt.a, linked in", "rtstatic", 1)
	line("libgprt + cct", "cct", 1)
	line("libgprt + trace", "trace", 1)
	if (("floor") in best) {
		line("hooks reading the TSC", "floor", 1)
		line("the same, shared", "floorso", 1)
	}
	ratio("libgprt", "rt")
	if (("floor") in best) {
		ratio("TSC-only hooks", "floor")
		printf "cost per call over the floor (target 1.15):\n"
		over("libgprt.so / TSC hooks linked in", "rt", "floor")
		over("libgprt.so / TSC hooks shared", "rt", "floorso")
		over("libgprt.a / TSC hooks linked in", "rtstatic", "floor")
	}
	coll("cct", 1.25)
	coll("trace", 1.5)
}
# the cost per call of build b over plain as a ratio to that of f: from the
# best times, and round by round
function over(name, b, f,    k, r, m) {
	if (best[f] <= best["plain"])
		return
	k = rounds(b, f, r, m)
	printf "  %-34s %.2f", name,
	    (best[b] - best["plain"]) / (best[f] - best["plain"])
	if (k > 0)
		printf "  (run by run: median %.2f, %.2f to %.2f)",
		    median(r, k), m["lo"], m["hi"]
	printf "\n"
}
# a collector: its cost per call over plain, as a ratio to libgprt alone
function coll(b, target,    k, r, m, x) {
	if (best["rt"] <= best["plain"])
		return
	k = rounds(b, "rt", r, m)
	x = (best[b] - best["plain"]) / (best["rt"] - best["plain"])
	printf "cost per call, libgprt + %s / libgprt: %.2f (target %.2f)" \
	    "\n", b, x, target
	if (k > 0)
		printf "  run by run: median %.2f, range %.2f to %.2f\n",
		    median(r, k), m["lo"], m["hi"]
}' times

# memory at two call counts
mem()
{
	rm -f gmon.out.gprt
	set -- "$1" "$(GPRT_COLLECT=$2 ./cpu ./rt "$1")"
	printf "%s %s %s\n" "$(calls "$1")" "${2#* }" \
	    "$(wc -c < gmon.out.gprt | tr -d ' ')"
}
for c in "" cct trace; do
	small=$(mem 20 "$c")
	large=$(mem "$depth" "$c")
	echo "$small $large" | awk -v c="${c:+ + $c}" '{
		printf "memory%s: %.0f calls: max RSS %d KB, companion %d " \
		    "bytes\n", c, $1, $2, $3
		printf "        %.0f calls: max RSS %d KB, companion %d bytes\n",
		    $4, $5, $6
		printf "        calls x%.0f, RSS x%.2f, companion x%.2f\n",
		    $4 / $1, $5 / $2, $6 / $3
	}'
done
