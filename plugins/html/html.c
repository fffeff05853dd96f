/*
 * html: the whole profile as one self-contained HTML file that any
 * browser opens with no network (gp-formats(5)): the run's facts, the
 * flat profile as a table sorted by any column and filtered by name, each
 * function's call-graph entry with its callers and callees as links, the
 * flame graph, and the source lines when the stream has line symbols
 * (gp-sym -l: one function of one file at two lines; two static
 * functions of one name are in two files).  The flame graph is exact when the profile has calling
 * contexts (the cct collector's ctx records: their paths, every thread
 * added up), else estimated from the call graph, and says which.
 *
 * The profile is written once, as JSON in a script element; a little
 * JavaScript (below, in the page) draws the views from it on demand,
 * so a profile of 50,000 functions opens as fast as a small one: the
 * table shows the first rows that match and the call-graph entry of one
 * function at a time.  The browser reads all that comes before the
 * script before it runs it, so that is short (funcnums(), arcnums(),
 * sw_end()); the timeline's spans, the bulk of a traced run, come after
 * it (tlthread()), read while the page is drawn.
 */
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <zlib.h>

#include <gp/format.h>

#include "frames.h"
#include "jsonstr.h"
#include "pos.h"
#include "stacks.h"
#include "units.h"
#include "xml.h"
#include "host.h"
#include "assets.h"

static const char style[] =
"body{font:14px/1.35 system-ui,sans-serif;margin:0 16px 32px;color:#222;"
"max-width:1600px}\n"
"h1{font-size:20px;margin:12px 0 4px}h2{font-size:16px;margin:20px 0 6px;"
"border-bottom:1px solid #ccc}\n"
"nav a{margin-right:14px}table{border-collapse:collapse;width:100%}\n"
"th,td{padding:2px 8px;text-align:right;white-space:nowrap}"
"th{background:#eee;cursor:pointer;position:sticky;top:0;user-select:none}"
"td.n,th.n{text-align:left;white-space:normal;word-break:break-all}\n"
"td.w,th.w{text-align:left}\n"
"tr:nth-child(even){background:#f7f7f7}tr.me{background:#ffe9b0;"
"font-weight:bold}\n"
"dl{display:grid;grid-template-columns:max-content auto;gap:2px 16px}"
"dt{color:#666}dd{margin:0}\n"
"#flame{position:relative;width:100%;overflow:hidden;"
"border:1px solid #ddd}\n"
"#flame div{position:absolute;height:17px;font-size:11px;line-height:17px;"
"overflow:hidden;white-space:nowrap;border-right:1px solid #fff;"
"box-sizing:border-box;padding-left:2px;cursor:pointer}\n"
"#flame div:hover{outline:1px solid #000}\n"
".scroll{max-height:440px;overflow:auto;border:1px solid #ddd}\n"
".note{color:#666;font-size:12px}input{font:inherit;width:24em}\n"
"#entry{border:1px solid #ccc;padding:6px;background:#fcfcfc}\n"
"#tlbox{position:relative;overflow-y:auto;border:1px solid #ddd}"
"#tlc{position:sticky;top:0;display:block;cursor:grab}"
"#tlsp{position:absolute;top:0;left:0;width:1px}\n"
"#tlsel{min-height:2em;padding:4px 0}#tlsel dl{margin:4px 0}"
"#tlspans:empty{display:none}label.lane{display:block;font-size:12px}"
"label.lane input{width:auto;margin:0 4px 0 0}\n"
"tr.leak td{color:#a00}h3{font-size:14px;margin:12px 0 4px}"
"#memtot{margin:4px 0}\n"
"#srctab td{padding:0 6px}#srctab td.src{text-align:left;white-space:pre;"
"font:12px/1.3 ui-monospace,monospace}#srctab tr.gap td{color:#999}"
"#srchot{columns:2;font-size:13px}\n"
"#dflame{position:relative;width:100%;overflow:hidden;border:1px solid #ddd}"
"#dflame div{position:absolute;height:17px;font-size:11px;line-height:17px;"
"overflow:hidden;white-space:nowrap;border-right:1px solid #fff;"
"box-sizing:border-box;padding-left:2px;cursor:pointer}\n"
"td.up{color:#b00}td.down{color:#06b}\n";

/* The page's script: the views, drawn from the JSON in #data. */
static const char script[] =
"'use strict';\n"
"const D=JSON.parse(document.getElementById('data').textContent);\n"
/* The rows of functions and arcs as funcnums() and arcnums() wrote them,
   made whole: o the place of self in a function's row, its index (o+4)
   from the row before's; an arc's caller (A[5j]) from the arc before's.
   The arcs into and out of a function, 0 when they are those the arcs
   give in their order, are arcsof()'s. */
"function unpack(R,A,o){let x=0;for(let j=0;j<A.length;j+=5){x+=A[j];"
"A[j]=x;}x=0;for(const r of R){x+=r[o+4];r[o+4]=x;}}\n"
"unpack(D.f,D.a,3);for(const f of D.f)f[1]=f[1]<0?null:D.files[f[1]];\n"
"const F=D.f,A=D.a,$=id=>document.getElementById(id);\n"
"const esc=s=>String(s).replace(/[&<>\"]/g,c=>({'&':'&amp;','<':'&lt;',"
"'>':'&gt;','\"':'&quot;'})[c]);\n"
"const sec=v=>D.ev?v.toFixed(0):v.toFixed(v<0.01&&v>0?4:2),U=esc(D.u);\n"
"const pct=v=>D.total>0?(100*v/D.total).toFixed(2):'0.00';\n"
/* The flat profile's and call graph's view: every thread's, or one's
   (threads.js): its functions f and arcs a, its total t, and each of its
   functions' index in F (m; -1: none, then F.length + its own), r the
   reverse.  gid: a function of V as the page's links name it; lid: back. */
"let V={f:F,a:A,t:D.total,m:null,r:null};\n"
"const gid=k=>V.m===null||V.m[k]<0?(V.m===null?k:F.length+k):V.m[k];\n"
"const lid=i=>V.m===null?(F[i]?i:-1):i>=F.length?(V.f[i-F.length]?"
"i-F.length:-1):V.r.has(i)?V.r.get(i):-1;\n"
"const fnm=i=>i<F.length?F[i][0]:V.m!==null&&V.f[i-F.length]?"
"V.f[i-F.length][0]:'?';\n"
"const link=i=>'<a href=\"#f'+i+'\">'+esc(fnm(i))+'</a>';\n"
"const where=f=>f[1]?esc(f[1].replace(/^.*\\//,''))+(f[2]?':'+f[2]:''):'';\n"
"const vpct=v=>V.t>0?(100*v/V.t).toFixed(2):'0.00';\n"
/* arc j of V: caller, callee, count, self, child */
"const arc=j=>V.a.slice(5*j,5*j+5);\n"
/* The arcs into (c 9) or out of (c 10) function k of V: its row's list,
   or, 0 there, the arcs with that end, in their order (V.ix: each
   function's, made at the first call). */
"function arcsof(k,c){const l=V.f[k][c];if(l!==0)return l;if(!V.ix){"
"const n=V.f.length,A=V.a;V.ix=[0,1].map(e=>{const o=new Int32Array(n+2),"
"l=new Int32Array(A.length/5);for(let j=e;j<A.length;j+=5)if(A[j]>=0&&"
"A[j]<n)o[A[j]+2]++;for(let i=2;i<=n+1;i++)o[i]+=o[i-1];"
"for(let j=e;j<A.length;j+=5)if(A[j]>=0&&A[j]<n)l[o[A[j]+1]++]=(j-e)/5;"
"return{o:o,l:l};});}const x=V.ix[c===9?1:0];"
"return Array.from(x.l.subarray(x.o[k],x.o[k+1]));}\n"
/* facts */
"(function(){let h='';for(const [k,v] of D.facts)h+='<dt>'+esc(k)+"
"'</dt><dd>'+esc(v)+'</dd>';$('facts').innerHTML=h;})();\n"
/* flat table */
"const COLS=[['%time',i=>V.f[i][3]],['self '+U,i=>V.f[i][3]],"
"['total '+U,i=>V.f[i][3]+V.f[i][4]],['calls',i=>V.f[i][5]],"
"['self calls',i=>V.f[i][6]],['name',i=>V.f[i][0]],"
"['source',i=>V.f[i][1]||'']];\n"
"let order=[],sortc=1,sortd=-1;const LIMIT=500;\n"
"function vorder(){order=[];for(let i=0;i<V.f.length;i++)"
"if(!V.f[i][8])order.push(i);}\n"
"function resort(){const g=COLS[sortc][1];order.sort((x,y)=>{const a=g(x),"
"b=g(y);return a<b?-sortd:a>b?sortd:x-y;});flat();}\n"
"function sortby(c){if(c===sortc)sortd=-sortd;else{sortc=c;"
"sortd=c>=5?1:-1;}resort();}\n"
/* Work for after the page's first frame, each a task of its own: ready
   runs them. */
