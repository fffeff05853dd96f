// The flame graph's thread switch, when the calling contexts keep the
// threads apart (D.thr: a name for each tree; D.sth: each stack's tree).
// The flat profile and the call graph add every thread up: the view
// formats get has no per-thread functions.
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
