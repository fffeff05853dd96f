#! /usr/bin/atf-sh
#
# The layers of ARCHITECTURE.md hold in the code: libgp's includes point
# down the layers only, they make no cycle, plugins and the runtime see no
# libgp header, and ARCHITECTURE.md names every file of libgp.

top=$(atf_get_srcdir)/../..

# The rank of a libgp file (path below libgp/), as ARCHITECTURE.md lists
# the layers from the bottom up; gmon 2, then gprt and sym side by side.
rank()
{
	case $1 in
	stream/*)		echo 0 ;;
	plugin/search.[ch]|plugin/load.[ch]|plugin/record.[ch])
				echo 1 ;;
	gmon/*)			echo 2 ;;
	gprt/*|sym/*)		echo 3 ;;
	analysis/*)		echo 4 ;;
	report/*)		echo 5 ;;
	plugin/*)		echo 6 ;;
	*)			echo 99 ;;
	esac
}

# "FILE INCLUDED" for every quoted include of libgp's files; a name
# without a folder is in the including file's folder.
edges()
{
	(cd "$top/libgp" && grep -H '^#include "' */*.[ch]) |
	    sed 's/:#include "\([^"]*\)".*/ \1/' |
	    awk '$2 !~ /\// { d = $1; sub(/\/[^\/]*$/, "/", d); $2 = d $2 } 1'
}

atf_test_case down
down_head()
{
	atf_set "descr" "libgp's includes point down its layers only"
}
down_body()
{
	edges >edges
	test -s edges || atf_fail "no includes found under $top/libgp"
	: >bad
	while read -r f i; do
		rf=$(rank "$f") ri=$(rank "$i")
		[ "$rf" = 99 ] && echo "$f: in no layer" >>bad
		[ "$ri" = 99 ] && echo "$f: $i: in no layer" >>bad
		if [ "$ri" -gt "$rf" ]; then
			echo "$f includes $i, a layer above it" >>bad
		elif [ "$ri" = "$rf" ] && [ "${f%%/*}" != "${i%%/*}" ]; then
			echo "$f includes $i, a layer beside it" >>bad
		fi
	done <edges
	atf_check -o empty cat bad
}

atf_test_case nocycle
nocycle_head()
{
	atf_set "descr" "libgp's include graph has no cycle"
}
nocycle_body()
{
	edges | awk '$1 != $2' >edges
	test -s edges || atf_fail "no includes found"
	# tsort(1) names the files of every cycle it meets on stderr.
	atf_check -o ignore -e empty tsort edges
}

atf_test_case outside
outside_head()
{
	atf_set "descr" "plugins and the runtime include no libgp header" \
	    "but the search path parser libgprt compiles in"
}
outside_body()
{
	# libgp's headers by their folder-qualified names; libgprt compiles
	# libgp/plugin/search.c, libc only (ARCHITECTURE.md).
	(cd "$top/libgp" && ls */*.h) | grep -v '^plugin/search\.h$' |
	    sed 's/^/"/; s/$/"/' >headers
	test -s headers || atf_fail "no libgp headers found"
	find "$top/plugins" "$top/runtime/libgprt" -name '*.[ch]' |
	    xargs grep -HF -f headers >bad || true
	atf_check -o empty cat bad
}

atf_test_case mapped
mapped_head()
{
	atf_set "descr" "ARCHITECTURE.md names every source file of libgp"
}
mapped_body()
{
	(cd "$top/libgp" && ls */*.c) >files
	test -s files || atf_fail "no sources found"
	: >bad
	while read -r f; do
		grep -q "\`${f##*/}\`" "$top/ARCHITECTURE.md" ||
		    echo "$f is not in ARCHITECTURE.md" >>bad
	done <files
	atf_check -o empty cat bad
}

atf_init_test_cases()
{
	atf_add_test_case down
	atf_add_test_case nocycle
	atf_add_test_case outside
	atf_add_test_case mapped
}
