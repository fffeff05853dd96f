# paths.awk: the calling contexts of a gprt-dump stream, two ways, as
# lines "how thread path count selfticks", sorted by the caller:
#	ctx	from the ctx records (the cct collector's tree)
#	trace	from the tev records (the trace collector's events),
#		replaying the calls with recursion folded as gp-stream(5)
#		defines it: a function already on the path goes to the
#		node the path has for it
# A path is the nodes from the root, "fobj:fn@sobj:site" each, joined by
# '/'; a truncated node is "(truncated)".  Only meaningful when the trace
# lost no event.
BEGIN { FS = "\t" }
$1 == "ctx" {
	comp = $14 == "truncated" ? "(truncated)" : $5 ":" $6 "@" $7 ":" $8
	p[$2, $3] = $4 == 0 ? comp : p[$2, $4] "/" comp
	print "ctx", $2, p[$2, $3], $9, $10
	next
}
$1 == "tev" {
	t = $2
	if (t in last && cur[t] != "")
		self[t, cur[t]] += $5 - last[t]
	last[t] = $5
	if ($4 == "enter") {
		st[t, ++sp[t]] = cur[t]
		n = split(cur[t], c, "/")
		fn = $8 ":" $9
		target = ""
		path = ""
		for (i = 1; i <= n; i++) {
			path = i == 1 ? c[i] : path "/" c[i]
			split(c[i], f, "@")
			if (f[1] == fn) {
				target = path
				break
			}
		}
		if (target == "") {
			comp = fn "@" $10 ":" $11
			target = cur[t] == "" ? comp : cur[t] "/" comp
		}
		count[t, target]++
		seen[t, target] = 1
		cur[t] = target
	} else
		cur[t] = sp[t] > 0 ? st[t, sp[t]--] : ""
}
END {
	for (k in seen) {
		split(k, kk, SUBSEP)
		print "trace", kk[1], kk[2], count[k], self[k] + 0
	}
}
