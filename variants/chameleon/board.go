// Package chameleon is Chameleon Chess for 2 to 4 players: every player has
// four pawns whose chess role (knight, queen, bishop, rook) depends on the
// colour of the square they stand on; the board shrinks to the smallest
// rectangle holding all pawns (never below 3x3); a knight stranded on the
// centre of the final 3x3 is removed; the last player with pawns wins.
//
// The package holds the position, move generation, the shrinking bounds,
// the position string and move notation, the Game the rules service drives,
// game records, perft and the evaluation. The search is in chsearch.
// docs/CHAMELEON.md documents the notation and every decision.
package chameleon

import (
	"math/bits"

	"tempest/movegen"
)

// Square and Bitboard are the chess board's: a1 = 0, h8 = 63. The slider and
// knight attack tables of movegen serve the pawns' roles, with the bounds
// acting as a mask.
type (
	Square   = movegen.Square
	Bitboard = movegen.Bitboard
)

// Color is a player and a field colour, numbered as in the role map's
// closed form: red 0, green 1, yellow 2, blue 3.
type Color uint8

const (
	Red Color = iota
	Green
	Yellow
	Blue
	NoColor Color = 4
)

const colorLetters = "rgyb"

// Letter is the colour's letter: r, g, y or b.
func (c Color) Letter() byte {
	if c > Blue {
		return '-'
	}
	return colorLetters[c]
}

func (c Color) String() string { return string(c.Letter()) }

// Name is the colour's name in English, for messages.
func (c Color) Name() string {
	switch c {
	case Red:
		return "red"
	case Green:
		return "green"
	case Yellow:
		return "yellow"
	case Blue:
		return "blue"
	}
	return "none"
}

// ColorFromLetter reads r, g, y or b.
func ColorFromLetter(b byte) (Color, bool) {
	switch b {
	case 'r':
		return Red, true
	case 'g':
		return Green, true
	case 'y':
		return Yellow, true
	case 'b':
		return Blue, true
	}
	return NoColor, false
}

// CycleOrder is the turn order starting from red.
var CycleOrder = [4]Color{Red, Blue, Yellow, Green}

// Next is the colour after c in the turn cycle red, blue, yellow, green
// (clockwise: bottom, left, top, right), which is c-1 in the numbering.
func (c Color) Next() Color { return (c + 3) & 3 }

// Role is a pawn's chess role right now. The numbering is the role map's
// closed form: role = (field colour - knight colour) mod 4.
type Role uint8

const (
	Knight Role = iota
	Queen
	Bishop
	Rook
)

func (r Role) String() string {
	return [4]string{"knight", "queen", "bishop", "rook"}[r&3]
}

// Letter is the role's upper-case letter: N, Q, B or R.
func (r Role) Letter() byte { return "NQBR"[r&3] }

// fieldRows are the fixed field colours (§2.1), rank 8 first, file a to h.
var fieldRows = [8]string{
	"BRBYGRBY",
	"RGRBYGRB",
	"GYRGRBBY",
	"YBGYGRYG",
	"BRYBRBGR",
	"RGGYBYRB",
	"GYBRGYBY",
	"RGYBRGYG",
}

var (
	// fieldColor is the colour of each square.
	fieldColor [64]Color
	// roleOn[k][s] is the role of a pawn with knight colour k on square s.
	roleOn [4][64]Role
	// fields[c] is the set of squares of field colour c.
	fields [4]Bitboard
)

func init() {
	for i, row := range fieldRows {
		rank := 7 - i
		for file := 0; file < 8; file++ {
			c, _ := ColorFromLetter(row[file] | 0x20) // lower case
			s := movegen.MakeSquare(file, rank)
			fieldColor[s] = c
			fields[c] |= s.Bit()
		}
	}
	for k := Red; k <= Blue; k++ {
		for s := Square(0); s < 64; s++ {
			roleOn[k][s] = Role((fieldColor[s] - k) & 3)
		}
	}
}

// FieldColor returns the fixed colour of square s.
func FieldColor(s Square) Color { return fieldColor[s&63] }

// RoleOn returns the role of a pawn with knight colour k on square s.
func RoleOn(k Color, s Square) Role { return roleOn[k&3][s&63] }

// Pawn is one pawn, 5 bits: 0-1 knight colour, 2-3 owner, 4 set for a pawn,
// so the zero value is an empty square.
type Pawn uint8

// NoPawn is an empty square.
const NoPawn Pawn = 0

// MakePawn returns the pawn of owner with knight colour knight.
func MakePawn(owner, knight Color) Pawn { return Pawn(0x10 | (owner&3)<<2 | knight&3) }

// Owner is the player the pawn belongs to.
func (p Pawn) Owner() Color { return Color(p>>2) & 3 }

