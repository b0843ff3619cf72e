// Package stratego implements fantasy Stratego (Volcandria against
// Everwinter) as specified by the project's rules file: a 10x8 board with
// lakes, 30 pieces a side, battles, traps, the flag, resurrections, hidden
// identities and the end of the game. A Position holds full knowledge (the
// arbiter's) or one player's view, in which enemy pieces that were never
// revealed are Unknown; Game wraps a position with its history for the
// protocol's rules service. Search over sampled hidden information lives in
// the subpackage stsearch.
package stratego

// Side is one of the two armies. Volcandria (uppercase letters) owns ranks
// 1-3 and moves first; Everwinter (lowercase) owns ranks 6-8.
type Side uint8

const (
	Volcandria Side = 0
	Everwinter Side = 1
)

// Other is the opponent.
func (s Side) Other() Side { return s ^ 1 }

// Letter is the side's letter in position strings and Status.ToMove.
func (s Side) Letter() string {
	if s == Volcandria {
		return "v"
	}
	return "e"
}

func (s Side) String() string {
	if s == Volcandria {
		return "Volcandria"
	}
	return "Everwinter"
}

// Kind is a piece type. Flag to Dragon are in rank order, so Rank is the
// kind less one; Trap has no rank; Unknown is an enemy piece whose identity
// a player has not seen.
type Kind uint8

const (
	NoKind Kind = iota
	Flag
	Slayer
	Scout
	Dwarf
	Elf
	Beast // Lava Beast (Volcandria, L) and Yeti (Everwinter, y): the same piece
	Sorceress
	Rider
	Knight
	Mage
	Dragon
	Trap
	Unknown
	numKinds
)

// Rank is the battle rank: 0 Flag, 1 Slayer ... 10 Dragon; Trap and Unknown
// have none (-1).
func (k Kind) Rank() int {
	if k >= Flag && k <= Dragon {
		return int(k) - 1
	}
	return -1
}

// Movable reports whether the kind can move (every known piece but Trap
// and Flag). Unknown is not movable here: callers decide what an unknown
// piece may be.
func (k Kind) Movable() bool { return k >= Slayer && k <= Dragon }

// Army is how many pieces of each kind a side has at the start (§2).
var Army = [numKinds]int{Flag: 1, Slayer: 1, Scout: 4, Dwarf: 5, Elf: 2, Beast: 2, Sorceress: 2, Rider: 3,
	Knight: 2, Mage: 1, Dragon: 1, Trap: 6}

// ArmySize is the number of pieces a side starts with.
const ArmySize = 30

var kindNames = [numKinds]string{"", "Flag", "Slayer", "Scout", "Dwarf", "Elf", "Beast", "Sorceress", "Beast Rider",
	"Knight", "Mage", "Dragon", "Trap", "unknown piece"}

// Name is the piece's name for a side (the rank-5 piece is the Lava Beast
// of Volcandria and the Yeti of Everwinter).
func (k Kind) Name(s Side) string {
	if k == Beast {
		if s == Volcandria {
			return "Lava Beast"
		}
		return "Yeti"
	}
	if k < numKinds {
		return kindNames[k]
	}
	return "?"
}

// letters maps kinds to Volcandria's letters; Everwinter's are lowercase
// except that its rank-5 piece is y (and Volcandria's is L).
const volcandriaLetters = "?FXCWELSRKMDTU"
const everwinterLetters = "?fxcweysrkmdtu"

// Letter is the kind's letter for a side.
func (k Kind) Letter(s Side) byte {
	if k == NoKind || k >= numKinds {
		return '?'
	}
	if s == Volcandria {
		return volcandriaLetters[k]
	}
	return everwinterLetters[k]
}

// kindOfLetter reads a piece letter: its kind and side, ok false for a
// letter that is no piece (including l and Y).
func kindOfLetter(c byte) (Kind, Side, bool) {
	for k := Flag; k < numKinds; k++ {
		if volcandriaLetters[k] == c {
			return k, Volcandria, true
		}
		if everwinterLetters[k] == c {
			return k, Everwinter, true
		}
	}
	return NoKind, 0, false
}

// Square is a board square, rank*10+file: a1 = 0, j1 = 9, a8 = 70, j8 = 79.
type Square int8

// NoSquare marks "no square".
const NoSquare Square = -1

const (
	files      = 10
	ranks      = 8
	numSquares = files * ranks
)

