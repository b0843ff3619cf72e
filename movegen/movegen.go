package movegen

// Legal move generation with check and pin masks: every generated move is
// legal, so search and perft never make a move only to take it back.
//
// The moves split into two disjoint kinds that search orders separately:
// noisy moves (captures, en passant and every promotion) and quiet moves
// (everything else, castling included). Together they are all legal moves.

type genKind uint8

const (
	genAll genKind = iota
	genNoisy
	genQuiet
)

// sink receives generated moves, or only counts them. Counting lets perft
// finish its last ply with popcounts instead of writing moves.
type sink struct {
	moves     []Move
	n         int
	countOnly bool
}

// add emits a move from `from` to each square of targets.
func (s *sink) add(from Square, targets Bitboard) {
	if s.countOnly {
		s.n += targets.Count()
		return
	}
	for targets != 0 {
		s.moves[s.n] = NewMove(from, targets.PopLSB())
		s.n++
	}
}

// addPawnMoves emits a pawn move to each target; the pawn came from target-delta.
func (s *sink) addPawnMoves(targets Bitboard, delta Square) {
	if s.countOnly {
		s.n += targets.Count()
		return
	}
	for targets != 0 {
		to := targets.PopLSB()
		s.moves[s.n] = NewMove(to-delta, to)
		s.n++
	}
}

// addPromotions emits the four promotions for each target, queen first.
func (s *sink) addPromotions(targets Bitboard, delta Square) {
	if s.countOnly {
		s.n += 4 * targets.Count()
		return
	}
	for targets != 0 {
		to := targets.PopLSB()
		from := to - delta
		s.moves[s.n] = newPromotion(from, to, Queen)
		s.moves[s.n+1] = newPromotion(from, to, Knight)
		s.moves[s.n+2] = newPromotion(from, to, Rook)
		s.moves[s.n+3] = newPromotion(from, to, Bishop)
		s.n += 4
	}
}

func (s *sink) addOne(m Move) {
	if !s.countOnly {
		s.moves[s.n] = m
	}
	s.n++
}

// GenLegal writes all legal moves into buf (len(buf) >= MaxMoves) and returns the filled part.
func (p *Position) GenLegal(buf []Move) []Move {
	s := sink{moves: buf[:MaxMoves]}
	p.generate(&s, genAll)
	return buf[:s.n]
}

// GenNoisy writes the legal captures, en-passant captures and promotions.
func (p *Position) GenNoisy(buf []Move) []Move {
	s := sink{moves: buf[:MaxMoves]}
	p.generate(&s, genNoisy)
	return buf[:s.n]
}

// GenQuiet writes the legal moves GenNoisy leaves out: non-captures that do
// not promote, castling included.
func (p *Position) GenQuiet(buf []Move) []Move {
	s := sink{moves: buf[:MaxMoves]}
	p.generate(&s, genQuiet)
	return buf[:s.n]
}

// GenEvasions writes the legal replies to check; it returns none when the
// side to move is not in check.
func (p *Position) GenEvasions(buf []Move) []Move {
	if p.checkers == 0 {
		return buf[:0]
	}
	return p.GenLegal(buf)
}

// CountLegal returns the number of legal moves without writing them.
func (p *Position) CountLegal() int {
	s := sink{countOnly: true}
	p.generate(&s, genAll)
	return s.n
}

// HasLegalMove reports whether the side to move can move at all.
func (p *Position) HasLegalMove() bool { return p.CountLegal() != 0 }

func (p *Position) generate(s *sink, kind genKind) {
	us, them := p.b.side, p.b.side.Other()
	ours, theirs := p.b.byColor[us&1], p.b.byColor[them&1]
	occupied := ours | theirs
	ksq := p.KingSquare(us)

	var targets Bitboard
	switch kind {
	case genAll:
		targets = ^ours
	case genNoisy:
		targets = theirs
	case genQuiet:
		targets = ^occupied
	}

	// King moves: test each destination with the king lifted off the board,
	// so a slider checking along a line also covers the square behind it.
	withoutKing := occupied ^ ksq.Bit()
	for b := kingAttacks[ksq&63] & targets; b != 0; {
		to := b.PopLSB()
		if !p.IsAttacked(to, them, withoutKing) {
			s.addOne(NewMove(ksq, to))
		}
	}
	if p.checkers.Several() {
		return // double check: only the king may move
	}

	// In check, other pieces must capture the checker or block the line.
	checkMask := ^Bitboard(0)
	if p.checkers != 0 {
		checkMask = between[ksq&63][p.checkers.LSB()&63] | p.checkers
	}
	pinned := p.pinned(us, ksq)
	targets &= checkMask

	p.generatePawnMoves(s, kind, ksq, pinned, checkMask)

	for b := p.b.byType[Knight] & ours &^ pinned; b != 0; {
		from := b.PopLSB()
		s.add(from, knightAttacks[from&63]&targets)
	}
	for b := (p.b.byType[Bishop] | p.b.byType[Queen]) & ours; b != 0; {
		from := b.PopLSB()
		att := BishopAttacks(from, occupied) & targets
		if pinned.Has(from) {
			att &= line[ksq&63][from&63]
		}
		s.add(from, att)
	}
	for b := (p.b.byType[Rook] | p.b.byType[Queen]) & ours; b != 0; {
		from := b.PopLSB()
		att := RookAttacks(from, occupied) & targets
		if pinned.Has(from) {
			att &= line[ksq&63][from&63]
		}
		s.add(from, att)
	}

	if rights := p.castling >> (2 * us) & 3; rights != 0 && kind != genNoisy && p.checkers == 0 {
		for i := 2 * int(us); rights != 0; i, rights = i+1, rights>>1 {
			if rights&1 == 0 {
				continue
			}
			ci := &p.castle[i&3]
			if occupied&ci.mustBeEmpty == 0 && !p.anyAttacked(ci.kingPath, them, occupied^ci.rookFrom.Bit()) {
				s.addOne(Move(ci.kingFrom) | Move(ci.rookFrom)<<6 | Move(Castling))
			}
		}
	}
}

