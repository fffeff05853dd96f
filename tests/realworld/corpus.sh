#!/bin/sh
#
# corpus.sh [-n] PROGRAM...: the real-world corpus, programs nobody here
# wrote, fetched from Debian's source packages with apt-get source and
# built into a cache that later runs reuse.  Prints nothing when all is in
# the cache; fails with a one-line reason when it cannot fetch or build.
#
# The cache is $GP_CORPUS, or ~/.cache/gptools/corpus.  The machine's apt
# configuration is not touched: a private sources list and lists directory
# live in the cache.  Each build is BIN/NAME-VARIANT:
#
#	pg-O0		gcc -pg -O0 -g
#	pg-O2		gcc -pg -O2 -g
#	pg-O2-nog	gcc -pg -O2 (no debugging information)
#	pg-clang-O1	clang -pg -O1 -g
#	plain-O2	gcc -O2 -g, not profiled (share/bench/rtreal.sh; make,
#			whose profiles come from perf and callgrind)
#	fi-O0, fi-O2	gcc -finstrument-functions, objects only (OBJ/NAME-VARIANT/),
#	fi-clang-O2	linked by the tests against the libgprt under test
#
# -n prints the build directory and builds nothing.

REV=2		# raise when a recipe changes: the builds are remade
cache=${GP_CORPUS:-${XDG_CACHE_HOME:-$HOME/.cache}/gptools/corpus}
here=$(cd "$(dirname "$0")" && pwd)
bin=$cache/bin.$REV
obj=$cache/obj.$REV

if [ "${1:-}" = -n ]; then
	echo "$bin"
	exit 0
fi

die()
{
	echo "corpus.sh: $*" >&2
	exit 1
}

aptget()
{
	apt-get -q -o Dir::Etc::SourceList="$cache/apt/sources.list" \
	    -o Dir::Etc::SourceParts=/dev/null \
	    -o Dir::State::Lists="$cache/apt/lists" \
	    -o Dir::Cache="$cache/apt/cache" \
	    -o Debug::NoLocking=1 "$@"
}

# fetch PACKAGE: the package's upstream tree unpacked in SRC/PACKAGE.
fetch()
{
	[ -f "$cache/src/$1/.unpacked" ] && return 0
	mkdir -p "$cache/apt/lists/partial" "$cache/apt/cache" \
	    "$cache/dl" "$cache/src" || die "cannot make $cache"
	if [ ! -f "$cache/apt/sources.list" ]; then
		suite=$(. /etc/os-release && echo "$VERSION_CODENAME")
		echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian ${suite:-bookworm} main" \
		    >"$cache/apt/sources.list"
	fi
	if [ ! -s "$cache/apt/updated" ]; then
		aptget update >"$cache/apt/update.log" 2>&1 ||
		    die "apt-get update failed (no network?): $(tail -n 1 "$cache/apt/update.log")"
		date >"$cache/apt/updated"
	fi
	(cd "$cache/dl" && aptget source --download-only "$1") \
	    >"$cache/dl/$1.log" 2>&1 ||
	    die "apt-get source $1 failed: $(tail -n 1 "$cache/dl/$1.log")"
	orig=$(ls "$cache/dl/$1"_*.orig.tar.* 2>/dev/null | grep -v -- -www | head -n 1)
	[ -n "$orig" ] || die "apt-get source $1 left no upstream tarball"
	rm -rf "$cache/src/$1" && mkdir -p "$cache/src/$1" &&
	    tar -xf "$orig" -C "$cache/src/$1" --strip-components=1 ||
	    die "cannot unpack $orig"
	touch "$cache/src/$1/.unpacked"
}

