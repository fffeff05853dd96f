# rotate.sh: sourced by the benchmarks that run builds in rounds.
#
# rotate K WORD...: the words from the (K mod N)th on, then the ones
# before it, so that each round of a benchmark can start one build later
# than the last and no build always runs first or last (on the test
# machine, the same library run last in every round measured 1 to 2 ns a
# call more or less than run third).
rotate()
{
	_k=$(($1 % ($# - 1)))
	shift
	while [ "$_k" -gt 0 ]; do
		_w=$1
		shift
		set -- "$@" "$_w"
		_k=$((_k - 1))
	done
	echo "$@"
}
