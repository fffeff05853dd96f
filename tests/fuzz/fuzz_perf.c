/*
 * fuzz_perf: fuzz_input.c with every input given to the perf input
 * format, as gmon-cat -f perf reads a file.
 */
#define ONLY	"perf"
#include "fuzz_input.c"
