package chessmate

import "tempest/movegen"

// championAttacks[s] are the (3,4) leaps of a Champion on s.
var championAttacks [64]bitboard

func init() {
	steps := [8][2]int{{3, 4}, {4, 3}, {4, -3}, {3, -4}, {-3, -4}, {-4, -3}, {-4, 3}, {-3, 4}}
	for s := square(0); s < 64; s++ {
		for _, d := range steps {
			f, r := s.File()+d[0], s.Rank()+d[1]
			if f >= 0 && f < 8 && r >= 0 && r < 8 {
				championAttacks[s] |= movegen.MakeSquare(f, r).Bit()
			}
		}
	}
}

// attackersTo returns the pieces of both colors attacking s under the card
// effects: forbidden squares block sliders, Champions leap (3,4).
func attackersTo(b *movegen.Board, s square, occupied, forbidden, champions bitboard) bitboard {
	occupied |= forbidden
	knights := b.ByType(movegen.Knight)
	return movegen.PawnAttacks(white, s)&b.Pieces(black, movegen.Pawn) |
		movegen.PawnAttacks(black, s)&b.Pieces(white, movegen.Pawn) |
		movegen.KnightAttacks(s)&knights&^champions | championAttacks[s]&champions&knights |
		movegen.KingAttacks(s)&b.ByType(movegen.King) |
		movegen.BishopAttacks(s, occupied)&(b.ByType(movegen.Bishop)|b.ByType(movegen.Queen)) |
		movegen.RookAttacks(s, occupied)&(b.ByType(movegen.Rook)|b.ByType(movegen.Queen))
}

// attacked reports whether color by attacks s.
func (p *Position) attacked(s square, by color) bool {
	return attackersTo(&p.Board, s, p.Occupied(), p.forbidden, p.champions)&p.ByColor(by) != 0
}

// KingAttacked reports whether c's king is attacked.
func (p *Position) KingAttacked(c color) bool { return p.attacked(p.KingSquare(c), c.Other()) }

// pieceMoves returns where the piece on s can move or capture by its
// movement alone (not pawns), under the effects, before own-piece filtering.
func (p *Position) pieceMoves(s square, occupied bitboard) bitboard {
	pc := p.Piece(s)
	switch pc.Type() {
	case movegen.Knight:
		if p.champions.Has(s) {
			return championAttacks[s]
		}
		return movegen.KnightAttacks(s)
	case movegen.King:
		return movegen.KingAttacks(s)
	}
	return movegen.PieceAttacks(pc.Type(), pc.Color(), s, occupied|p.forbidden)
}

// genRegular appends the legal regular moves of the side to move.
func (p *Position) genRegular(buf []Action) []Action {
	us, them := p.SideToMove(), p.SideToMove().Other()
	ours := p.ByColor(us)
	occupied := p.Occupied()
	// No move ends on a forbidden square, on an own piece, on a shielded
	// piece, or on the enemy king (kings are never captured).
	targets := ^ours &^ p.forbidden &^ p.shields &^ p.Pieces(them, movegen.King)
	empty := ^occupied &^ p.forbidden
	start := len(buf)

	for b := p.Pieces(us, movegen.Pawn); b != 0; {
		from := b.PopLSB()
		one := pawnPush(us, from)
		if one != noSquare && empty.Has(one) {
			buf = appendPawnMove(buf, us, from, one, 0)
			if from.RelativeRank(us) == 1 {
				if two := pawnPush(us, one); empty.Has(two) {
					buf = append(buf, regularMove(from, two, 0, flagDouble))
				}
			}
		}
		for c := movegen.PawnAttacks(us, from) & p.ByColor(them) & targets; c != 0; {
			buf = appendPawnMove(buf, us, from, c.PopLSB(), 0)
		}
		if p.ep != noSquare && movegen.PawnAttacks(us, from).Has(p.ep) {
			if victim := p.ep ^ 8; p.Piece(victim) == movegen.MakePiece(them, movegen.Pawn) && !p.shields.Has(victim) {
				buf = append(buf, regularMove(from, p.ep, 0, flagEnPassant))
			}
		}
	}
	for b := ours &^ p.ByType(movegen.Pawn); b != 0; {
		from := b.PopLSB()
		for t := p.pieceMoves(from, occupied) & targets; t != 0; {
			buf = append(buf, regularMove(from, t.PopLSB(), 0, 0))
		}
	}
	buf = p.appendCastling(buf, us)

	// Keep the moves that leave the own king safe.
	n := start
	for _, a := range buf[start:] {
		if p.regularIsSafe(a) {
			buf[n] = a
			n++
		}
	}
	return buf[:n]
}

