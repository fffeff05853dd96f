/* A static function with the same name as one in two.c. */
static int
helper(int x)
{
	volatile int s = 0;
	int i;

	for (i = 0; i < x; i++)
		s += i;
	return s;
}

int
one(int n)
{
	return helper(n);
}
