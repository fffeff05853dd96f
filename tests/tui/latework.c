/* The instrumented half of late.c. */
volatile long sink;

void
work(int i)
{
	sink += i;
}
