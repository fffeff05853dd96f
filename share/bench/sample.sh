#!/bin/sh
#
# sample.sh [-a | -c] [-n rounds] [prefix]
#
# libgprt's sampler of programs not rebuilt (GPRT_SAMPLE, gp-run's method
# for them), on real programs of the corpus of the test suite
# (tests/realworld/corpus.sh), built gcc -O2 -g with no profiling (no
# frame pointers, as Debian builds them): lua 5.4 running
# tests/realworld/work.lua 30 times, sqlite3 running
# tests/realworld/work.sql 9 times in memory, ninja planning 40,000
# compilations (ninja -n), each some 5 s of CPU time.  The prefix is
# the gptools installation measured (default $GP_STAGE, else
# /usr/local).
#
# The kernel checks a thread's CPU-time timer at its ticks (250 a second
# here): at 1000 Hz the sampler takes about 250 stacks a second, each
# standing for the 4 periods it spans, where perf's cpu-clock takes
# 1000.  Its shares are therefore those of some 1,250 samples, whose
# standard error on a 15% share is 1 point: the workloads are not
# shorter for that reason.
#
# Accuracy (-a, or both when neither is given): each workload is run
# once, under gp-run (the sampler at 1000 Hz, its report as folded
# stacks) itself run under perf record -F 1000 --call-graph dwarf
# (perf's own unwinding of code with no frame pointers, which -g's frame
# pointers would get wrong for the callers): the same run seen by both,
# as two runs of these programs differ by a point or more in the share
# of their top functions (lua's string interning, sqlite3's malloc).
# perf's samples of the program are made folded stacks of their
# user-space frames, a sample taken in the kernel going to the user
# function that made the system call, where the sampler's signal finds
# it; the samples perf took inside the sampler (libgprt's handler and
# libunwind, the kernel's signal delivery) are its cost, left out, and
# printed as a share of the run: the cost seen from inside one run,
# where the side by side runs below see it through the machine's noise.  Printed for each program: the functions with 1% of the samples
# or more in either, by their share of the samples as the innermost
# frame (self) and as any frame (total), in both, and the largest
# difference in percentage points over every function.
#
# Cost (-c, or both): the plain run against the run with libgprt
# preloaded sampling at 100 Hz and at 1000 Hz, the three taking turns in
# each of `rounds' rounds (default 7; each round starts one later,
# rotate.sh), each run's CPU time (user + system, tstat.c).  Printed:
# the median CPU seconds, and the median and range of the round by
# round ratios sampled / plain.
#
# perf must be allowed to record (perf_event_paranoid, or root).

set -e
acc=1 cost=1 rounds=7
while getopts acn: ch; do
	case $ch in
	a)	cost=0 ;;
	c)	acc=0 ;;
	n)	rounds=$OPTARG ;;
	*)	echo "usage: sample.sh [-a | -c] [-n rounds] [prefix]" >&2
		exit 1 ;;
	esac
done
shift $((OPTIND - 1))
prefix=${1:-${GP_STAGE:-/usr/local}}
bench=$(cd "$(dirname "$0")" && pwd)
. "$bench/rotate.sh"
rw=$(cd "$bench/../../tests/realworld" && pwd)
PATH=$prefix/bin:$PATH
export PATH
lib=$prefix/lib/libgprt.so.1
[ -r "$lib" ] || { echo "sample.sh: $lib: not found" >&2; exit 1; }
sh "$rw/corpus.sh" lua:plain-O2 sqlite3:plain-O2 ninja:plain-O2 || exit 1
bin=$(sh "$rw/corpus.sh" -n)

dir=$(mktemp -d "${TMPDIR:-/tmp}/sample-bench.XXXXXX")
trap 'rm -rf "$dir"' EXIT
cd "$dir"
cc -O2 -o tstat "$bench/tstat.c"
for p in lua sqlite3 ninja; do
	cp "$bin/$p-plain-O2" "./$p"
done
printf 'for i = 1, 30 do dofile("%s") end\n' "$rw/work.lua" >work30.lua
for i in 1 2 3 4 5 6 7 8 9; do
	echo 'DROP TABLE IF EXISTS t;'
	cat "$rw/work.sql"
done >work9.sql
# ninja's manifest: 30,000 compilations, two headers each, and a link
mkdir -p nj/src nj/inc
awk 'BEGIN { n = 40000
	print "rule cc\n  command = touch $out\nrule link\n  command = touch $out"
	for (i = 0; i < n; i++)
		printf "build obj/f%d.o: cc src/f%d.c | inc/h%d.h inc/h%d.h\n",
		    i, i, i % 97, i % 13
	printf "build app: link"
	for (i = 0; i < n; i++)
		printf " obj/f%d.o", i
	print "\ndefault app" }' >nj/build.ninja
(cd nj/src && awk 'BEGIN { for (i = 0; i < 40000; i++) print "f" i ".c" }' |
    xargs touch)
(cd nj/inc && awk 'BEGIN { for (i = 0; i < 97; i++) print "h" i ".h" }' |
    xargs touch)

