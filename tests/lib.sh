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
