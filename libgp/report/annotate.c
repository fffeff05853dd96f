/*
 * Execution counts (gprof -C) and annotated source (gprof -A), printed
 * the way GNU gprof 2.40 prints them.
 *
 * Both walk the symbol table in address order, keep the symbols that pass
 * the section's symspec tables, and print call counts (self calls
 * excluded, as the graph layer has them).  gprof's qsort is glibc's merge
 * sort; msort() below is the same algorithm, so that gprof's comparison
 * functions, which are not total orders, give the same order here.
 */
#include <assert.h>
#include <err.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bfd.h>

#include "analysis/graph.h"
#include "report/annotate.h"
#include "stream/stream.h"
#include "sym/symspec.h"
#include "sym/symtab.h"

#define ANNO_WIDTH	16		/* "%12s -> " */
#define TOPLINES	64		/* -t up to this: toplines(), no sort */

struct line {				/* what annotates one source line */
	const struct gp_sym *sym;	/* the first symbol on it */
	int		 lineno;
	int		 is_func;
	uint64_t	 ncalls;	/* of all its symbols */
};

struct srcfile {
	const char	*name;
	int		 nlines;	/* highest line of a symbol */
	struct line	*lines;		/* nlines of them */
	uint64_t	 ncalls;
};

struct anno {				/* one annotation pass */
	const struct gp_lineopts *o;
	long		 executable;	/* lines in this file */
	long		 executed;
	uint64_t	 last_count;	/* carried across lines and files */
};

typedef int (*cmpfn)(const void *, const void *);

static void	 msort(const void **, size_t, cmpfn);
static int	 cmpbb(const void *, const void *);
static int	 cmpncalls(const void *, const void *);
static void	 toplines(const struct srcfile *, const struct line **,
		    size_t);
static uint64_t	 ncalls(const struct gp_prof *, size_t);
static size_t	 fileorder(const struct gp_symtab *, const char **, size_t);
static struct srcfile *findfile(struct srcfile *, size_t, const char *);
static FILE	*opensrc(const char *, const struct gp_lineopts *);
static void	 annotate(struct anno *, const struct srcfile *, int,
		    char *);
static void	 annofile(struct anno *, const struct srcfile *, int *);

void
gp_lineopts_init(struct gp_lineopts *o)
{
	memset(o, 0, sizeof(*o));
	o->min_count = 1;
	o->table_length = 10;
}

int
gp_lineopt(struct gp_lineopts *o, int ch, const char *arg, int *on,
    int *said)
{
	uint64_t u;
	char *end;
	long n;

	switch (ch) {
	case 'A':		/* print, for these symbols only */
	case 'C':
		if (arg != NULL)
			gp_specs_add(ch == 'A' ? &o->anno : &o->exec,
			    GP_INCL_FLAT, arg);
		*on |= ch == 'A' ? GP_SEC_ANNO : GP_SEC_EXEC;
		*said |= ch == 'A' ? GP_SEC_ANNO : GP_SEC_EXEC;
		break;
	case 'J':		/* bare: do not print; else all but these */
	case 'Z':
		if (arg != NULL) {
			gp_specs_add(ch == 'J' ? &o->anno : &o->exec,
			    GP_EXCL_FLAT, arg);
			*on |= ch == 'J' ? GP_SEC_ANNO : GP_SEC_EXEC;
		} else
			*on &= ~(ch == 'J' ? GP_SEC_ANNO : GP_SEC_EXEC);
		*said |= ch == 'J' ? GP_SEC_ANNO : GP_SEC_EXEC;
		break;
	case 'I':
		gp_lineopts_dirs(o, arg);
		break;
	case 'm':
		if (gp_parseu64(arg, &u) == -1 || u > ULONG_MAX)
			errx(1, "min-count %s: not a number from 0 to %lu",
			    arg, ULONG_MAX);
		o->min_count = (unsigned long)u;
		break;
	case 't':	/* negative as gprof's atoi(3) gives it (gp(1)) */
		errno = 0;
		n = strtol(arg, &end, 10);
		if (*arg == '\0' || *end != '\0' || errno != 0 ||
		    n < INT_MIN || n > INT_MAX)
			errx(1, "table-length %s: not a number from %d to %d",
			    arg, INT_MIN, INT_MAX);
		o->table_length = (int)n;
		break;
	case 'x':
		o->all_lines = 1;
		break;
	case 'y':
		o->separate = 1;
		break;
	default:
		return 0;
	}
	return 1;
}

