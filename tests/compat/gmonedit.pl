#!/usr/bin/perl
#
# gmonedit.pl -nohist | -zero | -noarcs < gmon.out > edited.out
#
# Edits a GNU gmon.out of a 64-bit little-endian program: drops its
# histogram records (-nohist), zeroes every bin (-zero), or drops its
# call-graph arcs (-noarcs).
use strict;
use warnings;

my $mode = shift // '';
die "usage: gmonedit.pl -nohist | -zero | -noarcs\n"
    unless $mode =~ /^-(nohist|zero|noarcs)$/;
binmode STDIN;
binmode STDOUT;
local $/;
my $d = <STDIN>;
die "gmonedit.pl: not a GNU gmon.out\n"
    unless length($d) >= 20 && substr($d, 0, 4) eq 'gmon';
my $out = substr($d, 0, 20);
my $p = 20;
while ($p < length $d) {
	my $tag = ord substr($d, $p, 1);
	if ($tag == 0) {
		my $n = unpack('V', substr($d, $p + 17, 4));
		my $len = 41 + 2 * $n;
		if ($mode eq '-zero') {
			$out .= substr($d, $p, 41) . "\0" x (2 * $n);
		} elsif ($mode ne '-nohist') {
			$out .= substr($d, $p, $len);
		}
		$p += $len;
	} elsif ($tag == 1) {
		$out .= substr($d, $p, 21) unless $mode eq '-noarcs';
		$p += 21;
	} else {
		die "gmonedit.pl: tag $tag at byte $p\n";
	}
}
print $out;
