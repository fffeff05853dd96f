/*
 * speedscope: speedscope's JSON file format (gp-formats(5);
 * https://www.speedscope.app/file-format-schema.json), for speedscope
 * and the tools that read it.
 *
 * With calling contexts (the cct collector's ctx records): one sampled
 * profile per thread, a sample per context with time of its own, its
 * path the stack, weighted by its measured nanoseconds.  Without: one
 * sampled profile whose samples are the folded stacks of the call graph
 * (plugins/common: an estimate, which the profile's name says), weighted
 * in nanoseconds (in counts, unit "none", for a profile of events: Ir,
 * cycles) and rounded so that they add up to the total.  The
 * frames carry each function's source file and line.  With call
 * timelines (the trace collector's trace and tev records), an evented
 * profile per thread follows: its calls opened and closed in time, the
 * leaves of calls entered before a ring's first event left out and the
 * calls still open at its last event closed there.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gp/format.h>

#include "frames.h"
#include "jsonstr.h"
#include "stacks.h"
#include "units.h"
#include "host.h"

/*
 * Speedscope's unit: nanoseconds, or "none" for a profile that counts
 * events (Ir, cycles) in place of time, whose weights are the counts.
 */
static const char *
sunit(const struct gp_profile *p)
{
	return event_unit(p) != NULL ? "none" : "nanoseconds";
}

/*
 * "pid N " when the trees and timelines come from several processes
 * (a forked child's profile read beside its parent's), else "": the
 * profiles of one thread slot in two processes are told apart.
 */
static const char *
pidtag(const struct gp_profile *p, uint64_t pid, char *buf, size_t len)
{
	uint64_t first = 0;
	int many = 0;
	size_t i;

	for (i = 0; i < p->nctxtrees; i++) {
		if (first == 0)
			first = p->ctxtrees[i]->pid;
		many |= p->ctxtrees[i]->pid != first;
	}
	for (i = 0; i < p->ntraces; i++) {
		if (first == 0)
			first = p->traces[i]->pid;
		many |= p->traces[i]->pid != first;
	}
	if (!many || pid == 0)
		return "";
	snprintf(buf, len, "pid %llu ", (unsigned long long)pid);
	return buf;
}

/* One profile per calling-context tree. */
static int
ctxprofiles(FILE *out, const struct gp_profile *p, const struct frames *fr,
    const char *base)
{
	const struct gp_pctxtree *t;
	const struct gp_pctx *n;
	unsigned long long sum;
	long *fv = NULL, d, k;
	size_t i, j, cap = 0;
	char name[512], tag[32];
	int first;

	for (i = 0; i < p->nctxtrees; i++) {
		t = p->ctxtrees[i];
		if (t->thread == 0)
			snprintf(name, sizeof(name), "%s: all threads "
			    "(measured calling contexts)", base);
		else
			snprintf(name, sizeof(name), "%s: %sthread %llu%s%.100s "
			    "(measured calling contexts)", base,
			    pidtag(p, t->pid, tag, sizeof(tag)),
			    (unsigned long long)t->thread,
			    t->name != NULL ? " " : "",
			    t->name != NULL ? t->name : "");
		fputs(i > 0 ? ",\n{" : "{", out);
		fputs("\"type\":\"sampled\",\"name\":", out);
		json_str(out, name);
		for (sum = 0, j = 0; j < t->nnodes; j++)
			if (t->nodes[j]->self > 0)
				sum += (unsigned long long)
				    llround(t->nodes[j]->self * unit_ns(p));
		fprintf(out, ",\"unit\":\"%s\",\"startValue\":0,"
		    "\"endValue\":%llu,\n\"samples\":[", sunit(p), sum);
		for (first = 1, j = 0; j < t->nnodes; j++) {
			n = t->nodes[j];
			if (!(n->self > 0))
				continue;
			if ((d = ctx_frames(fr, n, &fv, &cap)) == -1) {
				free(fv);
				return -1;
			}
			fputs(first ? "\n[" : ",\n[", out);
			first = 0;
			for (k = 0; k < d; k++)
				fprintf(out, "%s%ld", k ? "," : "", fv[k]);
			putc(']', out);
		}
		fputs("],\n\"weights\":[", out);
		for (first = 1, j = 0; j < t->nnodes; j++) {
			n = t->nodes[j];
			if (!(n->self > 0))
				continue;
			fprintf(out, "%s%llu", first ? "" : ",",
			    (unsigned long long)llround(n->self * unit_ns(p)));
			first = 0;
		}
		fputs("]}", out);
	}
	free(fv);
	return 0;
}

