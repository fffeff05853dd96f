/*
 * A cycle entered twice from outside and called 43,690 times inside
 * (node -> elem -> node, as an XML parser's ParseDeep), with leaf called
 * only from node and its time a thousandth of the whole: for the pictures,
 * every stack must still start at main.
 */
static volatile unsigned long sink;

static void
spin(long n)
{
	long i;

	for (i = 0; i < n; i++)
		sink += (unsigned long)i * 7;
}

static void
leaf(void)
{
	sink++;
}

void	elem(int);

void
node(int d)
{
	int k;

	leaf();
	if (d > 0)
		for (k = 0; k < 4; k++)
			elem(d - 1);
}

void
elem(int d)
{
	node(d);
}

int
main(void)
{
	node(7);
	node(7);
	spin(200000000);
	return 0;
}