// Knight is the pawn's knight colour: on fields of that colour it is a knight.
func (p Pawn) Knight() Color { return Color(p) & 3 }

// index numbers the 16 pawns 0-15 for tables.
func (p Pawn) index() int { return int(p & 15) }

// String is the pawn's name <owner><knight colour>, e.g. "rg".
func (p Pawn) String() string {
	if p == NoPawn {
		return "--"
	}
	return string([]byte{p.Owner().Letter(), p.Knight().Letter()})
}

// Bounds is the rectangle of squares still in play, inclusive: files
// FileLo..FileHi (0 = a) and ranks RankLo..RankHi (0 = rank 1).
type Bounds struct {
	FileLo, RankLo, FileHi, RankHi int8
}

// FullBoard is a1-h8.
var FullBoard = Bounds{0, 0, 7, 7}

// Files and Ranks are the number of lines in each dimension.
func (b Bounds) Files() int { return int(b.FileHi-b.FileLo) + 1 }
func (b Bounds) Ranks() int { return int(b.RankHi-b.RankLo) + 1 }

// Minimal reports whether the bounds are 3x3, the size they never leave.
func (b Bounds) Minimal() bool { return b.Files() == 3 && b.Ranks() == 3 }

// Centre is the middle square (meaningful for 3x3 bounds).
func (b Bounds) Centre() Square {
	return movegen.MakeSquare(int(b.FileLo+b.FileHi)/2, int(b.RankLo+b.RankHi)/2)
}

// Contains reports whether s is inside the bounds.
func (b Bounds) Contains(s Square) bool {
	f, r := int8(s.File()), int8(s.Rank())
	return f >= b.FileLo && f <= b.FileHi && r >= b.RankLo && r <= b.RankHi
}

// Mask is the set of squares inside the bounds.
func (b Bounds) Mask() Bitboard {
	var files, ranks Bitboard
	for f := b.FileLo; f <= b.FileHi; f++ {
		files |= movegen.FileMask(int(f))
	}
	for r := b.RankLo; r <= b.RankHi; r++ {
		ranks |= movegen.RankMask(int(r))
	}
	return files & ranks
}

// String writes the lower-left and upper-right corners, e.g. "a1h8".
func (b Bounds) String() string {
	return movegen.MakeSquare(int(b.FileLo), int(b.RankLo)).String() + movegen.MakeSquare(int(b.FileHi), int(b.RankHi)).String()
}

// span returns the lowest and highest line set in a non-empty line mask.
func span(lines uint8) (lo, hi int8) {
	return int8(bits.TrailingZeros8(lines)), int8(7 - bits.LeadingZeros8(lines))
}

// occupiedLines folds a bitboard onto its files and its ranks.
func occupiedLines(b Bitboard) (files, ranks uint8) {
	f := uint64(b)
	f |= f >> 32
	f |= f >> 16
	f |= f >> 8
	// Each rank's byte ORed into its lowest bit, then those 8 bits gathered
	// into the top byte by one multiplication (no two products overlap).
	r := uint64(b)
	r |= r >> 4
	r |= r >> 2
	r |= r >> 1
	r &= 0x0101010101010101
	return uint8(f), uint8(r * 0x0102040810204080 >> 56)
}

// Shrink computes the bounds after a move (§5 step 2): 3x3 bounds stay;
// otherwise the smallest rectangle holding every pawn, each dimension widened
// back to 3 lines inside the previous bounds, high-index side first (files
// towards h, ranks towards rank 1, the reference code's array order), an
// addition that would leave the previous bounds being skipped but using its
// turn. occupied must not be empty.
func Shrink(prev Bounds, occupied Bitboard) Bounds {
	if prev.Minimal() {
		return prev
	}
	files, ranks := occupiedLines(occupied)
	var nb Bounds
	nb.FileLo, nb.FileHi = span(files)
	nb.RankLo, nb.RankHi = span(ranks)
	// Files: the high-index side is the h side, so grow FileHi first.
	nb.FileLo, nb.FileHi = widen(nb.FileLo, nb.FileHi, prev.FileLo, prev.FileHi, true)
	// Ranks: the high-index side is rank 1, so grow RankLo first.
	nb.RankLo, nb.RankHi = widen(nb.RankLo, nb.RankHi, prev.RankLo, prev.RankHi, false)
	return nb
}

// widen grows lo..hi to 3 lines within plo..phi, alternating sides and
// starting with hi when hiFirst. Each skipped addition uses its turn.
func widen(lo, hi, plo, phi int8, hiFirst bool) (int8, int8) {
	growHi := hiFirst
	for guard := 0; hi-lo+1 < 3 && guard < 8; guard++ {
		if growHi && hi+1 <= phi {
			hi++
		} else if !growHi && lo-1 >= plo {
			lo--
		}
		growHi = !growHi
	}
	return lo, hi
}
