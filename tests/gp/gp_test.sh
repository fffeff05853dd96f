#! /usr/bin/atf-sh
#
# The option matrix of gp(1): for every option of GNU gprof 2.40, alone and
# in the combinations people use, `gp OPTS prog gmon.out' prints on its
# standard output exactly what `gprof OPTS prog gmon.out' prints and exits
# with the same status.  The programs are compiled with -pg and run here.

. "$(atf_get_srcdir)/../lib.sh"

src=$(atf_get_srcdir)

# build: the C test program as ./prog, run, its profile in gmon.out.
build()
{
	pgbuild prog -g -O0 -I"$src" "$src/p_main.c" "$src/p_util.c"
	pgrun ./prog
}

# buildcxx: the C++ test program as ./cxx, its profile in cxx.gmon.
buildcxx()
{
	atf_check -o ignore -e ignore c++ -pg -g -O0 -o cxx "$src/p_cxx.cc"
	pgrun ./cxx
	mv gmon.out cxx.gmon
}

# same ARGS...: gprof and gp given ARGS print the same and exit alike.
# Returns 1 (and shows the difference) if not.
same()
{
	gprof "$@" >gprof.out 2>gprof.err
	_es=$?
	gp "$@" >gp.out 2>gp.err
	_gs=$?
	if [ $_es -ne $_gs ] || ! cmp -s gprof.out gp.out; then
		echo "=== gp $*: exit $_gs, gprof exit $_es" >&2
		diff gprof.out gp.out | head -20 >&2
		head -5 gp.err >&2
		return 1
	fi
	return 0
}

# matrix TAIL <<EOF: one option set a line; each is run through same()
# with TAIL (the image and profile files) after it.  Fails naming every
# set that differs.
matrix()
{
	_bad=
	while read -r _opts; do
		[ -n "$_opts" ] || continue
		# shellcheck disable=SC2086
		same $_opts "$@" || _bad="$_bad [$_opts]"
	done
	[ -z "$_bad" ] || atf_fail "gp differs from gprof for:$_bad"
}

atf_test_case output
output_head()
{
	atf_set "descr" "Output choice and style: -b -p -P -q -Q -z -T -w -B"
}
output_body()
{
	build
	matrix prog gmon.out <<EOF

-b
-p
-q
-P
-Q
-B
-z
-T
-b -p
-b -q
-b -z
-p -q
-P -q
-Q -p
-P -Q
-T -b
-T -z
-T -p
-T -q
-w 40
-w 200
-w 1
-w 0
-w junk
-b -z -w 120
--brief
--flat-profile
--no-flat-profile
--graph
--no-graph
--brief --display-unused-functions
--traditional
--width=60
--bri --fl
EOF
}

atf_test_case fileinfo
fileinfo_head()
{
	atf_set "descr" "-i: what each profile file holds"
}
fileinfo_body()
{
	build
	cp gmon.out second.out
	matrix prog gmon.out <<EOF
-i
--file-info
-i -b -p
-i -q
EOF
	matrix prog gmon.out second.out <<EOF
-i
-i -b
EOF
}

atf_test_case symspecs
symspecs_head()
{
	atf_set "descr" "Symspecs in -p -P -q -Q -e -E -f -F -k -n -N"
}
symspecs_body()
{
	build
	matrix prog gmon.out <<EOF
-prec
-Prec
-qrec
-Qrec
-b -prec
-b -qrec
-b -qping
-b -Qping
-pnosuch
-qnosuch
-b -plocal
-b -pp_util.c:local
-b -pp_main.c:local
-b -qp_util.c:local
-b -pp_util.c
-b -qp_util.c
-b -pp_main.c:30
-b -qp_main.c:30
-b -qhelper/local
-b -Qmain/rec
-e rec
-E rec
-f helper
-F helper
-e rec -f main
-e ping -f pong
-E ping -F main
-b -k main/rec
-b -k main/helper -k helper/local
-b -k p_util.c/p_util.c:local
-b -n rec
-b -N rec
-b -n rec -N ping
-b -N helper
-b --time=rec
-b --no-time=helper
-b --flat-profile=rec --graph=helper
-b --no-flat-profile=rec --no-graph=helper
-b -e p_util.c:local
-b -E p_main.c
-b -f p_util.c
-b -F p_main.c:ping
-b -n p_util.c -N p_main.c:rec
-b -k p_main.c:60/p_main.c:local
-b -q p_main.c/p_util.c
-b -z -e rec -e ping -f main
-T -E rec -F main
-b -pmain -qmain
EOF
}

