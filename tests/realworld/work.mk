# GNU make's workload for the perf and callgrind cases of
# realworld_test.sh: sorts a list of N words R times ($(sort) calls
# libc's qsort, whose merge sort is the clone msort_with_tmp.part.0) and
# runs a shell for each round ($(shell) with a pipe: the stripped
# /bin/sh, which perf follows).
N ?= 40000
R ?= 40
nums := $(shell seq 1 $(N) | awk '{ print ($$1 * 7919) % 40009 }')
out := $(foreach i,$(shell seq 1 $(R)),$(words $(sort $(addprefix w$(i)_,$(nums)))) $(shell echo $(i) | cat))
all: ; @echo $(words $(out))
