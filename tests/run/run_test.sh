#! /usr/bin/atf-sh
#
# gp-run(1): a command run and its profile printed, for each build and
# each way a program makes processes.  The oracle is gprof (or gp) on the
# files gp-run keeps with -d: the report printed must be gprof's of the
# same files, and the counts those the program's source makes.

. "$(atf_get_srcdir)/../lib.sh"

# calls NAME FILE: the calls column of NAME in a flat profile (-b -Q)
calls()
{
	awk -v n="$1" '$NF == n && NF >= 4 { print $(NF - 3); exit }' "$2"
}

# names FILE: the functions of a flat profile with calls, sorted
names()
{
	# main: -pg sees no call of it, gprt sees libc's
	awk 'NF >= 7 && $4 ~ /^[0-9]+$/ && $NF != "main" { print $NF }' \
	    "$1" | sort
}

# only: the one file matching a glob, or fail
only()
{
	test $# -eq 1 && test -e "$1" || atf_fail "not one file: $*"
	echo "$1"
}

atf_test_case builds
builds_head()
{
	atf_set "descr" "-pg, -finstrument-functions linked and preloaded: \
the same functions and calls; the -pg report is gprof's of its file"
}
builds_body()
{
	atf_check -o ignore -e ignore cc -pg -O0 -o pg "$progs/recurse.c"
	atf_check -o ignore -e ignore cc -finstrument-functions -O0 \
	    -o fi "$progs/recurse.c"
	atf_check -o ignore -e ignore cc -finstrument-functions -O0 \
	    -o fil "$progs/recurse.c" -L"$(stage)/lib" \
	    -Wl,-rpath,"$(stage)/lib" -lgprt
	atf_check -o save:pg.out gp-run -d d -b -Q ./pg
	f=$(only d/gmon.out.*)
	gprof -b -Q pg "$f" >want
	echo 11006 >>want.0
	cat want >>want.0
	atf_check -o file:want.0 cat pg.out
	atf_check -o save:fi.out gp-run -b -Q ./fi
	atf_check -o save:fil.out gp-run -b -Q ./fil
	grep -q 'measured per call' fi.out || atf_fail "fi: not measured"
	grep -q 'measured per call' fil.out || atf_fail "fil: not measured"
	names pg.out >n.pg
	test -s n.pg || atf_fail "no functions in the -pg report"
	for b in fi fil; do
		names $b.out >n.$b
		atf_check -o file:n.pg cat n.$b
		for f in spin fib odd even pang; do
			test "$(calls $f pg.out)" = "$(calls $f $b.out)" ||
			    atf_fail "$b: calls of $f differ from -pg's"
		done
	done
}

# a C program: ./NAME from the source on stdin, with -pg
pgprog()
{
	cat >"$1.c"
	atf_check -o ignore -e ignore cc -pg -O0 -o "$1" "$1.c"
}

leaf()
{
	pgprog leaf <<'E'
#include <stdio.h>
static volatile long sink;
static void leafwork(void) { sink++; }
int main(void) { int i; for (i = 0; i < 7; i++) leafwork(); return 0; }
E
}