atf_test_case symbols
symbols_head()
{
	atf_set "descr" "Symbols: -a -D --demangle --no-demangle -S -L --inline-file-names"
}
symbols_body()
{
	build
	nm prog | grep -v ' [wU] ' >prog.nm
	matrix prog gmon.out <<EOF
-a
-D
-a -b
-b -D -z
-L
-b -L -z
--inline-file-names
-b --inline-file-names -L
--no-static --ignore-non-functions
-S prog.nm
-b -S prog.nm
--external-symbol-table=prog.nm
EOF
	buildcxx
	matrix cxx cxx.gmon <<EOF

-b
--demangle
--demangle=gnu-v3
--demangle=auto
--no-demangle
-b --no-demangle
-b -T
--no-demangle --demangle
EOF
}

atf_test_case lines
lines_head()
{
	atf_set "descr" "Line level: -l -C -Z -A -J -x -y -m -t -I"
}
lines_body()
{
	build
	matrix prog gmon.out <<EOF
-l
-l -b
-l -b -p
-l -b -q
-l -T -b
-l -b --inline-file-names
-C
-Crec
-Zrec
-Z
-l -C
-l -C -m 2
-C -m 401
-A
-A -x
-Arec
-Jrec
-J
-A -t 3
-A -t 0
-A -x -t 1
-A -t 100
-A -b -p
-A -C
--annotated-source
--exec-counts
--all-lines -A
EOF
	mkdir srcdir
	cp "$src/p_main.c" "$src/p_util.c" "$src/p.h" srcdir/
	matrix prog gmon.out <<EOF
-A -I srcdir
-A -I nosuchdir
--directory-path=srcdir -A
EOF
	export GPROF_PATH=srcdir
	matrix prog gmon.out <<EOF
-A
-A -I nosuchdir
EOF
	unset GPROF_PATH
	# -y writes FILE-ann into the working directory.
	gprof -y -A prog gmon.out >expout || atf_fail "gprof -y failed"
	ls *-ann >gprof.list 2>/dev/null
	test -s gprof.list || atf_fail "gprof -y wrote no file"
	for f in $(cat gprof.list); do
		mv "$f" "$f.gprof"
	done
	atf_check -o file:expout gp -y -A prog gmon.out
	for f in $(cat gprof.list); do
		test -f "$f" || atf_fail "gp -y wrote no $f"
		cmp -s "$f.gprof" "$f" || atf_fail "gp -y: $f differs"
	done

	# Sources compiled under a relative name and moved away: found
	# through -I and GPROF_PATH only.
	mkdir -p s
	cp "$src/p_main.c" "$src/p_util.c" "$src/p.h" s/
	pgbuild rel -g -O0 -Is s/p_main.c s/p_util.c
	pgrun ./rel
	mv s moved
	matrix rel gmon.out <<EOF
-A
-A -I moved
-A -I nosuch:moved
--directory-path=moved -A -b -p
EOF
	export GPROF_PATH=moved
	matrix rel gmon.out <<EOF
-A
-A -I nosuch
EOF
	unset GPROF_PATH
}

