package chessmate

import "tempest/movegen"

// maxActions bounds the legal actions of one position: regular moves, up to
// three cards' uses (Forbidden City and Long Jump reach a few dozen each),
// Hand of Fate with every move, and all of that again after Vulture.
const maxActions = 2048

// GenActions appends every legal action (whole turn) of the side to move.
// A finished game (fifty moves, bare kings) has none; checkmate and
// stalemate are positions with none. Repetition is judged by Game, which
// knows the history.
func (p *Position) GenActions(buf []Action) []Action {
	if p.drawnByRule() {
		return buf
	}
	return p.genTurns(buf)
}

// genTurns appends every legal turn, whatever the clocks say. A hand with
// hidden cards (the opponent's in a view) may hold any card the position
// does not show, so the turns of every unseen card are listed for it.
func (p *Position) genTurns(buf []Action) []Action {
	start := len(buf)
	us := p.SideToMove()
	var regular [maxRegular]Action
	moves := p.genRegular(regular[:0])
	buf = p.genTurn(buf, moves, 0)
	if p.last != NoCard && p.last != Unknown && p.playable(us).has(Vulture) {
		// Vulture first: the hand becomes hand - VU + the opponent's last card.
		q := *p
		q.takeVulture()
		buf = q.genTurn(buf, moves, flagVulture)
	}
	// Stalemate claim: not in check, no regular move, but a card turn exists.
	if len(moves) == 0 && len(buf) > start && !p.KingAttacked(us) {
		buf = append(buf, flagClaim)
	}
	return buf
}

// genTurn appends the main actions available with the mover's hand: regular
// moves, Hand of Fate with each of them, and every legal use of every other
// card, the hand's own cards first, in hand order.
func (p *Position) genTurn(buf []Action, moves []Action, prefix Action) []Action {
	for _, m := range moves {
		buf = append(buf, m|prefix)
	}
	hand := &p.hands[p.SideToMove()]
	cards := p.playable(p.SideToMove())
	if cards.has(HandOfFate) {
		for _, m := range moves {
			buf = append(buf, m|Action(HandOfFate)<<18|prefix)
		}
	}
	rest := cards &^ (1<<HandOfFate | 1<<Vulture)
	for _, c := range hand.Cards() {
		if rest.has(c) {
			rest &^= 1 << c
			buf = p.genCard(buf, c, prefix)
		}
	}
	for _, c := range DeckOrder { // unseen cards a hidden hand may hold
		if rest.has(c) {
			buf = p.genCard(buf, c, prefix)
		}
	}
	return buf
}

// genCard appends the legal uses of card c: own king safe, and a regular
// card must not mate.
func (p *Position) genCard(buf []Action, c Card, prefix Action) []Action {
	start := len(buf)
	buf = p.cardCandidates(buf, c)
	n := start
	for _, a := range buf[start:] {
		if p.cardIsLegal(a) {
			buf[n] = a | prefix
			n++
		}
	}
	return buf[:n]
}

// cardIsLegal plays a card action on a copy: the mover's king must be safe
// afterwards, and a regular card may check but not checkmate (the opponent
// in check with no legal regular move, its cards ignored).
func (p *Position) cardIsLegal(a Action) bool {
	q := *p
	q.boardEffect(a)
	us := p.SideToMove()
	if q.attacked(q.KingSquare(us), us.Other()) {
		return false
	}
	if !a.Card().Regular() {
		return true
	}
	// Judged on the board the opponent will face (shields already updated).
	q.Board.SetSideToMove(us.Other())
	return !(q.KingAttacked(us.Other()) && !q.hasRegularMove())
}

