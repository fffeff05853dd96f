#! /usr/bin/atf-sh
#
# gp-sym(1) and the symbol layer: the table gp-sym adds must be the one
# GNU gprof builds from the same executable.  gprof -z lists every symbol
# of its table in the flat profile (less the mcount names it hides) and in
# the index (statics with their source file), so both are compared with
# gp-sym's "sym" records.

. "$(atf_get_srcdir)/../lib.sh"

src=$(atf_get_srcdir)
top=$src/../..

# The gprof to compare with (a cross gprof for other machines' programs).
GPROF=gprof

# gprof's default exclusions: in the table, never in the flat profile.
excl='_gprof_mcount|mcount|_mcount|__mcount|__mcount_internal|__mcleanup'

# cprog OUT CC-ARGS...: the C test program, profiled once.
cprog()
{
	_out=$1
	shift
	pgbuild "$_out" "$@" "$src/one.c" "$src/two.c" "$src/split.c" \
	    "$src/weak.c" "$src/names.c" "$src/main.c"
	pgrun "./$_out"
}

# cxxprog OUT CXX-ARGS...: the C++ test program, profiled once.
cxxprog()
{
	_out=$1
	shift
	atf_check -o ignore -e ignore c++ -pg -o "$_out" "$@" "$src/cxx.cc"
	pgrun "./$_out"
}

# symtab EXE [OPTS...]: gp-sym's stream for EXE (empty input) in "table".
symtab()
{
	_e=$1
	shift
	printf 'gp-stream\t1\n' >hdr
	atf_check -o save:table gp-sym "$@" "$_e" <hdr
}

# ourindex: the index entries gprof would print for "table": the name,
# and "(file)" after statics with a source file.
ourindex()
{
	awk -F '\t' '$1 == "sym" {
		n = $9
		if ($5 ~ /s/ && $6 != "") {
			f = $6
			sub(/.*\//, "", f)
			n = n " (" f ")"
		}
		print n
	}' table | sort
}

# same_as_gprof EXE [OPTS...]: gp-sym's table has the names of gprof's
# flat profile and the entries of its index, with the same options.
same_as_gprof()
{
	_e=$1
	shift
	symtab "$_e" "$@"
	awk -F '\t' '$1 == "sym" { print $9 }' table |
	    grep -vxE "$excl" | sort >ours.flat
	$GPROF -b -p -z "$@" "$_e" gmon.out >gprof.p 2>gprof.err ||
	    atf_fail "gprof -p $*: $(cat gprof.err)"
	awk '/^ time   seconds/ { on = 1; next }
	    on && NF { print substr($0, 55) }' gprof.p | sort >gprof.flat
	test -s gprof.flat || atf_fail "no names in gprof's flat profile"
	atf_check -o file:gprof.flat cat ours.flat

	ourindex >ours.idx
	$GPROF -b -q -z -w 3000 "$@" "$_e" gmon.out >gprof.q 2>gprof.err ||
	    atf_fail "gprof -q $*: $(cat gprof.err)"
	sed -n '/^Index by function name/,$p' gprof.q | tail -n +3 |
	    awk '{
		for (k = 0; k < 3; k++) {
			e = substr($0, 1 + k * 999, 999)
			sub(/ +$/, "", e)
			sub(/^ *[[(][0-9]+[])] /, "", e)
			if (e != "" && e !~ /^<cycle /)
				print e
		}
	    }' | sort >gprof.idx
	atf_check -o file:gprof.idx cat ours.idx
}

atf_test_case c_pie_g
c_pie_g_head()
{
	atf_set "descr" "C, PIE, -g: gprof's names; statics named after their files"
	atf_set "require.progs" "cc gprof"
}
c_pie_g_body()
{
	cprog prog -g -pie -fPIE
	same_as_gprof prog
	# the two static helpers of one.c and two.c, told apart by file
	atf_check -o match:'^helper \(one\.c\)$' cat ours.idx
	atf_check -o match:'^helper \(two\.c\)$' cat ours.idx
	atf_check -o match:'^main$' cat ours.idx
}

atf_test_case c_nopie_nog
c_nopie_nog_head()
{
	atf_set "descr" "C, -no-pie, no -g: gprof's names, no files"
	atf_set "require.progs" "cc gprof"
}
c_nopie_nog_body()
{
	cprog prog -no-pie
	same_as_gprof prog
	atf_check -o match:'^helper$' cat ours.idx
	atf_check -s exit:1 grep '(' ours.idx
}

