#! /usr/bin/atf-sh
#
# gmon-cat: bad input gives one line naming the file, the byte offset and
# what was expected, and exit status 1; never a crash, a hang or a large
# allocation (bad() runs gmon-cat in a 64 MB address space).
#
# Offsets in a GNU file with 64-bit addresses: header 0-19, histogram tag
# 20, low_pc 21, high_pc 29, bins 37, rate 41, unit 45, abbreviation 60,
# bins from 61; each arc is 21 bytes.

. "$(atf_get_srcdir)/gmonlib.sh"

# cut FILE N OUT: FILE without its last N bytes.
cut()
{
	head -c $(($(wc -c < "$1") - $2)) "$1" > "$3"
}

atf_test_case empty
empty_head()
{
	atf_set "descr" "An empty file, on a file and on a pipe"
}
empty_body()
{
	: > empty
	bad empty "byte 0: empty file, expected a gmon.out header$"
	atf_check -s exit:1 -o empty \
	    -e inline:"gmon-cat: <stdin>: byte 0: empty file, expected a gmon.out header\n" \
	    sh -c ': | gmon-cat -'
}

atf_test_case header
header_head()
{
	atf_set "descr" "Headers cut short, a bad GNU version"
	atf_set "require.progs" "cc perl"
}
header_body()
{
	mkprof
	head -c 10 gmon.out > h10
	bad h10 "byte 10: file ends inside the 20-byte GNU header$"
	conv layout=bsd44 gmon.out b44
	head -c 8 b44 > b8
	bad b8 "byte 8: file ends inside the [0-9]+-byte (4.4BSD|old BSD) header$"
	head -c 30 b44 > b30
	bad b30 "byte 30: file ends inside the 40-byte 4.4BSD header$" -O 4.4bsd
	head -c 12 b44 > o12
	bad o12 "byte 12: file ends inside the 20-byte old BSD header$" \
	    -O oldbsd -w 64
	cp gmon.out v2
	patch v2 4 V 2
	bad v2 "byte 4: GNU version 2 \\(little-endian\\), expected 0 or 1$"
}

atf_test_case records
records_head()
{
	atf_set "descr" "GNU records cut short"
	atf_set "require.progs" "cc perl"
}
records_body()
{
	mkprof
	head -c 30 gmon.out > hist
	bad hist "byte 20: histogram record cut short: 10 bytes left, its header is 41$"
	head -c 100 gmon.out > bins
	n=$(gmon-cat gmon.out | awk -F '\t' '$1 == "hist" { print $5 }')
	bad bins "byte 37: histogram of $n bins needs $((2 * n)) bytes, 39 left$"
	size=$(wc -c < gmon.out)
	cut gmon.out 3 arc
	bad arc "byte $((size - 21)): arc record cut short: 18 bytes left, expected 21$"
	conv bb=0x10:1,0x20:2 gmon.out bb
	cut bb 5 bb5
	size=$(wc -c < bb)
	bad bb5 "byte $((size - 36)): 2 basic blocks need 32 bytes, 27 left$"
	cut bb 35 bb35
	bad bb35 "byte $((size - 37)): basic-block record cut short: 2 bytes left, expected 5 or more$"
}

atf_test_case tag
tag_head()
{
	atf_set "descr" "An unknown record tag"
	atf_set "require.progs" "cc"
}
tag_body()
{
	mkprof
	cp gmon.out t7
	printf '\007\001\002' >> t7
	size=$(wc -c < gmon.out)
	bad t7 "byte $size: unknown record tag 7, expected 0 \\(histogram\\), 1 \\(arc\\) or 2 \\(basic blocks\\)$"
}

