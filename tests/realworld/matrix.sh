# Shared helpers of the real-world tests.  Source after lib.sh.
#
# matrix PROG GMON...: gprof 2.40, gp and the five-stage pipeline on one
# executable and profile, with every option set of the list; stdout and
# exit status must match byte for byte.  Every differing set is listed
# before the case fails.

rw=$(atf_get_srcdir)

# corpus NAME:VARIANT...: the builds, from the cache or made now; sets BIN
# and OBJ.
corpus()
{
	_m=$(sh "$rw/corpus.sh" "$@" 2>&1) ||
	    atf_fail "the real-world corpus could not be fetched or built: $_m"
	BIN=$(sh "$rw/corpus.sh" -n)
	OBJ=${BIN%/bin.*}/obj.${BIN##*/bin.}
}

# workload NAME BUILD N: run the program BUILD (a path) on its workload,
# keep its gmon.out as gmon.N.
workload()
{
	_wname=$1 _wprog=$2 _wn=$3
	rm -f gmon.out
	case $_wname in
	lua)	"$_wprog" "$rw/work.lua" >/dev/null ;;
	sqlite3) "$_wprog" :memory: <"$rw/work.sql" >/dev/null ;;
	bzip2)	input; "$_wprog" -c input.txt >/dev/null ;;
	minigzip) input; "$_wprog" -c input.txt >/dev/null ;;
	lz4)	input; "$_wprog" -9 -c input.txt >/dev/null ;;
	tinyxml2) "$_wprog" 20000 20 >/dev/null ;;
	ninja)	manifest && "$_wprog" -n >/dev/null ;;
	*)	atf_fail "no workload for $_wname" ;;
	esac || atf_fail "$_wprog failed on its workload"
	test -s gmon.out || atf_fail "$_wprog left no gmon.out"
	mv gmon.out "gmon.$_wn"
}

# manifest: in the current directory, a ninja build.ninja of 3,000
# compilations, each with two headers, and a link, and the sources and
# headers it names (ninja -n stats them all and plans the whole build).
manifest()
{
	[ -f build.ninja ] && return 0
	mkdir -p src inc || return 1
	awk 'BEGIN { print "rule cc\n  command = touch $out\n" \
		"  description = CC $out\nrule link\n  command = touch $out"
	    for (i = 0; i < 3000; i++) {
		printf "build obj/f%d.o: cc src/f%d.c | inc/h%d.h inc/h%d.h\n",
		    i, i, i % 97, i % 13
		printf "" >"src/f" i ".c"
		close("src/f" i ".c")
	    }
	    for (i = 0; i < 97; i++) { printf "" >"inc/h" i ".h"; close("inc/h" i ".h") }
	    printf "build app: link"
	    for (i = 0; i < 3000; i++)
		printf " obj/f%d.o", i
	    print "\ndefault app" }' >build.ninja
}

# input: input.txt, 9 MB of text that compresses about 4 to 1.
input()
{
	[ -f input.txt ] && return 0
	awk 'BEGIN { for (i = 0; i < 180000; i++)
	    printf "%d the quick brown fox %d jumps over %x\n",
		i, i * 7919 % 100003, i * 31 }' >input.txt
}

# stages OPTS: the options of each stage for the gprof options OPTS, as
# gp(1) maps them; sets CATO SYMO HISTO ARCSO FMTO.
stages()
{
	CATO= SYMO= HISTO= ARCSO= FMTO=
	set -- $1
	while [ $# -gt 0 ]; do
		case $1 in
		-[bpqzTCAxLryQPJZ])
			FMTO="$FMTO $1" ;;
		-[wmt])	FMTO="$FMTO $1 $2"; shift ;;
		-R)	SYMO="$SYMO -R $2"; FMTO="$FMTO -R $2"; shift ;;
		-i)	CATO="$CATO -i"; FMTO="$FMTO -i" ;;
		-[caD]|--no-demangle)
			SYMO="$SYMO $1" ;;
		-l)	SYMO="$SYMO -l"; FMTO="$FMTO -l" ;;
		-[efkEFNn])
			ARCSO="$ARCSO $1 $2"; shift ;;
		*)	atf_fail "stages: no mapping for $1" ;;
		esac
		shift
	done
}

