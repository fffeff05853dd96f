#! /usr/bin/atf-sh
#
# The viewers' formats (gp-formats(5)), each read by its real consumer:
# go tool pprof for pprof, speedscope's JSON schema and speedscope itself
# in headless Chromium for speedscope, headless Chromium for html.  The
# numbers are checked against gp-fmt's own flat profile.  A missing
# consumer skips its case (share/setup.sh installs them; speedscope comes
# from npm into ~/.cache/gptools/npm, filled by the test).

. "$(atf_get_srcdir)/../lib.sh"

need()
{
	for _p in "$@"; do
		command -v "$_p" >/dev/null ||
		    atf_skip "$_p is not installed"
	done
}

# profile: the recursion and cycles program's profile, as stream s.
profile()
{
	pgbuild prog "$progs/recurse.c"
	pgrun ./prog
	gmon-cat gmon.out | gp-sym prog > s || atf_fail "no stream"
}

# flat: gp-fmt's flat profile as "self calls name" lines, by name.
flat()
{
	gp-fmt -b -p s | awk '
	    /^ *[0-9.]+ +[0-9.]+ +[0-9.]+ / {
		calls = substr($0, 27, 8); gsub(/ /, "", calls)
		printf "%s %s %s\n", $3, calls == "" ? 0 : calls,
		    substr($0, 55)
	    }' | LC_ALL=C sort -k3
}

# cmpnum FILE1 FILE2 TOL: "value name" lines of both agree within TOL,
# name by name; a name missing in one counts as 0.
cmpnum()
{
	awk -v tol="$3" '
	    FNR == NR { a[$2] = $1; next }
	    { b[$2] = $1 }
	    END {
		bad = 0
		for (k in a) { d = a[k] - b[k]; if (d < 0) d = -d
		    if (d > tol) { print "differ: " k " " a[k] " " b[k]; bad = 1 } }
		for (k in b) if (!(k in a) && (b[k] > tol || -b[k] > tol)) {
		    print "only in 2: " k " " b[k]; bad = 1 }
		exit bad
	    }' "$1" "$2"
}

atf_test_case pprof
pprof_head()
{
	atf_set "descr" "pprof: go tool pprof reads it; -top and -traces" \
	    "agree with gp-fmt's flat profile on times, calls and totals"
	atf_set "require.progs" "cc"
}
pprof_body()
{
	need go gzip
	export HOME=$(pwd) GOCACHE=$(pwd)/gocache GOFLAGS=-mod=mod
	profile
	atf_check -o save:p.pb.gz gp-fmt -o pprof s
	atf_check gzip -t p.pb.gz
	flat > flat.gp
	awk '{ print $1, $3 }' flat.gp > self.gp

	# -top: the self seconds and the total.
	atf_check -o save:top go tool pprof -top -unit=s -nodecount=100000 \
	    -sample_index=cpu p.pb.gz
	atf_check -o match:'^Type: cpu' cat top
	atf_check -o match:'stacks estimated from the call graph' cat top
	awk '$2 ~ /%$/ && $1 ~ /s$/ { v = $1; sub(/s$/, "", v);
	    print v, $6 }' top > self.pp
	cmpnum self.gp self.pp 0.006 || atf_fail "-top differs in self time"
	total=$(sed -n 's/.* of \([0-9.]*\)s total$/\1/p' top)
	want=$(awk '{ s += $1 } END { printf "%.2f", s }' flat.gp)
	echo "$total $want" | awk '{ d = $1 - $2; exit !(d < 0.011 &&
	    d > -0.011) }' || atf_fail "total $total, gp-fmt $want"

	# -traces: each function's stacks add up to its self time.
	atf_check -o save:traces go tool pprof -traces -sample_index=cpu \
	    p.pb.gz
	awk '/^-+\+/ { first = 1; next }
	    first && NF >= 2 { v = $1; m = 1
		if (v ~ /ns$/) m = 1e-9; else if (v ~ /us$|µs$/) m = 1e-6
		else if (v ~ /ms$/) m = 1e-3
		sub(/[a-zµ]+$/, "", v); s[$2] += v * m; first = 0; next }
	    { first = 0 }
	    END { for (k in s) printf "%.6f %s\n", s[k], k }' traces > tr.pp
	cmpnum self.gp tr.pp 0.006 || atf_fail "-traces differ in self time"
	test -s tr.pp || atf_fail "no traces"

	# Calls: exact, recursive ones included (the flat profile's calls
	# and the call graph's self calls, as gp-fmt -o json gives them).
	atf_check -o save:ctop go tool pprof -top -nodecount=100000 \
	    -sample_index=calls p.pb.gz
	awk '$2 ~ /%$/ && $1 ~ /^[0-9]/ { print $1, $6 }' ctop > calls.pp
	need jq
	gp-fmt -o json s | jq -r '.functions[] | select(.symbol != null and
	    .calls + .self_calls > 0) | "\(.calls + .self_calls) \(.name)"' \
	    > calls.gp
	cmpnum calls.gp calls.pp 0 || atf_fail "calls differ"
}

atf_init_test_cases()
{
	atf_add_test_case pprof
}
