#!/bin/sh
#
# replay.sh [TARGET ...]: build the fuzz targets and run each once on
# every saved input: the corpus (corpus/TARGET) and the reproducers of
# the bugs fuzzing found (regress/TARGET).  Exits non-zero on the first
# input that crashes, hangs or trips a sanitizer, and names it.
# FUZZ_BUILD is the build directory (default tests/fuzz/build).

set -u

here=$(cd "$(dirname "$0")" && pwd)
targets=${*:-fuzz_gmon fuzz_stream fuzz_gprt fuzz_symspec fuzz_fmt fuzz_perf \
    fuzz_callgrind fuzz_input}
O=${FUZZ_BUILD:-$here/build}

mkdir -p "$O"
# built on every processor: the build is most of a fresh clone's replay
bmake -j "$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)" \
    -f "$here/Makefile" O="$O" >"$O/make.log" 2>&1 || {
	cat "$O/make.log" >&2
	echo "replay.sh: build failed" >&2
	exit 1
}
# The targets' own reports on stderr, whatever the caller's settings
# (.ci/run's sanitizer pass sends reports to files and checks leaks at
# exit; a target's failure is this script's, and what libgp keeps for
# the process, the plugin list, is not a leak).  The input targets'
# plugins must free what they take: their leaks are checked at exit.
UBSAN_OPTIONS=print_stacktrace=1
export UBSAN_OPTIONS
for t in $targets; do
	case $t in
	fuzz_perf|fuzz_callgrind|fuzz_input) leaks=1 ;;
	*) leaks=0 ;;
	esac
	ASAN_OPTIONS=detect_leaks=$leaks
	export ASAN_OPTIONS
	# Files, not directories: libFuzzer then runs each once and adds
	# nothing to the corpus.
	set -- $(find "$here/corpus/$t" "$here/regress/$t" -type f \
	    2>/dev/null | sort)
	[ $# -gt 0 ] || continue
	if ! "$O/$t" -detect_leaks=0 -timeout=10 \
	    -artifact_prefix="$O/replay-" "$@" >"$O/$t.replay.log" 2>&1
	then
		grep -E "^Running:|ERROR|SUMMARY|runtime error|differ|read" \
		    "$O/$t.replay.log" | tail -n 20 >&2
		echo "replay.sh: $t crashed" >&2
		exit 1
	fi
	echo "$t: $# inputs"
done
