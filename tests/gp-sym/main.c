#include <stdio.h>

int	one(int), two(int), big(int, int *), usepart(int *, int);
int	wfunc(int), names(int);

int
main(void)
{
	int a[100], i;
	long t = 0;

	for (i = 0; i < 100; i++)
		a[i] = i;
	for (i = 0; i < 2000; i++)
		t += one(i) + two(i) + big(100, a) + usepart(a, 100) +
		    wfunc(i) + names(i);
	printf("%ld\n", t > 0);
	return 0;
}
