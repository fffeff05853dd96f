/*
 * The terminal interface of gp-view(1) and gp-top(1): ncurses drawing of
 * the model of libgp/report/browse.h, and the keys.  gp-top compiles
 * this file in from here.
 */
#ifndef GP_TUI_H
#define GP_TUI_H

#include <stddef.h>
#include <stdint.h>

#include "report/browse.h"

#define TUI_MINCOLS	60	/* the flat columns and some name */
#define TUI_MINLINES	8

struct tui {
	const char	*prog;		/* "gp-view" */
	const char	*title;		/* what is shown: a file's name */
	struct gp_browse *b;		/* the model; tui_run() may replace
					   it through make() */
	struct gp_bthread *threads;	/* the threads kept apart, or none */
	size_t		 nthreads;
	size_t		 pick;		/* 0: all threads; i: threads[i-1] */
	/* The model for a thread (0: all); NULL: keep the one there. */
	struct gp_browse *(*make)(void *arg, uint64_t thread);
	void		*arg;
	/*
	 * gp-top: tick() is called every `delay' milliseconds (0: never)
	 * unless paused, and returns a new model, or NULL to keep the one
	 * there; status is shown in the title line.
	 */
	int		 delay;
	struct gp_browse *(*tick)(struct tui *);
	char		 status[320];
	int		 paused;
	int		 canpause;
	int		 sort;		/* the column asked for (-s) */
	char		 filter[128];	/* the names asked for (-f) */
};

/* "WxH too small" if the terminal is smaller than the interface needs. */
int	tui_toosmall(int cols, int lines);

/*
 * Draw and read keys until q.  Returns 0; on a terminal too small at the
 * start, endwin() and one line, 1.  A model replaced by make() or
 * tick() keeps the sort, the filter and the function shown.
 */
int	tui_run(struct tui *);

/* The threads' labels: "all", "1 (main)"; buf of n bytes. */
void	tui_threadname(const struct tui *, char *buf, size_t n);
/* -s NAME: the column of that name; exits with a one-line error if none. */
int	tui_column(const char *);

#endif /* GP_TUI_H */
