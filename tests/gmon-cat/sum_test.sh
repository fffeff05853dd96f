#! /usr/bin/atf-sh
#
# gmon-cat: adding profiles up as gprof does, and refusing what cannot be.

. "$(atf_get_srcdir)/gmonlib.sh"

# runs N...: profile work once per argument (the rounds): run1, run2, ...
runs()
{
	_i=1
	for _n in "$@"; do
		mkprof $_n
		mv gmon.out run$_i
		_i=$((_i + 1))
	done
}

# samples STREAM: the sum of the bins.
samples()
{
	awk -F '\t' '$1 == "bins" { for (i = 4; i <= NF; i++) n += $i }
	    END { print n + 0 }' "$1"
}

# bin N STREAM: the count of bin N of histogram 0.
bin()
{
	awk -F '\t' -v b="$1" '$1 == "bins" && $2 == 0 && b >= $3 &&
	    b < $3 + NF - 3 { n += $(b - $3 + 4) } END { print n + 0 }' "$2"
}

atf_test_case two
two_head()
{
	atf_set "descr" "Two runs: one histogram, bins and arcs added; gprof" \
	    "reports the sum as it reports the two files"
	atf_set "require.progs" "cc gprof"
}
two_body()
{
	runs 300 200
	atf_check -o save:s1 gmon-cat run1
	atf_check -o save:s2 gmon-cat run2
	atf_check -o save:s gmon-cat run1 run2
	atf_check -o inline:"profile	run1\nprofile	run2\n" \
	    awk -F '\t' '$1 == "profile" { print $1 "\t" $2 }' s
	test "$(count hist s)" -eq 1 || atf_fail "not one histogram"
	test "$(samples s)" -eq $(($(samples s1) + $(samples s2))) ||
	    atf_fail "samples not added"
	# Arc counts: run1's plus run2's, in run1's order.
	awk -F '\t' '$1 == "arc" { k = $2 " " $3; if (!(k in n)) o[m++] = k;
	    n[k] += $4 } END { for (i = 0; i < m; i++) print o[i], n[o[i]] }' \
	    s1 s2 > exp
	atf_check -o file:exp awk -F '\t' '$1 == "arc" { print $2, $3, $4 }' s
	atf_check gmon-cat -o sum run1 run2
	atf_check -o save:exp gprof -b work run1 run2
	atf_check -o file:exp gprof -b work sum
	# gprof's own sum reports the same.
	atf_check gprof -s work run1 run2
	atf_check -o file:exp gprof -b work gmon.sum
}

atf_test_case many
many_head()
{
	atf_set "descr" "Sums of sums are the sum; streams add up like files"
	atf_set "require.progs" "cc gprof"
}
many_body()
{
	runs 100 200 150 250
	atf_check gmon-cat -o all run1 run2 run3 run4
	atf_check gmon-cat -o s12 run1 run2
	atf_check gmon-cat -o s34 run3 run4
	atf_check gmon-cat -o s1234 s12 s34
	atf_check cmp all s1234
	atf_check -o save:exp gprof -b work run1 run2 run3 run4
	atf_check -o file:exp gprof -b work all
	for i in 1 2 3 4; do
		gmon-cat run$i > st$i
	done
	atf_check -o save:a gmon-cat run1 run2 run3 run4
	atf_check -o file:a gmon-cat st1 st2 st3 st4
	atf_check -o file:a sh -c 'cat st3 | gmon-cat st1 st2 - run4'
}

atf_test_case layouts
layouts_head()
{
	atf_set "descr" "BSD files add up, and with GNU files; the sum has" \
	    "the first file's layout"
	atf_set "require.progs" "cc gprof perl"
}
layouts_body()
{
	runs 300 200
	atf_check -o save:exp gprof -b work run1 run2
	conv layout=bsd44 run1 b1
	conv layout=bsd44 run2 b2
	conv layout=oldbsd run2 o2
	atf_check gmon-cat -o sum b1 b2
	atf_check -o match:"^profile	sum	bsd44	64	le	" gmon-cat sum
	atf_check -o file:exp gprof -O bsd -b work sum
	atf_check gmon-cat -o sum b1 o2
	atf_check -o file:exp gprof -O bsd -b work sum
	atf_check gmon-cat -o sum run1 b2
	atf_check -o match:"^profile	sum	gnu	64	le	" gmon-cat sum
	atf_check -o file:exp gprof -b work sum
	atf_check gmon-cat -o sum o2 run1
	atf_check -o match:"^profile	sum	oldbsd	64	le		\$" gmon-cat sum
	atf_check -o file:exp gprof -O bsd -b work sum
	# Other widths and orders add up too.
	conv layout=gnu width=32 order=be run2 g2
	atf_check gmon-cat -o sum -T gnu,64,le run1 g2
	atf_check -o file:exp gprof -b work sum
}

atf_test_case disjoint
disjoint_head()
{
	atf_set "descr" "Disjoint histograms are kept, in order; an" \
	    "overlapping one is an error naming both files"
	atf_set "require.progs" "cc gprof perl"
}
disjoint_body()
{
	runs 300 200
	conv shift=0x100000 run2 far
	atf_check -o save:s gmon-cat run1 far
	atf_check -o save:h awk -F '\t' '$1 == "hist" { print $2, $3 }' s
	lo=$(awk -F '\t' '$1 == "hist" { print $3 }' s | head -n 1)
	test "$(wc -l < h)" -eq 2 || atf_fail "not two histograms"
	atf_check -o match:"^1 0x10" sed -n 2p h
	atf_check gmon-cat -o sum run1 far
	atf_check -o save:exp gprof -b work run1 far
	atf_check -o file:exp gprof -b work sum
	# The same range again adds to the second.
	atf_check -o save:s3 gmon-cat run1 far far
	test "$(count hist s3)" -eq 2 || atf_fail "not two histograms"
	conv shift=16 run2 near
	bad near "histogram 0x10-0x[0-9a-f]+ overlaps histogram $lo-0x[0-9a-f]+ of run1$" \
	    run1
}

