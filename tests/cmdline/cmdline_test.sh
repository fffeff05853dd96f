#! /usr/bin/atf-sh
#
# Every tool's command line: each option that takes an argument, given
# without it, and an option letter the tool does not have, print the usage
# and exit 1 (never a crash); numeric options refuse numbers out of range
# with one line.  The option letters are read from the tools' own getopt
# strings, so an option added later is tried too.

. "$(atf_get_srcdir)/../lib.sh"

top=$(atf_get_srcdir)/../..

# srcof TOOL: TOOL.c, the tool's main source file, wherever the tree
# keeps it.
srcof()
{
	_f=$(find "$top" -path "$top/.git" -prune -o -path "$top/.stage" -prune \
	    -o -path "$top/obj" -prune -o -name "$1.c" -print)
	[ -n "$_f" ] || atf_fail "no $1.c in the tree"
	[ "$(echo "$_f" | wc -l)" -eq 1 ] || atf_fail "more than one $1.c: $_f"
	echo "$_f"
}

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

# tryall TOOL [STATUS]: every argument-taking option alone, and an
# unknown option, give the usage and exit STATUS (1; gp-diff's trouble is
# 2, as diff(1)'s).
tryall()
{
	_t=$1
	_st=${2:-1}
	_src=$(srcof "$_t")
	_s=$(optstring "$_src")
	[ -n "$_s" ] || atf_fail "no getopt string in $_src"
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
	for t in gmon-cat gp-sym gp-hist gp-arcs gp-fmt gprt-dump; do
		tryall $t
	done
	tryall gp-diff 2
}

atf_test_case gp
gp_head()
{
	atf_set "descr" "gp: options without their argument and unknown options as gprof"
	atf_set "require.progs" "gprof"
}
gp_body()
{
	s=$(sed -n 's/^ *"\([^"]*\)";$/\1/p' "$(srcof gp)" | head -n 1)
	[ -n "$s" ] || atf_fail "no getopt string in gp.c"
	# gprof 2.40's own letters (gprof.c); gp's additions (-u, -U:
	# threads) have gp's message, gprof's layout
	g='aA::bBcC::d::De:E:f:F:hiI:J::k:lLm:n:N:O:p::P::q::Q::rR:sS:t:Tvw:xyzZ::'
	for c in $(withargs "$s") $(unknown "$s"); do
		case $g in
		*$c*)	;;
		*)	case $s in
			*$c*)	atf_check -s exit:1 -o empty \
				    -e match:"^gp: option requires an argument -- '$c'\$" \
				    -x "gp -$c 2>&1 >/dev/null | head -n 1 >&2; exit \$(gp -$c >/dev/null 2>&1; echo \$?)"
				continue ;;
			esac ;;
		esac
		gprof -$c >expout 2>experr
		echo $? >expstatus
		gp -$c >out 2>err
		echo $? >status
		atf_check -o file:expstatus cat status
		atf_check -o file:expout cat out
		# the messages are gprof's, under gp's name: the one that
		# names the option, then the usage
		sed 's/^gprof/gp/; s/Usage: gprof/Usage: gp/' experr >experr.gp
		atf_check -o match:"'$c'" head -n 1 err
		atf_check -o file:experr.gp cat err
	done
}

atf_test_case ranges
ranges_head()
{
	atf_set "descr" "Numeric options out of range: one line naming the option, exit 1"
}
ranges_body()
{
	pgbuild prog -g "$progs/recurse.c"
	pgrun ./prog
	gmon-cat gmon.out | gp-sym prog | gp-hist | gp-arcs >s ||
	    atf_fail "pipeline failed"
	w="1 to 2147483647" t="-2147483648 to 2147483647"
	m="0 to 18446744073709551615"
	for a in "-w 0:width 0:$w" "-w -1:width -1:$w" \
	    "-w 2147483648:width 2147483648:$w" "-w 12x:width 12x:$w" \
	    "-t x:table-length x:$t" "-t 2147483648:table-length 2147483648:$t" \
	    "-m -1:min-count -1:$m" "-m 1x:min-count 1x:$m"; do
		o=${a%%:*} r=${a##*:} n=${a#*:}
		n=${n%:*}
		atf_check -s exit:1 -o empty \
		    -e inline:"gp-fmt: $n: not a number from $r\n" \
		    gp-fmt -b $o s
	done
	# A negative table length is gprof's: -A's "Top N Lines" table is
	# left out (gp passes it on to gp-fmt)
	gprof -A -t -3 prog gmon.out >expout
	! grep -q 'Top [0-9]* Lines' expout ||
	    atf_fail "gprof -A -t -3 prints a Top Lines table"
	atf_check -o file:expout gp-fmt -A -t -3 s
	atf_check -o file:expout gp -A -t -3 prog gmon.out
	for a in 0 16 x; do
		atf_check -s exit:1 -o empty \
		    -e inline:"gmon-cat: -w $a: expected 32 or 64\n" \
		    gmon-cat -w $a gmon.out
	done
}

atf_init_test_cases()
{
	atf_add_test_case stages
	atf_add_test_case gp
	atf_add_test_case ranges
}
