#! /usr/bin/atf-sh
#
# The gp-stream(5) reader and writer (libgp/stream/), through the
# streamcheck driver compiled here from the source tree.

. "$(atf_get_srcdir)/../lib.sh"

top=$(atf_get_srcdir)/../..

build()
{
	atf_check cc -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror \
	    -DGP_VERSION='"test"' -I"$top/libgp" \
	    -o streamcheck "$(atf_get_srcdir)/streamcheck.c" \
	    "$top"/libgp/stream/*.c -lm
}

atf_test_case copy_verbatim
copy_verbatim_head()
{
	atf_set "descr" "Records of any kind come back byte for byte"
}
copy_verbatim_body()
{
	build
	printf 'gp-stream\t1\nsym\t0\t0x10\tfoo bar\\tbaz\t\nx-user\t\t\n' \
	    >in
	printf 'arc\t0x1\t0x2\t3\ngp-stream\t1\nnote\tC++ a::b(int, char*)\n' \
	    >>in
	# a second header (two streams concatenated) is dropped
	grep -v '^gp-stream' in | sed '1i\
gp-stream	1' >want
	atf_check -o file:want ./streamcheck copy <in
}

atf_test_case long_lines
long_lines_head()
{
	atf_set "descr" "Lines longer than the read buffer survive"
}
long_lines_body()
{
	build
	awk 'BEGIN { printf "gp-stream\t1\nbins\t0\t0"
	    for (i = 0; i < 200000; i++) printf "\t%d", i
	    printf "\n"
	    for (i = 0; i < 1000; i++) printf "arc\t0x%x\t0x10\t%d\n", i, i }' >in
	atf_check -o file:in ./streamcheck copy <in
}

atf_test_case fields_unescape
fields_unescape_head()
{
	atf_set "descr" "Escaped names come back with their TAB and backslash"
}
fields_unescape_body()
{
	build
	printf 'gp-stream\t1\nsym\ta\\tb\\\\c\\x41\n' >in
	printf 'gp-stream\t1\nfield\t0\tsym\nfield\t1\ta\\tb\\\\cA\n' >want
	atf_check -o file:want ./streamcheck fields <in
	printf 'gp-stream\t1\nsym\tbad\\q\n' >bad
	atf_check -s exit:1 -o ignore \
	    -e match:'<stdin>:2: sym: field 2: bad escape' \
	    ./streamcheck fields <bad
}

atf_test_case doubles_roundtrip
doubles_roundtrip_head()
{
	atf_set "descr" "Times written and read back are the same double"
}
doubles_roundtrip_body()
{
	build
	atf_check -o inline:'0 bad\n' ./streamcheck dbl 300000 1
	atf_check -o inline:'0 bad\n' ./streamcheck dbl 300000 $$
}

atf_test_case escapes_roundtrip
escapes_roundtrip_head()
{
	atf_set "descr" "Every one- and two-byte string escapes and comes back"
}
escapes_roundtrip_body()
{
	build
	atf_check -o inline:'0 bad\n' ./streamcheck esc
}

atf_test_case numbers
numbers_head()
{
	atf_set "descr" "Bounded number parsing accepts the limits, refuses past them"
}
numbers_body()
{
	build
	printf 'gp-stream\t1\nx\t0xffffffffffffffff\nx\tAB\n' >in
	atf_check -o inline:'0xffffffffffffffff\n0xab\n' ./streamcheck num hex <in
	printf 'gp-stream\t1\nx\t18446744073709551615\n' >in
	atf_check -o inline:'18446744073709551615\n' ./streamcheck num u64 <in
	printf 'gp-stream\t1\nx\t-9223372036854775808\n' >in
	atf_check -o inline:'-9223372036854775808\n' ./streamcheck num i64 <in
	for bad in 0x 0x10000000000000000 0xg1 ''; do
		printf 'gp-stream\t1\nx\t%s\n' "$bad" >in
		atf_check -s exit:1 -e match:'<stdin>:2: x: field 2: bad address' \
		    ./streamcheck num hex <in
	done
	for bad in 18446744073709551616 -1 1x ''; do
		printf 'gp-stream\t1\nx\t%s\n' "$bad" >in
		atf_check -s exit:1 -e match:'<stdin>:2: x: field 2: bad number' \
		    ./streamcheck num u64 <in
	done
	printf 'gp-stream\t1\nx\n' >in
	atf_check -s exit:1 -e match:'<stdin>:2: x: field 2 missing' \
	    ./streamcheck num dbl <in
	printf 'gp-stream\t1\nx\t1e999\n' >in
	atf_check -s exit:1 -e match:'bad number .1e999.' \
	    ./streamcheck num dbl <in
}

atf_test_case bad_streams
bad_streams_head()
{
	atf_set "descr" "A stream without header, of another version, or cut short"
}
bad_streams_body()
{
	build
	printf 'arc\t0x1\t0x2\t3\n' >in
	atf_check -s exit:1 -e match:'<stdin>:1: not a gp-stream' \
	    ./streamcheck copy <in
	printf 'gp-stream\t2\n' >in
	atf_check -s exit:1 -e match:'stream version 2 not known' \
	    ./streamcheck copy <in
	printf 'gp-stream\t1\narc\t0x1' >in
	atf_check -s exit:1 -o ignore -e match:'<stdin>:2: last line has no newline' \
	    ./streamcheck copy <in
	: >in
	atf_check -s exit:1 -e match:'<stdin>: empty stream' ./streamcheck copy <in
}

atf_test_case declared_counts
declared_counts_head()
{
	atf_set "descr" "A stream of a few kilobytes that declares huge counts (bins, symbols, nodes, arcs, cycles, histograms, blocks) costs every stage under 64 MB, and gives a one-line error or a report"
	atf_set "require.progs" "cc awk /usr/bin/time"
}
declared_counts_body()
{
	pgbuild prog "$progs/recurse.c"
	pgrun ./prog
	gmon-cat gmon.out | gp-sym prog | gp-hist | gp-arcs >full ||
	    atf_fail "pipeline failed"
	# kind:field:value; the bins record: one sample at the last bin of
	# a histogram that declares 2^32 - 1 bins
	for spec in hist:5:4294967295 hist:5:1000000000 exe:6:4294967295 \
	    histsum:7:2147483647 graph:3:4294967295 graph:4:4294967295 \
	    graph:5:4294967295 bins; do
		k=${spec%%:*} r=${spec#*:}
		if [ "$spec" = bins ]; then
			awk -F '\t' -v OFS='\t' '$1 == "hist" { $5 = 1000000000 }
			    { print }
			    $1 == "hist" { print "bins", $2, 999999999, 7 }' full >h
			printf 'bbrec\t0\t4294967295\n' >>h
		else
			f=${r%%:*} v=${r#*:}
			awk -F '\t' -v OFS='\t' -v k=$k -v f=$f -v v=$v \
			    '$1 == k { $f = v } { print }' full >h
		fi
		for t in "gmon-cat -" "gp-sym prog" gp-hist gp-arcs gp-fmt \
		    "gp-fmt -o json,raw" "gp-fmt -o dot" "gp-fmt -o callgrind"; do
			/usr/bin/time -f %M -o rss $t <h >/dev/null 2>err
			rc=$?
			[ $rc -le 1 ] || atf_fail "$spec: $t: exit $rc: $(cat err)"
			[ $rc -eq 0 ] || [ "$(wc -l <err)" -eq 1 ] ||
			    atf_fail "$spec: $t: not one line: $(cat err)"
			kb=$(tail -n 1 rss)
			[ -n "${GP_SANITIZED:-}" ] || [ "$kb" -lt 65536 ] ||
			    atf_fail "$spec: $t: $kb KB"
		done
	done
}

atf_test_case message_escapes
message_escapes_head()
{
	atf_set "descr" "Bytes of the input in messages are escaped as in the stream: a CR from a CRLF stream, an escape sequence"
}
message_escapes_body()
{
	printf 'gp-stream\t1\r\n' >crlf
	atf_check -s exit:1 -e save:err gp-fmt crlf
	atf_check -o match:'^gp-fmt: crlf:1: gp-stream: stream version 1\\r not known' cat err
	atf_check -s exit:1 grep -q "$(printf '\r')" err
	printf 'gp-stream\t1\nhist\t0\t0x0\t\033[31mred\t4\t100\tseconds\ts\n' >esc
	atf_check -s exit:1 -e save:err gp-hist esc
	atf_check -s exit:1 grep -q "$(printf '\033')" err
	atf_check -o match:'\\x1b\[31mred' cat err
}

atf_init_test_cases()
{
	atf_add_test_case message_escapes
	atf_add_test_case declared_counts
	atf_add_test_case copy_verbatim
	atf_add_test_case long_lines
	atf_add_test_case fields_unescape
	atf_add_test_case doubles_roundtrip
	atf_add_test_case escapes_roundtrip
	atf_add_test_case numbers
	atf_add_test_case bad_streams
}