"const later=[],afterframe=fn=>later.push(fn);\n"
/* The page's first frame has the table's first FIRST rows, more than its
   box shows, the others come after it: 500 rows are most of that frame's
   layout.  fgen: the last table's, whose rows come. */
"let soon=true,fgen=0;const FIRST=40;\n"
"function flat(){const q=$('q').value.toLowerCase(),g=++fgen;"
"let h='',h2='',n=0,m=0;"
"for(const i of order){const f=V.f[i];if(q&&f[0].toLowerCase().indexOf(q)<0)"
"continue;m++;if(n>=LIMIT)continue;const r='<tr><td>'+vpct(f[3])+'</td><td>'+"
"sec(f[3])+'</td><td>'+sec(f[3]+f[4])+'</td><td>'+f[5]+'</td><td>'+f[6]+"
"'</td><td class=n>'+link(gid(i))+'</td><td class=w>'+where(f)+'</td></tr>';"
"if(soon&&n>=FIRST)h2+=r;else h+=r;n++;}"
"$('rows').innerHTML=h;if(h2)afterframe(()=>{if(g===fgen)"
"$('rows').insertAdjacentHTML('beforeend',h2);});"
"$('shown').textContent=n<m?'the first '+n+' of '+m+"
"' functions; filter to see others.':m+' functions.';}\n"
"(function(){let h='';COLS.forEach((c,k)=>{h+='<th'+(k===5?' class=n':"
"k===6?' class=w':'')+"
"' data-c='+k+'>'+c[0]+'</th>';});$('head').innerHTML=h;"
"$('head').onclick=e=>{const c=e.target.dataset.c;if(c!==undefined)"
"sortby(+c);};$('q').oninput=flat;})();\n"
/* call-graph entry */
"function entry(){const m=/^#(?:thr=\\d+,)?f(\\d+)$/.exec(location.hash);"
"let k=m?lid(+m[1]):-1;const z=V.f[k];if(z&&!z[3]&&!z[4]&&!z[5]&&!z[6]&&"
"!arcsof(k,9).length&&!arcsof(k,10).length)k=-1;\n"
"if(k<0){$('entry').innerHTML='<span class=note>'+(m&&F[+m[1]]?"
"esc(F[+m[1]][0])+': neither called nor sampled'+(V.m?' in this thread':'')+"
"'. ':'')+'Click a function to see its callers and callees.</span>';"
"return;}const f=V.f[k];"
"let h='<table><tr><th>self '+U+'</th><th>children '+U+'</th><th>called</th>"
"<th class=n>name</th></tr>';\n"
"const row=(a,j,of,cls)=>h+='<tr'+cls+'><td>'+sec(a[3])+'</td><td>'+"
"sec(a[4])+'</td><td>'+a[2]+(of>=0&&V.f[of]?'/'+(V.f[of][5]):'')+"
"'</td><td class=n>'+(j>=0?link(gid(j)):'')+'</td></tr>';\n"
"const up=arcsof(k,9).map(arc),down=arcsof(k,10).map(arc);"
"if(!up.length)h+='<tr><td colspan=4 class=n><i>spontaneous</i></td></tr>';"
"for(const a of up)row(a,a[0],k,'');"
"h+='<tr class=me><td>'+sec(f[3])+'</td><td>'+sec(f[4])+'</td><td>'+f[5]+"
"(f[6]?'+'+f[6]:'')+'</td><td class=n>'+esc(f[0])+' ['+f[7]+'] '+"
"where(f)+'</td></tr>';\n"
"for(const a of down)row(a,a[1],a[1],'');$('entry').innerHTML=h+'</table>';}\n"
"window.onhashchange=()=>{entry();if(/^#(thr=\\d+,)?f\\d+$/.test(location.hash))"
"$('entry').scrollIntoView();};\n"
/* The flame graph's tree of the stacks keep(j) takes (all: null), read
   as sw_end() wrote them: fr the frames of stack j (at p), nd[d] the node
   of its first d frames (nd[0] the root) while d < ok.  Each node's weight is
   the sum of its stacks', added in their order; its children, k, a Map
   made with the first (most nodes are leaves: none). */
"const kids=n=>n.k?n.k.values():[];\n"
"function fgtree(keep){const root={n:-1,w:0,k:null},fr=[],nd=[root],S=D.s;"
"let depth=0,ok=1;for(let j=0,p=0;p<S.length;j++){const k=S[p],m=S[p+1];"
"p+=2;fr.length=k;if(ok>k+1)ok=k+1;for(let i=0;i<m;i++)fr.push(S[p++]);"
"const w=S[p++];if(keep&&!keep(j))continue;"
"for(let d=ok;d<=fr.length;d++){const p=nd[d-1],f=fr[d-1];"
"let c=p.k&&p.k.get(f);if(!c){c={n:f,w:0,k:null};"
"(p.k||(p.k=new Map())).set(f,c);}nd[d]=c;}"
"ok=fr.length+1;for(let d=0;d<=fr.length;d++)nd[d].w+=w;"
"if(fr.length>depth)depth=fr.length;}return{root:root,depth:depth};}\n"
"let FT=-1;\n"
"function flame(){const t=fgtree(FT<0||!D.sth?null:j=>D.sth[j]===FT),"
"root=t.root,depth=t.depth;\n"
"const el=$('flame'),H=18;let h='';el.style.height=(depth*H+2)+'px';"
"if(!root.w){el.textContent='no time was sampled';return;}\n"
/* a frame under a pixel wide is its white border alone: not drawn */
"const minw=100/Math.max(innerWidth,320);\n"
"(function draw(n,x,d){if(n.n>=0){const w=100*n.w/root.w;if(w<minw)return;"
"const f=F[n.n],hue=(f[0].length*37)%50;h+='<div style=\"left:'+x+'%;"
"width:'+w+'%;top:'+(depth-d)*H+'px;background:hsl('+hue+',85%,'+"
"(60+(d%3)*6)+'%)\" title=\"'+esc(f[0])+' '+sec(n.w/D.hz)+' '+U+', '+"
"w.toFixed(2)+'%\" data-i='+n.n+'>'+esc(f[0])+'</div>';}"
"for(const c of kids(n)){draw(c,x,d+1);x+=100*c.w/root.w;}})"
"(root,0,0);\n"
"el.innerHTML=h;el.onclick=e=>{const i=e.target.dataset.i;"
"if(i!==undefined)location.hash='#f'+i;};}\n"
/* source lines: a line profile's (gp-sym -l, D.src: sources()'s) */
"function lines(){if(!D.src){$('lines').style.display='none';return;}"
"const L=[];F.forEach((f,i)=>{if(!f[8]&&f[2]&&f[3]>0)L.push(i);});"
"L.sort((x,y)=>F[y][3]-F[x][3]);let h='<table><tr><th>self '+U+'</th>"
"<th>%time</th><th class=n>source line</th><th class=n>function</th></tr>';"
"for(const i of L.slice(0,1000))h+='<tr><td>'+sec(F[i][3])+'</td><td>'+"
"pct(F[i][3])+'</td><td class=n>'+esc(F[i][1]||'')+':'+F[i][2]+"
"'</td><td class=n>'+link(i)+'</td></tr>';$('ltab').innerHTML=h+"
"'</table>';}\n"
"vorder();resort();flame();lines();entry();\n";

/*
 * After the sections' scripts: when the page was ready, and when its first
 * frame was drawn; then the work for after it (afterframe()), or that 200
 * ms on if no frame has begun by then: a headless browser's virtual time
 * runs through its budget while it waits for a frame, and --dump-dom
 * would find the page unfinished under load.
 */
static const char ready[] =
"soon=false;\n"
"document.body.dataset.ready=String(Math.round(performance.now()));\n"
"(function(){let framed=false,done=false;const run=()=>{if(!done){done=true;"
"for(const fn of later)setTimeout(fn,0);}};requestAnimationFrame(()=>{"
"framed=true;setTimeout(()=>{document.body.dataset.painted="
"String(Math.round(performance.now()));run();},0);});"
"setTimeout(()=>{if(!framed)run();},200);})();\n";

static void
num(FILE *out, double v)
{
	char buf[32];

	fputs(fmt_double(buf, v), out);
}

static void
fact(FILE *out, int *first, const char *k, const char *v)
{
	fputs(*first ? "[" : ",[", out);
	*first = 0;
	json_str(out, k);
	putc(',', out);
	json_str(out, v);
	putc(']', out);
}

