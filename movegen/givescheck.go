package movegen

// GivesCheck reports whether the legal move m checks the enemy king, without
// making it: a direct check by the piece on its new square, or a discovered
// check by a slider whose line the move opens (including the captured pawn's
// square for en passant and the king's square for castling).
func (p *Position) GivesCheck(m Move) bool {
	us := p.b.side
	ksq := p.KingSquare(us.Other())
	from, to := m.From(), m.To()
	pt := p.b.squares[from&63].Type()
	occupied := p.Occupied() ^ from.Bit() | to.Bit()
	vacated := from.Bit()
	switch m.Kind() {
	case Castling:
		ci := &p.castle[castleIndex(us, to > from)]
		occupied = p.Occupied() ^ from.Bit() ^ to.Bit() | ci.kingTo.Bit() | ci.rookTo.Bit()
		pt, to, vacated = Rook, ci.rookTo, from.Bit()|ci.rookFrom.Bit()
	case EnPassant:
		captured := to ^ 8
		occupied ^= captured.Bit()
	case Promotion:
		pt = m.PromotionType()
	}
	if PieceAttacks(pt, us, to, occupied).Has(ksq) {
		return true
	}
	ours := p.b.byColor[us&1] &^ vacated
	return (BishopAttacks(ksq, occupied)&(p.b.byType[Bishop]|p.b.byType[Queen])|
		RookAttacks(ksq, occupied)&(p.b.byType[Rook]|p.b.byType[Queen]))&ours != 0
}
