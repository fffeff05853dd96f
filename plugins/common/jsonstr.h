/*
 * A JSON string that may also stand inside an HTML <script> element
 * (speedscope, html).  Not part of the plugin ABI.
 */
#ifndef GP_PLUGINS_JSONSTR_H
#define GP_PLUGINS_JSONSTR_H

#include <stdio.h>

/*
 * Write s as a JSON string, quotes included ("null" for NULL): control
 * characters, '<', '>' and '&' as \u escapes (so "</script>" never
 * appears), bad UTF-8 as U+FFFD.
 */
void	json_str(FILE *, const char *);

#endif /* GP_PLUGINS_JSONSTR_H */
