#! /usr/bin/atf-sh
#
# gp-view(1) as a person and a script use it: its batch lines are
# gp-fmt's for the same stream (flat profile, every call-graph entry, each
# thread, a diff); under tmux, in an 80x24 terminal, the screen shows the
# same lines and every key of the man page does what it says; resizing;
# bad use, one line each.

. "$(atf_get_srcdir)/../runtime/rtlib.sh"

# tm ARGS...: this test's own tmux server (a socket of its own in /tmp,
# where its path is short enough; removed by the cleanup).
tm()
{
	[ -f sock ] || mktemp -u /tmp/gptui.XXXXXXXX >sock
	tmux -S "$(cat sock)" -f /dev/null "$@"
}

tmclean()
{
	[ -f sock ] || return 0
	tmux -S "$(cat sock)" kill-server 2>/dev/null
	rm -f "$(cat sock)"
}

# start COMMAND: a WxH (default 80x24) terminal running COMMAND; waits
# for its first screen.
start()
{
	need tmux
	tm new-session -d -x "${W:-80}" -y "${H:-24}" -s t "$1" ||
	    atf_fail "tmux cannot start"
	waitfor "${2:-.}"
}

# screen: the terminal's text, one line a line.
screen()
{
	tm capture-pane -p -t t
}

# waitfor ERE: wait (up to 20 s) until a line of the screen matches.
waitfor()
{
	_n=0
	while ! screen 2>/dev/null | grep -Eq -e "$1"; do
		_n=$((_n + 1))
		[ "$_n" -lt 200 ] || { screen >last 2>&1
		    atf_fail "the screen never showed '$1': $(cat last)"; }
		sleep 0.1
	done
}

# press KEY... then wait for the screen to hold ERE.
press()
{
	_re=$1
	shift
	tm send-keys -t t "$@"
	waitfor "$_re"
}

# cursor: the line under the cursor (reverse video, not the title line).
cursor()
{
	tm capture-pane -p -e -t t | awk 'NR > 1 && /\033\[[0-9;]*7m/ {
		gsub(/\033\[[0-9;]*m/, ""); sub(/ +$/, ""); print; exit }'
}

# iscursor LINE: the line under the cursor is LINE.
iscursor()
{
	cursor >cur
	printf '%s\n' "$1" >curwant
	cmp -s cur curwant || atf_fail "cursor on '$(cat cur)', not '$1'"
}

# cursorhas ERE: the line under the cursor matches ERE.
cursorhas()
{
	cursor >cur
	grep -Eq -e "$1" cur || atf_fail "cursor on '$(cat cur)', not '$1'"
}

# flat STREAM: gp-fmt's flat profile lines (after its heads).
flat()
{
	gp-fmt -b -p "$1" | awk 'f { print } /^ time +/ { f = 1 }'
}

# list [GP-VIEW ARGS]: gp-view's batch list lines (after its heads).
list()
{
	gp-view -b "$@" | awk 'NR > 4'
}

# entry NAME STREAM: NAME's entry of gp-fmt's call graph, without the
# separator line.
entry()
{
	gp-fmt -b -q "$2" | awk -v n="$1" '
	    /^-----/ { if (hit) { printf "%s", e; exit } e = ""; next }
	    /^index/ { e = ""; next }
	    /^\[[0-9]+\]/ { s = $0; sub(/ \[[0-9]+\]$/, "", s)
		sub(/ <cycle [0-9]+>$/, "", s)
		if (substr(s, length(s) - length(n)) == " " n) hit = 1 }
	    /^$/ && hit { printf "%s", e; exit }
	    { e = e $0 "\n" }'
}

# pgprof: prog, a -pg program of 40 functions each of its own weight,
# its gmon.out, and its analysed stream s.
pgprof()
{
	awk 'BEGIN {
		print "static volatile unsigned long sink;"
		for (i = 1; i <= 40; i++) {
			printf "void f%02d(int n) { int i; for (i = 0; i < n * %d; i++) sink += i; }\n", i, i
		}
		print "int main(void) { int k;"
		print "for (k = 0; k < 60; k++) {"
		for (i = 1; i <= 40; i++)
			printf "f%02d(%d);\n", i, 3000 + 97 * i
		print "} return 0; }"
	}' >prog.c
	pgbuild prog -O0 prog.c
	pgrun ./prog
	gmon-cat gmon.out | gp-sym prog >s || atf_fail "pipeline failed"
}