/*
 * The stacks ("s", one array of numbers), each as the number of frames it
 * shares with the one before, the number of its other frames, those and
 * its weight: 2,2,7,9,W after 0,3,1,4,5,V is 1,4,7,9.  Neighbouring stacks
 * share most of their frames, which the page would otherwise hold, and
 * read, again and again; one array is one object for the browser to make,
 * its numbers unboxed.
 */
struct sw {
	FILE		*out;
	long		*prev, *cur;
	size_t		 nprev, ncur, cap;
	int		 first;
};

static int
sw_push(struct sw *w, long f)
{
	long *p, *c;
	size_t n;

	if (w->ncur == w->cap) {
		n = w->cap ? 2 * w->cap : 64;
		if ((p = realloc(w->prev, n * sizeof(*p))) == NULL)
			return -1;
		w->prev = p;
		if ((c = realloc(w->cur, n * sizeof(*c))) == NULL)
			return -1;
		w->cur = c;
		w->cap = n;
	}
	w->cur[w->ncur++] = f;
	return 0;
}

static void
sw_end(struct sw *w, double weight)
{
	size_t i, k;
	long *t;

	for (k = 0; k < w->ncur && k < w->nprev && w->cur[k] == w->prev[k];
	    k++)
		continue;
	fprintf(w->out, "%s%zu,%zu,", w->first ? "\n" : ",\n", k,
	    w->ncur - k);
	w->first = 0;
	for (i = k; i < w->ncur; i++)
		fprintf(w->out, "%ld,", w->cur[i]);
	num(w->out, weight);
	t = w->prev;
	w->prev = w->cur;
	w->cur = t;
	w->nprev = w->ncur;
	w->ncur = 0;
}

/* The calling contexts' paths with time of their own, every thread's. */
static int
ctxstacks(struct sw *w, const struct gp_profile *p, const struct frames *fr,
    const long *ff)
{
	const struct gp_pctxtree *t;
	const struct gp_pctx *n;
	long *fv = NULL, d, k;
	size_t i, j, cap = 0;

	for (i = 0; i < p->nctxtrees; i++) {
		t = p->ctxtrees[i];
		for (j = 0; j < t->nnodes; j++) {
			n = t->nodes[j];
			if (!(n->self > 0))
				continue;
			if ((d = ctx_frames(fr, n, &fv, &cap)) == -1) {
				free(fv);
				return -1;
			}
			for (k = 0; k < d; k++)
				if (ff[fv[k]] >= 0 && sw_push(w, ff[fv[k]]) == -1) {
					free(fv);
					return -1;
				}
			sw_end(w, n->self * (p->hz > 0 ? p->hz : 1));
		}
	}
	free(fv);
	return 0;
}


/* A span of the timeline: a call, from its enter to its leave. */
struct span {
	int64_t		 start, end;	/* nanoseconds since the base */
	double		 ts, te;	/* a closed call's enter and leave */
	unsigned	 depth;
	long		 f;		/* its function in the page's list */
	int		 flags;		/* TL_* */
	int		 held;		/* its depth is its holder's + 1 */
};
#define TL_NOSTART	1		/* entered before the ring: its
					   start is the first event kept */
#define TL_NOEND	2		/* never left: ends at the last event */
#define TL_OPEN		4		/* open through the whole timeline */
#define TL_EXACT	((int64_t)1 << 53)	/* times the page holds exactly */

/*
 * t seconds as nanoseconds since base, base itself made by ns(): a time
 * beyond a century of nanoseconds (or not a number), which only a
 * damaged stream holds, is held at 4e18, so that no difference of two
 * overflows.
 */
static int64_t
ns(double t, int64_t base)
{
	double x = t * 1e9;

	if (!(x > -4e18 && x < 4e18))
		x = x > 0 ? 4e18 : -4e18;
	return (int64_t)llround(x) - base;
}

/* The function of an event, as the page's list numbers them. */
static long
evfunc(const struct gp_pevent *e, const struct gp_profile *p,
    const struct pos *pf, const struct frames *fr, const long *ff)
{
	long k;

	if (e->func != NULL && (k = pos_find(pf, p->nfuncs, e->func)) >= 0)
		return k;
	if (e->name == NULL || (k = frames_named(fr, e->func, e->name)) < 0)
		return -1;
	return ff[k];
}

/*
 * The timeline's spans as bytes: each number a LEB128 varint, the signed
 * ones zigzagged (0, -1, 1, -2 as 0, 1, 2, 3), the whole compressed with
 * zlib (RFC 1950, which the browser's DecompressionStream undoes) and
 * written in base64 ("z").  Varints and base64 are hand-written: a few
 * lines each, no library needed.
 */
struct vbuf {
	unsigned char	*p;
	size_t		 n, cap;
	int		 nomem;
};

static void
vbyte(struct vbuf *v, unsigned char c)
{
	unsigned char *p;
	size_t n;

	if (v->n == v->cap) {
		n = v->cap ? 2 * v->cap : 4096;
		if ((p = realloc(v->p, n)) == NULL) {
			v->nomem = 1;
			return;
		}
		v->p = p;
		v->cap = n;
	}
	v->p[v->n++] = c;
}

static void
varint(struct vbuf *v, uint64_t x)
{
	while (x >= 128) {
		vbyte(v, (unsigned char)(x & 127) | 128);
		x >>= 7;
	}
	vbyte(v, (unsigned char)x);
}

static void
zigzag(struct vbuf *v, int64_t x)
{
	varint(v, x < 0 ? ((uint64_t)(-(x + 1)) << 1) | 1 : (uint64_t)x << 1);
}

struct b64 {
	FILE		*out;
	unsigned char	 in[3];
	int		 n;
};