atf_test_case c_split
c_split_head()
{
	atf_set "descr" "C at -O2: .cold and .part pieces are not symbols"
	atf_set "require.progs" "cc gprof nm"
}
c_split_body()
{
	cprog prog -O2 -g
	nm prog >nm.out
	grep -q ' t big\.cold$' nm.out || atf_skip "gcc made no big.cold"
	same_as_gprof prog
	atf_check -s exit:1 grep -E '\.(cold|part)' ours.flat
	atf_check -o match:'^big$' cat ours.flat
	same_as_gprof prog -a
	same_as_gprof prog -D
}

atf_test_case names
names_head()
{
	atf_set "descr" "Static names with '.', '\$' and __gnu_compiled as gprof"
	atf_set "require.progs" "cc gprof"
}
names_body()
{
	cprog prog -g
	same_as_gprof prog
	atf_check -o match:'^plain \(names\.c\)$' cat ours.idx
	atf_check -s exit:1 grep -E 'isra|part\.1|dol|gnu_compiled' ours.flat
}

atf_test_case weak
weak_head()
{
	atf_set "descr" "A weak function is a global symbol, flagged w"
	atf_set "require.progs" "cc gprof"
}
weak_body()
{
	cprog prog -g
	same_as_gprof prog
	atf_check -o match:'^sym	[0-9]+	0x[0-9a-f]+	0x[0-9a-f]+	fgw	[^	]*weak\.c	[0-9]+	wfunc	wfunc$' cat table
	# the undefined weak reference is no symbol
	atf_check -s exit:1 grep -w absent table
}

atf_test_case cxx
cxx_head()
{
	atf_set "descr" "C++: names demangled as gprof does, or not"
	atf_set "require.progs" "c++ gprof"
}
cxx_body()
{
	cxxprog prog -g
	same_as_gprof prog
	atf_check -o match:'^\(anonymous namespace\)::anon\(int\) \(cxx\.cc\)$' \
	    cat ours.idx
	atf_check -o match:'^ns::Box<long>::get\(\) const$' cat ours.idx
	atf_check -o match:'^sfun\(std::' cat ours.idx
	same_as_gprof prog --no-demangle
	atf_check -o match:'^_ZNK2ns3BoxIlE3getEv$' cat ours.flat
	same_as_gprof prog --demangle
	same_as_gprof prog --demangle=gnu-v3
	same_as_gprof prog --demangle=none
	cxxprog prog2 -O2
	same_as_gprof prog2
}

atf_test_case options
options_head()
{
	atf_set "descr" "-a and -D choose the symbols as gprof's -a and -D"
	atf_set "require.progs" "cc gprof"
}
options_body()
{
	cprog prog -g
	same_as_gprof prog -a
	atf_check -s exit:1 grep -E '^sym	([^	]*	){3}f?s' table
	same_as_gprof prog -D
	same_as_gprof prog -a -D
	same_as_gprof prog --no-static --ignore-non-functions
}

atf_test_case external
external_head()
{
	atf_set "descr" "-S reads an nm-style table as gprof -S"
	atf_set "require.progs" "cc gprof nm"
}
external_body()
{
	cprog prog -g
	nm prog >syms.nm
	same_as_gprof prog -S syms.nm
	# no files from an external table
	atf_check -s exit:1 grep '(' ours.idx
	nm -n prog >sorted.nm
	same_as_gprof prog -S sorted.nm
	same_as_gprof prog --external-symbol-table=sorted.nm
	grep ' [tT] ' syms.nm | grep -v helper >few.nm
	same_as_gprof prog -S few.nm
	# nm's undefined symbols scan as address U, type t (tanh@...,
	# time@...): they name nothing (two of them made gp-sym free a
	# name twice)
	printf '                 U tanh@GLIBC_2.2.5\n' >undef.nm
	cat sorted.nm >>undef.nm
	printf '                 U time@GLIBC_2.2.5\n' >>undef.nm
	symtab prog -S sorted.nm
	mv table sorted.table
	symtab prog -S undef.nm
	atf_check -o file:sorted.table cat table
}

atf_test_case static_link
static_link_head()
{
	atf_set "descr" "A static program keeps the mcount names in the table"
	atf_set "require.progs" "cc gprof"
}
static_link_body()
{
	cprog prog -g -static
	same_as_gprof prog
	awk -F '\t' '$1 == "sym" { print $9 }' table >names
	atf_check -o match:'^mcount$' cat names
	atf_check -o match:'^__mcount_internal$' cat names
}

