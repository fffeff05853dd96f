#!/bin/sh
#
# corpus.sh [-n runs] [build ...]
#
# gp against GNU gprof, side by side in one run, on the real-world corpus
# of the test suite (tests/realworld/corpus.sh: programs from Debian's
# source packages, fetched and built into a cache): for each build and
# option set, the best wall time of the runs (default 3) of each, whether
# both printed the same bytes ("stop": gprof stopped on its miscount, see
# gp(1) CAVEATS), and the ratio gp/gprof (below 1: gp is faster).  The option sets include gprof's slow ones, where its users
# wait: -l (line by line) and -A (annotated source).  For -l, the last
# column says how many addresses of .text gp-sym asked libbfd about
# rather than its DWARF index (GP_SYM_LINESTATS, gp-sym(1)).  Builds are
# NAME:VARIANT as corpus.sh names them; by default every -pg build.
# Times come from share/bench/tstat.c; gp and gprof from PATH.

set -e
runs=3
while getopts n: ch; do
	case $ch in
	n)	runs=$OPTARG ;;
	*)	echo "usage: corpus.sh [-n runs] [build ...]" >&2; exit 1 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- bzip2:pg-O0 bzip2:pg-O2 bzip2:pg-clang-O1 \
    lua:pg-O0 lua:pg-O2 lua:pg-clang-O1 lz4:pg-O2 minigzip:pg-O2-nog \
    ninja:pg-O2 sqlite3:pg-O2 tinyxml2:pg-O2 tinyxml2:pg-clang-O1

bench=$(cd "$(dirname "$0")" && pwd)
rw=$bench/../../tests/realworld
for t in gprof gp gmon-cat gp-sym cc; do
	command -v $t >/dev/null ||
	    { echo "corpus.sh: no $t in PATH" >&2; exit 1; }
done
sh "$rw/corpus.sh" "$@" || exit 1
bin=$(sh "$rw/corpus.sh" -n)

work=$(mktemp -d "${TMPDIR:-/tmp}/gp-corpus-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
cc -O2 -o "$work/tstat" "$bench/tstat.c"
cd "$work"
. "$bench/corpuswork.sh"

printf '%-22s %-10s %9s %9s %7s  %-4s %s\n' build options gprof gp gp/gprof \
    same libbfd
for b; do
	n=${b%%:*} p=$bin/$n-${b#*:}
	workload "$n" "$p"
	for o in "" "-b -q" "-b -l -p" "-A"; do
		r=$runs
		case "$n:$o" in
		sqlite3:*-l*) r=1 ;;	# gprof: a minute and more (gp(1))
		esac
		set -- $("$work/tstat" -n "$r" "gprof $o $p gmon.out >g.out 2>g.err || true")
		tg=$1
		set -- $("$work/tstat" -n "$r" "gp $o $p gmon.out >p.out 2>/dev/null || true")
		tp=$1
		same=yes
		cmp -s g.out p.out || same=no
		# gprof -l stops on C++ (gp(1) CAVEATS): nothing to compare
		grep -q 'somebody miscounted' g.err && same=stop
		asked=
		case $o in
		*-l*)	asked=$(gmon-cat gmon.out | GP_SYM_LINESTATS=1 \
			    gp-sym -l "$p" 2>&1 >/dev/null | sed -n \
			    's/.*, \([0-9]*\) asked of libbfd.*/\1/p') ;;
		esac
		printf '%-22s %-10s %9.3f %9.3f %7.3f  %-4s %s\n' "$b" \
		    "${o:-none}" "$tg" "$tp" "$(echo "$tg $tp" |
		    awk '{ print ($1 > 0 ? $2 / $1 : 0) }')" "$same" "$asked"
	done
done
