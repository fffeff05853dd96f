# corpuswork.sh: sourced by corpus.sh and ratios.sh in their work folder.
# Makes the inputs of the real-world corpus's workloads there, and
# defines workload NAME PROGRAM: PROGRAM (the corpus build of NAME) run on
# its workload, as tests/realworld/matrix.sh runs it, leaving gmon.out.
# Needs $rw, the tests/realworld folder.

awk 'BEGIN { for (i = 0; i < 180000; i++)
    printf "%d the quick brown fox %d jumps over %x\n",
	i, i * 7919 % 100003, i * 31 }' >input.txt

# ninja's workload (tests/realworld/matrix.sh): plan 3,000 compilations
mkdir -p src inc
awk 'BEGIN { print "rule cc\n  command = touch $out\n" \
	"  description = CC $out\nrule link\n  command = touch $out"
    for (i = 0; i < 3000; i++) {
	printf "build obj/f%d.o: cc src/f%d.c | inc/h%d.h inc/h%d.h\n",
	    i, i, i % 97, i % 13
	printf "" >"src/f" i ".c"
	close("src/f" i ".c")
    }
    for (i = 0; i < 97; i++) { printf "" >"inc/h" i ".h"; close("inc/h" i ".h") }
    printf "build app: link"
    for (i = 0; i < 3000; i++)
	printf " obj/f%d.o", i
    print "\ndefault app" }' >build.ninja

workload()
{
	rm -f gmon.out
	case $1 in
	lua)	"$2" "$rw/work.lua" ;;
	sqlite3) "$2" :memory: <"$rw/work.sql" ;;
	bzip2|minigzip) "$2" -c input.txt ;;
	lz4)	"$2" -9 -c input.txt ;;
	tinyxml2) "$2" 20000 20 ;;
	ninja)	"$2" -n ;;
	esac >/dev/null
}