atf_test_case flat cleanup
flat_head()
{
	atf_set "descr" "Batch list: gp-fmt's flat profile lines, from a stream or from an image and its gmon.out"
	atf_set "require.progs" "cc gprof"
}
flat_body()
{
	pgprof
	flat s >want
	test "$(wc -l <want)" -ge 30 || atf_fail "few lines: $(cat want)"
	list s >got
	atf_check -o file:want cat got
	# the image and its profile, as gp takes them
	list prog gmon.out >got
	atf_check -o file:want cat got
	# the standard input, and not a terminal: batch
	gp-view <s | awk 'NR > 4' >got
	atf_check -o file:want cat got
	atf_check -o match:'^s: [0-9.]+ seconds sampled, sorted by self$' \
	    -x 'gp-view -b s | head -n 1'
}
flat_cleanup()
{
	tmclean
}

atf_test_case lines cleanup
lines_head()
{
	atf_set "descr" "A stream of source lines (gp-sym -l, or -l with an image): gprof -l's line names and gp-fmt -l's flat profile lines, in batch and on the screen"
	atf_set "require.progs" "cc gprof"
}
lines_body()
{
	# functions of several lines, each line of its own weight
	awk 'BEGIN {
		print "static volatile unsigned long sink;"
		for (i = 1; i <= 6; i++) {
			printf "void\nf%d(int n)\n{\n\tint i;\n\n", i
			printf "\tfor (i = 0; i < n * %d; i++)\n", i
			print "\t\tsink += i;"
			printf "\tfor (i = 0; i < n * %d; i++)\n", 7 - i
			print "\t\tsink ^= i;"
			print "}"
		}
		print "int\nmain(void)\n{\n\tint k;\n"
		print "\tfor (k = 0; k < 200; k++) {"
		for (i = 1; i <= 6; i++)
			printf "\t\tf%d(80000);\n", i
		print "\t}\n\treturn 0;\n}"
	}' >lines.c
	pgbuild prog -O0 -g lines.c
	pgrun ./prog
	gmon-cat gmon.out | gp-sym -l prog >s || atf_fail "pipeline failed"
	gp-fmt -b -p -l s | awk 'f { print } /^ time +/ { f = 1 }' >want
	test "$(grep -c '(lines\.c:[0-9]* @ [0-9a-f]*)$' want)" -ge 12 ||
	    atf_fail "few lines: $(cat want)"
	list s >got
	atf_check -o file:want cat got
	list -l prog gmon.out >got
	atf_check -o file:want cat got
	atf_check -o match:'^s: [0-9.]+ seconds sampled by source line, sorted by self$' \
	    -x 'gp-view -b s | head -n 1'
	# the screen: the hottest line under the cursor
	top=$(head -n 1 want | sed 's/.*  //')
	start "gp-view -l prog gmon.out" 'by source line'
	cursorhas "$(printf '%s' "$top" | sed 's/[().@]/\\&/g')\$"
	tm send-keys -t t q
	# a stream of functions has no lines
	gmon-cat gmon.out | gp-sym prog >f
	oneline '^gp-view: f: -l: the stream has no source lines: make it with gp-sym -l$' \
	    gp-view -b -l f
}
lines_cleanup()
{
	tmclean
}