# check PROG OPTS GMON...: one option set; appends to "differ" if any
# output or status differs.
check()
{
	_p=$1 _o=$2
	shift 2
	mkdir -p exp got pip
	rm -f exp/* got/* pip/*
	(cd exp && exec gprof $_o "$_p" "$@" >../exp.out 2>../exp.err)
	_erc=$?
	(cd got && exec gp $_o "$_p" "$@" >../got.out 2>../got.err)
	_grc=$?
	_wrong=
	if [ $_erc -gt 128 ]; then
		_wrong="killed by signal $((_erc - 128))"
	elif [ $_erc -eq 1 ] && grep -q 'somebody miscounted' exp.err; then
		_wrong="stopped: $(cat exp.err)"
	fi
	if [ -n "$_wrong" ]; then
		# gprof died or stopped on its own bug (gp(1) CAVEATS): gp
		# must not, and must print (or write gmon.sum)
		echo "gprof $_o: $_wrong" >>gprofdied
		if [ $_grc -ne 0 ] || { [ ! -s got.out ] && [ ! -s got/gmon.sum ]; }; then
			echo "gp $_o (gprof died, gp exit $_grc)" >>differ
			head -n 3 got.err >&2
		fi
		return 0
	fi
	if [ $_erc -ne $_grc ] || ! cmp -s exp.out got.out; then
		echo "gp $_o (gprof exit $_erc, gp exit $_grc)" >>differ
		diff exp.out got.out | head -n 20 >&2
		head -n 3 got.err >&2
	elif ! diff -r -x gmon.sum exp got >/dev/null; then
		echo "gp $_o: files written differ" >>differ
		diff -r exp got | head -n 20 >&2
	fi
	case " $_o " in
	*" -s "*|*" -y "*|*" -i "*) return 0 ;;
	esac
	stages "$_o"
	(cd pip && gmon-cat $CATO "$@" | gp-sym $SYMO "$_p" | gp-hist $HISTO |
	    gp-arcs $ARCSO | gp-fmt $FMTO >../pip.out 2>../pip.err)
	if [ $_erc -eq 0 ] && ! cmp -s exp.out pip.out; then
		echo "pipeline $_o" >>differ
		diff exp.out pip.out | head -n 20 >&2
		head -n 3 pip.err >&2
	fi
}

# names PROG GMON: F, a function with calls and time, and K, an arc
# CALLER/CALLEE, from gprof's own report.
names()
{
	gprof -b -p "$1" "$2" 2>/dev/null | awk 'NR > 5 && NF >= 7 && $4 + 0 > 0 {
	    print $7; exit }' >f.name
	F=$(cat f.name)
	gprof -b -q "$1" "$2" 2>/dev/null | awk '
	    /^\[[0-9]+\]/ { caller = $0; sub(/^\[[0-9]+\] +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9+]* +/, "", caller)
		sub(/ \[[0-9]+\]$/, "", caller); sub(/ <cycle.*/, "", caller); prim = 1; next }
	    /^---/ { prim = 0; next }
	    prim && $3 ~ /^[0-9]+\/[0-9]+$/ && caller !~ / / { c = $0
		sub(/^ +[0-9.]+ +[0-9.]+ +[0-9]+\/[0-9]+ +/, "", c); sub(/ \[[0-9]+\]$/, "", c)
		sub(/ <cycle.*/, "", c)
		if (c !~ / /) { print caller "/" c; exit } }' >k.name
	K=$(cat k.name)
	[ -n "$F" ] && [ -n "$K" ] || atf_fail "no function or arc to name in $1"
}

