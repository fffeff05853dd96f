// The memory profile (D.mem): its totals and a row per call site, as
// gp-fmt -M prints them (the same sums, the same order), then the sums
// by caller; for all threads or one.  A record of D.mem.r: pid, thread,
// site, fn, the site's function and fn's (indices in F, -1: none), then
// nmalloc, ncalloc, nrealloc, nfree, fails, badfree, bytes, freedblocks,
// freedbytes, liveblocks, livebytes, peak.
(function () {
	const sect = $('memsec');
	if (!D.mem) {
		sect.style.display = 'none';
		return;
	}
	const M = D.mem, R = M.r, C = 6, NC = 12, PEAK = 11;
	const thr = [];
	for (const r of R) {
		const k = r[0] + ' ' + r[1];
		if (thr.indexOf(k) < 0)
			thr.push(k);
	}
	let h = '<option value="">all threads</option>';
	for (const k of thr) {
		const [pid, t] = k.split(' ');
		h += '<option value="' + k + '">thread ' + t + ' of process ' +
		    pid + '</option>';
	}
	$('memthr').innerHTML = h;
	// a site's function said once: not again after "in"
	function fnof(r) {
		const s = r[2], f = r[3];
		if (f === null || (s.startsWith(f) && (s.length === f.length ||
		    s[f.length] === '+')))
			return null;
		return f;
	}
	function add(to, r) {
		for (let i = 0; i < NC - 1; i++)
			to[i] += r[C + i];
		if (r[C + PEAK] > to[PEAK])
			to[PEAK] = r[C + PEAK];
	}
	const cmp = (a, b) => a < b ? -1 : a > b ? 1 : 0;
	function calls(m) {
		return m[0] + m[1] + m[2] + m[3];
	}
	const pl = (n, one, many) => n === 1 ? one : many;
	const pad = (v, w) => String(v).padStart(w);
	let sortc = -1, sortd = 1, rows = [];
	const COLS = ['bytes', 'calls', 'peak', 'failed', 'unknown',
	    'unfreed blocks', 'unfreed bytes', 'call site'];
	const val = (x, c) => c === 0 ? x.m[6] : c === 1 ? calls(x.m) :
	    c === 2 ? x.m[PEAK] : c === 3 ? x.m[4] : c === 4 ? x.m[5] :
	    c === 5 ? x.m[9] : c === 6 ? x.m[10] : x.site;
	function fl(f, name) {
		return f >= 0 && F[f] && F[f][7] ? '<a href="#f' + f + '">' +
		    esc(name) + '</a>' : esc(name);
	}
	function draw() {
		const want = $('memthr').value;
		// one row a site and function, gp-fmt -M's
		const by = new Map(), fn = new Map(), t = new Array(NC).fill(0);
		for (const r of R) {
			if (want && r[0] + ' ' + r[1] !== want)
				continue;
			const f = fnof(r), k = r[2] + '\0' + (f === null ? '' :
			    '\u0001' + f);
			let x = by.get(k);
			if (!x) {
				x = { site: r[2], fn: f, sf: r[4], ff: r[5],
				    m: new Array(NC).fill(0) };
				by.set(k, x);
			}
			add(x.m, r);
			add(t, r);
			// the caller: the instrumented function, else the site's
			const cn = f !== null ? f : r[3] !== null ? r[3] :
			    r[2].replace(/\+0x[0-9a-f]+$/, '');
			const ci = f !== null || r[3] !== null ? r[5] : r[4];
			let y = fn.get(cn);
			if (!y) {
				y = { name: cn, f: ci, m: new Array(NC).fill(0),
				    n: 0 };
				fn.set(cn, y);
			}
			add(y.m, r);
			y.n++;
		}
		rows = [...by.values()];
		rows.sort((a, b) => b.m[6] - a.m[6] || calls(b.m) - calls(a.m) ||
		    cmp(a.site, b.site) || (a.fn === null ? (b.fn === null ? 0 :
		    -1) : b.fn === null ? 1 : cmp(a.fn, b.fn)));
		if (sortc >= 0)
			rows.sort((a, b) => {
				const x = val(a, sortc), y = val(b, sortc);
				return x < y ? -sortd : x > y ? sortd : 0;
			});
		const n = t[0] + t[1] + t[2];
		let s = ' allocated ' + pad(t[6], 14) + ' bytes by ' + n + ' ' +
		    pl(n, 'call', 'calls') + ' (' + t[0] + ' malloc, ' + t[1] +
		    ' calloc, ' + t[2] + ' realloc)\n' + ' freed     ' +
		    pad(t[8], 14) + ' bytes of ' + t[7] + ' ' + pl(t[7], 'block',
		    'blocks') + '; ' + t[3] + ' ' + pl(t[3], 'call', 'calls') +
		    ' to free\n' + ' unfreed   ' + pad(t[10], 14) + ' bytes in ' +
		    t[9] + ' ' + pl(t[9], 'block', 'blocks') + '\n';
		if (M.sums > 0 && !want)
			s += ' in use    ' + pad(M.live, 14) + ' bytes at the end, ' +
			    M.peak + ' at most\n';
		s += ' failed    ' + pad(t[4], 14) + ' ' + pl(t[4], 'allocation',
		    'allocations') + '\n' + ' unknown   ' + pad(t[5], 14) + ' ' +
		    pl(t[5], 'free', 'frees') + ' of pointers not allocated';
		$('memtot').textContent = s;
		let o = '<thead><tr>';
		COLS.forEach((c, k) => {
			o += '<th' + (k === 7 ? ' class=n' : '') + ' data-c=' + k +
			    '>' + c + '</th>';
		});
		o += '</tr></thead><tbody>';
		for (const x of rows.slice(0, 2000))
			o += '<tr' + (x.m[9] ? ' class=leak' : '') + '><td>' + x.m[6] +
			    '</td><td>' + calls(x.m) + '</td><td>' + x.m[PEAK] +
			    '</td><td>' + x.m[4] + '</td><td>' + x.m[5] + '</td><td>' +
			    x.m[9] + '</td><td>' + x.m[10] + '</td><td class=n>' +
			    fl(x.sf, x.site) + (x.fn !== null ? ' in ' + fl(x.ff,
			    x.fn) : '') + '</td></tr>';
		$('memtab').innerHTML = o + '</tbody>';
		const fv = [...fn.values()].sort((a, b) => b.m[6] - a.m[6] ||
		    calls(b.m) - calls(a.m) || cmp(a.name, b.name));
		o = '<thead><tr><th>bytes</th><th>calls</th><th>allocations</th>' +
		    '<th>freed blocks</th><th>unfreed blocks</th><th>unfreed ' +
		    'bytes</th><th class=n>caller</th></tr></thead><tbody>';
		for (const y of fv.slice(0, 2000))
			o += '<tr' + (y.m[9] ? ' class=leak' : '') + '><td>' + y.m[6] +
			    '</td><td>' + calls(y.m) + '</td><td>' + (y.m[0] + y.m[1] +
			    y.m[2]) + '</td><td>' + y.m[7] + '</td><td>' + y.m[9] +
			    '</td><td>' + y.m[10] + '</td><td class=n>' + fl(y.f,
			    y.name) + '</td></tr>';
		$('memfn').innerHTML = o + '</tbody>';
	}
	$('memthr').onchange = draw;
	// #memthr=PID.THREAD: that thread's
	function fromhash() {
		const m = /^#memthr=(\d+)\.(\d+)$/.exec(location.hash);
		if (m && thr.indexOf(m[1] + ' ' + m[2]) >= 0) {
			$('memthr').value = m[1] + ' ' + m[2];
			draw();
		}
	}
	window.addEventListener('hashchange', fromhash);
	$('memtab').onclick = e => {
		const c = e.target.dataset.c;
		if (c === undefined)
			return;
		if (+c === sortc)
			sortd = -sortd;
		else {
			sortc = +c;
			sortd = sortc === 7 ? 1 : -1;
		}
		draw();
	};
	draw();
	fromhash();
})();
