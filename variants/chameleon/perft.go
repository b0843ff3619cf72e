package chameleon

// Perft counts the move sequences of length depth. A player with pawns but
// no move has one move, the pass; a finished position (last player
// standing, no progress, every player stuck) has none and counts nothing
// below it (clarification 7). Repetition needs a game's history and is not
// counted, which cannot matter before the same position can occur three
// times (depth 8 at the earliest).
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if p.Players() <= 1 || p.quiet >= QuietLimit {
		return 0
	}
	var buf [MaxMoves]Move
	moves := p.GenMoves(buf[:0])
	if len(moves) == 0 {
		if p.AllStuck() {
			return 0
		}
		child := *p
		child.Make(PassMove)
		return Perft(&child, depth-1)
	}
	if depth == 1 {
		return uint64(len(moves))
	}
	var nodes uint64
	for _, m := range moves {
		child := *p
		child.Make(m)
		nodes += Perft(&child, depth-1)
	}
	return nodes
}

// Divide counts the sequences below each legal move, keyed by its token.
func Divide(p *Position, depth int) map[string]uint64 {
	out := map[string]uint64{}
	if depth <= 0 || p.Over() {
		return out
	}
	var buf [MaxMoves]Move
	moves := p.GenMoves(buf[:0])
	if len(moves) == 0 {
		moves = append(moves, PassMove)
	}
	for _, m := range moves {
		child := *p
		child.Make(m)
		out[m.String()] = Perft(&child, depth-1)
	}
	return out
}
