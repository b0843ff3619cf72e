package stsearch

import (
	"cmp"
	"context"
	"time"

	"tempest/kit"
	"tempest/variants/stratego"
)

// Search decides the side to move's move from its view of pos. history is
// the game's public history (stratego.Game.PublicHistory: the public keys
// since the last battle, the current position last). report, if not nil,
// receives one Info per completed depth. Cancelling ctx stops the search.
// The search has no ponder mode of its own: with Ponder it searches at
// once and returns after ponderhit (or cancellation), with Infinite after
// cancellation.
func (e *Engine) Search(ctx context.Context, pos *stratego.Position, history []uint64, lim Limits, report func(Info)) Result {
	res := e.decide(ctx, pos, history, lim, report)
	kit.Hold(ctx, &lim)
	return res
}

// decide is Search without the hold: the root moves, the level, the
// worlds and then every world searched to one depth after another, their
// scores averaged per root move.
func (e *Engine) decide(ctx context.Context, pos *stratego.Position, history []uint64, lim Limits, report func(Info)) Result {
	start := time.Now()
	view := pos.View(pos.SideToMove())
	if len(history) > 0 {
		history = history[:len(history)-1] // the root itself is path[0]
	}
	var buf [stratego.MaxMoves]stratego.Move
	root := append([]stratego.Move(nil), view.GenMoves(buf[:0])...)
	if len(root) == 0 || view.Ending().Result != stratego.Ongoing {
		return Result{}
	}
	switch e.level.Kind {
	case kit.RandomMover:
		return Result{BestMove: RandomMove(&view, e.rng)}
	case kit.GreedyMover:
		return Result{BestMove: GreedyMove(&view, e.rng)}
	}
	if e.level.Kind == kit.WeakSearch {
		// The level's limits end the search; Search holds the answer of an
		// infinite one.
		lim = kit.ApplyLevel(e.level, lim)
		lim.Infinite = false
	}
	// No ponder mode: the clock runs at once and Search holds the answer.
	defer e.ctl.Start(ctx, e.plan(&lim, view.SideToMove(), start), lim.Nodes, false, nil)()
	w := e.w
	weights := e.opts.Weights
	if weights == nil {
		weights = &HandSetWeights
	}
	*w = worker{tt: e.TT, ctl: &e.ctl, hist: history, root: view.SideToMove(), weights: weights}
	e.TT.Clear() // 1 MiB: cheaper than a search's first depth

	worlds, b, rng := e.dealWorlds(&view, history)
	maxDepth := depthLimit(&lim, len(root))
	// scores[w][i] is root move i's score in world w at depth done[w].
	scores := make([][]int32, len(worlds))
	for i := range scores {
		scores[i] = make([]int32, len(root))
	}
	done := make([]int, len(worlds))
	cv := controlVariates(&view, worlds, root, b, rng)
	avg := make([]int, len(root))
	var means []float64 // the expected results, with Options.ByResult
	if e.opts.ByResult && e.level.Kind == kit.FullStrength {
		means = make([]float64, len(root))
	}
	ballot := kit.NewBallot[int](clipScore, nil) // root move indices
	for i := range root {
		ballot.Add(i)
	}
	res := Result{BestMove: root[0], Worlds: len(worlds)}
	for depth := 1; depth <= maxDepth; depth++ {
		for wi := range worlds {
			// A generation per world and depth: the table replaces the
			// entries of other worlds first, which are other positions
			// (a key names every identity) and rarely of use.
			e.TT.NewSearch()
			if !w.searchRoot(&worlds[wi], root, depth, scores[wi], depth == 1) {
				break
			}
			done[wi] = depth
		}
		if done[0] == 0 {
			break // stopped before any world finished depth 1
		}
		average(ballot, avg, scores, done, cv)
		best := bestIndex(avg)
		if means != nil {
			averageExpected(means, scores, done, cv)
			best = bestIndex(means) // the score reported stays its mean centipawns
		}
		res = Result{BestMove: root[best], Score: avg[best], Depth: depth, Nodes: w.nodes, Worlds: len(worlds)}
		if !w.aborted && report != nil {
			report(Info{Depth: depth, Worlds: len(worlds), Score: avg[best], Nodes: w.nodes, Elapsed: time.Since(start),
				Hashfull: -1, PV: []stratego.Move{root[best]}})
		}
		if e.level.Kind == kit.WeakSearch && e.level.Noise > 0 {
			res.BestMove = root[noisyIndex(avg, e.level.Noise, e.level.Lines, e.rng)]
		}
		if w.aborted || e.ctl.SoftExpired(0.5) {
			break
		}
		if res.Score >= WinClip && done[len(worlds)-1] == depth && !lim.Infinite {
			break // the flag falls in every world
		}
	}
	res.Nodes = w.nodes
	return res
}

// depthLimit is the deepest depth a decision among moves root moves
// searches: the depth limit, or without one DefaultDepth unless another
// limit (or stop) ends it.
func depthLimit(lim *Limits, moves int) int {
	switch {
	case moves == 1 && !lim.Infinite:
		return 1 // nothing to choose: a quick look for the score
	case lim.Depth > 0:
		return min(lim.Depth, maxPly-1)
	case lim.Nodes > 0 || lim.MoveTime > 0 || lim.Clock || lim.Infinite:
		return maxPly - 1
	}
	return DefaultDepth
}

// bestIndex is the root move of the best average (mean centipawns or
// mean expected result), the first of equals.
func bestIndex[T cmp.Ordered](avg []T) int {
	best := 0
	for i, v := range avg {
		if v > avg[best] {
			best = i
		}
	}
	return best
}
