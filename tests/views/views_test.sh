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

# npm: speedscope and ajv, installed once into the npm cache (the real
# home's, as kyua gives the tests a home of their own); sets $npm.
npm=
npmcache()
{
	need node npm
	_home=$(getent passwd "$(id -u)" | cut -d: -f6)
	npm=${GP_NPM:-$_home/.cache/gptools/npm}
	if ! test -f "$npm/node_modules/speedscope/dist/release/index.html" ||
	    ! test -d "$npm/node_modules/ajv"; then
		mkdir -p "$npm"
		npm install --no-audit --no-fund --prefix "$npm" \
		    speedscope@1.25.0 ajv@8 >npm.log 2>&1 ||
		    atf_skip "npm cannot install speedscope (offline?)"
	fi
}

# chrome ARGS...: headless Chromium, which may read local files.
chrome()
{
	timeout 120 chromium --headless --no-sandbox --disable-gpu \
	    --allow-file-access-from-files --window-size=1280,800 \
	    --virtual-time-budget=5000 "$@" 2>/dev/null
}

atf_test_case speedscope
speedscope_head()
{
	atf_set "descr" "speedscope: valid by speedscope's schema; speedscope" \
	    "in headless Chromium opens it; its weights are the total"
	atf_set "require.progs" "cc"
}
speedscope_body()
{
	need chromium jq
	npmcache
	profile
	atf_check -o save:p.json gp-fmt -o speedscope s
	atf_check -o inline:'valid\n' env NODE_PATH="$npm/node_modules" \
	    node "$(atf_get_srcdir)/ssvalid.js" \
	    "$npm/node_modules/speedscope/dist/release/file-format-schema.json" \
	    p.json
	# A broken file fails the schema (the check checks).
	jq '.profiles[0].samples[0] = "x"' p.json > bad.json
	atf_check -s exit:1 -o ignore env NODE_PATH="$npm/node_modules" \
	    node "$(atf_get_srcdir)/ssvalid.js" \
	    "$npm/node_modules/speedscope/dist/release/file-format-schema.json" \
	    bad.json

	# Weights: gp-fmt's total, in nanoseconds; every frame a function.
	want=$(flat | awk '{ s += $1 } END { printf "%.2f", s }')
	got=$(jq '.profiles[0].weights | add / 1e9' p.json)
	echo "$got $want" | awk '{ d = $1 - $2; exit !(d < 0.011 &&
	    d > -0.011) }' || atf_fail "weights $got, gp-fmt $want"
	flat | awk '$1 > 0 { print $3 }' | LC_ALL=C sort > names.gp
	jq -r '.shared.frames as $f | [.profiles[0].samples[][-1]] |
	    unique[] | $f[.].name' p.json | LC_ALL=C sort > names.ss
	atf_check -o empty comm -23 names.gp names.ss

	# speedscope itself: it names the profile once it has read it.
	printf 'speedscope.loadFileFromBase64("p.json", "%s")' \
	    "$(base64 -w0 p.json)" > p.js
	url="file://$npm/node_modules/speedscope/dist/release/index.html"
	url="$url#localProfilePath=$(pwd)/p.js"
	chrome --dump-dom "$url" > dom
	grep -q 'prog: self time by stacks estimated' dom ||
	    atf_fail "speedscope did not load the profile"
	chrome --screenshot="$(pwd)/shot.png" "$url" >/dev/null
	test "$(wc -c < shot.png)" -gt 10000 || atf_fail "no screenshot"
	# kyua -v test_suites.gptools.shots=DIR keeps it to look at.
	if atf_config_has shots; then
		cp shot.png "$(atf_config_get shots)/speedscope.png"
	fi
}

atf_init_test_cases()
{
	atf_add_test_case pprof
	atf_add_test_case speedscope
}
