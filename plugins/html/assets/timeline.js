// The timeline of the trace collector (D.tl, from #tldata, which follows
// the page's script): one lane per thread, a row per depth of calls,
// drawn on a canvas, only the spans in view; wheel zooms round the
// pointer, dragging pans, a click shows a call.
// Each thread's spans are tr.z: base64 of zlib-compressed varints (the
// signed ones zigzagged: 0, -1, 1, -2 as 0, 1, 2, 3): for each span its
// start (nanoseconds after the previous span's start), length and
// function + 1 (index in F, -1: unknown); then the depths nesting does
// not give, then the flags (1: entered before the first event kept,
// 2: never left, 4: open through the whole timeline), each as a count
// and pairs of the span's number (after the previous pair's) and the
// value; then for each span without flags its duration as replay prints
// it: zigzag(c) * 4 + class (0 ns, 1 us, 2 ms, 3 s: from the times),
// the printed value in picoseconds being length * 1000 + c.  A span's depth (1: outermost), unless listed, is one more than
// that of the span holding it, else 1: the last span before it that has
// not ended before it starts or ends.  tlspans() makes them arrays.
async function tlbytes(z) {
	let u;
	if (Uint8Array.fromBase64)
		u = Uint8Array.fromBase64(z);
	else {
		const b = atob(z);
		u = new Uint8Array(b.length);
		for (let i = 0; i < b.length; i++)
			u[i] = b.charCodeAt(i);
	}
	const s = new Blob([u]).stream().pipeThrough(
	    new DecompressionStream('deflate'));
	return new Uint8Array(await new Response(s).arrayBuffer());
}
async function tlspans(tr) {
	const b = await tlbytes(tr.z), n = tr.ns;
	let p = 0;
	function num() {
		let v = 0, m = 1, c;
		do {
			c = b[p++];
			v += (c & 127) * m;
			m *= 128;
		} while (c & 128);
		return v;
	}
	const zz = v => v % 2 ? -(v + 1) / 2 : v / 2;
	const st = new Float64Array(n), len = new Float64Array(n),
	    fn = new Int32Array(n), dep = new Int32Array(n),
	    fl = new Uint8Array(n), given = new Uint8Array(n);
	let t = 0;
	for (let i = 0; i < n; i++) {
		t += zz(num());
		st[i] = t;
		len[i] = zz(num());
		fn[i] = num() - 1;
	}
	for (let k = num(), i = 0; k > 0; k--) {
		i += num();
		dep[i] = num();
		given[i] = 1;
	}
	for (let k = num(), i = 0; k > 0; k--) {
		i += num();
		fl[i] = num();
	}
	const cls = new Uint8Array(n), ps = new Float64Array(n);
	for (let i = 0; i < n; i++)
		if (!fl[i]) {
			const v = num(), c = v % 4;
			cls[i] = c;
			ps[i] = len[i] * 1000 + zz((v - c) / 4);
		}
	// the depths by nesting: a stack of the spans holding the next
	const hold = new Int32Array(n);
	let sp = 0;
	for (let i = 0; i < n; i++) {
		const e = st[i] + len[i];
		while (sp > 0 && (st[hold[sp - 1]] + len[hold[sp - 1]] < st[i] ||
		    st[hold[sp - 1]] + len[hold[sp - 1]] < e))
			sp--;
		if (!given[i])
			dep[i] = sp > 0 ? dep[hold[sp - 1]] + 1 : 1;
		hold[sp++] = i;
	}
	tr.st = st;
	tr.len = len;
	tr.fn = fn;
	tr.dep = dep;
	tr.fl = fl;
	tr.cls = cls;
	tr.ps = ps;
	delete tr.z;
}
async function tlinit() {
	const sect = $('tlsec');
	if (!D.tl || !D.tl.length) {
		sect.style.display = 'none';
		return;
	}
	const ROW = 15, HEAD = 20, AXIS = 18, T = [], box = $('tlbox');
	let lo = Infinity, hi = -Infinity;
	for (const tr of D.tl) {
		// a thread at a time, the page answering between them
		if (tr.z !== undefined)
			await tlspans(tr);
		const st = tr.st, len = tr.len, dep = tr.dep, n = st.length,
		    d = tr.d;
		// per depth: starts, ends, span numbers, in order of start
		const cnt = new Int32Array(d + 1);
		for (let i = 0; i < n; i++)
			cnt[dep[i]]++;
		const rows = [];
		for (let k = 0; k <= d; k++)
			rows.push({ s: new Float64Array(cnt[k]),
			    e: new Float64Array(cnt[k]), i: new Int32Array(cnt[k]),
			    n: 0 });
		for (let i = 0; i < n; i++) {
			const r = rows[dep[i]];
			r.s[r.n] = st[i];
			r.e[r.n] = st[i] + len[i];
			r.i[r.n++] = i;
		}
		if (n) {
			lo = Math.min(lo, st[0], tr.t0);
			hi = Math.max(hi, tr.t1);
		}
		let lab = 'thread ' + tr.thread + (tr.tid ? ' (tid ' + tr.tid +
		    ')' : '') + (tr.name ? ' ' + tr.name : '') + ': ' + tr.n +
		    ' events';
		if (tr.lost)
			lab += ', ' + tr.lost + (tr.first ? ' later' : ' earlier') +
			    ' events lost (ring truncated)';
		T.push({ tr: tr, st: st, rows: rows, y: 0, lab: lab, on: true,
		    h: HEAD + d * ROW + 6 });
	}
	let H = 0;
	function layout() {
		let y = AXIS;
		for (const L of T) {
			L.y = y;
			if (L.on)
				y += L.h;
		}
		H = y;
		$('tlsp').style.height = H + 'px';
		box.style.height = Math.min(Math.max(H, 60), 560) + 'px';
	}
	if (!(hi > lo)) {
		lo = 0;
		hi = 1;
	}
	const cv = $('tlc'), g = cv.getContext('2d');
	layout();
	let v0 = lo, v1 = hi + (hi - lo) * 0.01, W = 0, sel = null;

	// replay's durations: gp-fmt -o replay prints the same
	const base = D.tlbase;
	function dur(a, b) {
		const s = (base + b) / 1e9 - (base + a) / 1e9;
		return s < 1e-6 ? (s * 1e9).toFixed(3) + ' ns' : s < 1e-3 ?
		    (s * 1e6).toFixed(3) + ' us' : s < 1 ? (s * 1e3).toFixed(3) +
		    ' ms' : s.toFixed(3) + '  s';
	}
	// span i's: the digits replay prints, which the times in whole
	// nanoseconds do not give, else from its times
	function sdur(tr, i, a, b) {
		const c = tr.cls[i];
		if (tr.fl[i] || c === 3)
			return dur(a, b);
		return (tr.ps[i] / [1e3, 1e6, 1e9][c]).toFixed(3) +
		    [' ns', ' us', ' ms'][c];
	}
	function when(t) {
		return ((base + t) / 1e9).toFixed(9) + ' s';
	}
	function fname(f) {
		return f >= 0 && F[f] ? F[f][0] : '(unknown)';
	}
	function colour(f, fl) {
		if (fl & 5)
			return '#c8c8d8';
		const nm = fname(f);
		let h = 0;
		for (let i = 0; i < nm.length; i++)
			h = (h * 31 + nm.charCodeAt(i)) | 0;
		return 'hsl(' + (Math.abs(h) % 55) + ',80%,' +
		    (62 + Math.abs(h >> 8) % 14) + '%)';
	}
	// the first of r's spans ending after time t
	function after(r, t) {
		let a = 0, b = r.n;
		while (a < b) {
			const m = (a + b) >> 1;
			if (r.e[m] <= t)
				a = m + 1;
			else
				b = m;
		}
		return a;
	}
	function first(r, t, from) {	// the first starting at or after t
		let a = from, b = r.n;
		while (a < b) {
			const m = (a + b) >> 1;
			if (r.s[m] < t)
				a = m + 1;
			else
				b = m;
		}
		return a;
	}
	function tick(span) {
		const p = Math.pow(10, Math.floor(Math.log10(span)));
		return span / p >= 5 ? 5 * p : span / p >= 2 ? 2 * p : p;
	}
	function draw() {
		const dpr = window.devicePixelRatio || 1, ch = box.clientHeight;
		W = box.clientWidth;
		if (cv.width !== W * dpr || cv.height !== ch * dpr) {
			cv.width = W * dpr;
			cv.height = ch * dpr;
			cv.style.width = W + 'px';
			cv.style.height = ch + 'px';
		}
		g.setTransform(dpr, 0, 0, dpr, 0, 0);
		g.clearRect(0, 0, W, ch);
		g.font = '11px system-ui,sans-serif';
		g.textBaseline = 'middle';
		const k = W / (v1 - v0), top = box.scrollTop;
		for (const L of T) {
			const ly = L.y - top;
			if (!L.on || ly > ch || ly + L.h < AXIS)
				continue;
			const tr = L.tr;
			g.fillStyle = '#eef';
			g.fillRect(0, ly, W, HEAD - 2);
			g.fillStyle = '#223';
			g.fillText(L.lab, 4, ly + HEAD / 2 - 1);
			for (let d = 1; d < L.rows.length; d++) {
				const r = L.rows[d], ry = ly + HEAD + (d - 1) * ROW;
				if (ry + ROW < AXIS || ry > ch || !r.n)
					continue;
				let i = after(r, v0);
				while (i < r.n && r.s[i] <= v1) {
					const x0 = (r.s[i] - v0) * k,
					    x1 = (r.e[i] - v0) * k, si = r.i[i],
					    f = tr.fn[si], fl = tr.fl[si];
					if (x1 - x0 < 1) {
						// calls under a pixel: one mark
						const px = Math.floor(x0);
						g.fillStyle = colour(f, fl);
						g.fillRect(px, ry, 1, ROW - 1);
						i = first(r, v0 + (px + 1) / k, i + 1);
						continue;
					}
					const a = Math.max(x0, -1),
					    b = Math.min(x1, W + 1);
					g.fillStyle = colour(f, fl);
					g.fillRect(a, ry, b - a - 0.5, ROW - 1);
					if (fl & 1) {	// its start was lost
						g.fillStyle = '#d00';
						g.fillRect(a, ry, 2, ROW - 1);
					}
					if (b - a > 24) {
						const nm = fname(f),
						    c = Math.floor((b - a - 4) / 6.2);
						g.fillStyle = '#000';
						g.fillText(nm.length > c ? nm.slice(0,
						    Math.max(c - 1, 1)) + '\u2026' : nm,
						    a + 2, ry + ROW / 2);
					}
					i++;
				}
			}
			// where the ring lost events
			if (tr.lost) {
				const x = ((tr.first ? tr.t1 : tr.t0) - v0) * k;
				g.fillStyle = 'rgba(220,0,0,.85)';
				g.fillRect(x - 1, ly, 2, L.h - 6);
			}
		}
		if (sel && T[sel.t].on) {
			const L = T[sel.t], tr = L.tr, i = sel.i,
			    ry = L.y - top + HEAD + (tr.dep[i] - 1) * ROW,
			    x0 = (L.st[i] - v0) * k,
			    x1 = (L.st[i] + tr.len[i] - v0) * k;
			g.strokeStyle = '#000';
			g.lineWidth = 2;
			g.strokeRect(x0, ry, Math.max(x1 - x0, 2), ROW - 1);
		}
		// the time axis, seconds since the process started
		g.fillStyle = '#fff';
		g.fillRect(0, 0, W, AXIS);
		g.fillStyle = '#444';
		g.fillRect(0, AXIS - 1, W, 1);
		const step = tick((v1 - v0) / 8), far = Math.abs(base + v1),
		    u = far >= 1e9 ? [1e9, 's'] : far >= 1e6 ? [1e6, 'ms'] :
		    far >= 1e3 ? [1e3, 'us'] : [1, 'ns'],
		    dec = Math.max(0, Math.ceil(Math.log10(u[0] / step) - 1e-9));
		for (let t = Math.ceil((base + v0) / step) * step - base; t <= v1;
		    t += step) {
			const x = (t - v0) * k;
			g.fillRect(x, AXIS - 5, 1, 5);
			g.fillText(((base + t) / u[0]).toFixed(dec) + ' ' + u[1],
			    x + 2, AXIS / 2 - 2);
		}
	}
	// the thread switch: a box for each lane
	(function () {
		let h = '';
		T.forEach((L, i) => {
			h += '<label class=lane><input type=checkbox checked ' +
			    'data-t=' + i + '> <span>' + esc(L.lab) +
			    '</span></label>';
		});
		if (T.length > 1)
			h += ' <button id=tlall>all</button>';
		$('tlthreads').innerHTML = h;
		$('tlthreads').onchange = e => {
			const t = e.target.dataset.t;
			if (t === undefined)
				return;
			T[+t].on = e.target.checked;
			layout();
			redraw();
		};
		if ($('tlall'))
			$('tlall').onclick = () => {
				for (const el of $('tlthreads').querySelectorAll(
				    'input'))
					el.checked = true;
				for (const L of T)
					L.on = true;
				layout();
				redraw();
			};
	})();
	let queued = false;
	function redraw() {
		if (!queued) {
			queued = true;
			requestAnimationFrame(() => {
				queued = false;
				draw();
			});
		}
	}
	function zoom(x, f) {
		const t = v0 + (v1 - v0) * x / W;
		let w = (v1 - v0) * f;
		if (w < 10)
			w = 10;
		if (w > (hi - lo) * 4)
			w = (hi - lo) * 4;
		v0 = t - w * x / W;
		v1 = v0 + w;
		redraw();
	}
	box.addEventListener('wheel', e => {
		e.preventDefault();
		if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
			const d = (e.shiftKey ? e.deltaY : e.deltaX) *
			    (v1 - v0) / W;
			v0 += d;
			v1 += d;
			redraw();
		} else
			zoom(e.offsetX, Math.exp(e.deltaY * 0.002));
	}, { passive: false });
	let drag = null;
	cv.addEventListener('mousedown', e => {
		drag = { x: e.clientX, y: e.clientY, v0: v0, v1: v1,
		    top: box.scrollTop, moved: false };
	});
	window.addEventListener('mousemove', e => {
		if (!drag)
			return;
		const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
		if (Math.abs(dx) + Math.abs(dy) > 3)
			drag.moved = true;
		const d = dx * (drag.v1 - drag.v0) / W;
		v0 = drag.v0 - d;
		v1 = drag.v1 - d;
		box.scrollTop = drag.top - dy;
		redraw();
	});
	window.addEventListener('mouseup', e => {
		if (drag && !drag.moved)
			pick(e);
		drag = null;
	});
	cv.addEventListener('dblclick', () => {
		v0 = lo;
		v1 = hi + (hi - lo) * 0.01;
		redraw();
	});
	box.addEventListener('scroll', redraw);
	window.addEventListener('resize', redraw);
	$('tlreset').onclick = () => {
		v0 = lo;
		v1 = hi + (hi - lo) * 0.01;
		redraw();
	};

	// the span under the pointer
	function pick(e) {
		const rc = cv.getBoundingClientRect(),
		    py = e.clientY - rc.top + box.scrollTop,
		    t = v0 + (e.clientX - rc.left) * (v1 - v0) / W;
		for (let ti = 0; ti < T.length; ti++) {
			const L = T[ti], d = Math.floor((py - L.y - HEAD) / ROW) + 1;
			if (!L.on || py < L.y || py >= L.y + L.h || d < 1 ||
			    d >= L.rows.length)
				continue;
			const r = L.rows[d], tol = 3 * (v1 - v0) / W;
			let i = after(r, t - tol);
			if (i < r.n && r.s[i] <= t + tol) {
				show(ti, r.i[i]);
				return;
			}
		}
	}
	// the spans holding span i of lane L: its callers, outermost first
	function stack(L, i) {
		const d = L.tr.dep[i], t = L.st[i], out = [];
		for (let k = d - 1; k >= 1; k--) {
			const r = L.rows[k];
			const j = after(r, t);	// ends after t
			if (j < r.n && r.s[j] <= t)
				out.unshift(r.i[j]);
		}
		return out;
	}
	function flink(f) {
		return f >= 0 && F[f] && F[f][7] ? link(f) :
		    esc(fname(f));
	}
	function show(ti, i) {
		const L = T[ti], tr = L.tr, f = tr.fn[i], fl = tr.fl[i],
		    a = L.st[i], b = a + tr.len[i];
		sel = { t: ti, i: i };
		let h = '<b>' + flink(f) + '</b> on thread ' + tr.thread +
		    '<dl><dt>duration</dt><dd class=dur>' + (fl ? 'at least ' :
		    '') + sdur(tr, i, a, b) + '</dd><dt>entered</dt><dd>' +
		    (fl & 1 ?
		    'before ' + when(a) + ' (the ring lost its enter)' :
		    when(a)) + '</dd><dt>left</dt><dd>' + (fl & 2 ?
		    'not before ' + when(b) + ' (no leave recorded)' : when(b)) +
		    '</dd><dt>depth</dt><dd>' + tr.dep[i] + '</dd>';
		if (f >= 0 && F[f] && F[f][7])
			h += '<dt>call graph</dt><dd>entry [' + F[f][7] + '], ' +
			    F[f][5] + (F[f][6] ? '+' + F[f][6] : '') +
			    ' calls, ' + sec(F[f][3]) + ' ' + U + ' self, ' +
			    sec(F[f][3] + F[f][4]) + ' ' + U + ' total</dd>';
		h += '<dt>called from</dt><dd class=path>' + (stack(L, i).map(j =>
		    flink(tr.fn[j])).join(' \u2192 ') || '<i>the thread' +
		    '\'s start</i>') + '</dd></dl>';
		$('tlsel').innerHTML = h;
		draw();
	}
	// #span=T.I: that span shown, in view
	function fromhash() {
		const m = /^#span=(\d+)\.(\d+)$/.exec(location.hash);
		if (!m || !T[+m[1]] || +m[2] >= T[+m[1]].st.length)
			return;
		const L = T[+m[1]], i = +m[2], a = L.st[i],
		    b = a + L.tr.len[i], w = Math.max((b - a) * 3, 1000);
		v0 = a - w / 3;
		v1 = v0 + w;
		box.scrollTop = L.y - AXIS;
		show(+m[1], i);
	}
	// for the tests: #tl-spans, every call with its enter and leave
	// kept, as replay prints its duration: "thread duration unit name";
	// #tl-depths, every call with its depth: "thread depth name"
	function spans() {
		const d = location.hash === '#tl-depths';
		if (location.hash !== '#tl-spans' && !d)
			return;
		const o = [];
		for (const L of T) {
			const tr = L.tr;
			for (let i = 0; i < L.st.length; i++)
				if (d)
					o.push(tr.thread + ' ' + tr.dep[i] + ' ' +
					    fname(tr.fn[i]));
				else if (!tr.fl[i])
					o.push(tr.thread + ' ' + sdur(tr, i, L.st[i],
					    L.st[i] + tr.len[i]).replace(/ +/, ' ') +
					    ' ' + fname(tr.fn[i]));
		}
		$('tlspans').textContent = o.join('\n');
	}
	window.addEventListener('hashchange', () => {
		fromhash();
		spans();
	});
	draw();
	fromhash();
	spans();
}
// The timeline's data are a script element of their own after the page's
// script (D.tln: how many lanes), read and parsed after the rest of the
// page is drawn: the page answers at once, the timeline comes a moment
// later (body data-tlready: when).
(function () {
	if (!D.tln) {
		$('tlsec').style.display = 'none';
		return;
	}
	// after the page's first frame
	afterframe(async () => {
		if (document.readyState === 'loading')
			await new Promise(r => document.addEventListener(
			    'DOMContentLoaded', r));
		const x = JSON.parse($('tldata').textContent);
		D.tl = x.tl;
		D.tlbase = x.tlbase;
		await tlinit();
		document.body.dataset.tlready =
		    String(Math.round(performance.now()));
	});
})();
