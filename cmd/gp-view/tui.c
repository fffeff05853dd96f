/*
 * The terminal interface of gp-view(1) and gp-top(1) (tui.h): a list of
 * functions and a function's call-graph entry, drawn with ncurses from
 * the text lines of libgp/report/browse.c, so that the screen shows the
 * bytes the batch mode prints.
 *
 *	line 0			title: what is shown, the total, the thread,
 *				the sort column, the filter (reverse video)
 *	lines 1, 2		the columns' heads (an entry: one line)
 *	lines 3 to LINES-2	the functions, or the entry's lines
 *	line LINES-1		the keys, a prompt or a message
 */
#include <ctype.h>
#include <curses.h>
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stream/stream.h"
#include "tui.h"

#define LINESZ	1024
#define MAXBACK	256

enum { LIST, ENTRY };

struct state {
	int		 mode;
	size_t		 cur, top;	/* the list's cursor and first line */
	size_t		 row;		/* the entry's function */
	size_t		 ecur, etop;	/* the entry's cursor, first line */
	size_t		 back[MAXBACK];	/* the entries before, by row */
	size_t		 backcur[MAXBACK];
	size_t		 nback;
	char		 msg[160];
	int		 help;
};

int
tui_toosmall(int cols, int lines)
{
	return cols < TUI_MINCOLS || lines < TUI_MINLINES;
}

void
tui_threadname(const struct tui *t, char *buf, size_t n)
{
	const struct gp_bthread *th;

	if (t->pick == 0 || t->pick > t->nthreads) {
		snprintf(buf, n, "all");
		return;
	}
	th = &t->threads[t->pick - 1];
	if (th->name != NULL && *th->name != '\0')
		snprintf(buf, n, "%ju (%s)", (uintmax_t)th->slot, th->name);
	else
		snprintf(buf, n, "%ju", (uintmax_t)th->slot);
}

/* A line of the screen, cut at its width, the rest blank. */
static void
put(int y, const char *s, int attr)
{
	attrset(attr);
	mvaddnstr(y, 0, s, COLS);
	clrtoeol();
	if (attr & A_REVERSE) {
		int x = (int)strlen(s);

		for (; x < COLS; x++)
			mvaddch(y, x, ' ');
	}
	attrset(A_NORMAL);
}

static size_t
body(void)
{
	return LINES > 4 ? (size_t)LINES - 4 : 1;
}

static void
title(const struct tui *t, const struct state *s)
{
	const struct gp_browse *b = t->b;
	char sum[LINESZ], line[LINESZ], th[64];
	size_t len;

	gp_browse_summary(b, sum, sizeof(sum));
	/* gp-top's state first: the program's end must show */
	len = (size_t)snprintf(line, sizeof(line), " %s: %s%s%s%s  %s",
	    t->prog, t->title, *t->status != '\0' ? "  " : "", t->status,
	    t->paused ? " [paused]" : "", sum);
	if (t->nthreads > 0 && len < sizeof(line)) {
		tui_threadname(t, th, sizeof(th));
		len += (size_t)snprintf(line + len, sizeof(line) - len,
		    "  thread %s", th);
	}
	if (s->mode == LIST && len < sizeof(line))
		len += (size_t)snprintf(line + len, sizeof(line) - len,
		    "  sort %s", gp_browse_colname(b, b->sort));
	else if (len < sizeof(line))
		len += (size_t)snprintf(line + len, sizeof(line) - len,
		    "  entry of %s", b->rows[s->row].name);
	if (b->filter != NULL && len < sizeof(line))
		snprintf(line + len, sizeof(line) - len, "  /%s", b->filter);
	put(0, line, A_REVERSE);
}

static void
drawlist(const struct tui *t, struct state *s)
{
	const struct gp_browse *b = t->b;
	char line[LINESZ];
	size_t i, n = body();

	gp_browse_head(b, 0, line, sizeof(line));
	put(1, line, A_BOLD);
	gp_browse_head(b, 1, line, sizeof(line));
	put(2, line, A_BOLD);
	if (s->cur >= b->nlist)
		s->cur = b->nlist > 0 ? b->nlist - 1 : 0;
	if (s->cur < s->top)
		s->top = s->cur;
	if (s->cur >= s->top + n)
		s->top = s->cur - n + 1;
	for (i = 0; i < n; i++) {
		if (s->top + i >= b->nlist) {
			move(3 + (int)i, 0);
			clrtoeol();
			continue;
		}
		gp_browse_line(b, b->list[s->top + i], line, sizeof(line));
		put(3 + (int)i, line, s->top + i == s->cur ? A_REVERSE :
		    A_NORMAL);
	}
	if (b->nlist == 0)
		put(3, b->filter != NULL ? "  no function matches" :
		    "  no function has time or calls", A_NORMAL);
}

