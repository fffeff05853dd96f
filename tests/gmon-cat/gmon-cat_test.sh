#! /usr/bin/atf-sh
#
# gmon-cat: reading a profile, the stream it prints, writing it back.

. "$(atf_get_srcdir)/gmonlib.sh"

atf_test_case usage
usage_head()
{
	atf_set "descr" "Bad options print the usage and exit 1"
}
usage_body()
{
	atf_check -s exit:1 -e match:"^usage: gmon-cat " gmon-cat -x
	atf_check -s exit:1 -e match:"^usage: gmon-cat " gmon-cat -T gnu
	oneline '^gmon-cat: -O foo: expected auto, gnu, bsd, 4\.4bsd or oldbsd$' \
	    gmon-cat -O foo
	oneline '^gmon-cat: -w 16: expected 32 or 64$' gmon-cat -w 16
	oneline '^gmon-cat: -E xe: expected le or be$' gmon-cat -E xe
	oneline '^gmon-cat: -T 48: expected gnu, 4\.4bsd or oldbsd, 32 or 64, le or be, separated by commas$' \
	    gmon-cat -o x -T 48
}

atf_test_case stream
stream_head()
{
	atf_set "descr" "A profile of a cc -pg program as raw-layer records," \
	    "as many as gprof -i counts"
	atf_set "require.progs" "cc gprof"
}
stream_body()
{
	mkprof
	atf_check -o save:s gmon-cat gmon.out
	atf_check -o inline:"gp-stream	1\n" head -n 1 s
	atf_check -o match:"^profile	gmon.out	gnu	64	le	0x1	[0-9a-f]{24}$" \
	    sed -n 2p s
	atf_check -o match:"^hist	0	0x[0-9a-f]+	0x[0-9a-f]+	[0-9]+	100	seconds	s$" \
	    sed -n 3p s
	# Every record is one of the raw layer's, with its number of fields.
	atf_check -o empty awk -F '\t' 'NR > 1 && !(($1 == "profile" &&
	    NF == 7) || ($1 == "hist" && NF == 8) || ($1 == "bins" && NF > 3 &&
	    NF <= 67) || ($1 == "arc" && NF == 4))' s
	# The counts gprof -i reports.
	atf_check -o save:i gprof -i work gmon.out
	h=$(sed -n 's/^	\([0-9]*\) histogram record.*/\1/p' i)
	a=$(sed -n 's/^	\([0-9]*\) call-graph record.*/\1/p' i)
	b=$(sed -n 's/^	\([0-9]*\) basic-block count record.*/\1/p' i)
	test "$h" = "$(count hist s)" || atf_fail "hist: $h in gprof -i"
	test "$a" = "$(count arc s)" || atf_fail "arc: $a in gprof -i"
	test "$b" = "$(count bbrec s)" || atf_fail "bbrec: $b in gprof -i"
	test "$a" -gt 3 || atf_fail "too few arcs: $a"
	n=$(awk -F '\t' '$1 == "bins" { for (i = 4; i <= NF; i++) n += $i }
	    END { print n + 0 }' s)
	test "$n" -gt 0 || atf_fail "no samples"
}

atf_test_case bins
bins_head()
{
	atf_set "descr" "bins records: runs of nonzero bins, at most four" \
	    "zeros inside, at most 64 counts, nothing lost"
	atf_set "require.progs" "cc"
}
bins_body()
{
	mkprof
	b=10:1,12:2,18:3,100:4
	i=200
	while [ $i -lt 350 ]; do
		b="$b,$i:$((i % 7 + 1))"
		i=$((i + 1))
	done
	conv bin=$b gmon.out g
	atf_check -o save:s gmon-cat g
	# One zero inside a record, five end it.
	atf_check -o inline:"bins	0	10	1	0	2\nbins	0	18	3\nbins	0	100	4\n" \
	    awk -F '\t' '$1 == "bins" && $3 < 200' s
	atf_check -o inline:"bins	0	200\nbins	0	264\nbins	0	328\n" \
	    awk -F '\t' '$1 == "bins" && $3 >= 200 && $3 < 350 {
	    print $1 "\t" $2 "\t" $3; if (NF - 3 > 64) exit 1 }' s
	atf_check awk -F '\t' '$1 == "bins" && ($4 == 0 || $NF == 0 ||
	    NF > 67) { exit 1 }' s
	atf_check sh -c 'gmon-cat -o back - < s'
	atf_check cmp back g
}

atf_test_case default_input
default_input_head()
{
	atf_set "descr" "With no file, gmon-cat reads gmon.out"
	atf_set "require.progs" "cc"
}
default_input_body()
{
	mkprof
	atf_check -o save:a gmon-cat
	atf_check -o save:b gmon-cat gmon.out
	atf_check cmp a b
	rm gmon.out
	atf_check -s exit:1 -e match:"^gmon-cat: gmon.out: " gmon-cat
}

