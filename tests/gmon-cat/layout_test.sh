#! /usr/bin/atf-sh
#
# gmon-cat: the GNU, 4.4BSD and old BSD layouts, 32- and 64-bit, both byte
# orders, against gmonconv.pl (an independent writer) and gprof -O bsd.

. "$(atf_get_srcdir)/gmonlib.sh"

LAYOUTS="gnu bsd44 oldbsd"

# copies: the profile gmon.out in every layout, width and order, as
# copy-LAYOUT-WIDTH-ORDER, written by gmonconv.pl.
copies()
{
	for l in $LAYOUTS; do
		for w in 64 32; do
			for e in le be; do
				conv layout=$l width=$w order=$e gmon.out \
				    copy-$l-$w-$e
			done
		done
	done
}

atf_test_case same_records
same_records_head()
{
	atf_set "descr" "The GNU, 4.4BSD and old BSD forms of one profile" \
	    "give the same records, differing only where the stream names" \
	    "the layout"
	atf_set "require.progs" "cc perl"
}
same_records_body()
{
	mkprof
	copies
	records gmon.out > exp
	test "$(count hist exp)" -eq 1 || atf_fail "expected one histogram"
	for f in copy-*; do
		records $f > got
		cmp -s exp got || atf_fail "$f: records differ: $(diff exp got)"
		set -- $(echo $f | tr - ' ')
		case $2 in
		gnu)	v='0x1	[0-9a-f]{24}' ;;
		bsd44)	v='0x51879	0{24}' ;;
		oldbsd)	v='	' ;;
		esac
		atf_check -o match:"^profile	$f	$2	$3	$4	$v\$" \
		    grep '^profile' records.tmp
	done
}

atf_test_case writer
writer_head()
{
	atf_set "descr" "gmon-cat -o -T writes every layout, width and order" \
	    "exactly as gmonconv.pl does"
	atf_set "require.progs" "cc perl"
}
writer_body()
{
	mkprof
	copies
	for l in $LAYOUTS; do
		for w in 64 32; do
			for e in le be; do
				atf_check gmon-cat -o out -T $l,$w,$e gmon.out
				atf_check cmp out copy-$l-$w-$e
			done
		done
	done
	# Parts not given come from the first input.
	atf_check gmon-cat -o out -T be copy-bsd44-32-le
	atf_check cmp out copy-bsd44-32-be
	atf_check gmon-cat -o out -T 64 copy-oldbsd-32-be
	atf_check cmp out copy-oldbsd-64-be
	atf_check gmon-cat -o out -T gnu copy-bsd44-64-le
	atf_check cmp out gmon.out
}

atf_test_case roundtrip
roundtrip_head()
{
	atf_set "descr" "Every layout, width and order is written back byte" \
	    "for byte from its stream"
	atf_set "require.progs" "cc perl"
}
roundtrip_body()
{
	mkprof
	copies
	for f in copy-*; do
		direct $f
		atf_check -o save:s gmon-cat $f
		atf_check sh -c 'gmon-cat -o back - < s'
		atf_check cmp back $f
	done
	# Through every layout and back.
	atf_check sh -c 'gmon-cat -o - -T 4.4bsd,32,be gmon.out |
	    gmon-cat -o - -T oldbsd,64,be - | gmon-cat -o - -T gnu,32,le - |
	    gmon-cat -o back -T gnu,64 -'
	atf_check cmp back gmon.out
}

atf_test_case gprof_bsd
gprof_bsd_head()
{
	atf_set "descr" "gprof -O bsd reads the BSD files gmon-cat writes as" \
	    "it reads the GNU original"
	atf_set "require.progs" "cc gprof"
}
gprof_bsd_body()
{
	mkprof
	atf_check -o save:exp gprof -b work gmon.out
	atf_check -o save:arcs -e ignore sh -c \
	    'gmon-cat gmon.out | grep -c "^arc"'
	for l in 4.4bsd oldbsd; do
		atf_check gmon-cat -o $l.out -T $l gmon.out
		atf_check -o file:exp gprof -O bsd -b work $l.out
		atf_check -o match:"1 histogram record" \
		    -o match:"$(cat arcs) call-graph records" \
		    gprof -O bsd -i work $l.out
	done
	# gprof's own BSD summary reads back as the same profile (but for
	# the arcs, which gprof -s moves to the callers' start addresses).
	atf_check gprof -O bsd -s work 4.4bsd.out
	atf_check -o save:sum gmon-cat gmon.sum
	atf_check -o match:"^profile	gmon.sum	oldbsd	64	le		\$" \
	    grep '^profile' sum
	records gmon.out | grep -v '^arc' > exp
	grep -v '^arc' sum | grep -v '^profile' > got
	atf_check cmp exp got
}

