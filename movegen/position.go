package movegen

// CastlingRights, 4 bits: white king side, white queen side, black king
// side, black queen side. Which rook each right refers to is stored in the
// position, so the same bits serve standard chess and Chess960.
type CastlingRights uint8

const (
	WhiteKingSide CastlingRights = 1 << iota
	WhiteQueenSide
	BlackKingSide
	BlackQueenSide

	NoCastling  CastlingRights = 0
	AllCastling CastlingRights = 15
)

// castleIndex numbers the rights 0..3 in the bit order above.
func castleIndex(c Color, kingSide bool) int {
	if kingSide {
		return int(c) * 2
	}
	return int(c)*2 + 1
}

// castleInfo is what one castling right needs, fixed when a position is set up.
type castleInfo struct {
	kingFrom, rookFrom Square
	kingTo, rookTo     Square
	mustBeEmpty        Bitboard // every square the king or rook passes or lands on, except their own
	kingPath           Bitboard // squares the king crosses or lands on: none may be attacked
}

// historySize is the ring of past keys kept for repetition detection. A
// repetition can only reach back to the last capture or pawn move, and the
// 75-move rule ends a game 150 plies after one, so 1024 is never too few.
const historySize = 1024

// Position is a chess position with the state make/unmake needs. It is a
// plain struct of fixed arrays (no pointers or slices), so copying it is one
// memory copy and each search thread can own one.
type Position struct {
	b Board

	key      uint64
	checkers Bitboard // pieces giving check to the side to move

	castling CastlingRights
	ep       Square // en-passant target, set only when a legal en-passant capture exists

	rule50        int // plies since the last capture or pawn move
	gamePly       int // plies since the start of the game: 2*(fullmove-1) + side
	pliesFromNull int // plies of known history since the setup or the last null move

	castle     [4]castleInfo
	castleMask [64]CastlingRights // rights kept when a move starts or ends on a square

	history [historySize]uint64 // key after each ply, indexed by gamePly % historySize
}

// Undo is what Unmake needs and cannot recompute. Callers keep one per ply,
// typically on a preallocated stack, so make/unmake never allocates.
type Undo struct {
	key           uint64
	checkers      Bitboard
	rule50        int
	pliesFromNull int
	castling      CastlingRights
	ep            Square
	captured      Piece
}

// Captured returns the piece the move made with u captured, or NoPiece.
func (u *Undo) Captured() Piece { return u.captured }

// Board returns the piece placement and side to move, as the evaluation reads them.
func (p *Position) Board() *Board { return &p.b }

// Piece returns the piece on s, or NoPiece.
func (p *Position) Piece(s Square) Piece { return p.b.Piece(s) }

// SideToMove returns the color to move.
func (p *Position) SideToMove() Color { return p.b.side }

// Key returns the Zobrist hash of the position.
func (p *Position) Key() uint64 { return p.key }

// Checkers returns the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard { return p.checkers }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.checkers != 0 }

// EnPassant returns the en-passant target square or NoSquare. It is set only
// when an en-passant capture is legal.
func (p *Position) EnPassant() Square { return p.ep }

// Castling returns the castling rights.
func (p *Position) Castling() CastlingRights { return p.castling }

// CastlingRook returns the square of the rook a castling right refers to.
func (p *Position) CastlingRook(c Color, kingSide bool) Square {
	return p.castle[castleIndex(c, kingSide)].rookFrom
}

// Rule50 returns the half-move clock.
func (p *Position) Rule50() int { return p.rule50 }

// GamePly returns the number of plies since the game's start.
func (p *Position) GamePly() int { return p.gamePly }

// FullMoveNumber is the FEN fullmove counter: 1 at the start, +1 after Black
// moves, stopping at the largest value ParseFEN accepts.
func (p *Position) FullMoveNumber() int { return min(p.gamePly/2+1, maxClock) }

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.b.Occupied() }

// ByColor returns the squares of c's pieces.
func (p *Position) ByColor(c Color) Bitboard { return p.b.ByColor(c) }

// ByType returns the squares of pieces of type pt, both colors.
func (p *Position) ByType(pt PieceType) Bitboard { return p.b.ByType(pt) }

// Pieces returns c's pieces of type pt.
func (p *Position) Pieces(c Color, pt PieceType) Bitboard { return p.b.Pieces(c, pt) }

// KingSquare returns the square of c's king.
func (p *Position) KingSquare(c Color) Square { return p.b.KingSquare(c) }

// AttackersTo returns the pieces of both colors attacking s, with the given
// occupancy (which lets callers see through pieces that are about to move).
func (p *Position) AttackersTo(s Square, occupied Bitboard) Bitboard {
	bishopsQueens := p.b.byType[Bishop] | p.b.byType[Queen]
	rooksQueens := p.b.byType[Rook] | p.b.byType[Queen]
	return pawnAttacks[White][s&63]&p.b.byType[Pawn]&p.b.byColor[Black] |
		pawnAttacks[Black][s&63]&p.b.byType[Pawn]&p.b.byColor[White] |
		knightAttacks[s&63]&p.b.byType[Knight] |
		kingAttacks[s&63]&p.b.byType[King] |
		BishopAttacks(s, occupied)&bishopsQueens |
		RookAttacks(s, occupied)&rooksQueens
}

