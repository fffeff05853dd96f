/*
 * JSON strings, plain or safe inside HTML scripts (jsonstr.h).
 */
#include <stddef.h>
#include <stdio.h>

#include "jsonstr.h"
#include "utf8.h"

void
json_string(FILE *out, const char *s, int html)
{
	const unsigned char *p = (const unsigned char *)s;

	if (s == NULL) {
		fputs("null", out);
		return;
	}
	putc('"', out);
	for (; *p != '\0'; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(out, "\\%c", *p);
		else if (*p == '\n')
			fputs("\\n", out);
		else if (*p == '\t')
			fputs("\\t", out);
		else if (*p < 0x20 || *p == 0x7f ||
		    (html && (*p == '<' || *p == '>' || *p == '&')))
			fprintf(out, "\\u%04x", *p);
		else
			p += utf8_put(out, p, "\\ufffd") - 1;
	}
	putc('"', out);
}

void
json_str(FILE *out, const char *s)
{
	json_string(out, s, 1);
}
