#! /usr/bin/atf-sh
#
# gp-top(1) on running programs of 8 threads: batch snapshots grow
# monotonically and the final one is gp-fmt's report of the same
# companion file; a program killed while gp-top watches, in batch and
# under tmux; gp-top started before the program's first call; the keys
# of its own; bad use, one line each, a program of another user too.

. "$(atf_get_srcdir)/../runtime/rtlib.sh"

tm()
{
	[ -f sock ] || mktemp -u /tmp/gptop.XXXXXXXX >sock
	tmux -S "$(cat sock)" -f /dev/null "$@"
}

tmclean()
{
	[ -f pid ] && kill -9 "$(cat pid)" 2>/dev/null
	[ -f sock ] || return 0
	tmux -S "$(cat sock)" kill-server 2>/dev/null
	rm -f "$(cat sock)"
}

screen()
{
	tm capture-pane -p -t t
}

# waitfor ERE: wait (up to 30 s) until a line of the screen matches.
waitfor()
{
	_n=0
	while ! screen 2>/dev/null | grep -Eq -e "$1"; do
		_n=$((_n + 1))
		[ "$_n" -lt 300 ] || { screen >last 2>&1
		    atf_fail "the screen never showed '$1': $(cat last)"; }
		sleep 0.1
	done
}

# since FILE: the last snapshot's "name calls self" since the start.
since()
{
	awk '/^\// || /^gmon/ { n = 0; delete c } NF == 7 && $4 ~ /^[0-9]+$/ {
		c[$7] = $4 " " $5 } END { for (f in c) print f, c[f] }' "$1" |
	    sort
}

atf_test_case final cleanup
final_head()
{
	atf_set "descr" "Batch: calls since the start never drop between snapshots; the last is gp-fmt's report of the companion file"
	atf_set "require.progs" "cc"
}
final_body()
{
	rtbuild live -pthread "$(atf_get_srcdir)/live.c"
	rm -f gmon.out gmon.out.gprt
	GPRT_HZ=0 ./live 4 &
	echo $! >pid
	while [ ! -s gmon.out.gprt ]; do sleep 0.05; done
	atf_check -o save:out -e empty gp-top -b -d 0.2 gmon.out.gprt
	wait
	atf_check -o match:'EXITED, pid [0-9]+, 9 threads' \
	    -x 'grep "^gmon.out.gprt: " out | tail -n 1'
	# a snapshot under the sanitizers on a busy machine takes seconds:
	# one while it runs and the final one
	min=3
	[ -z "${GP_SANITIZED:-}" ] || min=2
	test "$(grep -c '^gmon.out.gprt: ' out)" -ge $min ||
	    atf_fail "few snapshots: $(cat out)"
	# monotonic: each function's calls since the start
	awk '/^gmon.out.gprt: / { s++ } NF == 7 && $4 ~ /^[0-9]+$/ {
		if ($4 < last[$7]) { print "snapshot " s ": " $7 " " $4 " < " last[$7] }
		last[$7] = $4 }' out >drops
	atf_check -o empty cat drops
	gmon-cat gmon.out.gprt | gp-sym live | gp-fmt -b -p |
	    awk 'NF == 7 && $4 ~ /^[0-9]+$/ { print $7, $4, $3 }' | sort >want
	since out >got
	atf_check -o file:want cat got
	grep -q '^hot ' got || atf_fail "no hot: $(cat got)"
}
final_cleanup()
{
	tmclean
}

atf_test_case killed cleanup
killed_head()
{
	atf_set "descr" "A program killed while gp-top -p watches: its end said, the final profile gp-fmt's of the file it left"
	atf_set "require.progs" "cc"
}
killed_body()
{
	rtbuild live -pthread "$(atf_get_srcdir)/live.c"
	rm -f gmon.out gmon.out.gprt
	GPRT_HZ=0 ./live 60 &
	p=$!
	echo $p >pid
	while [ ! -s gmon.out.gprt ]; do sleep 0.05; done
	gp-top -b -d 0.3 -p $p >out 2>err &
	t=$!
	sleep 2
	kill -9 $p
	wait $t || atf_fail "gp-top failed: $(cat err)"
	atf_check -o empty cat err
	atf_check -o match:'ENDED without exit \(killed\?\), pid [0-9]+, 9 threads' \
	    -x 'grep "^/" out | tail -n 1'
	gmon-cat gmon.out.gprt 2>/dev/null | gp-sym live | gp-fmt -b -p |
	    awk 'NF == 7 && $4 ~ /^[0-9]+$/ { print $7, $4, $3 }' | sort >want
	since out >got
	atf_check -o file:want cat got
}
killed_cleanup()
{
	tmclean
}

