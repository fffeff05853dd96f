# awk -f cstr.awk NAME.js...: each file as a C string js_NAME, its lines
# kept, '\', '"' and '?' (trigraphs) escaped.
FNR == 1 {
	if (NR > 1)
		print ";"
	name = FILENAME
	sub(/.*\//, "", name)
	sub(/\.js$/, "", name)
	gsub(/[^A-Za-z0-9_]/, "_", name)
	print "static const char js_" name "[] ="
}
{
	o = ""
	for (i = 1; i <= length($0); i++) {
		c = substr($0, i, 1)
		o = o (c == "\\" || c == "\"" || c == "?" ? "\\" : "") c
	}
	print "\"" o "\\n\""
}
END {
	if (NR > 0)
		print ";"
}