atf_test_case ranges
ranges_head()
{
	atf_set "descr" "Ids, sorted addresses, ranges to the next symbol"
	atf_set "require.progs" "cc"
}
ranges_body()
{
	cprog prog -g
	symtab prog
	# exe: path target textlow texthigh nsyms width order lead
	atf_check -o match:'^exe	prog	elf64-x86-64	0x[0-9a-f]+	0x[0-9a-f]+	[0-9]+	64	le	$' \
	    grep '^exe' table
	atf_check -o inline:'ok\n' awk -F '\t' '
	    function h(s,  i, v) { v = 0; s = tolower(substr(s, 3))
		for (i = 1; i <= length(s); i++)
			v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v }
	    $1 == "exe" { hi = h($5); n = $6 }
	    $1 == "sym" {
		if ($2 != k) { print "id " $2 " not " k; bad = 1 }
		a = h($3)
		if (k > 0 && a <= pa) { print "address order at " $2; bad = 1 }
		if (k > 0 && pe != a - 1) { print "end of " k - 1; bad = 1 }
		pa = a; pe = h($4); k++ }
	    END {
		if (k != n) { print k " syms, exe says " n; bad = 1 }
		if (pe != hi - 1) { print "last end"; bad = 1 }
		if (!bad) print "ok" }' table
}

atf_test_case lookup
lookup_head()
{
	atf_set "descr" "gp_sym_load and gp_sym_lookup: gprof's sym_lookup"
	atf_set "require.progs" "cc"
}
lookup_body()
{
	atf_check cc -std=c11 -D_GNU_SOURCE -DGP_VERSION='"test"' \
	    -I"$top/libgp" -I"$top/include" \
	    -o symcheck "$src/symcheck.c" "$top"/libgp/*/*.c \
	    -lbfd -lelf -liberty -ldl -lm
	cprog prog -g
	symtab prog
	# every start and end, each end + 1, and below the first symbol
	addrs="0x0 $(awk -F '\t' '
	    function h(s,  i, v) { v = 0; s = tolower(substr(s, 3))
		for (i = 1; i <= length(s); i++)
			v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v }
	    $1 == "sym" { printf "%s %s 0x%x\n", $3, $4, h($4) + 1 }' table)"
	./symcheck $addrs <table >got || atf_fail "symcheck failed"
	# the same by a linear scan
	awk -F '\t' -v list="$addrs" '
	    function h(s,  i, v) { v = 0; s = tolower(substr(s, 3))
		for (i = 1; i <= length(s); i++)
			v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v }
	    BEGIN { n = 0 }
	    $1 == "sym" { a[n] = h($3); e[n] = h($4); nm[n] = $8; n++ }
	    END {
		c = split(list, q, " ")
		for (j = 1; j <= c; j++) {
			x = h(q[j]); r = "-"
			for (i = 0; i < n; i++)
				if (a[i] <= x && (i + 1 == n || a[i + 1] > x))
					r = x <= e[i] ? i " " nm[i] : "-"
			printf "0x%x %s\n", x, r
		}
	    }' table >want
	atf_check -o file:want cat got
	grep -q ' helper$' got || atf_fail "no lookup found helper"
	grep -q ' -$' got || atf_fail "no lookup fell outside"
}

atf_test_case loader_errors
loader_errors_head()
{
	atf_set "descr" "Bad sym and exe records: one line naming the line, exit 1"
	atf_set "require.progs" "cc"
}
loader_errors_body()
{
	atf_check cc -std=c11 -D_GNU_SOURCE -DGP_VERSION='"test"' \
	    -I"$top/libgp" -I"$top/include" \
	    -o symcheck "$src/symcheck.c" "$top"/libgp/*/*.c \
	    -lbfd -lelf -liberty -ldl -lm
	h='gp-stream\t1\n'
	e='exe\ta.out\telf64-x86-64\t0x10\t0x100\t2\t64\tle\t\n'
	s0='sym\t0\t0x10\t0x1f\tfg\t\t\tf\tf\n'
	s1='sym\t1\t0x20\t0xff\tfs\tx.c\t3\tg\tg\n'
	printf "$h$e$s0$s1" >good
	atf_check -o inline:'0x20 1 g\n0xff 1 g\n0x100 -\n' \
	    ./symcheck 0x20 0xff 0x100 <good
	printf "$h$s0" >bad1
	atf_check -s exit:1 -e match:'<stdin>:2: sym: sym record before the exe record' \
	    ./symcheck <bad1
	printf "$h$e$s1" >bad2
	atf_check -s exit:1 -e match:':3: sym: .*id 1 out of sequence' \
	    ./symcheck <bad2
	printf "$h$e${s0}sym\t1\t0x10\t0xff\tf\t\t\tg\tg\n" >bad3
	atf_check -s exit:1 -e match:':4: sym: .*not above' ./symcheck <bad3
	printf "$h${e}sym\t0\t0x10\t0x1f\tfq\t\t\tf\tf\n" >bad4
	atf_check -s exit:1 -e match:":3: sym: .*unknown flag 'q'" \
	    ./symcheck <bad4
	printf "$h${e}sym\t0\t0x10\t0x1f\tf\n" >bad5
	atf_check -s exit:1 -e match:':3: sym: .*expected at least 9' \
	    ./symcheck <bad5
	printf "$h$e$e" >bad6
	atf_check -s exit:1 -e match:':3: exe: a second exe record' \
	    ./symcheck <bad6
	printf "$h$e$s0${s1}sym\t2\t0x30\t0xff\tf\t\t\th\th\n" >bad7
	atf_check -s exit:1 -e match:':5: sym: more sym records than the 2' \
	    ./symcheck <bad7
	printf "$h${e}sym\tx\t0x10\t0x1f\tf\t\t\tf\tf\n" >bad8
	atf_check -s exit:1 -e match:':3: sym: ' ./symcheck <bad8
}