# run NAME CMD...: CMD on NAME's workload, output thrown away.
run()
{
	_n=$1
	shift
	case $_n in
	lua)	"$@" "$dir/lua" "$dir/work30.lua" >/dev/null ;;
	sqlite3) "$@" "$dir/sqlite3" :memory: <"$dir/work9.sql" >/dev/null ;;
	ninja)	(cd "$dir/nj" && "$@" "$dir/ninja" -n >/dev/null) ;;
	esac
}

# run_cmd NAME ENV: the shell command of NAME's workload, in $dir, with
# the environment ENV (words VAR=value).
run_cmd()
{
	case $1 in
	lua)	echo "env $2 ./lua work30.lua >/dev/null" ;;
	sqlite3) echo "env $2 ./sqlite3 :memory: <work9.sql >/dev/null" ;;
	ninja)	echo "cd nj && env $2 ../ninja -n >/dev/null" ;;
	esac
}

# perffold COMM PERFDATA: perf script's samples of the command COMM as
# folded stacks of user frames, weighted by their periods (nanoseconds of
# cpu-clock; cycles otherwise), inlined frames left out (the sampler
# does not see them), the samples in the sampler itself left out.
perffold()
{
	perf script --no-inline --comms "$1" -i "$2" \
	    -F period,ip,sym,dso 2>/dev/null | awk '
	function flush(   s, i, j, np) {
		all += per
		if (skip)
			own += per
		if (n > 0 && !skip) {
			# recursion folded, as gp-stream(5)s ctx are: a
			# function already on the path takes the path back
			# to its frame
			np = 0
			for (i = n; i >= 1; i--) {
				for (j = 1; j <= np && p[j] != f[i]; j++)
					;
				if (j <= np)
					np = j
				else
					p[++np] = f[i]
			}
			s = p[1]
			for (i = 2; i <= np; i++)
				s = s ";" p[i]
			w[s] += per
		}
		n = 0; per = 0; insample = 0; skip = 0
	}
	/^[ \t]*$/ { flush(); next }
	!insample { per = $1 + 0; insample = 1; next }
	{
		# "addr sym+off (dso)": kernel frames left out
		dso = $NF
		if (dso ~ /libgprt\.so|libunwind/ || (dso ~ /kallsyms/ &&
		    $2 ~ /signal|sigreturn|rt_frame|posix_cpu|sigqueue/))
			skip = 1
		if (dso ~ /kernel\.kallsyms|\[vdso\]/ || $1 ~ /^ffff/)
			next
		sym = $2
		for (i = 3; i < NF; i++)
			sym = sym " " $i
		sub(/\+0x[0-9a-f]+$/, "", sym)
		if (sym == "[unknown]")
			sym = "0x" $1
		f[++n] = sym
	}
	END { flush(); for (s in w) print s, w[s]
		printf("sampler work %.2f%% of the run\n",
		    (all > 0 ? 100 * own / all : 0)) >"/dev/stderr" }'
}

# aliases COMM PERFDATA: "name canonical" for the functions of the objects
# perf recorded that have several names at one address (memcpy and
# memmove, __GI___mremap and mremap), from their symbols and their debug
# files' (/usr/lib/debug/.build-id): each tool names such code by one of
# them, not always the same.
aliases()
{
	perf script --comms "$1" -i "$2" -F ip,dso 2>/dev/null |
	    awk '{ print $NF }' |
	    tr -d '()' | sort -u |
	    while read -r o; do
		[ -f "$o" ] || continue
		nm -D --defined-only "$o" 2>/dev/null
		nm "$o" 2>/dev/null
		id=$(readelf -n "$o" 2>/dev/null |
		    awk '/Build ID:/ { print $3 }')
		[ -n "$id" ] || continue
		d=/usr/lib/debug/.build-id/$(echo "$id" | cut -c1-2)/$(echo "$id" | cut -c3-).debug
		[ -f "$d" ] && nm "$d" 2>/dev/null
		echo "-- --"
	done | awk '
	$1 == "--" { for (n in nm)
			if (n != min[nm[n]]) print n, min[nm[n]]
		delete min; delete nm; next }
	NF == 3 && $2 ~ /^[TtWi]$/ { n = $3; sub(/@.*$/, "", n); nm[n] = $1
		if (!($1 in min) || n < min[$1]) min[$1] = n }'
}

