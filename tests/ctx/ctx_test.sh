#! /usr/bin/atf-sh
#
# Calling contexts ("ctx" records, gp-stream(5)): the loader's checks,
# the stages copying them through, and the read-only view output formats
# get (struct gp_pctxtree in <gp/plugin.h>), printed by a test format,
# tests/progs/ctxdump.c, built against the installed header.  The
# streams are written by hand here, for a program (tests/progs/fns.c)
# whose addresses nm(1) tells.

. "$(atf_get_srcdir)/../runtime/rtlib.sh"

T=$(printf '\t')

# setup: fns built, the test format in ./p, and stream s of two threads:
#	thread 1: main (10) -> a (20) -> b (30); main -> b (40);
#	          main -> (truncated) (5)
#	thread 2: main (7), calls not counted
# in ticks of 100 a second.
setup()
{
	atf_check cc -O0 -o fns "$progs/fns.c"
	mkdir -p p
	atf_check cc -w -shared -fPIC -I"$(stage)/include" -o p/ctxdump.so \
	    "$progs/ctxdump.c"
	GP_PLUGIN_PATH=$(pwd)/p
	export GP_PLUGIN_PATH
	A=$(printf '%#x' 0x$(nm fns | awk '$3 == "a" { print $1 }'))
	B=$(printf '%#x' 0x$(nm fns | awk '$3 == "b" { print $1 }'))
	M=$(printf '%#x' 0x$(nm fns | awk '$3 == "main" { print $1 }'))
	cat > s <<EOS
gp-stream${T}1
profile${T}gmon.out${T}gnu${T}64${T}le${T}0x1${T}000000000000000000000000
gprt${T}gmon.out.gprt${T}100${T}1${T}exited${T}tsc${T}100${T}2
map${T}0${T}0x0${T}0x0${T}0x1000${T}0x2000${T}$(pwd)/fns
thread${T}1${T}100${T}1${T}exited${T}main${T}7${T}105${T}1.05${T}0
thread${T}2${T}101${T}1${T}exited${T}worker${T}1${T}7${T}0.07${T}0
ctx${T}1${T}1${T}0${T}0${T}$M${T}${T}${T}1${T}10${T}105${T}0.1${T}1.05${T}
ctx${T}1${T}2${T}1${T}0${T}$A${T}0${T}0x1160${T}2${T}20${T}50${T}0.2${T}0.5${T}
ctx${T}1${T}3${T}2${T}0${T}$B${T}0${T}0x1145${T}4${T}30${T}30${T}0.3${T}0.3${T}
ctx${T}1${T}4${T}1${T}0${T}$B${T}0${T}0x1170${T}1${T}40${T}40${T}0.4${T}0.4${T}
ctx${T}1${T}5${T}1${T}${T}${T}${T}${T}3${T}5${T}5${T}0.05${T}0.05${T}truncated
ctx${T}2${T}1${T}0${T}0${T}$M${T}${T}${T}${T}7${T}7${T}0.07${T}0.07${T}
EOS
}

# timeline: s with thread 1's call timeline, a ring that lost 10 events:
#	leave b (1.0 s), enter b (1.5), leave b (1.75), leave a (2.0),
#	enter main (3.0), never left
timeline()
{
	cat >> s <<EOS
trace${T}1${T}5${T}10${T}last
tev${T}1${T}10${T}leave${T}100${T}1.0${T}2${T}0${T}$B${T}${T}
tev${T}1${T}11${T}enter${T}150${T}1.5${T}2${T}0${T}$B${T}0${T}0x1145
tev${T}1${T}12${T}leave${T}175${T}1.75${T}2${T}0${T}$B${T}${T}
tev${T}1${T}13${T}leave${T}200${T}2.0${T}1${T}0${T}$A${T}${T}
tev${T}1${T}14${T}enter${T}300${T}3.0${T}1${T}0${T}$M${T}${T}0x1
EOS
}

# view [GP-FMT ARGS]: the pipeline on s, the view printed
view()
{
	gmon-cat s | gp-sym fns | gp-hist | gp-arcs | gp-fmt "$@" -o ctxdump
}

