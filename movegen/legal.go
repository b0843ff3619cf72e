package movegen

// IsLegal reports whether m, which may be any 16-bit value (a move from the
// transposition table, a killer from a sibling node), is legal here. Search
// uses it to try such moves before generating any.
func (p *Position) IsLegal(m Move) bool {
	from, to := m.From(), m.To()
	pc := p.b.squares[from&63]
	us, them := p.b.side, p.b.side.Other()
	if m == NullMove || pc == NoPiece || pc.Color() != us || (m.Kind() != Promotion && m>>12&3 != 0) {
		return false // the last test: promotion bits on a move that does not promote
	}
	ours, theirs := p.b.byColor[us&1], p.b.byColor[them&1]
	occupied := ours | theirs
	pt := pc.Type()
	lastRank := to.RelativeRank(us) == 7

	switch m.Kind() {
	case Castling:
		if pt != King || p.checkers != 0 {
			return false
		}
		for i := 2 * int(us); i < 2*int(us)+2; i++ {
			ci := &p.castle[i&3]
			if p.castling&(1<<i) != 0 && ci.kingFrom == from && ci.rookFrom == to {
				return occupied&ci.mustBeEmpty == 0 && !p.anyAttacked(ci.kingPath, them, occupied^ci.rookFrom.Bit())
			}
		}
		return false
	case EnPassant:
		return pt == Pawn && to == p.ep && pawnAttacks[us][from&63].Has(to) && p.epLegal(from, to)
	case Promotion:
		if pt != Pawn || !lastRank || !p.pawnMoveShape(from, to) {
			return false
		}
	default:
		if pt == Pawn {
			if lastRank || !p.pawnMoveShape(from, to) {
				return false
			}
		} else if ours.Has(to) || !PieceAttacks(pt, us, from, occupied).Has(to) {
			return false
		}
	}

	if pt == King {
		return !p.IsAttacked(to, them, occupied^from.Bit())
	}
	// With the move made, no enemy piece (other than one just captured) may
	// attack the king: this covers pins, checks not answered, and double checks.
	after := occupied ^ from.Bit() | to.Bit()
	return p.AttackersTo(p.KingSquare(us), after)&theirs&^to.Bit() == 0
}

// pawnMoveShape reports whether a pawn on from can go to to by a push (single,
// or double from its second rank, over empty squares) or a capture of an
// enemy piece. En passant is handled separately.
func (p *Position) pawnMoveShape(from, to Square) bool {
	us := p.b.side
	occupied := p.Occupied()
	if pawnAttacks[us][from&63].Has(to) {
		return p.b.byColor[us.Other()&1].Has(to)
	}
	one := Square(int(from) + 8 - 16*int(us))
	if to == one {
		return !occupied.Has(one)
	}
	two := Square(int(from) + 16 - 32*int(us))
	return to == two && from.RelativeRank(us) == 1 && !occupied.Has(one) && !occupied.Has(two)
}
