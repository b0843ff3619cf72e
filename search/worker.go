package search

import (
	"slices"
	"sync/atomic"
	"time"

	"tempest/nnue"
	"tempest/tt"
)

// stackOffset lets a node read the frames of the two plies before the root.
const stackOffset = 2

// frame is one ply of a worker's search stack.
type frame struct {
	staticEval int
	move       Move       // the move that led from this ply to the next
	piece      Piece      // the piece that made it
	to         Square     // where it went, for the history tables
	cont       *contTable // continuation history of that move
	killers    [2]Move
	excluded   Move // singular-extension search skips this move
	undo       Undo
}

// rootMove is a legal move at the root with what the last search learned of it.
type rootMove struct {
	move      Move
	score     int // this iteration's score, or -Infinite if not known
	prevScore int
	selDepth  int
	pv        [MaxPly + 1]Move
	pvLen     int
}

func rootMovesFor(pos *Position, only []Move) []rootMove {
	var buf [MaxMoves]Move
	var moves []rootMove
	for _, m := range pos.GenLegal(buf[:]) {
		if len(only) > 0 && !slices.Contains(only, m) {
			continue
		}
		moves = append(moves, rootMove{move: m, score: -Infinite, prevScore: -Infinite, pv: [MaxPly + 1]Move{m}, pvLen: 1})
	}
	return moves
}

// worker is one search thread. Fields are grouped by lifetime.
type worker struct {
	id     int
	engine *Engine

	// per search: prepare replaces it whole
	searchState
	publishedNodes atomic.Uint64 // nodes, published for the other threads every 1024

	// per game: cleared by ucinewgame
	hist *histories

	// scratch: written before it is read
	eval   evaluator
	stack  [MaxPly + stackOffset + 4]frame
	noCont contTable // continuation table for "no move" (root, null move); its updates are ignored

	// The neural evaluation, when the engine has a net (nil: the
	// hand-crafted one). accs[ply] holds the accumulators of the position
	// at ply and the change that led there from its parent; a node's are
	// computed only when it is evaluated (most nodes are cut before), from
	// the nearest computed ones below it.
	net  *nnue.Network
	accs [MaxPly + 4]netPly

	//gencopy:chess
	tableProbes // the endgame tables, copied from the engine's at each search
	//gencopy:end
}

// netPly is one ply's accumulators and the move's change that makes them.
type netPly struct {
	acc   nnue.Accumulator
	delta nnue.Delta
	ok    bool // acc is up to date
}

// searchState is what one search of a worker starts afresh.
type searchState struct {
	pos            Position
	rootMoves      []rootMove
	rootDepth      int
	completedDepth int
	pvIndex        int
	selDepth       int
	nodes          uint64
	aborted        bool
	start          time.Time
	nullMovePly    int        // null-move pruning is off below this ply while verifying
	currMove       func(Info) // main thread: reports the root move being searched
	pv             [MaxPly + 1][MaxPly + 1]Move
	pvLen          [MaxPly + 1]int
}

func newWorker(e *Engine, id int) *worker {
	return &worker{id: id, engine: e, hist: new(histories)}
}

// clearHistory forgets the game's statistics, the no-move continuation
// table too (it is written like the others), so a search after NewGame
// depends on nothing searched before it.
func (w *worker) clearHistory() {
	*w.hist = histories{}
	w.noCont = contTable{}
}

func (w *worker) prepare(pos *Position, rootMoves []rootMove, start time.Time) {
	w.searchState = searchState{pos: *pos, rootMoves: slices.Clone(rootMoves), start: start}
	w.net = w.engine.net
	if w.net != nil {
		netRefresh(w.net, &w.accs[0].acc, &w.pos)
		w.accs[0].ok = true
	}
	w.publishedNodes.Store(0)
	//gencopy:chess
	w.prepareTables()
	//gencopy:end
	for i := range w.stack {
		w.stack[i] = frame{move: NullMove, excluded: NullMove, cont: &w.noCont, staticEval: noEval}
	}
}

