package movegen

// Color is the side a piece belongs to. White is 0 so a color can index arrays.
type Color uint8

const (
	White Color = iota
	Black
)

// Other returns the opponent's color.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is a kind of piece without color. NoPieceType is 0 so the zero
// value of a board square means "empty".
type PieceType uint8

const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Piece, 4 bits: 0-2 PieceType, 3 Color. NoPiece is 0.
type Piece uint8

const (
	NoPiece     Piece = 0
	WhitePawn   Piece = Piece(Pawn)
	WhiteKnight Piece = Piece(Knight)
	WhiteBishop Piece = Piece(Bishop)
	WhiteRook   Piece = Piece(Rook)
	WhiteQueen  Piece = Piece(Queen)
	WhiteKing   Piece = Piece(King)
	BlackPawn   Piece = 8 | Piece(Pawn)
	BlackKnight Piece = 8 | Piece(Knight)
	BlackBishop Piece = 8 | Piece(Bishop)
	BlackRook   Piece = 8 | Piece(Rook)
	BlackQueen  Piece = 8 | Piece(Queen)
	BlackKing   Piece = 8 | Piece(King)
)

// MakePiece combines a color and a piece type.
func MakePiece(c Color, pt PieceType) Piece { return Piece(c)<<3 | Piece(pt) }

// Type returns the piece's type; NoPieceType for NoPiece.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the piece's color; meaningless for NoPiece.
func (p Piece) Color() Color { return Color(p >> 3) }

const pieceLetters = " PNBRQK  pnbrqk"

// Letter is the FEN letter of the piece: upper case for white.
func (p Piece) Letter() byte { return pieceLetters[p&15] }

// pieceFromLetter maps a FEN letter to a piece, or NoPiece if unknown.
func pieceFromLetter(c byte) Piece {
	switch c {
	case 'P':
		return WhitePawn
	case 'N':
		return WhiteKnight
	case 'B':
		return WhiteBishop
	case 'R':
		return WhiteRook
	case 'Q':
		return WhiteQueen
	case 'K':
		return WhiteKing
	case 'p':
		return BlackPawn
	case 'n':
		return BlackKnight
	case 'b':
		return BlackBishop
	case 'r':
		return BlackRook
	case 'q':
		return BlackQueen
	case 'k':
		return BlackKing
	}
	return NoPiece
}

// Square numbers a1=0, b1=1, ..., h8=63. NoSquare (64) means "none".
type Square uint8

const (
	A1, B1, C1, D1, E1, F1, G1, H1 Square = 8*iota + 0, 8*iota + 1, 8*iota + 2, 8*iota + 3, 8*iota + 4, 8*iota + 5, 8*iota + 6, 8*iota + 7
	A2, B2, C2, D2, E2, F2, G2, H2
	A3, B3, C3, D3, E3, F3, G3, H3
	A4, B4, C4, D4, E4, F4, G4, H4
	A5, B5, C5, D5, E5, F5, G5, H5
	A6, B6, C6, D6, E6, F6, G6, H6
	A7, B7, C7, D7, E7, F7, G7, H7
	A8, B8, C8, D8, E8, F8, G8, H8
)

// NoSquare marks "no square", e.g. no en-passant target.
const NoSquare Square = 64

// MakeSquare builds a square from file and rank, both 0..7.
func MakeSquare(file, rank int) Square { return Square(rank*8 + file) }

// File is 0 for the a-file ... 7 for the h-file.
func (s Square) File() int { return int(s & 7) }

// Rank is 0 for the first rank ... 7 for the eighth.
func (s Square) Rank() int { return int(s >> 3) }

// RelativeRank is the rank seen from c's side: 0 is c's back rank.
func (s Square) RelativeRank(c Color) int { return int(s>>3) ^ int(c)*7 }

// Bit is the square as a one-bit bitboard.
func (s Square) Bit() Bitboard { return Bitboard(1) << s }

func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{'a' + byte(s.File()), '1' + byte(s.Rank())})
}

// parseSquare reads "e4"; ok is false for anything else.
func parseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return MakeSquare(int(s[0]-'a'), int(s[1]-'1')), true
}

// ParseSquare reads a square name such as "e4".
func ParseSquare(s string) (Square, bool) { return parseSquare(s) }

// relative flips a square vertically for Black, so tables can be written from White's view.
func (s Square) relative(c Color) Square { return s ^ Square(c)*56 }
