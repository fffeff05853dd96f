/* A weak function, and a weak reference that stays undefined. */
extern int absent(int) __attribute__((weak));

__attribute__((weak)) int
wfunc(int x)
{
	return absent != 0 ? absent(x) : x * 2;
}
