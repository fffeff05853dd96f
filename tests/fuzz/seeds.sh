#!/bin/sh
#
# seeds.sh PREFIX: make the fuzz targets' seed corpora from real runs,
# into corpus/TARGET/ next to this script (files named by their content).
#
# PREFIX is an installation of this tree (bmake -f Mkfile install
# PREFIX=... DESTDIR=): its gmon-cat, gp-sym, gp-hist and gp-arcs make
# the streams, its libgprt the companion files.  Needs cc with -pg, perl.
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

set -eu

[ $# -eq 1 ] || { echo "usage: seeds.sh PREFIX" >&2; exit 1; }
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
ls -l "$here"/corpus/*
