/* A static function with the same name as one in one.c. */
static int
helper(int x)
{
	volatile int s = 1;
	int i;

	for (i = 0; i < x; i++)
		s ^= i;
	return s;
}

int
two(int n)
{
	return helper(n);
}
