/*
 * The harness shared by the libFuzzer targets of libgp (tests/fuzz).
 *
 * libgp reports a bad input the way its tools want: a message, then
 * exit(3), err(3) or errx(3).  The Makefile renames those calls in
 * libgp's objects only (objcopy --redefine-syms=fuzz.syms) to the fuzz_*
 * functions of fuzz.c, which longjmp back to the innermost fuzz_try().
 * The allocation, open and fopen calls of libgp are renamed as well, so
 * that fuzz_end() releases what an input left behind: an input that
 * fails leaves libgp's structures half built, and without this the
 * memory and descriptors would pile up over millions of inputs.
 */
#ifndef FUZZ_H
#define FUZZ_H

#include <stddef.h>
#include <stdint.h>

/* Start and end one input: fuzz_end() frees what libgp left of it. */
void	 fuzz_begin(void);
void	 fuzz_end(void);

/*
 * Run fn(arg); 0 if it returned, 1 if libgp gave up on a fatal error.
 * Calls nest: an error returns to the innermost.
 */
int	 fuzz_try(void (*fn)(void *), void *arg);

/*
 * Set up once (from LLVMFuzzerInitialize): no plugins, stdout and
 * stderr (the stdio streams libgp prints to) sent to /dev/null unless
 * FUZZ_VERBOSE is set in the environment.
 */
void	 fuzz_init(void);

/* fuzz_init(), the plugins in dir the only ones (GP_PLUGIN_PATH). */
void	 fuzz_init_plugins(const char *dir);

/*
 * An anonymous in-memory file (memfd), made once per name and reused:
 * fuzz_fill() empties it, writes the bytes and rewinds it;
 * fuzz_fdpath() is a path that opens it (for APIs that take a path);
 * fuzz_slurp() reads it all back into a buffer of its own.
 */
int	 fuzz_memfd(const char *name);
void	 fuzz_fill(int fd, const void *, size_t);
void	 fuzz_reset(int fd);
const char *fuzz_fdpath(int fd);
unsigned char *fuzz_slurp(int fd, size_t *lenp);

/*
 * Free what libgp allocated and left to its caller: the block is
 * tracked, and free(3) would leave fuzz_end() to free it again.
 */
void	 fuzz_free(void *);

/* /dev/null, open for writing. */
extern int fuzz_devnull;

/* A broken invariant: print what and where, then abort() (a crash). */
void	 fuzz_fail(const char *, ...)
	    __attribute__((__noreturn__, __format__(__printf__, 1, 2)));

/* The same bytes, or fuzz_fail() naming what and where they differ. */
void	 fuzz_same(const char *what, const unsigned char *, size_t,
	    const unsigned char *, size_t);

#endif /* FUZZ_H */
