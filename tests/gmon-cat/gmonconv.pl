#!/usr/bin/perl
#
# gmonconv.pl: an implementation of the gmon.out layouts independent of
# libgp, for gmon-cat's tests.  It reads a GNU gmon.out file with 64-bit
# little-endian addresses (what cc -pg programs write on the test hosts),
# optionally edits it, and writes it in any layout, width and byte order.
#
# usage: perl gmonconv.pl [key=value ...] in out
#   layout=gnu|bsd44|oldbsd  width=64|32  order=le|be   (default gnu,64,le)
#   version=N      GNU version word
#   rate=N         every histogram's rate
#   dimen=S        every histogram's unit
#   shift=N        add N to every histogram's bounds
#   nbins=N        give every histogram N bins (zeros added or cut)
#   bin=I:V,...    set bin I of every histogram to V
#   count=V        set every arc's count to V
#   lowhigh=1      swap the first histogram's low_pc and high_pc
#   dup=1          write every arc twice
#   arcsfirst=1    write the arcs before the histograms
#   split=1        split the first histogram into two records
#   bb=A:C,A:C     add a basic-block record with these blocks
#   tag=N          add a record with the unknown tag N and 3 bytes after it
use strict;
use warnings;

my %o = (layout => 'gnu', width => 64, order => 'le');
while (@ARGV > 2) {
	my ($k, $v) = split /=/, shift @ARGV, 2;
	die "gmonconv.pl: bad argument $k\n" unless defined $v;
	$v = hex $v if $v =~ /^0x[0-9a-f]+$/i;
	$o{$k} = $v;
}
die "usage: perl gmonconv.pl [key=value ...] in out\n" unless @ARGV == 2;
my ($in, $out) = @ARGV;

open my $fh, '<:raw', $in or die "gmonconv.pl: $in: $!\n";
my $d = do { local $/; <$fh> };
close $fh;

# Read the GNU file.
die "gmonconv.pl: $in: not a GNU gmon.out\n" unless substr($d, 0, 4) eq 'gmon';
my $version = unpack 'V', substr($d, 4, 4);
my $spare = substr($d, 8, 12);
my @recs;
my $off = 20;
while ($off < length $d) {
	my $tag = ord substr($d, $off, 1);
	$off++;
	if ($tag == 0) {
		my ($low, $high, $n, $rate) = unpack 'Q<Q<VV', substr($d, $off, 24);
		my $dimen = substr($d, $off + 24, 15);
		my $abbrev = substr($d, $off + 39, 1);
		$off += 40;
		my @bins = unpack 'v*', substr($d, $off, 2 * $n);
		$off += 2 * $n;
		push @recs, { t => 'hist', low => $low, high => $high,
		    rate => $rate, dimen => $dimen, abbrev => $abbrev,
		    bins => \@bins };
	} elsif ($tag == 1) {
		my ($from, $self, $count) = unpack 'Q<Q<V', substr($d, $off, 20);
		$off += 20;
		push @recs, { t => 'arc', from => $from, self => $self,
		    count => $count };
	} else {
		die "gmonconv.pl: $in: tag $tag not handled\n";
	}
}

# Edit it.
$version = $o{version} if defined $o{version};
for my $r (grep { $_->{t} eq 'hist' } @recs) {
	$r->{rate} = $o{rate} if defined $o{rate};
	$r->{dimen} = pack 'a15', $o{dimen} if defined $o{dimen};
	if (defined $o{shift}) {
		$r->{low} += $o{shift};
		$r->{high} += $o{shift};
	}
	if (defined $o{nbins}) {
		my @b = @{$r->{bins}};
		push @b, 0 while @b < $o{nbins};
		$#b = $o{nbins} - 1;
		$r->{bins} = \@b;
	}
	if (defined $o{bin}) {
		for (split /,/, $o{bin}) {
			my ($i, $v) = split /:/;
			$r->{bins}[$i] = $v;
		}
	}
}
if ($o{lowhigh}) {
	my ($h) = grep { $_->{t} eq 'hist' } @recs;
	($h->{low}, $h->{high}) = ($h->{high}, $h->{low});
}
for my $r (grep { $_->{t} eq 'arc' } @recs) {
	$r->{count} = $o{count} if defined $o{count};
}
@recs = map { $_->{t} eq 'arc' ? ($_, $_) : $_ } @recs if $o{dup};
if ($o{arcsfirst}) {
	@recs = ((grep { $_->{t} eq 'arc' } @recs),
	    (grep { $_->{t} ne 'arc' } @recs));
}
if ($o{split}) {
	my ($i) = grep { $recs[$_]{t} eq 'hist' } 0 .. $#recs;
	my $h = $recs[$i];
	my @b = @{$h->{bins}};
	my $half = int(@b / 2);
	my $mid = $h->{low} + ($h->{high} - $h->{low}) / 2;
	my %a = (%$h, high => $mid, bins => [@b[0 .. $half - 1]]);
	my %z = (%$h, low => $mid, bins => [@b[$half .. $#b]]);
	splice @recs, $i, 1, \%a, \%z;
}
if (defined $o{bb}) {
	push @recs, { t => 'bb',
	    blocks => [map { [map { /^0x/ ? hex : $_ } split /:/] }
	    split /,/, $o{bb}] };
}
push @recs, { t => 'tag', tag => $o{tag} } if defined $o{tag};

# Write it.
my $e = $o{order} eq 'be' ? '>' : '<';
my $w = $o{width};
sub P { return pack($w == 64 ? "Q$e" : "L$e", $_[0]); }
sub U32 { return pack("L$e", $_[0]); }
sub BINS { return pack("S$e*", @_); }

my $s = '';
my @hists = grep { $_->{t} eq 'hist' } @recs;
my @arcs = grep { $_->{t} eq 'arc' } @recs;
if ($o{layout} eq 'gnu') {
	$s = 'gmon' . U32($version) . $spare;
	for my $r (@recs) {
		if ($r->{t} eq 'hist') {
			$s .= "\0" . P($r->{low}) . P($r->{high}) .
			    U32(scalar @{$r->{bins}}) . U32($r->{rate}) .
			    $r->{dimen} . $r->{abbrev} . BINS(@{$r->{bins}});
		} elsif ($r->{t} eq 'arc') {
			$s .= "\1" . P($r->{from}) . P($r->{self}) .
			    U32($r->{count});
		} elsif ($r->{t} eq 'bb') {
			$s .= "\2" . U32(scalar @{$r->{blocks}});
			$s .= P($_->[0]) . P($_->[1]) for @{$r->{blocks}};
		} else {
			$s .= chr($r->{tag}) . "\1\2\3";
		}
	}
} else {
	die "gmonconv.pl: one histogram for BSD\n" unless @hists == 1;
	my $h = $hists[0];
	my $bsd44 = $o{layout} eq 'bsd44';
	my $hdr = 2 * $w / 8 + ($bsd44 ? 24 : 4);
	$s = P($h->{low}) . P($h->{high}) . U32($hdr + 2 * @{$h->{bins}});
	$s .= U32(0x00051879) . U32($h->{rate}) . "\0" x 12 if $bsd44;
	$s .= BINS(@{$h->{bins}});
	$s .= P($_->{from}) . P($_->{self}) . P($_->{count}) for @arcs;
}
open $fh, '>:raw', $out or die "gmonconv.pl: $out: $!\n";
print $fh $s;
close $fh or die "gmonconv.pl: $out: $!\n";