// cardCandidates appends the uses of card c that follow its own rules
// (targets, paths, squares); cardIsLegal then applies the turn rules.
func (p *Position) cardCandidates(buf []Action, c Card) []Action {
	us, them := p.SideToMove(), p.SideToMove().Other()
	occupied := p.Occupied()
	ours, theirs := p.ByColor(us), p.ByColor(them)
	empty := ^occupied &^ p.forbidden
	kings := p.ByType(movegen.King)
	switch c {
	case Cowardice: // an enemy pawn one or two squares back towards its owner's first rank
		for b := p.Pieces(them, movegen.Pawn); b != 0; {
			from := b.PopLSB()
			one := pawnPush(us, from) // "back" for them is "forward" for us
			if one == noSquare || !empty.Has(one) {
				continue
			}
			buf = append(buf, cardAction(c, from, one, 0))
			if two := pawnPush(us, one); two != noSquare && empty.Has(two) {
				buf = append(buf, cardAction(c, from, two, 0))
			}
		}
	case DarkMirror: // own pawn captures one square diagonally backwards
		for b := p.Pieces(us, movegen.Pawn); b != 0; {
			from := b.PopLSB()
			for t := movegen.PawnAttacks(them, from) & theirs &^ kings &^ p.shields; t != 0; {
				buf = append(buf, cardAction(c, from, t.PopLSB(), 0))
			}
		}
	case DeathDance: // own piece and an adjacent enemy piece exchange squares
		for b := ours; b != 0; {
			x := b.PopLSB()
			for t := movegen.KingAttacks(x) & theirs; t != 0; {
				y := t.PopLSB()
				if p.Piece(x).Type() == movegen.Pawn && y.RelativeRank(us) == 7 {
					for _, pt := range [4]movegen.PieceType{movegen.Queen, movegen.Rook, movegen.Bishop, movegen.Knight} {
						buf = append(buf, cardAction(c, x, y, 0)|Action(pt)<<23)
					}
					continue
				}
				buf = append(buf, cardAction(c, x, y, 0))
			}
		}
	case Disintegration:
		for b := p.Pieces(us, movegen.Pawn); b != 0; {
			buf = append(buf, cardAction(c, b.PopLSB(), 0, 0))
		}
	case Champion: // any knight that is not a Champion yet
		for b := p.ByType(movegen.Knight) &^ p.champions; b != 0; {
			buf = append(buf, cardAction(c, b.PopLSB(), 0, 0))
		}
	case Rebirth: // an enemy piece back to a starting square of its type
		for b := theirs; b != 0; {
			from := b.PopLSB()
			pt := p.Piece(from).Type()
			for t := startSquares(them, pt) &^ from.Bit() &^ p.forbidden; t != 0; {
				to := t.PopLSB()
				target := p.Piece(to)
				switch {
				case target == movegen.NoPiece:
				case pt == movegen.King: // a king is reborn onto an empty square only (§13.1)
					continue
				case target.Color() != us || target.Type() == movegen.King:
					continue
				}
				buf = append(buf, cardAction(c, from, to, 0))
			}
		}
	case Revelation: // a knight and a bishop of the same owner exchange squares
		for b := p.ByType(movegen.Knight); b != 0; {
			n := b.PopLSB()
			for t := p.Pieces(p.Piece(n).Color(), movegen.Bishop); t != 0; {
				buf = append(buf, cardAction(c, n, t.PopLSB(), 0))
			}
		}
	case LongJump: // own knight to an empty square of the other color
		for b := p.Pieces(us, movegen.Knight); b != 0; {
			from := b.PopLSB()
			other := movegen.LightSquares
			if movegen.LightSquares.Has(from) {
				other = movegen.DarkSquares
			}
			for t := empty & other; t != 0; {
				buf = append(buf, cardAction(c, from, t.PopLSB(), 0))
			}
		}
	case LostCastle: // own rook and enemy rook exchange squares
		for b := p.Pieces(us, movegen.Rook); b != 0; {
			r := b.PopLSB()
			for t := p.Pieces(them, movegen.Rook); t != 0; {
				buf = append(buf, cardAction(c, r, t.PopLSB(), 0))
			}
		}
	case MysticShield:
		for b := ours; b != 0; {
			buf = append(buf, cardAction(c, b.PopLSB(), 0, 0))
		}
	case ForbiddenCity:
		for b := empty; b != 0; {
			buf = append(buf, cardAction(c, b.PopLSB(), 0, 0))
		}
	case HolyQuest: // own bishop and enemy knight exchange squares
		for b := p.Pieces(us, movegen.Bishop); b != 0; {
			bishop := b.PopLSB()
			for t := p.Pieces(them, movegen.Knight); t != 0; {
				buf = append(buf, cardAction(c, bishop, t.PopLSB(), 0))
			}
		}
	case Crusade:
		buf = p.crusades(buf, ^bitboard(0))
	}
	return buf
}

// crusades appends the Crusades (a non-capturing bishop move, then a second
// bishop move) whose final square is in within.
func (p *Position) crusades(buf []Action, within bitboard) []Action {
	us := p.SideToMove()
	occupied := p.Occupied()
	empty := ^occupied &^ p.forbidden
	for b := p.Pieces(us, movegen.Bishop); b != 0; {
		from := b.PopLSB()
		for m := movegen.BishopAttacks(from, occupied|p.forbidden) & empty; m != 0; {
			mid := m.PopLSB()
			after := occupied ^ from.Bit() | mid.Bit()
			targets := ^(p.ByColor(us) ^ from.Bit() | mid.Bit()) &^ p.forbidden &^ p.shields &^ p.ByType(movegen.King) & within
			for t := movegen.BishopAttacks(mid, after|p.forbidden) & targets; t != 0; {
				buf = append(buf, cardAction(Crusade, from, mid, t.PopLSB()))
			}
		}
	}
	return buf
}

// startSquares are the squares a piece of type pt starts on for color c.
func startSquares(c color, pt movegen.PieceType) bitboard {
	var b bitboard
	switch pt {
	case movegen.Pawn:
		return relRank(c, 1)
	case movegen.Knight:
		b = movegen.B1.Bit() | movegen.G1.Bit()
	case movegen.Bishop:
		b = movegen.C1.Bit() | movegen.F1.Bit()
	case movegen.Rook:
		b = movegen.A1.Bit() | movegen.H1.Bit()
	case movegen.Queen:
		b = movegen.D1.Bit()
	case movegen.King:
		b = movegen.E1.Bit()
	}
	if c == black {
		b <<= 56
	}
	return b
}

func relRank(c color, r int) bitboard {
	if c == black {
		r = 7 - r
	}
	return movegen.RankMask(r)
}

// drawnByRule reports the automatic draws a position shows on its own:
// fifty moves without capture or pawn change, or only the two kings left.
func (p *Position) drawnByRule() bool {
	return p.rule50 >= 100 || p.Occupied() == p.ByType(movegen.King)
}
