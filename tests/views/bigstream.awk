# awk -v n=N -f bigstream.awk: a gp-stream(5) of a made-up program of N
# functions, 64 bytes each from 0x10000: a histogram with a sample or
# more in most functions, and a call tree (function i called by i/2,
# from 8 bytes into the caller) under main, function 0.
BEGIN {
	if (n < 2)
		n = 50000
	srand(1)
	low = 65536
	high = low + 64 * n
	nbins = 4 * n
	printf "gp-stream\t1\n"
	printf "profile\tgmon.out\tgnu\t64\tle\t0x1\t000000000000000000000000\n"
	printf "hist\t0\t0x%x\t0x%x\t%d\t100\tseconds\ts\n", low, high, nbins
	for (i = 0; i < n; i++)
		if (i % 5 != 0)
			printf "bins\t0\t%d\t%d\n", 4 * i + 1, 1 + int(rand() * 20)
	for (i = 1; i < n; i++)
		printf "arc\t0x%x\t0x%x\t%d\n", low + 64 * int(i / 2) + 8,
		    low + 64 * i, 1 + int(rand() * 1000)
	printf "exe\tbig\telf64-x86-64\t0x%x\t0x%x\t%d\t64\tle\t\n", low,
	    high - 1, n
	for (i = 0; i < n; i++) {
		name = i == 0 ? "main" : sprintf("fn_%05d", i)
		printf "sym\t%d\t0x%x\t0x%x\tfg\tbig.c\t%d\t%s\t%s\n", i,
		    low + 64 * i, low + 64 * i + 63, 10 + 5 * i, name, name
	}
}
