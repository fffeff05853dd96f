/* A module for dl.c to dlopen. */
static volatile long sink;

static void
plug_inner(void)
{
	sink++;
}

void plug_fn(int);

void
plug_fn(int n)
{
	int i;

	for (i = 0; i < n; i++)
		plug_inner();
}
