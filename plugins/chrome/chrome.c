/*
 * chrome: the call timelines of the trace collector (gprt(3)) as Trace
 * Event Format JSON, which Perfetto, Chrome's about:tracing and
 * speedscope open: one track per thread (pid and tid the process's and
 * the thread's), a "B" event at each enter and an "E" at each leave,
 * timestamps in microseconds since the process started.
 *
 * Every track is balanced: a ring that lost its oldest events starts
 * inside calls, whose begins are made at the first event kept (args
 * "truncated": true), after an instant event saying how many events
 * were lost; calls open through the whole ring (entered before it, and
 * never left: main calling exit(3), the outer calls of a killed program)
 * begin when they were entered; calls still open at the end (a killed
 * program, exit(3) called inside them) end at the last event (args
 * "unfinished": true).  Names are those the symbol layer gives
 * (demangled).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gp/format.h>

#include "utf8.h"
#include "host.h"

/* s as a JSON string; bad UTF-8 as '?'. */
static void
jstr(FILE *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	fputc('"', out);
	while (*p != '\0') {
		if (*p == '"' || *p == '\\') {
			fputc('\\', out);
			fputc(*p++, out);
		} else if (*p < 0x20) {
			fprintf(out, "\\u%04x", *p++);
		} else {
			p += utf8_put(out, p, "?");
		}
	}
	fputc('"', out);
}

struct track {
	uint64_t	 pid;
	uint64_t	 tid;
	int		 comma;
};

static void
ev(FILE *out, struct track *t, const char *ph, const char *name,
    double secs, const char *args)
{
	fputs(t->comma ? ",\n" : "\n", out);
	t->comma = 1;
	fputs("{\"name\":", out);
	jstr(out, name);
	fprintf(out, ",\"cat\":\"call\",\"ph\":\"%s\",\"ts\":%.3f,\"pid\":%"
	    PRIu64 ",\"tid\":%" PRIu64, ph, secs * 1e6, t->pid, t->tid);
	if (args != NULL)
		fprintf(out, ",%s", args);
	fputc('}', out);
}

/* One thread's track. */
static int
track(struct gp_ctx *c, const struct gp_ptrace *tr, FILE *out,
    struct track *t)
{
	const struct gp_pevent *e, **open;
	size_t i, nopen, nlead, nouter;
	char buf[128];
	double t0, t1;

	t->pid = tr->pid;
	t->tid = tr->tid != 0 ? tr->tid : tr->thread;
	fputs(t->comma ? ",\n" : "\n", out);
	t->comma = 1;
	fprintf(out, "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%" PRIu64
	    ",\"tid\":%" PRIu64 ",\"args\":{\"name\":", t->pid, t->tid);
	snprintf(buf, sizeof(buf), "%s (thread %" PRIu64 ")",
	    tr->name != NULL ? tr->name : "", tr->thread);
	jstr(out, buf);
	fputs("}}", out);
	if (tr->nevents == 0)
		return 0;
	if ((open = calloc(tr->nevents, sizeof(*open))) == NULL) {
		host->error(c, "out of memory");
		return -1;
	}
	/* the calls open through the whole ring, outermost first */
	for (nouter = 0; nouter < tr->nevents &&
	    tr->events[nouter]->open; nouter++)
		ev(out, t, "B", tr->events[nouter]->name,
		    tr->events[nouter]->time, NULL);
	t0 = tr->events[nouter < tr->nevents ? nouter : 0]->time;
	t1 = tr->events[tr->nevents - 1]->time;
	/* the leaves before their enters, innermost first */
	nopen = nlead = 0;
	for (i = nouter; i < tr->nevents; i++) {
		e = tr->events[i];
		if (e->kind == GP_EV_ENTER)
			nopen++;
		else if (nopen > 0)
			nopen--;
		else
			open[nlead++] = e;
	}
	if (tr->lost > 0 && !tr->first) {
		snprintf(buf, sizeof(buf), "(%" PRIu64 " earlier events lost)",
		    tr->lost);
		ev(out, t, "i", buf, t0, "\"s\":\"t\"");
	}
	while (nlead > 0)
		ev(out, t, "B", open[--nlead]->name, t0,
		    "\"args\":{\"truncated\":true}");
	nopen = 0;
	for (i = nouter; i < tr->nevents; i++) {
		e = tr->events[i];
		if (e->kind == GP_EV_ENTER) {
			ev(out, t, "B", e->name, e->time, NULL);
			open[nopen++] = e;
		} else {
			ev(out, t, "E", e->name, e->time, NULL);
			if (nopen > 0)
				nopen--;
		}
	}
	while (nopen > 0)
		ev(out, t, "E", open[--nopen]->name, t1,
		    "\"args\":{\"unfinished\":true}");
	while (nouter > 0)
		ev(out, t, "E", tr->events[--nouter]->name, t1,
		    "\"args\":{\"unfinished\":true}");
	if (tr->lost > 0 && tr->first) {
		snprintf(buf, sizeof(buf), "(%" PRIu64 " later events lost)",
		    tr->lost);
		ev(out, t, "i", buf, t1, "\"s\":\"t\"");
	}
	free(open);
	return 0;
}

static int
write(struct gp_ctx *c, const struct gp_profile *p, FILE *out)
{
	struct track t;
	size_t i;

	if (!(p->have & GP_HAVE_TRACE)) {
		host->error(c, "no call timeline in the stream: run the "
		    "program with GPRT_COLLECT=trace (gprt(3))");
		return -1;
	}
	memset(&t, 0, sizeof(t));
	fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[", out);
	for (i = 0; i < p->ntraces; i++)
		if (track(c, p->traces[i], out, &t) == -1)
			return -1;
	fputs("\n]}\n", out);
	return 0;
}

PLUG_FORMAT_WITH((.needs = GP_HAVE_TRACE | GP_HAVE_SYM, .write = write),
    .name = "chrome",
    .desc = "call timelines as Trace Event Format JSON (Perfetto, "
    "Chrome, speedscope)", .init = plug_init);