// pawnPush is the square in front of a pawn, or noSquare off the board.
func pawnPush(c color, s square) square {
	if c == white {
		if s.Rank() == 7 {
			return noSquare
		}
		return s + 8
	}
	if s.Rank() == 0 {
		return noSquare
	}
	return s - 8
}

// appendPawnMove adds a pawn move, as four promotions on the last rank.
func appendPawnMove(buf []Action, us color, from, to square, flags Action) []Action {
	if to.RelativeRank(us) == 7 {
		for _, pt := range [4]movegen.PieceType{movegen.Queen, movegen.Rook, movegen.Bishop, movegen.Knight} {
			buf = append(buf, regularMove(from, to, pt, flags))
		}
		return buf
	}
	return append(buf, regularMove(from, to, 0, flags))
}

// appendCastling adds standard castling: the right, an empty and unforbidden
// path between king and rook, and no attacked square on the king's way.
func (p *Position) appendCastling(buf []Action, us color) []Action {
	rank := 0
	kingSide, queenSide := whiteKingSide, whiteQueenSide
	if us == black {
		rank, kingSide, queenSide = 7, blackKingSide, blackQueenSide
	}
	if p.castling&(kingSide|queenSide) == 0 {
		return buf
	}
	king := movegen.MakeSquare(4, rank)
	if p.attacked(king, us.Other()) {
		return buf
	}
	blocked := p.Occupied() | p.forbidden
	sq := func(f int) square { return movegen.MakeSquare(f, rank) }
	if p.castling&kingSide != 0 && blocked&(sq(5).Bit()|sq(6).Bit()) == 0 &&
		!p.attacked(sq(5), us.Other()) && !p.attacked(sq(6), us.Other()) {
		buf = append(buf, regularMove(king, sq(6), 0, flagCastling))
	}
	if p.castling&queenSide != 0 && blocked&(sq(1).Bit()|sq(2).Bit()|sq(3).Bit()) == 0 &&
		!p.attacked(sq(3), us.Other()) && !p.attacked(sq(2), us.Other()) {
		buf = append(buf, regularMove(king, sq(2), 0, flagCastling))
	}
	return buf
}

// regularIsSafe reports whether the regular move leaves the mover's king
// unattacked, by playing it on a copy of the board.
func (p *Position) regularIsSafe(a Action) bool {
	b := p.Board
	champions := p.champions
	us := p.SideToMove()
	from, to := a.From(), a.To()
	switch {
	case a.flags()&flagCastling != 0:
		return true // the path was checked when generating it
	case a.flags()&flagEnPassant != 0:
		b.RemovePiece(to ^ 8)
	case b.Piece(to) != movegen.NoPiece:
		b.RemovePiece(to)
		champions &^= to.Bit()
	}
	b.MovePiece(from, to)
	if champions.Has(from) {
		champions ^= from.Bit() | to.Bit()
	}
	return attackersTo(&b, b.KingSquare(us), b.Occupied(), p.forbidden, champions)&b.ByColor(us.Other()) == 0
}

// hasRegularMove reports whether the side to move has any legal regular move.
func (p *Position) hasRegularMove() bool {
	var buf [maxRegular]Action
	return len(p.genRegular(buf[:0])) > 0
}

// maxRegular bounds the regular moves of a position (218 in chess; the
// card effects cannot add more).
const maxRegular = 256