/* One evented profile per call timeline. */
static int
evprofiles(FILE *out, const struct gp_profile *p, const struct frames *fr,
    const char *base, int first)
{
	const struct gp_ptrace *tr;
	const struct gp_pevent *ev;
	long *stack = NULL, *ns, fi;
	size_t i, j, sp, nouter, cap = 0;
	long long t0, t1, t;
	char name[512], tag[32];
	int any;

	for (i = 0; i < p->ntraces; i++) {
		tr = p->traces[i];
		if (tr->nevents == 0)
			continue;
		snprintf(name, sizeof(name), "%s: %sthread %llu%s%.100s (call "
		    "timeline, %llu events lost)", base,
		    pidtag(p, tr->pid, tag, sizeof(tag)),
		    (unsigned long long)tr->thread, tr->name != NULL ? " " : "",
		    tr->name != NULL ? tr->name : "",
		    (unsigned long long)tr->lost);
		t0 = llround(tr->events[0]->time * 1e9);
		t1 = llround(tr->events[tr->nevents - 1]->time * 1e9);
		if (t1 < t0)
			t1 = t0;
		fputs(first ? "{" : ",\n{", out);
		first = 0;
		fputs("\"type\":\"evented\",\"name\":", out);
		json_str(out, name);
		fprintf(out, ",\"unit\":\"nanoseconds\",\"startValue\":%lld,"
		    "\"endValue\":%lld,\n\"events\":[", t0, t1);
		any = 0;
		sp = 0;
		t = t0;
		/* calls open through the timeline (first): never left here */
		for (nouter = 0; nouter < tr->nevents &&
		    tr->events[nouter]->open; nouter++)
			continue;
		for (j = 0; j < tr->nevents; j++) {
			ev = tr->events[j];
			/* Never back in time, never past the end. */
			if (llround(ev->time * 1e9) > t)
				t = llround(ev->time * 1e9);
			if (t > t1)
				t = t1;
			if (ev->kind == GP_EV_ENTER) {
				fi = frames_named(fr, ev->func, ev->name != NULL ?
				    ev->name : "?");
				if (fi < 0)
					fi = 0;
				if (sp >= cap) {
					cap = 2 * cap + 64;
					if ((ns = realloc(stack, cap *
					    sizeof(*stack))) == NULL) {
						free(stack);
						return -1;
					}
					stack = ns;
				}
				stack[sp++] = fi;
				fprintf(out, "%s{\"type\":\"O\",\"frame\":%ld,"
				    "\"at\":%lld}", any ? ",\n" : "\n", fi, t);
				any = 1;
			} else if (ev->kind == GP_EV_LEAVE && sp > nouter) {
				fprintf(out, "%s{\"type\":\"C\",\"frame\":%ld,"
				    "\"at\":%lld}", any ? ",\n" : "\n",
				    stack[--sp], t);
				any = 1;
			}
		}
		while (sp > 0)
			fprintf(out, ",\n{\"type\":\"C\",\"frame\":%ld,"
			    "\"at\":%lld}", stack[--sp], t1);
		fputs("]}", out);
	}
	free(stack);
	return 0;
}

static int
write_speedscope(struct gp_ctx *ctx, const struct gp_profile *p, FILE *out)
{
	struct frames fr;
	struct stacks st;
	const struct gp_pfunc *f;
	const char *s, *e, *base, *sep;
	char name[512];
	size_t i;
	long k;
	int first, rv = -1;

	if (frames_make(p, &fr) == -1 || frames_addctx(&fr, p) == -1) {
		host->error(ctx, "out of memory");
		return -1;
	}
	if (stacks_make(p, unit_scale(p, event_unit(p) != NULL ?
	    event_unit(p) : "ns"), 0, NULL, &st) == -1) {
		frames_free(&fr);
		host->error(ctx, "out of memory");
		return -1;
	}
	fputs("{\"$schema\":\"https://www.speedscope.app/"
	    "file-format-schema.json\",\n\"exporter\":\"gptools gp-fmt -o "
	    "speedscope\",\n\"name\":", out);
	base = p->exe != NULL ? strrchr(p->exe, '/') : NULL;
	base = base != NULL ? base + 1 : p->exe != NULL ? p->exe : "a.out";
	json_str(out, base);
	fputs(",\n\"activeProfileIndex\":0,\n\"shared\":{\"frames\":[", out);
	for (i = 0; i < fr.n; i++) {
		f = fr.v[i].f;
		fputs(i > 0 ? ",\n{\"name\":" : "\n{\"name\":", out);
		json_str(out, fr.v[i].name);
		if (f == NULL) {
			putc('}', out);
			continue;
		}
		if (f->file != NULL) {
			fputs(",\"file\":", out);
			json_str(out, f->file);
		}
		if (f->line > 0)
			fprintf(out, ",\"line\":%d", f->line);
		putc('}', out);
	}
	fputs("]},\n\"profiles\":[", out);
	if (ctx_have(p)) {
		rv = ctxprofiles(out, p, &fr, base);
		if (rv == 0 && trace_have(p))
			rv = evprofiles(out, p, &fr, base, 0);
		fputs("]}\n", out);
		goto done;
	}
	snprintf(name, sizeof(name), "%s: self time by stacks estimated "
	    "from the call graph", base);
	fputs("{\"type\":\"sampled\",\"name\":", out);
	json_str(out, name);
	fprintf(out, ",\"unit\":\"%s\",\"startValue\":0,"
	    "\"endValue\":%llu,\n\"samples\":[", sunit(p), st.itotal);
	first = 1;
	for (i = 0; i < st.n; i++) {
		if (st.v[i].iw == 0)
			continue;
		fputs(first ? "\n[" : ",\n[", out);
		first = 0;
		sep = "";
		for (s = st.v[i].frames;; s = e + 1) {
			if ((e = strchr(s, ';')) == NULL)
				e = s + strlen(s);
			if ((k = frames_find(&fr, s, (size_t)(e - s))) >= 0) {
				fprintf(out, "%s%ld", sep, k);
				sep = ",";
			}
			if (*e == '\0')
				break;
		}
		putc(']', out);
	}
	fputs("],\n\"weights\":[", out);
	first = 1;
	for (i = 0; i < st.n; i++) {
		if (st.v[i].iw == 0)
			continue;
		fprintf(out, "%s%llu", first ? "" : ",", st.v[i].iw);
		first = 0;
	}
	fputs("]}", out);
	rv = trace_have(p) ? evprofiles(out, p, &fr, base, 0) : 0;
	fputs("]}\n", out);
done:
	stacks_free(&st);
	frames_free(&fr);
	if (rv == -1)
		host->error(ctx, "out of memory");
	return rv;
}

PLUG_FORMAT("speedscope", "speedscope's JSON file format", GP_HAVE_GRAPH,
    NULL, write_speedscope);