atf_test_case copy_through
copy_through_head()
{
	atf_set "descr" "Other records pass; the sym layer is replaced, not doubled"
	atf_set "require.progs" "cc"
}
copy_through_body()
{
	cprog prog
	printf 'gp-stream\t1\nnote\tkept\n' >in
	atf_check -o save:once gp-sym prog <in
	atf_check -o match:'^note	kept$' head -2 once
	atf_check -o file:once gp-sym prog <once
	atf_check -o inline:'1\n' grep -c '^exe	' once
	# the layer comes last
	atf_check -o match:'^sym	' tail -1 once
}

atf_test_case lines_libbfd
lines_libbfd_head()
{
	atf_set "descr" "Source files and lines as libbfd gives them, DWARF 2 to 5"
	atf_set "require.progs" "cc c++"
}
lines_libbfd_body()
{
	printf 'gp-stream\t1\n' >hdr
	for g in -gdwarf-2 -gdwarf-4 -gdwarf-5 '-g -gz' '-g -O2'; do
		atf_check -o ignore -e ignore c++ -pg $g -o cprog "$src/cxx.cc"
		atf_check -o save:fast gp-sym cprog <hdr
		GP_SYM_BFDLINES=1 atf_check -o save:slow gp-sym cprog <hdr
		atf_check -o file:slow cat fast
		n=$(awk -F '\t' '$1 == "sym" && $6 != ""' fast | wc -l)
		[ "$n" -ge 5 ] || atf_fail "$g: only $n symbols with a file"
		atf_check -o ignore -e ignore cc -pg $g -o prog "$src/one.c" \
		    "$src/two.c" "$src/split.c" "$src/weak.c" \
		    "$src/names.c" "$src/main.c"
		atf_check -o save:fast gp-sym prog <hdr
		GP_SYM_BFDLINES=1 atf_check -o save:slow gp-sym prog <hdr
		atf_check -o file:slow cat fast
	done
}

