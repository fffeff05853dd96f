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

# cgarcs [strip]: the arcs of a gprof-style call graph on stdin without the
# times, one line per arc seen from each end: "entry: parent|child name
# count", sorted.  With strip 1, cycle numbers and the cycles' own entries
# are left out (they depend on the order arcs are met).
cgarcs()
{
	awk -v strip="${1:-0}" '
	/^Index by function name/ { exit }
	/^-+$/ { entry = ""; nheld = 0; next }
	/^$|^index|^granularity|Call graph|^Flat profile/ { next }
	{
		line = $0
		sub(/ *\[[0-9]+\]$/, "", line)
		if (strip)
			gsub(/ <cycle [0-9]+>/, "", line)
		n = split(line, f, " ")
		primary = f[1] ~ /^\[[0-9]+\]$/
		i = primary ? 2 : 1
		while (i <= n && f[i] ~ /^[0-9]+\.[0-9]+$/)
			i++
		count = ""
		if (i <= n && f[i] ~ /^[0-9]+([+\/][0-9]+)?$/)
			count = f[i++]
		name = f[i]
		for (j = i + 1; j <= n; j++)
			name = name " " f[j]
		if (name == "<spontaneous>" ||
		    (strip && name ~ /^<cycle .* as a whole>/))
			next
		if (primary) {
			entry = name
			for (k = 1; k <= nheld; k++)
				print entry ": parent " held[k]
			nheld = 0
		} else if (entry == "")
			held[++nheld] = name " " count
		else
			print entry ": child " name " " count
	}' | sort
}

# arcs PROG GMON: cgarcs of gprof's call graph of PROG and GMON.
arcs()
{
	gprof -b -q -z "$1" "$2" | cgarcs
}
