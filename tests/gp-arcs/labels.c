/*
 * Text symbols that are not functions (an assembler label, global and
 * static): gprof credits calls to them to the function before them.
 */
volatile int sink;

void
f1(void)
{
	int i;

	for (i = 0; i < 100; i++)
		sink += i;
}

__asm__(".text\n.globl lbl\nlbl:\n\tnop\n\tnop\n\tret\n");
__asm__(".text\nloc:\n\tnop\n\tret\n");

void
f2(void)
{
	int i;

	for (i = 0; i < 100; i++)
		sink += i;
}

int
main(void)
{
	f1();
	f2();
	return 0;
}
