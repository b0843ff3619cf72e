package search

import (
	"time"

	"tempest/movegen"
)

// Resolver plays out quiescence searches, for tools that need quiet
// positions (the evaluation tuner). It is not safe for concurrent use; make
// one per goroutine.
type Resolver struct {
	engine *Engine
	w      *worker
}

// NewResolver returns a resolver with a small private hash table.
func NewResolver() *Resolver {
	e := New(1)
	return &Resolver{engine: e, w: e.workers[0]}
}

// QuietLeaf runs a quiescence search from pos and returns the position at
// the end of its principal variation, where no capture changes the score, and
// that score from the side to move of pos. In check the evasions are searched
// too, so the leaf may be several plies away.
func (r *Resolver) QuietLeaf(pos *movegen.Position) (movegen.Position, int) {
	r.engine.TT.Clear()
	r.engine.ctl.Resume()
	w := r.w
	w.prepare(pos, nil, time.Now())
	score := w.qsearch(-Infinite, Infinite, 0)
	leaf := *pos
	for _, m := range w.pv[0][:w.pvLen[0]] {
		var u movegen.Undo
		leaf.Make(m, &u)
	}
	return leaf, score
}
