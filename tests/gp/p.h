/* The test program's declarations. */
extern volatile unsigned long sink;

#define WORK(n) do {							\
	int i_;								\
	for (i_ = 0; i_ < (n); i_++)					\
		sink += i_;						\
} while (0)

int	helper(int);
int	never(int);
int	ping(int);
int	pong(int);
int	rec(int);
