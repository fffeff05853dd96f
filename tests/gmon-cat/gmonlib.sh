# Helpers for gmon-cat's tests.  Source with
#	. "$(atf_get_srcdir)/gmonlib.sh"

. "$(atf_get_srcdir)/../lib.sh"

# conv [key=value ...] IN OUT: rewrite IN with the independent writer.
conv()
{
	atf_check perl "$(atf_get_srcdir)/gmonconv.pl" "$@"
}

# mkprof [ROUNDS]: build work.c with -pg and run it: work and gmon.out.
mkprof()
{
	test -x work || pgbuild work "$(atf_get_srcdir)/work.c"
	pgrun ./work ${1:-300}
}

# records FILE... > OUT: gmon-cat's stream without its profile records.
records()
{
	gmon-cat "$@" > records.tmp || atf_fail "gmon-cat $* failed"
	grep -v '^profile' records.tmp
}

# bad FILE REGEX [ARGS...]: gmon-cat ARGS FILE fails with exit status 1,
# no output and one line "gmon-cat: FILE: ..." matching extended REGEX, within a
# 64 MB address space (so that nothing large is allocated); none under
# the sanitizers, whose shadow memory needs terabytes of address space
# (the stages' memory is checked by peak size in tests/stream then).
vlimit="ulimit -v 65536;"
[ -z "${GP_SANITIZED:-}" ] || vlimit=
bad()
{
	_file=$1
	_re=$2
	shift 2
	oneline "^gmon-cat: $_file: $_re" \
	    sh -c "$vlimit"' exec gmon-cat "$@"' sh "$@" "$_file"
}

# count KIND FILE: the number of KIND records in stream FILE.
count()
{
	awk -F '\t' -v k="$1" '$1 == k { n++ } END { print n + 0 }' "$2"
}

# direct FILE: gmon-cat FILE (straight from the file) prints what its
# model prints (the stream read back, then written).
direct()
{
	gmon-cat "$1" > direct.tmp || atf_fail "gmon-cat $1 failed"
	gmon-cat - < direct.tmp > model.tmp || atf_fail "gmon-cat - failed"
	cmp -s direct.tmp model.tmp ||
	    atf_fail "$1: direct and model streams differ"
}
