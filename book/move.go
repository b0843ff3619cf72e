package book

import "tempest/movegen"

// RawMove is a move as a book stores it, in 16 bits: bits 0-5 the
// destination square, 6-11 the origin (both numbered a1=0 ... h8=63, so
// each is rank*8+file), 12-14 the promotion piece (0 none, 1 knight, 2
// bishop, 3 rook, 4 queen); bit 15 is unused and ignored. Castling is
// written as the king moving onto its own rook: e1h1, e1a1, e8h8, e8a8.
type RawMove uint16

// rawMoveMask keeps the bits that carry meaning.
const rawMoveMask = 0x7FFF

// From is the origin square (the king's for castling).
func (r RawMove) From() movegen.Square { return movegen.Square(r >> 6 & 63) }

// To is the destination square (the rook's for castling).
func (r RawMove) To() movegen.Square { return movegen.Square(r & 63) }

// Promotion is the piece a pawn becomes, or NoPieceType when the move does
// not promote or the promotion field holds a value the format does not
// define (5-7).
func (r RawMove) Promotion() movegen.PieceType {
	code := int(r >> 12 & 7)
	if code < 1 || code > 4 {
		return movegen.NoPieceType
	}
	return movegen.Knight + movegen.PieceType(code-1)
}

// String writes r in coordinate notation as the book has it: "e2e4",
// "e7e8q", and castling as "e1h1". An undefined promotion field is "?".
func (r RawMove) String() string {
	s := r.From().String() + r.To().String()
	switch code := r >> 12 & 7; {
	case code == 0:
	case code <= 4:
		s += string("nbrq"[code-1])
	default:
		s += "?"
	}
	return s
}

// EncodeMove returns the book encoding of m, a move of Tempest's (which,
// like the format, writes castling as the king taking its own rook).
func EncodeMove(m movegen.Move) RawMove {
	r := RawMove(m.To()) | RawMove(m.From())<<6
	if m.IsPromotion() {
		r |= RawMove(m.PromotionType()-movegen.Knight+1) << 12
	}
	return r
}

// DecodeMove returns the legal move of pos that the book move r names, or
// false when r names no legal move (a corrupt entry, or a key collision
// with another position): such a move must never be played.
func DecodeMove(pos *movegen.Position, r RawMove) (movegen.Move, bool) {
	var buf [movegen.MaxMoves]movegen.Move
	return match(r, pos.GenLegal(buf[:]))
}

// match finds r among the legal moves. Besides the format's own castling
// encoding it accepts the king's destination (e1g1, e1c1, e8g8, e8c8),
// which some book writers use: a king cannot otherwise move two squares
// sideways, so the reading is unambiguous.
func match(r RawMove, legal []movegen.Move) (movegen.Move, bool) {
	r &= rawMoveMask
	for _, m := range legal {
		if EncodeMove(m) == r {
			return m, true
		}
	}
	from, to := r.From(), r.To()
	if r>>12 != 0 || from.File() != 4 || to.Rank() != from.Rank() || (to.File() != 2 && to.File() != 6) {
		return movegen.NullMove, false
	}
	for _, m := range legal {
		if m.IsCastling() && m.From() == from && (m.To() > from) == (to > from) &&
			(m.To().File() == 0 || m.To().File() == 7) {
			return m, true
		}
	}
	return movegen.NullMove, false
}