atf_test_case graph
graph_head()
{
	atf_set "descr" "Graph extras: -c -r -R"
}
graph_body()
{
	build
	cc -c -g -pg -I"$src" "$src/p_main.c" "$src/p_util.c" ||
	    atf_fail "cannot compile the objects"
	nm --extern-only --defined-only -v --print-file-name \
	    p_main.o p_util.o >map
	# Maps whose first lines name functions that call each other.
	printf '%s\n' a.o:0\ T\ main b.o:0\ T\ helper c.o:0\ T\ rec \
	    c.o:0\ T\ ping d.o:0\ T\ pong e.o:0\ D\ data >map2
	printf '%s\n' x.o:0\ T\ ping y.o:0\ T\ pong z.o:0\ T\ main \
	    w.o:0\ T\ rec 'No symbols in v.o' >map3
	matrix prog gmon.out <<EOF
-c
-b -c
-b -c -z
-c -q
-c -z -q
-c -z -T
-r
-r -b
-a -r
-r -c
-l -r
-r -z -b -p
-R map
-a -R map
-R map2
-R map3
-b -q -R map2
-b -p -R map3
-l -R map3
-R nosuch
-r -R map
--static-call-graph -b
--function-ordering
--file-ordering=map
EOF
}

atf_test_case mapfile
mapfile_head()
{
	atf_set "descr" "-R maps as gp-sym reads them: blank lines skipped" \
	    "(gprof 2.40 crashes on them), a line with no object file" \
	    "name is gprof's error, not 'could not open'"
	atf_set "require.progs" "gprof"
}
mapfile_body()
{
	build
	printf '%s\n' a.o:0\ T\ main b.o:0\ T\ helper c.o:0\ T\ rec >map
	printf '%s\n' a.o:0\ T\ main '' b.o:0\ T\ helper '  ' \
	    c.o:0\ T\ rec >blank
	atf_check -o save:want gp -b -R map prog gmon.out
	grep -qx 'a.o' want || atf_fail "no a.o in: $(cat want)"
	atf_check -o file:want gp -b -R blank prog gmon.out
	printf '%s\n' a.o:0\ T\ main 'no colon here' >bad
	atf_check -s exit:1 -e save:gprof.err gprof -b -R bad prog gmon.out
	atf_check -s exit:1 -o empty \
	    -e inline:"gp: unable to parse mapping file bad.\n" \
	    gp -b -R bad prog gmon.out
	atf_check -o file:gprof.err \
	    echo "gprof: unable to parse mapping file bad."
	gmon-cat gmon.out | gp-sym -R blank prog | gp-hist | gp-arcs >s
	atf_check -s exit:1 -o empty \
	    -e inline:"gp-fmt: unable to parse mapping file bad.\n" \
	    gp-fmt -b -R bad s
	atf_check -o file:want gp-fmt -b -R blank s
}

# sumcmp A B: the two gmon files are the same but for the header's spare
# bytes (GNU: 20-byte header of cookie, version and 12 spare bytes; gprof
# leaves the spare bytes uninitialised).
sumcmp()
{
	if [ "$(head -c 4 "$1")" = gmon ]; then
		cmp -s -i 20 "$1" "$2" &&
		    [ "$(head -c 8 "$1" | od -An -tx1)" = \
		    "$(head -c 8 "$2" | od -An -tx1)" ]
	else
		cmp -s "$1" "$2"
	fi
}

# sumcheck ARGS...: gp -s ARGS and gprof -s ARGS print the same and
# write the same gmon.sum; gp's spare bytes are zero.
sumcheck()
{
	rm -f gmon.sum gprof.sum
	same -s "$@" || atf_fail "gp -s $*: output differs"
	mv gmon.sum gprof.sum 2>/dev/null
	gp -s "$@" >/dev/null 2>&1
	if [ ! -f gprof.sum ]; then
		[ ! -f gmon.sum ] || atf_fail "gp -s $* wrote a gmon.sum"
		return
	fi
	test -f gmon.sum || atf_fail "gp -s $* wrote no gmon.sum"
	sumcmp gprof.sum gmon.sum || atf_fail "gp -s $*: gmon.sum differs"
	if [ "$(head -c 4 gmon.sum)" = gmon ]; then
		atf_check -o inline:"000000000000000000000000\n" sh -c \
		    "od -An -tx1 -j8 -N12 gmon.sum | tr -d ' \n'; echo"
	fi
}

