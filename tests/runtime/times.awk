# times.awk: check the measured times of a gprt-dump -m stream.
#
#	nm -n --defined-only PROG | awk -f times.awk -v zero="f:g ..." - DUMP
#
# Prints one line per violation and exits 1 if there is any:
#	- the self times of all arcs add up to the threads' totals, exactly;
#	- an arc's inclusive time never exceeds its caller's inclusive time
#	  (the caller being the function holding the call instruction, the
#	  byte before the return address); but for the static initialisers
#	  C++ compilers make (_GLOBAL__sub_I_*) when they have none: they
#	  get no hooks of their own, while the constructors inlined into
#	  them call theirs (with GPRT_INLINE=0, a real call from one is the
#	  initialiser's, which was never entered);
#	- a function's self times add up to at most its inclusive time;
#	- each arc "caller:callee" in zero (arcs that close a recursion or a
#	  cycle) has no inclusive time.
# Functions are those of the executable (map object 0).  With -v parts=out
# (a run with GPRT_INLINE=0), calls made from a part gcc split off a
# function (F.part.0) are not held to F's inclusive time: where gcc
# inlined F's first part, F's own calls are left out, not the part's.

function hex(s,    i, c, v) {
	v = 0
	s = tolower(s)
	sub(/^0x/, "", s)
	for (i = 1; i <= length(s); i++) {
		c = index("0123456789abcdef", substr(s, i, 1)) - 1
		v = v * 16 + c
	}
	return v
}

# The function holding address a: the last symbol at or below it.
# Sets at to its index.
function fn(a,    lo, hi, mid) {
	lo = 1
	hi = nsym
	at = 0
	if (nsym == 0 || a < symaddr[1])
		return ""
	while (lo < hi) {
		mid = int((lo + hi + 1) / 2)
		if (symaddr[mid] <= a)
			lo = mid
		else
			hi = mid - 1
	}
	at = lo
	return symname[lo]
}

function bad(msg) {
	print "times: " msg
	nbad++
}

BEGIN {
	FS = "[ \t]+"
	n = split(zero, z, " ")
	for (i = 1; i <= n; i++)
		want0[z[i]] = 1
}

FNR == NR {
	if ($2 ~ /^[tTwW]$/) {
		nsym++
		symaddr[nsym] = hex($1)
		symname[nsym] = $3
		# the parts gcc splits off a function (F.part.0, F.cold) run
		# under its hooks: they are F
		ispart[nsym] = symname[nsym] ~ /\.part(\.[0-9]+)?$/
		sub(/\.(part|cold)(\.[0-9]+)?$/, "", symname[nsym])
	}
	next
}

{ FS = "\t"; $0 = $0 }

$1 == "thread" { total += $8 }

$1 == "marc" {
	na++
	self += $8
	fo[na] = $3; from[na] = hex($4); so[na] = $5; to[na] = hex($6)
	aself[na] = $8; aincl[na] = $9
	if (so[na] == "0") {
		f = fn(to[na])
		incl[f] += $9
		fself[f] += $8
	}
}

END {
	if (na == 0)
		bad("no arcs")
	if (self != total)
		bad(sprintf("self times add up to %.0f, the threads' totals to %.0f",
		    self, total))
	for (i = 1; i <= na; i++) {
		if (fo[i] != "0" || so[i] != "0")
			continue
		# the call instruction ends at the return address: a noreturn
		# call closing a function returns to the next one's first byte
		p = fn(from[i] - 1)
		inpart = ispart[at]
		c = fn(to[i])
		if ((p ":" c) in want0) {
			seen[p ":" c] = 1
			if (aincl[i] != 0)
				bad(sprintf("arc %s -> %s closes a cycle but has " \
				    "inclusive time %.0f", p, c, aincl[i]))
		}
		# a static initialiser has no hooks, its inlined calls have
		if (!(p in incl) && p ~ /^_GLOBAL__sub_I_/)
			continue
		if (aincl[i] > incl[p] && !(parts == "out" && inpart))
			bad(sprintf("arc %s -> %s: inclusive %.0f exceeds %s's %.0f",
			    p, c, aincl[i], p, incl[p]))
	}
	for (f in incl)
		if (fself[f] > incl[f])
			bad(sprintf("%s: self %.0f exceeds inclusive %.0f", f,
			    fself[f], incl[f]))
	for (k in want0)
		if (!(k in seen))
			bad("no arc " k)
	exit nbad > 0
}
