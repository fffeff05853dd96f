/*
 * reuse.c: dlopen a module, call it, dlclose it, dlopen another one (it
 * lands at the same address) and call that: "reuse A FA NA B FB NB" calls
 * FA(NA) in A, then FB(NB) in B, and prints both load addresses.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

static void *
call(const char *path, const char *fn, int n)
{
	void (*f)(int);
	Dl_info info;
	void *h;

	if ((h = dlopen(path, RTLD_NOW)) == NULL ||
	    (f = (void (*)(int))dlsym(h, fn)) == NULL) {
		fprintf(stderr, "reuse: %s\n", dlerror());
		exit(1);
	}
	f(n);
	if (dladdr((void *)f, &info) == 0)
		exit(1);
	printf("%p\n", info.dli_fbase);
	return h;
}

int
main(int argc, char *argv[])
{
	void *h;

	if (argc != 7)
		return 1;
	h = call(argv[1], argv[2], atoi(argv[3]));
	if (dlclose(h) != 0)
		return 1;
	call(argv[4], argv[5], atoi(argv[6]));
	return 0;
}
