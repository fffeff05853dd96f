/*
 * XML text (xml.h).
 */
#include <stdio.h>

#include "utf8.h"
#include "xml.h"

void
xml_escape(FILE *fp, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	for (; *p != '\0'; p++)
		switch (*p) {
		case '<':
			fputs("&lt;", fp);
			break;
		case '>':
			fputs("&gt;", fp);
			break;
		case '&':
			fputs("&amp;", fp);
			break;
		case '"':
			fputs("&quot;", fp);
			break;
		case '\'':
			fputs("&apos;", fp);
			break;
		default:
			/* XML 1.0 has no other control characters. */
			if (*p < 0x20 && *p != '\t' && *p != '\n')
				putc('?', fp);
			else if (*p < 0x80)
				putc(*p, fp);
			else if ((n = utf8_len(p)) == 0)
				putc('?', fp);	/* not UTF-8 */
			else {
				fwrite(p, 1, n, fp);
				p += n - 1;
			}
		}
}