/* The next line of the entry from i on, by dir, that leads somewhere. */
static size_t
nextlink(const struct gp_browse *b, size_t row, size_t i, int dir)
{
	char line[LINESZ];
	size_t n, self;

	n = gp_browse_entrylen(b, row, &self);
	while (dir > 0 ? i + 1 < n : i > 0) {
		i = dir > 0 ? i + 1 : i - 1;
		if (gp_browse_entryline(b, row, i, line, sizeof(line)) !=
		    GP_BR_NONE)
			return i;
	}
	return GP_BR_NONE;
}

static void
drawentry(const struct tui *t, struct state *s)
{
	const struct gp_browse *b = t->b;
	char line[LINESZ];
	size_t i, n, len, self, body1 = body() + 1;
	int attr;

	gp_browse_entryhead(b, line, sizeof(line));
	put(1, line, A_BOLD);
	len = gp_browse_entrylen(b, s->row, &self);
	if (s->ecur >= len)
		s->ecur = self;
	if (s->ecur < s->etop)
		s->etop = s->ecur;
	if (s->ecur >= s->etop + body1)
		s->etop = s->ecur - body1 + 1;
	for (i = 0, n = body1; i < n; i++) {
		if (s->etop + i >= len) {
			move(2 + (int)i, 0);
			clrtoeol();
			continue;
		}
		gp_browse_entryline(b, s->row, s->etop + i, line, sizeof(line));
		attr = s->etop + i == self ? A_BOLD : A_NORMAL;
		if (s->etop + i == s->ecur)
			attr |= A_REVERSE;
		put(2 + (int)i, line, attr);
	}
}

static const char *const keys[] = {
	"Up, k          the line above",
	"Down, j        the line below",
	"PgUp, PgDn     a screen up, down",
	"Home, End      the first, the last line",
	"Enter, Right   open the function's call-graph entry; on a",
	"               caller or callee, go to its entry",
	"Backspace, Left",
	"               back to the entry before, or to the list",
	"/              show the functions whose names contain a text",
	"               (an empty one shows all)",
	"s              sort by the next column",
	"t              the next thread (when the profile keeps them)",
	"?              this list",
	"q              quit",
	NULL
};

static void
drawhelp(const struct tui *t)
{
	char line[LINESZ];
	int y = 2;
	size_t i;

	snprintf(line, sizeof(line), " %s: keys", t->prog);
	put(0, line, A_REVERSE);
	move(1, 0);
	clrtoeol();
	for (i = 0; keys[i] != NULL && y < LINES - 1; i++)
		put(y++, keys[i], A_NORMAL);
	if (t->canpause && y < LINES - 1)
		put(y++, "p, space      pause, resume the refresh", A_NORMAL);
	while (y < LINES - 1) {
		move(y++, 0);
		clrtoeol();
	}
	put(LINES - 1, "any key: back", A_NORMAL);
}

static void
draw(const struct tui *t, struct state *s)
{
	char line[LINESZ];

	if (tui_toosmall(COLS, LINES)) {
		erase();
		snprintf(line, sizeof(line), "terminal %dx%d too small: %dx%d "
		    "at least", COLS, LINES, TUI_MINCOLS, TUI_MINLINES);
		mvaddnstr(0, 0, line, COLS);
		refresh();
		return;
	}
	if (s->help) {
		drawhelp(t);
		refresh();
		return;
	}
	title(t, s);
	if (s->mode == LIST)
		drawlist(t, s);
	else
		drawentry(t, s);
	if (*s->msg != '\0')
		put(LINES - 1, s->msg, A_BOLD);
	else if (s->mode == LIST)
		put(LINES - 1, "Enter entry  / search  s sort  t thread  "
		    "? keys  q quit", A_NORMAL);
	else
		put(LINES - 1, "Enter go to  Backspace back  ? keys  q quit",
		    A_NORMAL);
	refresh();
}

