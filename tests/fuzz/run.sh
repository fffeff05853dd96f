#!/bin/sh
#
# run.sh SECONDS [TARGET ...]: build the fuzz targets and run each (all
# of them by default) for SECONDS seconds with libFuzzer, one after the
# other on one core.
#
# Each starts from the saved corpus (corpus/TARGET) and the reproducers
# (regress/TARGET); what it finds new goes to $FUZZ_BUILD/corpus/TARGET,
# a crash's input to $FUZZ_BUILD/artifacts/TARGET/, its log to
# $FUZZ_BUILD/TARGET.log.  FUZZ_BUILD defaults to tests/fuzz/build;
# FUZZ_FLAGS adds libFuzzer options.  Leak detection is off: libgp's
# tools leave their memory to exit(3), and the harness frees what an
# input left (fuzz.c); but for the input targets, whose plugins must
# free what they take (fuzz_input.c).  Exits 1 if a target crashed.
#
# To keep what a run found: ./build/TARGET -merge=1 corpus/TARGET
# build/corpus/TARGET (minimizes; then commit corpus/TARGET).

set -u

[ $# -ge 1 ] || { echo "usage: run.sh SECONDS [TARGET ...]" >&2; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
secs=$1
shift
targets=${*:-fuzz_gmon fuzz_stream fuzz_gprt fuzz_symspec fuzz_fmt fuzz_perf \
    fuzz_callgrind fuzz_input}
O=${FUZZ_BUILD:-$here/build}

# No leak check at exit either: fuzz_fmt's Graphviz and fontconfig keep
# memory for the process, which LeakSanitizer would report as the run's
# crash on an empty input.  The input targets load no such library.
asan=${ASAN_OPTIONS:+$ASAN_OPTIONS:}
mkdir -p "$O"
bmake -f "$here/Makefile" O="$O" >"$O/make.log" 2>&1 || {
	cat "$O/make.log" >&2
	echo "run.sh: build failed" >&2
	exit 1
}
rc=0
for t in $targets; do
	mkdir -p "$O/corpus/$t" "$O/artifacts/$t"
	set -- "$here/corpus/$t"
	[ -d "$here/regress/$t" ] && set -- "$@" "$here/regress/$t"
	case $t in
	fuzz_perf|fuzz_callgrind|fuzz_input) leaks=1 ;;
	*) leaks=0 ;;
	esac
	echo "== $t: $secs s"
	# -timeout: an input that takes 10 s is a hang worth a look.
	ASAN_OPTIONS=${asan}detect_leaks=$leaks \
	    "$O/$t" -max_total_time="$secs" -detect_leaks=$leaks -timeout=10 \
	    -print_final_stats=1 -artifact_prefix="$O/artifacts/$t/" \
	    ${FUZZ_FLAGS:-} "$O/corpus/$t" "$@" >"$O/$t.log" 2>&1 || {
		rc=1
		grep -E "ERROR|SUMMARY|runtime error|Test unit written" \
		    "$O/$t.log"
	}
	grep -E "^#[0-9]+.*(DONE|INITED)|stat::number_of_executed_units" \
	    "$O/$t.log"
done
exit $rc
