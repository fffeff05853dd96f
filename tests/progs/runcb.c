/*
 * A shared library with a function that calls back into the program,
 * built without hooks (run_cb), and one built with them (lib_inc), so
 * that the library's symbols are read.  With -DMAIN, the program: cb is
 * called 10 times by run_cb and once by main.
 */
#ifdef MAIN
void	run_cb(void (*)(int), int);
int	lib_inc(int);

static volatile int sum;

static void
cb(int i)
{
	sum += i;
}

int
main(void)
{
	run_cb(cb, 10);
	cb(lib_inc(1));
	return 0;
}
#else
__attribute__((no_instrument_function)) void
run_cb(void (*f)(int), int n)
{
	int i;

	for (i = 0; i < n; i++)
		f(i);
}

int
lib_inc(int x)
{
	return x + 1;
}
#endif