atf_test_case entries
entries_head()
{
	atf_set "descr" "Batch entry (-e): gp-fmt's call-graph entry of every function, cycles and recursion included"
	atf_set "require.progs" "cc gprof"
}
entries_body()
{
	pgbuild rec -O0 "$progs/recurse.c"
	pgrun ./rec
	gmon-cat gmon.out | gp-sym rec | gp-hist | gp-arcs >s
	n=0
	for f in $(list s | awk '{ print $NF }'); do
		entry "$f" s >want
		test -s want || atf_fail "no entry of $f in gp-fmt's call graph"
		gp-view -b -e "$f" s | awk 'NR > 3' >got
		atf_check -o file:want cat got
		n=$((n + 1))
	done
	[ "$n" -ge 8 ] || atf_fail "only $n functions"
	gp-fmt -b -q s >cg
	grep -q '<cycle 1 as a whole>' cg || atf_fail "recurse.c made no cycle"
}

atf_test_case threads
threads_head()
{
	atf_set "descr" "8 threads: the list of all equals gp-fmt's, each thread's equals gp-fmt's of that thread's marc records alone"
	atf_set "require.progs" "cc"
}
threads_body()
{
	rtbuild t -pthread "$progs/thr.c"
	rtrun ./t
	gmon-cat -t gmon.out | gp-sym t >s
	flat s >want
	list t >got
	atf_check -o file:want cat got
	atf_check -o match:', thread all of 9,' -x 'gp-view -b s | head -n 1'
	for k in 1 2 3 4 5 6 7 8 9; do
		awk -F '\t' -v k=$k '$1 != "marc" || $2 == k' s >s$k
		flat s$k >want
		list -t $k s >got
		atf_check -o file:want cat got
		gp-view -b -t $k -e work s | awk 'NR > 3' >got
		entry work s$k >want
		[ $k = 1 ] || atf_check -o file:want cat got
	done
	# thread 2 calls work a million times
	list -t 2 s >l2
	atf_check -o match:' 1000000 .* work$' cat l2
}

atf_test_case diff
diff_head()
{
	atf_set "descr" "A gp-diff stream: each function's calls and self seconds and their change as gp-fmt prints them"
	atf_set "require.progs" "cc"
}
diff_body()
{
	pgprof
	gp-hist <s | gp-arcs >s1
	# three times the calls, twice the samples (in a bin's 16 bits)
	awk '$1 == "arc" { $4 = $4 * 3 }
	    $1 == "bins" { for (i = 4; i <= NF; i++) $i = $i * 2 }
	    { print }' FS='\t' OFS='\t' s | gp-hist | gp-arcs >s3
	gp-diff s1 s3 >d || atf_fail "gp-diff failed"
	# gp-fmt's columns: "%12ju %12ju" and the change, "%8.2f %8.2f"
	# and the change; gp-view's "%10ju %10ju %8.2f %8.2f" and the change
	gp-fmt -b d | awk 'NF >= 8 && $1 ~ /^[0-9]+$/ {
		d = substr($0, 54, 10); gsub(/ /, "", d)
		print $NF, $1, $2, $4, $5, d }' | sort >want
	test "$(wc -l <want)" -ge 30 || atf_fail "few changes: $(cat want)"
	grep -q ' +100.0%$' want || atf_fail "no time doubled: $(cat want)"
	list d | awk '{ d = substr($0, 40, 10); gsub(/ /, "", d)
		print $NF, $1, $2, $3, $4, d }' | sort >got
	atf_check -o file:want cat got
	atf_check -o match:'sorted by change$' -x 'gp-view -b d | head -n 1'
}

atf_test_case sort_filter
sort_filter_head()
{
	atf_set "descr" "-s sorts by each column, -f keeps the names holding a text in any case"
	atf_set "require.progs" "cc"
}
sort_filter_body()
{
	pgprof
	list -s name s | awk '{ print $NF }' >got
	sort got >want
	atf_check -o file:want cat got
	list -s calls s | awk '{ print $4 }' >got
	sort -rn got >want
	atf_check -o file:want cat got
	list -s total s | awk '{ print $3 + $4 * $6 / 1000 }' >/dev/null
	list -f F0 s | awk '{ print $NF }' >got
	printf 'f0%d\n' 1 2 3 4 5 6 7 8 9 | sort >want
	sort got >g2
	atf_check -o file:want cat g2
	oneline '^gp-view: -s bogus: expected self, total, calls or name$' \
	    gp-view -b -s bogus s
}

