// The comparison of two runs (D.diff, from a gp-diff stream): its
// functions side by side as gp-fmt's comparison report has them (the
// same rows, order and rounding), the new run's flame graph coloured by
// the change of each function's self time, and the call arcs whose calls
// changed.  D.diff.f: name, file, in (1 old, 2 new), old and new calls,
// self, total; D.diff.a: parent, child, old and new calls, time.
(function () {
	const sect = $('cmpsec');
	if (!D.diff) {
		sect.style.display = 'none';
		return;
	}
	const X = D.diff;
	document.querySelector('nav').insertAdjacentHTML('afterbegin',
	    '<a href="#compare">Comparison</a>');
	$('cmphead').innerHTML = 'old: <b>' + esc(X.old) + '</b>, ' +
	    X.ot.toFixed(2) + ' s; new: <b>' + esc(X.new) + '</b>, ' +
	    (X.norm ? X.ot : X.nt).toFixed(2) + ' s' + (X.norm ?
	    ' (new times scaled to the old total)' : '');
	const cmp = (a, b) => a < b ? -1 : a > b ? 1 : 0;
	// gp-fmt's "%+8.1f%%", "new" or nothing
	function delta(o, n) {
		if (o > 0) {
			const v = 100 * (n - o) / o;
			return (v >= 0 ? '+' : '') + v.toFixed(1) + '%';
		}
		return n > 0 ? 'new' : '';
	}
	const cls = (o, n) => n > o ? ' class=up' : n < o ? ' class=down' : '';
	const byname = new Map();
	F.forEach((f, i) => {
		if (!f[8] && f[7] && !byname.has(f[0]))
			byname.set(f[0], i);
	});
	const nl = nm => byname.has(nm) ? link(byname.get(nm)) : esc(nm);
	const ch = X.f.filter(f => !(f[2] === 3 && f[3] === f[4] &&
	    f[5] === f[6] && f[7] === f[8]));
	ch.sort((l, r) => Math.abs(r[6] - r[5]) - Math.abs(l[6] - l[5]) ||
	    Math.abs(r[8] - r[7]) - Math.abs(l[8] - l[7]) ||
	    Math.abs(r[4] - r[3]) - Math.abs(l[4] - l[3]) || r[2] - l[2] ||
	    cmp(l[0], r[0]) || cmp(l[1] || '', r[1] || ''));
	let h = '<thead><tr><th>calls old</th><th>calls new</th><th>delta</th>' +
	    '<th>self s old</th><th>self s new</th><th>delta</th><th>total s ' +
	    'old</th><th>total s new</th><th class=n>name</th></tr></thead>' +
	    '<tbody>';
	for (const f of ch.slice(0, 2000))
		h += '<tr><td>' + f[3] + '</td><td>' + f[4] + '</td><td' +
		    cls(f[3], f[4]) + '>' + delta(f[3], f[4]) + '</td><td>' +
		    f[5].toFixed(2) + '</td><td>' + f[6].toFixed(2) + '</td><td' +
		    cls(f[5], f[6]) + '>' + delta(f[5], f[6]) + '</td><td>' +
		    f[7].toFixed(2) + '</td><td>' + f[8].toFixed(2) +
		    '</td><td class=n>' + nl(f[0]) + (f[1] ? ' (' + esc(f[1]) +
		    ')' : '') + (f[2] === 1 ? ' [removed]' : f[2] === 2 ?
		    ' [added]' : '') + '</td></tr>';
	if (!ch.length)
		h += '<tr><td colspan=9 class=n>no change</td></tr>';
	$('cmptab').innerHTML = h + '</tbody>';

	// the arcs whose calls changed, the largest change first
	const ca = X.a.filter(a => a[2] !== a[3]);
	ca.sort((l, r) => Math.abs(r[3] - r[2]) - Math.abs(l[3] - l[2]) ||
	    cmp(l[0], r[0]) || cmp(l[1], r[1]));
	h = '<thead><tr><th>calls old</th><th>calls new</th><th>delta</th>' +
	    '<th>time s old</th><th>time s new</th><th class=n>caller -&gt; ' +
	    'callee</th></tr></thead><tbody>';
	for (const a of ca.slice(0, 2000))
		h += '<tr><td>' + a[2] + '</td><td>' + a[3] + '</td><td' +
		    cls(a[2], a[3]) + '>' + delta(a[2], a[3]) + '</td><td>' +
		    a[4].toFixed(2) + '</td><td>' + a[5].toFixed(2) +
		    '</td><td class=n>' + nl(a[0]) + ' -&gt; ' + nl(a[1]) +
		    '</td></tr>';
	if (!ca.length)
		h += '<tr><td colspan=6 class=n>no call arc changed its calls' +
		    '</td></tr>';
	$('cmparcs').innerHTML = h + '</tbody>';

	// the differential flame graph: the new stacks, coloured by the
	// change of self time of each frame's function
	const dself = new Map();
	let big = 0;
	for (const f of X.f) {
		const d = f[6] - f[5];
		dself.set(f[0], (dself.get(f[0]) || 0) + d);
	}
	for (const d of dself.values())
		big = Math.max(big, Math.abs(d));
	const { root, depth } = fgtree(null);
	const el = $('dflame'), H = 18;
	el.style.height = (depth * H + 2) + 'px';
	if (!root.w) {
		el.textContent = 'no time in the new run';
		return;
	}
	h = '';
	(function draw(n, x, d) {
		if (n.n >= 0) {
			const w = 100 * n.w / root.w;
			if (w < 0.05)
				return;
			const nm = F[n.n][0], dv = dself.get(nm) || 0,
			    a = big > 0 ? Math.abs(dv) / big : 0,
			    bg = dv > 0 ? 'rgb(255,' + Math.round(235 - 170 * a) + ',' +
			    Math.round(235 - 200 * a) + ')' : dv < 0 ? 'rgb(' +
			    Math.round(235 - 200 * a) + ',' + Math.round(235 - 120 *
			    a) + ',255)' : '#e8e8e8';
			h += '<div style="left:' + x + '%;width:' + w + '%;top:' +
			    (depth - d) * H + 'px;background:' + bg + '" title="' +
			    esc(nm) + ': self ' + (dv >= 0 ? '+' : '') +
			    dv.toFixed(4) + ' s" data-i=' + n.n + '>' + esc(nm) +
			    '</div>';
		}
		for (const c of kids(n)) {
			draw(c, x, d + 1);
			x += 100 * c.w / root.w;
		}
	})(root, 0, 0);
	el.innerHTML = h;
	el.onclick = e => {
		const i = e.target.dataset.i;
		if (i !== undefined)
			location.hash = '#f' + i;
	};
})();
