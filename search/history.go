package search

// contTable scores a move by piece and destination, in the context of an
// earlier move (continuation history).
type contTable [16][64]int16

// histories are the move-ordering statistics a worker learns during a game;
// they survive between searches and are cleared by ucinewgame.
type histories struct {
	butterfly [2][64][64]int16  // [color][from][to] of quiet moves
	capture   [16][64][7]int16  // [piece][to][captured type] of captures
	counter   [16][64]Move      // [piece][to] of the previous move: the reply that refuted it
	cont      [16][64]contTable // [piece][to] of a move one or two plies back
}

// bonus is the history reward for a move that caused a cutoff at depth.
func bonus(depth int) int {
	return min(historyBonusPerPly*depth-historyBonusOffset, historyBonusMax)
}

// updateHistory moves an entry towards +-maxHistory by v, slowing down as it
// approaches the bound (the "gravity" formula), so values stay comparable.
func updateHistory(h *int16, v int) {
	abs := v
	if abs < 0 {
		abs = -abs
	}
	*h += int16(v - int(*h)*abs/maxHistory)
}