atf_test_case roundtrip
roundtrip_head()
{
	atf_set "descr" "gmon-cat f | gmon-cat -o g - gives f back byte for byte"
	atf_set "require.progs" "cc"
}
roundtrip_body()
{
	mkprof
	atf_check -o save:s gmon-cat gmon.out
	atf_check -s exit:0 sh -c 'gmon-cat gmon.out | gmon-cat -o back -'
	atf_check cmp back gmon.out
	# From a stream file, and to the standard output.
	atf_check -o save:back2 gmon-cat -o - s
	atf_check cmp back2 gmon.out
	# The output may be an input.
	cp gmon.out same
	atf_check gmon-cat -o same same
	atf_check cmp same gmon.out
}

atf_test_case stdin
stdin_head()
{
	atf_set "descr" "- reads the standard input, a pipe or a file"
	atf_set "require.progs" "cc"
}
stdin_body()
{
	mkprof
	atf_check -o save:ref gmon-cat gmon.out
	sed 's/^profile	gmon.out	/profile	-	/' ref > exp
	atf_check -o file:exp sh -c 'cat gmon.out | gmon-cat -'
	atf_check -o file:exp sh -c 'gmon-cat - < gmon.out'
	# A stream on a pipe.
	atf_check -o file:ref sh -c 'cat ref | gmon-cat -'
}

atf_test_case order
order_head()
{
	atf_set "descr" "Record order, repeated arcs and several histograms" \
	    "of one file are kept and written back"
	atf_set "require.progs" "cc"
}
order_body()
{
	mkprof
	conv dup=1 arcsfirst=1 split=1 gmon.out g
	direct g
	atf_check -o save:s gmon-cat g
	atf_check -o save:kinds awk -F '\t' '$1 != "bins" { print $1 }' s
	arcs=$(count arc s)
	test "$arcs" -gt 6 || atf_fail "too few arcs"
	{
		echo gp-stream
		echo profile
		i=0
		while [ $i -lt "$arcs" ]; do
			echo arc
			i=$((i + 1))
		done
		echo hist
		echo hist
	} > exp
	atf_check cmp kinds exp
	# Every arc twice, one after the other.
	atf_check awk -F '\t' '$1 == "arc" { if (n++ % 2 && $0 != prev) exit 1;
	    prev = $0 }' s
	atf_check sh -c 'gmon-cat -o back - < s'
	atf_check cmp back g
}

atf_test_case stream_input
stream_input_head()
{
	atf_set "descr" "Streams: other layers dropped, a bin named twice" \
	    "adds up, bad records are errors naming the line"
	atf_set "require.progs" "cc"
}
stream_input_body()
{
	mkprof
	atf_check -o save:s gmon-cat gmon.out
	{
		cat s
		printf 'sym\t0\t0x1000\tfoo\n'
		grep '^bins' s
	} > s2
	awk -F '\t' 'BEGIN { OFS = "\t" } $1 == "bins" {
	    for (i = 4; i <= NF; i++) $i *= 2 } { print }' s > exp
	atf_check -o file:exp gmon-cat s2

	printf 'gp-stream\t1\nhist\t0\t0x10\t0x20\t8\t100\tseconds\ts\nhist\t0\t0x10\t0x20\t8\t100\tseconds\ts\n' > dup
	atf_check -s exit:1 -e match:"^gmon-cat: dup:3: hist: histogram id 0 given twice" \
	    gmon-cat dup
	printf 'gp-stream\t1\nbins\t0\t0\t1\n' > nohist
	atf_check -s exit:1 -e match:"^gmon-cat: nohist:2: bins: no hist record with id 0" \
	    gmon-cat nohist
	printf 'gp-stream\t1\nhist\t0\t0x10\t0x20\t8\t100\tseconds\ts\nbins\t0\t7\t1\t1\n' > past
	atf_check -s exit:1 -e match:"^gmon-cat: past:3: bins: bins 7 to 8 are past the 8 bins" \
	    gmon-cat past
	printf 'gp-stream\t1\nhist\t0\t0x10\t0x20\t8\t100\tseconds\ts\nbins\t0\t1\t65536\n' > big
	atf_check -s exit:1 -e match:"^gmon-cat: big:3: bins: field 4: 65536 is larger than 65535" \
	    gmon-cat big
	printf 'gp-stream\t1\nhist\t0\t0x10\t0x20\t8\t100\tseconds\ts\nbins\t0\t1\t65000\nbins\t0\t1\t1000\n' > twice
	atf_check -s exit:1 -e match:"^gmon-cat: twice:4: bins: bin 1 named twice: its counts add up to more than 65535" \
	    gmon-cat twice
	printf 'gp-stream\t1\nhist\t0\t0x20\t0x10\t8\t100\tseconds\ts\n' > lowhigh
	atf_check -s exit:1 -e match:"^gmon-cat: lowhigh:2: hist: low_pc 0x20 above high_pc 0x10" \
	    gmon-cat lowhigh
	printf 'gp-stream\t1\nprofile\tx\tgnu\t64\tle\t0x2\t000000000000000000000000\n' > version
	atf_check -s exit:1 -e match:"^gmon-cat: version:2: profile: field 6: GNU version 0x2" \
	    gmon-cat version
	printf 'gp-stream\t1\nprofile\tx\tgnu\t64\tle\t0x1\t0000\n' > spare
	atf_check -s exit:1 -e match:"^gmon-cat: spare:2: profile: field 7: expected 12 spare bytes" \
	    gmon-cat spare
	printf 'gp-stream\t1\nhist\t0\t0x10\t0x20\t8\t100\tseconds\t\n' > abbrev
	atf_check -s exit:1 -e match:"^gmon-cat: abbrev:2: hist: field 8: expected one character" \
	    gmon-cat abbrev
	printf 'gp-stream\t1\nbbrec\t0\t1\nbb\t0\t0x10\t1\nbb\t0\t0x20\t1\n' > bbs
	atf_check -s exit:1 -e match:"^gmon-cat: bbs:4: bb: more blocks than the 1" \
	    gmon-cat bbs
	printf 'gp-stream\t1\nbbrec\t0\t2\nbb\t0\t0x10\t1\n' > fewbbs
	atf_check -s exit:1 -e match:"^gmon-cat: out: basic-block record 0 declares 2 blocks and has 1" \
	    gmon-cat -o out fewbbs
	printf 'gp-stream\t1\narc\t0x10\t0x20\t1\nraw\t\t00\n' > rawcont
	atf_check -s exit:1 -e match:"^gmon-cat: rawcont:3: raw: an empty tag continues a raw record" \
	    gmon-cat rawcont
	printf 'gp-stream\t1\nraw\t7\t0g\n' > rawhex
	atf_check -s exit:1 -e match:"^gmon-cat: rawhex:2: raw: field 3: expected pairs of hex digits" \
	    gmon-cat rawhex
}