# matrix NAME VARIANT [OPTS...]: the full matrix on one build, less the
# option sets OPTS (each named with the reason in the caller).
# pictures PROG GMON: the estimated stacks of a real program's profile
# (cycles, thousands of arcs) add up to its samples, no more, no less:
# folded's weights to json's total_samples, the flame graph's title to
# the call graph's seconds (to the title's four digits).  Differences go to ./differ.
pictures()
{
	gmon-cat "$2" | gp-sym "$1" >pic.st || {
		echo "pictures: no stream" >>differ
		return
	}
	_want=$(gp-fmt -o json pic.st | jq -r .total_samples)
	_got=$(gp-fmt -o folded pic.st | awk '{ s += $NF } END { print s + 0 }')
	[ "$_got" = "$_want" ] ||
	    echo "folded: stacks weigh $_got samples of $_want" >>differ
	# the functions' samples, which gprof's call graph totals too (a bin
	# across two functions is shared out: a hair off total_samples)
	_secs=$(gp-fmt -o json pic.st | jq -r .graph_total |
	    awk '{ printf "%.4g", $1 }')
	gp-fmt -o svg pic.st | grep -q "Flame graph of [^<]*: $_secs seconds" ||
	    echo "svg: the flame graph's title is not $_secs seconds" >>differ
}

matrix()
{
	_n=$1 _v=$2
	shift 2
	# Under the sanitizers, libbfd names the lines of inlined code after
	# the inlined or the enclosing function depending on where its own
	# allocations land: line-level output is not comparable there.
	[ -n "${GP_SANITIZED:-}" ] && set -- "$@" "-b -l" "-b -l -p"
	_prog=$BIN/$_n-$_v
	workload "$_n" "$_prog" 1
	workload "$_n" "$_prog" 2
	# -R's map: one function per object file.  With more lines per
	# file gprof 2.40 reads uninitialised memory (the is_first flag of
	# every line but the first of a file; gp(1) CAVEATS), so its
	# output is not defined.
	(cd "$OBJ/$_n-$_v" && nm --extern-only --defined-only -v \
	    --print-file-name *.o) | awk -F: '/ [TW] / && !seen[$1]++' >map
	[ -s map ] || atf_fail "no map for -R"
	names "$_prog" gmon.1
	rm -f differ gprofdied
	while IFS= read -r _o; do
		for _x; do
			[ "$_o" = "$_x" ] && continue 2
		done
		check "$_prog" "$_o" "$PWD/gmon.1"
	done <<EOF

-b
-b -p
-b -q
-b -z
-b -a
-b -T
-b -c
-b -i
-b -r
-b -R $PWD/map
-b -l
-b -l -p
-C
-A
-A -x
-A -t 2
-A -t 100
-b -y -A
-b -L
-b -w 60
-b -m 5 -C
-b -e $F
-b -f $F
-b -k $K
-b -z -T -e $F
-b --no-demangle
-b -q --no-demangle -C
EOF
	check "$_prog" "-b" "$PWD/gmon.1" "$PWD/gmon.2"
	pictures "$_prog" "$PWD/gmon.1"
	case " $* " in
	*" -b -l "*)
		# line-level left out: so is -s, which implies -l
		[ -s differ ] && atf_fail "$_n-$_v: $(wc -l <differ) of the matrix differ: $(tr '\n' ';' <differ)"
		return 0 ;;
	esac
	check "$_prog" "-b -l -p" "$PWD/gmon.1" "$PWD/gmon.2"
	check "$_prog" "-s" "$PWD/gmon.1" "$PWD/gmon.2"
	# gmon.sum: equal but for the header's spare bytes
	if grep -q '^gprof -s:' gprofdied 2>/dev/null; then
		:	# gprof wrote none
	elif [ -f exp/gmon.sum ] && [ -f got/gmon.sum ]; then
		if ! cmp -s -n 8 exp/gmon.sum got/gmon.sum ||
		    ! cmp -s -i 20 exp/gmon.sum got/gmon.sum; then
			echo "gp -s: gmon.sum differs" >>differ
		fi
	else
		echo "gp -s: no gmon.sum" >>differ
	fi
	[ -s gprofdied ] && cat gprofdied >&2
	if [ -s differ ]; then
		atf_fail "$_n-$_v: $(wc -l <differ) of the matrix differ: $(tr '\n' ';' <differ)"
	fi
}