# compare SAMPLER PERF ALIASES: the shares of the two folded files.
compare()
{
	awk '
	function clean(s,   i, d) {
		sub(/@@?GLIBC.*$/, "", s)
		sub(/@plt$/, "", s)
		# C++: perf names a function without its parameters
		sub(/ const$/, "", s)
		if (s ~ /\)$/) {
			for (i = length(s); i > 1; i--) {
				d += substr(s, i, 1) == ")"
				d -= substr(s, i, 1) == "("
				if (d == 0)
					break
			}
			if (i > 1)
				s = substr(s, 1, i - 1)
		}
		if (s in alias)
			s = alias[s]
		return s
	}
	FILENAME == ARGV[1] { alias[$1] = $2; next }
	FNR == 1 { k++ }
	{
		c = $NF
		st = $0
		sub(/ [0-9.e+]+$/, "", st)
		nf = split(st, fr, ";")
		tot[k] += c
		# totals over the stacks that reach main, from main in: perf
		# copies 16 KB of each stack, too little for deep recursion
		# (lua), cannot unwind out of some frames (libc's malloc) and
		# names the frames outside main otherwise
		for (m = 1; m <= nf && clean(fr[m]) != "main"; m++)
			;
		if (m <= nf)
			wtot[k] += c
		delete seen
		for (i = 1; i <= nf; i++) {
			f = clean(fr[i])
			if (i >= m && !(f in seen)) {
				incl[k, f] += c
				seen[f] = 1
			}
			fn[f] = 1
		}
		self[k, clean(fr[nf])] += c
	}
	function pct(a, b) { return b > 0 ? 100 * a / b : 0 }
	function abs(x) { return x < 0 ? -x : x }
	END {
		printf "  %8s %8s %8s %8s  %s\n", "self", "perf", "total",
		    "perf", "function (%; totals of stacks whole to main)"
		for (f in fn) {
			s1 = pct(self[1, f], tot[1]); s2 = pct(self[2, f], tot[2])
			i1 = pct(incl[1, f], wtot[1])
			i2 = pct(incl[2, f], wtot[2])
			if (abs(s1 - s2) > ms) { ms = abs(s1 - s2); msf = f }
			if (abs(i1 - i2) > mi) { mi = abs(i1 - i2); mif = f }
			if (s1 >= 1 || s2 >= 1)
				printf "  %8.2f %8.2f %8.2f %8.2f  %s\n",
				    s1, s2, i1, i2, f | "sort -k1,1nr"
		}
		close("sort -k1,1nr")
		printf "  samples: %d sampler; perf: %.0f ms of its event\n",
		    tot[1], tot[2] / 1000000
		printf "  whole to main: %.1f%% sampler, %.1f%% perf\n",
		    pct(wtot[1], tot[1]), pct(wtot[2], tot[2])
		printf "  max self difference: %.2f points (%s)\n", ms, msf
		printf "  max total difference: %.2f points (%s)\n", mi, mif
	}' "$3" "$1" "$2"
}

if [ "$acc" = 1 ]; then
	echo "accuracy: share of the samples, sampler (gp-run, 1000 Hz) and perf record -F 1000 --call-graph dwarf of the same run"
	for p in lua sqlite3 ninja; do
		GPRT_SAMPLE=1000 run $p perf record -q -F 1000 \
		    --call-graph dwarf,16384 -o "$dir/$p.perf.data" -- \
		    gp-run -o folded -O "$dir/$p.s.folded" 2>/dev/null
		perffold $p "$dir/$p.perf.data" >"$dir/$p.p.folded" \
		    2>"$dir/$p.own"
		echo "$p:"
		aliases $p "$dir/$p.perf.data" >"$dir/$p.aliases"
		compare "$dir/$p.s.folded" "$dir/$p.p.folded" "$dir/$p.aliases"
		echo "  perf: $(cat "$dir/$p.own") (libgprt, libunwind, signals)"
	done
fi

if [ "$cost" = 1 ]; then
	echo "cost: CPU seconds, median of $rounds rounds; ratios to plain, median (range) of the rounds"
	mkdir -p gm
	for p in lua sqlite3 ninja; do
		: >"$p.times"
		r=0
		while [ "$r" -lt "$rounds" ]; do
			for b in $(rotate "$r" plain 100 1000); do
				case $b in
				plain)	e= ;;
				*)	e="LD_PRELOAD=$lib GPRT_SAMPLE=$b GMON_OUT_PREFIX=$dir/gm/gmon.out" ;;
				esac
				rm -f gm/*
				t=$(cd "$dir" && ./tstat "$(run_cmd $p "$e")" |
				    awk '{ print $3 }')
				echo "$r $b $t" >>"$p.times"
			done
			r=$((r + 1))
		done
		awk -v p="$p" '
		function med(a, n,   i, j, t) {
			for (i = 1; i <= n; i++)
				for (j = i + 1; j <= n; j++)
					if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
			return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
		}
		{ t[$1, $2] = $3; if ($1 + 1 > n) n = $1 + 1 }
		END {
			for (i = 0; i < n; i++) {
				pl[i + 1] = t[i, "plain"]
				a[i + 1] = t[i, 100]; b[i + 1] = t[i, 1000]
				ra[i + 1] = t[i, 100] / t[i, "plain"]
				rb[i + 1] = t[i, 1000] / t[i, "plain"]
			}
			printf "%-8s plain %.3f s  100 Hz %.3f s  1000 Hz %.3f s\n", p,
			    med(pl, n), med(a, n), med(b, n)
			mra = med(ra, n); mrb = med(rb, n)
			printf "%-8s 100 Hz / plain %.4f (%.4f-%.4f)  1000 Hz / plain %.4f (%.4f-%.4f)\n",
			    "", mra, ra[1], ra[n], mrb, rb[1], rb[n]
		}' "$p.times"
	done
fi
