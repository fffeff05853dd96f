#!/usr/bin/perl
#
# gnu2bsd.pl [-old] < gmon.out > bsd.out
#
# Rewrites a GNU gmon.out of a 64-bit little-endian program (what glibc
# writes on x86-64) as the BSD layout gprof also reads: a 4.4BSD header
# (low, high, ncnt, version 0x51879, profrate, 12 spare bytes), or with
# -old the old 4.2BSD header (low, high, ncnt); then the 16-bit bins; then
# the arcs as (from, self, count) with a pointer-sized count.
use strict;
use warnings;

my $old = @ARGV && $ARGV[0] eq '-old';
binmode STDIN;
binmode STDOUT;
local $/;
my $d = <STDIN>;
die "gnu2bsd.pl: not a GNU gmon.out\n"
    unless length($d) >= 20 && substr($d, 0, 4) eq 'gmon';
my $p = 20;
my ($hist, $arcs) = ('', '');
my ($low, $high, $nbins, $rate);
while ($p < length $d) {
	my $tag = ord substr($d, $p, 1);
	if ($tag == 0) {
		die "gnu2bsd.pl: more than one histogram\n" if defined $low;
		($low, $high, $nbins, $rate) =
		    unpack('Q< Q< V V', substr($d, $p + 1, 24));
		$hist = substr($d, $p + 41, 2 * $nbins);
		$p += 41 + 2 * $nbins;
	} elsif ($tag == 1) {
		my ($from, $self, $count) =
		    unpack('Q< Q< V', substr($d, $p + 1, 20));
		$arcs .= pack('Q< Q< Q<', $from, $self, $count);
		$p += 21;
	} else {
		die "gnu2bsd.pl: tag $tag at byte $p\n";
	}
}
die "gnu2bsd.pl: no histogram\n" unless defined $low;
if ($old) {
	print pack('Q< Q< V', $low, $high, 20 + 2 * $nbins);
} else {
	print pack('Q< Q< V V V', $low, $high, 40 + 2 * $nbins, 0x51879,
	    $rate), "\0" x 12;
}
print $hist, $arcs;