atf_test_case screen cleanup
screen_head()
{
	atf_set "descr" "80x24: the title, the heads and the list as batch mode prints them, cut at 80 columns"
	atf_set "require.progs" "cc"
}
screen_body()
{
	pgprof
	start "gp-view s" 'q quit$'
	screen >scr
	atf_check -o match:'^ gp-view: s +[0-9.]+ seconds sampled +sort self' \
	    head -n 1 scr
	gp-view -b s | sed -n '3,4p' | sed 's/ *$//' >want
	sed -n '2,3p' scr | sed 's/ *$//' >got
	atf_check -o file:want cat got
	list s | head -n 20 | cut -c 1-80 >want
	sed -n '4,23p' scr | sed 's/ *$//' >got
	atf_check -o file:want cat got
	atf_check -o match:'^Enter entry +/ search +s sort.*q quit' \
	    tail -n 1 scr
	# the first line is under the cursor
	iscursor "$(head -n 1 want)"
	tm send-keys -t t q
}
screen_cleanup()
{
	tmclean
}

atf_test_case keys cleanup
keys_head()
{
	atf_set "descr" "Every key of gp-view(1): moving, Enter, following callers and callees, Backspace, /, s, t, ?, q"
	atf_set "require.progs" "cc"
}
keys_body()
{
	pgprof
	list s >all
	start "gp-view s; echo exit \$?; sleep 30" 'q quit$'
	line() { sed -n "$1p" all; }
	iscursor "$(line 1)"
	press . Down;		iscursor "$(line 2)"
	press . j;		iscursor "$(line 3)"
	press . Up;		iscursor "$(line 2)"
	press . k;		iscursor "$(line 1)"
	press . NPage;		iscursor "$(line 21)"
	press . PPage;		iscursor "$(line 1)"
	n=$(wc -l <all)
	[ "$n" -ge 40 ] || atf_fail "only $n functions listed"
	press . End;		iscursor "$(line $n)"
	press . Home;		iscursor "$(line 1)"
	press . G;		iscursor "$(line $n)"
	press . g;		iscursor "$(line 1)"
	# Enter: the entry of the first function, its own line under the
	# cursor, as gp-fmt prints it
	f=$(line 1 | awk '{ print $NF }')
	press 'entry of '"$f" Enter
	entry "$f" s >want
	screen | sed -n '3,23p' | sed 's/ *$//' | awk 'NF' >got
	atf_check -o file:want cat got
	cursorhas "^\\[[0-9]+\\] .* $f \\[[0-9]+\\]\$"
	# Up: main, the caller; Enter goes to main's entry
	press . Up
	cursorhas ' main \[[0-9]+\]$'
	press 'entry of main' Enter
	screen | sed -n '3,23p' | sed 's/ *$//' | awk 'NF' >got
	# main's entry is longer than the screen: its first 21 lines
	entry main s | head -n 21 >want
	atf_check -o file:want cat got
	# a callee of main: f02, Enter, then Backspace twice, Left back
	press . Down Down
	cursorhas " f[0-9][0-9] \\[[0-9]+\\]\$"
	c=$(cursor | awk '{ print $(NF - 1) }')
	press "entry of $c" Enter
	press 'entry of main' BSpace
	press "entry of $f" Left
	press 'sort self' BSpace
	iscursor "$(line 1)"
	# Right and l open an entry too, h goes back
	press "entry of $f" Right
	press 'sort self' h
	press "entry of $f" l
	press 'sort self' h
	# / f1: the names holding f1; an empty text all again
	press '^/' /
	press '/f1$' f 1 Enter
	screen | sed -n '4,23p' | awk 'NF > 1 { print $NF }' | sort >got
	printf 'f1%d\n' 0 1 2 3 4 5 6 7 8 9 >want
	atf_check -o file:want cat got
	press . / Enter
	waitfor 'q quit$'
	# Escape cancels
	press '^/' / x
	press 'sort self' Escape
	# s: calls, name, total, self in turn
	press 'sort total' s
	press 'sort calls' s
	press 'sort name' s
	cursorhas ' f01$'
	press 'sort self' s
	# t: this profile keeps no threads apart
	press 'keeps no threads' t
	# ?: the keys, any key back
	press 'Backspace, Left' '?'
	press 'sort self' x
	# ^L draws again
	press 'sort self' C-l
	press '^exit 0$' q
}
keys_cleanup()
{
	tmclean
}

