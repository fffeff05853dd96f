#!/bin/sh
#
# seeds.sh PREFIX [input]: make the fuzz targets' seed corpora from real
# runs, into corpus/TARGET/ next to this script (files named by their
# content); with "input", only the input targets'.
#
# PREFIX is an installation of this tree (bmake -f Mkfile install
# PREFIX=... DESTDIR=): its gmon-cat, gp-sym, gp-hist and gp-arcs make
# the streams, its libgprt the companion files.  Needs cc with -pg, perl;
# for the input targets c++, perf (recording the kernel's frames too:
# root, or kernel.perf_event_paranoid at most 1) and valgrind.
#
#	fuzz_gmon	recurse.c's gmon.out (cc -pg), as read and with each
#			option byte of interest, and its 4.4BSD and old BSD
#			copies (tests/compat/gnu2bsd.pl)
#	fuzz_stream	the stream of each stage, for the gmon.out and for a
#			libgprt run (runtime layer), and gmon-cat -i's
#	fuzz_gprt	companion files of libgprt runs: plain, sampled,
#			with the memory profile, with threads, with the cct
#			and trace collectors
#	fuzz_symspec	a few tables and specs written here
#	fuzz_perf	perf script's text of perf record runs: frame pointers,
#			DWARF (inlined frames), no call chain, page faults,
#			threads, C++, two events; default and -F fields
#	fuzz_callgrind	callgrind.out files: default, compressed or not,
#			instructions and jumps, cache events, threads,
#			recursion levels, C++
#	fuzz_input	all of those, and a gmon.out, a stream and a
#			companion file, which no plugin is given
#
# The input targets' programs are those the fuzz Makefile builds into
# build/objs, built here alike, and each recording names them, and every
# other object, as /gp-fuzz/NAME (fuzz.c's fuzz_plugopen); the
# recordings are cut to a few KB.

set -eu

