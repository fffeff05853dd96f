#!/bin/sh
#
# run.sh [gp-fmt options]: compile demo.c with -pg, run it, and print its
# profile through the gptools pipeline:
#
#	gmon-cat gmon.out | gp-sym demo | gp-hist | gp-arcs | gp-fmt
#
# Needs cc and the five tools in PATH.  Works in a temporary directory.
# If GNU gprof is installed, says whether its report is the same.

set -e
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/gp-demo.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
cd "$work"

cc -pg -O0 -o demo "$here/demo.c"
./demo >&2
gmon-cat gmon.out | gp-sym demo | gp-hist | gp-arcs | gp-fmt "$@" >report
cat report
if command -v gprof >/dev/null 2>&1; then
	gprof "$@" demo gmon.out >gprof.report
	if cmp -s report gprof.report; then
		echo "run.sh: the report is byte for byte what gprof prints" >&2
	else
		echo "run.sh: the report differs from gprof's:" >&2
		diff gprof.report report >&2 || :
		exit 1
	fi
fi