# gnu2bsd [-old] <IN >OUT: a 64-bit little-endian GNU gmon.out as a
# 4.4BSD (or old BSD) file.
gnu2bsd()
{
	perl -e '
	    my $old = @ARGV && $ARGV[0] eq "-old";
	    local $/; binmode STDIN; binmode STDOUT;
	    my $d = <STDIN>; my $p = 20; my ($lo, $hi, $n, $rate, $bins, @a);
	    while ($p < length $d) {
		my $tag = ord substr($d, $p++, 1);
		if ($tag == 0) {
		    ($lo, $hi, $n, $rate) = unpack("Q<Q<L<L<",
			substr($d, $p, 24));
		    $p += 40; $bins = substr($d, $p, 2 * $n); $p += 2 * $n;
		} elsif ($tag == 1) {
		    push @a, [unpack("Q<Q<L<", substr($d, $p, 20))]; $p += 20;
		} else { die "tag $tag\n" }
	    }
	    print $old ? pack("Q<Q<L<", $lo, $hi, 20 + 2 * $n) :
		pack("Q<Q<L<L<L<a12", $lo, $hi, 40 + 2 * $n, 0x51879,
		$rate, "");
	    print $bins; print pack("Q<Q<Q<", @$_) for @a;' "$@"
}

atf_test_case sum
sum_head()
{
	atf_set "descr" "-s writes gmon.sum as gprof does (spare bytes zero)"
}
sum_body()
{
	# Without debugging information: gprof sums at function level.
	pgbuild prog -O0 -I"$src" "$src/p_main.c" "$src/p_util.c"
	pgrun ./prog
	mv gmon.out one.out
	pgrun ./prog
	mv gmon.out two.out
	sumcheck prog one.out
	sumcheck prog one.out two.out
	sumcheck -p prog one.out two.out
	sumcheck -b -q prog one.out
	sumcheck -k main/rec prog one.out two.out
	sumcheck -c -z prog one.out
	# gmon.sum as one of the inputs: the others are added into it.
	cp one.out gmon.sum
	gprof -s prog gmon.sum two.out
	mv gmon.sum gprof.sum
	cp one.out gmon.sum
	atf_check gp -s prog gmon.sum two.out
	sumcmp gprof.sum gmon.sum || atf_fail "gp -s into gmon.sum differs"
	# The sum reads back as the sum of its inputs.
	gprof -s prog one.out two.out
	matrix prog gmon.sum <<EOF
-b
-i
EOF
}

atf_test_case sum_lines
sum_lines_head()
{
	atf_set "descr" "-s with debugging information: gprof -s implies -l"
}
sum_lines_body()
{
	build
	sumcheck prog gmon.out
	sumcheck -b -p prog gmon.out
}

atf_test_case format
format_head()
{
	atf_set "descr" "-O auto|bsd|4.4bsd|magic|prof, for reading and for -s"
}
format_body()
{
	pgbuild prog -O0 -I"$src" "$src/p_main.c" "$src/p_util.c"
	pgrun ./prog
	gnu2bsd <gmon.out >bsd.out
	gnu2bsd -old <gmon.out >old.out
	matrix prog gmon.out <<EOF
-O auto
-O magic
-Oa
-Om -b
-O 4.4bsd
-O prof
-O junk
--file-format=magic
EOF
	for f in bsd.out old.out; do
		matrix prog $f <<EOF

-b -p
-i
-O auto -b
-O bsd -b
-O b -q
-O 4.4bsd -b
-O magic
EOF
	done
	sumcheck -O bsd prog bsd.out
	sumcheck -O bsd prog old.out
	sumcheck -O bsd prog bsd.out old.out
	sumcheck -O 4.4bsd prog bsd.out
	sumcheck -O 4.4bsd prog old.out
	sumcheck prog bsd.out
	sumcheck -O magic prog gmon.out
	sumcheck -O auto prog gmon.out bsd.out
}

