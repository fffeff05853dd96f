# Shared helpers for the atf-sh tests.  Source with
#	. "$(atf_get_srcdir)/../lib.sh"

# Directory of the shared test programs (tests/progs).
progs=$(atf_get_srcdir)/../progs

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

# need PROG...: skip unless every PROG is installed.
need()
{
	for _p in "$@"; do
		command -v "$_p" >/dev/null ||
		    atf_skip "$_p is not installed"
	done
}

# perfok: perf can record cpu-clock stacks here, or the case is skipped
perfok()
{
	command -v perf >/dev/null || atf_skip "perf is not installed"
	if ! perf record -q -e cpu-clock -g -o ok.data -- true \
	    >/dev/null 2>&1; then
		if [ "$(id -u)" -eq 0 ] &&
		    echo -1 >/proc/sys/kernel/perf_event_paranoid 2>/dev/null
		then
			perf record -q -e cpu-clock -g -o ok.data -- true \
			    >/dev/null 2>&1 ||
			    atf_skip "perf record fails here even with" \
			    "perf_event_paranoid -1"
		else
			atf_skip "perf_event_paranoid forbids perf record" \
			    "and we are not root to lower it"
		fi
	fi
	rm -f ok.data
}