static const char al[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    "0123456789+/";

static void
b64byte(struct b64 *b, unsigned char c)
{
	unsigned long w;

	b->in[b->n++] = c;
	if (b->n < 3)
		return;
	w = (unsigned long)b->in[0] << 16 | (unsigned long)b->in[1] << 8 |
	    b->in[2];
	putc(al[w >> 18 & 63], b->out);
	putc(al[w >> 12 & 63], b->out);
	putc(al[w >> 6 & 63], b->out);
	putc(al[w & 63], b->out);
	b->n = 0;
}

static void
b64end(struct b64 *b)
{
	unsigned long w;

	if (b->n == 0)
		return;
	w = (unsigned long)b->in[0] << 16 |
	    (b->n > 1 ? (unsigned long)b->in[1] << 8 : 0);
	putc(al[w >> 18 & 63], b->out);
	putc(al[w >> 12 & 63], b->out);
	putc(b->n > 1 ? al[w >> 6 & 63] : '=', b->out);
	putc('=', b->out);
	b->n = 0;
}

/* v's bytes compressed with zlib, in base64.  -1: zlib failed. */
static int
zb64(FILE *out, const struct vbuf *v)
{
	unsigned char buf[65536], *in;
	struct b64 b;
	z_stream z;
	size_t i, n, left;
	int r;

	memset(&z, 0, sizeof(z));
	if (deflateInit(&z, Z_DEFAULT_COMPRESSION) != Z_OK)
		return -1;
	memset(&b, 0, sizeof(b));
	b.out = out;
	in = v->p;
	left = v->n;
	do {
		/* zlib takes at most UINT_MAX bytes at a time */
		if (z.avail_in == 0 && left > 0) {
			n = left < UINT_MAX ? left : UINT_MAX;
			z.next_in = in;
			z.avail_in = (uInt)n;
			in += n;
			left -= n;
		}
		z.next_out = buf;
		z.avail_out = sizeof(buf);
		if ((r = deflate(&z, left == 0 ? Z_FINISH : Z_NO_FLUSH)) ==
		    Z_STREAM_ERROR) {
			deflateEnd(&z);
			return -1;
		}
		for (i = 0; i < sizeof(buf) - z.avail_out; i++)
			b64byte(&b, buf[i]);
	} while (r != Z_STREAM_END);
	b64end(&b);
	deflateEnd(&z);
	return 0;
}

/*
 * A closed call's duration as replay prints it ("%.3f" of its seconds in
 * ns, us, ms or s, plugins/replay), for the page to show those digits,
 * which the nanoseconds of its times do not give: the class (0 ns, 1 us,
 * 2 ms, 3 s) and, below a second, the printed value in picoseconds less
 * the span's length in nanoseconds times 1000; zigzag(c) * 4 + class.
 * Seconds, and every call when the times are beyond what the page holds
 * exactly (big), are left to the times.
 */
static void
tldur(struct vbuf *vb, const struct span *sp, int big)
{
	static const double scale[] = { 1e9, 1e6, 1e3 };
	static const int64_t unit[] = { 1, 1000, 1000000 };
	char buf[64], *q;
	double d = sp->te - sp->ts;
	int64_t dv, c = 0;
	int cls;

	if (!(d >= 0))
		d = 0;
	cls = d < 1e-6 ? 0 : d < 1e-3 ? 1 : d < 1 ? 2 : 3;
	if (big)
		cls = 3;
	if (cls < 3) {
		snprintf(buf, sizeof(buf), "%.3f", d * scale[cls]);
		for (dv = 0, q = buf; *q != '\0'; q++)
			if (*q >= '0' && *q <= '9')
				dv = dv * 10 + (*q - '0');
		c = dv * unit[cls] - 1000 * (sp->end - sp->start);
	}
	varint(vb, (c < 0 ? ((uint64_t)(-(c + 1)) << 1) | 1 :
	    (uint64_t)c << 1) * 4 + (uint64_t)cls);
}

/*
 * One thread's timeline: its calls as spans, paired as gp-fmt -o replay
 * and chrome pair them, ordered by start.  Written: start (from the
 * previous span's), length, function + 1; then the depths nesting does
 * not give and the flags, each a count and pairs of the span's number
 * (from the previous pair's) and the value; then each closed call's
 * duration as replay prints it (tldur()).  A span's depth, unless
 * listed, is one more than that of the span holding it, else 1: the last
 * span before it that has not ended before it starts or ends (timeline.js
 * gives the depths back by the same rule).  -1: out of memory, -2: zlib
 * failed.
 */
static int
tlthread(FILE *out, const struct gp_ptrace *tr, const struct gp_profile *p,
    const struct pos *pf, const struct frames *fr, const long *ff,
    int64_t base)
{
	const struct gp_pevent *e;
	struct span *v;
	struct vbuf vb;
	size_t *stack, i, n, sp, nouter, nlead, lead, k, nx, last;
	int64_t t0, t1, prev;
	unsigned maxd = 0, d;
	int rv, big;

	if ((v = calloc(tr->nevents + 1, sizeof(*v))) == NULL ||
	    (stack = calloc(tr->nevents + 1, sizeof(*stack))) == NULL) {
		free(v);
		return -1;
	}
	for (nouter = 0; nouter < tr->nevents && tr->events[nouter]->open;
	    nouter++)
		continue;
	t0 = tr->nevents > 0 ? ns(tr->events[nouter < tr->nevents ? nouter :
	    0]->time, base) : 0;
	t1 = tr->nevents > 0 ? ns(tr->events[tr->nevents - 1]->time, base) : 0;
	/* the leaves before their enters */
	for (nlead = sp = 0, i = nouter; i < tr->nevents; i++)
		if (tr->events[i]->kind == GP_EV_ENTER)
			sp++;
		else if (sp > 0)
			sp--;
		else
			nlead++;
	n = 0;
	for (i = 0; i < nouter; i++) {
		e = tr->events[i];
		v[n].start = ns(e->time, base);
		v[n].end = t1;
		v[n].depth = e->depth > 0 ? e->depth : 1;
		v[n].f = evfunc(e, p, pf, fr, ff);
		v[n++].flags = TL_OPEN | TL_NOEND;
	}
	/* slots for the calls entered before the ring, innermost last */
	lead = n + nlead;
	n = lead;
	for (sp = 0, i = nouter; i < tr->nevents; i++) {
		e = tr->events[i];
		if (e->kind == GP_EV_ENTER) {
			v[n].start = ns(e->time, base);
			v[n].ts = e->time;
			v[n].end = t1;
			v[n].depth = e->depth > 0 ? e->depth : 1;
			v[n].f = evfunc(e, p, pf, fr, ff);
			v[n].flags = TL_NOEND;
			stack[sp++] = n++;
		} else if (sp > 0) {
			k = stack[--sp];
			v[k].end = ns(e->time, base);
			v[k].te = e->time;
			v[k].flags = 0;
		} else {
			k = --lead;
			v[k].start = t0;
			v[k].end = ns(e->time, base);
			v[k].depth = e->depth > 0 ? e->depth : 1;
			v[k].f = evfunc(e, p, pf, fr, ff);
			v[k].flags = TL_NOSTART;
		}
	}
	memset(&vb, 0, sizeof(vb));
	for (prev = 0, i = 0; i < n; i++) {
		if (v[i].depth > maxd)
			maxd = v[i].depth;
		zigzag(&vb, v[i].start - prev);
		zigzag(&vb, v[i].end - v[i].start);
		varint(&vb, (uint64_t)(v[i].f + 1));
		prev = v[i].start;
	}
	/* the depths nesting does not give ("held" marks the others): all
	   when a time is beyond 2^53 ns, where the page's doubles lose it */
	for (big = 0, i = 0; i < n; i++)
		big |= v[i].start > TL_EXACT || v[i].start < -TL_EXACT ||
		    v[i].end > TL_EXACT || v[i].end < -TL_EXACT;
	for (nx = sp = i = 0; i < n; i++) {
		while (sp > 0 && (v[stack[sp - 1]].end < v[i].start ||
		    v[stack[sp - 1]].end < v[i].end))
			sp--;
		d = sp > 0 ? v[stack[sp - 1]].depth + 1 : 1;
		v[i].held = !big && v[i].depth == d;
		nx += !v[i].held;
		stack[sp++] = i;
	}
	varint(&vb, nx);
	for (last = i = 0; i < n; i++)
		if (!v[i].held) {
			varint(&vb, i - last);
			varint(&vb, v[i].depth);
			last = i;
		}
	for (nx = i = 0; i < n; i++)
		nx += v[i].flags != 0;
	varint(&vb, nx);
	for (last = i = 0; i < n; i++)
		if (v[i].flags != 0) {
			varint(&vb, i - last);
			varint(&vb, (uint64_t)v[i].flags);
			last = i;
		}
	for (i = 0; i < n; i++)
		if (v[i].flags == 0)
			tldur(&vb, &v[i], big);
	free(v);
	free(stack);
	if (vb.nomem) {
		free(vb.p);
		return -1;
	}
	fprintf(out, "{\"pid\":%" PRIu64 ",\"thread\":%" PRIu64 ",\"tid\":%"
	    PRIu64 ",\"name\":", tr->pid, tr->thread, tr->tid);
	json_str(out, tr->name);
	fprintf(out, ",\"lost\":%" PRIu64 ",\"first\":%d,\"n\":%zu,"
	    "\"t0\":%" PRId64 ",\"t1\":%" PRId64 ",\"d\":%u,\"ns\":%zu,"
	    "\n\"z\":\"", tr->lost, tr->first != 0, tr->nevents, t0, t1, maxd,
	    n);
	rv = zb64(out, &vb) == -1 ? -2 : 0;
	fputs("\"}", out);
	free(vb.p);
	return rv;
}

/*
 * The timelines of the trace collector, every thread's: "tl".  -1: out
 * of memory, -2: zlib failed.
 */
static int
timeline(FILE *out, const struct gp_profile *p, const struct pos *pf,
    const struct frames *fr, const long *ff)
{
	const struct gp_ptrace *tr;
	int64_t base = 0;
	size_t i;
	int any = 0, rv;

	for (i = 0; i < p->ntraces; i++) {
		tr = p->traces[i];
		if (tr->nevents > 0 && (!any ||
		    ns(tr->events[0]->time, 0) < base)) {
			base = ns(tr->events[0]->time, 0);
			any = 1;
		}
	}
	fprintf(out, "{\"tlbase\":%" PRId64 ",\"tl\":[", base);
	for (i = 0; i < p->ntraces; i++) {
		fputs(i > 0 ? ",\n" : "\n", out);
		if ((rv = tlthread(out, p->traces[i], p, pf, fr, ff,
		    base)) != 0)
			return rv;
	}
	fputs("]}", out);
	return 0;
}

/* The memory profile (GP_HAVE_MEM): "mem", every record as it is. */
static void
memory(FILE *out, const struct gp_profile *p, const struct pos *pf)
{
	const struct gp_pmem *m;
	size_t i;

	fprintf(out, ",\n\"mem\":{\"sums\":%zu,\"live\":%" PRIu64 ",\"peak\":%"
	    PRIu64 ",\"r\":[", p->memsums, p->memlive, p->mempeak);
	/* pid, thread, site, fn, site's function, fn's function, then the
	   counters nmalloc to peak */
	for (i = 0; i < p->nmems; i++) {
		m = p->mems[i];
		fprintf(out, "%s[%" PRIu64 ",%" PRIu64 ",", i > 0 ? ",\n" : "\n",
		    m->pid, m->thread);
		json_str(out, m->site);
		putc(',', out);
		json_str(out, m->fn);
		fprintf(out, ",%ld,%ld,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%"
		    PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%"
		    PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 "]",
		    m->sitefunc != NULL ? pos_find(pf, p->nfuncs, m->sitefunc) :
		    -1L, m->func != NULL ? pos_find(pf, p->nfuncs, m->func) : -1L,
		    m->nmalloc, m->ncalloc, m->nrealloc, m->nfree, m->fails,
		    m->badfree, m->bytes, m->freedblocks, m->freedbytes,
		    m->liveblocks, m->livebytes, m->peak);
	}
	fputs("]}", out);
}

static int
mem_have(const struct gp_profile *p)
{
	return GP_HAS(p, mempeak) && (p->have & GP_HAVE_MEM) &&
	    (p->nmems > 0 || p->memsums > 0);
}

/* Source files larger than this are listed without their text. */
#define SRC_FILEMAX	(1L << 20)
#define SRC_TOTALMAX	(16L << 20)

static int
cmpname(const void *a, const void *b)
{
	const struct gp_pfunc *x = *(const struct gp_pfunc *const *)a;
	const struct gp_pfunc *y = *(const struct gp_pfunc *const *)b;
	int c;

	if ((c = strcmp(x->name, y->name)) != 0)
		return c;
	if ((c = strcmp(x->file, y->file)) != 0)
		return c;
	return x->line < y->line ? -1 : x->line > y->line;
}

static int
cmpfile(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * The source files of a line profile (gp-sym -l: a function of one file
 * at two lines), each with its text when it can be read now: "src".
 * -1: out of memory.
 */
static int
sources(FILE *out, const struct gp_profile *p)
{
	const struct gp_pfunc **v;
	const char **files;
	size_t i, n, nf;
	long total = 0, len;
	int lines = 0;
	char buf[4096];
	FILE *f;

	if ((v = calloc(p->nfuncs + 1, sizeof(*v))) == NULL)
		return -1;
	for (i = n = 0; i < p->nfuncs; i++)
		if (!p->funcs[i]->iscycle && p->funcs[i]->file != NULL &&
		    p->funcs[i]->line > 0)
			v[n++] = p->funcs[i];
	qsort(v, n, sizeof(*v), cmpname);
	for (i = 1; i < n && !lines; i++)
		lines = strcmp(v[i]->name, v[i - 1]->name) == 0 &&
		    strcmp(v[i]->file, v[i - 1]->file) == 0 &&
		    v[i]->line != v[i - 1]->line;
	if (!lines) {
		free(v);
		return 0;
	}
	/* the files of the lines with time or calls */
	if ((files = calloc(n + 1, sizeof(*files))) == NULL) {
		free(v);
		return -1;
	}
	for (i = nf = 0; i < n; i++)
		if (v[i]->self > 0 || v[i]->calls > 0)
			files[nf++] = v[i]->file;
	qsort(files, nf, sizeof(*files), cmpfile);
	fputs(",\n\"src\":[", out);
	for (i = n = 0; i < nf; i++) {
		if (i > 0 && strcmp(files[i], files[i - 1]) == 0)
			continue;
		fputs(n++ > 0 ? ",\n[" : "\n[", out);
		json_str(out, files[i]);
		putc(',', out);
		if ((f = fopen(files[i], "r")) == NULL ||
		    fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 ||
		    len > SRC_FILEMAX || total + len > SRC_TOTALMAX ||
		    fseek(f, 0, SEEK_SET) != 0) {
			fputs("null]", out);
			if (f != NULL)
				fclose(f);
			continue;
		}
		total += len;
		/* the text, a line a string */
		putc('[', out);
		lines = 0;
		while (fgets(buf, sizeof(buf), f) != NULL) {
			size_t l = strlen(buf);
			int nl = l > 0 && buf[l - 1] == '\n';

			if (nl)
				buf[--l] = '\0';
			if (lines++ > 0)
				putc(',', out);
			json_str(out, buf);
			/* a line longer than buf: its rest dropped */
			while (!nl && fgets(buf, sizeof(buf), f) != NULL)
				nl = strchr(buf, '\n') != NULL;
		}
		fclose(f);
		fputs("]]", out);
	}
	fputs("]", out);
	free(files);
	free(v);
	return 0;
}

/* gp-diff's pairs (GP_HAVE_DIFF): "diff". */
static void
diff(FILE *out, const struct gp_profile *p)
{
	const struct gp_pdfunc *f;
	const struct gp_pdarc *a;
	size_t i;

	fputs(",\n\"diff\":{\"old\":", out);
	json_str(out, p->oldname);
	fputs(",\"new\":", out);
	json_str(out, p->newname);
	fputs(",\"ot\":", out);
	num(out, p->oldtotal);
	fputs(",\"nt\":", out);
	num(out, p->newtotal);
	fprintf(out, ",\"norm\":%d,\n\"f\":[", p->normalised != 0);
	/* name, file, in, old and new calls, self, total */
	for (i = 0; i < p->ndfuncs; i++) {
		f = p->dfuncs[i];
		fputs(i > 0 ? ",\n[" : "\n[", out);
		json_str(out, f->name);
		putc(',', out);
		json_str(out, f->file);
		fprintf(out, ",%u,%" PRIu64 ",%" PRIu64 ",", f->in, f->oldcalls,
		    f->newcalls);
		num(out, f->oldself);
		putc(',', out);
		num(out, f->newself);
		putc(',', out);
		num(out, f->oldtotal);
		putc(',', out);
		num(out, f->newtotal);
		putc(']', out);
	}
	/* parent, child, old and new calls, time */
	fputs("],\n\"a\":[", out);
	for (i = 0; i < p->ndarcs; i++) {
		a = p->darcs[i];
		fputs(i > 0 ? ",\n[" : "\n[", out);
		json_str(out, a->parent);
		putc(',', out);
		json_str(out, a->child);
		fprintf(out, ",%" PRIu64 ",%" PRIu64 ",", a->oldcalls,
		    a->newcalls);
		num(out, a->oldtime);
		putc(',', out);
		num(out, a->newtime);
		putc(']', out);
	}
	fputs("]}", out);
}

/* Each stack's tree ("sth", as ctxstacks() wrote them) and the trees'
   threads ("thr"): the flame graph's thread switch. */
static void
ctxthreads(FILE *out, const struct gp_profile *p)
{
	const struct gp_pctxtree *t;
	size_t i, j;
	int first = 1;
	char buf[256];

	fputs(",\n\"sth\":[", out);
	for (i = 0; i < p->nctxtrees; i++) {
		t = p->ctxtrees[i];
		for (j = 0; j < t->nnodes; j++)
			if (t->nodes[j]->self > 0) {
				fprintf(out, "%s%zu", first ? "" : ",", i);
				first = 0;
			}
	}
	fputs("],\n\"thr\":[", out);
	for (i = 0; i < p->nctxtrees; i++) {
		t = p->ctxtrees[i];
		snprintf(buf, sizeof(buf), "thread %" PRIu64 "%s%.0" PRIu64
		    "%s%s%.128s of process %" PRIu64, t->thread,
		    t->tid != 0 ? " (tid " : "", t->tid, t->tid != 0 ? ")" : "",
		    t->name != NULL ? " " : "", t->name != NULL ? t->name : "",
		    t->pid);
		if (i > 0)
			putc(',', out);
		json_str(out, buf);
	}
	/* each tree's thread number, for the flat profile's switch */
	fputs("],\n\"thrn\":[", out);
	for (i = 0; i < p->nctxtrees; i++)
		fprintf(out, "%s%" PRIu64, i > 0 ? "," : "",
		    p->ctxtrees[i]->thread);
	putc(']', out);
}

/* Functions by source file, those of none first. */
static int
cmpfilep(const void *a, const void *b)
{
	const struct gp_pfunc *x = *(const struct gp_pfunc *const *)a;
	const struct gp_pfunc *y = *(const struct gp_pfunc *const *)b;

	if (x->file == NULL || y->file == NULL)
		return (x->file != NULL) - (y->file != NULL);
	return strcmp(x->file, y->file);
}

/* Functions by address, to find a thread's in the whole profile's. */
struct byaddr {
	uint64_t	 addr;
	long		 i;
	const char	*symname;
};

static int
cmpaddr(const void *a, const void *b)
{
	const struct byaddr *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* The whole profile's index of a thread's function f, or -1 (a cycle). */
static long
mainfunc(const struct byaddr *v, size_t n, const struct gp_pfunc *f)
{
	size_t lo = 0, hi = n, m;

	if (f->iscycle || f->symname == NULL)
		return -1;
	while (lo < hi) {
		m = lo + (hi - lo) / 2;
		if (v[m].addr < f->addr)
			lo = m + 1;
		else
			hi = m;
	}
	for (; lo < n && v[lo].addr == f->addr; lo++)
		if (strcmp(v[lo].symname, f->symname) == 0)
			return v[lo].i;
	return -1;
}

/* Does the function have anything to show: time, calls or arcs? */
static int
shown(const struct gp_pfunc *f)
{
	return f->self != 0 || f->child != 0 || f->calls != 0 ||
	    f->selfcalls != 0 || f->ncallers != 0 || f->ncallees != 0;
}

/*
 * The rows of a profile's functions ("f") and arcs ("a"), the page's and
 * each thread's, as funcnums() and arcnums() write them: what the page
 * needs to undo their shortening (the JavaScript's unpack()).
 */
struct rows {
	const struct pos *pa;		/* the arcs' positions */
	size_t		 narcs;
	size_t		*nin, *nout;	/* arcs into and out of each function
					   position, as the arcs are written */
	long		 index;		/* the row before's */
	long		 caller;	/* the arc before's */
};

/*
 * Is list l (n arcs) the arcs into (or out of) the function, want of
 * them, in the arcs' order: then the page finds it itself (0).
 */
static int
inorder(const struct rows *r, const struct gp_parc *const *l, size_t n,
    size_t want)
{
	long p, prev = -1;
	size_t k;

	if (n != want)
		return 0;
	for (k = 0; k < n; k++) {
		if ((p = pos_find(r->pa, r->narcs, l[k])) <= prev)
			return 0;
		prev = p;
	}
	return 1;
}

static void
arclist(FILE *out, const struct rows *r, const struct gp_parc *const *l,
    size_t n, size_t want)
{
	size_t k;

	if (inorder(r, l, n, want)) {
		putc('0', out);
		return;
	}
	putc('[', out);
	for (k = 0; k < n; k++)
		fprintf(out, "%s%ld", k ? "," : "",
		    pos_find(r->pa, r->narcs, l[k]));
	putc(']', out);
}

/*
 * A function's numbers, at position i: self, child, calls, selfcalls,
 * index (from the row before's), iscycle, the arcs into it and out of it
 * (positions in the same profile's arcs; 0: those the arcs' rows give,
 * in their order).
 */
static void
funcnums(FILE *out, struct rows *r, const struct gp_pfunc *f, size_t i)
{
	num(out, f->self);
	putc(',', out);
	num(out, f->child);
	fprintf(out, ",%" PRIu64 ",%" PRIu64 ",%ld,%d,", f->calls,
	    f->selfcalls, (long)f->index - r->index, f->iscycle);
	r->index = f->index;
	arclist(out, r, f->callers, f->ncallers, r->nin[i]);
	putc(',', out);
	arclist(out, r, f->callees, f->ncallees, r->nout[i]);
}

/*
 * An arc's numbers, five of the one array "a" holds: caller (from the arc
 * before's), callee, count, self and child time.
 */
static void
arcnums(FILE *out, struct rows *r, const struct gp_parc *a, long caller,
    long callee, int first)
{
	fprintf(out, "%s%ld,%ld,%" PRIu64 ",", first ? "\n" : ",\n",
	    caller - r->caller, callee, a->count);
	r->caller = caller;
	num(out, a->self);
	putc(',', out);
	num(out, a->child);
}

/*
 * The rows of profile t: its arcs' ends (pf), counted.  -1: out of
 * memory.
 */
static int
rows_make(struct rows *r, const struct gp_profile *t, const struct pos *pf,
    const struct pos *pa)
{
	long k;
	size_t j;

	memset(r, 0, sizeof(*r));
	r->pa = pa;
	r->narcs = t->narcs;
	r->nin = calloc(t->nfuncs + 1, sizeof(*r->nin));
	r->nout = calloc(t->nfuncs + 1, sizeof(*r->nout));
	if (r->nin == NULL || r->nout == NULL) {
		free(r->nin);
		free(r->nout);
		return -1;
	}
	for (j = 0; j < t->narcs; j++) {
		if ((k = pos_find(pf, t->nfuncs, t->arcs[j]->callee)) >= 0)
			r->nin[k]++;
		if ((k = pos_find(pf, t->nfuncs, t->arcs[j]->caller)) >= 0)
			r->nout[k]++;
	}
	return 0;
}

static void
rows_free(struct rows *r)
{
	free(r->nin);
	free(r->nout);
}

/*
 * A profile's flat profile and call graph as a thread's: its functions
 * with anything to show, each as the whole profile's index (-1: none, its
 * name then last) and funcnums()'s numbers; its arcs as arcnums() writes
 * them, their ends among those functions.  -1: out of memory.
 */
static int
tjson(FILE *out, const struct gp_profile *tp, const struct byaddr *v,
    size_t n)
{
	const struct gp_pfunc *f;
	const struct gp_parc *a;
	struct pos *pf, *pa;
	struct rows r;
	long *kept, m;
	size_t j, k, nk;

	pf = pos_make((const void *const *)tp->funcs, tp->nfuncs);
	pa = pos_make((const void *const *)tp->arcs, tp->narcs);
	kept = calloc(tp->nfuncs + 1, sizeof(*kept));
	if (pf == NULL || pa == NULL || kept == NULL ||
	    rows_make(&r, tp, pf, pa) == -1) {
		free(pf);
		free(pa);
		free(kept);
		return -1;
	}
	for (j = nk = 0; j < tp->nfuncs; j++)
		kept[j] = shown(tp->funcs[j]) ? (long)nk++ : -1;
	fputs("{\"total\":", out);
	num(out, tp->total);
	fputs(",\"f\":[", out);
	for (j = nk = 0; j < tp->nfuncs; j++) {
		f = tp->funcs[j];
		if (kept[j] < 0)
			continue;
		m = mainfunc(v, n, f);
		fprintf(out, "%s[%ld,", nk++ > 0 ? ",\n" : "\n", m);
		funcnums(out, &r, f, j);
		if (m < 0) {
			putc(',', out);
			json_str(out, f->name);
		}
		putc(']', out);
	}
	fputs("],\n\"a\":[", out);
	for (j = 0; j < tp->narcs; j++) {
		a = tp->arcs[j];
		m = pos_find(pf, tp->nfuncs, a->caller);
		k = (size_t)pos_find(pf, tp->nfuncs, a->callee);
		arcnums(out, &r, a, m >= 0 ? kept[m] : -1L,
		    k != (size_t)-1 ? kept[k] : -1L, j == 0);
	}
	fputs("]}", out);
	rows_free(&r);
	free(pf);
	free(pa);
	free(kept);
	return 0;
}

/* t as the JSON of tjson(), in memory: its text and length, or NULL. */
static char *
tjsonmem(const struct gp_profile *tp, const struct byaddr *v, size_t n,
    size_t *len)
{
	FILE *mem;
	char *text = NULL;
	int rv;

	if ((mem = open_memstream(&text, len)) == NULL)
		return NULL;
	rv = tjson(mem, tp, v, n);
	if (fclose(mem) != 0 || rv == -1) {
		free(text);
		return NULL;
	}
	return text;
}

/*
 * Each thread's own flat profile and call graph (GP_HAVE_THREADS, gp-fmt
 * -u's), a script element a thread, parsed when the page shows it ("thrN",
 * N from 0), as tjson() writes them; a thread whose are another's, or all
 * threads', says so ({"same":I}, -1: all threads), as the threads of a
 * profile whose time is not kept by thread (a histogram) do.
 * -1: out of memory.
 */
static int
uthreads(FILE *out, const struct gp_profile *p)
{
	struct byaddr *v;
	char **text, *all;
	size_t i, j, n, *len, alen;
	int rv = 0;

	v = calloc(p->nfuncs + 1, sizeof(*v));
	text = calloc(p->nthreads + 1, sizeof(*text));
	len = calloc(p->nthreads + 1, sizeof(*len));
	if (v == NULL || text == NULL || len == NULL) {
		free(v);
		free(text);
		free(len);
		return -1;
	}
	for (i = n = 0; i < p->nfuncs; i++)
		if (!p->funcs[i]->iscycle && p->funcs[i]->symname != NULL) {
			v[n].addr = p->funcs[i]->addr;
			v[n].symname = p->funcs[i]->symname;
			v[n++].i = (long)i;
		}
	qsort(v, n, sizeof(*v), cmpaddr);
	if ((all = tjsonmem(p, v, n, &alen)) == NULL)
		rv = -1;
	for (i = 0; i < p->nthreads && rv == 0; i++) {
		if ((text[i] = tjsonmem(p->threads[i]->profile, v, n,
		    &len[i])) == NULL) {
			rv = -1;
			break;
		}
		fprintf(out, "<script type=\"application/json\" id=\"thr%zu\">"
		    "\n", i);
		if (len[i] == alen && memcmp(text[i], all, alen) == 0) {
			fputs("{\"same\":-1}\n</script>\n", out);
			continue;
		}
		for (j = 0; j < i; j++)
			if (len[j] == len[i] &&
			    memcmp(text[j], text[i], len[i]) == 0)
				break;
		if (j < i)
			fprintf(out, "{\"same\":%zu}", j);
		else
			fwrite(text[i], 1, len[i], out);
		fputs("\n</script>\n", out);
	}
	for (i = 0; i < p->nthreads; i++)
		free(text[i]);
	free(text);
	free(len);
	free(all);
	free(v);
	return rv;
}

/* The threads' names for the switch: "ut", after the data's others. */
static void
uthrnames(FILE *out, const struct gp_profile *p)
{
	const struct gp_pthread *t;
	size_t i;
	char buf[256];

	fputs(",\n\"ut\":[", out);
	for (i = 0; i < p->nthreads; i++) {
		t = p->threads[i];
		snprintf(buf, sizeof(buf), "thread %" PRIu64 "%s%.0" PRIu64
		    "%s%s%.128s%s", t->thread, t->tid != 0 ? " (tid " : "",
		    t->tid, t->tid != 0 ? (t->nprocs > 1 ? ", ...)" : ")") : "",
		    t->name != NULL ? " " : "", t->name != NULL ? t->name : "",
		    t->nprocs > 1 ? " of each process" : "");
		if (i > 0)
			putc(',', out);
		fprintf(out, "[%" PRIu64 ",", t->thread);
		json_str(out, buf);
		putc(']', out);
	}
	putc(']', out);
}

static int
uthr_have(const struct gp_profile *p)
{
	return GP_HAS(p, nthreads) && (p->have & GP_HAVE_THREADS) &&
	    p->nthreads > 0;
}

static int
write_html(struct gp_ctx *ctx, const struct gp_profile *p, FILE *out)
{
	const struct gp_pfunc *f, **fv;
	const struct gp_parc *a;
	struct pos *pf, *pa;
	struct frames fr;
	struct stacks st;
	struct rows r;
	struct sw sw;
	const char *s, *e, *se, *ev = event_unit(p);
	char buf[256];
	long j, k, *ff = NULL, *fid = NULL;
	size_t i;
	time_t now;
	int first, hasctx, rv = 0;
	size_t nextra = 0;

	pf = pos_make((const void *const *)p->funcs, p->nfuncs);
	pa = pos_make((const void *const *)p->arcs, p->narcs);
	hasctx = ctx_have(p);
	if (pf == NULL || pa == NULL || frames_make(p, &fr) == -1 ||
	    frames_addctx(&fr, p) == -1) {
		free(pf);
		free(pa);
		host->error(ctx, "out of memory");
		return -1;
	}
	if (stacks_make(p, 1, 0, NULL, &st) == -1 ||
	    (ff = calloc(fr.n + 1, sizeof(*ff))) == NULL) {
		free(pf);
		free(pa);
		frames_free(&fr);
		host->error(ctx, "out of memory");
		return -1;
	}
	for (i = 0; i < fr.n; i++)
		ff[i] = fr.v[i].f != NULL ? pos_find(pf, p->nfuncs,
		    fr.v[i].f) : (long)(p->nfuncs + nextra++);

	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
	    "\n<meta name=\"viewport\" content=\"width=device-width\">\n"
	    "<title>Profile", out);
	if (p->exe != NULL) {
		fputs(" of ", out);
		xml_escape(out, p->exe);
	}
	fprintf(out, "</title>\n<style>\n%s</style></head>\n<body>\n", style);
	fputs("<h1>Profile", out);
	if (p->exe != NULL) {
		fputs(" of ", out);
		xml_escape(out, p->exe);
	}
	fprintf(out, "</h1>\n<nav><a href=\"#facts\">Run</a><a href=\"#fg\">"
	    "Flame graph</a><a href=\"#flat\">Flat profile</a><a "
	    "href=\"#entry\">Call graph</a><a href=\"#lines\">Source lines</a>"
	    "%s%s</nav>\n<h2>Run</h2><dl id=\"facts\"></dl>\n"
	    "<div id=\"cmpsec\"><h2 id=\"compare\">Comparison</h2>\n"
	    "<p id=\"cmphead\"></p><p class=\"note\">gp-diff's pairs: "
	    "the functions whose calls or times changed, the largest change in "
	    "time first, as gp-fmt reports them; the flame graph is the new "
	    "run's, each frame red by the self time its function gained, blue "
	    "by what it lost; then the call arcs whose calls changed.</p>\n"
	    "<div class=\"scroll\"><table id=\"cmptab\"></table></div>\n"
	    "<h3>Differential flame graph</h3><div id=\"dflame\"></div>\n"
	    "<h3>Changed call arcs</h3><div class=\"scroll\"><table "
	    "id=\"cmparcs\"></table></div></div>\n"
	    "<div id=\"tlsec\"><h2 id=\"timeline\">Timeline</h2>\n<p "
	    "class=\"note\">The calls the trace collector kept, a lane per "
	    "thread, time from left to right, the callers above their callees. "
	    "Wheel: zoom; shift+wheel or drag: pan; click a call for its "
	    "duration and callers; double-click: all of it <button "
	    "id=\"tlreset\">whole timeline</button>. A red line marks where a "
	    "ring lost events; a red edge, a call entered before them.</p>\n"
	    "<div id=\"tlthreads\"></div><div id=\"tlbox\"><div id=\"tlsp\"></div><canvas id=\"tlc\">"
	    "</canvas></div><div id=\"tlsel\"></div><pre id=\"tlspans\">"
	    "</pre></div>\n"
	    "<div id=\"memsec\"><h2 id=\"memory\">Memory</h2>\n<p "
	    "class=\"note\">What the runtime counted at the calls of malloc, "
	    "calloc, realloc, the memalign family and free (GPRT_MEM=1), as "
	    "gp-fmt -M reports it; rows with blocks never freed are marked. "
	    "Click a column to sort by it.</p>\n<p><label>thread <select "
	    "id=\"memthr\"></select></label></p>\n<pre id=\"memtot\"></pre>"
	    "\n<h3>By call site</h3><div class=\"scroll\"><table id=\"memtab\">"
	    "</table></div>\n<h3>By caller</h3><p class=\"note\">The "
	    "instrumented function that made the calls (or, when the call "
	    "site is in it, the site's function).</p><div class=\"scroll\">"
	    "<table id=\"memfn\"></table></div></div>\n"
	    "<h2 id=\"fg\">Flame graph</h2>\n<p class=\"note\">%s Click "
	    "a frame for its call-graph entry.</p>\n<p id=\"fgthr\"></p><div "
	    "id=\"flame\"></div>\n"
	    "<h2 id=\"flat\">Flat profile</h2>\n<p id=\"uthr\"></p>"
	    "<p><input id=\"q\" "
	    "type=\"search\" placeholder=\"filter by name\"> <span "
	    "id=\"shown\" class=\"note\"></span> <span class=\"note\">Click a "
	    "column to sort by it.</span></p>\n<div class=\"scroll\"><table><thead><tr id=\"head\">"
	    "</tr></thead><tbody id=\"rows\"></tbody></table></div>\n"
	    "<h2>Call graph <span id=\"uthrcg\" class=\"note\"></span></h2>"
	    "\n<p class=\"note\">A function's callers "
	    "above it, its callees below, with the time it passes to each "
	    "caller and the calls (count/total calls of the callee).</p>\n"
	    "<div id=\"entry\"></div>\n"

	    "<div id=\"lines\"><h2>Source lines</h2><p class=\"note\">The "
	    "lines with the most self time (gp-sym -l).</p><div id=\"ltab\">"
	    "</div></div>\n"
	    "<div id=\"srcsec\"><h2 id=\"source\">Source</h2>\n<p "
	    "class=\"note\">Each line's self time and calls (gp-sym -l), the "
	    "text read from the source file when gp-fmt wrote the page; the "
	    "hottest lines are numbered and marked, the others around them "
	    "shown for context. Click a line's function for its call-graph "
	    "entry.</p>\n<p><label>file <select id=\"srcfile\"></select>"
	    "</label></p>\n<ol id=\"srchot\"></ol>\n<div class=\"scroll\" "
	    "style=\"max-height:600px\"><table id=\"srctab\"></table></div>"
	    "</div>\n", trace_have(p) ? "<a href=\"#timeline\">"
	    "Timeline</a>" : "", mem_have(p) ? "<a href=\"#memory\">"
	    "Memory</a>" : "", hasctx ? "Exact: the calling contexts the runtime "
	    "measured, every thread's added up." : prof_measured(p) ?
	    "Estimated from the call graph: each function's self time shared "
	    "among its callers by the time measured on each call arc." :
	    "Estimated from the call graph: each function's self time shared "
	    "among its callers in proportion to the calls (gprof's "
	    "assumption).");

	/* The data. */
	fputs("<script type=\"application/json\" id=\"data\">\n{\"facts\":[",
	    out);
	first = 1;
	fact(out, &first, "program", p->exe != NULL ? p->exe : "(unknown)");
	for (i = 0; i < p->nfiles; i++)
		fact(out, &first, "profile", p->files[i]->path);
	if ((se = getenv("SOURCE_DATE_EPOCH")) != NULL)
		now = (time_t)strtoll(se, NULL, 10);
	else
		now = time(NULL);
	strftime(buf, sizeof(buf), "%Y-%m-%d %H:%M:%S UTC", gmtime(&now));
	fact(out, &first, "written", buf);
	snprintf(buf, sizeof(buf), "%.*f %.64s", ev != NULL ? 0 : 2,
	    p->total, p->dimen != NULL ? p->dimen : "seconds");
	fact(out, &first, ev != NULL ? "total" : "total time", buf);
	if (ev != NULL) {
		snprintf(buf, sizeof(buf), "the profiler that recorded it "
		    "(callgrind, perf): %.64s events, not time", ev);
		fact(out, &first, "counted by", buf);
	} else if (prof_measured(p))
		fact(out, &first, "measured by", "the runtime (libgprt): real "
		    "time per call");
	else if (p->totalsamples > 0 || !hasctx) {
		snprintf(buf, sizeof(buf), "histogram sampling: %.0f "
		    "samples, %g a second", p->totalsamples, p->hz);
		fact(out, &first, "measured by", buf);
	} else
		fact(out, &first, "measured by", "the runtime: real time on "
		    "each path of calls");
	snprintf(buf, sizeof(buf), "%zu function%s, %zu arc%s, %zu cycle%s",
	    p->nfuncs - p->ncycles, p->nfuncs - p->ncycles == 1 ? "" : "s",
	    p->narcs, p->narcs == 1 ? "" : "s", p->ncycles,
	    p->ncycles == 1 ? "" : "s");
	fact(out, &first, "call graph", buf);
	if (hasctx) {
		snprintf(buf, sizeof(buf), "measured: the calling contexts "
		    "of %zu thread%s, %.*f %.64s", p->nctxtrees,
		    p->nctxtrees == 1 ? "" : "s", ev != NULL ? 0 : 2,
		    p->ctxtotal, ev != NULL ? ev : "seconds");
		fact(out, &first, "stacks", buf);
	} else
		fact(out, &first, "stacks", "estimated from the call graph");
	if (trace_have(p)) {
		uint64_t nev = 0, lost = 0;

		for (i = 0; i < p->ntraces; i++) {
			nev += p->traces[i]->nevents;
			lost += p->traces[i]->lost;
		}
		snprintf(buf, sizeof(buf), "the calls of %zu thread%s: %"
		    PRIu64 " events kept, %" PRIu64 " lost", p->ntraces,
		    p->ntraces == 1 ? "" : "s", nev, lost);
		fact(out, &first, "timeline", buf);
	}
	fputs("],\n\"total\":", out);
	num(out, p->total);
	fputs(",\"hz\":", out);
	num(out, p->hz > 0 ? p->hz : 1);
	/* The unit of the tables' times: s, or the event counted. */
	fputs(",\"u\":", out);
	json_str(out, ev != NULL ? ev : "s");
	fprintf(out, ",\"ev\":%d", ev != NULL);
	/* the timeline's lanes, whose data follow the page's script */
	if (trace_have(p))
		fprintf(out, ",\"tln\":%zu", p->ntraces);

	/* files: the functions' source files, each once */
	fv = calloc(p->nfuncs + 1, sizeof(*fv));
	fid = calloc(p->nfuncs + 1, sizeof(*fid));
	if (fv == NULL || fid == NULL ||
	    rows_make(&r, p, pf, pa) == -1) {
		free(fv);
		free(fid);
		host->error(ctx, "out of memory");
		rv = -1;
		goto done;
	}
	for (i = 0; i < p->nfuncs; i++)
		fv[i] = p->funcs[i];
	qsort(fv, p->nfuncs, sizeof(*fv), cmpfilep);
	fputs(",\n\"files\":[", out);
	for (i = 0, k = -1; i < p->nfuncs; i++) {
		if (fv[i]->file == NULL)
			continue;
		if (k < 0 || strcmp(fv[i]->file, fv[i - 1]->file) != 0) {
			if (++k > 0)
				putc(',', out);
			json_str(out, fv[i]->file);
		}
		if ((j = pos_find(pf, p->nfuncs, fv[i])) >= 0)
			fid[j] = k;
	}
	putc(']', out);
	/* f: name, file (in files, -1: none), line, then funcnums()'s */
	fputs(",\n\"f\":[", out);
	for (i = 0; i < p->nfuncs; i++) {
		f = p->funcs[i];
		fputs(i > 0 ? ",\n[" : "\n[", out);
		json_str(out, f->name);
		fprintf(out, ",%ld,%d,", f->file != NULL ? fid[i] : -1L,
		    f->line);
		funcnums(out, &r, f, i);
		putc(']', out);
	}
	/* Functions only calling contexts name, hidden from the table. */
	for (i = 0; i < fr.n; i++) {
		if (fr.v[i].f != NULL)
			continue;
		fputs(",\n[", out);
		json_str(out, fr.v[i].name);
		fprintf(out, ",-1,0,0,0,0,0,%ld,2,[],[]]", -r.index);
		r.index = 0;
	}
	/* a: arcnums()'s */
	fputs("],\n\"a\":[", out);
	for (i = 0; i < p->narcs; i++) {
		a = p->arcs[i];
		arcnums(out, &r, a, pos_find(pf, p->nfuncs, a->caller),
		    pos_find(pf, p->nfuncs, a->callee), i == 0);
	}
	rows_free(&r);
	free(fv);
	free(fid);
	/* s: stacks, root first, as functions, then the weight in samples. */
	fputs("],\n\"s\":[", out);
	memset(&sw, 0, sizeof(sw));
	sw.out = out;
	sw.first = 1;
	if (hasctx && ctxstacks(&sw, p, &fr, ff) == -1) {
		host->error(ctx, "out of memory");
		rv = -1;
	}
	for (i = 0; i < st.n && !hasctx && rv == 0; i++) {
		if (st.v[i].w <= 0)
			continue;
		for (s = st.v[i].frames;; s = e + 1) {
			if ((e = strchr(s, ';')) == NULL)
				e = s + strlen(s);
			k = frames_find(&fr, s, (size_t)(e - s));
			if (k >= 0 && ff[k] >= 0 && sw_push(&sw, ff[k]) == -1) {
				host->error(ctx, "out of memory");
				rv = -1;
				break;
			}
			if (*e == '\0')
				break;
		}
		if (rv == 0)
			sw_end(&sw, st.v[i].w);
	}
	free(sw.prev);
	free(sw.cur);
	fputs("]", out);
	if (hasctx && p->nctxtrees > 1)
		ctxthreads(out, p);
	if (mem_have(p))
		memory(out, p, pf);
	if (GP_HAS(p, ndarcs) && (p->have & GP_HAVE_DIFF))
		diff(out, p);
	if (rv == 0 && sources(out, p) == -1) {
		host->error(ctx, "out of memory");
		rv = -1;
	}
	if (uthr_have(p))
		uthrnames(out, p);
	fputs("}\n</script>\n", out);
	if (rv == 0 && uthr_have(p) && uthreads(out, p) == -1) {
		host->error(ctx, "out of memory");
		rv = -1;
	}
	fputs("<script>\n", out);
	fputs(script, out);
	fputs(js_timeline, out);
	fputs(js_memory, out);
	fputs(js_source, out);
	fputs(js_compare, out);
	fputs(js_threads, out);
	fputs(ready, out);
	fputs("</script>\n", out);
	/*
	 * The timeline's spans after the page's script: the browser draws
	 * the page while it reads them, and timeline.js parses them then.
	 */
	if (trace_have(p) && rv == 0) {
		fputs("<script type=\"application/json\" id=\"tldata\">\n", out);
		if ((k = timeline(out, p, pf, &fr, ff)) != 0) {
			host->error(ctx, k == -1 ? "out of memory" :
			    "zlib: compressing failed");
			rv = -1;
		}
		fputs("\n</script>\n", out);
	}
	fputs("</body></html>\n", out);
done:
	free(ff);
	free(pf);
	free(pa);
	frames_free(&fr);
	stacks_free(&st);
	return rv;
}

PLUG_FORMAT("html", "one self-contained HTML page: flat profile, call "
    "graph, flame graph", GP_HAVE_GRAPH | GP_HAVE_THREADS, NULL, write_html);
