#! /usr/bin/atf-sh
#
# The plugin ABI and loader (gp-plugin(3)): where plugins come from, what
# is refused and how, the example plugin built out of the tree against
# the installed headers, record types through gmon-cat, and the gmon
# format's round trips.

. "$(atf_get_srcdir)/../lib.sh"

src=$(atf_get_srcdir)
top=$src/../..

# The ABI the tree under test has, from its <gp/abi.h>.
abi()
{
	sed -n "s/^#define GP_PLUGIN_ABI_$1[[:space:]]*\([0-9]*\).*/\1/p" \
	    "$top/include/gp/abi.h"
}

# plug NAME VARIANT: build badplug.c as p/NAME.so against the installed
# headers.
plug()
{
	mkdir -p p
	atf_check cc -w -shared -fPIC -I"$(stage)/include" \
	    -DNAME="\"$1\"" -D"$2" -o "p/$1.so" "$src/badplug.c"
}

# example: build the example plugin out of the tree, in ./ex.
example()
{
	cp -R "$top/share/examples/plugin" ex || atf_fail "copy the example"
	if command -v make >/dev/null; then
		mk=make
	else
		mk=bmake
	fi
	atf_check -o ignore -e ignore -x "cd ex && $mk PREFIX='$(stage)'"
	test -f ex/example.so || atf_fail "the example built no example.so"
}

# refused NAME REGEX: gp-fmt -o NAME fails with one line naming the
# plugin's file and matching REGEX, and never called the plugin's init.
refused()
{
	oneline "^gp-fmt: $(pwd)/p/$1\.so: plugin refused: $2" \
	    env GP_PLUGIN_PATH="$(pwd)/p" gp-fmt -o "$1" /dev/null
	! grep -q 'INIT CALLED' err || atf_fail "init called: $(cat err)"
}

atf_test_case example_out_of_tree
example_out_of_tree_head()
{
	atf_set "descr" "The example plugin builds out of the tree against" \
	    "the installed header and loads through GP_PLUGIN_PATH"
}
example_out_of_tree_body()
{
	example
	GP_PLUGIN_PATH=$(pwd -P)/ex
	export GP_PLUGIN_PATH
	atf_check -o save:list gp-fmt -o list
	grep -Eq "^example +format,record\(tag 78\) +$(pwd -P)/ex/example.so\$" \
	    list || atf_fail "example not listed: $(cat list)"
	grep -Eq "^gmon +format +$(cd "$(stage)" && pwd -P)/lib/gptools/gmon.so\$" \
	    list || atf_fail "installed gmon not listed: $(cat list)"
	atf_check -o match:'^  top=N ' -o match:'^  calls ' \
	    gp-fmt -o example,help
	# Its format: the function with the most self time first, as in
	# gprof's flat profile.
	pgbuild prog "$progs/recurse.c"
	pgrun ./prog
	atf_check -o save:top -x 'gmon-cat gmon.out | gp-sym prog |
	    gp-fmt -o example,top=3,calls'
	test "$(wc -l < top)" -eq 3 || atf_fail "not 3 lines: $(cat top)"
	# the same three, in the same order (ties too), as gprof's
	gprof -b -p prog gmon.out | awk 'NR >= 6 && NR <= 8 { print $NF }' >want
	awk '{ print $NF }' top >got
	atf_check -o file:want cat got
	atf_check -s exit:1 -e match:'unknown option "bogus"' \
	    gp-fmt -o example,bogus /dev/null
	atf_check -s exit:1 -e match:'option top needs a value' \
	    gp-fmt -o example,top /dev/null
	atf_check -s exit:1 -e match:'option calls takes no value' \
	    gp-fmt -o example,calls=1 /dev/null
}

atf_test_case refuse_abi
refuse_abi_head()
{
	atf_set "descr" "Plugins built for another major ABI are refused" \
	    "before any of their code runs; a later minor loads"
}
refuse_abi_body()
{
	M=$(abi MAJOR) m=$(abi MINOR)
	plug major BADMAJOR
	refused major "built for plugin ABI $((M + 1))\\.$m, gp-fmt has ABI $M\\.$m: rebuild it against gp-fmt's headers"
	plug magic BADMAGIC
	refused magic 'not a gptools plugin: bad magic number'
	# The minor only counts additions: the sizes tell what is there.
	plug newminor NEWMINOR
	printf 'gp-stream\t1\n' > s
	atf_check -o inline:"ok newminor\n" -e inline:"INIT CALLED\n" \
	    env GP_PLUGIN_PATH="$(pwd)/p" gp-fmt -o newminor s
}