// anyAttacked reports whether color by attacks any square of squares. The
// castling rook is lifted from occupied: in Chess960 it may be shielding the
// king's destination from a rook or queen behind it.
func (p *Position) anyAttacked(squares Bitboard, by Color, occupied Bitboard) bool {
	for squares != 0 {
		if p.IsAttacked(squares.PopLSB(), by, occupied) {
			return true
		}
	}
	return false
}

func (p *Position) generatePawnMoves(s *sink, kind genKind, ksq Square, pinned, checkMask Bitboard) {
	us, them := p.b.side, p.b.side.Other()
	theirs := p.b.byColor[them&1]
	empty := ^p.Occupied()
	pawns := p.b.byType[Pawn] & p.b.byColor[us&1]
	// A pinned pawn may still move along its pin; those are few and handled
	// one by one below. In check a pinned pawn cannot help, except by an
	// en-passant capture, which is tested in full separately.
	free := pawns &^ pinned

	var up, upWest, upEast Square // from-to deltas, modulo 256 for Black
	var promoRank, doubleRank Bitboard
	var push1, push2, capWest, capEast Bitboard
	if us == White {
		up, upWest, upEast = 8, 7, 9
		promoRank, doubleRank = Rank8, Rank3
		push1 = free << 8 & empty
		push2 = (push1 & doubleRank) << 8 & empty
		capWest = (free &^ FileA) << 7 & theirs
		capEast = (free &^ FileH) << 9 & theirs
	} else {
		up, upWest, upEast = 256-8, 256-9, 256-7
		promoRank, doubleRank = Rank1, Rank6
		push1 = free >> 8 & empty
		push2 = (push1 & doubleRank) >> 8 & empty
		capWest = (free &^ FileA) >> 9 & theirs
		capEast = (free &^ FileH) >> 7 & theirs
	}
	push1 &= checkMask
	push2 &= checkMask
	capWest &= checkMask
	capEast &= checkMask

	if kind != genNoisy {
		s.addPawnMoves(push1&^promoRank, up)
		s.addPawnMoves(push2, up+up)
	}
	if kind != genQuiet {
		s.addPawnMoves(capWest&^promoRank, upWest)
		s.addPawnMoves(capEast&^promoRank, upEast)
		if (push1|capWest|capEast)&promoRank != 0 {
			s.addPromotions(push1&promoRank, up)
			s.addPromotions(capWest&promoRank, upWest)
			s.addPromotions(capEast&promoRank, upEast)
		}
	}

	if pinnedPawns := pawns & pinned; pinnedPawns != 0 && p.checkers == 0 {
		for pinnedPawns != 0 {
			from := pinnedPawns.PopLSB()
			pin := line[ksq&63][from&63]
			fromBit := from.Bit()
			var push, pushTwice, captures Bitboard
			if us == White {
				push = fromBit << 8 & empty
				pushTwice = (push & doubleRank) << 8 & empty
			} else {
				push = fromBit >> 8 & empty
				pushTwice = (push & doubleRank) >> 8 & empty
			}
			push &= pin
			pushTwice &= pin
			captures = pawnAttacks[us][from&63] & theirs & pin
			if kind != genNoisy {
				s.add(from, (push|pushTwice)&^promoRank)
			}
			if kind != genQuiet {
				s.add(from, captures&^promoRank)
				if promos := (push | captures) & promoRank; promos != 0 {
					s.addPromotions(promos, promos.LSB()-from) // one square: a pin is a single line
				}
			}
		}
	}

	if p.ep != NoSquare && kind != genQuiet {
		for b := pawnAttacks[them][p.ep&63] & pawns; b != 0; {
			from := b.PopLSB()
			if p.epLegal(from, p.ep) {
				s.addOne(Move(from) | Move(p.ep)<<6 | Move(EnPassant))
			}
		}
	}
}
