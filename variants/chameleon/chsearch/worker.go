package chsearch

import (
	"math/bits"
	"slices"
	"time"

	"tempest/kit"
	"tempest/tt"
	"tempest/variants/chameleon"
)

type rootMove struct {
	move  chameleon.Move
	score int
}

// worker is the search state. Everything the node loop touches is a fixed
// array, so searching allocates nothing.
type worker struct {
	e         *Engine
	root      chameleon.Color
	opponents int // at the root, for rootScore's scale
	algo      Algorithm

	stack   [MaxPly + 2]chameleon.Position
	keys    [MaxPly + 2]uint64 // stack[i].Key(), for repetitions
	history []uint64           // the game's keys before the root, oldest first
	moves   [MaxPly + 1][chameleon.MaxMoves]chameleon.Move
	order   [MaxPly + 1][chameleon.MaxMoves]int32
	pv      [MaxPly + 1][MaxPly + 1]chameleon.Move
	pvLen   [MaxPly + 1]int
	killers [MaxPly + 1][2]chameleon.Move
	hist    [4][64][64]int32        // by mover, from, to: quiet moves that cut off
	score   [4]int                  // evaluation scratch
	weights *Weights                // the evaluation's (Options.Weights)
	gain    [chameleon.MaxMoves]int // sensibleMoves scratch
	// sensible holds the opponents modelled as sensible players (model.go).
	sensible uint8

	rootMoves []rootMove

	nodes     uint64
	nodeLimit uint64
	selDepth  int
	start     time.Time
	soft      time.Duration
	hard      time.Duration
	stopped   bool
	depthMax  int
}

func (w *worker) setup(pos *chameleon.Position, history []uint64, lim Limits, tm kit.TimeManager) {
	opts := w.e.opts
	w.stack[0] = *pos
	w.keys[0] = pos.Key()
	w.root = pos.ToMove()
	w.opponents = bits.OnesCount8(pos.Alive() &^ (1 << w.root))
	w.algo = opts.Algorithm
	w.weights = opts.Weights
	if w.weights == nil {
		w.weights = w.e.defaultWeights(pos)
	}
	w.sensible = 0
	if w.algo == ParanoidModel {
		w.sensible = opts.Sensible &^ (1 << w.root)
	}
	w.history = history
	if n := len(history); n > 0 && history[n-1] == pos.Key() {
		w.history = history[:n-1]
	}
	w.nodes, w.selDepth, w.stopped = 0, 0, false
	w.nodeLimit = lim.Nodes
	w.start = tm.Start
	w.soft, w.hard = 0, 0
	if tm.Enabled {
		w.soft, w.hard = tm.Soft, tm.Hard
	}
	w.depthMax = MaxPly - 1
	if lim.Depth > 0 {
		w.depthMax = min(lim.Depth, MaxPly-1)
	}
	w.killers = [MaxPly + 1][2]chameleon.Move{}
	// History from an earlier search would make results depend on it.
	w.hist = [4][64][64]int32{}
}

// tick counts a node and reports whether the search must stop: the node
// limit is exact, the kit's control (cancellation, the hard time) is asked
// every 1024 nodes (reading the clock costs more than a node).
func (w *worker) tick() bool {
	w.nodes++
	if w.nodeLimit > 0 && w.nodes >= w.nodeLimit {
		w.stopped = true
	}
	if w.nodes&1023 == 0 {
		w.e.ctl.Check(nil)
		w.stopped = w.stopped || w.e.ctl.Stopped()
	}
	return w.stopped
}

