/*
 * gp-stream(5)'s escapes: a name with TABs, newlines, backslashes or
 * bytes that are not printable, as one field and back (stream.h).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#include "stream/stream.h"

static const char hexdig[] = "0123456789abcdef";

size_t
gp_escape(char *dst, const char *src, size_t n)
{
	char *d = dst;
	unsigned char c;
	size_t i;

	for (i = 0; i < n; i++) {
		c = src[i];
		if (c >= 0x20 && c != 0x7f && c != '\\') {
			*d++ = c;
			continue;
		}
		*d++ = '\\';
		switch (c) {
		case '\\':
			*d++ = '\\';
			break;
		case '\t':
			*d++ = 't';
			break;
		case '\n':
			*d++ = 'n';
			break;
		case '\r':
			*d++ = 'r';
			break;
		default:
			*d++ = 'x';
			*d++ = hexdig[c >> 4];
			*d++ = hexdig[c & 15];
			break;
		}
	}
	*d = '\0';
	return d - dst;
}

int
gp_hexdigit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

ssize_t
gp_unescapen(const char *s, char *dst, size_t max)
{
	size_t n = 0;
	int c, hi, lo;

	for (; *s != '\0'; s++) {
		c = (unsigned char)*s;
		if (c == '\\') {
			switch (*++s) {
			case '\\':
				break;
			case 't':
				c = '\t';
				break;
			case 'n':
				c = '\n';
				break;
			case 'r':
				c = '\r';
				break;
			case 'x':
				if ((hi = gp_hexdigit(s[1])) < 0 ||
				    (lo = gp_hexdigit(s[2])) < 0)
					return -1;
				c = hi << 4 | lo;
				s += 2;
				break;
			default:
				return -1;
			}
		}
		if (n == max)
			return -2;
		dst[n++] = c;
	}
	return n;
}

int
gp_unescape(char *s)
{
	ssize_t n;

	if ((s = strchr(s, '\\')) == NULL)
		return 0;
	/* The decoded text is never longer: decode in place. */
	if ((n = gp_unescapen(s, s, strlen(s))) < 0)
		return -1;
	s[n] = '\0';
	return 0;
}
