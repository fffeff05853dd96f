#! /usr/bin/atf-sh
#
# The installed plugin ABI (gp-plugin(3)): every header is installed and
# compiles alone, in C and C++; the example plugin and the example
# collector build out of the tree against the installed headers only,
# and run: the plugin in gp-fmt, the collector in a program linked with
# libgprt, which reads GP_PLUGIN_PATH and options as the tools do.

. "$(atf_get_srcdir)/../runtime/rtlib.sh"

top=$(atf_get_srcdir)/../..
headers="abi format input record collector plugin companion"

# onlystaged FILE...: the <gp/...> headers FILE includes all come from
# the stage's include directory.
onlystaged()
{
	_inc=$(cd "$(stage)/include" && pwd -P)
	cc -MM -I"$_inc" "$@" > deps || atf_fail "cc -MM $*"
	tr ' \\' '\n\n' < deps | grep '/gp/' > used
	test -s used || atf_fail "no <gp/...> header used: $(cat deps)"
	grep -v "^$_inc/gp/" used && atf_fail "not from $_inc: $(cat used)"
	return 0
}

atf_test_case headers
headers_head()
{
	atf_set "descr" "Every header of the ABI is installed and compiles" \
	    "alone, as C11 and as C++"
	atf_set "require.progs" "cc c++"
}
headers_body()
{
	inc=$(stage)/include
	for h in $headers; do
		test -f "$inc/gp/$h.h" || atf_fail "$inc/gp/$h.h not installed"
		printf '#include <gp/%s.h>\n#include <gp/%s.h>\n' $h $h > $h.c
		atf_check cc -std=c11 -pedantic -Wall -Wextra -Werror \
		    -fsyntax-only -I"$inc" $h.c
		cp $h.c $h.cc
		atf_check c++ -Wall -Wextra -Werror -fsyntax-only -I"$inc" \
		    $h.cc
	done
	# Each kind's header has its kind and its services, with their
	# sizes first; <gp/plugin.h> has them all.
	for k in format:gp_format input:gp_inputfmt record:gp_recordtype \
	    collector:gp_collector; do
		h=${k%%:*} s=${k#*:}
		cat > k.c <<-END
		#include <gp/$h.h>
		#include <stddef.h>
		_Static_assert(offsetof(struct $s, size) == 0, "size");
		_Static_assert(offsetof(struct gp_${h}_host, size) == 0, "size");
		const struct gp_plugin *d;
		int has(const struct gp_host *h)
		{ return GP_HAS(h, $h) && h->$h != NULL; }
		END
		atf_check cc -std=c11 -Wall -Werror -c -I"$inc" k.c
	done
}

atf_test_case example_plugin
example_plugin_head()
{
	atf_set "descr" "The example plugin builds against the installed" \
	    "headers only and runs in gp-fmt"
	atf_set "require.progs" "cc gprof"
}
example_plugin_body()
{
	cp -R "$top/share/examples/plugin" ex
	onlystaged ex/example.c
	atf_check -o ignore -e ignore cc -std=c11 -pedantic -Wall -Wextra \
	    -Werror -fPIC -shared -I"$(stage)/include" -o ex/example.so \
	    ex/example.c
	pgbuild prog "$progs/recurse.c"
	pgrun ./prog
	atf_check -o save:top -x "gmon-cat gmon.out | gp-sym prog |
	    GP_PLUGIN_PATH=$(pwd)/ex gp-fmt -o example,top=2"
	gprof -b -p prog gmon.out | awk 'NR >= 6 && NR <= 7 { print $NF }' >want
	awk '{ print $NF }' top >got
	atf_check -o file:want cat got
}

atf_test_case example_collector
example_collector_head()
{
	atf_set "descr" "The example collector builds against the installed" \
	    "headers only and counts a program's calls in libgprt"
	atf_set "require.progs" "cc make gprt-dump"
}
example_collector_body()
{
	cp -R "$top/share/examples/collector" ex
	onlystaged ex/calls.c
	atf_check -o ignore -e ignore make -C ex PREFIX="$(stage)" \
	    CFLAGS="-std=c11 -pedantic -Wall -Wextra -Werror"
	rtbuild p "$src/../progs/rec.c"
	rm -f gmon.out gmon.out.gprt
	atf_check -o ignore -e save:err env GPRT_HZ=0 \
	    GP_PLUGIN_PATH="$(pwd)/ex" GPRT_COLLECT=calls ./p
	n=$(gprt-dump gmon.out.gprt | awk -F '\t' '$1 == "thread" { print $7 }')
	test "$n" -gt 0 || atf_fail "no calls counted by the runtime"
	atf_check -o inline:"gprt: collector calls: $n calls, $n returns seen, in 1 threads\n" \
	    cat err
	# the tools load it too (gp-fmt -o list) and run nothing of it
	atf_check -o match:"^calls +collector +$(pwd -P)/ex/calls.so\$" \
	    env GP_PLUGIN_PATH="$(pwd -P)/ex" gp-fmt -o list
}

atf_test_case runtime_rules
runtime_rules_head()
{
	atf_set "descr" "libgprt reads GP_PLUGIN_PATH and collectors'" \
	    "numbers by the tools' rules, with their messages"
	atf_set "require.progs" "cc make"
}
runtime_rules_body()
{
	cp -R "$top/share/examples/collector" ex
	atf_check -o ignore -e ignore make -C ex PREFIX="$(stage)"
	rtbuild p "$src/../progs/rec.c"
	# a relative entry: one warning, even with two collectors to find
	atf_check -o ignore -e save:err env GPRT_HZ=0 \
	    GP_PLUGIN_PATH="ex::$(pwd)/ex" GPRT_COLLECT=calls,cct ./p
	atf_check -o inline:'gprt: GP_PLUGIN_PATH: "ex" ignored: not an absolute path\n' \
	    grep GP_PLUGIN_PATH err
	grep -q '^gprt: collector calls: [0-9]* calls' err ||
	    atf_fail "calls not found in $(pwd)/ex: $(cat err)"
	atf_check -o ignore -e save:err env GPRT_HZ=0 GP_PLUGIN_PATH=ex \
	    GPRT_COLLECT=calls ./p
	grep -q 'collector calls refused: no calls.so' err ||
	    atf_fail "calls found through a relative entry: $(cat err)"
	# a bad number: the tools' message
	atf_check -o ignore -e save:err env GPRT_HZ=0 GPRT_COLLECT=cct \
	    GPRT_CCT_NODES=8 ./p
	atf_check -o inline:'gprt: collector cct: GPRT_CCT_NODES=8: not a number from 16 to 16777216\n' \
	    cat err
}

atf_init_test_cases()
{
	atf_add_test_case headers
	atf_add_test_case example_plugin
	atf_add_test_case example_collector
	atf_add_test_case runtime_rules
}
