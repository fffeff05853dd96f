#!/usr/bin/perl
#
# gmonedit.pl EDIT < gmon.out > edited.out
#
# Edits a GNU gmon.out of a 64-bit little-endian program.  EDIT is one of
#	-nohist		drop the histogram records
#	-zero		zero every bin
#	-noarcs		drop the call-graph arcs
#	-rate N		set the histograms' sampling rate to N
#	-dimen D A	set their dimension to D (up to 15 bytes) and its
#			abbreviation to the character A
use strict;
use warnings;

my $mode = shift // '';
my ($rate, $dimen, $abbrev);
if ($mode eq '-rate' && @ARGV == 1 && $ARGV[0] =~ /^\d+$/) {
	$rate = shift;
} elsif ($mode eq '-dimen' && @ARGV == 2 && length($ARGV[0]) <= 15 &&
    length($ARGV[1]) == 1) {
	($dimen, $abbrev) = @ARGV;
} elsif ($mode !~ /^-(nohist|zero|noarcs)$/ || @ARGV) {
	die "usage: gmonedit.pl -nohist | -zero | -noarcs | -rate N | " .
	    "-dimen D A\n";
}
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
		my $rec = substr($d, $p, $len);
		substr($rec, 21, 4) = pack('V', $rate) if defined $rate;
		substr($rec, 25, 16) = pack('a15 a1', $dimen, $abbrev)
		    if defined $dimen;
		substr($rec, 41) = "\0" x (2 * $n) if $mode eq '-zero';
		$out .= $rec unless $mode eq '-nohist';
		$p += $len;
	} elsif ($tag == 1) {
		$out .= substr($d, $p, 21) unless $mode eq '-noarcs';
		$p += 21;
	} else {
		die "gmonedit.pl: tag $tag at byte $p\n";
	}
}
print $out;