// IsAttacked reports whether any piece of color by attacks s with the given occupancy.
func (p *Position) IsAttacked(s Square, by Color, occupied Bitboard) bool {
	theirs := p.b.byColor[by&1]
	return pawnAttacks[by.Other()&1][s&63]&p.b.byType[Pawn]&theirs != 0 ||
		knightAttacks[s&63]&p.b.byType[Knight]&theirs != 0 ||
		kingAttacks[s&63]&p.b.byType[King]&theirs != 0 ||
		BishopAttacks(s, occupied)&(p.b.byType[Bishop]|p.b.byType[Queen])&theirs != 0 ||
		RookAttacks(s, occupied)&(p.b.byType[Rook]|p.b.byType[Queen])&theirs != 0
}

// pinned returns c's pieces that may not leave the line between their king
// and an enemy slider.
func (p *Position) pinned(c Color, ksq Square) Bitboard {
	theirs := p.b.byColor[c.Other()&1]
	snipers := (RookAttacks(ksq, theirs)&(p.b.byType[Rook]|p.b.byType[Queen]) |
		BishopAttacks(ksq, theirs)&(p.b.byType[Bishop]|p.b.byType[Queen])) & theirs
	occupied := p.Occupied()
	var pinned Bitboard
	for snipers != 0 {
		blockers := between[ksq&63][snipers.PopLSB()&63] & occupied
		if blockers != 0 && !blockers.Several() {
			pinned |= blockers & p.b.byColor[c&1]
		}
	}
	return pinned
}

// computeCheckers returns the pieces attacking the king of the side to move.
func (p *Position) computeCheckers() Bitboard {
	return p.checkersOf(p.KingSquare(p.b.side), p.b.side.Other())
}

// checkersOf returns by's pieces that attack the king on ksq. Kings are
// left out: a king never gives check.
func (p *Position) checkersOf(ksq Square, by Color) Bitboard {
	occupied := p.Occupied()
	return (pawnAttacks[by.Other()&1][ksq&63]&p.b.byType[Pawn] |
		knightAttacks[ksq&63]&p.b.byType[Knight] |
		BishopAttacks(ksq, occupied)&(p.b.byType[Bishop]|p.b.byType[Queen]) |
		RookAttacks(ksq, occupied)&(p.b.byType[Rook]|p.b.byType[Queen])) & p.b.byColor[by&1]
}

func (p *Position) put(pc Piece, s Square)    { p.b.put(pc, s) }
func (p *Position) remove(s Square)           { p.b.remove(s) }
func (p *Position) movePiece(from, to Square) { p.b.movePiece(from, to) }

// computeKey hashes the position from scratch; Make keeps p.key equal to it.
func (p *Position) computeKey() uint64 {
	var key uint64
	for s := Square(0); s < 64; s++ {
		if pc := p.b.squares[s]; pc != NoPiece {
			key ^= zobristPiece[pc][s]
		}
	}
	key ^= zobristCastling[p.castling]
	if p.ep != NoSquare {
		key ^= zobristEPFile[p.ep.File()]
	}
	if p.b.side == Black {
		key ^= zobristSide
	}
	return key
}

// epLegal reports whether the side to move's pawn on from may capture en
// passant onto ep: the king must not be attacked once both pawns have moved.
// This covers every pin, including the rank pin through both pawns.
func (p *Position) epLegal(from, ep Square) bool {
	us, them := p.b.side, p.b.side.Other()
	captured := ep ^ 8
	occupied := p.Occupied() ^ from.Bit() ^ captured.Bit() | ep.Bit()
	ksq := p.KingSquare(us)
	theirs := p.b.byColor[them] &^ captured.Bit()
	return (BishopAttacks(ksq, occupied)&(p.b.byType[Bishop]|p.b.byType[Queen])|
		RookAttacks(ksq, occupied)&(p.b.byType[Rook]|p.b.byType[Queen])|
		knightAttacks[ksq&63]&p.b.byType[Knight]|
		pawnAttacks[us][ksq&63]&p.b.byType[Pawn])&theirs == 0
}

// legalEPSquare returns ep if the side to move has a legal en-passant
// capture onto it, else NoSquare.
func (p *Position) legalEPSquare(ep Square) Square {
	for b := pawnAttacks[p.b.side.Other()][ep&63] & p.Pieces(p.b.side, Pawn); b != 0; {
		if p.epLegal(b.PopLSB(), ep) {
			return ep
		}
	}
	return NoSquare
}
