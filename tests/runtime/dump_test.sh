#! /usr/bin/atf-sh
#
# gprt-dump: usage, the raw layer against gmon-cat's reading of gmon.out,
# and bad input: one line naming the file, the byte offset and what is
# wrong, exit status 1.

. "$(atf_get_srcdir)/rtlib.sh"

# hdrsize FILE: where the first block starts.
hdrsize()
{
	perl -e 'open F, "<:raw", $ARGV[0] or die; seek F, 16, 0;
	    read F, $b, 4; print unpack("L", $b), "\n"' "$1"
}

# bad FILE REGEX: gprt-dump FILE fails with one line matching REGEX.
bad()
{
	oneline "^gprt-dump: $1: $2" gprt-dump "$1"
}

mkgprt()
{
	rtbuild rt "$progs/rec.c"
	rtrun ./rt
	cp gmon.out.gprt good
}

atf_test_case usage
usage_head()
{
	atf_set "descr" "Usage errors"
}
usage_body()
{
	atf_check -s exit:1 -e match:"^usage: gprt-dump \[-mr\] file" gprt-dump
	atf_check -s exit:1 -e match:"^usage: gprt-dump" gprt-dump -x f
	atf_check -s exit:1 -e match:"^usage: gprt-dump" gprt-dump -g out -m f
	atf_check -s exit:1 -e match:"^usage: gprt-dump" gprt-dump -g out f g
}

atf_test_case raw
raw_head()
{
	atf_set "descr" "-r gives the raw layer gmon-cat reads from gmon.out"
	atf_set "require.progs" "cc gmon-cat"
}
raw_body()
{
	rtbuild rt "$progs/rec.c"
	rm -f gmon.out gmon.out.gprt
	atf_check -o ignore env GPRT_HZ=1000 ./rt
	gmon-cat gmon.out | grep -E '^(hist|bins|arc)	' > cat.raw
	gprt-dump -r gmon.out.gprt | grep -E '^(hist|bins|arc)	' > dump.raw
	grep -q '^arc' cat.raw || atf_fail "no arcs from gmon-cat"
	atf_check -o file:cat.raw cat dump.raw
	# and -g writes the same file the runtime wrote at exit
	atf_check gprt-dump -g again.out gmon.out.gprt
	atf_check cmp gmon.out again.out
}

atf_test_case missing
missing_head()
{
	atf_set "descr" "A file that cannot be opened"
}
missing_body()
{
	atf_check -s exit:1 -o empty \
	    -e match:"^gprt-dump: nofile: No such file or directory$" gprt-dump nofile
}

atf_test_case header
header_head()
{
	atf_set "descr" "Empty, bad magic, bad order, version, cut header"
	atf_set "require.progs" "cc perl"
}
header_body()
{
	mkgprt
	: > empty
	bad empty "byte 0: not a gprt companion file \(bad magic\)$"
	cp good magic
	patch magic 0 a8 "gmon.out"
	bad magic "byte 0: not a gprt companion file \(bad magic\)$"
	cp good order
	patch order 12 L 0x11223344
	bad order "byte 12: bad byte-order mark$"
	cp good version
	patch version 8 L 7
	bad version "byte 8: version 7 not supported$"
	head -c 100 good > cut
	bad cut "byte 100: unexpected end of file in the header$"
	cp good end
	patch end 24 Q 99999999
	bad end "byte 24: tables end at 99999999, outside the file's [0-9]+ bytes$"
}

atf_test_case blocks
blocks_head()
{
	atf_set "descr" "Bad block sizes and types, a file cut short"
	atf_set "require.progs" "cc perl"
}
blocks_body()
{
	mkgprt
	h=$(hdrsize good)
	cp good size
	patch size $((h + 8)) Q 3
	bad size "byte $h: bad block size 3$"
	cp good type
	patch type $h L 99
	bad type "byte $h: unknown block type 99$"
	head -c $(($(wc -c < good) - 64)) good > short
	bad short "byte 24: tables end at [0-9]+, outside the file's [0-9]+ bytes$"
	cp good frame
	# the thread's stack offset (struct gprt_thread's field at byte 64)
	# pointing nowhere
	off=$(perl -e 'open F, "<:raw", $ARGV[0] or die; local $/; $d = <F>;
	    $o = $ARGV[1]; while ($o < length $d) {
	    ($t, $th, $s) = unpack("L L Q", substr($d, $o, 16));
	    if ($t == 1) { print $o, "\n"; exit } $o += $s }' good $h)
	patch frame $((off + 64)) Q 12345
	bad frame "byte $off: thread 1: no stack at offset 12345$"
}

atf_init_test_cases()
{
	atf_add_test_case usage
	atf_add_test_case raw
	atf_add_test_case missing
	atf_add_test_case header
	atf_add_test_case blocks
}