atf_test_case forkexec
forkexec_head()
{
	atf_set "descr" "fork and exec of another -pg program, and vfork: \
one profile each, the default report the top command's"
}
forkexec_body()
{
	leaf
	for how in fork vfork; do
		pgprog $how <<E
#include <sys/wait.h>
#include <unistd.h>
static volatile long sink;
static void topwork(void) { sink++; }
int main(void) {
	pid_t p; int i;
	for (i = 0; i < 5; i++) topwork();
	if ((p = $how()) == 0) { execl("./leaf", "leaf", (char *)0); _exit(9); }
	waitpid(p, 0, 0);
	return 0;
}
E
		atf_check -o save:def gp-run -d d.$how -b -Q ./$how
		test "$(calls topwork def)" = 5 || atf_fail "$how: topwork"
		grep -q leafwork def && atf_fail "$how: leaf in the default"
		atf_check -o save:all gp-run -s -b -Q ./$how
		test "$(calls leafwork all)" = 7 || atf_fail "$how: leafwork"
		grep -q "^==> $PWD/leaf (process [0-9]*) <==\$" all ||
		    atf_fail "$how: no heading for leaf"
		grep -q "^==> $PWD/$how (process [0-9]*) <==\$" all ||
		    atf_fail "$how: no heading for $how"
		# gp and gmon-cat take the kept files
		test $(ls d.$how/gmon.out.* | wc -l) -eq 2 ||
		    atf_fail "$how: not two profiles"
		for f in d.$how/gmon.out.*; do
			atf_check -o ignore gmon-cat "$f"
		done
		l=$(grep -l leaf d.$how/exe.*) ||
		    atf_fail "$how: leaf's process not named"
		atf_check -o save:leaf.gp gp -b -Q leaf \
		    d.$how/gmon.out.${l##*.}
		test "$(calls leafwork leaf.gp)" = 7 ||
		    atf_fail "$how: gp on the kept file"
	done
}

atf_test_case make
make_head()
{
	atf_set "descr" "make -j2 through shells: every -pg process kept, \
summed per executable with -s"
}
make_body()
{
	need make
	leaf
	pgprog top <<'E'
#include <stdlib.h>
static volatile long sink;
static void topwork(void) { sink++; }
int main(void) { topwork(); return system("make -s -j2 -f mk") != 0; }
E
	printf 'all: a b c\na b c:\n\t./leaf && ./leaf\n' >mk
	atf_check -o save:out gp-run -s -b -Q ./top
	test "$(calls leafwork out)" = 42 || atf_fail "6 leaves of 7 calls"
	grep -q "^==> $PWD/leaf (processes [0-9 ]*) <==\$" out ||
	    atf_fail "no heading for leaf's processes"
	atf_check -o save:a gp-run -a -b -Q ./top
	test "$(grep -c "^==> $PWD/leaf (process [0-9]*) <==\$" a)" = 6 ||
	    atf_fail "-a: not six reports of leaf"
}

atf_test_case killed
killed_head()
{
	atf_set "descr" "A program killed from outside: 128+9, and the \
report from the companion file of gprt"
}
killed_body()
{
	cat >loop.c <<'E'
#include <stdio.h>
static volatile long sink;
static void spinner(void) { sink++; }
int main(void) {
	FILE *f = fopen("pid", "w");
	fprintf(f, "%d\n", (int)getpid()); fclose(f);
	for (;;) spinner();
}
E
	atf_check -o ignore -e ignore cc -D_GNU_SOURCE -include unistd.h \
	    -finstrument-functions -O0 -o loop loop.c
	(while [ ! -s pid ]; do sleep 0.1; done; sleep 1.5
	    kill -9 "$(cat pid)") &
	atf_check -s exit:137 -o save:out -e ignore env GPRT_FLUSH=100 \
	    gp-run -b -Q ./loop
	wait
	n=$(calls spinner out)
	test -n "$n" && test "$n" -gt 1000 ||
	    atf_fail "no calls of spinner in the report: $(cat out)"
	# a -pg program leaves nothing when killed: said, status kept
	rm -f pid
	atf_check -o ignore -e ignore cc -D_GNU_SOURCE -include unistd.h \
	    -pg -O0 -o loop loop.c
	(while [ ! -s pid ]; do sleep 0.1; done; sleep 0.5
	    kill -9 "$(cat pid)") &
	atf_check -s exit:137 -o empty -e match:'left no profile' \
	    gp-run -b -Q ./loop
	wait
}

atf_test_case status
status_head()
{
	atf_set "descr" "The program's exit status, its report printed"
}
status_body()
{
	pgprog three <<'E'
static volatile long sink;
static void w(void) { sink++; }
int main(void) { w(); return 3; }
E
	atf_check -s exit:3 -o match:'Flat profile' gp-run -b ./three
	pgprog segv <<'E'
#include <signal.h>
int main(void) { raise(SIGSEGV); return 0; }
E
	atf_check -s exit:139 -o empty -e match:'left no profile' \
	    gp-run -b ./segv
}

atf_test_case stdin
stdin_head()
{
	atf_set "descr" "The program reads gp-run's standard input and \
writes its standard output; options after it are its own"
}
stdin_body()
{
	pgprog rd <<'E'
#include <stdio.h>
static int n;
static void line(void) { n++; }
int main(int argc, char **argv) {
	char b[100]; int i;
	for (i = 1; i < argc; i++) puts(argv[i]);
	while (fgets(b, sizeof(b), stdin) != NULL) line();
	printf("lines %d\n", n);
	return 0;
}
E
	printf 'a\nb\nc\n' | gp-run -b -Q ./rd -b -o x >out ||
	    atf_fail "gp-run failed"
	head -4 out >first
	printf -- '-b\n-o\nx\nlines 3\n' >want
	atf_check -o file:want cat first
	test "$(calls line out)" = 3 || atf_fail "calls of line"
}

atf_test_case threads
threads_head()
{
	atf_set "descr" "8 threads: -pg's report gprof's, gprt's counts all"
}
threads_body()
{
	atf_check -o ignore -e ignore cc -pg -O0 -o thr "$progs/thr.c" \
	    -lpthread
	atf_check -o save:out gp-run -d d -b -Q ./thr
	gprof -b -Q thr d/gmon.out.* >want
	tail -n +2 out >got
	atf_check -o file:want cat got
	atf_check -o ignore -e ignore cc -finstrument-functions -O0 \
	    -o thrfi "$progs/thr.c" -lpthread
	atf_check -o save:fi gp-run -b -Q ./thrfi
	test "$(calls work fi)" = 8000000 || atf_fail "calls of work"
	test "$(calls run fi)" = 8 || atf_fail "calls of run"
}

atf_test_case stripped
stripped_head()
{
	atf_set "descr" "A stripped -pg program: known by its dynamic \
symbols, run, its status kept, its functions unnamed: s+0xADDR, the \
same counts as the program not stripped"
}
stripped_body()
{
	atf_check -o ignore -e ignore cc -pg -O0 -o s "$progs/recurse.c"
	cp s full
	atf_check strip s
	atf_check -o save:out -e empty gp-run -d d -b -Q ./s
	atf_check -o ignore gmon-cat d/gmon.out.*
	atf_check -o save:full.out -e empty gp-run -b -Q ./full
	# each function's calls, under its address
	for f in spin fib odd even pang; do
		a=$(nm full | awk -v f="$f" '$3 == f { sub(/^0+/, "", $1); print $1 }')
		test -n "$a" || atf_fail "no address of $f"
		test "$(calls "s+0x$a" out)" = "$(calls $f full.out)" ||
		    atf_fail "calls of $f (s+0x$a) differ: $(cat out)"
	done
}

atf_test_case outputs
outputs_head()
{
	atf_set "descr" "-o FORMAT and -O FILE, -p PID"
}
outputs_body()
{
	atf_check -o ignore -e ignore cc -pg -O0 -o pg "$progs/recurse.c"
	atf_check -o inline:'11006\n' gp-run -d d -o folded -O f.txt ./pg
	f=$(only d/gmon.out.*)
	gmon-cat "$f" | gp-sym pg | gp-hist | gp-arcs | gp-fmt -o folded >want
	atf_check -o file:want cat f.txt
	oneline '^gp-run: process 1 left no profile$' -x \
	    'gp-run -p 1 -b ./pg >/dev/null; exit $?'
}

atf_test_case baduse
baduse_head()
{
	atf_set "descr" "A program not found, not executable, a script, \
not profiled: one line, exit 1, nothing run"
}
baduse_body()
{
	oneline '^gp-run: \./nope: No such file or directory$' gp-run ./nope
	oneline '^gp-run: nope-gp-run: command not found$' \
	    gp-run nope-gp-run
	echo 'int main(void){return 0;}' >x.c
	oneline '^gp-run: \./x\.c: not an executable file$' gp-run ./x.c
	printf '#!/bin/sh\ntouch ran\n' >s.sh
	chmod +x s.sh
	oneline '^gp-run: \./s\.sh: a script' gp-run ./s.sh
	atf_check -o ignore -e ignore cc -O0 -o plain x.c
	oneline '^gp-run: -m x: not a method' gp-run -m x ./plain
	atf_check -s exit:1 -e match:"^usage: gp-run" gp-run
	test -e ran && atf_fail "the script ran"
	return 0
}

atf_init_test_cases()
{
	atf_add_test_case builds
	atf_add_test_case forkexec
	atf_add_test_case make
	atf_add_test_case killed
	atf_add_test_case status
	atf_add_test_case stdin
	atf_add_test_case threads
	atf_add_test_case stripped
	atf_add_test_case outputs
	atf_add_test_case baduse
}
