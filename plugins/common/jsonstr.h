/*
 * JSON strings (json), also ones that may stand inside an HTML <script>
 * element (speedscope, html).  Not part of the plugin ABI.
 */
#ifndef GP_PLUGINS_JSONSTR_H
#define GP_PLUGINS_JSONSTR_H

#include <stdio.h>

/*
 * Write s as a JSON string, quotes included ("null" for NULL): newline
 * and tab as \n and \t, other control characters as \u escapes, bad
 * UTF-8 as U+FFFD; with html, '<', '>' and '&' as \u escapes too (so
 * "</script>" never appears).
 */
void	json_string(FILE *, const char *, int html);

/* json_string() for HTML. */
void	json_str(FILE *, const char *);

#endif /* GP_PLUGINS_JSONSTR_H */