atf_test_case extension
extension_head()
{
	atf_set "descr" "A structure grows only at its end, as its size" \
	    "says: a host reads what it knows, refuses a plugin that sets a" \
	    "field it does not know, and a structure without its size"
}
extension_body()
{
	M=$(abi MAJOR) m=$(abi MINOR)
	printf 'gp-stream\t1\n' > s
	plug newzero NEWZERO
	atf_check -o inline:"ok newzero\n" -e inline:"INIT CALLED\n" \
	    env GP_PLUGIN_PATH="$(pwd)/p" gp-fmt -o newzero s
	plug newfield NEWFIELD
	refused newfield "built for plugin ABI $M\\.$m, it sets a field of struct gp_format that gp-fmt \\(ABI $M\\.$m\\) does not have"
	plug nosize NOSIZE
	refused nosize "its struct gp_format is 0 bytes, less than ABI 1\\.0's [0-9]*: its size is not set \\(\\.size = sizeof\\(struct gp_format\\)\\)"
}

atf_test_case kind_services
kind_services_head()
{
	atf_set "descr" "A plugin gets the services of its kinds only, and" \
	    "a kind's service refuses another kind's context"
}
kind_services_body()
{
	plug wrongkind WRONGKIND
	printf 'gp-stream\t1\n' > s
	atf_check -s exit:1 -o inline:"format services yes\n" -e save:err \
	    env GP_PLUGIN_PATH="$(pwd)/p" gp-fmt -o wrongkind s
	grep -q "^gp-fmt: wrongkind: gmon_write() called outside a format's write()\$" err ||
	    atf_fail "no message: $(cat err)"
	grep -q 'SERVICES OF ANOTHER KIND' err && atf_fail "$(cat err)"
	return 0
}

atf_test_case refuse_nodesc
refuse_nodesc_head()
{
	atf_set "descr" "A shared object without the descriptor, or not a" \
	    "shared object, is refused"
}
refuse_nodesc_body()
{
	plug nodesc NODESC
	refused nodesc 'not a gptools plugin: no "gp_plugin" descriptor'
	plug tiny TINY
	refused tiny 'not a gptools plugin: its "gp_plugin" is 2 bytes'
	mkdir -p p
	printf '%0200d\n' 0 > p/junk.so
	atf_check -s exit:1 -o empty -e save:err env \
	    GP_PLUGIN_PATH="$(pwd)/p" gp-fmt -o junk /dev/null
	grep -q "^gp-fmt: $(pwd)/p/junk.so: plugin refused: cannot load: " err ||
	    atf_fail "unexpected message: $(cat err)"
}

atf_test_case refuse_init
refuse_init_head()
{
	atf_set "descr" "A plugin whose init fails is refused, with its" \
	    "own message"
}
refuse_init_body()
{
	plug badinit BADINIT
	atf_check -s exit:1 -o empty -e save:err env \
	    GP_PLUGIN_PATH="$(pwd)/p" gp-fmt -o badinit /dev/null
	atf_check -o inline:"INIT CALLED
gp-fmt: badinit: cannot start: no frobnicator
gp-fmt: $(pwd)/p/badinit.so: plugin refused: its init failed
" cat err
}

atf_test_case refuse_other
refuse_other_head()
{
	atf_set "descr" "A plugin named unlike its file, providing nothing," \
	    "or claiming a built-in tag is refused"
}
refuse_other_body()
{
	plug other OK
	mv p/other.so p/renamed.so
	refused renamed 'plugin calls itself "other", but its file is named for "renamed"'
	plug nothing NOTHING
	refused nothing 'provides no format, record type, collector or input format'
	plug tag1 BUILTINTAG
	refused tag1 'claims tag 1, which is built in'
}

atf_test_case write_fails
write_fails_head()
{
	atf_set "descr" "A format that fails makes gp-fmt exit 1 with the" \
	    "plugin's message"
}
write_fails_body()
{
	plug badwrite BADWRITE
	printf 'gp-stream\t1\n' > s
	atf_check -s exit:1 -o empty -e inline:"INIT CALLED
gp-fmt: badwrite: the disk is full of frobs
" env GP_PLUGIN_PATH="$(pwd)/p" gp-fmt -o badwrite s
	plug good OK
	atf_check -o inline:"ok good\n" -e inline:"INIT CALLED\n" \
	    env GP_PLUGIN_PATH="$(pwd)/p" gp-fmt -o good s
}