// iterate is iterative deepening over the root moves. lines > 1 scores
// every root move exactly (for a weak level's noisy choice).
func (w *worker) iterate(moves []chameleon.Move, lines int, report func(Info)) Result {
	w.rootMoves = w.rootMoves[:0]
	for _, m := range moves {
		w.rootMoves = append(w.rootMoves, rootMove{move: m})
	}
	res := Result{BestMove: moves[0]}
	for depth := 1; depth <= w.depthMax; depth++ {
		score, complete := w.searchRoot(depth, lines > 1)
		res.Nodes = w.nodes
		// Only a completed iteration counts: the move played is always the
		// best of the deepest iteration reported.
		if !complete {
			break
		}
		// A forced loss against all opponents together says nothing about
		// the moves: every one of them loses to a coalition that need not
		// form. Keep the best move of the deepest iteration that still told
		// them apart, and stop.
		if score <= -WinBound && depth > 1 && res.Score > -WinBound {
			break
		}
		res.BestMove, res.Score, res.Depth = w.pv[0][0], score, depth
		res.PV = slices.Clone(w.pv[0][:w.pvLen[0]])
		if report != nil {
			report(Info{Depth: depth, SelDepth: w.selDepth, Score: score, Nodes: w.nodes, Elapsed: time.Since(w.start),
				Hashfull: w.e.TT.Hashfull(), PV: res.PV})
		}
		elapsed := time.Since(w.start)
		if w.soft > 0 && elapsed >= w.soft && w.soft < w.hard {
			break
		}
		if w.nodeLimit > 0 && w.nodes >= w.nodeLimit {
			break
		}
		// A forced result will not change with more depth.
		if IsWin(score) && WinScore-abs(score) < depth {
			break
		}
		if len(w.rootMoves) == 1 && w.soft > 0 {
			break // the only move: no need to spend the clock
		}
	}
	return res
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// searchRoot searches every root move to depth, best first, and sorts the
// root moves by score. complete is false when the limits stopped it.
func (w *worker) searchRoot(depth int, exactAll bool) (int, bool) {
	alpha, beta := -Infinite, Infinite
	best := -Infinite
	w.pvLen[0] = 0
	for i := range w.rootMoves {
		rm := &w.rootMoves[i]
		w.makeChild(0, rm.move)
		var s int
		switch {
		case i == 0 || exactAll:
			s = w.search(1, depth-1, -Infinite, Infinite)
		default:
			s = w.search(1, depth-1, alpha, alpha+1)
			if s > alpha && !w.stopped {
				s = w.search(1, depth-1, alpha, beta)
			}
		}
		if w.stopped {
			return best, false
		}
		rm.score = s
		if !exactAll && i > 0 && s <= alpha {
			rm.score = -Infinite // only an upper bound: sort it behind the better moves
		}
		if s > best {
			best = s
			w.updatePV(0, rm.move)
			alpha = max(alpha, s)
		}
	}
	// Best first for the next iteration (stable: earlier order breaks ties).
	slices.SortStableFunc(w.rootMoves, func(a, b rootMove) int { return b.score - a.score })
	return best, true
}

// makeChild makes move m on stack[ply] into stack[ply+1].
func (w *worker) makeChild(ply int, m chameleon.Move) {
	child := &w.stack[ply+1]
	*child = w.stack[ply]
	child.Make(m)
	w.keys[ply+1] = child.Key()
}

func (w *worker) updatePV(ply int, m chameleon.Move) {
	w.pv[ply][0] = m
	n := copy(w.pv[ply][1:], w.pv[ply+1][:w.pvLen[ply+1]])
	w.pvLen[ply] = n + 1
}

// terminal scores a position that ends the search for the root player:
// eliminated, last player standing, or drawn by the no-progress rule.
func (w *worker) terminal(pos *chameleon.Position, ply int) (int, bool) {
	switch {
	case !pos.Has(w.root):
		return -WinScore + ply, true
	case pos.Players() <= 1:
		return WinScore - ply, true
	case pos.QuietPlies() >= chameleon.QuietLimit:
		return drawScore, true
	}
	return 0, false
}

// repeated reports whether stack[ply] occurred before, in the search path
// or the game; only positions since the last progress can repeat.
func (w *worker) repeated(ply int) bool {
	key := w.keys[ply]
	back := w.stack[ply].QuietPlies()
	for i := ply - 2; i >= 0 && ply-i <= back; i-- {
		if w.keys[i] == key {
			return true
		}
	}
	for i, n := len(w.history)-1, ply+1; i >= 0 && n <= back; i, n = i-1, n+1 {
		if w.history[i] == key {
			return true
		}
	}
	return false
}

// evaluation of stack[ply] from the root player's view.
func (w *worker) eval(ply int) int {
	evaluate(&w.stack[ply], &w.score, w.weights)
	return rootScore(&w.score, w.root, w.opponents)
}

// generate fills the move list of ply with the mover's moves.
func (w *worker) generate(ply int, capturesOnly bool) []chameleon.Move {
	pos := &w.stack[ply]
	return genFor(pos, pos.ToMove(), w.moves[ply][:0], capturesOnly)
}

func genFor(pos *chameleon.Position, c chameleon.Color, buf []chameleon.Move, capturesOnly bool) []chameleon.Move {
	if !capturesOnly {
		return pos.GenMovesFor(c, buf)
	}
	n := len(buf)
	buf = pos.GenMovesFor(c, buf)
	kept := n
	for _, m := range buf[n:] {
		if pos.At(m.To()) != chameleon.NoPawn {
			buf[kept] = m
			kept++
		}
	}
	return buf[:kept]
}

// Move ordering keys: the hash move, then captures (of a player's last
// pawn first, then by the victim's role), then killers, then history.
const (
	orderTT      = 1 << 30
	orderCapture = 1 << 26
	orderKiller  = 1 << 24
)

func (w *worker) scoreMoves(ply int, moves []chameleon.Move, ttMove chameleon.Move) {
	keys := w.order[ply][:len(moves)]
	pos := &w.stack[ply]
	for i, m := range moves {
		switch capture := pos.At(m.To()) != chameleon.NoPawn; {
		case m == ttMove:
			keys[i] = orderTT
		case m == w.killers[ply][0] && !capture:
			keys[i] = orderKiller + 1
		case m == w.killers[ply][1] && !capture:
			keys[i] = orderKiller
		default:
			keys[i] = w.orderKey(pos, m)
		}
	}
}

// orderKey orders m in pos without the node's hash move and killers:
// captures first (of a player's last pawn first, then by the victim's
// role), then quiet moves by history.
func (w *worker) orderKey(pos *chameleon.Position, m chameleon.Move) int32 {
	victim := pos.At(m.To())
	if victim == chameleon.NoPawn {
		return w.hist[pos.At(m.From()).Owner()][m.From()][m.To()]
	}
	k := int32(orderCapture + HandSetWeights.Role[pos.RoleAt(m.To())])
	if pos.PawnCount(victim.Owner()) == 1 {
		k += 1 << 20
	}
	return k
}

// isCapture reports whether m, played at ply, takes a pawn.
func (w *worker) isCapture(ply int, m chameleon.Move) bool {
	return w.stack[ply].At(m.To()) != chameleon.NoPawn
}

// pick moves the best remaining move to index i and returns it.
func (w *worker) pick(ply int, moves []chameleon.Move, i int) chameleon.Move {
	keys := w.order[ply][:len(moves)]
	best := i
	for j := i + 1; j < len(moves); j++ {
		if keys[j] > keys[best] {
			best = j
		}
	}
	moves[i], moves[best] = moves[best], moves[i]
	keys[i], keys[best] = keys[best], keys[i]
	return moves[i]
}

// search is the alpha-beta node search; scores are the root player's.
// The root player's nodes maximise, the opponents' minimise.
func (w *worker) search(ply, depth, alpha, beta int) int {
	pos := &w.stack[ply]
	w.pvLen[ply] = 0
	if s, over := w.terminal(pos, ply); over {
		return s
	}
	if w.repeated(ply) {
		return drawScore
	}
	if depth <= 0 || ply >= MaxPly {
		return w.quiesce(ply, alpha, beta)
	}
	if w.tick() {
		return 0
	}
	pvNode := beta-alpha > 1
	maxing := pos.ToMove() == w.root

	// Step 1. Transposition table: a deep enough entry ends non-PV nodes.
	ttMove := chameleon.NoMove
	if e, ok := w.e.TT.Probe(pos.Key()); ok {
		ttMove = chameleon.Move(e.Move)
		if !pvNode && e.Depth >= depth {
			s := fromTT(int(e.Score), ply)
			if e.Bound == tt.BoundExact || (e.Bound == tt.BoundLower && s >= beta) || (e.Bound == tt.BoundUpper && s <= alpha) {
				return s
			}
		}
	}

	// Step 2. No move: every player stuck is a draw; otherwise the forced pass.
	moves := w.generate(ply, false)
	if len(moves) == 0 {
		if pos.AllStuck() {
			return drawScore
		}
		w.makeChild(ply, chameleon.PassMove)
		s := w.search(ply+1, depth-1, alpha, beta)
		w.updatePV(ply, chameleon.PassMove)
		return s
	}

	// An opponent known to play sensibly is searched with its sensible
	// moves only.
	if !maxing && w.modelled(pos) {
		moves = w.sensibleMoves(ply, moves)
	}

	// Step 3. The moves, best first, with principal variation search: the
	// first at full window, the rest with a null window and a re-search when
	// they might be better. Late quiet moves are searched one ply shallower
	// first (late-move reduction): with good ordering they rarely matter.
	w.scoreMoves(ply, moves, ttMove)
	origAlpha, origBeta := alpha, beta
	best, bestMove := Infinite, chameleon.NoMove
	if maxing {
		best = -Infinite
	}
	for i := range moves {
		m := w.pick(ply, moves, i)
		capture := w.isCapture(ply, m)
		w.makeChild(ply, m)
		r := 0
		if depth >= 3 && i >= 3 && !capture && m != w.killers[ply][0] && m != w.killers[ply][1] {
			r = 1
			if i >= 10 && depth >= 5 {
				r = 2
			}
		}
		var s int
		switch {
		case i == 0:
			s = w.search(ply+1, depth-1, alpha, beta)
		case maxing:
			s = w.search(ply+1, depth-1-r, alpha, alpha+1)
			if s > alpha && (r > 0 || pvNode) && !w.stopped {
				s = w.search(ply+1, depth-1, alpha, beta)
			}
		default:
			s = w.search(ply+1, depth-1-r, beta-1, beta)
			if s < beta && (r > 0 || pvNode) && !w.stopped {
				s = w.search(ply+1, depth-1, alpha, beta)
			}
		}
		if w.stopped {
			return 0
		}
		if maxing && s > best || !maxing && s < best {
			best, bestMove = s, m
			if maxing && s > alpha {
				alpha = s
				w.updatePV(ply, m)
			} else if !maxing && s < beta {
				beta = s
				w.updatePV(ply, m)
			}
			if alpha >= beta {
				if !capture {
					w.rememberCutoff(ply, m, depth)
				}
				break
			}
		}
	}

	// Step 4. Store the result with its bound.
	bound := tt.BoundExact
	switch {
	case best >= origBeta:
		bound = tt.BoundLower
	case best <= origAlpha:
		bound = tt.BoundUpper
	}
	w.e.TT.Store(pos.Key(), uint16(bestMove), int16(toTT(best, ply)), 0, depth, bound)
	return best
}

// rememberCutoff keeps a quiet move that cut off as a killer and in the
// history table.
func (w *worker) rememberCutoff(ply int, m chameleon.Move, depth int) {
	if w.killers[ply][0] != m {
		w.killers[ply][1] = w.killers[ply][0]
		w.killers[ply][0] = m
	}
	h := &w.hist[w.stack[ply].At(m.From()).Owner()][m.From()][m.To()]
	*h += int32(depth * depth)
	if *h > orderKiller/2 {
		for c := range w.hist {
			for f := range w.hist[c] {
				for t := range w.hist[c][f] {
					w.hist[c][f][t] /= 2
				}
			}
		}
	}
}

// quiesce searches captures only, so the evaluation is not taken in the
// middle of an exchange. The player to move may stand pat on the static
// evaluation: capturing is never compulsory.
func (w *worker) quiesce(ply, alpha, beta int) int {
	pos := &w.stack[ply]
	w.pvLen[ply] = 0
	w.selDepth = max(w.selDepth, ply)
	if w.tick() {
		return 0
	}
	stand := w.eval(ply)
	if ply >= MaxPly {
		return stand
	}
	maxing := pos.ToMove() == w.root
	if maxing {
		if stand >= beta {
			return stand
		}
		alpha = max(alpha, stand)
	} else {
		if stand <= alpha {
			return stand
		}
		beta = min(beta, stand)
	}
	best := stand
	moves := w.generate(ply, true)
	w.scoreMoves(ply, moves, chameleon.NoMove)
	for i := range moves {
		m := w.pick(ply, moves, i)
		w.makeChild(ply, m)
		s, over := w.terminal(&w.stack[ply+1], ply+1)
		if !over {
			s = w.quiesce(ply+1, alpha, beta)
		}
		if w.stopped {
			return 0
		}
		if maxing && s > best {
			best = s
			if s > alpha {
				alpha = s
				w.updatePV(ply, m)
			}
		} else if !maxing && s < best {
			best = s
			if s < beta {
				beta = s
				w.updatePV(ply, m)
			}
		}
		if alpha >= beta {
			break
		}
	}
	return best
}

// Win scores are stored relative to the node, so they stay right when the
// same position is reached at another ply.
func toTT(s, ply int) int {
	switch {
	case s >= WinBound:
		return s + ply
	case s <= -WinBound:
		return s - ply
	}
	return s
}

func fromTT(s, ply int) int {
	switch {
	case s >= WinBound:
		return s - ply
	case s <= -WinBound:
		return s + ply
	}
	return s
}
