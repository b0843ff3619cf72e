package movegen

// Move, 16 bits: 0-5 from, 6-11 to, 12-13 promotion piece (knight, bishop,
// rook, queen), 14-15 kind (normal, promotion, en passant, castling).
// Castling is stored as "king takes own rook", so Chess960 needs no special
// case; the king's and rook's destinations follow from the rook's side.
// The zero Move (a1a1, normal) is NullMove: no legal move looks like it.
type Move uint16

// MoveKind tells make/unmake how to treat a move.
type MoveKind uint16

const (
	Normal    MoveKind = 0 << 14
	Promotion MoveKind = 1 << 14
	EnPassant MoveKind = 2 << 14
	Castling  MoveKind = 3 << 14
)

// NullMove is the empty move: "no move", and the pass used by null-move pruning.
const NullMove Move = 0

// MaxMoves bounds the legal moves of any position (the known maximum is 218).
const MaxMoves = 256

// NewMove builds a normal move.
func NewMove(from, to Square) Move { return Move(from) | Move(to)<<6 }

// newPromotion builds a pawn move that promotes to pt (Knight..Queen).
func newPromotion(from, to Square, pt PieceType) Move {
	return Move(from) | Move(to)<<6 | Move(pt-Knight)<<12 | Move(Promotion)
}

// From is the square the moving piece leaves (the king for castling).
func (m Move) From() Square { return Square(m & 63) }

// To is the destination (the castling rook's square for castling).
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Kind tells normal moves, promotions, en passant and castling apart.
func (m Move) Kind() MoveKind { return MoveKind(m) & (3 << 14) }

// PromotionType is the piece a pawn becomes; meaningful for promotions only.
func (m Move) PromotionType() PieceType { return PieceType(m>>12&3) + Knight }

// IsPromotion reports whether m promotes a pawn.
func (m Move) IsPromotion() bool { return m.Kind() == Promotion }

// IsCastling reports whether m castles.
func (m Move) IsCastling() bool { return m.Kind() == Castling }

// IsEnPassant reports whether m captures en passant.
func (m Move) IsEnPassant() bool { return m.Kind() == EnPassant }
