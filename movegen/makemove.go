package movegen

// Make plays a legal move, saving what Unmake needs in u. The Zobrist key,
// castling rights, en-passant square, clocks, checkers and the repetition
// history are all updated incrementally.
func (p *Position) Make(m Move, u *Undo) {
	u.key, u.checkers, u.rule50, u.pliesFromNull = p.key, p.checkers, p.rule50, p.pliesFromNull
	u.castling, u.ep, u.captured = p.castling, p.ep, NoPiece

	us, them := p.b.side, p.b.side.Other()
	from, to := m.From(), m.To()
	key := p.key ^ zobristSide
	if p.ep != NoSquare {
		key ^= zobristEPFile[p.ep.File()]
		p.ep = NoSquare
	}
	p.rule50++
	p.pliesFromNull++
	p.gamePly++
	doublePush := NoSquare

	switch m.Kind() {
	case Castling:
		ci := &p.castle[castleIndex(us, to > from)]
		king, rook := MakePiece(us, King), MakePiece(us, Rook)
		// Lift both first: in Chess960 the destinations may overlap the origins.
		p.remove(from)
		p.remove(to)
		p.put(king, ci.kingTo)
		p.put(rook, ci.rookTo)
		key ^= zobristPiece[king][from] ^ zobristPiece[king][ci.kingTo] ^
			zobristPiece[rook][to] ^ zobristPiece[rook][ci.rookTo]
	case EnPassant:
		pawn, captured := MakePiece(us, Pawn), MakePiece(them, Pawn)
		capSq := to ^ 8
		p.remove(capSq)
		p.movePiece(from, to)
		key ^= zobristPiece[captured][capSq&63] ^ zobristPiece[pawn][from&63] ^ zobristPiece[pawn][to&63]
		u.captured = captured
		p.rule50 = 0
	default:
		pc := p.b.squares[from&63]
		if captured := p.b.squares[to&63]; captured != NoPiece {
			p.remove(to)
			key ^= zobristPiece[captured][to&63]
			u.captured = captured
			p.rule50 = 0
		}
		p.movePiece(from, to)
		key ^= zobristPiece[pc][from&63] ^ zobristPiece[pc][to&63]
		if pc.Type() == Pawn {
			p.rule50 = 0
			if m.Kind() == Promotion {
				promoted := MakePiece(us, m.PromotionType())
				p.remove(to)
				p.put(promoted, to)
				key ^= zobristPiece[pc][to&63] ^ zobristPiece[promoted][to&63]
			} else if from^to == 16 && pawnAttacks[us][(from+to)/2&63]&p.Pieces(them, Pawn) != 0 {
				doublePush = (from + to) / 2
			}
		}
	}

	if p.castling != NoCastling {
		if rights := p.castling & p.castleMask[from&63] & p.castleMask[to&63]; rights != p.castling {
			key ^= zobristCastling[p.castling] ^ zobristCastling[rights]
			p.castling = rights
		}
	}
	p.b.side = them
	p.checkers = p.checkersOf(p.KingSquare(them), us)
	if doublePush != NoSquare {
		// Record the en-passant square only if the capture is legal, so
		// positions that differ only by an unusable square hash alike.
		if p.ep = p.legalEPSquare(doublePush); p.ep != NoSquare {
			key ^= zobristEPFile[p.ep.File()]
		}
	}
	p.key = key
	p.history[uint(p.gamePly)%historySize] = key
	if debug {
		p.mustBeConsistent()
	}
}

// Unmake takes back m, which must be the last move made with u.
func (p *Position) Unmake(m Move, u *Undo) {
	p.b.side = p.b.side.Other()
	us := p.b.side
	from, to := m.From(), m.To()
	switch m.Kind() {
	case Castling:
		ci := &p.castle[castleIndex(us, to > from)]
		p.remove(ci.kingTo)
		p.remove(ci.rookTo)
		p.put(MakePiece(us, King), from)
		p.put(MakePiece(us, Rook), to)
	case EnPassant:
		p.movePiece(to, from)
		p.put(u.captured, to^8)
	case Promotion:
		p.remove(to)
		p.put(MakePiece(us, Pawn), from)
		if u.captured != NoPiece {
			p.put(u.captured, to)
		}
	default:
		p.movePiece(to, from)
		if u.captured != NoPiece {
			p.put(u.captured, to)
		}
	}
	p.key, p.checkers, p.rule50, p.pliesFromNull = u.key, u.checkers, u.rule50, u.pliesFromNull
	p.castling, p.ep = u.castling, u.ep
	p.gamePly--
	if debug {
		p.mustBeConsistent()
	}
}

// MakeNull passes the turn (for null-move pruning); the side to move must
// not be in check. Repetition detection does not look back across it.
func (p *Position) MakeNull(u *Undo) {
	u.key, u.checkers, u.rule50, u.pliesFromNull = p.key, p.checkers, p.rule50, p.pliesFromNull
	u.castling, u.ep, u.captured = p.castling, p.ep, NoPiece
	p.key ^= zobristSide
	if p.ep != NoSquare {
		p.key ^= zobristEPFile[p.ep.File()]
		p.ep = NoSquare
	}
	p.b.side = p.b.side.Other()
	p.rule50++
	p.pliesFromNull = 0
	p.gamePly++
	p.history[uint(p.gamePly)%historySize] = p.key
	if debug {
		p.mustBeConsistent()
	}
}

// UnmakeNull takes back MakeNull.
func (p *Position) UnmakeNull(u *Undo) {
	p.b.side = p.b.side.Other()
	p.key, p.checkers, p.rule50, p.pliesFromNull = u.key, u.checkers, u.rule50, u.pliesFromNull
	p.castling, p.ep = u.castling, u.ep
	p.gamePly--
}
