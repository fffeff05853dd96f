#! /usr/bin/atf-sh
#
# Every command answers -V with its name, "(gptools)" and the tree's one
# VERSION, on the standard output, and exits 0; gp keeps gprof's --version.

top=$(atf_get_srcdir)/../..

atf_test_case every
every_head()
{
	atf_set "descr" "-V on every command prints NAME (gptools) VERSION"
}
every_body()
{
	v=$(cat "$top/VERSION")
	[ -n "$v" ] || atf_fail "no VERSION at the top of the tree"
	n=0
	for d in "$top"/cmd/*/ "$top/runtime/gprt-dump/"; do
		t=$(basename "$d")
		atf_check -o inline:"$t (gptools) $v\n" -e empty "$t" -V
		n=$((n + 1))
	done
	[ "$n" -ge 8 ] || atf_fail "only $n commands found"
}

atf_test_case gprof_version
gprof_version_head()
{
	atf_set "descr" "gp --version and -v print the version as gprof's do"
}
gprof_version_body()
{
	v=$(cat "$top/VERSION")
	for o in --version -v; do
		atf_check -o match:"^gp \\(gptools\\) $v\$" -e empty gp $o
	done
}

atf_init_test_cases()
{
	atf_add_test_case every
	atf_add_test_case gprof_version
}