atf_test_case counts
counts_head()
{
	atf_set "descr" "Bin and block counts larger than the file, on a" \
	    "file and on a pipe"
	atf_set "require.progs" "cc perl"
}
counts_body()
{
	mkprof
	cp gmon.out huge
	patch huge 37 V 4294967295
	left=$(($(wc -c < gmon.out) - 61))
	bad huge "byte 37: histogram of 4294967295 bins needs 8589934590 bytes, $left left$"
	atf_check -s exit:1 -o empty \
	    -e inline:"gmon-cat: <stdin>: byte 37: histogram of 4294967295 bins needs 8589934590 bytes, $left left\n" \
	    sh -c "$vlimit cat huge | gmon-cat -"
	conv bb=0x10:1 gmon.out bb
	size=$(wc -c < gmon.out)
	patch bb $((size + 1)) V 4294967295
	bad bb "byte $((size + 1)): 4294967295 basic blocks need 68719476720 bytes, 16 left$"
	conv layout=bsd44 gmon.out b44
	cp b44 bhuge
	patch bhuge 16 V 4294967280
	bad bhuge "byte 16: histogram of 2147483620 bins needs 4294967280 bytes, the file has [0-9]+$"
	cp b44 bsmall
	patch bsmall 16 V 8
	bad bsmall "byte 16: histogram size 8 \\(header and bins\\), expected 40 plus twice the bins$"
	cp b44 bodd
	ncnt=$(perl -e 'open F, "<:raw", $ARGV[0]; seek F, 16, 0; read F, $b, 4;
	    print unpack "V", $b' b44)
	patch bodd 16 V $((ncnt + 1))
	bad bodd "byte 16: histogram size $((ncnt + 1)) \\(header and bins\\), expected 40 plus twice the bins$"
}

atf_test_case bsd
bsd_head()
{
	atf_set "descr" "BSD files cut inside an arc"
	atf_set "require.progs" "cc perl"
}
bsd_body()
{
	mkprof
	for l in bsd44 oldbsd; do
		conv layout=$l gmon.out $l
		cut $l 5 $l.cut
		size=$(wc -c < $l)
		bad $l.cut "byte $((size - 24)): arc record cut short: 19 bytes left, expected 24$"
	done
	conv layout=bsd44 width=32 order=be gmon.out b32
	cut b32 1 b32.cut
	size=$(wc -c < b32)
	bad b32.cut "byte $((size - 12)): arc record cut short: 11 bytes left, expected 12$"
}

atf_test_case lowhigh
lowhigh_head()
{
	atf_set "descr" "low_pc above high_pc"
	atf_set "require.progs" "cc perl"
}
lowhigh_body()
{
	mkprof
	conv lowhigh=1 gmon.out g
	bad g "byte 21: histogram low_pc 0x[0-9a-f]+ above high_pc 0x0$"
	conv layout=bsd44 lowhigh=1 gmon.out b
	bad b "byte 0: histogram low_pc 0x[0-9a-f]+ above high_pc 0x0$"
	conv layout=oldbsd width=32 lowhigh=1 gmon.out o
	bad o "byte 0: histogram low_pc 0x[0-9a-f]+ above high_pc 0x0$" -w 32
}

atf_test_case unreadable
unreadable_head()
{
	atf_set "descr" "Files that cannot be read or written"
	atf_set "require.progs" "cc"
}
unreadable_body()
{
	mkprof
	bad missing "No such file or directory$"
	mkdir dir
	bad dir "Is a directory$"
	atf_check -s exit:1 -o empty \
	    -e inline:"gmon-cat: missing: No such file or directory\n" \
	    gmon-cat gmon.out missing
	atf_check -s exit:1 -e match:"^gmon-cat: nodir/x: No such file or directory$" \
	    gmon-cat -o nodir/x gmon.out
	atf_check -s exit:1 -o empty \
	    -e match:"^gmon-cat: cut:3: last line has no newline" \
	    sh -c 'gmon-cat gmon.out | head -c 90 > cut; gmon-cat cut'
	if [ "$(id -u)" != 0 ]; then
		cp gmon.out noread
		chmod 000 noread
		bad noread "Permission denied$"
	fi
}

atf_init_test_cases()
{
	atf_add_test_case empty
	atf_add_test_case header
	atf_add_test_case records
	atf_add_test_case tag
	atf_add_test_case counts
	atf_add_test_case bsd
	atf_add_test_case lowhigh
	atf_add_test_case unreadable
}