/* Read a line at the foot of the screen; 0 if Escape cancelled it. */
static int
prompt(const char *p, char *buf, size_t n)
{
	size_t len = 0;
	int c;

	buf[0] = '\0';
	for (;;) {
		attrset(A_NORMAL);
		mvaddstr(LINES - 1, 0, p);
		addnstr(buf, COLS - (int)strlen(p) - 1);
		clrtoeol();
		curs_set(1);
		refresh();
		c = getch();
		if (c == ERR)
			continue;
		if (c == 27) {
			curs_set(0);
			return 0;
		}
		if (c == '\n' || c == '\r' || c == KEY_ENTER)
			break;
		if ((c == KEY_BACKSPACE || c == 127 || c == 8) && len > 0)
			buf[--len] = '\0';
		else if (c >= ' ' && c < 127 && len + 1 < n) {
			buf[len++] = (char)c;
			buf[len] = '\0';
		}
	}
	curs_set(0);
	return 1;
}

static const char *
rowname(const struct gp_browse *b, size_t row)
{
	return row < b->nrows ? b->rows[row].name : NULL;
}

/* A new model in t->b: the same function under the cursor and shown. */
static void
remodel(struct tui *t, struct state *s, struct gp_browse *nb)
{
	const char *cur, *shown;
	char *c = NULL, *sh = NULL;
	size_t i, r;

	cur = t->b->nlist > 0 && s->cur < t->b->nlist ?
	    rowname(t->b, t->b->list[s->cur]) : NULL;
	shown = s->mode == ENTRY ? rowname(t->b, s->row) : NULL;
	if (cur != NULL)
		c = gp_xstrdup(cur);
	if (shown != NULL)
		sh = gp_xstrdup(shown);
	gp_browse_sort(nb, t->b->sort);
	gp_browse_filter(nb, t->b->filter);
	gp_browse_free(t->b);
	t->b = nb;
	s->nback = 0;
	if (c != NULL && (r = gp_browse_find(nb, c)) != GP_BR_NONE)
		for (i = 0; i < nb->nlist; i++)
			if (nb->list[i] == r)
				s->cur = i;
	if (s->mode == ENTRY) {
		if (sh != NULL && (r = gp_browse_find(nb, sh)) != GP_BR_NONE)
			s->row = r;
		else
			s->mode = LIST;
	}
	free(c);
	free(sh);
}

static void
open_entry(struct tui *t, struct state *s, size_t row)
{
	size_t self;

	if (s->mode == ENTRY) {
		if (s->nback == MAXBACK) {
			memmove(s->back, s->back + 1,
			    (MAXBACK - 1) * sizeof(*s->back));
			memmove(s->backcur, s->backcur + 1,
			    (MAXBACK - 1) * sizeof(*s->backcur));
			s->nback--;
		}
		s->back[s->nback] = s->row;
		s->backcur[s->nback++] = s->ecur;
	}
	s->mode = ENTRY;
	s->row = row;
	gp_browse_entrylen(t->b, row, &self);
	s->ecur = self;
	s->etop = 0;
}

static void
goback(struct state *s)
{
	if (s->mode != ENTRY)
		return;
	if (s->nback == 0) {
		s->mode = LIST;
		return;
	}
	s->row = s->back[--s->nback];
	s->ecur = s->backcur[s->nback];
	s->etop = 0;
}

static void
move_list(const struct gp_browse *b, struct state *s, long d)
{
	long c = (long)s->cur + d;

	if (b->nlist == 0)
		return;
	if (c < 0)
		c = 0;
	if (c >= (long)b->nlist)
		c = (long)b->nlist - 1;
	s->cur = (size_t)c;
}

static void
move_entry(const struct gp_browse *b, struct state *s, long d)
{
	size_t i, j;

	for (i = s->ecur; d != 0; d += d > 0 ? -1 : 1) {
		j = nextlink(b, s->row, i, d > 0 ? 1 : -1);
		if (j == GP_BR_NONE)
			break;
		i = j;
	}
	s->ecur = i;
}

static void
nextthread(struct tui *t, struct state *s)
{
	struct gp_browse *nb;
	char th[64];

	if (t->nthreads == 0 || t->make == NULL) {
		snprintf(s->msg, sizeof(s->msg), "the profile keeps no "
		    "threads apart%s", t->canpause ? "" : " (gmon-cat -t)");
		return;
	}
	t->pick = (t->pick + 1) % (t->nthreads + 1);
	nb = t->make(t->arg, t->pick == 0 ? 0 : t->threads[t->pick - 1].slot);
	if (nb != NULL)
		remodel(t, s, nb);
	tui_threadname(t, th, sizeof(th));
	snprintf(s->msg, sizeof(s->msg), "thread %s", th);
}

