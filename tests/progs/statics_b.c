/* Same-name statics, file 2 of 3: helper() and scratch() exist in two files. */
static volatile unsigned long sink_b;

static void
helper(int n)
{
	int i;

	for (i = 0; i < n; i++)
		sink_b += i * 3;
}

static int
scratch(int n)
{
	return n * 2;
}

static void
unused_static(void)
{
	sink_b = 0;
}

void (*keep_unused)(void) = unused_static;

void
b_work(void)
{
	int i;

	for (i = 0; i < 300; i++)
		helper(100000 + scratch(i));
}
