#! /usr/bin/atf-sh
#
# Every man page in the tree is clean under mandoc -Tlint, and every
# command has one.

top=$(atf_get_srcdir)/../..

atf_test_case lint
lint_head()
{
	atf_set "descr" "mandoc -Tlint -Wwarning finds nothing in any page"
}
lint_body()
{
	find "$top/cmd" "$top/share" "$top/runtime" "$top/plugins" \
	    -name '*.[1-9]' -type f 2>/dev/null | sort |
	    while read -r f; do
		# pages, not build products such as libgprt.so.1
		head -c 200 "$f" | grep -q '^\.Dd' && echo "$f"
	    done >pages
	test -s pages || atf_fail "no man pages found"
	atf_check -o empty -e empty mandoc -Tlint -Wwarning $(cat pages)
}

atf_test_case every_command
every_command_head()
{
	atf_set "descr" "Each cmd/NAME has NAME.1 with EXAMPLES"
}
every_command_body()
{
	for d in "$top"/cmd/*/; do
		n=$(basename "$d")
		test -f "$d/$n.1" || atf_fail "cmd/$n has no $n.1"
		grep -q '^\.Sh EXAMPLES' "$d/$n.1" ||
		    atf_fail "$n.1 has no EXAMPLES section"
	done
}

atf_init_test_cases()
{
	atf_add_test_case lint
	atf_add_test_case every_command
}