void
gp_lineopts_dirs(struct gp_lineopts *o, const char *dirs)
{
	char *copy, *s, *d;

	if ((copy = strdup(dirs)) == NULL)
		err(1, NULL);
	s = copy;
	while ((d = strsep(&s, ":")) != NULL) {
		if (*d == '\0')
			continue;
		o->dirs = reallocarray(o->dirs, o->ndirs + 1, sizeof(*o->dirs));
		if (o->dirs == NULL || (o->dirs[o->ndirs] = strdup(d)) == NULL)
			err(1, NULL);
		o->ndirs++;
	}
	free(copy);
}


static int
cmpcall(const void *a, const void *b, void *arg)
{
	const cmpfn *cmp = arg;

	return (*cmp)(a, b);
}

/* glibc's qsort, which gprof sorts these with (stream/sort.c). */
static void
msort(const void **v, size_t n, cmpfn cmp)
{
	gp_msort(v, n, sizeof(*v), cmpcall, &cmp);
}

/* The calls of symbol i, self calls excluded (gprof's sym->ncalls). */
static uint64_t
ncalls(const struct gp_prof *p, size_t i)
{
	const struct gp_graph *g = p->graph;

	if (g == NULL || g->bysym == NULL || g->bysym[i] >= g->nnodes)
		return 0;
	return g->nodes[g->bysym[i]].ncalls;
}

/* By file and line when both have a file, then by address. */
static int
cmpbb(const void *a, const void *b)
{
	const struct gp_sym *l = *(const struct gp_sym *const *)a;
	const struct gp_sym *r = *(const struct gp_sym *const *)b;
	int c;

	if (l->file != NULL && r->file != NULL) {
		if ((c = strcmp(l->file, r->file)) != 0)
			return c;
		if (l->line != r->line)
			return l->line < r->line ? -1 : 1;
	}
	if (l->addr != r->addr)
		return l->addr < r->addr ? -1 : 1;
	return 0;
}

void
gp_exec_print(const struct gp_prof *p, const struct gp_lineopts *o,
    int *first)
{
	const struct gp_symtab *st = p->sym;
	const struct gp_sym **v;
	struct gp_tables *tb;
	size_t i, n;
	uint64_t c;

	if (!*first)
		printf("\f\n");
	*first = 0;
	if (st == NULL || st->nsyms == 0)
		return;
	tb = gp_tables_make(&o->exec, st);
	if ((v = calloc(st->nsyms, sizeof(*v))) == NULL)
		err(1, NULL);
	for (i = n = 0; i < st->nsyms; i++)
		if (gp_tables_pass(tb, GP_INCL_FLAT, st->syms[i].addr))
			v[n++] = &st->syms[i];
	msort((const void **)v, n, cmpbb);
	for (i = 0; i < n; i++) {
		c = ncalls(p, (size_t)(v[i] - st->syms));
		if (c > 0 || o->zeros)
			printf("%s:%d: (%s:0x%lx) %lu executions\n",
			    v[i]->file != NULL ? v[i]->file : "<unknown>",
			    v[i]->line, v[i]->name, (unsigned long)v[i]->addr,
			    (unsigned long)c);
	}
	free(v);
	gp_tables_free(tb);
}

/*
 * The source files in the order gprof meets them: gprof looks each
 * symbol's file up as it reads the executable's symbols, in the order of
 * the executable's symbol table, and prepends new files to its list.
 * Fills names[] (room for nsyms) in first-met order; the caller walks it
 * backwards.  Files of symbols the executable does not show (an external
 * symbol table) follow in address order.
 */
