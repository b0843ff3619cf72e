package movegen

//go:generate go run ./internal/magicgen -o magics_gen.go

import "tempest/movegen/internal/rays"

// magic finds a slider's attack set by hashing the relevant occupancy:
// table[offset + (occupied & mask) * number >> shift]. The numbers are found
// offline by internal/magicgen, so start-up only fills the tables.
type magic struct {
	mask   Bitboard
	number uint64
	offset uint32
	shift  uint8
}

// Sizes of the rook (4096*4 + 2048*24 + 1024*36) and bishop tables.
const (
	rookTableSize   = 102400
	bishopTableSize = 5248
	sliderTableSize = 1 << 17
)

var (
	rookMagics   [64]magic
	bishopMagics [64]magic
	// sliderTable is padded to a power of two so a mask, not a bounds
	// check, keeps lookups inside it.
	sliderTable [sliderTableSize]Bitboard

	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard

	// between[a][b] is the squares strictly between a and b on a shared
	// line, or empty; line[a][b] is that whole line across the board.
	between [64][64]Bitboard
	line    [64][64]Bitboard
)

func init() {
	offset := fillMagics(&rookMagics, rookMagicNumbers, rays.Rook, 0)
	if offset != rookTableSize {
		panic("movegen: rook table size mismatch")
	}
	if fillMagics(&bishopMagics, bishopMagicNumbers, rays.Bishop, offset) != rookTableSize+bishopTableSize {
		panic("movegen: bishop table size mismatch")
	}
	for s := Square(0); s < 64; s++ {
		b := s.Bit()
		knightAttacks[s] = stepAttacks(s, [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}})
		kingAttacks[s] = stepAttacks(s, [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}})
		pawnAttacks[White][s] = b.North().East() | b.North().West()
		pawnAttacks[Black][s] = b.South().East() | b.South().West()
	}
	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			for _, sliderAttacks := range [2]func(Square, Bitboard) Bitboard{BishopAttacks, RookAttacks} {
				if sliderAttacks(a, 0).Has(b) {
					line[a][b] = sliderAttacks(a, 0)&sliderAttacks(b, 0) | a.Bit() | b.Bit()
					between[a][b] = sliderAttacks(a, b.Bit()) & sliderAttacks(b, a.Bit())
				}
			}
		}
	}
}

// fillMagics fills one slider's entries and its part of sliderTable,
// starting at offset; it returns the offset after the last entry.
func fillMagics(magics *[64]magic, numbers [64]uint64, dirs [4]rays.Direction, offset uint32) uint32 {
	for sq := 0; sq < 64; sq++ {
		mask := Bitboard(rays.RelevantMask(sq, dirs))
		m := &magics[sq]
		*m = magic{mask: mask, number: numbers[sq], offset: offset, shift: uint8(64 - mask.Count())}
		// Visit every subset of the mask (carry-rippler) and store its attacks.
		sub := Bitboard(0)
		for {
			sliderTable[m.index(sub)] = Bitboard(rays.Attacks(sq, uint64(sub), dirs))
			sub = (sub - mask) & mask
			if sub == 0 {
				break
			}
		}
		offset += 1 << (64 - uint32(m.shift))
	}
	return offset
}

func (m *magic) index(occupied Bitboard) uint32 {
	return (m.offset + uint32(uint64(occupied&m.mask)*m.number>>m.shift)) & (sliderTableSize - 1)
}

func stepAttacks(s Square, steps [][2]int) Bitboard {
	var b Bitboard
	for _, d := range steps {
		f, r := s.File()+d[0], s.Rank()+d[1]
		if f >= 0 && f < 8 && r >= 0 && r < 8 {
			b |= MakeSquare(f, r).Bit()
		}
	}
	return b
}

// RookAttacks returns the squares a rook on s attacks given the occupied squares.
func RookAttacks(s Square, occupied Bitboard) Bitboard {
	m := &rookMagics[s&63]
	return sliderTable[m.index(occupied)]
}

// BishopAttacks returns the squares a bishop on s attacks given the occupied squares.
func BishopAttacks(s Square, occupied Bitboard) Bitboard {
	m := &bishopMagics[s&63]
	return sliderTable[m.index(occupied)]
}

// QueenAttacks is the union of rook and bishop attacks.
func QueenAttacks(s Square, occupied Bitboard) Bitboard {
	return RookAttacks(s, occupied) | BishopAttacks(s, occupied)
}

// KnightAttacks returns the squares a knight on s attacks.
func KnightAttacks(s Square) Bitboard { return knightAttacks[s&63] }

// KingAttacks returns the squares a king on s attacks.
func KingAttacks(s Square) Bitboard { return kingAttacks[s&63] }

// PawnAttacks returns the squares a pawn of color c on s attacks.
func PawnAttacks(c Color, s Square) Bitboard { return pawnAttacks[c&1][s&63] }

// Between returns the squares strictly between a and b if they share a line, else 0.
func Between(a, b Square) Bitboard { return between[a&63][b&63] }

// Line returns the whole board line through a and b, or 0 if they share none.
func Line(a, b Square) Bitboard { return line[a&63][b&63] }

// PieceAttacks returns the attacks of a piece of type pt and color c on s.
func PieceAttacks(pt PieceType, c Color, s Square, occupied Bitboard) Bitboard {
	switch pt {
	case Pawn:
		return PawnAttacks(c, s)
	case Knight:
		return KnightAttacks(s)
	case Bishop:
		return BishopAttacks(s, occupied)
	case Rook:
		return RookAttacks(s, occupied)
	case Queen:
		return QueenAttacks(s, occupied)
	case King:
		return KingAttacks(s)
	}
	return 0
}
