#! /usr/bin/atf-sh
#
# gp-fmt on its own: options, errors, and streams saved, edited and
# printed later.  (The report itself is checked against gprof in
# tests/compat.)

. "$(atf_get_srcdir)/../lib.sh"

# A profile of recurse.c and its analysed stream in prof.gps.
setup()
{
	pgbuild prog "$progs/recurse.c"
	pgrun ./prog
	gmon-cat gmon.out | gp-sym prog | gp-hist | gp-arcs >prof.gps ||
	    atf_fail "pipeline failed"
}

atf_test_case usage
usage_head()
{
	atf_set "descr" "Bad options and operands print the usage, exit 1"
}
usage_body()
{
	atf_check -s exit:1 -e match:"^usage: gp-fmt " gp-fmt -k
	atf_check -s exit:1 -e match:"^usage: gp-fmt " gp-fmt a b
	atf_check -s exit:1 -e match:"^usage: gp-fmt " gp-fmt -w
	for w in 0 12x -3 99999999999; do
		atf_check -s exit:1 -o empty \
		    -e inline:"gp-fmt: width $w: not a number from 1 to 2147483647\n" \
		    gp-fmt -w $w
	done
}

atf_test_case saved_stream
saved_stream_head()
{
	atf_set "descr" "A stream saved after gp-arcs prints as gprof, from a file or stdin"
	atf_set "require.progs" "cc gprof"
}
saved_stream_body()
{
	setup
	gprof prog gmon.out >expect
	atf_check -o file:expect gp-fmt prof.gps
	atf_check -o file:expect gp-fmt - <prof.gps
	atf_check -o file:expect gp-fmt <prof.gps
	atf_check -o file:expect gp-fmt -o text prof.gps
	atf_check -o file:expect gp-fmt --format=gprof prof.gps
	gprof -b -T -z prog gmon.out >expect
	atf_check -o file:expect gp-fmt -bTz prof.gps
	atf_check -o file:expect gp-fmt --brief --traditional \
	    --display-unused-functions prof.gps
	gprof -b -w 100 prog gmon.out >expect
	atf_check -o file:expect gp-fmt --width=100 --brief prof.gps
}

atf_test_case resumed
resumed_head()
{
	atf_set "descr" "A stream saved after gp-sym or gp-hist, resumed later"
	atf_set "require.progs" "cc gprof"
}
resumed_body()
{
	setup
	gprof prog gmon.out >expect
	gmon-cat gmon.out | gp-sym prog >sym.gps
	atf_check -o file:expect sh -c 'gp-hist <sym.gps | gp-arcs | gp-fmt'
	atf_check -o file:expect gp-fmt sym.gps
	gp-hist <sym.gps >hist.gps
	atf_check -o file:expect gp-fmt hist.gps
	# the layers printed twice over are the same layers
	atf_check -o file:expect sh -c 'gp-hist <prof.gps | gp-arcs | gp-fmt'
}

atf_test_case edited
edited_head()
{
	atf_set "descr" "Names edited in the saved stream with awk are printed"
	atf_set "require.progs" "cc gprof awk"
}
edited_body()
{
	setup
	# the ninth field of a sym record is the name as printed
	awk -F '\t' -v OFS='\t' '$1 == "sym" && $9 == "spin" { $9 = "SPIN" }
	    { print }' prof.gps >edited.gps
	gprof -b prog gmon.out | sed 's/ spin / SPIN /; s/ spin$/ SPIN/' >expect
	atf_check -o file:expect gp-fmt -b edited.gps
	# the graph layer is printed as it is, not made anew: an arc's count
	# edited shows
	awk -F '\t' -v OFS='\t' '$1 == "carc" && $4 == 1 && !done {
	    $4 = 77; done = 1 } { print }' prof.gps >arc.gps
	atf_check -o match:"^ .* 77/1 .*fib \[[0-9]*\]$" gp-fmt -b -q arc.gps
	# records no stage knows are carried and ignored
	sed '2i\
x-note	made by hand' prof.gps >noted.gps
	gprof -b prog gmon.out >expect
	atf_check -o file:expect gp-fmt -b noted.gps
}

