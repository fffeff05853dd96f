# Shared helpers for the atf-sh tests.  Source with
#	. "$(atf_get_srcdir)/../lib.sh"

# Directory of the shared test programs (tests/progs).
progs=$(atf_get_srcdir)/../progs

# stage: the installation under test: $GP_STAGE (bmake -f Mkfile test),
# else the prefix of the gp-fmt in PATH.
stage()
{
	if [ -n "${GP_STAGE:-}" ]; then
		echo "$GP_STAGE"
		return
	fi
	_d=$(command -v gp-fmt) || atf_fail "no GP_STAGE and no gp-fmt in PATH"
	(cd "$(dirname "$_d")/.." && pwd)
}

# pgbuild OUT CC-ARGS...: compile and link with gcc -pg into OUT.
pgbuild()
{
	_out=$1
	shift
	atf_check -o ignore -e ignore cc -pg -o "$_out" "$@"
}

# pgrun PROG [ARGS...]: run PROG (built by pgbuild) in the current
# directory; it leaves gmon.out there.
pgrun()
{
	rm -f gmon.out
	atf_check -o ignore -e ignore "$@"
	test -s gmon.out || atf_fail "$1 left no gmon.out"
}

# oneline REGEX COMMAND [ARG...]: COMMAND fails with exit status 1,
# writes nothing to stdout and exactly one line to stderr, a line that
# the extended regular expression REGEX matches (anchor it with ^ and
# $ to match the whole line).  The line is left in the file err.
oneline()
{
	_re=$1
	shift
	atf_check -s exit:1 -o empty -e save:err "$@"
	test "$(wc -l <err)" -eq 1 || atf_fail "$*: not one line: $(cat err)"
	grep -Eq -e "$_re" err ||
	    atf_fail "$*: '$(cat err)' does not match '$_re'"
}

# patch FILE OFFSET FORMAT VALUE: overwrite bytes with perl's pack.
patch()
{
	atf_check perl -e 'open F, "+<:raw", $ARGV[0] or die; seek F, $ARGV[1], 0;
	    print F pack($ARGV[2], $ARGV[3]); close F or die' "$@"
}

# oneliner NAME: README.md's code block after "<!-- oneliner: NAME -->",
# as the script NAME.sh.
oneliner()
{
	awk -v name="$1" '
	    $0 == "<!-- oneliner: " name " -->" { want = 1; next }
	    want && /^```/ { if (inside) exit; inside = 1; next }
	    inside { print }' "$(atf_get_srcdir)/../../README.md" >"$1.sh"
	test -s "$1.sh" || atf_fail "README.md has no one-liner '$1'"
}

# chrome ARGS...: headless Chromium, which may read local files.
chrome()
{
	timeout 120 chromium --headless --no-sandbox --disable-gpu \
	    --allow-file-access-from-files --window-size=1280,800 \
	    --virtual-time-budget=5000 "$@" 2>/dev/null
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

# need PROG...: skip unless every PROG is installed.
need()
{
	for _p in "$@"; do
		command -v "$_p" >/dev/null ||
		    atf_skip "$_p is not installed"
	done
}

# perfok: perf can record cpu-clock stacks here, or the case is skipped
# with the reason.  The machine's settings are never changed: an
# unprivileged user needs kernel.perf_event_paranoid at most 1 (the
# tests sample the kernel's frames too) or CAP_PERFMON.
perfok()
{
	command -v perf >/dev/null || atf_skip "perf is not installed"
	if ! perf record -q -e cpu-clock -g -o ok.data -- true \
	    >/dev/null 2>perfok.err; then
		_p=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null)
		atf_skip "perf record -e cpu-clock -g fails here" \
		    "(kernel.perf_event_paranoid is ${_p:-unknown};" \
		    "it needs root, CAP_PERFMON or a setting of at most 1):" \
		    "$(head -n 1 perfok.err)"
	fi
	rm -f ok.data perfok.err
}
