# Shared helpers of the gprof compatibility tests.  Source after lib.sh:
#	. "$(atf_get_srcdir)/../lib.sh"
#	. "$(atf_get_srcdir)/compat.sh"
#
# Every check runs the installed GNU gprof and the gptools pipeline on the
# same executable and profiles and wants not one differing byte.

compat=$(atf_get_srcdir)

# The option sets every profile is printed with besides none, one a line.
optsets='-b
-p
-q
-z
-T
-b -p
-b -q
-b -z
-T -b
-T -z
-T -p
-T -q
-w 120
-w 30
-b -z -w 200'

# cxxbuild OUT SOURCES...: compile C++ with g++ -pg into OUT.
cxxbuild()
{
	_out=$1
	shift
	atf_check -o ignore -e ignore c++ -pg -o "$_out" "$@"
}

# profile PROG FILE [ARGS...]: run PROG, keep its gmon.out as FILE.
profile()
{
	_p=$1 _f=$2
	shift 2
	pgrun "$_p" "$@"
	mv gmon.out "$_f"
}

# bsdcopy [-old] IN OUT: the profile IN in the 4.4BSD (or old BSD) layout.
bsdcopy()
{
	if [ "$1" = -old ]; then
		atf_check -o save:"$3" perl "$compat/gnu2bsd.pl" -old <"$2"
	else
		atf_check -o save:"$2" perl "$compat/gnu2bsd.pl" <"$1"
	fi
}

# gmonedit IN OUT EDIT...: the profile IN edited by gmonedit.pl EDIT.
gmonedit()
{
	_in=$1 _out=$2
	shift 2
	atf_check -o save:"$_out" perl "$compat/gmonedit.pl" "$@" <"$_in"
}

# expect PROG OPTS FILE...: gprof's report into the file "expect".
expect()
{
	_p=$1 _o=$2
	shift 2
	gprof $_o "$_p" "$@" >expect 2>gprof.err ||
	    atf_fail "gprof $_o $_p $*: $(cat gprof.err)"
}

# same PROG OPTS FILE...: the full pipeline prints what gprof prints.
same()
{
	expect "$@"
	atf_check -o file:expect -e empty sh -c \
	    'p=$1 o=$2; shift 2
	    gmon-cat "$@" | gp-sym "$p" | gp-hist | gp-arcs | gp-fmt $o' \
	    sh "$@"
}

# same_short PROG OPTS FILE...: so do the pipeline without gp-hist and
# the one without gp-hist and gp-arcs.
same_short()
{
	expect "$@"
	atf_check -o file:expect -e empty sh -c \
	    'p=$1 o=$2; shift 2
	    gmon-cat "$@" | gp-sym "$p" | gp-arcs | gp-fmt $o' \
	    sh "$@"
	atf_check -o file:expect -e empty sh -c \
	    'p=$1 o=$2; shift 2
	    gmon-cat "$@" | gp-sym "$p" | gp-fmt $o' \
	    sh "$@"
}

# all_same PROG FILE...: same, with no options and with every option set.
all_same()
{
	_prog=$1
	shift
	same "$_prog" "" "$@"
	_ifs=$IFS
	IFS='
'
	for _opts in $optsets; do
		IFS=$_ifs
		same "$_prog" "$_opts" "$@"
	done
	IFS=$_ifs
}

# check_all PROG: with the profiles gmon.1 and gmon.2 of two runs of PROG,
# every option set on gmon.1, on its 4.4BSD copy and on both runs summed;
# a few on its old BSD copy; a few through the short pipelines.
check_all()
{
	_cprog=$1
	all_same "$_cprog" gmon.1
	bsdcopy gmon.1 bsd44.out
	all_same "$_cprog" bsd44.out
	bsdcopy -old gmon.1 bsd42.out
	same "$_cprog" "" bsd42.out
	same "$_cprog" "-T" bsd42.out
	same "$_cprog" "-b -z" bsd42.out
	all_same "$_cprog" gmon.1 gmon.2
	same_short "$_cprog" "" gmon.1
	same_short "$_cprog" "-T -z" gmon.1
	same_short "$_cprog" "-b -w 50" gmon.1 gmon.2
}