atf_test_case tkey cleanup
tkey_head()
{
	atf_set "descr" "t on a stream of 8 threads: each thread's list in turn, then all"
	atf_set "require.progs" "cc"
}
tkey_body()
{
	rtbuild t -pthread "$progs/thr.c"
	rtrun ./t
	gmon-cat -t gmon.out | gp-sym t >s
	start "gp-view s" ' work$'
	press 'thread 1 ' t
	screen | sed -n 4p >l4
	atf_check -o match:' main$' cat l4
	press 'thread 2 ' t
	list -t 2 s >want
	screen | sed -n '4,5p' >got
	atf_check -o file:want cat got
	for k in 3 4 5 6 7 8 9; do
		press "thread $k " t
	done
	# all again, the cursor on the function it was on
	c=$(cursor | awk '{ print $NF }')
	press 'thread all ' t
	list s >want
	screen | sed -n '4,6p' >got
	atf_check -o file:want cat got
	cursorhas " $c\$"
}
tkey_cleanup()
{
	tmclean
}

atf_test_case resize cleanup
resize_head()
{
	atf_set "descr" "Resizing: smaller than 60x8 shows one line saying so, larger again the list; a narrower screen cuts the lines"
	atf_set "require.progs" "cc"
}
resize_body()
{
	pgprof
	start "gp-view s" 'q quit$'
	tm resize-window -t t -x 50 -y 24
	waitfor '^terminal 50x24 too small: 60x8 at least$'
	screen | awk NF >scr
	atf_check -o match:'^1$' -x "wc -l <scr"
	tm resize-window -t t -x 64 -y 10
	waitfor 'sort self'
	list s | head -n 6 | cut -c 1-64 >want
	screen | sed -n '4,9p' | sed 's/ *$//' >got
	atf_check -o file:want cat got
	tm resize-window -t t -x 80 -y 24
	waitfor 'q quit$'
}
resize_cleanup()
{
	tmclean
}

atf_test_case bad cleanup
bad_head()
{
	atf_set "descr" "Bad use: a terminal too small, no symbol layer, a thread or function not there, no file: one line, exit 1"
	atf_set "require.progs" "cc"
}
bad_body()
{
	pgprof
	W=50 start "gp-view s; echo exit \$?; sleep 30" '^exit'
	screen | awk NF >got
	printf 'gp-view: terminal 50x24 too small: 60x8 at least\nexit 1\n' >want
	atf_check -o file:want cat got
	gmon-cat gmon.out >raw
	oneline '^gp-view: raw: no symbol layer in the stream: run it through gp-sym$' \
	    gp-view -b raw
	oneline '^gp-view: s: no thread 3 in the profile \(its threads are merged: gmon-cat -t keeps them\)$' \
	    gp-view -b -t 3 s
	oneline '^gp-view: s: no function nosuch$' gp-view -b -e nosuch s
	oneline '^gp-view: nosuch: No such file or directory$' gp-view -b nosuch
	oneline '^gp-view: -t x: not a thread number from 1$' gp-view -b -t x s
	# a missing gmon.out: gmon-cat's message alone
	oneline 'gmon-cat: nothing.out' gp-view -b prog nothing.out
}
bad_cleanup()
{
	tmclean
}

atf_init_test_cases()
{
	atf_add_test_case flat
	atf_add_test_case entries
	atf_add_test_case lines
	atf_add_test_case threads
	atf_add_test_case diff
	atf_add_test_case sort_filter
	atf_add_test_case screen
	atf_add_test_case keys
	atf_add_test_case tkey
	atf_add_test_case resize
	atf_add_test_case bad
}
