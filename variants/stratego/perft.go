package stratego

// Perft counts the move sequences of length depth with full knowledge. A
// finished position has no moves (§12.13); repetition needs a game's
// history and is not counted. In a view, a battle with an unknown
// participant cannot be resolved without the arbiter: it ends its line and
// counts as one leaf.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	stack := make([]Position, depth+1) // one position per ply: no allocation per node
	stack[0] = *p
	return perft(stack, 0, depth)
}

func perft(stack []Position, ply, depth int) uint64 {
	p := &stack[ply]
	var buf [MaxMoves]Move
	moves := p.LegalMoves(buf[:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var nodes uint64
	for _, m := range moves {
		if p.hiddenBattle(m) {
			nodes++
			continue
		}
		child := &stack[ply+1]
		*child = *p
		child.Play(m)
		nodes += perft(stack, ply+1, depth-1)
	}
	return nodes
}

// Divide counts the leaves below each legal move, by move token.
func Divide(p *Position, depth int) map[string]uint64 {
	out := map[string]uint64{}
	var buf [MaxMoves]Move
	for _, m := range p.LegalMoves(buf[:0]) {
		if depth <= 1 || p.hiddenBattle(m) {
			out[m.String()] = 1
			continue
		}
		child := *p
		child.Play(m)
		out[m.String()] = Perft(&child, depth-1)
	}
	return out
}

// hiddenBattle reports a battle with an unknown participant.
func (p *Position) hiddenBattle(m Move) bool {
	d := p.board[m.To()]
	return d != NoPiece && (d.Kind() == Unknown || p.board[m.From()].Kind() == Unknown)
}