atf_test_case errors
errors_head()
{
	atf_set "descr" "Errors: missing files, bad options, missing data"
}
errors_body()
{
	build
	matrix prog gmon.out <<EOF
-Y
--no-such-option
--fi
--brief=3
-r -R map
--demangle=nosuch
-S nosuch
EOF
	same nosuch gmon.out || atf_fail "missing image differs"
	same prog nosuch || atf_fail "missing profile differs"
	same prog gmon.out nosuch || atf_fail "missing second profile differs"
	same prog || atf_fail "default gmon.out differs"
	same || atf_fail "default a.out differs"
	same -b gmon.out gmon.out || atf_fail "profile as image differs"
	# gp's own messages name the file as gprof's do.
	atf_check -s exit:1 -o empty -e inline:"nosuch: No such file or directory\n" \
	    gp prog nosuch
	atf_check -s exit:1 -o empty -e inline:"nosuch: No such file or directory\n" \
	    gp nosuch gmon.out

	# A profile with the histogram only, and one with the arcs only.
	nb=$(od -An -tu4 -j37 -N4 gmon.out | tr -d ' ')
	hlen=$((1 + 8 + 8 + 4 + 4 + 15 + 1 + 2 * nb))
	head -c $((20 + hlen)) gmon.out >hist.out
	{ head -c 20 gmon.out; tail -c +$((21 + hlen)) gmon.out; } >arcs.out
	matrix prog hist.out <<EOF

-p
-q
-b -q
-Q
EOF
	matrix prog arcs.out <<EOF

-p
-b -q
-P
-C
EOF
	# A file that is not a profile at all.
	echo "not a profile" >junk.out
	matrix prog junk.out <<EOF

-i
EOF
}

atf_test_case misc
misc_head()
{
	atf_set "descr" "-v -h -d and @FILE"
}
misc_body()
{
	build
	atf_check -o match:'^gp ' gp -v
	atf_check -o match:'^gp ' gp --version
	atf_check -o match:'^Usage: gp ' gp -h
	atf_check -o match:'^Usage: gp ' gp --help
	atf_check -s exit:1 -o empty -e match:'^Usage: gp ' gp -Y
	atf_check -o match:'^gp ' gp -v -Y
	printf -- '-b\n-p\nprog\n' >args
	matrix gmon.out <<EOF
@args
@nosuch prog
EOF
	# gprof here is built with debugging, gp is not: -d is a warning.
	gprof -b prog gmon.out >expout
	atf_check -o file:expout -e match:'-d ignored' gp -d -b prog gmon.out
	atf_check -o file:expout -e match:'-d ignored' gp -d3 -b prog gmon.out
}

atf_test_case stage_dies
stage_dies_head()
{
	atf_set "descr" "A stage killed by a signal is named, with the signal, and gp exits 1"
	atf_set "require.progs" "cc"
}
stage_dies_body()
{
	pgbuild prog "$progs/recurse.c"
	pgrun ./prog
	# gp runs the stages from its own directory: one of them crashes
	mkdir bin
	d=$(dirname "$(command -v gp)")
	for t in gmon-cat gp-hist gp-arcs gp-fmt; do
		ln -s "$d/$t" bin/$t
	done
	cp "$d/gp" bin/gp
	printf '#!/bin/sh\nkill -SEGV $$\n' >bin/gp-sym
	chmod +x bin/gp-sym
	# GP_STAGES=exec: the stage programs, not those compiled into gp
	GP_STAGES=exec atf_check -s exit:1 -o empty \
	    -e match:'^bin/gp: stage gp-sym killed by signal 11 \(Segmentation fault\)' \
	    bin/gp prog gmon.out
	# compiled in, the stages run in gp's process: one killed while
	# gmon-cat waits for its standard input (a FIFO held open) is named
	# (not under the sanitizers: their own report of a SEGV is kept)
	if [ -z "${GP_SANITIZED:-}" ]; then
	mkfifo fifo
	exec 3<>fifo
	bin/gp prog - <fifo >out 2>err &
	pid=$!
	sleep 1
	kill -SEGV $pid
	wait $pid
	atf_check_equal 1 $?
	exec 3>&-
	atf_check -o empty cat out
	atf_check -o match:'^bin/gp: stage gmon-cat killed by signal 11 \(Segmentation fault\)' \
	    cat err
	fi
	# named as invoked, as gprof names itself, usage included
	atf_check -s exit:1 -e match:'^bin/gp: invalid option' \
	    -e match:'^Usage: bin/gp ' bin/gp -K prog gmon.out
}

