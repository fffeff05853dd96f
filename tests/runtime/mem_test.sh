#! /usr/bin/atf-sh
#
# The memory profile (GPRT_MEM=1): calls, bytes, failures and unfreed
# blocks by call site, the sites named by the function that made the call.

. "$(atf_get_srcdir)/rtlib.sh"

# byfn PROG STREAM: per function of PROG, the sums of the counters of the
# mem records of the call sites in it: name nmalloc ncalloc nrealloc nfree
# fails badfree bytes freedblocks freedbytes liveblocks livebytes
byfn()
{
	nm -n --defined-only "$1" | awk -F '\t' '
	function hex(s,    i, v) {
		v = 0
		s = tolower(s)
		sub(/^0x/, "", s)
		for (i = 1; i <= length(s); i++)
			v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v
	}
	FNR == NR {
		split($0, f, " ")
		if (f[2] ~ /^[tT]$/) { n++; addr[n] = hex(f[1]); name[n] = f[3] }
		next
	}
	$1 == "mem" && $3 == "0" {
		a = hex($4)
		for (i = n; i > 0 && addr[i] > a; i--)
			;
		fn = i > 0 ? name[i] : "?"
		seen[fn] = 1
		for (k = 7; k <= 17; k++)
			sum[fn, k] += $k
	}
	END {
		for (fn in seen) {
			line = fn
			for (k = 7; k <= 17; k++)
				line = line " " sum[fn, k]
			print line
		}
	}' - "$2" | sort
}

atf_test_case sites
sites_head()
{
	atf_set "descr" "Counts, bytes, failures, unfreed blocks by call site"
	atf_set "require.progs" "cc nm"
}
sites_body()
{
	rtbuild rt -pthread "$progs/mem.c"
	rm -f gmon.out.gprt
	atf_check env GPRT_HZ=0 GPRT_MEM=1 ./rt
	gprt-dump -m gmon.out.gprt > d
	byfn rt d > got
	# name nmalloc ncalloc nrealloc nfree fails badfree bytes freedblocks
	#     freedbytes liveblocks livebytes
	cat > want <<'EOW'
churn 50 0 50 50 0 0 9600 100 9600 0 0
cross 1 0 0 0 0 0 500 1 500 0 0
fail 1 0 0 0 1 0 0 0 0 0 0
leak 1 1 0 0 0 0 1300 0 0 2 1300
tfree 0 0 0 1 0 0 0 0 0 0 0
EOW
	atf_check -o file:want grep -E '^(churn|cross|fail|leak|tfree) ' got
	live=$(awk -F '\t' '$1 == "memsum" { print $2 }' d)
	test "$live" -ge 1300 || atf_fail "memsum live $live"
}

atf_test_case threads
threads_head()
{
	atf_set "descr" "8 threads allocating, freeing each other's blocks"
	atf_set "require.progs" "cc nm"
}
threads_body()
{
	rtbuild rt -pthread "$src/memthr.c"
	rm -f gmon.out.gprt
	atf_check env GPRT_HZ=0 GPRT_MEM=1 ./rt
	gprt-dump -m gmon.out.gprt > d
	byfn rt d > got
	# run: 160000 mallocs, 144000 frees there, all blocks freed somewhere
	atf_check -o inline:"run 160000 0 0 144000 0 0 8080000 160000 8080000 0 0\n" \
	    grep '^run ' got
	atf_check -o inline:"drain 0 0 0 16000 0 0 0 0 0 0 0\n" grep '^drain ' got
}

atf_test_case off
off_head()
{
	atf_set "descr" "Without GPRT_MEM, no memory records"
	atf_set "require.progs" "cc"
}
off_body()
{
	rtbuild rt -pthread "$progs/mem.c"
	rtrun ./rt
	gprt-dump gmon.out.gprt > d
	atf_check -s exit:1 -o empty grep '^mem' d
}

atf_init_test_cases()
{
	atf_add_test_case sites
	atf_add_test_case threads
	atf_add_test_case off
}
