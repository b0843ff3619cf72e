package search

// Move picker stages. Moves most likely to cause a cutoff come first, and
// quiet moves are not even generated when an earlier move cuts off.
const (
	stageTT = iota
	stageGenNoisy
	stageGoodNoisy
	stageKiller1
	stageKiller2
	stageCounter
	stageGenQuiet
	stageQuiet
	stageBadNoisy
	stageGenEvasions
	stageEvasions
	stageDone
)

// picker hands out the moves of one node in order. It lives in the node's
// stack frame, so it never allocates.
type picker struct {
	stage      int
	pos        *Position
	w          *worker
	ply        int
	ttMove     Move
	killers    [2]Move
	counter    Move
	qsearch    bool // noisy moves only, and only those that do not lose material
	skipQuiets bool

	moves   [MaxMoves]Move
	scores  [MaxMoves]int32
	n, next int
	bad     [MaxMoves]Move // losing captures, tried after the quiet moves
	nBad    int
}

func (mp *picker) init(w *worker, ply int, ttMove Move, qsearch bool) {
	mp.pos, mp.w, mp.ply = &w.pos, w, ply
	mp.qsearch, mp.skipQuiets = qsearch, false
	mp.n, mp.next, mp.nBad = 0, 0, 0
	mp.ttMove = NullMove
	if ttMove != NullMove && mp.pos.IsLegal(ttMove) && (!qsearch || mp.pos.InCheck() || isNoisy(mp.pos, ttMove)) {
		mp.ttMove = ttMove
	}
	mp.stage = stageTT
	mp.killers = [2]Move{}
	mp.counter = NullMove
	if !qsearch {
		mp.killers = w.stack[ply+stackOffset].killers
		if prev := w.stack[ply+stackOffset-1]; prev.move != NullMove {
			mp.counter = w.hist.counter[prev.piece][prev.to]
		}
	}
}

// nextMove returns the next move to search, or NullMove when none are left.
func (mp *picker) nextMove() Move {
	for {
		switch mp.stage {
		case stageTT:
			mp.stage = stageGenNoisy
			if mp.pos.InCheck() {
				mp.stage = stageGenEvasions
			}
			if mp.ttMove != NullMove {
				return mp.ttMove
			}
		case stageGenNoisy:
			mp.n = len(mp.pos.GenNoisy(mp.moves[:]))
			mp.scoreNoisy(0, mp.n)
			mp.next = 0
			mp.stage = stageGoodNoisy
		case stageGoodNoisy:
			for mp.next < mp.n {
				i := mp.pickBest(mp.next, mp.n)
				m := mp.moves[i]
				mp.next++
				if m == mp.ttMove {
					continue
				}
				// A capture that loses material waits until after the quiet moves.
				if losingNoisy(mp.pos, m) {
					mp.bad[mp.nBad] = m
					mp.nBad++
					continue
				}
				return m
			}
			mp.stage = stageKiller1
			if mp.qsearch {
				mp.stage = stageDone
			}
		case stageKiller1, stageKiller2, stageCounter:
			var m Move
			switch mp.stage {
			case stageKiller1:
				m = mp.killers[0]
			case stageKiller2:
				m = mp.killers[1]
			default:
				m = mp.counter
				if m == mp.killers[0] || m == mp.killers[1] {
					m = NullMove
				}
			}
			mp.stage++
			if !mp.skipQuiets && m != NullMove && m != mp.ttMove && mp.pos.IsLegal(m) && !isNoisy(mp.pos, m) {
				return m
			}
		case stageGenQuiet:
			mp.stage = stageQuiet
			if mp.skipQuiets {
				mp.stage = stageBadNoisy
				continue
			}
			mp.n = len(mp.pos.GenQuiet(mp.moves[:]))
			mp.scoreQuiet(0, mp.n)
			mp.next = 0
		case stageQuiet:
			for !mp.skipQuiets && mp.next < mp.n {
				m := mp.moves[mp.pickBest(mp.next, mp.n)]
				mp.next++
				if m != mp.ttMove && m != mp.killers[0] && m != mp.killers[1] && m != mp.counter {
					return m
				}
			}
			mp.stage = stageBadNoisy
			mp.next = 0
		case stageBadNoisy:
			if mp.next < mp.nBad {
				mp.next++
				return mp.bad[mp.next-1]
			}
			mp.stage = stageDone
		case stageGenEvasions:
			mp.n = len(mp.pos.GenLegal(mp.moves[:]))
			for i := 0; i < mp.n; i++ {
				if isNoisy(mp.pos, mp.moves[i]) {
					mp.scores[i] = 1<<20 + mp.noisyScore(mp.moves[i])
				} else {
					mp.scores[i] = mp.quietScore(mp.moves[i])
				}
			}
			mp.next = 0
			mp.stage = stageEvasions
		case stageEvasions:
			for mp.next < mp.n {
				m := mp.moves[mp.pickBest(mp.next, mp.n)]
				mp.next++
				if m != mp.ttMove {
					return m
				}
			}
			mp.stage = stageDone
		default:
			return NullMove
		}
	}
}

// pickBest swaps the best-scored move of [from, to) to from and returns from
// (a lazy selection sort: cut nodes rarely need more than a few moves).
func (mp *picker) pickBest(from, to int) int {
	best := from
	for i := from + 1; i < to; i++ {
		if mp.scores[i] > mp.scores[best] {
			best = i
		}
	}
	mp.moves[from], mp.moves[best] = mp.moves[best], mp.moves[from]
	mp.scores[from], mp.scores[best] = mp.scores[best], mp.scores[from]
	return from
}

func (mp *picker) scoreNoisy(from, to int) {
	for i := from; i < to; i++ {
		mp.scores[i] = mp.noisyScore(mp.moves[i])
	}
}

// noisyScore orders captures by what they win first (MVV), then by the
// capture history of this piece, destination and victim.
func (mp *picker) noisyScore(m Move) int32 {
	pc, _, to := historySquares(mp.pos, m)
	return int32(captureValueWeight*capturedValue(mp.pos, m)) + int32(mp.w.hist.capture[pc][to][victim(mp.pos, m)])/int32(captureHistoryDivisor)
}

func (mp *picker) scoreQuiet(from, to int) {
	for i := from; i < to; i++ {
		mp.scores[i] = mp.quietScore(mp.moves[i])
	}
}

// quietScore sums the butterfly history and the continuation histories of
// the moves one and two plies back.
func (mp *picker) quietScore(m Move) int32 {
	w := mp.w
	pc, from, to := historySquares(mp.pos, m)
	s := int32(w.hist.butterfly[mp.pos.SideToMove()][from][to])
	s += int32(w.stack[mp.ply+stackOffset-1].cont[pc][to])
	s += int32(w.stack[mp.ply+stackOffset-2].cont[pc][to])
	return s
}