atf_test_case trees
trees_head()
{
	atf_set "descr" "Each thread's tree as written: paths, counts, self" \
	    "and inclusive seconds, a function reached by two paths with" \
	    "each path's own time, the truncated node, the threads' names"
	atf_set "require.progs" "cc nm"
}
trees_body()
{
	setup
	cat > want <<EOF2
tree 100 1 100 main 1.050000000 5 1
node main 1 0.100000000 1.050000000 - f 0
node main;a 2 0.200000000 0.500000000 - f 0x1160
node main;a;b 4 0.300000000 0.300000000 - f 0x1145
node main;b 1 0.400000000 0.400000000 - f 0x1170
node main;(truncated) 3 0.050000000 0.050000000 T - 0
tree 100 2 101 worker 0.070000000 1 1
node main - 0.070000000 0.070000000 - f 0
EOF2
	view > got || atf_fail "the pipeline failed"
	atf_check -o file:want cat got
}

atf_test_case merged
merged_head()
{
	atf_set "descr" "gp-fmt --merge-threads: one tree, the same paths" \
	    "added up, a count unknown in one thread unknown in the sum"
	atf_set "require.progs" "cc nm"
}
merged_body()
{
	setup
	view --merge-threads > got || atf_fail "the pipeline failed"
	atf_check -o inline:"tree 0 0 0 - 1.120000000 5 1\n" head -1 got
	grep -qx 'node main - 0.170000000 1.120000000 - f 0' got ||
	    atf_fail "main not merged: $(cat got)"
	grep -qx 'node main;a;b 4 0.300000000 0.300000000 - f 0x1145' got ||
	    atf_fail "main;a;b changed: $(cat got)"
	# a group's thread-0 tree stands in only for a group without threads
	sed "s/^ctx${T}[12]${T}/ctx${T}0${T}/" s > s0
	grep -v "^ctx${T}0${T}1${T}0${T}0${T}0x[0-9a-f]*${T}${T}${T}${T}7" s0 \
	    > s
	view --merge-threads > got0 || atf_fail "the pipeline failed"
	atf_check -o inline:"tree 0 0 0 - 1.050000000 5 1\n" head -1 got0
}

atf_test_case through
through_head()
{
	atf_set "descr" "ctx records pass gmon-cat (the runtime layer made" \
	    "anew) and every stage unchanged"
	atf_set "require.progs" "cc nm"
}
through_body()
{
	setup
	grep "^ctx" s > want
	gmon-cat s | gp-sym fns | gp-hist | gp-arcs > out ||
	    atf_fail "the pipeline failed"
	grep "^ctx" out > got
	atf_check -o file:want cat got
}

# bad SED-EXPR REGEX: s edited by SED-EXPR makes gmon-cat fail with one
# line naming the file and the line, matching REGEX.
bad()
{
	sed "$1" s > b
	oneline "^gmon-cat: b:[0-9]+: ctx: $2" gmon-cat b
}

atf_test_case bad_input
bad_input_head()
{
	atf_set "descr" "Bad ctx records: one line naming file, line and" \
	    "field, exit status 1"
	atf_set "require.progs" "cc nm"
}
bad_input_body()
{
	setup
	# a parent not (yet) defined
	bad "s/^\(ctx${T}1${T}3${T}\)2/\19/" "field 4: parent 9 is not a node"
	bad "/^ctx${T}1${T}2${T}/{h;d};/^ctx${T}1${T}3${T}/G" \
	    "field 4: parent 2 is not a node"
	# ids out of order, and 0
	bad "s/^\(ctx${T}1${T}\)4${T}/\12${T}/" "field 3: node id 2 after id 3"
	bad "s/^\(ctx${T}1${T}\)1${T}/\10${T}/" "field 3: node id 0"
	# inclusive less than self, in ticks and in seconds
	bad "s/^\(ctx${T}1${T}3${T}.*${T}\)30${T}30${T}/\130${T}29${T}/" \
	    "field 10: inclusive ticks 29 less than the self ticks 30"
	bad "s/0\.3${T}0\.3${T}/0.3${T}0.2${T}/" \
	    "field 12: inclusive time 0.2 less than the self time 0.3"
	# children's time beyond their parent's
	bad "s/^\(ctx${T}1${T}4${T}.*${T}\)40${T}40${T}/\140${T}60${T}/" \
	    "field 10: inclusive ticks 60 more than node 1 has left"
	# an object no map record names
	bad "s/^\(ctx${T}1${T}2${T}1${T}\)0${T}/\17${T}/" \
	    "field 5: no map record with id 7"
	# marks
	bad "s/truncated\$/cut/" "field 14: mark 'cut' is not empty or"
	bad "s/^\(ctx${T}1${T}5${T}1${T}\)${T}/\10${T}0x10/" \
	    "field 5: a truncated node names no function"
	bad "s/^\(ctx${T}1${T}4${T}1${T}\)0${T}0x[0-9a-f]*${T}/\1${T}${T}/" \
	    "field 5: no function"
	# too few fields
	bad "s/${T}truncated\$//" "13 fields, expected at least 14"
}

