# genprog.awk -v n=N [-v seed=S]: a C program of N functions of various
# sizes for synthetic profiles (gmongen.c).  Every eleventh name starts
# with "_", every thirteenth with "__", every seventh function is static:
# gprof breaks ties between equal times with these.
BEGIN {
	srand(seed == "" ? 7 : seed)
	print "static volatile int sink;"
	for (i = 0; i < n; i++) {
		name = i % 11 == 3 ? "_u" i : (i % 13 == 5 ? "__uu" i : "fn" i)
		st = i % 7 == 2 ? "static " : ""
		printf "%svoid %s(void) {", st, name
		k = 1 + int(rand() * 6)
		for (j = 0; j < k; j++)
			printf " sink += %d;", i * 7 + j
		print " }"
		names[i] = name
	}
	print "int main(void) {"
	for (i = 0; i < n; i++)
		printf "\t%s();\n", names[i]
	print "\treturn 0;\n}"
}
