/* dlopen a module and call into it. */
#include <dlfcn.h>
#include <stdio.h>

int
main(int argc, char *argv[])
{
	void (*f)(int);
	void *h;

	if (argc < 2 || (h = dlopen(argv[1], RTLD_NOW)) == NULL) {
		fprintf(stderr, "dl: %s\n", argc < 2 ? "no module" : dlerror());
		return 1;
	}
	if ((f = (void (*)(int))dlsym(h, "plug_fn")) == NULL)
		return 1;
	f(42);
	return 0;
}
