package chessmate

// Perft counts the legal action sequences of length depth. Draws come from
// the draw pile when it is known; a hidden pile deals unknown cards. Nodes
// where the position ends the game (no legal turn, fifty moves, bare kings)
// have no children (§13.4); repetition needs a game history and is not
// counted here, which cannot matter before depth 8.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var buf [maxActions]Action
	actions := p.GenActions(buf[:0])
	if depth == 1 {
		return uint64(len(actions))
	}
	var nodes uint64
	for _, a := range actions {
		if a.Claim() {
			nodes++ // the claim ends the game: one leaf
			continue
		}
		child := *p
		if err := child.Play(a, NoCard); err != nil {
			panic("chessmate: generated action failed: " + err.Error()) // a generator bug, not input
		}
		nodes += Perft(&child, depth-1)
	}
	return nodes
}

// Divide counts the leaves below each legal action.
func Divide(p *Position, depth int) map[string]uint64 {
	out := map[string]uint64{}
	var buf [maxActions]Action
	for _, a := range p.GenActions(buf[:0]) {
		if a.Claim() || depth <= 1 {
			out[a.String()] = 1
			continue
		}
		child := *p
		if err := child.Play(a, NoCard); err != nil {
			panic("chessmate: generated action failed: " + err.Error())
		}
		out[a.String()] = Perft(&child, depth-1)
	}
	return out
}