atf_test_case sections
sections_head()
{
	atf_set "descr" "-p, -q, -P, -Q choose the sections as in gprof"
	atf_set "require.progs" "cc gprof"
}
sections_body()
{
	setup
	for o in -p -q "-p -q" -P -Q "-P -Q" "-p -P" "-q -Q -p" "-T -P"; do
		gprof $o prog gmon.out >expect
		atf_check -o file:expect gp-fmt $o prof.gps
	done
}

atf_test_case bad_input
bad_input_head()
{
	atf_set "descr" "Bad streams: one line naming the file, exit 1"
	atf_set "require.progs" "cc"
}
bad_input_body()
{
	oneline '^gp-fmt: nonexistent: No such file or directory$' \
	    gp-fmt nonexistent
	printf 'not a stream\n' >junk
	oneline '^gp-fmt: junk:1: not a gp-stream: the first line must be "gp-stream<TAB>1"$' \
	    gp-fmt junk
	: >empty
	oneline '^gp-fmt: empty: empty stream: no "gp-stream" header \(did the stage before fail\?\)$' \
	    gp-fmt empty
	setup
	# no symbol layer
	gmon-cat gmon.out >raw.gps
	oneline '^gp-fmt: no symbol layer in the stream: run it through gp-sym$' \
	    gp-fmt raw.gps
	# a node naming a symbol that does not exist: the file, the line,
	# the record, the field and how many symbols there are
	awk -F '\t' -v OFS='\t' '$1 == "node" && !done { $3 = 999999; done = 1 }
	    { print }' prof.gps >badnode.gps
	l=$(awk -F '\t' '$1 == "node" { print NR; exit }' badnode.gps)
	n=$(grep -c '^sym	' badnode.gps)
	oneline "^gp-fmt: badnode\\.gps:$l: node: field 3: symbol 999999 not in the symbol layer \\($n symbols\\)\$" \
	    gp-fmt badnode.gps
	# a time that is not a number
	awk -F '\t' -v OFS='\t' '$1 == "time" && !done { $3 = "x1"; done = 1 }
	    { print }' prof.gps >badtime.gps
	l=$(awk -F '\t' '$1 == "time" { print NR; exit }' badtime.gps)
	oneline "^gp-fmt: badtime\\.gps:$l: time: field 3: bad number 'x1'\$" \
	    gp-fmt badtime.gps
}

atf_test_case write_error
write_error_head()
{
	atf_set "descr" "A full disk is an error"
	atf_set "require.files" "/dev/full"
	atf_set "require.progs" "cc"
}
write_error_body()
{
	setup
	atf_check -s exit:1 -e inline:'gp-fmt: stdout: No space left on device\n' \
	    sh -c 'gp-fmt prof.gps >/dev/full'
}

atf_test_case demo
demo_head()
{
	atf_set "descr" "share/examples/demo/run.sh prints gprof's report"
	atf_set "require.progs" "cc gprof"
}
demo_body()
{
	atf_check -o match:"^Flat profile:" -o match:"Call graph" \
	    -o match:"<cycle 1 as a whole>" \
	    -e match:"report is byte for byte what gprof prints" \
	    sh "$(atf_get_srcdir)/../../share/examples/demo/run.sh" -b
	atf_check -o match:"^granularity" -o not-match:"Flat profile" \
	    -e ignore \
	    sh "$(atf_get_srcdir)/../../share/examples/demo/run.sh" -T -q
}

atf_init_test_cases()
{
	atf_add_test_case demo
	atf_add_test_case usage
	atf_add_test_case saved_stream
	atf_add_test_case resumed
	atf_add_test_case edited
	atf_add_test_case sections
	atf_add_test_case bad_input
	atf_add_test_case write_error
}