atf_test_case mismatch
mismatch_head()
{
	atf_set "descr" "Differing rate, unit, scale or BSD range is an" \
	    "error naming both files"
	atf_set "require.progs" "cc perl"
}
mismatch_body()
{
	runs 300
	conv rate=1000 run1 rate
	bad rate "sampling rate 1000 differs from 100 in run1$" run1
	conv dimen=ticks run1 ticks
	bad ticks "dimension 'ticks' differs from 'seconds' in run1$" run1
	n=$(gmon-cat run1 | awk -F '\t' '$1 == "hist" { print $5 }')
	conv nbins=$((n / 2)) run1 scale
	bad scale "histogram scale [0-9.]+ \\(0x[0-9a-f]+-0x[0-9a-f]+, $((n / 2)) bins\\) differs from [0-9.]+ in run1$" \
	    run1
	conv layout=bsd44 run1 b1
	conv layout=bsd44 shift=0x100000 run1 bfar
	bad bfar "BSD histogram 0x[0-9a-f]+-0x[0-9a-f]+ differs from the first one, 0x[0-9a-f]+-0x[0-9a-f]+ in b1$" \
	    b1
}

atf_test_case overflow
overflow_head()
{
	atf_set "descr" "Sums too large for the layout are errors; one file" \
	    "alone is fine"
	atf_set "require.progs" "cc perl"
}
overflow_body()
{
	runs 300
	conv bin=7:40000 run1 bins
	atf_check -o save:r1 gmon-cat run1
	# alone, and with a file whose bin 7 leaves room: 40000 (and
	# run1's) in bin 7, every other bin as run1's
	atf_check -o save:b1 gmon-cat bins
	test "$(bin 7 b1)" -eq 40000 || atf_fail "bin 7: $(bin 7 b1)"
	test "$(samples b1)" -eq $(($(samples r1) - $(bin 7 r1) + 40000)) ||
	    atf_fail "bins: $(samples b1) samples"
	atf_check -o save:b2 gmon-cat bins run1
	test "$(bin 7 b2)" -eq $((40000 + $(bin 7 r1))) ||
	    atf_fail "bin 7 of the sum: $(bin 7 b2)"
	test "$(samples b2)" -eq $((2 * $(samples r1) + 40000 - $(bin 7 r1))) ||
	    atf_fail "the sum: $(samples b2) samples"
	bad bins "histogram 0x[0-9a-f]+-0x[0-9a-f]+ bin 7: 40000 \\+ 40000 samples \\(with bins\\) do not fit in 16 bits$" \
	    bins
	conv count=3000000000 run1 gnu3g
	atf_check -o save:g gmon-cat gnu3g
	test "$(count arc g)" -gt 0 || atf_fail "no arcs"
	atf_check -o empty awk -F '\t' '$1 == "arc" && $4 != 3000000000' g
	bad gnu3g "arc 0x[0-9a-f]+ -> 0x[0-9a-f]+: count 3000000000 \\+ 3000000000 does not fit in the 32-bit counts of gnu3g$" \
	    gnu3g
	conv layout=bsd44 width=32 count=3000000000 run1 b32
	bad b32 "arc .*: count 3000000000 \\+ 3000000000 does not fit in the 32-bit counts of b32$" \
	    b32
	# Pointer-sized BSD counts hold it, a GNU file does not.
	conv layout=bsd44 count=3000000000 run1 b64
	atf_check -o save:s gmon-cat b64 b64
	atf_check -o empty awk -F '\t' '$1 == "arc" && $4 != 6000000000' s
	atf_check gmon-cat -o sum b64 b64
	records b64 b64 > exp
	records sum > got
	atf_check cmp exp got
	atf_check -s exit:1 -e match:"count 6000000000 does not fit in the 32-bit count of GNU files" \
	    gmon-cat -o x -T gnu sum
	conv layout=bsd44 count=18446744073709551615 run1 bmax
	bad bmax "arc .*: count 18446744073709551615 \\+ 18446744073709551615 does not fit in the 64-bit counts of bmax$" \
	    bmax
}

atf_test_case duplicates
duplicates_head()
{
	atf_set "descr" "One file keeps its repeated arcs; a sum adds them"
	atf_set "require.progs" "cc gprof perl"
}
duplicates_body()
{
	runs 300
	conv dup=1 run1 dup
	atf_check -o save:one gmon-cat dup
	atf_check -o save:ref gmon-cat run1
	test "$(count arc one)" -eq $((2 * $(count arc ref))) ||
	    atf_fail "repeated arcs not kept"
	atf_check -o save:two gmon-cat dup dup
	test "$(count arc two)" -eq "$(count arc ref)" ||
	    atf_fail "repeated arcs not added"
	atf_check -o empty awk -F '\t' 'NR == FNR && $1 == "arc" {
	    n[$2 $3] = $4 } NR > FNR && $1 == "arc" && $4 != 4 * n[$2 $3]' \
	    ref two
	atf_check gmon-cat -o sum dup dup
	atf_check -o save:exp gprof -b work dup dup
	atf_check -o file:exp gprof -b work sum
}

atf_init_test_cases()
{
	atf_add_test_case two
	atf_add_test_case many
	atf_add_test_case layouts
	atf_add_test_case disjoint
	atf_add_test_case mismatch
	atf_add_test_case overflow
	atf_add_test_case duplicates
}
