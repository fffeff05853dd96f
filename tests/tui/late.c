/* Its first instrumented call after a second (main is not instrumented). */
#include <unistd.h>

void	work(int);

int
main(void)
{
	int i;

	sleep(2);
	for (i = 0; i < 1000; i++)
		work(i);
	sleep(2);
	return 0;
}
