#! /usr/bin/atf-sh
#
# The libFuzzer targets of tests/fuzz: every saved input (the seed
# corpora and the reproducers of the bugs fuzzing found) replayed under
# AddressSanitizer and UndefinedBehaviorSanitizer, so that a fixed bug
# stays fixed.  Fuzzing itself is tests/fuzz/run.sh (bmake -f Mkfile
# fuzz), not part of the suite.

. "$(atf_get_srcdir)/../lib.sh"

atf_test_case replay
replay_head()
{
	atf_set "descr" "The saved fuzz inputs run clean under the sanitizers"
	atf_set "require.progs" "clang bmake objcopy"
	# Building the targets takes a minute or two on a slow machine.
	atf_set "timeout" "900"
}
replay_body()
{
	printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
	    'int LLVMFuzzerTestOneInput(const uint8_t *, size_t);' \
	    'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)' \
	    '{ return 0; }' > probe.c
	clang -fsanitize=fuzzer,address,undefined -o probe probe.c \
	    >/dev/null 2>&1 || atf_skip "clang cannot build libFuzzer targets"
	# bmake -f Mkfile test: keep the build in the stage between runs.
	if [ -n "${GP_STAGE:-}" ]; then
		build=$GP_STAGE/fuzz-build
	else
		build=$PWD/build
	fi
	FUZZ_BUILD=$build sh "$(atf_get_srcdir)/replay.sh" >out 2>err || {
		cat out err
		atf_fail "replay.sh failed: $(tail -n 1 err)"
	}
	cat out
}

atf_init_test_cases()
{
	atf_add_test_case replay
}
