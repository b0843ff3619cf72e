package eval

import "tempest/movegen"

// Masks used by the pawn-structure and piece terms, filled once at start-up.
var (
	adjacentFiles  [8]bitboard     // the files beside a file
	forwardFile    [2][64]bitboard // squares in front of a square on its file, seen from a color
	passedMask     [2][64]bitboard // squares in front on the same and adjacent files: enemy pawns there stop a passer
	pawnAttackSpan [2][64]bitboard // squares in front on the adjacent files: enemy pawns there can attack the square
	levelOrBehind  [2][64]bitboard // ranks level with a square or behind it, seen from a color
	inFront        [2][8]bitboard  // ranks strictly in front of a rank, seen from a color
	kingZoneMask   [2][64]bitboard // king square, neighbours, and the rank beyond them towards the enemy
	outpostRanks   [2]bitboard     // relative ranks 4 to 6
	distance       [64][64]int     // king-move distance between squares
)

func init() {
	for f := 0; f < 8; f++ {
		if f > 0 {
			adjacentFiles[f] |= movegen.FileMask(f - 1)
		}
		if f < 7 {
			adjacentFiles[f] |= movegen.FileMask(f + 1)
		}
	}
	for _, c := range [2]color{white, black} {
		for r := 0; r < 8; r++ {
			for r2 := 0; r2 < 8; r2++ {
				if (c == white && r2 > r) || (c == black && r2 < r) {
					inFront[c][r] |= movegen.RankMask(r2)
				}
			}
		}
		outpostRanks[c] = relativeRank(c, 3) | relativeRank(c, 4) | relativeRank(c, 5)
		for sq := movegen.Square(0); sq < 64; sq++ {
			ahead := inFront[c][sq.Rank()]
			forwardFile[c][sq] = ahead & movegen.FileMask(sq.File())
			pawnAttackSpan[c][sq] = ahead & adjacentFiles[sq.File()]
			passedMask[c][sq] = forwardFile[c][sq] | pawnAttackSpan[c][sq]
			levelOrBehind[c][sq] = ^inFront[c][sq.Rank()]
			zone := movegen.KingAttacks(sq) | sq.Bit()
			if c == white {
				zone |= zone.North()
			} else {
				zone |= zone.South()
			}
			kingZoneMask[c][sq] = zone
		}
	}
	for a := 0; a < 64; a++ {
		for b := 0; b < 64; b++ {
			df, dr := a%8-b%8, a/8-b/8
			distance[a][b] = max(df, -df, dr, -dr)
		}
	}
}

// relativeRank is rank r (0 = own first rank) seen from c.
func relativeRank(c color, r int) bitboard {
	if c == black {
		r = 7 - r
	}
	return movegen.RankMask(r)
}

// relative maps a square to White's point of view, for the piece-square tables.
func relative(c color, sq movegen.Square) movegen.Square {
	if c == black {
		return sq ^ 56
	}
	return sq
}

// pushSquare is the square in front of a pawn of color c on sq.
func pushSquare(c color, sq movegen.Square) movegen.Square {
	if c == white {
		return sq + 8
	}
	return sq - 8
}

// pawnAttackSet is every square the pawns attack.
func pawnAttackSet(c color, pawns bitboard) bitboard {
	if c == white {
		return pawns.North().East() | pawns.North().West()
	}
	return pawns.South().East() | pawns.South().West()
}

// pawnDoubleAttackSet is the squares two pawns attack.
func pawnDoubleAttackSet(c color, pawns bitboard) bitboard {
	if c == white {
		return pawns.North().East() & pawns.North().West()
	}
	return pawns.South().East() & pawns.South().West()
}
