#!/bin/sh
#
# same.sh OLD NEW [WORK]
#
# For a change that must not change behaviour (a refactoring): profile a
# set of programs once, then run the same matrix of commands with the
# tools installed in two prefixes (bmake -f Mkfile install PREFIX=...),
# OLD and NEW, and compare every output and exit status byte for byte.
# Prints one line per command that differs, then "N same, N differ";
# exits 1 if any differs.  WORK (default: a temporary directory) keeps
# the profiles and both sets of outputs for a look.
#
# The programs: the bundled demo and tests/progs built with gcc -pg -g;
# the real-world corpus's bzip2 and lua -pg builds when the cache has
# them (GP_CORPUS, default ~/.cache/gptools/corpus, made by the suite's
# tests/realworld); a libgprt run of a threaded program with the cct and
# trace collectors and the memory profile (OLD's libgprt); perf script
# and callgrind files of the demo when perf and valgrind work here.

set -u
[ $# -ge 2 ] || { echo "usage: same.sh old-prefix new-prefix [work]" >&2; exit 2; }
old=$(cd "$1" && pwd) new=$(cd "$2" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
corpus=${GP_CORPUS:-$HOME/.cache/gptools/corpus}/bin.2
w=${3:-$(mktemp -d)}
mkdir -p "$w/in" "$w/old" "$w/new"
cd "$w/in" || exit 2

# --- The profiles, made once. ---
cc=${CC:-gcc}
if [ ! -f .made ]; then
	$cc -pg -g -O1 -o demo "$top/share/examples/demo/demo.c" -lm &&
	    ./demo >/dev/null && mv gmon.out demo.gmon
	./demo 3 >/dev/null 2>&1 && mv gmon.out demo2.gmon
	[ -f demo2.gmon ] || cp demo.gmon demo2.gmon
	for p in recurse order sigwork; do
		$cc -pg -g -O1 -o $p "$top/tests/progs/$p.c" -lm -lpthread &&
		    ./$p >/dev/null 2>&1; mv gmon.out $p.gmon 2>/dev/null
	done
	$cc -pg -g -O1 -o statics "$top/tests/progs/statics_a.c" \
	    "$top/tests/progs/statics_b.c" "$top/tests/progs/statics_main.c" &&
	    ./statics >/dev/null && mv gmon.out statics.gmon
	g++ -pg -g -O1 -o shapes "$top/tests/progs/shapes.cc" &&
	    ./shapes >/dev/null && mv gmon.out shapes.gmon
	if [ -x "$corpus/bzip2-pg-O2" ]; then
		cp "$corpus/bzip2-pg-O2" bzip2
		seq 1 400000 | ./bzip2 -c >/dev/null && mv gmon.out bzip2.gmon
	fi
	if [ -x "$corpus/lua-pg-O2" ]; then
		cp "$corpus/lua-pg-O2" lua
		echo 'local function f(n) if n < 2 then return n end
		    return f(n-1) + f(n-2) end print(f(27))' >fib.lua
		./lua fib.lua >/dev/null && mv gmon.out lua.gmon
	fi
	# libgprt, with collectors and the memory profile.
	$cc -finstrument-functions -g -O1 -o rt "$top/tests/progs/recurse.c" \
	    -L"$old/lib" -Wl,-rpath,"$old/lib" -lgprt -lm -lpthread &&
	    GPRT_COLLECT=cct,trace GPRT_MEM=1 GP_PLUGIN_PATH="$old/lib/gptools" \
	    ./rt >/dev/null 2>&1
	[ -f gmon.out.gprt ] && mv gmon.out.gprt rt.gmon.gprt &&
	    mv gmon.out rt.gmon 2>/dev/null
	if perf record -q -g -o perf.data ./demo >/dev/null 2>&1; then
		perf script -i perf.data >demo.perf 2>/dev/null
		rm -f gmon.out
	fi
	if valgrind --tool=callgrind --callgrind-out-file=demo.callgrind \
	    ./demo >/dev/null 2>&1; then
		rm -f gmon.out
	fi
	touch .made
fi

# --- The commands, as "NAME<TAB>COMMAND" lines. ---
# The html page says when it was written.
nodate="sed 's/\\[\"written\",\"[^\"]*\"\\]/[\"written\",\"-\"]/'"
cmds()
{
	for p in demo recurse order sigwork statics shapes bzip2 lua; do
		[ -f $p.gmon ] || continue
		for o in "-b" "" "-b -p" "-b -q" "-b -T" "-b -c" "-b -i" "-r" \
		    "-b -z" "-b -a" "-b -m 2" "-b -e main" "-b -f main" \
		    "-b -P -Q" "-C" "-b -l" "-b -y -A" "-b -d -b"; do
			case "$p:$o" in lua:*-l*|lua:*-A*|bzip2:*-A*) continue ;;
			esac
			printf '%s\t%s\n' "gp$o:$p" "gp $o $p $p.gmon"
		done
		printf '%s\t%s\n' "stream:$p" \
		    "gmon-cat $p.gmon | gp-sym $p | gp-hist | gp-arcs"
		for f in dot svg folded json html pprof speedscope callgrind \
		    gmon; do
			printf '%s\t%s\n' "fmt-$f:$p" "gmon-cat $p.gmon | gp-sym $p | gp-hist | gp-arcs | gp-fmt -o $f | $nodate"
		done
		printf '%s\t%s\n' "sum:$p" "gp -s $p $p.gmon $p.gmon && od -c gmon.sum"
		printf '%s\t%s\n' "gmon-cat-o:$p" "gmon-cat -O bsd44 -o - $p.gmon | od -c"
	done
	printf '%s\t%s\n' "diff:demo" "gmon-cat demo.gmon | gp-sym demo | gp-hist | gp-arcs >a.s; gmon-cat demo2.gmon | gp-sym demo | gp-hist | gp-arcs >b.s; gp-diff a.s b.s"
	printf '%s\t%s\n' "diff-fmt:demo" "gp-diff a.s b.s | gp-fmt -o svg"
	if [ -f rt.gmon.gprt ]; then
		for o in "-b" "" "-b -l"; do
			printf '%s\t%s\n' "gprt$o" "gp $o rt rt.gmon"
		done
		printf '%s\t%s\n' "gprt-t" "gmon-cat -t rt.gmon | gp-sym rt | gp-hist | gp-arcs"
		printf '%s\t%s\n' "gprt-M" "gmon-cat rt.gmon | gp-sym rt | gp-fmt -M"
		for f in folded json speedscope chrome replay html pprof svg; do
			printf '%s\t%s\n' "gprt-fmt-$f" "gmon-cat -t rt.gmon | gp-sym rt | gp-hist | gp-arcs | gp-fmt -o $f | $nodate"
		done
		printf '%s\t%s\n' "gprt-dump" "gprt-dump rt.gmon.gprt"
		printf '%s\t%s\n' "gprt-killed" "cp rt.gmon.gprt k.gprt && gmon-cat k.gprt | gp-sym rt"
	fi
	[ -f demo.perf ] && printf '%s\t%s\n' "perf" "gp -b demo demo.perf" &&
	    printf '%s\t%s\n' "perf-stream" "gmon-cat demo.perf | gp-sym demo"
	[ -f demo.callgrind ] && printf '%s\t%s\n' "callgrind" "gp -b demo demo.callgrind" &&
	    printf '%s\t%s\n' "callgrind-stream" "gmon-cat demo.callgrind | gp-sym demo"
	printf '%s\t%s\n' "bad-gmon" "head -c 100 demo.gmon | gmon-cat"
	printf '%s\t%s\n' "bad-stream" "printf 'gp-stream\t1\nsym\tx\n' | gp-hist"
	printf '%s\t%s\n' "formats" "gp-fmt -o list; gmon-cat -f list"
}

# run PREFIX OUTDIR: every command with PREFIX's tools first in PATH.
run()
{
	cmds | while IFS="$(printf '\t')" read -r name cmd; do
		f=$(echo "$name" | tr -c 'A-Za-z0-9_.:\n-' '_')
		(PATH="$1/bin:$PATH"; unset GP_PLUGIN_PATH
		    sh -c "$cmd" >"$2/$f.out" 2>"$2/$f.err"; echo $? >"$2/$f.rc")
		# Where the tools are installed is no difference.
		sed -i "s|$old|PREFIX|g; s|$new|PREFIX|g" "$2/$f.out" "$2/$f.err"
		rm -f gmon.sum a.s b.s k.gprt
	done
}

run "$old" "$w/old"
run "$new" "$w/new"
same=0 differ=0
for f in "$w/old"/*.out; do
	b=$(basename "$f" .out)
	if cmp -s "$f" "$w/new/$b.out" && cmp -s "$w/old/$b.err" "$w/new/$b.err" &&
	    cmp -s "$w/old/$b.rc" "$w/new/$b.rc"; then
		same=$((same + 1))
	else
		echo "differs: $b"
		differ=$((differ + 1))
	fi
done
echo "$same same, $differ differ (outputs in $w)"
[ "$differ" -eq 0 ]
