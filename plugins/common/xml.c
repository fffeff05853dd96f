/*
 * XML text (xml.h).
 */
#include <stdio.h>
#include <string.h>

#include "utf8.h"
#include "xml.h"

void
xml_escape(FILE *fp, const char *s)
{
	static const char special[] = "<>&\"'";
	static const char *const entity[] = {
		"&lt;", "&gt;", "&amp;", "&quot;", "&apos;",
	};
	const unsigned char *p = (const unsigned char *)s;
	const char *e;

	for (; *p != '\0'; p++) {
		if ((e = strchr(special, *p)) != NULL)
			fputs(entity[e - special], fp);
		/* XML 1.0 has no other control characters. */
		else if (*p < 0x20 && *p != '\t' && *p != '\n')
			putc('?', fp);
		else	/* bad UTF-8 as '?' */
			p += utf8_put(fp, p, "?") - 1;
	}
}
