package movegen

import (
	"math/bits"
	"strings"
)

// Bitboard is a set of squares: bit n is square n (a1 = bit 0, h8 = bit 63).
type Bitboard uint64

const (
	FileA Bitboard = 0x0101010101010101
	FileB Bitboard = FileA << 1
	FileG Bitboard = FileA << 6
	FileH Bitboard = FileA << 7
	Rank1 Bitboard = 0xFF
	Rank2 Bitboard = Rank1 << 8
	Rank3 Bitboard = Rank1 << 16
	Rank4 Bitboard = Rank1 << 24
	Rank5 Bitboard = Rank1 << 32
	Rank6 Bitboard = Rank1 << 40
	Rank7 Bitboard = Rank1 << 48
	Rank8 Bitboard = Rank1 << 56

	LightSquares Bitboard = 0x55AA55AA55AA55AA
	DarkSquares  Bitboard = ^LightSquares
)

// FileMask returns the bitboard of file f (0 = a).
func FileMask(f int) Bitboard { return FileA << uint(f) }

// RankMask returns the bitboard of rank r (0 = first rank).
func RankMask(r int) Bitboard { return Rank1 << (8 * uint(r)) }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// LSB returns the lowest square in b; b must not be empty.
func (b Bitboard) LSB() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// MSB returns the highest square in b; b must not be empty.
func (b Bitboard) MSB() Square { return Square(63 - bits.LeadingZeros64(uint64(b))) }

// PopLSB removes and returns the lowest square of *b, which must not be empty.
func (b *Bitboard) PopLSB() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// Has reports whether square s is in b.
func (b Bitboard) Has(s Square) bool { return b>>s&1 != 0 }

// Several reports whether b holds more than one square.
func (b Bitboard) Several() bool { return b&(b-1) != 0 }

// North shifts every square one rank up; squares on rank 8 fall off.
func (b Bitboard) North() Bitboard { return b << 8 }

// South shifts every square one rank down.
func (b Bitboard) South() Bitboard { return b >> 8 }

// East shifts one file towards h; squares on the h-file fall off.
func (b Bitboard) East() Bitboard { return (b &^ FileH) << 1 }

// West shifts one file towards a.
func (b Bitboard) West() Bitboard { return (b &^ FileA) >> 1 }

// forward shifts one rank towards the opponent of c.
func (b Bitboard) forward(c Color) Bitboard {
	if c == White {
		return b << 8
	}
	return b >> 8
}

// String draws the bitboard as 8 lines, rank 8 first, for debugging and tests.
func (b Bitboard) String() string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			if b.Has(MakeSquare(f, r)) {
				sb.WriteByte('X')
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
