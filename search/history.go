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
	// pawnCorr[color][pawn structure]: how far the static evaluation of
	// positions with this pawn structure and side to move missed the search
	// scores, in units of 1/corrScale centipawn (correction history).
	pawnCorr [2][corrSize]int16
	// nonPawnCorr[color][side][pieces]: the same for the pieces other than
	// pawns of one side.
	nonPawnCorr [2][2][corrSize]int16
}

// corrKeys are a position's keys into the correction tables.
type corrKeys struct {
	pawn    uint64    // the pawns of both sides
	nonPawn [2]uint64 // each side's other pieces, king included
}

// Correction history: the static evaluation is corrected by what searches
// of positions with the same pawn structure, or the same pieces of one
// side, found, since an evaluation tends to misjudge a structure the same
// way wherever it recurs.
const (
	corrSize  = 1 << 14         // entries per side to move
	corrScale = 8               // an entry is in units of 1/corrScale centipawn
	corrLimit = 256 * corrScale // |entry| at most 256 cp, so no table can swamp the evaluation
)

// correction is the correction of the static evaluation for pos, in
// centipawns; zero for a game without one (see correctionKeys).
func (h *histories) correction(pos *Position) int {
	if corrWeight == 0 && nonPawnCorrWeight == 0 {
		return 0 // off: no keys to hash on every node (the test folds away where the weights are constants)
	}
	k, ok := correctionKeys(pos)
	if !ok {
		return 0
	}
	us := pos.SideToMove()
	c := int(h.pawnCorr[us][k.pawn&(corrSize-1)]) * corrWeight
	c += (int(h.nonPawnCorr[us][0][k.nonPawn[0]&(corrSize-1)]) + int(h.nonPawnCorr[us][1][k.nonPawn[1]&(corrSize-1)])) * nonPawnCorrWeight
	return c / (100 * corrScale)
}

// updateCorrection moves pos's entries by the part of the search's score
// that the corrected static evaluation still missed, weighted by the depth
// of the search. The step is taken from the corrected evaluation, not the
// raw one: the search's score is built from corrected leaves, so a target of
// score-raw would hold an entry's own value and let it drift without bound.
func (h *histories) updateCorrection(pos *Position, staticEval, score, depth int) {
	if corrWeight == 0 && nonPawnCorrWeight == 0 {
		return // nothing reads the tables
	}
	k, ok := correctionKeys(pos)
	if !ok {
		return
	}
	us := pos.SideToMove()
	step := (score - staticEval) * corrScale * min(depth+1, 16) / 256
	for _, e := range [...]*int16{&h.pawnCorr[us][k.pawn&(corrSize-1)],
		&h.nonPawnCorr[us][0][k.nonPawn[0]&(corrSize-1)], &h.nonPawnCorr[us][1][k.nonPawn[1]&(corrSize-1)]} {
		*e = int16(min(max(int(*e)+step, -corrLimit), corrLimit))
	}
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