atf_test_case list_refused
list_refused_head()
{
	atf_set "descr" "gp-fmt -o list lists what loads and warns about" \
	    "each file it refuses"
}
list_refused_body()
{
	plug good OK
	plug major BADMAJOR
	plug badinit BADINIT
	atf_check -o save:list -e save:err env GP_PLUGIN_PATH="$(pwd)/p" \
	    gp-fmt -o list
	grep -q "^good  *format  *$(pwd -P)/p/good.so\$" list ||
	    atf_fail "good not listed: $(cat list)"
	grep -q -e major -e badinit list && atf_fail "refused listed"
	grep -q "p/major.so: plugin refused: built for plugin ABI $(($(abi MAJOR) + 1))\.$(abi MINOR)" err ||
	    atf_fail "no warning for major: $(cat err)"
	grep -q "p/badinit.so: plugin refused: its init failed" err ||
	    atf_fail "no warning for badinit: $(cat err)"
}

atf_test_case search_path
search_path_head()
{
	atf_set "descr" "The installed directory comes first, then" \
	    "GP_PLUGIN_PATH in order; never the current directory"
}
search_path_body()
{
	plug good OK
	mkdir -p q
	cp p/good.so q/good.so
	printf 'gp-stream\t1\n' > s
	# Never the current directory, whatever GP_PLUGIN_PATH says.
	cp p/good.so .
	for v in unset '' ':' '::'; do
		if [ "$v" = unset ]; then
			atf_check -s exit:1 -e match:'no output format "good"' \
			    env -u GP_PLUGIN_PATH gp-fmt -o good s
		else
			atf_check -s exit:1 -e match:'no output format "good"' \
			    env GP_PLUGIN_PATH="$v" gp-fmt -o good s
		fi
	done
	# The first directory of GP_PLUGIN_PATH with the name wins.
	atf_check -o save:list -e ignore \
	    env GP_PLUGIN_PATH="$(pwd)/q::$(pwd)/p" gp-fmt -o list
	grep -q "^good .*/q/good.so\$" list || atf_fail "$(cat list)"
	# The installed plugin wins over GP_PLUGIN_PATH.
	plug gmon BADMAJOR
	atf_check -o save:list -e not-match:refused \
	    env GP_PLUGIN_PATH="$(pwd)/p" gp-fmt -o list
	grep -q "^gmon .*/lib/gptools/gmon.so\$" list || atf_fail "$(cat list)"
	# An unknown name says where it looked.
	atf_check -s exit:1 -e save:err env GP_PLUGIN_PATH="$(pwd)/q" \
	    gp-fmt -o nosuch s
	grep -q "no output format \"nosuch\": no nosuch.so in .*/lib/gptools, $(pwd)/q " err ||
	    atf_fail "$(cat err)"
	# A relative entry is refused, with one warning, even if it has
	# the plugin; the absolute ones are searched.
	atf_check -s exit:1 -e save:err env GP_PLUGIN_PATH="p:./q:$(pwd)/r" \
	    gp-fmt -o good s
	atf_check -o inline:'gp-fmt: GP_PLUGIN_PATH: "p" ignored: not an absolute path
gp-fmt: GP_PLUGIN_PATH: "./q" ignored: not an absolute path
' grep GP_PLUGIN_PATH err
	grep -q 'no output format "good"' err || atf_fail "$(cat err)"
	atf_check -o 'inline:ok good\n' -e 'inline:gp-fmt: GP_PLUGIN_PATH: "p" ignored: not an absolute path
INIT CALLED
' env GP_PLUGIN_PATH="p:$(pwd)/q" gp-fmt -o good s
}

atf_test_case relocated
relocated_head()
{
	atf_set "descr" "An installation moved elsewhere finds its own" \
	    "plugins (relative to the executable)"
}
relocated_body()
{
	mkdir -p moved/lib
	cp -R "$(stage)/bin" moved/bin
	cp -R "$(stage)/lib/gptools" moved/lib/gptools
	atf_check -o save:list env -u GP_PLUGIN_PATH moved/bin/gp-fmt -o list
	grep -q "^gmon .* $(pwd -P)/moved/lib/gptools/gmon.so\$" list ||
	    atf_fail "$(cat list)"
}

# note FILE TEXT ORDER: append a note record (tag 78, 4-byte length in
# ORDER, le or be, then TEXT) to FILE.
note()
{
	perl -e 'my ($t, $o) = @ARGV;
	    print pack("C" . ($o eq "be" ? "N" : "V"), 78, length $t), $t' \
	    "$2" "$3" >> "$1"
}

