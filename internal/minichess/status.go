package minichess

// Status reports whether the game is over, its result ("1-0", "0-1",
// "1/2-1/2", or "*" while it goes on) and why. Repetition counts the
// positions this Position has been through since Parse, which it keeps
// itself: play a game's moves on one Position (or its copies) to have them
// count. When several endings hold at once, the first of checkmate,
// stalemate, fifty-move rule, threefold repetition and insufficient
// material is reported.
func (p *Position) Status() (over bool, result, reason string) {
	var buf [maxMoves]Move
	if len(p.generate(buf[:0])) == 0 {
		if !p.InCheck() {
			return true, "1/2-1/2", "stalemate"
		}
		if p.side == white {
			return true, "0-1", "checkmate"
		}
		return true, "1-0", "checkmate"
	}
	switch {
	case p.rule50 >= 100:
		return true, "1/2-1/2", "fifty-move rule"
	case p.repetitions() >= 2:
		return true, "1/2-1/2", "threefold repetition"
	case p.insufficient(white) && p.insufficient(black):
		return true, "1/2-1/2", "insufficient material"
	}
	return false, "*", ""
}

// repetitions counts the earlier occurrences of this position since the
// last capture or pawn move, as far back as the history reaches.
func (p *Position) repetitions() int {
	back := min(p.rule50, p.plies, historyLen)
	n := 0
	for i := 2; i <= back; i += 2 { // the same side is to move every other ply
		if p.history[(p.plies-i)%historyLen] == p.key {
			n++
		}
	}
	return n
}

// insufficient reports whether side c cannot mate by Fairy-Stockfish's rule
// (has_insufficient_material): a pawn, rook or queen can; bishops can if
// bishops of either side stand on both square colours or any other piece
// is on the board; a knight can if any other piece but the kings is.
func (p *Position) insufficient(c colour) bool {
	var bishopsOn [2]int // bishops of both sides by square colour
	others := 0          // pieces of both sides that are neither king nor bishop
	var ownBishop, ownKnight bool
	for sq, pc := range p.board {
		switch pc.kind() {
		case pawn, rook, queen:
			if pc.colour() == c {
				return false
			}
			others++
		case bishop:
			bishopsOn[(square(sq).file()+square(sq).rank())%2]++
			ownBishop = ownBishop || pc.colour() == c
		case knight:
			others++
			ownKnight = ownKnight || pc.colour() == c
		}
	}
	if ownBishop && (bishopsOn[0] > 0 && bishopsOn[1] > 0 || others > 0) {
		return false
	}
	return !ownKnight || others+bishopsOn[0]+bishopsOn[1] < 2
}
