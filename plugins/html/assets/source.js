// The source of a line profile (D.src: [path, its lines or null]): a
// file's lines with their self time and calls, summed over the line
// symbols of each line (F entries of that file and line), the hottest
// numbered in #srchot; the text, when gp-fmt could read it, of the lines
// with cost and CONTEXT lines around each, else those lines alone.
(function () {
	const sect = $('srcsec');
	if (!D.src || !D.src.length) {
		sect.style.display = 'none';
		return;
	}
	const CONTEXT = 3, HOT = 20;
	document.querySelector('nav').insertAdjacentHTML('beforeend',
	    '<a href="#source">Source</a>');
	const files = D.src.map(([path, text]) => ({ path: path, text: text,
	    lines: new Map(), self: 0 }));
	const byPath = new Map(files.map(f => [f.path, f]));
	F.forEach((f, i) => {
		const s = byPath.get(f[1]);
		if (!s || f[8] || !f[2])
			return;
		let l = s.lines.get(f[2]);
		if (!l) {
			l = { n: f[2], self: 0, calls: 0, fs: [] };
			s.lines.set(f[2], l);
		}
		l.self += f[3];
		l.calls += f[5] + f[6];
		l.fs.push(i);
		s.self += f[3];
	});
	files.sort((a, b) => b.self - a.self || (a.path < b.path ? -1 : 1));
	const short = p => p.replace(/^.*\//, '');
	// the hottest lines of all files
	const all = [];
	for (const s of files)
		for (const l of s.lines.values())
			if (l.self > 0)
				all.push([s, l]);
	all.sort((a, b) => b[1].self - a[1].self || (a[0].path < b[0].path ?
	    -1 : a[0].path > b[0].path ? 1 : a[1].n - b[1].n));
	const rank = new Map();
	all.slice(0, HOT).forEach(([s, l], k) => rank.set(l, k + 1));
	$('srchot').innerHTML = all.slice(0, HOT).map(([s, l]) =>
	    '<li><a href="#line=' + files.indexOf(s) + ':' + l.n + '">' +
	    esc(short(s.path)) + ':' + l.n + '</a> ' + sec(l.self) + ' ' + U +
	    ' (' + pct(l.self) + '%)</li>').join('');
	let h = '';
	files.forEach((s, k) => {
		h += '<option value=' + k + '>' + esc(s.path) + ' (' +
		    sec(s.self) + ' ' + U + ')</option>';
	});
	$('srcfile').innerHTML = h;
	let max = 0;
	for (const [, l] of all)
		max = Math.max(max, l.self);
	function show(k, at) {
		const s = files[k], want = new Set();
		const n = s.text ? s.text.length : 0;
		for (const l of s.lines.values()) {
			if (!(l.self > 0 || l.calls > 0))
				continue;
			if (!s.text)
				want.add(l.n);
			else
				for (let j = Math.max(1, l.n - CONTEXT);
				    j <= Math.min(n, l.n + CONTEXT); j++)
					want.add(j);
		}
		const ln = [...want].sort((a, b) => a - b);
		let o = '<thead><tr><th>hot</th><th>line</th><th>self ' + U +
		    '</th><th>%time</th><th>calls</th><th class=n>function</th>' +
		    '<th class=n>' + (s.text ? 'source' : 'source (the file ' +
		    'was not read)') + '</th></tr></thead><tbody>', prev = 0;
		for (const j of ln) {
			if (prev && j > prev + 1)
				o += '<tr class=gap><td></td><td>\u22ee</td><td ' +
				    'colspan=5></td></tr>';
			prev = j;
			const l = s.lines.get(j), r = l ? rank.get(l) : 0,
			    a = l && l.self > 0 && max > 0 ? 0.12 + 0.6 * l.self /
			    max : 0;
			o += '<tr id=L' + j + (l && l.self > 0 ? ' class=hot' : '') +
			    (a ? ' style="background:rgba(230,40,0,' +
			    a.toFixed(3) + ')"' : '') + '><td>' + (r ? '#' + r :
			    '') + '</td><td>' + j + '</td><td>' + (l ?
			    sec(l.self) : '') + '</td><td>' + (l && l.self > 0 ?
			    pct(l.self) : '') + '</td><td>' + (l && l.calls ?
			    l.calls : '') + '</td><td class=n>' + (l ?
			    [...new Set(l.fs.map(i => F[i][0]))].map(nm =>
			    link(l.fs.find(i => F[i][0] === nm))).join(' ') : '') +
			    '</td><td class=src>' + (s.text && s.text[j - 1] !==
			    undefined ? esc(s.text[j - 1]) : '') + '</td></tr>';
		}
		$('srctab').innerHTML = o + '</tbody>';
		$('srcfile').value = k;
		if (at) {
			const el = document.getElementById('L' + at);
			if (el)
				el.scrollIntoView({ block: 'center' });
		}
	}
	$('srcfile').onchange = () => show(+$('srcfile').value, 0);
	function fromhash() {
		const m = /^#line=(\d+):(\d+)$/.exec(location.hash);
		if (m && files[+m[1]])
			show(+m[1], +m[2]);
	}
	window.addEventListener('hashchange', fromhash);
	show(0, 0);
	fromhash();
})();