# rtlink NAME VARIANT: the fi- build's objects linked with the libgprt
# under test, as ./NAME in a directory of its own, RTDIR (so that its
# argv[0] is the -pg build's).
rtlink()
{
	_s=$(stage)
	RTDIR=$PWD/rt-$2
	mkdir -p "$RTDIR"
	case $1 in
	tinyxml2|ninja)	_ld=c++ ;;
	*)		_ld=cc ;;
	esac
	$_ld -o "$RTDIR/$1" "$OBJ/$1-$2"/*.o $(cat "$OBJ/$1-$2/libs") \
	    -L"$_s/lib" -lgprt -Wl,-rpath,"$_s/lib" ||
	    atf_fail "cannot link $1-$2 with libgprt"
}

# rtwork NAME DIR [ENV...]: NAME's workload run in DIR as ./NAME without
# sampling; leaves DIR/gmon.out and DIR/gmon.out.gprt.
rtwork()
{
	_rn=$1 _rd=$2
	shift 2
	(cd "$_rd" && rm -f gmon.out* input.txt && ln -s "$PWD/../input.txt" . 2>/dev/null
	case $_rn in
	lua)	env GPRT_HZ=0 "$@" ./lua "$rw/work.lua" ;;
	bzip2)	env GPRT_HZ=0 "$@" ./bzip2 -c input.txt ;;
	# lighter than the -pg runs': every call is hooked
	sqlite3) sed 's/300000/20000/' "$rw/work.sql" |
		env GPRT_HZ=0 "$@" ./sqlite3 :memory: ;;
	tinyxml2) env GPRT_HZ=0 "$@" ./tinyxml2 2000 5 ;;
	ninja)	manifest && env GPRT_HZ=0 "$@" ./ninja -n ;;
	esac >/dev/null) || atf_fail "$_rn failed in $_rd"
	test -s "$_rd/gmon.out.gprt" || atf_fail "no companion in $_rd"
}

# pgcalls PROG GMON: "name calls" of gprof's flat profile, sorted.
pgcalls()
{
	gprof -b -p "$1" "$2" |
	    awk 'NF == 7 && $4 ~ /^[0-9]+$/ { print $7, $4 }' | sort
}

# rttimes PROG DIR [PARTS]: the measured times' identities (tests/runtime/
# times.awk, PARTS its parts= option): self times add up, no arc holds
# more than its caller.
rttimes()
{
	nm -n --defined-only "$1" >"$2/syms"
	gprt-dump -m "$2/gmon.out.gprt" >"$2/dump" || atf_fail "gprt-dump failed"
	awk -f "$rw/../runtime/times.awk" -v zero= -v parts="${3:-}" \
	    "$2/syms" "$2/dump" >"$2/times"
	[ ! -s "$2/times" ] ||
	    atf_fail "$1: $(head -n 5 "$2/times" | tr '\n' ';')"
}

# rtcounts DIR: "name calls" of every function from DIR/dump and DIR/syms
# (rttimes), all activations (recursive ones too), sorted.
rtcounts()
{
	awk -F '\t' 'FNR == NR { if ($0 ~ / [tTwW] /) { split($0, w, " ")
		n++; addr[n] = w[1]; name[n] = w[3] } next }
	    $1 == "marc" && $5 == "0" { c[$6] += $7 }
	    END { for (a in c) { v = tolower(a); sub(/^0x/, "", v)
		for (i = 1; i <= n; i++) if (addr[i] ~ "^0*" v "$") {
			print name[i], c[a]; break } } }' "$1/syms" "$1/dump" |
	    sort
}
