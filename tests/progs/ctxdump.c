/*
 * A test output format that prints the calling-context view of
 * <gp/plugin.h> (GP_HAVE_CTX) as text, and checks the promises the view
 * makes (parents before children, incl = self + children's incl, depth,
 * the trees' and the profile's totals), for tests/ctx, tests/collect and
 * tests/foreign.
 *
 *	tree PID THREAD TID NAME TOTAL NNODES NROOTS
 *	node PATH COUNT SELF INCL MARK FUNC SITE
 *
 * PATH is the names from the root, joined by ';'; COUNT "-" if unknown;
 * MARK "T" for a truncated node; FUNC "f" when the node has a gp_pfunc.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <gp/plugin.h>

static const struct gp_host *h;

static int
init(struct gp_ctx *c, const struct gp_host *host)
{
	(void)c;
	h = host;
	return 0;
}

static void
path(const struct gp_pctx *x, FILE *out)
{
	if (x->parent != NULL) {
		path(x->parent, out);
		fputc(';', out);
	}
	fputs(x->name, out);
}

static int
near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * (fabs(a) + fabs(b)) + 1e-15;
}

static int
write(struct gp_ctx *c, const struct gp_profile *p, FILE *out)
{
	const struct gp_pctxtree *t;
	const struct gp_pctx *x;
	double sum, all = 0;
	size_t i, j, k;

	if (!(p->have & GP_HAVE_CTX)) {
		fprintf(out, "no contexts\n");
		return 0;
	}
	for (i = 0; i < p->nctxtrees; i++) {
		t = p->ctxtrees[i];
		fprintf(out, "tree %ju %ju %ju %s %.9f %zu %zu\n",
		    (uintmax_t)t->pid, (uintmax_t)t->thread,
		    (uintmax_t)t->tid, t->name ? t->name : "-", t->total,
		    t->nnodes, t->nroots);
		sum = 0;
		for (j = 0; j < t->nroots; j++)
			sum += t->roots[j]->incl;
		if (!near(sum, t->total))
			h->error(c, "tree %zu: roots %g total %g", i, sum,
			    t->total);
		all += t->total;
		for (j = 0; j < t->nnodes; j++) {
			x = t->nodes[j];
			if (x->parent != NULL) {
				for (k = 0; k < j; k++)
					if (t->nodes[k] == x->parent)
						break;
				if (k == j)
					h->error(c, "%s: parent not before it",
					    x->name);
				if (x->depth != x->parent->depth + 1)
					h->error(c, "%s: bad depth", x->name);
			}
			sum = x->self;
			for (k = 0; k < x->nchildren; k++) {
				sum += x->children[k]->incl;
				if (x->children[k]->parent != x)
					h->error(c, "%s: a child's parent",
					    x->name);
				if (k > 0 && x->children[k]->incl >
				    x->children[k - 1]->incl)
					h->error(c, "%s: children unsorted",
					    x->name);
			}
			if (!near(sum, x->incl))
				h->error(c, "%s: self and children %g, incl %g",
				    x->name, sum, x->incl);
			fputs("node ", out);
			path(x, out);
			if (x->hascount)
				fprintf(out, " %ju", (uintmax_t)x->count);
			else
				fputs(" -", out);
			fprintf(out, " %.9f %.9f %s %s %#jx\n", x->self,
			    x->incl, x->truncated ? "T" : "-",
			    x->func != NULL ? "f" : "-", (uintmax_t)x->site);
		}
	}
	if (!near(all, p->ctxtotal))
		h->error(c, "ctxtotal %g, trees %g", p->ctxtotal, all);
	return 0;
}

static const struct gp_format fmt = {
	.size = sizeof(struct gp_format),
	.needs = GP_HAVE_CTX | GP_HAVE_GRAPH,
	.write = write,
};

GP_PLUGIN_DESCRIPTOR = {
	GP_PLUGIN_HEADER,
	.name = "ctxdump",
	.desc = "the calling-context view as text (tests)",
	.init = init,
	.format = &fmt,
};