atf_test_case early cleanup
early_head()
{
	atf_set "descr" "gp-top started before the program's first call: nothing listed, then work's 1000 calls"
	atf_set "require.progs" "cc"
}
early_body()
{
	atf_check cc -O0 -c -o late.o "$(atf_get_srcdir)/late.c"
	rtbuild late late.o "$(atf_get_srcdir)/latework.c"
	rm -f gmon.out gmon.out.gprt
	./late &
	echo $! >pid
	while [ ! -e gmon.out.gprt ]; do sleep 0.05; done
	atf_check -o save:out -e empty gp-top -b -d 0.5 -p "$(cat pid)"
	wait
	# the first snapshot lists nothing, the last work's calls
	awk '/^\// { s++ } s == 1 && NF == 7 { print }' out >first
	atf_check -o empty cat first
	atf_check -o match:'^ +0 +[0-9.]+ +[0-9.]+ +1000 .* work$' \
	    -x 'tail -n 2 out'
}
early_cleanup()
{
	tmclean
}

atf_test_case screen cleanup
screen_head()
{
	atf_set "descr" "Under tmux: the list refreshes, p pauses and resumes, t picks a thread, a kill is said on the screen"
	atf_set "require.progs" "cc tmux"
}
screen_body()
{
	rtbuild live -pthread "$(atf_get_srcdir)/live.c"
	rm -f gmon.out gmon.out.gprt
	GPRT_HZ=0 ./live 60 &
	p=$!
	echo $p >pid
	while [ ! -s gmon.out.gprt ]; do sleep 0.05; done
	tm new-session -d -x 80 -y 24 -s t "gp-top -d 0.3 -p $p" ||
	    atf_fail "tmux cannot start"
	waitfor ' hot$'
	waitfor '^ gp-top: gmon.out.gprt  pid [0-9]+, 9 threads'
	tm send-keys -t t p
	waitfor '\[paused\]'
	screen | sed -n 4p >a
	sleep 1
	screen | sed -n 4p >b
	atf_check -o file:a cat b
	tm send-keys -t t p
	waitfor 'resumed'
	tm send-keys -t t t
	waitfor 'thread 1 '
	tm send-keys -t t t
	waitfor 'thread 2 '
	waitfor ' hot$'
	kill -9 $p
	waitfor 'ENDED without exit'
	tm send-keys -t t q
}
screen_cleanup()
{
	tmclean
}

atf_test_case bad cleanup
bad_head()
{
	atf_set "descr" "Bad use: a process gone, one not profiled, a companion file of another version, no file: one line, exit 1"
	atf_set "require.progs" "cc perl"
}
bad_body()
{
	sleep 30 &
	echo $! >pid
	oneline "^gp-top: process $(cat pid): not profiled by gprt\\(3\\): it holds no companion file \\(\\.gprt\\)\$" \
	    gp-top -b -p "$(cat pid)"
	kill "$(cat pid)"
	wait
	oneline "^gp-top: process $(cat pid): no such process\$" \
	    gp-top -b -p "$(cat pid)"
	rtbuild live -pthread "$(atf_get_srcdir)/live.c"
	atf_check env GPRT_HZ=0 ./live 0.2 2
	cp gmon.out.gprt v3.gprt
	patch v3.gprt 8 L 3
	oneline '^gp-top: v3.gprt: byte 8: version 3 not supported$' \
	    gp-top -b v3.gprt
	oneline '^gp-top: nosuch.gprt: No such file or directory$' \
	    gp-top -b nosuch.gprt
	oneline '^gp-top: -d 0: not a number of seconds from 0.1 to 3600$' \
	    gp-top -b -d 0 gmon.out.gprt
}
bad_cleanup()
{
	tmclean
}

atf_test_case notours cleanup
notours_head()
{
	atf_set "descr" "A profiled program of another user (root's, gp-top run as nobody): one line, exit 1"
	atf_set "require.progs" "cc"
}
notours_body()
{
	[ "$(id -u)" -eq 0 ] || atf_skip "run as $(id -un): needs root to run gp-top as another user"
	if command -v setpriv >/dev/null; then
		set -- setpriv --reuid=65534 --regid=65534 --clear-groups --
	elif command -v runuser >/dev/null; then
		set -- runuser -u nobody --
	else
		atf_skip "neither setpriv(1) nor runuser(1) to run gp-top as nobody"
	fi
	"$@" gp-top -V >/dev/null 2>&1 ||
	    atf_skip "user 65534 cannot run $(command -v gp-top)"
	rtbuild live -pthread "$(atf_get_srcdir)/live.c"
	rm -f gmon.out gmon.out.gprt
	GPRT_HZ=0 ./live 60 &
	echo $! >pid
	while [ ! -s gmon.out.gprt ]; do sleep 0.05; done
	oneline "^gp-top: process $(cat pid): not ours: its files cannot be read \\(Permission denied\\)\$" \
	    "$@" gp-top -b -p "$(cat pid)"
}
notours_cleanup()
{
	tmclean
}

atf_init_test_cases()
{
	atf_add_test_case final
	atf_add_test_case killed
	atf_add_test_case early
	atf_add_test_case screen
	atf_add_test_case bad
	atf_add_test_case notours
}
