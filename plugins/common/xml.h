/*
 * XML text, for the formats that write SVG and HTML.  Not part of the
 * plugin ABI: each plugin that lists it links its own copy.
 */
#ifndef GP_PLUGINS_XML_H
#define GP_PLUGINS_XML_H

#include <stdio.h>

/* Write s escaped for XML text and attributes (bad UTF-8 as '?'). */
void	xml_escape(FILE *, const char *);

#endif /* GP_PLUGINS_XML_H */