atf_test_case stages_exec
stages_exec_head()
{
	atf_set "descr" "The stages compiled into gp, handing their profiles on or writing every stream (GP_STAGES=streams), and the stage programs (GP_STAGES=exec) print the same bytes, messages and status"
	atf_set "require.progs" "cc"
}
stages_exec_body()
{
	build
	for o in "" "-b -q" "-b -l -p" "-A" "-s" "-b -p -P nosuch" "-i" \
	    "-b nosuch.gmon" "-K" "-b -P -p main" "-c -b" "-b -q -e main" \
	    "-b -q -Q main" "-x -A"; do
		gp $o prog gmon.out >in.out 2>in.err
		_is=$?
		GP_STAGES=exec gp $o prog gmon.out >ex.out 2>ex.err
		_es=$?
		atf_check_equal "$o:$_es" "$o:$_is"
		atf_check -o file:ex.out cat in.out
		atf_check -o file:ex.err cat in.err
		GP_STAGES=streams gp $o prog gmon.out >st.out 2>st.err
		_ss=$?
		atf_check_equal "$o:$_ss" "$o:$_is"
		atf_check -o file:st.out cat in.out
		atf_check -o file:st.err cat in.err
	done
	# a stage's failure ends gp there, with that stage's message
	printf 'not a profile\n' >bad.gmon
	gp prog bad.gmon >in.out 2>in.err
	_is=$?
	GP_STAGES=exec gp prog bad.gmon >ex.out 2>ex.err
	atf_check_equal "$?" "$_is"
	atf_check_equal 1 "$_is"
	atf_check -o file:ex.err cat in.err
	atf_check -o file:ex.out cat in.out
	# gp-hist's message about a profile gmon-cat handed on names the
	# stream, as the stage program's does; two profiles added up
	gmon-cat gmon.out | awk -F'\t' 'BEGIN { OFS = "\t" } { print }
	    $1 == "hist" { $2 = 1; $7 = "cycles"; print }' >two.s
	atf_check gmon-cat -o two.gmon two.s
	for f in two.gmon "gmon.out gmon.out"; do
		gp -b prog $f >in.out 2>in.err
		_is=$?
		for m in exec streams; do
			GP_STAGES=$m gp -b prog $f >$m.out 2>$m.err
			atf_check_equal "$f $m:$?" "$f $m:$_is"
			atf_check -o file:$m.out cat in.out
			atf_check -o file:$m.err cat in.err
		done
	done
	grep -q "<stdin>: histogram 1: dimension unit changed" in.err &&
	    atf_fail "the summed profiles' report failed: $(cat in.err)"
	gp -b prog two.gmon 2>&1 >/dev/null |
	    grep -q "<stdin>: histogram 1: dimension unit changed" ||
	    atf_fail "no message naming the stream for two.gmon"
}

atf_init_test_cases()
{
	atf_add_test_case stage_dies
	atf_add_test_case stages_exec
	atf_add_test_case output
	atf_add_test_case fileinfo
	atf_add_test_case symspecs
	atf_add_test_case symbols
	atf_add_test_case lines
	atf_add_test_case graph
	atf_add_test_case mapfile
	atf_add_test_case sum
	atf_add_test_case sum_lines
	atf_add_test_case format
	atf_add_test_case errors
	atf_add_test_case misc
}