[ $# -eq 1 ] || [ $# -eq 2 -a "${2:-}" = input ] ||
    { echo "usage: seeds.sh PREFIX [input]" >&2; exit 1; }
prefix=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
tests=$(dirname "$here")
PATH=$prefix/bin:$PATH
export PATH
for t in gmon-cat gp-sym gp-hist gp-arcs; do
	[ -x "$prefix/bin/$t" ] || { echo "seeds.sh: no $prefix/bin/$t" >&2; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

# put TARGET FILE: FILE into the corpus, named by its SHA-1 as libFuzzer
# names the inputs it keeps.
put()
{
	mkdir -p "$here/corpus/$1"
	cp "$2" "$here/corpus/$1/$(sha1sum < "$2" | cut -c1-40)"
}

# inseed TARGET FILE: a recording for fuzz_TARGET and fuzz_input, its
# objects' paths made /gp-fuzz/NAME.
inseed()
{
	sed -e "s#$(pwd)/##g" -e "s#$tests/#tests/#g" \
	    -e 's#/usr/lib/x86_64-linux-gnu/#/gp-fuzz/#g' \
	    -e 's#\([ (]\)\(prog\|shapes\|recurse\)\([ )]\|$\)#\1/gp-fuzz/\2\3#g' \
	    "$2" >seed.in
	put "fuzz_$1" seed.in
	put fuzz_input seed.in
}

# perfcut FILE: the mmap lines and 16 samples spread over the file.
perfcut()
{
	awk -v RS= -v ORS='\n\n' '{ s[NR] = $0 } END {
	    step = NR > 16 ? int(NR / 16) : 1
	    for (i = 1; i <= NR; i++)
		if (s[i] ~ /PERF_RECORD_/ || i % step == 0) print s[i] }' "$1"
}

# perfseed NAME RECORD-ARGS -- SCRIPT-ARGS: perf record's and perf
# script's text, cut.
perfseed()
{
	_n=$1
	shift
	_r=
	while [ "$1" != -- ]; do
		_r="$_r $1"
		shift
	done
	shift
	perf record -q -o "$_n.data" $_r >/dev/null 2>&1
	perf script -i "$_n.data" "$@" 2>/dev/null >"$_n.full"
	perfcut "$_n.full" >"$_n.txt"
	inseed perf "$_n.txt"
}

# cgseed NAME VALGRIND-ARGS: a callgrind.out file.
cgseed()
{
	_n=$1
	shift
	valgrind --tool=callgrind --callgrind-out-file="$_n.out" "$@" \
	    >/dev/null 2>&1
	for _f in "$_n".out*; do
		inseed callgrind "$_f"
	done
}

inputseeds()
{
	cc -O1 -g -fno-omit-frame-pointer -o prog "$tests/progs/foreign.c" \
	    -lm -lpthread
	c++ -O1 -g -o shapes "$tests/progs/shapes.cc"
	cc -O0 -g -o recurse "$tests/progs/recurse.c"
	perfseed fp -e cpu-clock -g ./prog 10 --
	perfseed fpsrc -e cpu-clock -g ./prog 3 -- -F +srcline
	perfseed dwarf -e cpu-clock --call-graph dwarf ./prog 2 --
	perfseed nog -e cpu-clock ./prog 10 -- --show-mmap-events
	perfseed nogf -e cpu-clock ./prog 10 -- -F comm,tid,ip,sym,symoff,dso
	perfseed few -e cpu-clock -g ./prog 10 -- -F comm,tid,ip,sym,dso
	perfseed thr -e cpu-clock -g --sample-cpu ./prog 10 threads -- \
	    -F comm,pid,tid,cpu,time,period,event,ip,sym,dso
	perfseed faults -e page-faults -g ./prog 1 --
	perfseed task -e task-clock -g ./recurse --
	perfseed cxx -e cpu-clock -g ./shapes --
	perfseed mangled -e cpu-clock -g ./shapes -- --no-demangle
	perfseed two -e cpu-clock,page-faults -g ./prog 2 --
	cgseed main --toggle-collect=main ./prog 1
	cgseed full ./recurse
	cgseed nocomp --toggle-collect=main --compress-strings=no \
	    --compress-pos=no ./prog 1
	cgseed instr --toggle-collect=main --dump-instr=yes \
	    --collect-jumps=yes ./prog 1
	cgseed cache --toggle-collect=main --cache-sim=yes \
	    --branch-sim=yes ./prog 1
	cgseed thr --toggle-collect=main --separate-threads=yes ./prog 1 \
	    threads
	cgseed recs --toggle-collect=main --separate-recs=3 ./recurse
	cgseed cxx --toggle-collect=main ./shapes
	# what gmon-cat reads itself, for fuzz_input to leave alone
	cc -pg -O0 -o recpg "$tests/progs/recurse.c"
	./recpg >/dev/null
	put fuzz_input gmon.out
	gmon-cat gmon.out >s.raw
	put fuzz_input s.raw
}

if [ $# -eq 2 ]; then
	inputseeds
	ls -l "$here"/corpus/fuzz_input "$here"/corpus/fuzz_perf \
	    "$here"/corpus/fuzz_callgrind
	exit 0
fi

# gmonseed BYTE FILE: FILE with the option byte of fuzz_gmon.c in front.
gmonseed()
{
	printf "\\$(printf %o "$1")" > seed
	cat "$2" >> seed
	put fuzz_gmon seed
}

# The -pg run.
cc -pg -O0 -o recurse "$tests/progs/recurse.c"
./recurse > /dev/null
mv gmon.out pg.out
perl "$tests/compat/gnu2bsd.pl" < pg.out > bsd44.out
perl "$tests/compat/gnu2bsd.pl" -old < pg.out > oldbsd.out
# option bytes: 0 detect all; GNU 64-bit le (1|2<<3|1<<5); keepraw;
# 4.4BSD, old BSD
gmonseed 0 pg.out
gmonseed 49 pg.out
gmonseed 128 pg.out
gmonseed 0 bsd44.out
gmonseed 3 bsd44.out
gmonseed 0 oldbsd.out
gmonseed 4 oldbsd.out
# a GNU file with a record of an unknown tag at the end, for keepraw
cp pg.out raw.out
printf '\011abc' >> raw.out
gmonseed 128 raw.out

gmon-cat pg.out > s.raw
gp-sym recurse < s.raw > s.sym
gp-hist < s.sym > s.hist
gp-arcs < s.hist > s.arcs
gp-arcs < s.sym > s.arcs2
gmon-cat -i pg.out > s.info
for s in s.raw s.sym s.hist s.arcs s.arcs2 s.info; do
	put fuzz_stream "$s"
done

# The libgprt runs (as tests/runtime/rtlib.sh builds them).
rt()
{
	cc -O0 -finstrument-functions -o "$1" "$2" -L"$prefix/lib" -lgprt \
	    -Wl,-rpath,"$prefix/lib" ${3:-}
}
rt rrec "$tests/progs/recurse.c"
rm -f gmon.out gmon.out.gprt
env GPRT_HZ=0 ./rrec > /dev/null
put fuzz_gprt gmon.out.gprt
gmon-cat gmon.out > r.raw
gp-sym rrec < r.raw > r.sym
gp-arcs < r.sym > r.arcs
for s in r.raw r.sym r.arcs; do
	put fuzz_stream "$s"
done
rm -f gmon.out gmon.out.gprt
env GPRT_HZ=1000 GPRT_MEM=1 ./rrec > /dev/null
put fuzz_gprt gmon.out.gprt
rt rthr "$tests/progs/thr.c" -lpthread
rm -f gmon.out gmon.out.gprt
env GPRT_HZ=0 ./rthr > /dev/null
put fuzz_gprt gmon.out.gprt
gmon-cat gmon.out | gp-sym rthr | gp-arcs > t.arcs
put fuzz_stream t.arcs
# with both collectors, kept small: their blocks in the companion, and
# the ctx, trace and tev records in the stream
rm -f gmon.out gmon.out.gprt
env GPRT_HZ=0 GPRT_COLLECT=cct,trace GPRT_TRACE_EVENTS=64 \
    GPRT_CCT_NODES=64 ./rrec > /dev/null
put fuzz_gprt gmon.out.gprt
gmon-cat gmon.out > c.raw
gp-sym rrec < c.raw > c.sym
for s in c.raw c.sym; do
	put fuzz_stream "$s"
done

# Tables and specs (fuzz_symspec.c tells the lines).
tab='	'
cat > y1 <<EOT
@main${tab}main.c${tab}10
@fib${tab}fib.c${tab}3
#spin${tab}fib.c${tab}20
@odd${tab}cyc.c${tab}5
@even${tab}cyc.c${tab}12
%_mcount
@never
>0 1 1
>1 1 20
>1 2 21
>0 3 2
>3 4 5
>4 3 4
=1 30
=2 50
=4 7
d
pfib
Pspin
qmain/fib
Qodd
efib.c
E12
fcyc.c:odd
Fmain
nfib.c:3
Nspin
kfib/spin
Tincl-flat${tab}main
EOT
put fuzz_symspec y1
cat > y2 <<EOT
L_
@_a${tab}a.c${tab}1
@_b${tab}a.c${tab}9
#_c${tab}b.c${tab}2
>0 1 3
>1 2 3
>2 0 3
=0 1
=1 2
=2 3
pa
q/b
Qa.c:9/
k:1/b.c:2
EOT
put fuzz_symspec y2
cd "$work" && mkdir in && cd in
inputseeds
ls -l "$here"/corpus/*
