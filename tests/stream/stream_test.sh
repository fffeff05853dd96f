#! /usr/bin/atf-sh
#
# The gp-stream(5) reader and writer (libgp/stream.c), through the
# streamcheck driver compiled here from the source tree.

top=$(atf_get_srcdir)/../..

build()
{
	atf_check cc -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror \
	    -I"$top/libgp" -o streamcheck "$(atf_get_srcdir)/streamcheck.c" \
	    "$top/libgp/stream.c" "$top/libgp/fmtdbl.c" -lm
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

atf_init_test_cases()
{
	atf_add_test_case copy_verbatim
	atf_add_test_case long_lines
	atf_add_test_case fields_unescape
	atf_add_test_case doubles_roundtrip
	atf_add_test_case escapes_roundtrip
	atf_add_test_case numbers
	atf_add_test_case bad_streams
}