/* One key; 1 to quit. */
static int
key(struct tui *t, struct state *s, int c)
{
	struct gp_browse *b = t->b;
	char buf[128];
	size_t r;
	long page = (long)body();

	*s->msg = '\0';
	if (s->help) {
		s->help = 0;
		return c == 'q';
	}
	switch (c) {
	case 'q':
		return 1;
	case '?':
		s->help = 1;
		break;
	case KEY_UP:
	case 'k':
		if (s->mode == LIST)
			move_list(b, s, -1);
		else
			move_entry(b, s, -1);
		break;
	case KEY_DOWN:
	case 'j':
		if (s->mode == LIST)
			move_list(b, s, 1);
		else
			move_entry(b, s, 1);
		break;
	case KEY_PPAGE:
		if (s->mode == LIST)
			move_list(b, s, -page);
		else
			move_entry(b, s, -page);
		break;
	case KEY_NPAGE:
		if (s->mode == LIST)
			move_list(b, s, page);
		else
			move_entry(b, s, page);
		break;
	case KEY_HOME:
	case 'g':
		if (s->mode == LIST)
			s->cur = 0;
		else
			move_entry(b, s, -(long)b->nlinks - 1);
		break;
	case KEY_END:
	case 'G':
		if (s->mode == LIST)
			move_list(b, s, (long)b->nlist);
		else
			move_entry(b, s, (long)b->nlinks + 1);
		break;
	case '\n':
	case '\r':
	case KEY_ENTER:
	case KEY_RIGHT:
	case 'l':
		if (s->mode == LIST) {
			if (s->cur < b->nlist)
				open_entry(t, s, b->list[s->cur]);
		} else {
			r = gp_browse_entryline(b, s->row, s->ecur, buf,
			    sizeof(buf));
			if (r != GP_BR_NONE)
				open_entry(t, s, r);
		}
		break;
	case KEY_BACKSPACE:
	case 127:
	case 8:
	case KEY_LEFT:
	case 'h':
		goback(s);
		break;
	case '/':
		if (prompt("/", buf, sizeof(buf))) {
			gp_browse_filter(b, buf);
			s->mode = LIST;
			s->cur = s->top = 0;
			if (b->nlist == 0)
				snprintf(s->msg, sizeof(s->msg), "no function "
				    "name contains \"%s\"", buf);
		}
		break;
	case 's':
		gp_browse_sort(b, (b->sort + 1) % GP_BRC_N);
		s->cur = s->top = 0;
		snprintf(s->msg, sizeof(s->msg), "sorted by %s",
		    gp_browse_colname(b, b->sort));
		break;
	case 't':
		nextthread(t, s);
		break;
	case 'p':
	case ' ':
		if (t->canpause) {
			t->paused = !t->paused;
			snprintf(s->msg, sizeof(s->msg), "%s", t->paused ?
			    "paused" : "resumed");
		}
		break;
	case 12:	/* ^L */
		clear();
		break;
	case KEY_RESIZE:
		break;
	default:
		break;
	}
	return 0;
}

int
tui_run(struct tui *t)
{
	struct state st, *s = &st;
	struct gp_browse *nb;
	SCREEN *scr;
	FILE *in;
	int c;

	if ((in = fopen("/dev/tty", "r")) == NULL)
		err(1, "/dev/tty");
	if ((scr = newterm(NULL, stdout, in)) == NULL)
		errx(1, "cannot start the terminal (TERM %s)",
		    getenv("TERM") != NULL ? getenv("TERM") : "not set");
	set_term(scr);
	if (tui_toosmall(COLS, LINES)) {
		c = COLS;
		endwin();
		delscreen(scr);
		fclose(in);
		warnx("terminal %dx%d too small: %dx%d at least", c, LINES,
		    TUI_MINCOLS, TUI_MINLINES);
		return 1;
	}
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	curs_set(0);
	set_escdelay(25);
	memset(s, 0, sizeof(*s));
	gp_browse_sort(t->b, t->sort);
	if (*t->filter != '\0')
		gp_browse_filter(t->b, t->filter);
	timeout(t->delay > 0 ? t->delay : -1);
	for (;;) {
		draw(t, s);
		c = getch();
		if (c == ERR) {
			if (t->tick != NULL && !t->paused &&
			    (nb = t->tick(t)) != NULL)
				remodel(t, s, nb);
			continue;
		}
		if (key(t, s, c))
			break;
	}
	endwin();
	delscreen(scr);
	fclose(in);
	return 0;
}

int
tui_column(const char *s)
{
	static const char *const names[GP_BRC_N] = {
		"self", "total", "calls", "name"
	};
	int i;

	for (i = 0; i < GP_BRC_N; i++)
		if (strcmp(s, names[i]) == 0)
			return i;
	errx(1, "-s %s: expected self, total, calls or name", s);
}
