package chsearch

import "tempest/variants/chameleon"

// vector is a score per player: each player's evaluation minus the mean
// of the other players' (the same view rootScore takes), so the scores of
// one position add up to zero.
type vector [4]int

func (w *worker) evalVector(ply int) vector {
	evaluate(&w.stack[ply], &w.score)
	var v vector
	pos := &w.stack[ply]
	alive := pos.Alive()
	n := 0
	total := 0
	for c := chameleon.Red; c <= chameleon.Blue; c++ {
		if alive>>c&1 != 0 {
			n++
			total += w.score[c]
		}
	}
	for c := chameleon.Red; c <= chameleon.Blue; c++ {
		if alive>>c&1 != 0 && n > 1 {
			v[c] = w.score[c] - (total-w.score[c])/(n-1)
		} else if alive>>c&1 == 0 {
			v[c] = -WinScore
		}
	}
	return v
}

func (w *worker) terminalVector(pos *chameleon.Position, ply int) (vector, bool) {
	switch {
	case pos.Players() <= 1:
		var v vector
		for c := chameleon.Red; c <= chameleon.Blue; c++ {
			v[c] = -WinScore + ply
		}
		v[pos.ToMove()] = WinScore - ply
		return v, true
	case pos.QuietPlies() >= chameleon.QuietLimit:
		var v vector
		for c := chameleon.Red; c <= chameleon.Blue; c++ {
			if !pos.Has(c) {
				v[c] = -WinScore
			}
		}
		return v, true
	}
	return vector{}, false
}

// maxn is max-n search: every player picks the child best for itself.
// Without a single score there is no alpha-beta pruning and no table, so
// it reaches much less depth; it is kept for comparison.
func (w *worker) maxn(ply, depth int, quiesce bool) vector {
	pos := &w.stack[ply]
	w.pvLen[ply] = 0
	if v, over := w.terminalVector(pos, ply); over {
		if !pos.Has(w.root) {
			v[w.root] = -WinScore + ply
		}
		return v
	}
	if !pos.Has(w.root) {
		v := w.evalVector(ply)
		v[w.root] = -WinScore + ply
		return v
	}
	if !quiesce && w.repeated(ply) {
		return vector{}
	}
	if w.tick() {
		return vector{}
	}
	if depth <= 0 || ply >= MaxPly {
		quiesce = true
	}
	mover := pos.ToMove()
	var best vector
	have := false
	if quiesce {
		best = w.evalVector(ply)
		have = true
		if ply >= MaxPly {
			return best
		}
		w.selDepth = max(w.selDepth, ply)
	}
	moves := w.generate(ply, true, quiesce)
	if len(moves) == 0 && !quiesce {
		if pos.AllStuck() {
			return vector{}
		}
		w.makeChild(ply, chameleon.PassMove, true)
		v := w.maxn(ply+1, depth-1, false)
		w.updatePV(ply, chameleon.PassMove)
		return v
	}
	ttMove := chameleon.NoMove
	w.scoreMoves(ply, moves, ttMove)
	for i := range moves {
		m := w.pick(ply, moves, i)
		w.makeChild(ply, m, true)
		v := w.maxn(ply+1, depth-1, quiesce)
		if w.stopped {
			return vector{}
		}
		if !have || v[mover] > best[mover] {
			best, have = v, true
			w.updatePV(ply, m)
		}
	}
	return best
}