atf_test_case dimen
dimen_head()
{
	atf_set "descr" "The 15 unit bytes are kept, NUL bytes and all"
	atf_set "require.progs" "cc"
}
dimen_body()
{
	mkprof
	# "sec", a NUL, then "xyz": the bytes after the NUL survive.
	conv dimen="sec" gmon.out g
	perl -e 'open F, "+<:raw", $ARGV[0] or die; seek F, 48, 0;
	    print F "\0xyz"; close F' g
	atf_check -o save:s gmon-cat g
	atf_check -o match:'^hist	0	0x[0-9a-f]+	0x[0-9a-f]+	[0-9]+	100	sec\\x00xyz	s$' \
	    grep '^hist' s
	atf_check sh -c 'gmon-cat -o back - < s'
	atf_check cmp back g
}

atf_test_case raw
raw_head()
{
	atf_set "descr" "-r keeps an unknown tag and the rest of the file" \
	    "as raw records, written back byte for byte"
	atf_set "require.progs" "cc"
}
raw_body()
{
	mkprof
	conv tag=9 gmon.out g
	# A long opaque rest: several raw records.
	head -c 10000 /dev/zero | tr '\0' 'A' >> g
	direct gmon.out
	bad g "byte [0-9]+: unknown record tag 9, expected 0 \\(histogram\\), 1 \\(arc\\) or 2 \\(basic blocks\\)$"
	atf_check -o save:s gmon-cat -r g
	atf_check -o file:s sh -c 'gmon-cat - < s'
	atf_check -o save:r awk -F '\t' '$1 == "raw" { print $2, length($3) }' s
	atf_check -o inline:"9 8192\n 8192\n 3622\n" cat r
	atf_check sh -c 'gmon-cat -o back - < s'
	atf_check cmp back g
	# A BSD file cannot hold it.
	atf_check -s exit:1 -e match:"^gmon-cat: x: 4.4BSD files hold no records of tag 9" \
	    gmon-cat -r -o x -T 4.4bsd g
}

atf_test_case bb
bb_head()
{
	atf_set "descr" "GNU basic-block records: read, kept, written back"
	atf_set "require.progs" "cc gprof"
}
bb_body()
{
	mkprof
	conv bb=0x1100:5,0x1120:7,0x1130:0 gmon.out g
	direct g
	atf_check -o save:s gmon-cat g
	atf_check -o inline:"bbrec	0	3\nbb	0	0x1100	5\nbb	0	0x1120	7\nbb	0	0x1130	0\n" \
	    grep '^bb' s
	atf_check -o match:"1 basic-block count record$" \
	    -e match:"ignoring basic-block" gprof -i work g
	atf_check sh -c 'gmon-cat -o back - < s'
	atf_check cmp back g
	atf_check -s exit:1 -e match:"^gmon-cat: x: old BSD files hold no basic-block counts" \
	    gmon-cat -o x -T oldbsd g
}

atf_init_test_cases()
{
	atf_add_test_case usage
	atf_add_test_case stream
	atf_add_test_case bins
	atf_add_test_case default_input
	atf_add_test_case roundtrip
	atf_add_test_case stdin
	atf_add_test_case order
	atf_add_test_case stream_input
	atf_add_test_case dimen
	atf_add_test_case raw
	atf_add_test_case bb
}