atf_test_case lines_index
lines_index_head()
{
	atf_set "descr" "-l: the DWARF index answers every address as libbfd does in gprof's second pass, DWARF 2 to 5, C and C++, gcc and clang, asking libbfd nothing"
	atf_set "require.progs" "cc c++"
}
lines_index_body()
{
	printf 'gp-stream\t1\n' >hdr
	ccs="cc c++"
	command -v clang >/dev/null && ccs="$ccs clang clang++"
	for c in $ccs; do
		for g in -gdwarf-2 -gdwarf-4 -gdwarf-5 '-g -gz' '-g -O2'; do
			case $c in
			*++)	set -- "$src/cxx.cc" ;;
			*)	set -- "$src/one.c" "$src/two.c" "$src/split.c" \
				    "$src/weak.c" "$src/names.c" "$src/main.c" ;;
			esac
			atf_check -o ignore -e ignore $c -pg $g -o prog "$@"
			GP_SYM_LINESTATS=1 GP_SYM_LINECHECK=p atf_check \
			    -o save:fast -e save:err gp-sym -l prog <hdr
			atf_check -o match:'^gp-sym: -l: 0 addresses answered otherwise' \
			    -o match:'from DWARF, 0 asked of libbfd$' cat err
			GP_SYM_BFDLINES=1 atf_check -o save:slow gp-sym -l prog <hdr
			atf_check -o file:slow cat fast
			n=$(awk -F '\t' '$1 == "sym" && $5 !~ /f/' fast | wc -l)
			[ "$n" -ge 10 ] || atf_fail "$c $g: only $n line symbols"
		done
	done
	# gprof itself, on compressed DWARF too (libbfd must decompress)
	if command -v gprof >/dev/null; then
		atf_check -o ignore -e ignore cc -pg -g -gz -o prog \
		    "$src/one.c" "$src/two.c" "$src/split.c" "$src/weak.c" \
		    "$src/names.c" "$src/main.c"
		atf_check -o ignore ./prog
		atf_check -o save:exp gprof -b -l -p -z prog gmon.out
		atf_check -o file:exp gp -b -l -p -z prog gmon.out
	fi
}

atf_test_case mismatch
mismatch_head()
{
	atf_set "descr" "Profile addresses outside the executable's symbols warn"
	atf_set "require.progs" "cc gmon-cat"
}
mismatch_body()
{
	cprog prog -pie -fPIE
	atf_check -o save:prof.st gmon-cat gmon.out
	atf_check -o ignore -e empty gp-sym prog <prof.st
	pgbuild other -no-pie "$src/one.c" "$src/two.c" "$src/split.c" \
	    "$src/weak.c" "$src/names.c" "$src/main.c"
	atf_check -o save:out -e save:err gp-sym other <prof.st
	atf_check -o match:'^gp-sym: other: arc 0x[0-9a-f]+ -> 0x[0-9a-f]+: .* is not in any of its symbols$' \
	    cat err
	atf_check -o match:'^gp-sym: other: histogram 0x[0-9a-f]+-0x[0-9a-f]+ lies outside its symbols \(0x[0-9a-f]+-0x[0-9a-f]+\)$' \
	    cat err
	n=$(wc -l <err)
	[ "$n" -le 7 ] || atf_fail "$n warning lines"
	# the stream still comes out whole
	atf_check -o match:'^sym	' tail -1 out
}

atf_test_case otherbuild
otherbuild_head()
{
	atf_set "descr" "A libgprt profile read with another build of its" \
	    "program: one line says so (the companion records where the" \
	    "code was); with its own build, or a copy without debugging information, nothing"
	atf_set "require.progs" "cc strip"
}
otherbuild_body()
{
	_s=$(stage)
	cat >p.c <<'SRC'
static volatile long sink;

static void
work(long i)
{
	sink += i;
}

#ifdef MORE
void
more(long n)
{
	long i;

	for (i = 0; i < n; i++)
		work(i * 3 + sink);
}
#endif

int
main(void)
{
	long i;

	for (i = 0; i < 1000; i++)
		work(i);
	return 0;
}
SRC
	atf_check cc -O0 -finstrument-functions -o a p.c \
	    -L"$_s/lib" -lgprt -Wl,-rpath,"$_s/lib"
	atf_check cc -O0 -finstrument-functions -DMORE -o b p.c \
	    -L"$_s/lib" -lgprt -Wl,-rpath,"$_s/lib"
	cp a a.stripped
	strip --strip-debug a.stripped
	rm -f gmon.out gmon.out.gprt
	atf_check env GPRT_HZ=0 ./a
	gmon-cat gmon.out > raw
	atf_check -o save:s -e empty gp-sym a < raw
	atf_check -o ignore -e empty gp-sym a.stripped < raw
	atf_check -o ignore \
	    -e match:"^gp-sym: b: gmon.out.gprt was written by .*/a, whose code was at 0x[0-9a-f]+-0x[0-9a-f]+, not at 0x[0-9a-f]+-0x[0-9a-f]+ as here: a profile of another build names its functions wrongly$" \
	    gp-sym b < raw
	atf_check -o ignore -e match:"another build" gp b gmon.out
	atf_check -o ignore -e empty gp a gmon.out
}

