/* A second module for reuse.c, loaded where plug.c's was. */
static volatile long sink;

static void
plug2_inner(void)
{
	sink += 2;
}

void plug2_fn(int);

void
plug2_fn(int n)
{
	int i;

	for (i = 0; i < n; i++)
		plug2_inner();
}
