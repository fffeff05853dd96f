# Helpers for the libgprt tests.  Source with
#	. "$(atf_get_srcdir)/rtlib.sh"

. "$(atf_get_srcdir)/../lib.sh"

src=$(atf_get_srcdir)

# rtbuild OUT CC-ARGS...: compile at -O0 with -finstrument-functions and
# link with the staged libgprt.
rtbuild()
{
	_out=$1
	shift
	_s=$(stage)
	atf_check -o ignore -e ignore cc -O0 -finstrument-functions \
	    -o "$_out" "$@" -L"$_s/lib" -lgprt -Wl,-rpath,"$_s/lib"
}

# rtrun PROG [ARGS...]: run PROG (built by rtbuild) in the current
# directory without sampling; it leaves gmon.out and gmon.out.gprt.
rtrun()
{
	rm -f gmon.out gmon.out.gprt
	atf_check -o ignore -e ignore env GPRT_HZ=0 "$@"
	test -s gmon.out || atf_fail "$1 left no gmon.out"
	test -s gmon.out.gprt || atf_fail "$1 left no gmon.out.gprt"
}

# calls PROG GMON: the flat profile's functions that have a call count,
# "name calls", sorted.
calls()
{
	gprof -b -p "$1" "$2" | awk 'NF == 7 && $4 ~ /^[0-9]+$/ { print $7, $4 }' |
	    sort
}

# arcs PROG GMON: cgarcs of gprof's call graph of PROG and GMON.
arcs()
{
	gprof -b -q -z "$1" "$2" | cgarcs
}

# check PROG STREAM [ZERO]: times.awk over PROG's symbols and STREAM
# (ZERO: times.awk's zero variable, empty by default)
check()
{
	nm -n --defined-only "$1" > syms
	atf_check -o empty awk -f "$src/times.awk" -v zero="${3:-}" syms "$2"
}

# ncalls PROG DUMP FUNC: the calls of FUNC in DUMP (gprt-dump -m)
ncalls()
{
	_a=$(nm "$1" | awk -v f="$3" '$3 == f { sub(/^0+/, "", $1); print "0x" $1 }')
	awk -F '\t' -v a="$_a" '$1 == "marc" && $6 == a { n += $7 }
	    END { print n + 0 }' "$2"
}
