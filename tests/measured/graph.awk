# graph.awk: check the graph layer of a measured stream (gp-arcs output).
#
#	awk -F '\t' -f graph.awk STREAM
#
# Prints one line per violation and exits 1 if there is any:
#	- no entry of the call graph is over 100% of the total time;
#	- no arc carries more time to its caller than the caller's entry
#	  holds (arcs between members of one cycle aside);
#	- every arc's caller and callee have an entry.
# Times compare with a relative slack of 1e-9 (they are sums of doubles).

function over(a, b) {
	return a > b + 1e-9 * (b > 0 ? b : -b) + 1e-12
}

function bad(msg) {
	print "graph: " msg
	nbad++
}

$1 == "sym" || $1 == "osym" { name[$2] = $NF }
$1 == "histsum" { total = $2 }
$1 == "node" && $3 != "" {
	node[$2] = $3; cyc[$2] = $4; tot[$2] = $9 + $10
}
$1 == "carc" {
	na++
	ap[na] = $2; ac[na] = $3; at[na] = $5 + $6
}

END {
	for (i in node)
		if (over(tot[i], total))
			bad(sprintf("%s: %.6g of a total of %.6g", name[node[i]],
			    tot[i], total))
	for (k = 1; k <= na; k++) {
		p = ap[k]; c = ac[k]
		if (!(p in node) || !(c in node)) {
			bad(sprintf("arc %s -> %s: no entry", p, c))
			continue
		}
		if (cyc[p] != 0 && cyc[p] == cyc[c])
			continue
		if (over(at[k], tot[p]))
			bad(sprintf("arc %s -> %s: %.6g, more than %s's %.6g",
			    name[node[p]], name[node[c]], at[k], name[node[p]],
			    tot[p]))
	}
	exit nbad > 0
}
