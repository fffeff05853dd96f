/* Same-name statics, file 1 of 3: helper() and scratch() exist in two files. */
static volatile unsigned long sink_a;

static void
helper(int n)
{
	int i;

	for (i = 0; i < n; i++)
		sink_a += i;
}

static int
scratch(int n)
{
	return n + 1;
}

void
a_work(void)
{
	int i;

	for (i = 0; i < 300; i++)
		helper(150000 + scratch(i));
}