static size_t
fileorder(const struct gp_symtab *st, const char **names, size_t cap)
{
	struct gp_sym *s;
	asymbol **syms;
	bfd *abfd;
	long i, nsyms, size;
	size_t j, n;
	uint64_t addr;

	n = 0;
	abfd = NULL;
	syms = NULL;
	nsyms = 0;
	bfd_init();
	if (st->exe != NULL && (abfd = bfd_openr(st->exe, NULL)) != NULL &&
	    bfd_check_format(abfd, bfd_object) &&
	    (bfd_get_file_flags(abfd) & HAS_SYMS) &&
	    (size = bfd_get_symtab_upper_bound(abfd)) > 0 &&
	    (syms = malloc(size)) != NULL)
		nsyms = bfd_canonicalize_symtab(abfd, syms);
	for (i = 0; i < nsyms; i++) {
		if (syms[i]->section == NULL ||
		    bfd_is_und_section(syms[i]->section))
			continue;
		addr = bfd_asymbol_value(syms[i]);
		s = gp_sym_lookup(st, addr);
		if (s == NULL || s->addr != addr || s->file == NULL ||
		    strcmp(s->name, bfd_asymbol_name(syms[i])) != 0)
			continue;
		for (j = 0; j < n && strcmp(names[j], s->file) != 0; j++)
			;
		if (j == n && n < cap)
			names[n++] = s->file;
	}
	free(syms);
	if (abfd != NULL)
		bfd_close(abfd);
	for (i = 0; i < (long)st->nsyms; i++) {
		if (st->syms[i].file == NULL)
			continue;
		for (j = 0; j < n && strcmp(names[j], st->syms[i].file) != 0;
		    j++)
			;
		if (j == n && n < cap)
			names[n++] = st->syms[i].file;
	}
	return n;
}

/*
 * The entry of the file called name among files[0..nf).  It is there:
 * fileorder() named the file of every symbol that has one.
 */
static struct srcfile *
findfile(struct srcfile *files, size_t nf, const char *name)
{
	size_t j;

	for (j = 0; j < nf && strcmp(files[j].name, name) != 0; j++)
		;
	assert(j < nf);
	return &files[j];
}

/*
 * Open name in each directory of -I and GPROF_PATH in turn; *e is the
 * errno of the last that failed.
 */
static FILE *
opendirs(const char *name, const struct gp_lineopts *o, int *e)
{
	char *path;
	size_t i;
	FILE *fp;

	for (i = 0; i < o->ndirs; i++) {
		if (asprintf(&path, "%s/%s", o->dirs[i], name) == -1)
			err(1, NULL);
		fp = fopen(path, "rb");
		*e = errno;
		free(path);
		if (fp != NULL)
			return fp;
	}
	return NULL;
}

/*
 * Open a source file: its name as recorded, else the name, then its last
 * component, in each directory of -I and GPROF_PATH.
 */
static FILE *
opensrc(const char *name, const struct gp_lineopts *o)
{
	const char *base;
	FILE *fp;
	int e;

	if ((fp = fopen(name, "rb")) != NULL)
		return fp;
	e = errno;
	if (name[0] != '/' && (fp = opendirs(name, o, &e)) != NULL)
		return fp;
	if ((base = strrchr(name, '/')) != NULL &&
	    (fp = opendirs(base + 1, o, &e)) != NULL)
		return fp;
	if (e == ENOENT)
		fprintf(stderr, "%s: could not locate `%s'\n",
		    program_invocation_short_name, name);
	else {
		errno = e;
		perror(name);
	}
	return NULL;
}

/* gprof's annotate_with_count, for symbols without basic blocks. */
static void
annotate(struct anno *a, const struct srcfile *sf, int lineno, char *buf)
{
	const struct line *b = NULL;
	char tmp[64];
	uint64_t n;
	size_t len;
	int set;

	if (lineno <= sf->nlines && sf->lines[lineno - 1].sym != NULL)
		b = &sf->lines[lineno - 1];
	memset(buf, ' ', ANNO_WIDTH);
	buf[ANNO_WIDTH] = '\0';
	if (b == NULL)
		return;
	a->executable++;
	tmp[0] = '\0';
	n = 0;
	set = 0;
	if (b->is_func) {
		snprintf(tmp, sizeof(tmp), "%lu", (unsigned long)b->ncalls);
		a->last_count = n = b->ncalls;
		set = 1;
	} else if (a->o->all_lines) {
		snprintf(tmp, sizeof(tmp), "%lu", (unsigned long)a->last_count);
		n = a->last_count;
		set = 1;
	}
	if (!set)
		return;
	a->executed++;
	if (n < a->o->min_count)
		strcpy(tmp, "#####");
	strcat(tmp, " -> ");
	len = strlen(tmp);
	if (len >= ANNO_WIDTH)
		memcpy(buf, tmp, ANNO_WIDTH);
	else
		memcpy(buf + ANNO_WIDTH - len, tmp, len);
}

