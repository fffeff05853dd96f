/*
 * fuzz_callgrind: fuzz_input.c with every input given to the callgrind input
 * format, as gmon-cat -f callgrind reads a file.
 */
#define ONLY	"callgrind"
#include "fuzz_input.c"