atf_test_case replay
replay_head()
{
	atf_set "descr" "gp-fmt -o replay on a hand-written timeline: calls" \
	    "left before the ring began, a call that returned at once, one" \
	    "never left, the ring's loss said"
	atf_set "require.progs" "cc nm"
}
replay_body()
{
	setup
	timeline
	cat > want <<'EOF2'
#
# thread 1 (tid 100, main): 5 events, 10 earlier events lost (ring truncated)
# DURATION     TID     FUNCTION
           [   100] |   } /* b */
250.000 ms [   100] |   b();
           [   100] | } /* a */
           [   100] | main() {
           [   100] | } /* main: no leave recorded */
EOF2
	gmon-cat s | gp-sym fns | gp-fmt -o replay > got ||
	    atf_fail "the pipeline failed"
	atf_check -o file:want cat got
	gmon-cat s | gp-sym fns | gp-fmt -o replay,thread=2 > got2 ||
	    atf_fail "the pipeline failed"
	atf_check -o empty cat got2
}

atf_test_case chrome
chrome_head()
{
	atf_set "descr" "gp-fmt -o chrome on a hand-written timeline: begins" \
	    "made for the calls the ring began inside, outermost first, an" \
	    "end made for the call never left, the loss an instant event"
	atf_set "require.progs" "cc nm jq"
}
chrome_body()
{
	setup
	timeline
	gmon-cat s | gp-sym fns | gp-fmt -o chrome > c.json ||
	    atf_fail "the pipeline failed"
	cat > want <<'EOF2'
M thread_name
i (10 earlier events lost) 1000000
B a 1000000 truncated
B b 1000000 truncated
E b 1000000
B b 1500000
E b 1750000
E a 2000000
B main 3000000
E main 3000000 unfinished
EOF2
	atf_check -o file:want jq -r '.traceEvents[] | [.ph, .name,
	    (.ts // "" | tostring | sub("\\.0+$"; "")),
	    (.args // {} | keys | map(select(. != "name")) | join(","))] |
	    join(" ") | sub(" +$"; "")' c.json
}

# badtl SED-EXPR REGEX: as bad, on s with the timeline
badtl()
{
	sed "$1" s > b
	oneline "^gmon-cat: b:[0-9]+: t[a-z]*: $2" gmon-cat b
}

atf_test_case bad_timeline
bad_timeline_head()
{
	atf_set "descr" "Bad trace and tev records: one line naming file," \
	    "line and field, exit status 1"
	atf_set "require.progs" "cc nm"
}
bad_timeline_body()
{
	setup
	timeline
	badtl "/^trace/d" "field 2: an event of thread 1 not after its trace"
	badtl "s/^trace${T}1${T}5${T}/trace${T}1${T}4${T}/" \
	    "more events than the 4 of the trace record"
	badtl "s/^\(tev${T}1${T}\)12${T}/\110${T}/" \
	    "field 3: event 10 after event 11"
	badtl "s/${T}enter${T}150${T}/${T}jump${T}150${T}/" \
	    "field 4: 'jump' is not enter, leave or open"
	badtl "s/^\(tev${T}1${T}12${T}\)leave/\1open/" \
	    "field 4: an open call after an event"
	badtl "s/^\(tev${T}1${T}12${T}leave.*\)${T}${T}\$/\1${T}0${T}0x10/" \
	    "field 10: a leave has no call site"
	badtl "s/${T}last\$/${T}middle/" "field 5: 'middle' is not first or last"
	badtl "s/^\(trace.*\)\$/\1\\
\1/" "field 2: a second trace record of thread 1"
	badtl "s/^\(tev${T}1${T}11${T}enter${T}150${T}1.5${T}2${T}\)0${T}/\19${T}/" \
	    "field 8: no map record with id 9"
}

atf_init_test_cases()
{
	atf_add_test_case replay
	atf_add_test_case chrome
	atf_add_test_case bad_timeline
	atf_add_test_case trees
	atf_add_test_case merged
	atf_add_test_case through
	atf_add_test_case bad_input
}
