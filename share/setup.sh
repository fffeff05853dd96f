#!/bin/sh
#
# setup.sh [build | demo | test | lint]
#
# Installs the Debian packages gptools needs that are missing (as root, or
# through sudo), builds the tree with bmake, then:
#	build	stops there;
#	demo	compiles the bundled example with -pg, runs it and prints its
#		profile through the pipeline;
#	test	runs the whole Kyua test suite (bmake -f Mkfile test);
#	lint	builds with gcc, with clang and under clang's static
#		analyzer, warnings and reports fatal, and checks the man
#		pages (bmake -f Mkfile lint).
# Idempotent: a second run installs nothing and rebuilds only what changed
# (but lint's static analyzer, which analyzes the whole tree every time).

set -e

# What each package is for:
#   bmake: the build; binutils-dev, libiberty-dev: libbfd and the demangler
#   for gp-sym; gcc, g++, libc6-dev: building, and the -pg programs the
#   tests compile; binutils: gprof, the tests' oracle; kyua, atf-sh,
#   libatf-dev: the test suite; mandoc: man page lint in the tests;
#   perl-base: the tests write BSD, big-endian and 32-bit profile copies;
#   binutils-multiarch-dev: libbfd-multiarch, so gp-sym reads executables
#   of other machines (it brings binutils-multiarch, whose gprof the cross
#   tests use as oracle); gcc-i686-linux-gnu, libc6-dev-i386-cross,
#   gcc-s390x-linux-gnu, libc6-dev-s390x-cross, qemu-user: the 32-bit x86
#   and big-endian s390x test programs (not gcc-multilib: it conflicts with
#   the s390x cross compiler); graphviz, valgrind, jq, libxml2-utils: the
#   real consumers of the dot, callgrind, json and svg formats in the tests;
#   clang: the compatibility suite also profiles clang -pg builds;
#   pkg-config: the runtime's gprt.pc is tested with it; time: GNU
#   time(1), whose -f %M gives the tests a stage's peak memory;
#   libclang-rt-14-dev: clang's libFuzzer and sanitizer runtimes, for the
#   fuzz targets of tests/fuzz (only recommended by clang); tcl (tclsh):
#   sqlite3's sources make their amalgamation with it (tests/realworld
#   fetch them with apt-get source, which needs no package of its own);
#   zlib1g-dev: the pprof format gzips with zlib; libgraphviz-dev: the
#   svg format's call graph is laid out by Graphviz's libgvc; golang-go:
#   go tool pprof, the pprof format's consumer in the tests; chromium:
#   headless, it opens the html format and speedscope in the tests;
#   nodejs, npm: the tests install speedscope (and ajv, to check its
#   schema) from npm into ~/.cache/gptools/npm (a node that brings its
#   own npm, as NodeSource's does, counts as npm); librsvg2-bin:
#   rsvg-convert renders the svg call graph to PNG in the tests;
#   the chrome format's test opens its file in speedscope the same way, and
#   the svg flame graph's zoom and search script in tests/pics;
#   libelf-dev: the perf and callgrind input plugins read objects' program
#   headers and symbol tables with libelf (and demangle with libiberty);
#   linux-perf: perf record and
#   perf report, what the perf input's tests record and check against;
#   clang-tools: scan-build, clang's static analyzer, which the lint
#   (bmake -f Mkfile lint, or analyze alone) runs over the whole tree;
#   libc6-dbg: libc's and libm's symbols, statics too, which gp-sym reads
#   from the separate debug files for stripped libraries in perf's and
#   callgrind's profiles (and which valgrind needs anyway); autoconf,
#   automake, autopoint, patch: GNU make's Debian source ships no configure,
#   and tests/realworld builds make (whose $(sort) calls qsort and whose
#   $(shell) runs the stripped /bin/sh) to check perf's and callgrind's
#   profiles of a real program.
#   libncurses-dev: gp-view and gp-top draw the terminal with ncurses;
#   tmux: the tests drive them in a terminal of a set size (tests/tui).
#   libunwind-dev: libunwind.h, with which libgprt's sampler (GPRT_SAMPLE,
#   gp-run's method for programs not rebuilt) is built to walk sampled
#   stacks through code without frame pointers by its unwind tables; it
#   dlopens libunwind.so.8 (libunwind8, which it brings) at run time.
PACKAGES="bmake gcc g++ libc6-dev binutils binutils-dev libiberty-dev
    kyua atf-sh libatf-dev mandoc perl-base
    binutils-multiarch-dev gcc-i686-linux-gnu libc6-dev-i386-cross
    gcc-s390x-linux-gnu libc6-dev-s390x-cross qemu-user
    graphviz valgrind jq libxml2-utils clang pkg-config time tcl
    libclang-rt-14-dev zlib1g-dev libgraphviz-dev golang-go chromium
    nodejs npm librsvg2-bin libelf-dev linux-perf libc6-dbg clang-tools
    autoconf automake autopoint patch libncurses-dev tmux libunwind-dev"

missing=
for p in $PACKAGES; do
	if [ "$p" = npm ] && command -v npm >/dev/null; then
		continue
	fi
	if ! dpkg-query -W -f '${Status}\n' "$p" 2>/dev/null |
	    grep -q ' installed$'; then
		missing="$missing $p"
	fi
done
if [ -n "$missing" ]; then
	sudo=
	[ "$(id -u)" -eq 0 ] || sudo=sudo
	echo "setup.sh: installing$missing" >&2
	$sudo apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
	    --no-install-recommends $missing >/dev/null
fi

cd "$(dirname "$0")/.."
top=$(pwd)

case "${1:-build}" in
build)
	bmake -f Mkfile all
	;;
demo)
	bmake -f Mkfile all >/dev/null
	bmake -f Mkfile install PREFIX="$top/.stage" DESTDIR= >/dev/null
	PATH="$top/.stage/bin:$PATH" sh share/examples/demo/run.sh
	;;
test)
	bmake -f Mkfile test
	;;
lint)
	bmake -f Mkfile lint
	;;
*)
	echo "usage: setup.sh [build | demo | test | lint]" >&2
	exit 1
	;;
esac
