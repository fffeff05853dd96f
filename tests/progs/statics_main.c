/*
 * Same-name statics, file 3 of 3: main calls the work in the other two
 * files; never() is a static that is never called.
 */
void a_work(void);
void b_work(void);

static void
never(void)
{
}

int
main(int argc, char **argv)
{
	(void)argv;
	a_work();
	b_work();
	if (argc > 5)
		never();
	return 0;
}
