package movegen

import "fmt"

// mustBeConsistent recomputes everything Make updates incrementally and
// panics on the first difference. It runs after every make and unmake in
// builds with -tags debug, and never in release builds.
func (p *Position) mustBeConsistent() {
	if err := p.consistencyError(); err != nil {
		panic(fmt.Sprintf("movegen: inconsistent position %s: %v", p.FEN(), err))
	}
}

func (p *Position) consistencyError() error {
	var byType [7]Bitboard
	var byColor [2]Bitboard
	for s := Square(0); s < 64; s++ {
		if pc := p.b.squares[s]; pc != NoPiece {
			if pc.Type() < Pawn || pc.Type() > King {
				return fmt.Errorf("invalid piece %d on %s", pc, s)
			}
			byType[pc.Type()] |= s.Bit()
			byColor[pc.Color()] |= s.Bit()
		}
	}
	if byType != p.b.byType || byColor != p.b.byColor {
		return fmt.Errorf("bitboards do not match the board")
	}
	for _, c := range [2]Color{White, Black} {
		if p.Pieces(c, King).Count() != 1 {
			return fmt.Errorf("%s has %d kings", c, p.Pieces(c, King).Count())
		}
	}
	if key := p.computeKey(); key != p.key {
		return fmt.Errorf("key %016x, recomputed %016x", p.key, key)
	}
	if checkers := p.computeCheckers(); checkers != p.checkers {
		return fmt.Errorf("checkers %s, recomputed %s", p.checkers, checkers)
	}
	if p.ep != NoSquare && p.legalEPSquare(p.ep) != p.ep {
		return fmt.Errorf("en-passant square %s without a legal capture", p.ep)
	}
	for i := range p.castle {
		ci := &p.castle[i]
		if p.castling&(1<<i) != 0 && (p.b.squares[ci.kingFrom].Type() != King || p.b.squares[ci.rookFrom].Type() != Rook) {
			return fmt.Errorf("castling right %d without king on %s and rook on %s", i, ci.kingFrom, ci.rookFrom)
		}
	}
	if p.history[uint(p.gamePly)%historySize] != p.key {
		return fmt.Errorf("history does not end with the current key")
	}
	return nil
}