// Files and Ranks are the board's size.
const Files, Ranks = files, ranks

// MakeSquare builds a square from file 0-9 and rank 0-7.
func MakeSquare(file, rank int) Square { return Square(rank*files + file) }

// File is 0 (a) to 9 (j); Rank is 0 (rank 1) to 7 (rank 8).
func (s Square) File() int { return int(s) % files }
func (s Square) Rank() int { return int(s) / files }

func (s Square) String() string {
	if s < 0 || s >= numSquares {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads a square name such as "c7".
func ParseSquare(text string) (Square, bool) {
	if len(text) != 2 || text[0] < 'a' || text[0] > 'j' || text[1] < '1' || text[1] > '8' {
		return NoSquare, false
	}
	return MakeSquare(int(text[0]-'a'), int(text[1]-'1')), true
}

// IsLake reports the eight lake squares c4 d4 g4 h4 c5 d5 g5 h5.
func IsLake(s Square) bool { return lake[s] }

var lake [numSquares]bool

// neighbor[s][d] is the square next to s in direction d (up, down, left,
// right), or NoSquare past the edge or on a lake.
var neighbor [numSquares][4]Square

// homeOrder lists each side's home zone in the resurrection scan order of
// §6: Volcandria a3..j3, a2..j2, a1..j1; Everwinter a8..j8, a7..j7, a6..j6.
var homeOrder [2][30]Square

func init() {
	for _, name := range []string{"c4", "d4", "g4", "h4", "c5", "d5", "g5", "h5"} {
		s, _ := ParseSquare(name)
		lake[s] = true
	}
	for s := Square(0); s < numSquares; s++ {
		f, r := s.File(), s.Rank()
		steps := [4][2]int{{0, 1}, {0, -1}, {-1, 0}, {1, 0}}
		for d, st := range steps {
			nf, nr := f+st[0], r+st[1]
			neighbor[s][d] = NoSquare
			if nf >= 0 && nf < files && nr >= 0 && nr < ranks && !lake[MakeSquare(nf, nr)] {
				neighbor[s][d] = MakeSquare(nf, nr)
			}
		}
	}
	for i := 0; i < 30; i++ {
		homeOrder[Volcandria][i] = MakeSquare(i%10, 2-i/10)
		homeOrder[Everwinter][i] = MakeSquare(i%10, 7-i/10)
	}
}

// InHome reports whether s lies in the side's home zone (ranks 1-3 or 6-8).
func InHome(s Side, sq Square) bool {
	if s == Volcandria {
		return sq.Rank() <= 2
	}
	return sq.Rank() >= 5
}

// backRank is the rank index of a side's own back row.
func backRank(s Side) int {
	if s == Volcandria {
		return 0
	}
	return 7
}

// Piece, 8 bits: 0-3 kind, 4 side (0 Volcandria, 1 Everwinter), 5 revealed
// in a battle (written "!"), 6 has moved (written "'"), 7 has moved more than
// one square at once, so it is a Scout by public inference (never written:
// a string records only what was shown, §12.8). 0 is an empty square.
type Piece uint8

const (
	pieceRevealed Piece = 1 << 5
	pieceMoved    Piece = 1 << 6
	pieceRan      Piece = 1 << 7
	markBits            = pieceRevealed | pieceMoved | pieceRan
)

// NoPiece is an empty square.
const NoPiece Piece = 0

// MakePiece builds a piece without marks.
func MakePiece(k Kind, s Side) Piece { return Piece(k) | Piece(s)<<4 }

func (p Piece) Kind() Kind     { return Kind(p & 15) }
func (p Piece) Side() Side     { return Side(p>>4) & 1 }
func (p Piece) Revealed() bool { return p&pieceRevealed != 0 }
func (p Piece) Moved() bool    { return p&pieceMoved != 0 }
func (p Piece) Ran() bool      { return p&pieceRan != 0 }
func (p Piece) plain() Piece   { return p &^ markBits }
func (p Piece) withKind(k Kind) Piece {
	return p&^15 | Piece(k)
}

// String is the piece's letter with its written marks ("M!'").
func (p Piece) String() string {
	if p == NoPiece {
		return "."
	}
	b := []byte{p.Kind().Letter(p.Side())}
	if p.Revealed() {
		b = append(b, '!')
	}
	if p.Moved() {
		b = append(b, '\'')
	}
	return string(b)
}
