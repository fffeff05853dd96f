#! /usr/bin/atf-sh
#
# Every tool's command line: each option that takes an argument, given
# without it, and an option letter the tool does not have, print the usage
# and exit 1 (never a crash); numeric options refuse numbers out of range
# with one line.  The option letters are read from the tools' own getopt
# strings, so an option added later is tried too.

. "$(atf_get_srcdir)/../lib.sh"

top=$(atf_get_srcdir)/../..

# optstring SOURCE: the getopt string of a tool's source file.
optstring()
{
	tr '\n' ' ' <"$1" | sed -n 's/.*getopt\(_long\)\{0,1\}(argc, argv,[[:space:]]*"\([^"]*\)".*/\2/p'
}

# withargs OPTSTRING: the letters that take a required argument.
withargs()
{
	echo "$1" | awk '{
		s = $0
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (c == ":") continue
			if (substr(s, i + 1, 1) == ":" && substr(s, i + 2, 1) != ":")
				print c
		}
	}'
}

# unknown OPTSTRING: a letter the tool does not take.
unknown()
{
	for c in Z Y X W V U K j g; do
		case $1 in
		*$c*)	;;
		*)	echo "$c"; return ;;
		esac
	done
}

# tryall TOOL SOURCE [STATUS]: every argument-taking option alone, and an
# unknown option, give the usage and exit STATUS (1; gp-diff's trouble is
# 2, as diff(1)'s).
tryall()
{
	_t=$1
	_st=${3:-1}
	_s=$(optstring "$2")
	[ -n "$_s" ] || atf_fail "no getopt string in $2"
	for _c in $(withargs "$_s") $(unknown "$_s"); do
		atf_check -s exit:$_st -o empty -e match:'^usage: ' \
		    "$_t" -"$_c" </dev/null
	done
}

atf_test_case stages
stages_head()
{
	atf_set "descr" "gmon-cat, gp-sym, gp-hist, gp-arcs, gp-fmt, gprt-dump, gp-diff: options without their argument and unknown options"
}
stages_body()
{
	for t in gmon-cat gp-sym gp-hist gp-arcs gp-fmt; do
		tryall $t "$top/cmd/$t/$t.c"
	done
	tryall gprt-dump "$top/runtime/gprt-dump/gprt-dump.c"
	tryall gp-diff "$top/cmd/gp-diff/gp-diff.c" 2
}

atf_test_case gp
gp_head()
{
	atf_set "descr" "gp: options without their argument and unknown options as gprof"
	atf_set "require.progs" "gprof"
}
gp_body()
{
	s=$(sed -n 's/^ *"\([^"]*\)";$/\1/p' "$top/cmd/gp/gp.c" | head -n 1)
	[ -n "$s" ] || atf_fail "no getopt string in gp.c"
	for c in $(withargs "$s") $(unknown "$s"); do
		gprof -$c >expout 2>experr
		echo $? >expstatus
		gp -$c >out 2>err
		echo $? >status
		sed 's/^gprof/gp/; s/Usage: gprof/Usage: gp/' experr >experr.gp
		atf_check -o file:expstatus cat status
		atf_check -o file:expout cat out
		# the messages are gprof's, under gp's name
		atf_check -o match:"'$c'" head -n 1 err
	done
}

atf_test_case ranges
ranges_head()
{
	atf_set "descr" "Numeric options out of range: one line naming the option, exit 1"
}
ranges_body()
{
	cc -pg -o prog "$progs/recurse.c" || atf_fail "cc failed"
	pgrun ./prog
	gmon-cat gmon.out | gp-sym prog | gp-hist | gp-arcs >s ||
	    atf_fail "pipeline failed"
	for a in "-w 0:width 0" "-w -1:width -1" "-w 2147483648:width 2147483648" \
	    "-w 12x:width 12x" "-t x:table-length x" "-t 2147483648:table-length 2147483648" \
	    "-m -1:min-count -1" "-m 1x:min-count 1x"; do
		atf_check -s exit:1 -o empty \
		    -e match:"^gp-fmt: ${a#*:}: not a number from " \
		    gp-fmt -b ${a%%:*} s
	done
	# negative table lengths are gprof's (gp passes them on)
	atf_check -o ignore gp-fmt -b -t -3 s
	for a in 0 16 x; do
		atf_check -s exit:1 -o empty -e match:"^gmon-cat: -w $a: " \
		    gmon-cat -w $a gmon.out
	done
}

atf_init_test_cases()
{
	atf_add_test_case stages
	atf_add_test_case gp
	atf_add_test_case ranges
}
