#! /usr/bin/atf-sh
#
# Programs nobody here wrote, from Debian's source packages (corpus.sh),
# profiled as users build them, printed by gprof 2.40 and by gp and the
# pipeline with every option set of the matrix: not one byte may differ.
# The corpus is fetched and built once into a cache (~/.cache/gptools or
# $GP_CORPUS); without the network and an empty cache the cases fail.

. "$(atf_get_srcdir)/../lib.sh"
. "$(atf_get_srcdir)/matrix.sh"

# one CASE NAME VARIANT DESCRIPTION [OPTS...]: a case running the matrix
# on one build, less the option sets OPTS.
one()
{
	_case=$1 _name=$2 _var=$3 _descr=$4
	shift 4
	eval "atf_test_case $_case
	${_case}_head()
	{
		atf_set descr \"$_descr\"
		atf_set require.progs \"gprof gcc g++ clang nm apt-get tclsh\"
		atf_set timeout 1800
	}
	${_case}_body()
	{
		corpus $_name:$_var
		matrix $_name $_var $(printf '\"%s\" ' "$@")
	}"
	cases="$cases $_case"
}

one lua_O0 lua pg-O0 "lua 5.4 interpreter, gcc -pg -O0 -g"
one lua_O2 lua pg-O2 "lua 5.4 interpreter, gcc -pg -O2 -g"
one lua_clang lua pg-clang-O1 "lua 5.4 interpreter, clang -pg -O1 -g"
one bzip2_O0 bzip2 pg-O0 "bzip2, gcc -pg -O0 -g"
one bzip2_O2 bzip2 pg-O2 "bzip2, gcc -pg -O2 -g"
one bzip2_clang bzip2 pg-clang-O1 "bzip2, clang -pg -O1 -g"
one minigzip_nog minigzip pg-O2-nog "zlib's minigzip, gcc -pg -O2 without -g"
one lz4_O2 lz4 pg-O2 "lz4, gcc -pg -O2 -g"
# sqlite3: line-level left out, gprof -l takes minutes on its 1.3 MB of
# code (it asks libbfd for the line of every byte, twice).
one sqlite3_O2 sqlite3 pg-O2 "sqlite3's shell (thousands of functions), gcc -pg -O2 -g" \
    "-b -l" "-b -l -p"
one tinyxml2_O2 tinyxml2 pg-O2 "tinyxml2 with a small driver, g++ -pg -O2 -g"
one tinyxml2_clang tinyxml2 pg-clang-O1 "tinyxml2 with a small driver, clang++ -pg -O1 -g"

atf_init_test_cases()
{
	for c in $cases; do
		atf_add_test_case $c
	done
}