atf_test_case shlib
shlib_head()
{
	atf_set "descr" "Arcs into a shared library built with -pg: one" \
	    "line says how many are left out, the report is gprof's"
	atf_set "require.progs" "cc gprof"
}
shlib_body()
{
	cat >lib.c <<'SRC'
long
libwork(long n)
{
	long i, t = 0;

	for (i = 0; i < n; i++)
		t += i % 7;
	return t;
}

long
libother(long n)
{
	return libwork(n) + 1;
}
SRC
	cat >main.c <<'SRC'
#include <stdio.h>

long	libwork(long);
long	libother(long);

int
main(void)
{
	long i, t = 0;

	for (i = 0; i < 2000; i++)
		t += libwork(i) + libother(i);
	printf("%ld\n", t);
	return 0;
}
SRC
	atf_check cc -pg -fPIC -shared -o libw.so lib.c
	pgbuild prog main.c -L. -lw -Wl,-rpath,"$PWD"
	pgrun ./prog
	printf 'gp-stream\t1\n' >hdr
	gmon-cat gmon.out >prof.st
	atf_check -o save:out -e save:err gp-sym prog <prof.st
	atf_check -o match:'^gp-sym: prog: [1-9][0-9]* arcs into shared libraries left out, as gprof leaves them$' \
	    cat err
	atf_check -o inline:'1\n' -x 'wc -l <err'
	gprof -b prog gmon.out >theirs
	atf_check -o file:theirs -e ignore gp -b prog gmon.out
}

atf_test_case bad_exe
bad_exe_head()
{
	atf_set "descr" "Missing, foreign, stripped and text-less files as gprof"
	atf_set "require.progs" "cc gprof strip objcopy"
}
bad_exe_body()
{
	printf 'gp-stream\t1\n' >hdr
	: >gmon.out
	atf_check -s exit:1 -e inline:'gp-sym: nosuch: No such file or directory\n' \
	    gp-sym nosuch <hdr
	echo hello >text
	atf_check -s exit:1 -e inline:'gp-sym: text: not in executable format\n' \
	    gp-sym text <hdr
	atf_check -s exit:1 -e inline:'gprof: text: not in executable format\n' \
	    gprof text gmon.out
	mkdir dir
	atf_check -s exit:1 -e inline:'gp-sym: dir: not in executable format\n' \
	    gp-sym dir <hdr

	pgbuild prog "$src/one.c" "$src/two.c" "$src/split.c" \
	    "$src/weak.c" "$src/names.c" "$src/main.c"
	cp prog stripped
	atf_check strip stripped
	atf_check -s exit:1 -e save:gprof.err gprof stripped gmon.out
	sed 's/^gprof:/gp-sym:/' gprof.err >want
	atf_check -s exit:1 -e file:want gp-sym stripped <hdr
	atf_check -s exit:1 -e inline:"gp-sym: file \`stripped' has no symbols\n" \
	    gp-sym stripped <hdr

	echo 'int x = 1;' >data.c
	atf_check cc -c data.c
	atf_check objcopy --remove-section=.text data.o notext.o
	atf_check -s exit:1 -e save:gprof.err gprof notext.o gmon.out
	sed 's/^gprof:/gp-sym:/' gprof.err >want
	atf_check -s exit:1 -e file:want gp-sym notext.o <hdr
	atf_check -s exit:1 -e inline:"gp-sym: can't find .text section in notext.o\n" \
	    gp-sym notext.o <hdr

	atf_check -s exit:1 -e inline:'gp-sym: nosuch.nm: No such file or directory\n' \
	    gp-sym -S nosuch.nm prog <hdr
	: >empty.nm
	atf_check -s exit:1 -e inline:"gp-sym: file \`empty.nm' has no symbols\n" \
	    gp-sym -S empty.nm prog <hdr
	atf_check -s exit:1 -e inline:"gp-sym: unknown demangling style \`nosuch'\n" \
	    gp-sym --demangle=nosuch prog <hdr
	atf_check -s exit:1 -e match:'^usage: gp-sym ' gp-sym -q prog <hdr
	atf_check -s exit:1 -e match:'^usage: gp-sym ' gp-sym prog prog <hdr
	# standard input that is no stream
	echo 'hello' >notstream
	oneline '^gp-sym: <stdin>:1: not a gp-stream: the first line must be "gp-stream<TAB>1"$' \
	    sh -c 'gp-sym prog <notstream'
}

