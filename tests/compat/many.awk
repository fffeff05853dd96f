# many.awk -v n=N: a C program of N functions f0 ... f(N-1) for the gprof
# compatibility tests.  Each does some work and, while its depth argument
# lasts, calls the next function and the one 17 further on; every 50th also
# calls back three functions, which makes many small cycles.  main calls
# them all.
BEGIN {
	print "#include <stdio.h>"
	print ""
	print "static volatile unsigned long sink;"
	print ""
	for (i = 0; i < n; i++)
		printf "void f%d(int);\n", i
	for (i = 0; i < n; i++) {
		printf "\nvoid\nf%d(int d)\n{\n\tint i;\n\n", i
		printf "\tfor (i = 0; i < %d; i++)\n\t\tsink += i;\n",
		    (i % 13 + 1) * 400
		printf "\tif (d <= 0)\n\t\treturn;\n"
		if (i + 1 < n)
			printf "\tf%d(d - 1);\n", i + 1
		if (i + 17 < n)
			printf "\tf%d(d - 1);\n", i + 17
		if (i % 50 == 49)
			printf "\tf%d(d - 1);\n", i - 3
		print "}"
	}
	print "\nint\nmain(void)\n{"
	for (i = 0; i < n; i++)
		printf "\tf%d(3);\n", i
	print "\tprintf(\"%lu\\n\", sink);"
	print "\treturn 0;"
	print "}"
}