/* Descending call counts; lines without symbols last. */
static int
cmpncalls(const void *a, const void *b)
{
	const struct line *l = *(const struct line *const *)a;
	const struct line *r = *(const struct line *const *)b;

	if (l == NULL)
		return 1;
	if (r == NULL)
		return -1;
	if (l->ncalls != r->ncalls)
		return l->ncalls < r->ncalls ? 1 : -1;
	return 0;
}

/*
 * The k lines of sf with the most calls, the first in the file first
 * among equals: the first k of msort() by cmpncalls (a stable sort),
 * without sorting a file's every line for a table of ten.  v has room
 * for k + 1; a NULL follows the lines found.
 */
static void
toplines(const struct srcfile *sf, const struct line **v, size_t k)
{
	const struct line *l;
	size_t i, j, n = 0;

	for (i = 0; i < (size_t)sf->nlines && k > 0; i++) {
		l = &sf->lines[i];
		if (l->sym == NULL || l->ncalls == 0 ||
		    (n == k && v[n - 1]->ncalls >= l->ncalls))
			continue;
		j = n < k ? n++ : k - 1;
		for (; j > 0 && v[j - 1]->ncalls < l->ncalls; j--)
			v[j] = v[j - 1];
		v[j] = l;
	}
	v[n] = NULL;
}

static void
annofile(struct anno *a, const struct srcfile *sf, int *first)
{
	static int firstfile = 1;
	const struct line **v;
	char buf[8192], ann[ANNO_WIDTH + 1], *path, *nl;
	const char *base;
	size_t i, len, nread;
	FILE *in, *out;
	int lineno, newline, n;

	if ((in = opensrc(sf->name, a->o)) == NULL)
		return;
	out = stdout;
	if (a->o->separate) {
		base = strrchr(sf->name, '/');
		base = base != NULL ? base + 1 : sf->name;
		if (asprintf(&path, "%s-ann", base) == -1)
			err(1, NULL);
		if ((out = fopen(path, "w")) == NULL) {
			perror(path);
			free(path);
			fclose(in);
			return;
		}
		free(path);
	} else {
		if (!firstfile)
			putchar('\n');
		firstfile = 0;
		if (!*first)
			printf("\f\n");
		*first = 0;
		printf("*** File %s:\n", sf->name);
	}

	a->executable = a->executed = 0;
	lineno = 1;
	newline = 1;
	/* A line at a time: the annotation before each line begun. */
	while ((nread = fread(buf, 1, sizeof(buf), in)) > 0)
		for (i = 0; i < nread; i += len) {
			if (newline) {
				annotate(a, sf, lineno++, ann);
				fputs_unlocked(ann, out);
			}
			nl = memchr(buf + i, '\n', nread - i);
			len = nl != NULL ? (size_t)(nl - (buf + i)) + 1 :
			    nread - i;
			newline = nl != NULL;
			fwrite_unlocked(buf + i, 1, len, out);
		}
	fclose(in);

	if (a->o->table_length > 0) {
		fprintf(out, "\n\nTop %d Lines:\n\n     Line      Count\n\n",
		    a->o->table_length);
		if ((v = calloc(sf->nlines + 1, sizeof(*v))) == NULL)
			err(1, NULL);
		n = a->o->table_length < sf->nlines ? a->o->table_length :
		    sf->nlines;
		if (n <= TOPLINES)
			toplines(sf, v, (size_t)n);
		else {
			for (n = 0; n < sf->nlines; n++)
				v[n] = sf->lines[n].sym != NULL ?
				    &sf->lines[n] : NULL;
			msort((const void **)v, sf->nlines, cmpncalls);
			n = a->o->table_length < sf->nlines ?
			    a->o->table_length : sf->nlines;
		}
		for (i = 0; i < (size_t)n; i++) {
			if (v[i] == NULL || v[i]->ncalls == 0)
				break;
			fprintf(out, "%9d %10lu\n", v[i]->lineno,
			    (unsigned long)v[i]->ncalls);
		}
		free(v);
	}
	fprintf(out, "\nExecution Summary:\n\n");
	fprintf(out, "%9ld   Executable lines in this file\n", a->executable);
	fprintf(out, "%9ld   Lines executed\n", a->executed);
	fprintf(out, "%9.2f   Percent of the file executed\n",
	    a->executable ? 100.0 * a->executed / (double)a->executable :
	    100.0);
	fprintf(out, "\n%9lu   Total number of line executions\n",
	    (unsigned long)sf->ncalls);
	fprintf(out, "%9.2f   Average executions per line\n",
	    a->executable ? (double)sf->ncalls / (double)a->executable : 0.0);
	if (out != stdout && fclose(out) == EOF)
		warn("%s-ann", sf->name);
}