# flags VARIANT: the compiler and flags of a variant.
flags()
{
	case $1 in
	pg-O0)		cc=gcc cxx=g++ fl="-pg -O0 -g" ;;
	pg-O2)		cc=gcc cxx=g++ fl="-pg -O2 -g" ;;
	pg-O2-nog)	cc=gcc cxx=g++ fl="-pg -O2" ;;
	pg-clang-O1)	cc=clang cxx=clang++ fl="-pg -O1 -g" ;;
	plain-O2)	cc=gcc cxx=g++ fl="-O2 -g" ;;
	plain-clang-O2)	cc=clang cxx=clang++ fl="-O2 -g" ;;
	fi-O0)		cc=gcc cxx=g++ fl="-finstrument-functions -O0 -g" ;;
	fi-O2)		cc=gcc cxx=g++ fl="-finstrument-functions -O2 -g" ;;
	fi-clang-O2)	cc=clang cxx=clang++ fl="-finstrument-functions -O2 -g" ;;
	*)		die "unknown variant $1" ;;
	esac
}

# compile NAME VARIANT DEFS LIBS FILE...: objects in OBJ/NAME-VARIANT,
# linked into BIN/NAME-VARIANT unless an fi- variant.
compile()
{
	_n=$1 _v=$2 _defs=$3 _libs=$4
	shift 4
	flags "$_v"
	_o=$obj/$_n-$_v
	rm -rf "$_o" && mkdir -p "$_o" "$bin" || die "cannot make $_o"
	for _f; do
		case $_f in
		*.cpp|*.cc)	_c=$cxx ;;
		*)		_c=$cc ;;
		esac
		_b=${_f##*/}
		$_c $fl $_defs -c -o "$_o/${_b%.*}.o" "$_f" \
		    >>"$_o/build.log" 2>&1 ||
		    die "$_n-$_v: $_c $fl $_f failed: $(tail -n 1 "$_o/build.log")"
	done
	echo "$_libs" >"$_o/libs"
	case $_v in
	fi-*)	touch "$_o/.built"; return 0 ;;
	esac
	case $* in
	*.cpp*|*.cc*)	_c=$cxx ;;
	*)		_c=$cc ;;
	esac
	$_c $fl -o "$bin/$_n-$_v.tmp" "$_o"/*.o $_libs >>"$_o/build.log" 2>&1 ||
	    die "$_n-$_v: link failed: $(tail -n 1 "$_o/build.log")"
	mv "$bin/$_n-$_v.tmp" "$bin/$_n-$_v"
}

built()
{
	case $2 in
	fi-*)	[ -f "$obj/$1-$2/.built" ] ;;
	*)	[ -x "$bin/$1-$2" ] ;;
	esac
}

build()
{
	_name=$1 _variant=$2
	built "$_name" "$_variant" && return 0
	case $_name in
	lua)
		fetch lua5.4
		s=$cache/src/lua5.4/src
		# the same calls run after run and build after build: no
		# random hash seed, sort pivot or address-keyed string cache
		compile lua "$_variant" "-DLUA_USE_LINUX -Dluai_makeseed(L)=0 \
		    -Dl_randomizePivot()=0 -DSTRCACHE_N=1 -DSTRCACHE_M=1" \
		    "-lm -ldl" \
		    $(ls "$s"/*.c | grep -v '/luac\.c$')
		;;
	bzip2)
		fetch bzip2
		s=$cache/src/bzip2
		compile bzip2 "$_variant" "-D_FILE_OFFSET_BITS=64" "" \
		    "$s"/blocksort.c "$s"/huffman.c "$s"/crctable.c \
		    "$s"/randtable.c "$s"/compress.c "$s"/decompress.c \
		    "$s"/bzlib.c "$s"/bzip2.c
		;;
	minigzip)
		fetch zlib
		s=$cache/src/zlib
		compile minigzip "$_variant" "-I$s -D_LARGEFILE64_SOURCE=1 -DHAVE_HIDDEN" "" \
		    "$s"/adler32.c "$s"/crc32.c "$s"/deflate.c "$s"/infback.c \
		    "$s"/inffast.c "$s"/inflate.c "$s"/inftrees.c "$s"/trees.c \
		    "$s"/zutil.c "$s"/compress.c "$s"/uncompr.c "$s"/gzclose.c \
		    "$s"/gzlib.c "$s"/gzread.c "$s"/gzwrite.c "$s"/test/minigzip.c
		;;
	lz4)
		fetch lz4
		s=$cache/src/lz4
		compile lz4 "$_variant" "-I$s/lib -DLZ4IO_MULTITHREAD=0" "" \
		    "$s"/lib/lz4.c "$s"/lib/lz4hc.c "$s"/lib/lz4frame.c \
		    "$s"/lib/xxhash.c $(ls "$s"/programs/*.c)
		;;
	sqlite3)
		fetch sqlite3
		s=$cache/src/sqlite3
		if [ ! -f "$s/sqlite3.c" ] || [ ! -f "$s/shell.c" ]; then
			(cd "$s" && ./configure && make sqlite3.c shell.c) \
			    >"$s/amalgamation.log" 2>&1 ||
			    die "sqlite3: amalgamation failed: $(tail -n 1 "$s/amalgamation.log")"
		fi
		compile sqlite3 "$_variant" \
		    "-DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION -I$s" "-lm" \
		    "$s"/sqlite3.c "$s"/shell.c
		;;
	tinyxml2)
		fetch tinyxml2
		s=$cache/src/tinyxml2
		compile tinyxml2 "$_variant" "-I$s" "" \
		    "$s"/tinyxml2.cpp "$here"/xmldriver.cc
		;;
	ninja)
		# ninja's own sources (configure.py's list, POSIX), not its
		# tests, browse (generated Python) or the Windows files
		fetch ninja-build
		s=$cache/src/ninja-build/src
		compile ninja "$_variant" '-DNINJA_PYTHON="python3"' "" \
		    $(for f in build build_log clean clparser debug_flags \
		    depfile_parser deps_log disk_interface dyndep \
		    dyndep_parser edit_distance eval_env graph graphviz json \
		    lexer line_printer manifest_parser metrics missing_deps \
		    parser state status string_piece_util subprocess-posix \
		    util version ninja; do echo "$s/$f.cc"; done)
		;;
	make)
		# GNU make, built by its own configure (its sources depend on
		# the configuration), in a private copy per variant: its
		# $(sort) calls libc's qsort and $(shell) runs /bin/sh
		fetch make-dfsg
		flags "$_variant"
		case $_variant in
		fi-*)	die "make: no $_variant build" ;;
		esac
		_o=$obj/make-$_variant
		rm -rf "$_o" && mkdir -p "$_o" "$bin" &&
		    cp -R "$cache/src/make-dfsg/." "$_o" ||
		    die "cannot copy make's sources to $_o"
		# Debian's source ships no configure: its diff, then autoreconf
		_d=$(ls "$cache/dl"/make-dfsg_*.diff.gz 2>/dev/null | head -n 1)
		[ -n "$_d" ] || die "make: no Debian diff in $cache/dl"
		(cd "$_o" && gzip -dc "$_d" | patch -p1 -s && autoreconf -fi &&
		    ./configure --disable-nls --without-guile \
		    CC="$cc" CFLAGS="$fl" LDFLAGS="$fl" && make) \
		    >"$_o/build.log" 2>&1 ||
		    die "make-$_variant: build failed: $(tail -n 1 "$_o/build.log")"
		cp "$_o/make" "$bin/make-$_variant.tmp" &&
		    mv "$bin/make-$_variant.tmp" "$bin/make-$_variant"
		;;
	*)
		die "unknown program $_name"
		;;
	esac
}

[ $# -gt 0 ] || die "usage: corpus.sh [-n] NAME:VARIANT..."
# one corpus.sh at a time in the cache: tests run side by side (kyua's
# parallelism) would build the same program into the same files
mkdir -p "$cache" || die "cannot make $cache"
exec 9>"$cache/.lock"
command -v flock >/dev/null 2>&1 && flock 9
for b; do
	build "${b%%:*}" "${b#*:}"
done