atf_test_case record_type
record_type_head()
{
	atf_set "descr" "gmon-cat hands a tag it does not know to the plugin" \
	    "that claims it; the record goes back byte for byte"
}
record_type_body()
{
	example
	pgbuild prog "$progs/recurse.c"
	pgrun ./prog
	cp gmon.out noted.out
	note noted.out "built by make	with cc -pg" le
	n=$(wc -c < gmon.out)

	# No plugin: a clear error, or with -r an opaque raw record.
	atf_check -s exit:1 -o ignore -e match:"^gmon-cat: noted.out: byte $n: unknown record tag 78" \
	    env -u GP_PLUGIN_PATH gmon-cat noted.out
	atf_check -o save:raw.s env -u GP_PLUGIN_PATH gmon-cat -r noted.out
	atf_check -o match:'^raw	78	' tail -1 raw.s
	atf_check -o save:rt.out env -u GP_PLUGIN_PATH gp-fmt -o gmon raw.s
	atf_check cmp noted.out rt.out

	GP_PLUGIN_PATH=$(pwd)/ex
	export GP_PLUGIN_PATH
	atf_check -o save:note.s gmon-cat noted.out
	printf 'note\tbuilt by make\\twith cc -pg\n' > note.exp
	atf_check -o file:note.exp tail -1 note.s
	atf_check -o save:rt.out gp-fmt -o gmon note.s
	atf_check cmp noted.out rt.out
	# The raw record becomes a note once the plugin is there.
	atf_check -o file:note.s gmon-cat raw.s
	# Through the whole pipeline, untouched by the other stages.
	atf_check -o save:pipe.s -x "gmon-cat noted.out | gp-sym prog"
	atf_check -o file:note.exp grep '^note' pipe.s
	atf_check -o save:rt.out gp-fmt -o gmon pipe.s
	atf_check cmp noted.out rt.out
	# Without the plugin, gp-fmt -o gmon cannot write it: it says so.
	atf_check -o save:rt.out -e match:'warning: 1 stream record of kinds no plugin makes \(the first: "note"\) left out' \
	    env -u GP_PLUGIN_PATH gp-fmt -o gmon note.s
	atf_check cmp gmon.out rt.out

	# A cut record is an error of the plugin, naming file and place.
	head -c $((n + 7)) noted.out > cut.out
	atf_check -s exit:1 -o ignore -e match:"^gmon-cat: cut.out: byte $n: record tag 78 \(plugin example\): note: end of file in its 25 bytes of text" \
	    gmon-cat cut.out
}

atf_test_case record_type_orders
record_type_orders_head()
{
	atf_set "descr" "Record types see the file's byte order and width"
}
record_type_orders_body()
{
	example
	pgbuild prog "$progs/recurse.c"
	pgrun ./prog
	GP_PLUGIN_PATH=$(pwd)/ex
	export GP_PLUGIN_PATH
	for w in 64 32; do
		for o in le be; do
			perl "$src/../gmon-cat/gmonconv.pl" width=$w order=$o \
			    gmon.out f.out || atf_fail "gmonconv.pl"
			note f.out "width $w order $o" $o
			atf_check -o save:s gmon-cat f.out
			atf_check -o inline:"note	width $w order $o\n" \
			    grep '^note' s
			atf_check -o save:rt.out gp-fmt -o gmon s
			atf_check cmp f.out rt.out
		done
	done
}

atf_test_case gmon_roundtrip
gmon_roundtrip_head()
{
	atf_set "descr" "gmon-cat f | gp-fmt -o gmon gives f back byte for" \
	    "byte in every layout, width and byte order"
}
gmon_roundtrip_body()
{
	pgbuild prog "$progs/recurse.c"
	pgrun ./prog
	for l in gnu bsd44 oldbsd; do
		for w in 64 32; do
			for o in le be; do
				perl "$src/../gmon-cat/gmonconv.pl" layout=$l \
				    width=$w order=$o gmon.out f.out ||
				    atf_fail "gmonconv.pl"
				atf_check -o save:s gmon-cat f.out
				atf_check -o save:rt.out gp-fmt -o gmon s
				atf_check cmp f.out rt.out
				# And to that layout from the GNU file.
				atf_check -o save:conv.out -x "gmon-cat gmon.out |
				    gp-fmt -o gmon,layout=$l,width=$w,order=$o"
				atf_check cmp f.out conv.out
			done
		done
	done
	atf_check -s exit:1 -e match:'layout=dos: not gnu, bsd44 or oldbsd' \
	    gp-fmt -o gmon,layout=dos s
	atf_check -s exit:1 -e match:'no profile records' \
	    -x "printf 'gp-stream\t1\n' | gp-fmt -o gmon"
}

