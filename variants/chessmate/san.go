package chessmate

import "tempest/movegen"

var sanLetters = [7]byte{movegen.Knight: 'N', movegen.Bishop: 'B', movegen.Rook: 'R', movegen.Queen: 'Q', movegen.King: 'K'}

// san writes the regular move of turn a (a plain move, or the move after
// Vulture or Hand of Fate) in standard algebraic notation as card chess
// plays it: p is the position before the turn, after the one it makes. A
// piece is told apart from the other pieces of its type that have a legal
// move of the same kind to the same square (Champions leap, forbidden
// squares block); "+" marks check and "#" checkmate, the card-chess one: in
// check with no legal turn, cards included.
func (p *Position) san(a Action, after *Position) string {
	from, to := a.From(), a.To()
	pt := p.Piece(from).Type()
	var b []byte
	switch {
	case a.flags()&flagCastling != 0:
		if to.File() > from.File() {
			b = append(b, "O-O"...)
		} else {
			b = append(b, "O-O-O"...)
		}
	case pt == movegen.Pawn:
		if from.File() != to.File() {
			b = append(b, byte('a'+from.File()), 'x')
		}
		b = append(b, to.String()...)
		if promo := a.Promotion(); promo != movegen.NoPieceType {
			b = append(b, '=', sanLetters[promo])
		}
	default:
		b = append(b, sanLetters[pt])
		var buf [maxActions]Action
		var others bitboard
		for _, o := range p.GenActions(buf[:0]) {
			if o != a && o.HasMove() && o.Card() == a.Card() && o.Vulture() == a.Vulture() && o.To() == to &&
				o.From() != from && o.flags()&flagCastling == 0 && p.Piece(o.From()).Type() == pt {
				others |= o.From().Bit()
			}
		}
		if others != 0 {
			switch {
			case others&movegen.FileMask(from.File()) == 0:
				b = append(b, byte('a'+from.File()))
			case others&movegen.RankMask(from.Rank()) == 0:
				b = append(b, byte('1'+from.Rank()))
			default:
				b = append(b, from.String()...)
			}
		}
		if p.Piece(to) != movegen.NoPiece {
			b = append(b, 'x')
		}
		b = append(b, to.String()...)
	}
	if over, _, reason := after.outcome(); over && reason == "checkmate" {
		b = append(b, '#')
	} else if after.KingAttacked(after.SideToMove()) {
		b = append(b, '+')
	}
	return string(b)
}
