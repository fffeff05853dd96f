#! /usr/bin/atf-sh
#
# gprof compatibility on profiles edited to miss something: no histogram
# (hz is 0, the call graph prints -nan), a histogram without samples (no
# time accumulated or propagated), no call-graph arcs; and gprof's errors
# when an asked-for section has no data.

. "$(atf_get_srcdir)/../lib.sh"
. "$(atf_get_srcdir)/compat.sh"

build_profile()
{
	pgbuild prog "$progs/recurse.c"
	profile ./prog gmon.1
}

atf_test_case no_histogram
no_histogram_head()
{
	atf_set "descr" "A profile without a histogram: call graph only, -nan"
	atf_set "require.progs" "cc gprof perl"
}
no_histogram_body()
{
	build_profile
	gmonedit gmon.1 nohist.out -nohist
	same ./prog "" nohist.out
	same ./prog "-b" nohist.out
	same ./prog "-T" nohist.out
	same ./prog "-q -z" nohist.out
	same ./prog "-P" nohist.out
	same_short ./prog "-b" nohist.out
	for o in -p "-b -p" "-Q -p"; do
		atf_check -s exit:1 -o ignore -e ignore gprof $o prog nohist.out
		atf_check -s exit:1 -o empty \
		    -e inline:"gp-fmt: gmon.out file is missing histogram\n" \
		    sh -c "gmon-cat nohist.out | gp-sym prog | gp-hist |
			gp-arcs | gp-fmt $o"
	done
}

atf_test_case no_samples
no_samples_head()
{
	atf_set "descr" "A histogram without samples: no time accumulated"
	atf_set "require.progs" "cc gprof perl"
}
no_samples_body()
{
	build_profile
	gmonedit gmon.1 zero.out -zero
	all_same ./prog zero.out
}

atf_test_case no_arcs
no_arcs_head()
{
	atf_set "descr" "A profile without arcs: flat profile only"
	atf_set "require.progs" "cc gprof perl"
}
no_arcs_body()
{
	build_profile
	gmonedit gmon.1 noarcs.out -noarcs
	same ./prog "" noarcs.out
	same ./prog "-b" noarcs.out
	same ./prog "-T" noarcs.out
	same ./prog "-z -b" noarcs.out
	same ./prog "-Q" noarcs.out
	same ./prog "-P -Q" noarcs.out
	same_short ./prog "" noarcs.out
	# a BSD file always has call-graph data for gprof, arcs or none
	bsdcopy noarcs.out noarcs.bsd
	same ./prog "" noarcs.bsd
	same ./prog "-T -z" noarcs.bsd
	for o in -q "-b -q" "-P -q"; do
		atf_check -s exit:1 -o ignore -e ignore gprof $o prog noarcs.out
		atf_check -s exit:1 -o empty \
		    -e inline:"gp-fmt: gmon.out file is missing call-graph data\n" \
		    sh -c "gmon-cat noarcs.out | gp-sym prog | gp-hist |
			gp-arcs | gp-fmt $o"
	done
}

atf_test_case rates
rates_head()
{
	atf_set "descr" "Sampling rates of 1000, 7, 1 and 0 samples a second"
	atf_set "require.progs" "cc gprof perl"
}
rates_body()
{
	build_profile
	for r in 1000 7 1 0; do
		gmonedit gmon.1 rate$r.out -rate $r
		same ./prog "" rate$r.out
		same ./prog "-T -b" rate$r.out
		same ./prog "-z -b -p" rate$r.out
	done
	bsdcopy rate1000.out bsd1000.out
	same ./prog "-b" bsd1000.out
}

atf_test_case dimension
dimension_head()
{
	atf_set "descr" "A histogram in another unit than seconds"
	atf_set "require.progs" "cc gprof perl"
}
dimension_body()
{
	build_profile
	gmonedit gmon.1 instr.out -dimen instructions i
	same ./prog "" instr.out
	same ./prog "-T" instr.out
	gmonedit gmon.1 cycles.out -dimen cycles c
	same ./prog "-b -p" cycles.out
	same ./prog "-T -z -b" cycles.out
}

atf_test_case order_share
order_share_head()
{
	atf_set "descr" "-r: the arcs chained first are those up to 99% of the calls, as gprof's (order.c)"
	atf_set "require.progs" "cc gprof"
}
order_share_body()
{
	pgbuild prog "$progs/order.c"
	profile ./prog gmon.1
	same ./prog "-b -r" gmon.1
	same ./prog "-r -T" gmon.1
}

atf_init_test_cases()
{
	atf_add_test_case order_share
	atf_add_test_case rates
	atf_add_test_case dimension
	atf_add_test_case no_histogram
	atf_add_test_case no_samples
	atf_add_test_case no_arcs
}
