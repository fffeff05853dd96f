// The flame graph's thread switch, when the calling contexts keep the
// threads apart (D.thr: a name for each tree; D.sth: each stack's tree).
(function () {
	if (!D.thr || !D.sth) {
		$('fgthr').style.display = 'none';
		return;
	}
	let h = '<label>thread <select id=fgsel><option value=-1>all ' +
	    'threads</option>';
	D.thr.forEach((t, i) => {
		h += '<option value=' + i + '>' + esc(t) + '</option>';
	});
	$('fgthr').innerHTML = h + '</select></label>';
	$('fgsel').onchange = () => {
		FT = +$('fgsel').value;
		flame();
	};
	function fromhash() {
		const m = /^#fgthr=(\d+)$/.exec(location.hash);
		if (m && D.thr[+m[1]]) {
			$('fgsel').value = m[1];
			FT = +m[1];
			flame();
		}
	}
	window.addEventListener('hashchange', fromhash);
	fromhash();
})();

// The flat profile's and call graph's thread switch (D.ut: each thread's
// number and name), when gp-fmt gave each thread's own profile: gp-fmt -u
// N's flat profile and call graph, in script element thrI (I from 0),
// parsed the first time it is shown.  #thr=N, or #thr=N,fK, shows thread
// N (and function K's entry).
(function () {
	if (!D.ut) {
		$('uthr').style.display = 'none';
		return;
	}
	const all = {f: F, a: A, t: D.total, m: null, r: null};
	const seen = [];
	function view(i) {
		if (seen[i])
			return seen[i];
		const T = JSON.parse($('thr' + i).textContent);
		// the same numbers as all threads', or another thread's
		if (T.same !== undefined)
			return (seen[i] = T.same < 0 ? all : view(T.same));
		unpack(T.f, T.a, 1);
		const m = T.f.map(r => r[0]), r = new Map();
		m.forEach((g, k) => {
			if (g >= 0)
				r.set(g, k);
		});
		// a row as F's: name, file and line from F when F has it
		const f = T.f.map(x => {
			const b = x[0] >= 0 ? F[x[0]] : [x[9], null, 0];
			return [b[0], b[1], b[2], x[1], x[2], x[3], x[4], x[5],
			    x[6], x[7], x[8]];
		});
		return (seen[i] = {f: f, a: T.a, t: T.total, m: m, r: r});
	}
	let h = '<label>thread <select id=usel><option value=-1>all ' +
	    'threads</option>';
	D.ut.forEach((t, i) => {
		h += '<option value=' + i + '>' + esc(t[1]) + '</option>';
	});
	$('uthr').innerHTML = h + '</select></label> <span class=note>the ' +
	    'flat profile and call graph of that thread alone, as gp-fmt ' +
	    '-u reports them</span>';
	function pick(i) {
		V = i < 0 ? all : view(i);
		$('usel').value = String(i);
		$('uthrcg').textContent = i < 0 ? '' : '(' + D.ut[i][1] + ')';
		vorder();
		resort();
		entry();
		// the flame graph follows, when one tree is that thread's
		if (!D.thrn || !$('fgsel'))
			return;
		const trees = [];
		D.thrn.forEach((n, k) => {
			if (i >= 0 && n === D.ut[i][0])
				trees.push(k);
		});
		if (i >= 0 && trees.length !== 1)
			return;
		$('fgsel').value = String(i < 0 ? -1 : trees[0]);
		FT = i < 0 ? -1 : trees[0];
		flame();
	}
	$('usel').onchange = () => pick(+$('usel').value);
	function fromhash() {
		const m = /^#thr=(\d+)(,f\d+)?$/.exec(location.hash);
		if (!m)
			return;
		const i = D.ut.findIndex(t => t[0] === +m[1]);
		if (i < 0)
			return;
		// as a click on the switch does
		$('usel').value = String(i);
		$('usel').dispatchEvent(new Event('change'));
	}
	window.addEventListener('hashchange', fromhash);
	fromhash();
})();