atf_test_case mapping
mapping_head()
{
	atf_set "descr" "-R renames and drops functions by a map as gprof -R"
	atf_set "require.progs" "cc gprof"
}
mapping_body()
{
	cprog prog -g
	# every line the first of its file: gprof's result is defined
	printf '%s\n' 'a.o: 0000000000000010 T one' 'b.o: 0000000000000000 T two' \
	    'No symbols in z.o' 'a.o: 0000000000000000 W wfunc' \
	    'c.o: 0000000000000000 t helper' 'b.o: 0 T nosuch' >map
	symtab prog -R map
	awk -F '\t' '$1 == "sym" { print $9 }' table | sort >ours.flat
	gprof -b -p -z -R map prog gmon.out >gprof.p
	awk '/^ time   seconds/ { on = 1; next }
	    on && length($0) > 54 { print substr($0, 55) }' gprof.p |
	    sort >gprof.flat
	atf_check -o file:gprof.flat cat ours.flat
	atf_check -o inline:'a.o\na.o\nb.o\nc.o\nc.o\n' -x \
	    "awk -F '\t' '\$1 == \"sym\" && \$5 ~ /m/ { print \$9 }' table | sort"
	# a later line of a run of one file: the function is dropped
	printf '%s\n' 'a.o: 0 T one' 'a.o: 0 T two' >map2
	symtab prog -R map2
	atf_check -s exit:1 grep -E '	two$' table
	atf_check -o match:'	a\.o	a\.o$' cat table
	printf 'no colon here\n' >bad
	printf 'gp-stream\t1\n' >hdr
	atf_check -s exit:1 -e inline:'gp-sym: unable to parse mapping file bad.\n' \
	    gp-sym -R bad prog <hdr
	atf_check -s exit:1 -e inline:'gp-sym: nosuch: No such file or directory\n' \
	    gp-sym -R nosuch prog <hdr
}

# crossprog CC OUT RUNNER: the C test program built static with CC -pg
# and run under RUNNER (empty: natively).
crossprog()
{
	atf_check -o ignore -e ignore "$1" -pg -g -static -o "$2" \
	    "$src/one.c" "$src/two.c" "$src/split.c" "$src/weak.c" \
	    "$src/names.c" "$src/main.c"
	rm -f gmon.out
	atf_check -o ignore -e ignore $3 "./$2"
	test -s gmon.out || atf_fail "$2 left no gmon.out"
}

