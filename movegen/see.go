package movegen

// SEEValues are the piece values static exchange evaluation counts with,
// indexed by PieceType. The king is worth nothing: it is never captured, and
// it may only recapture when nothing defends the square. Pins are ignored,
// as usual for SEE.
var SEEValues = [7]int{Pawn: 100, Knight: 300, Bishop: 300, Rook: 500, Queen: 900}

// seeStart returns, for a capture or promotion, the value m wins at once
// and the value of the piece left standing on the destination.
func (p *Position) seeStart(m Move) (won, standing int) {
	won = SEEValues[p.b.squares[m.To()&63].Type()]
	standing = SEEValues[p.b.squares[m.From()&63].Type()]
	switch m.Kind() {
	case EnPassant:
		won = SEEValues[Pawn]
	case Promotion:
		won += SEEValues[m.PromotionType()] - SEEValues[Pawn]
		standing = SEEValues[m.PromotionType()]
	}
	return won, standing
}

// seeOccupancy is the board after m, for finding the recaptures.
func (p *Position) seeOccupancy(m Move) Bitboard {
	occupied := p.Occupied() ^ m.From().Bit()
	if m.Kind() == EnPassant {
		occupied ^= (m.To() ^ 8).Bit()
	}
	return occupied
}

// SEE returns the material balance of the exchange m starts on its
// destination, both sides recapturing with their least valuable piece and
// each stopping when going on would lose. A pawn recapturing on the last
// rank promotes to a queen. Castling scores 0; a quiet move scores 0 unless
// the moved piece can be won on its new square.
func (p *Position) SEE(m Move) int {
	if m.Kind() == Castling {
		return 0
	}
	to := m.To()
	promotes := to.Rank() == 0 || to.Rank() == 7
	var gain [32]int // gain[d]: the material of the side making capture d, if the exchange stopped there
	won, standing := p.seeStart(m)
	gain[0] = won
	occupied := p.seeOccupancy(m)
	attackers := p.AttackersTo(to, occupied) & occupied
	side := p.b.side.Other()
	depth := 0
	for depth < len(gain)-1 {
		sq, pt := p.leastValuable(attackers&p.b.byColor[side], promotes)
		if sq == NoSquare || (pt == King && attackers&p.b.byColor[side.Other()] != 0) {
			break
		}
		depth++
		gain[depth] = standing - gain[depth-1]
		standing = SEEValues[pt]
		if pt == Pawn && promotes {
			gain[depth] += SEEValues[Queen] - SEEValues[Pawn]
			standing = SEEValues[Queen]
		}
		occupied ^= sq.Bit()
		attackers = p.xrayAttackers(to, occupied, attackers)
		side = side.Other()
	}
	// Each side may decline to capture: minimax from the end back to the start.
	for ; depth > 0; depth-- {
		gain[depth-1] = -max(-gain[depth-1], gain[depth])
	}
	return gain[0]
}

// SEEAtLeast reports whether SEE(m) >= threshold. It is the test search
// uses, and usually stops before the exchange is played out.
func (p *Position) SEEAtLeast(m Move, threshold int) bool {
	if m.Kind() == Castling {
		return threshold <= 0
	}
	to := m.To()
	if to.Rank() == 0 || to.Rank() == 7 {
		// Recaptures may promote, which the shortcut below does not model.
		return p.SEE(m) >= threshold
	}
	won, standing := p.seeStart(m)
	// balance: what the side that just captured is ahead of the threshold
	// if the piece on the square is lost next.
	balance := won - threshold
	if balance < 0 {
		return false // even an unanswered capture falls short
	}
	balance -= standing
	if balance >= 0 {
		return true // losing the capturing piece still meets the threshold
	}
	occupied := p.seeOccupancy(m)
	attackers := p.AttackersTo(to, occupied) & occupied
	// side is to capture next; balance is, seen from the side that just
	// captured, how far it stays above the threshold if it loses its piece.
	side := p.b.side.Other()
	for {
		mine := attackers & p.b.byColor[side]
		if mine == 0 {
			break
		}
		sq, pt := p.leastValuable(mine, false)
		occupied ^= sq.Bit()
		attackers = p.xrayAttackers(to, occupied, attackers)
		side = side.Other()
		balance = -balance - 1 - SEEValues[pt]
		if balance >= 0 {
			// side (the one that did not just capture) has given up. A king
			// capture only counts if side has no attacker left to answer it.
			if pt == King && attackers&p.b.byColor[side] != 0 {
				side = side.Other()
			}
			break
		}
	}
	// side is the one left without a good capture: the mover reaches the
	// threshold when that is its opponent.
	return side != p.b.side
}

// leastValuable returns the square and type of the attacker that risks the
// least. On the last rank a pawn would capture and promote, leaving a queen
// standing, so it comes after the rooks there.
func (p *Position) leastValuable(attackers Bitboard, promotes bool) (Square, PieceType) {
	order := [...]PieceType{Pawn, Knight, Bishop, Rook, Queen, King}
	if promotes {
		order = [...]PieceType{Knight, Bishop, Rook, Pawn, Queen, King}
	}
	for _, pt := range order {
		if b := attackers & p.b.byType[pt]; b != 0 {
			return b.LSB(), pt
		}
	}
	return NoSquare, NoPieceType
}

// xrayAttackers refreshes the attackers of s after a piece left occupied:
// sliders behind it may now see the square.
func (p *Position) xrayAttackers(s Square, occupied, attackers Bitboard) Bitboard {
	attackers |= BishopAttacks(s, occupied)&(p.b.byType[Bishop]|p.b.byType[Queen]) |
		RookAttacks(s, occupied)&(p.b.byType[Rook]|p.b.byType[Queen])
	return attackers & occupied
}