// iterate is iterative deepening with aspiration windows. Only the main
// worker (id 0) decides when to stop, and reports if report is not nil.
func (w *worker) iterate(report func(Info)) {
	e := w.engine
	lim := e.limits
	w.currMove = report
	// The first move of the last first line reported: a search stopped
	// after a new best move failed high, before its line was reported,
	// reports that line last, so a GUI's last PV starts with the bestmove.
	lastFirst := NullMove
	if report != nil {
		inner := report
		report = func(in Info) {
			if in.MultiPV == 1 && len(in.PV) > 0 {
				lastFirst = in.PV[0]
			}
			inner(in)
		}
		defer func() {
			if best := &w.rootMoves[0]; best.move != lastFirst && best.score != -Infinite {
				report(w.info(0, max(w.rootDepth, 1), tt.BoundLower))
			}
		}()
	}
	multiPV := min(e.multiPV, len(w.rootMoves))
	maxDepth := MaxPly - 1
	if lim.Depth > 0 {
		maxDepth = min(lim.Depth, maxDepth)
	}
	var instability float64 = 1
	prevBest := NullMove
	prevScore := -Infinite

	for depth := 1; depth <= maxDepth; depth++ {
		// Helper threads search some depths twice as often as others, so the
		// threads spread over neighbouring depths.
		if w.id > 0 && depth > 1 && (depth+w.id)%helperCycle == 0 {
			continue
		}
		w.rootDepth = depth
		for i := range w.rootMoves {
			w.rootMoves[i].prevScore = w.rootMoves[i].score
		}
		for w.pvIndex = 0; w.pvIndex < multiPV; w.pvIndex++ {
			w.aspirate(depth, report)
			if w.aborted {
				break
			}
			// Lines searched so far stay in front, in score order.
			slices.SortStableFunc(w.rootMoves[:w.pvIndex+1], byScore)
			if report != nil && (w.pvIndex+1 == multiPV || e.elapsed() > infoDelay) {
				for i := 0; i <= w.pvIndex; i++ {
					report(w.info(i, depth, tt.BoundExact))
				}
			}
		}
		if w.aborted {
			break
		}
		w.completedDepth = depth
		if w.id != 0 {
			continue // helpers follow the main thread's decisions
		}

		// Decide whether to start another iteration.
		best := w.rootMoves[0]
		if lim.Mate > 0 && best.score >= MateScore-2*lim.Mate+1 {
			break
		}
		w.publishedNodes.Store(w.nodes)
		if lim.SoftNodes > 0 && e.nodes() >= lim.SoftNodes {
			break
		}
		if best.move != prevBest {
			instability = min(instability*percent(instabilityGrowth), percent(instabilityMax))
		} else {
			instability = max(instability*percent(instabilityDecay), percent(instabilityMin))
		}
		drop := 1.0
		if prevScore != -Infinite && best.score < prevScore-scoreDropMargin {
			drop = percent(scoreDropFactor)
		}
		prevBest, prevScore = best.move, best.score
		e.ctl.PollPonderHit()
		if e.ctl.SoftExpired(instability * drop) {
			break
		}
		if e.ctl.Stopped() {
			break
		}
	}
	w.publishedNodes.Store(w.nodes)
	if w.id == 0 {
		e.ctl.Stop() // helpers stop with the main thread
	}
}

func byScore(a, b rootMove) int { return b.score - a.score }

// aspirate searches one PV line at depth with a window around the previous
// score, widening it after each failure.
func (w *worker) aspirate(depth int, report func(Info)) {
	rm := &w.rootMoves[w.pvIndex]
	alpha, beta := -Infinite, Infinite
	delta := aspirationDelta
	if depth >= aspirationDepth && rm.prevScore > -Infinite {
		alpha = max(rm.prevScore-delta, -Infinite)
		beta = min(rm.prevScore+delta, Infinite)
	}
	for {
		score := w.searchRoot(alpha, beta, depth)
		if w.aborted {
			return
		}
		slices.SortStableFunc(w.rootMoves[w.pvIndex:], byScore)
		switch {
		case score <= alpha:
			if report != nil && w.engine.elapsed() > infoDelay {
				report(w.info(w.pvIndex, depth, tt.BoundUpper))
			}
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -Infinite)
		case score >= beta:
			if report != nil && w.engine.elapsed() > infoDelay {
				report(w.info(w.pvIndex, depth, tt.BoundLower))
			}
			beta = min(score+delta, Infinite)
		default:
			return
		}
		delta += delta * aspirationWiden / 100
	}
}

// info describes root move i after an iteration.
func (w *worker) info(i, depth int, bound tt.Bound) Info {
	w.publishedNodes.Store(w.nodes) // searches under 1024 nodes report them too
	rm := &w.rootMoves[i]
	score := rm.score
	d := depth
	if score == -Infinite { // not searched at this depth yet: report the last known line
		score, d = rm.prevScore, max(depth-1, 1)
	}
	e := w.engine
	info := Info{
		Depth:    d,
		SelDepth: max(rm.selDepth, d),
		MultiPV:  i + 1,
		Score:    score,
		Bound:    bound,
		Nodes:    e.nodes(),
		Elapsed:  time.Since(w.start),
		Hashfull: e.TT.Hashfull(),
		PV:       slices.Clone(rm.pv[:rm.pvLen]),
	}
	//gencopy:chess
	e.tablesInfo(&info) // a root the tables judged scores their result
	//gencopy:end
	return info
}

// countNode counts a node and, every 1024 nodes, publishes the count and
// checks the limits (main thread) or the stop flag (helpers).
func (w *worker) countNode() {
	w.nodes++
	if w.nodes&1023 == 0 {
		w.publishedNodes.Store(w.nodes)
		if w.id == 0 {
			w.engine.checkLimits()
		}
		if w.engine.ctl.Stopped() {
			w.aborted = true
		}
	}
}