# multiarch FILE: skip unless gp-sym can read FILE or should (linked with
# libbfd-multiarch).
multiarch()
{
	printf 'gp-stream\t1\n' >hdr
	if ! gp-sym "$1" <hdr >/dev/null 2>gp-sym.err; then
		case $(cc -print-file-name=libbfd-multiarch.so) in
		*/*)	atf_fail "gp-sym cannot read $1: $(cat gp-sym.err)" ;;
		*)	atf_skip "gp-sym is not linked with libbfd-multiarch" \
			    "(binutils-multiarch-dev)" ;;
		esac
	fi
}

atf_test_case i386
i386_head()
{
	atf_set "descr" "A 32-bit x86 program: the table of i686-linux-gnu-gprof"
}
i386_body()
{
	# gcc-multilib (cc -m32) conflicts with the s390x cross compiler,
	# so the i686 cross compiler comes first
	printf '#include <stdio.h>\nint main(void) { puts("i386"); return 0; }\n' >m32.c
	if command -v i686-linux-gnu-gcc >/dev/null; then
		cc32=i686-linux-gnu-gcc
	elif cc -m32 -pg -static -o m32 m32.c 2>/dev/null; then
		printf '#!/bin/sh\nexec cc -m32 "$@"\n' >cc32
		chmod +x cc32
		cc32=./cc32
	else
		atf_skip "no i686-linux-gnu-gcc (gcc-i686-linux-gnu," \
		    "libc6-dev-i386-cross) nor cc -m32 (gcc-multilib)"
	fi
	# a kernel without IA32 emulation cannot exec it (and sh then
	# reads it as a script): run it under qemu-i386 instead
	atf_check -o ignore -e ignore $cc32 -static -o m32 m32.c
	if [ "$(./m32 2>/dev/null)" = i386 ]; then
		crossprog $cc32 prog ""
	elif command -v qemu-i386 >/dev/null &&
	    [ "$(qemu-i386 ./m32 2>/dev/null)" = i386 ]; then
		crossprog $cc32 prog qemu-i386
	else
		atf_skip "this kernel cannot run 32-bit x86 programs" \
		    "(no IA32 emulation) and qemu-i386 (qemu-user) cannot either"
	fi
	if command -v i686-linux-gnu-gprof >/dev/null; then
		GPROF=i686-linux-gnu-gprof
	fi
	multiarch prog
	same_as_gprof prog
	atf_check -o match:'^exe	prog	elf32-i386	0x[0-9a-f]+	0x[0-9a-f]+	[0-9]+	32	le	$' \
	    grep '^exe' table
	atf_check -o match:'^helper \(one\.c\)$' cat ours.idx
	atf_check -o save:prof.st gmon-cat gmon.out
	atf_check -o ignore -e empty gp-sym prog <prof.st
}

atf_test_case s390x
s390x_head()
{
	atf_set "descr" "A big-endian s390x program under qemu: s390x gprof's table"
}
s390x_body()
{
	command -v s390x-linux-gnu-gcc >/dev/null ||
	    atf_skip "no s390x-linux-gnu-gcc (gcc-s390x-linux-gnu," \
		"libc6-dev-s390x-cross)"
	command -v qemu-s390x >/dev/null ||
	    atf_skip "no qemu-s390x (qemu-user)"
	crossprog s390x-linux-gnu-gcc prog qemu-s390x
	if command -v s390x-linux-gnu-gprof >/dev/null; then
		GPROF=s390x-linux-gnu-gprof
	fi
	multiarch prog
	same_as_gprof prog
	atf_check -o match:'^exe	prog	elf64-s390	0x[0-9a-f]+	0x[0-9a-f]+	[0-9]+	64	be	$' \
	    grep '^exe' table
	atf_check -o match:'^helper \(two\.c\)$' cat ours.idx
	GP_SYM_BFDLINES=1 atf_check -o save:slow gp-sym prog <hdr
	atf_check -o file:slow cat table
	atf_check -o save:prof.st gmon-cat gmon.out
	atf_check -o ignore -e empty gp-sym prog <prof.st
}

atf_test_case many_lines
many_lines_head()
{
	atf_set "descr" "-l: far more line symbols than functions (the table grows while lines are added); gprof -l's report"
	atf_set "require.progs" "cc gprof awk"
}
many_lines_body()
{
	# 2,000 lines of code in two functions: line symbols outgrow the
	# function table many times over (gp-sym -l crashed on lua here)
	awk 'BEGIN {
		print "volatile int v;"
		print "static void big(int n) {"
		for (i = 0; i < 1000; i++) print "\tv += n * " i ";"
		print "}"
		print "int main(void) { int i;"
		print "\tfor (i = 0; i < 20000; i++) {"
		for (i = 0; i < 1000; i++) print "\t\tv ^= i + " i ";"
		print "\t\tbig(i);"
		print "\t}"
		print "\treturn 0; }"
	}' >many.c
	pgbuild prog -g many.c
	pgrun ./prog
	# large blocks mmapped, so a moved table is unmapped at once
	GLIBC_TUNABLES=glibc.malloc.mmap_threshold=4096 symtab prog -l
	n=$(awk -F '\t' '$1 == "sym"' table | wc -l)
	[ "$n" -gt 1500 ] || atf_fail "only $n line symbols"
	gprof -b -l -p prog gmon.out >expect || atf_fail "gprof -l failed"
	atf_check -o file:expect sh -c \
	    'gmon-cat gmon.out | gp-sym -l prog | gp-hist | gp-arcs |
	    gp-fmt -b -l -p'
	gprof -b -l -q prog gmon.out >expect || atf_fail "gprof -l failed"
	atf_check -o file:expect gp -b -l -q prog gmon.out
}

atf_init_test_cases()
{
	atf_add_test_case shlib
	atf_add_test_case otherbuild
	atf_add_test_case many_lines
	atf_add_test_case c_pie_g
	atf_add_test_case c_nopie_nog
	atf_add_test_case c_split
	atf_add_test_case names
	atf_add_test_case weak
	atf_add_test_case cxx
	atf_add_test_case options
	atf_add_test_case external
	atf_add_test_case static_link
	atf_add_test_case ranges
	atf_add_test_case lookup
	atf_add_test_case loader_errors
	atf_add_test_case copy_through
	atf_add_test_case lines_libbfd
	atf_add_test_case lines_index
	atf_add_test_case mismatch
	atf_add_test_case bad_exe
	atf_add_test_case mapping
	atf_add_test_case i386
	atf_add_test_case s390x
}
