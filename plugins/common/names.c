/*
 * The functions a picture shows, and their names (names.h).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "names.h"

/* Is s at "operator" followed by an operator's punctuation? */
static size_t
opsym(const char *s, const char *start)
{
	size_t n;

	if (strncmp(s, "operator", 8) != 0 || (s > start &&
	    (isalnum((unsigned char)s[-1]) || s[-1] == '_')))
		return 0;
	n = 8;
	if (s[n] == '(' && s[n + 1] == ')')
		return n + 2;
	while (s[n] != '\0' && strchr("<>=!+-*/%^&|~[],", s[n]) != NULL)
		n++;
	return n;
}

char *
name_strip(const char *s)
{
	char *d, *q;
	const char *p;
	size_t n;
	int depth;

	if ((d = malloc(strlen(s) + 1)) == NULL)
		return NULL;
	for (q = d, p = s; *p != '\0';) {
		if (strncmp(p, "(anonymous namespace)", 21) == 0) {
			memcpy(q, p, 21);
			q += 21, p += 21;
			continue;
		}
		if ((n = opsym(p, s)) > 0) {
			memcpy(q, p, n);
			q += n, p += n;
			continue;
		}
		if (*p != '<' && *p != '(') {
			*q++ = *p++;
			continue;
		}
		/* A template's arguments, a parameter list: to its end. */
		for (depth = 0; *p != '\0'; p++) {
			if (*p == '<' || *p == '(')
				depth++;
			else if ((*p == '>' || *p == ')') && --depth == 0) {
				p++;
				break;
			}
		}
		/* The qualifiers after a parameter list. */
		while (strncmp(p, " const", 6) == 0 ||
		    strncmp(p, " volatile", 9) == 0)
			p += p[1] == 'c' ? 6 : 9;
	}
	*q = '\0';
	return d;
}

struct named {
	const char	*s;
	size_t		 i;
};

static int
bynamed(const void *a, const void *b)
{
	const struct named *x = a, *y = b;
	int c;

	if ((c = strcmp(x->s, y->s)) != 0)
		return c;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* The name of f's file without its directory, or NULL: not a static of a
   known file. */
static const char *
staticfile(const struct gp_pfunc *f)
{
	const char *b;

	if (f->iscycle || !(f->symflags & GP_PSYM_STATIC) || f->file == NULL)
		return NULL;
	return (b = strrchr(f->file, '/')) != NULL ? b + 1 : f->file;
}

/*
 * Statics of one name in files of other names (two copies of
 * lzma_memcmplen): " (file.c)" after each, so that a picture's boxes can
 * be told apart (gprof's report prints them alike, its call graph tells
 * them by index).  0, or -1: no memory.
 */
static int
byfile(const struct gp_profile *p, char **v)
{
	struct named *nv;
	const char *fi, *fj;
	size_t i, j, k, len;
	char *t;
	int two;

	if ((nv = calloc(p->nfuncs + 1, sizeof(*nv))) == NULL)
		return -1;
	for (i = 0; i < p->nfuncs; i++) {
		nv[i].s = v[i];
		nv[i].i = i;
	}
	if (p->nfuncs > 1)
		qsort(nv, p->nfuncs, sizeof(*nv), bynamed);
	for (i = 0; i < p->nfuncs; i = j) {
		two = 0;
		fi = staticfile(p->funcs[nv[i].i]);
		for (j = i + 1; j < p->nfuncs && strcmp(nv[i].s, nv[j].s) == 0;
		    j++) {
			fj = staticfile(p->funcs[nv[j].i]);
			if (fi == NULL)
				fi = fj;
			else if (fj != NULL && strcmp(fi, fj) != 0)
				two = 1;
		}
		for (k = i; two && k < j; k++) {
			if ((fi = staticfile(p->funcs[nv[k].i])) == NULL)
				continue;
			len = strlen(nv[k].s) + strlen(fi) + 4;
			if ((t = malloc(len)) == NULL) {
				free(nv);
				return -1;
			}
			snprintf(t, len, "%s (%s)", nv[k].s, fi);
			free(v[nv[k].i]);
			v[nv[k].i] = t;
		}
	}
	free(nv);
	return 0;
}

char **
names_make(const struct gp_profile *p, int mode)
{
	struct named *nv;
	char **v, *t;
	size_t i, j, len;
	int strip;

	if ((v = calloc(p->nfuncs + 1, sizeof(*v))) == NULL)
		return NULL;
	for (i = 0; i < p->nfuncs; i++) {
		len = strlen(p->funcs[i]->name);
		strip = !p->funcs[i]->iscycle && (mode == STRIP_YES ||
		    (mode == STRIP_AUTO && len > STRIP_LONG));
		v[i] = strip ? name_strip(p->funcs[i]->name) :
		    strdup(p->funcs[i]->name);
		if (v[i] == NULL)
			goto nomem;
	}
	if (byfile(p, v) == -1)
		goto nomem;
	/*
	 * A name two functions now share: "#2", "#3" ... after the first,
	 * in the order of the profile.  Only stripping makes such names
	 * (statics of one name in one file, a header's, keep theirs, as
	 * gprof prints).
	 */
	if (mode == STRIP_NO)
		return v;
	if ((nv = calloc(p->nfuncs + 1, sizeof(*nv))) == NULL)
		goto nomem;
	for (i = 0; i < p->nfuncs; i++) {
		nv[i].s = v[i];
		nv[i].i = i;
	}
	if (p->nfuncs > 1)
		qsort(nv, p->nfuncs, sizeof(*nv), bynamed);
	for (i = 0; i < p->nfuncs; i = j) {
		for (j = i + 1; j < p->nfuncs && strcmp(nv[i].s, nv[j].s) == 0;
		    j++) {
			if (strcmp(p->funcs[nv[i].i]->name,
			    p->funcs[nv[j].i]->name) == 0)
				continue;
			len = strlen(nv[j].s) + 24;
			if ((t = malloc(len)) == NULL) {
				free(nv);
				goto nomem;
			}
			snprintf(t, len, "%s#%zu", nv[j].s, j - i + 1);
			free(v[nv[j].i]);
			v[nv[j].i] = t;
		}
	}
	free(nv);
	return v;
nomem:
	names_free(v, p->nfuncs);
	return NULL;
}

void
names_free(char **v, size_t n)
{
	size_t i;

	if (v == NULL)
		return;
	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

int
strip_mode(const char *opt, int dflt)
{
	if (opt == NULL)
		return dflt;
	if (strcmp(opt, "") == 0 || strcmp(opt, "yes") == 0)
		return STRIP_YES;
	if (strcmp(opt, "no") == 0)
		return STRIP_NO;
	if (strcmp(opt, "auto") == 0)
		return STRIP_AUTO;
	return -1;
}

int
narrow_shows(const struct gp_profile *p, const struct gp_pfunc *f)
{
	size_t i;

	if (!p->narrowed || f->printed)
		return 1;
	for (i = 0; i < f->ncallers; i++)
		if (f->callers[i]->caller->printed)
			return 1;
	for (i = 0; i < f->ncallees; i++)
		if (f->callees[i]->callee->printed)
			return 1;
	return 0;
}

int
strip_option(struct gp_ctx *ctx, int dflt)
{
	int mode;

	if ((mode = strip_mode(host->option(ctx, "strip"), dflt)) == -1)
		host->error(ctx, "strip=%s: not yes, no or auto",
		    host->option(ctx, "strip"));
	return mode;
}
