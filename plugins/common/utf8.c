/*
 * UTF-8 sequences (utf8.h).
 */
#include "utf8.h"

size_t
utf8_len(const unsigned char *p)
{
	size_t n, i;
	unsigned c = p[0], min;

	if (c < 0x80)
		return c != 0;
	if ((c & 0xe0) == 0xc0) {
		n = 2;
		min = 0x80;
		c &= 0x1f;
	} else if ((c & 0xf0) == 0xe0) {
		n = 3;
		min = 0x800;
		c &= 0x0f;
	} else if ((c & 0xf8) == 0xf0) {
		n = 4;
		min = 0x10000;
		c &= 0x07;
	} else
		return 0;
	for (i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (p[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	return n;
}

size_t
utf8_put(FILE *out, const unsigned char *p, const char *bad)
{
	size_t n;

	if (*p < 0x80) {
		putc(*p, out);
		return 1;
	}
	if ((n = utf8_len(p)) == 0) {
		fputs(bad, out);
		return 1;
	}
	fwrite(p, 1, n, out);
	return n;
}