atf_test_case detect
detect_head()
{
	atf_set "descr" "Width and byte order found when the header does" \
	    "not tell them; -O, -w and -E force them"
	atf_set "require.progs" "cc perl"
}
detect_body()
{
	mkprof
	# GNU version 0 tells no byte order.
	conv version=0 width=32 order=be gmon.out v0
	atf_check -o match:"^profile	v0	gnu	32	be	0x0	" gmon-cat v0
	# A header alone could be read any way: this host's way first.
	head -c 20 v0 > hdr
	atf_check -o match:"^profile	hdr	gnu	64	le	0x0	" gmon-cat hdr
	atf_check -o match:"^profile	hdr	gnu	32	be	0x0	" \
	    gmon-cat -w 32 -E be hdr
	# Forced readings.
	conv layout=bsd44 gmon.out b44
	conv layout=oldbsd gmon.out old
	records b44 > exp
	records -O bsd b44 > got
	atf_check cmp exp got
	records -O 4.4bsd b44 > got
	atf_check cmp exp got
	records -O bsd old > got
	atf_check cmp exp got
	atf_check -o save:s gmon-cat b44
	n=$(awk -F '\t' '$1 == "hist" { print $5 }' s)
	# As old BSD, the 20 more header bytes are 10 more bins.
	atf_check -o match:"	$((n + 10))	100	seconds	s\$" sh -c \
	    'gmon-cat -O oldbsd b44 | grep "^hist"'
	bad old "byte 20: 4.4BSD version word 0x[0-9a-f]{8}, expected 0x00051879" \
	    -O 4.4bsd
	bad old 'byte 0: expected the cookie "gmon" of a GNU file' -O gnu
	bad gmon.out "byte 4: GNU version 16777216 \\(big-endian\\), expected 0 or 1" \
	    -E be
	atf_check -s exit:1 -e match:"^gmon-cat: gmon.out: byte " \
	    gmon-cat -w 32 gmon.out
	atf_check -o save:s gmon-cat -O magic -w 64 -E le gmon.out
	atf_check -o save:s2 gmon-cat gmon.out
	atf_check cmp s s2
}

atf_test_case refuse
refuse_head()
{
	atf_set "descr" "What a layout cannot hold is refused, nothing written"
	atf_set "require.progs" "cc perl"
}
refuse_body()
{
	mkprof
	conv split=1 gmon.out two
	atf_check -s exit:1 -e match:"^gmon-cat: x: 4.4BSD files hold one histogram, the profile has 2$" \
	    gmon-cat -o x -T 4.4bsd two
	test ! -s x || atf_fail "x written"
	conv rate=1000 gmon.out r1000
	atf_check -s exit:1 -e match:"^gmon-cat: x: old BSD files cannot tell the rate 1000" \
	    gmon-cat -o x -T oldbsd r1000
	atf_check gmon-cat -o x -T 4.4bsd r1000
	atf_check -o match:"^hist	0	.*	1000	seconds	s\$" gmon-cat x
	conv dimen=ticks gmon.out ticks
	atf_check -s exit:1 -e match:"^gmon-cat: x: 4.4BSD files count seconds, not 'ticks'" \
	    gmon-cat -o x -T 4.4bsd ticks
	conv layout=bsd44 count=5000000000 gmon.out big
	atf_check -s exit:1 -e match:"^gmon-cat: x: arc 0x[0-9a-f]* -> 0x[0-9a-f]*: count 5000000000 does not fit in the 32-bit count of GNU files" \
	    gmon-cat -o x -T gnu big
	atf_check -s exit:1 -e match:"^gmon-cat: x: arc .* does not fit in 32-bit addresses|count 5000000000 does not fit" \
	    gmon-cat -o x -T 32 big
	printf 'gp-stream\t1\narc\t0x100000000\t0x10\t1\n' > wide
	atf_check -s exit:1 -e match:"^gmon-cat: x: arc 0x100000000 -> 0x10 does not fit in 32-bit addresses" \
	    gmon-cat -o x -T 32 wide
}

atf_init_test_cases()
{
	atf_add_test_case same_records
	atf_add_test_case writer
	atf_add_test_case roundtrip
	atf_add_test_case gprof_bsd
	atf_add_test_case detect
	atf_add_test_case refuse
}
