#!/bin/sh
#
# gp-sym.sh [-n runs] [file]
#
# Times, side by side in one run, the start-up work of GNU gprof (reading
# an executable's symbols and the source line of each through libbfd) and
# gp-sym doing the same for the same file, and prints the ratio.
#
# file is a large ELF file with DWARF debugging information; by default the
# largest libpython*.so with a .debug_info section under ~/.pyenv,
# /usr/local/lib or /usr/lib, else a C program of 10000 functions in 50
# files (a seventh of them static, with types and inline functions from a
# shared header) generated and compiled with -g here (about a minute).
# gprof runs with a one-bin histogram over the file's .text, printing the
# flat profile with -b -p; gp-sym reads an empty stream.  The best of the
# runs (default 5) counts.  gp-sym comes from PATH, or GP_SYM.
#
# Also timed: gp-sym with GP_SYM_BFDLINES=1, which asks libbfd for every
# symbol's line the way gprof does, to show where the time goes.

set -e

runs=5
if [ "$1" = -n ]; then
	runs=$2
	shift 2
fi
gpsym=${GP_SYM:-gp-sym}
command -v "$gpsym" >/dev/null || { echo "gp-sym.sh: no $gpsym" >&2; exit 1; }
command -v gprof >/dev/null || { echo "gp-sym.sh: no gprof" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/gp-sym-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

hasdebug()
{
	readelf -S -W "$1" 2>/dev/null | grep -q ' \.debug_info '
}

file=$1
if [ -z "$file" ]; then
	for f in $(ls -S $HOME/.pyenv/versions/*/lib/libpython3*.so* \
	    /usr/local/lib/libpython3*.so* \
	    /usr/lib/*/libpython3*.so* 2>/dev/null); do
		if [ -f "$f" ] && [ ! -L "$f" ] && hasdebug "$f"; then
			file=$f
			break
		fi
	done
fi
if [ -z "$file" ]; then
	echo "gp-sym.sh: no large library with debugging information;" \
	    "generating a program of 10000 functions" >&2
	awk -v dir="$work" 'BEGIN {
		h = dir "/common.h"
		for (t = 0; t < 40; t++) {
			printf "struct s%d { int a%d; long b; char c[%d]; " \
			    "struct s%d *next; };\n", t, t, t + 1, t >h
			printf "static inline int in%d(struct s%d *p, int x)\n" \
			    "{\n\tint i, r = 0;\n\n" \
			    "\tfor (i = 0; i < x; i++)\n" \
			    "\t\tr += p->a%d + i;\n\treturn r;\n}\n", \
			    t, t, t >h
		}
		close(h)
		for (f = 0; f < 50; f++) {
			out = dir "/f" f ".c"
			print "#include \"common.h\"" >out
			print "static volatile int sink;" >out
			for (i = 0; i < 200; i++) {
				n = f * 200 + i
				t = n % 40
				st = n % 7 == 2 ? "static " : ""
				printf "%sint\nfn%d(int x)\n{\n" \
				    "\tstruct s%d v = { x };\n" \
				    "\tint k;\n\n" \
				    "\tfor (k = 0; k < x; k++)\n" \
				    "\t\tsink += in%d(&v, k);\n" \
				    "\treturn x * %d + sink;\n}\n", \
				    st, n, t, t, n >out
				if (st != "")
					printf "int\nuse%d(int x)\n{\n" \
					    "\treturn fn%d(x);\n}\n", n, n >out
			}
			close(out)
		}
		print "int main(void) { return 0; }" >(dir "/main.c")
	}'
	cc -g -O1 -I"$work" -o "$work/big" "$work"/f*.c "$work/main.c"
	file=$work/big
fi

# The file's .text bounds from gp-sym's exe record, and a gmon.out with
# one empty bin over them.
printf 'gp-stream\t1\n' >"$work/hdr"
"$gpsym" "$file" <"$work/hdr" >"$work/table"
set -- $(awk -F '\t' '$1 == "exe" { print $4, $5, $6, $7, $8 }' \
    "$work/table")
lo=$1 hi=$2 nsyms=$3 width=$4 order=$5
withline=$(awk -F '\t' '$1 == "sym" && $6 != ""' "$work/table" | wc -l)
if [ "$width" != 64 ] || [ "$order" != le ]; then
	echo "gp-sym.sh: $file is not a 64-bit little-endian file" >&2
	exit 1
fi
perl -e '
	my ($lo, $hi) = map { hex } @ARGV;
	print "gmon", pack("V", 1), "\0" x 12;
	print "\0", pack("Q<Q<VV", $lo, $hi, 1, 100), pack("a15", "seconds"),
	    "s", pack("v", 0);
' "$lo" "$hi" >"$work/gmon.out"
gprof -b -p "$file" "$work/gmon.out" >/dev/null

# best NAME CMD...: the best wall time of $runs runs of CMD, in seconds.
best()
{
	perl -MTime::HiRes=time -e '
		my $runs = shift;
		my $best;
		for (1 .. $runs) {
			my $t = time;
			system(@ARGV) == 0 or die "failed: @ARGV\n";
			$t = time - $t;
			$best = $t if !defined $best || $t < $best;
		}
		printf "%.4f\n", $best;
	' "$runs" sh -c "$*"
}

tg=$(best "gprof -b -p '$file' '$work/gmon.out' >/dev/null")
ts=$(best "'$gpsym' '$file' <'$work/hdr' >/dev/null")
tb=$(best "GP_SYM_BFDLINES=1 '$gpsym' '$file' <'$work/hdr' >/dev/null")

size=$(wc -c <"$file")
echo "file:    $file ($((size / 1048576)) MiB, $nsyms symbols, $withline with a source line)"
echo "runs:    best of $runs"
printf 'gprof -b -p                     %8.4f s\n' "$tg"
printf 'gp-sym                          %8.4f s\n' "$ts"
printf 'gp-sym, lines asked of libbfd   %8.4f s\n' "$tb"
awk -v g="$tg" -v s="$ts" -v b="$tb" 'BEGIN {
	printf "ratio gprof / gp-sym:           %8.1f\n", g / s
	printf "ratio libbfd lines / gp-sym:    %8.1f\n", b / s
}'