void
gp_anno_print(const struct gp_prof *p, const struct gp_lineopts *o,
    int *first)
{
	const struct gp_symtab *st = p->sym;
	struct gp_lineopts ol;
	const struct gp_sym *s;
	struct srcfile *files, *sf;
	struct gp_tables *tb;
	struct anno a;
	const char **names;
	struct line *ln;
	const char *envpath;
	size_t i, j, nf;
	char *pass;

	if (st == NULL || st->nsyms == 0)
		return;
	if ((names = calloc(st->nsyms, sizeof(*names))) == NULL ||
	    (files = calloc(st->nsyms, sizeof(*files))) == NULL ||
	    (pass = calloc(st->nsyms, 1)) == NULL)
		err(1, NULL);
	nf = fileorder(st, names, st->nsyms);
	for (j = 0; j < nf; j++)
		files[j].name = names[j];

	/* The symbols that pass -A/-J, and each file's highest line. */
	tb = gp_tables_make(&o->anno, st);
	for (i = 0; i < st->nsyms; i++) {
		s = &st->syms[i];
		if (s->file == NULL || s->line <= 0 ||
		    !gp_tables_pass(tb, GP_INCL_FLAT, s->addr))
			continue;
		pass[i] = 1;
		sf = findfile(files, nf, s->file);
		if (s->line > sf->nlines)
			sf->nlines = s->line;
	}
	for (j = 0; j < nf; j++)
		if (files[j].nlines > 0 && (files[j].lines =
		    calloc(files[j].nlines, sizeof(struct line))) == NULL)
			err(1, NULL);
	for (i = 0; i < st->nsyms; i++) {
		if (!pass[i])
			continue;
		s = &st->syms[i];
		sf = findfile(files, nf, s->file);
		/* the pass above made sf->nlines at least s->line, and lines */
		assert(sf->lines != NULL && s->line <= sf->nlines);
		ln = &sf->lines[s->line - 1];
		sf->ncalls += ncalls(p, i);
		if (ln->sym == NULL) {
			ln->sym = s;
			ln->lineno = s->line;
			ln->is_func = (s->flags & GP_SYM_FUNC) != 0;
		}
		ln->ncalls += ncalls(p, i);
	}

	/* The directories of -I, then those of GPROF_PATH. */
	ol = *o;
	if ((envpath = getenv("GPROF_PATH")) != NULL) {
		ol.dirs = NULL;
		ol.ndirs = 0;
		for (i = 0; i < o->ndirs; i++)
			gp_lineopts_dirs(&ol, o->dirs[i]);
		gp_lineopts_dirs(&ol, envpath);
	}
	memset(&a, 0, sizeof(a));
	a.o = &ol;
	for (j = nf; j-- > 0;) {
		sf = &files[j];
		if (sf->nlines == 0 || (!o->zeros && sf->ncalls == 0))
			continue;
		annofile(&a, sf, first);
	}
	for (j = 0; j < nf; j++)
		free(files[j].lines);
	if (ol.dirs != o->dirs) {	/* GPROF_PATH's copy */
		for (i = 0; i < ol.ndirs; i++)
			free(ol.dirs[i]);
		free(ol.dirs);
	}
	free(files);
	free(names);
	free(pass);
	gp_tables_free(tb);
}