atf_test_case gmon_sum
gmon_sum_head()
{
	atf_set "descr" "gmon-cat a b | gp-fmt -o gmon is the summed profile," \
	    "which gprof reports as it reports a and b together"
}
gmon_sum_body()
{
	pgbuild prog "$progs/recurse.c"
	pgrun ./prog
	mv gmon.out a.out
	pgrun ./prog
	mv gmon.out b.out
	atf_check -o save:sum.out -x "gmon-cat a.out b.out | gp-fmt -o gmon"
	atf_check -o save:expect gprof prog a.out b.out
	atf_check -o file:expect gprof prog sum.out
	# Summing is gprof -s's: same report from gmon.sum.
	atf_check -o ignore gprof -s prog a.out b.out
	atf_check -o file:expect gprof prog gmon.sum
}

# blocks FILE: thrplug's output, each block's rows sorted as flat's.
blocks()
{
	awk '/^(all|thread|no|a )/ { if (n) close(cmd); print; fflush()
	    cmd = "LC_ALL=C sort"; n = 1; next }
	    { print | cmd } END { if (n) close(cmd) }' "$1"
}

atf_test_case threads
threads_head()
{
	atf_set "descr" "A format that asks for each thread's profile" \
	    "(GP_HAVE_THREADS, ABI 1.4) gets gp-fmt -u's flat profile of" \
	    "each, the whole one as before; one that does not ask, none"
	atf_set "require.progs" "cc"
}
threads_body()
{
	_s=$(stage)
	atf_check -o ignore -e ignore cc -O0 -finstrument-functions -o p \
	    "$src/../collect/thr8.c" -lpthread -L"$_s/lib" -lgprt \
	    -Wl,-rpath,"$_s/lib"
	rm -f gmon.out gmon.out.gprt
	GPRT_HZ=0 GPRT_COLLECT=cct ./p >/dev/null 2>err ||
	    atf_fail "p failed: $(cat err)"
	gmon-cat -t gmon.out | gp-sym p > s || atf_fail "pipeline failed"
	mkdir -p pl
	for v in thr:ASK nothr:NOASK; do
		atf_check cc -w -shared -fPIC -I"$_s/include" \
		    -DNAME="\"${v%%:*}\"" -D"${v#*:}" -o "pl/${v%%:*}.so" \
		    "$src/thrplug.c"
	done
	# gp-fmt's flat profile rows: "%time calls name"
	flat() { awk '/^ time/ { on = 1; next } on && !NF { exit }
	    on && NF == 7 { print $1, $4, $7 } on && NF == 4 { print $1, 0, $4 }' |
	    LC_ALL=C sort; }
	atf_check -o save:out env GP_PLUGIN_PATH="$(pwd)/pl" gp-fmt -o thr s
	{ echo all; gp-fmt -b -p s | flat
	  gp-fmt -U s | sed -n 's/^Thread \([0-9]*\): tid \([0-9]*\) "\(.*\)"$/\1 \2 \3/p' |
	  while read n tid name; do
		echo "thread $n tid $tid name $name procs 1"
		gp-fmt -b -p -u $n s | flat
	  done; } > want
	test "$(grep -c '^thread' want)" -eq 9 || atf_fail "not 9 threads"
	blocks out > got
	atf_check -o file:want cat got
	# not asked: the whole profile only
	atf_check -o save:out2 env GP_PLUGIN_PATH="$(pwd)/pl" gp-fmt -o nothr s
	{ echo all; gp-fmt -b -p s | flat; echo "no threads"; } > want2
	blocks out2 > got2
	atf_check -o file:want2 cat got2
	# asked, of a stream without threads: none
	gmon-cat gmon.out | gp-sym p > m || atf_fail "pipeline failed"
	atf_check -o match:'^no threads$' env GP_PLUGIN_PATH="$(pwd)/pl" \
	    gp-fmt -o thr m
}

atf_init_test_cases()
{
	atf_add_test_case threads
	atf_add_test_case example_out_of_tree
	atf_add_test_case refuse_abi
	atf_add_test_case extension
	atf_add_test_case kind_services
	atf_add_test_case refuse_nodesc
	atf_add_test_case refuse_init
	atf_add_test_case refuse_other
	atf_add_test_case write_fails
	atf_add_test_case list_refused
	atf_add_test_case search_path
	atf_add_test_case relocated
	atf_add_test_case record_type
	atf_add_test_case record_type_orders
	atf_add_test_case gmon_roundtrip
	atf_add_test_case gmon_sum
}
