package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"
	"unsafe"

	"golang.org/x/sync/errgroup"

	"tempest/kit"
	"tempest/nnue"
	"tempest/tt"
)

// Options are the engine settings a GUI controls.
type Options struct {
	Threads      int
	MultiPV      int
	MoveOverhead time.Duration
	// Contempt (centipawns) makes draws look that much worse to the side
	// being searched for: worth it against weaker opponents.
	Contempt int
}

// Engine owns the transposition table and the search threads. Search runs
// one search at a time; a ponder hit arrives through Limits.PonderHit.
type Engine struct {
	TT      *tt.Table
	opts    Options
	workers []*worker

	// shared by the workers of one search
	ctl     kit.Control // stop flag, clock, ponder state
	limits  Limits
	multiPV int // lines searched: the MultiPV option, or more for a noisy weak level

	level kit.Level
	rng   *rand.Rand
	net   *nnue.Network // nil: the hand-crafted evaluation
	//gencopy:chess
	tablebaseState // the endgame tables and what they said of the root
	//gencopy:end
}

// SetNet makes the search evaluate with the network n (nil: with the
// hand-crafted evaluation); not during a search.
func (e *Engine) SetNet(n *nnue.Network) { e.net = n }

// New returns an engine with a hash table of hashMB MiB and one thread.
func New(hashMB int) *Engine { return NewWithTable(tt.MustNew(hashMB)) }

// NewWithTable returns an engine that searches with table t, one thread.
func NewWithTable(t *tt.Table) *Engine {
	e := &Engine{TT: t}
	e.SetOptions(Options{Threads: 1, MultiPV: 1})
	e.SetLevel(kit.Level{Kind: kit.FullStrength}, 1)
	return e
}

// SetOptions changes threads, MultiPV, move overhead and contempt; not
// during a search.
func (e *Engine) SetOptions(o Options) {
	o.Threads = max(o.Threads, 1)
	o.MultiPV = max(o.MultiPV, 1)
	e.opts = o
	for len(e.workers) < o.Threads {
		e.workers = append(e.workers, newWorker(e, len(e.workers)))
	}
	if len(e.workers) > o.Threads {
		// A new slice, so the dropped workers' tables can be collected: a
		// reslice would keep them reachable through the old array.
		e.workers = append([]*worker(nil), e.workers[:o.Threads]...)
	}
}

// CheckThreads refuses a thread count whose new threads the memory cannot
// hold, with the error the memory check gives: SetOptions cannot fail, so
// a caller that takes the count from a user asks first.
func (e *Engine) CheckThreads(n int) error {
	more := uint64(max(n-len(e.workers), 0))
	if more == 0 {
		return nil
	}
	return tt.CheckBytes(fmt.Sprintf("%d MiB for %d search threads", more*workerBytes>>20, n), more*workerBytes)
}

// workerBytes is what one search thread holds: its stack of frames and its
// history tables (about 2.3 MiB in chess).
const workerBytes = uint64(unsafe.Sizeof(worker{}) + unsafe.Sizeof(histories{}))

// Options returns the current settings.
func (e *Engine) Options() Options { return e.opts }

// NewGame forgets everything learned: hash table and move-ordering history.
func (e *Engine) NewGame() {
	e.TT.Clear()
	for _, w := range e.workers {
		w.clearHistory()
	}
}

// Search searches pos within lim, calling report (from the main search
// thread only) with progress, and returns the best move. Cancelling ctx
// stops it as soon as possible; the best move found so far is returned. In
// infinite and ponder mode it does not return before ctx is cancelled (or,
// pondering, before lim.PonderHit is closed and then the limits).
func (e *Engine) Search(ctx context.Context, pos *Position, lim Limits, report func(Info)) Result {
	start := time.Now()
	lim = kit.ApplyLevel(e.level, lim)
	e.limits = lim
	end := e.ctl.Start(ctx, timePlan(&lim, pos.SideToMove(), e.opts.MoveOverhead, start), lim.Nodes, lim.Ponder, lim.PonderHit)
	defer end()
	e.TT.NewSearch()

	// Weak levels: the random and greedy movers do not search at all.
	switch e.level.Kind {
	case kit.RandomMover, kit.GreedyMover:
		move := randomMove(pos, e.rng)
		if e.level.Kind == kit.GreedyMover {
			move = greedyMove(pos, e.rng)
		}
		kit.Hold(ctx, &lim)
		return Result{BestMove: move}
	}
	e.multiPV = e.opts.MultiPV
	if e.level.Kind == kit.WeakSearch && e.level.Noise > 0 {
		e.multiPV = max(e.multiPV, e.level.Lines)
		if report != nil {
			shown := e.opts.MultiPV
			full := report
			report = func(info Info) {
				if info.MultiPV <= shown {
					full(info)
				}
			}
		}
	}

	//gencopy:chess
	// A root in the tablebases searches only the moves that keep its result.
	lim.SearchMoves = e.judgeRoot(pos, lim.SearchMoves)
	//gencopy:end
	rootMoves := rootMovesFor(pos, lim.SearchMoves)
	if len(rootMoves) == 0 {
		kit.Hold(ctx, &lim)
		return Result{BestMove: NullMove, Score: noMoveScore(pos)}
	}

	var g errgroup.Group
	for _, w := range e.workers {
		w.prepare(pos, rootMoves, start)
		if w.id == 0 {
			continue
		}
		g.Go(func() error {
			w.iterate(nil)
			return nil
		})
	}
	main := e.workers[0]
	main.iterate(report)
	kit.Hold(ctx, &lim) // infinite/ponder: the answer waits for the GUI
	e.ctl.Stop()
	g.Wait()

	best := main.rootMoves[0]
	if e.level.Kind == kit.WeakSearch {
		best = noisyChoice(main.rootMoves[:min(e.multiPV, len(main.rootMoves))], e.level.Noise, e.rng)
	}
	res := Result{BestMove: best.move, Score: best.score, Depth: main.completedDepth, Nodes: e.nodes()}
	if e.multiPV > 1 {
		for _, rm := range main.rootMoves[:min(e.multiPV, len(main.rootMoves))] {
			score := rm.score
			if score == -Infinite { // stopped before this line was searched again
				score = rm.prevScore
			}
			res.Lines = append(res.Lines, Line{Move: rm.move, Score: score})
		}
	}
	//gencopy:chess
	e.rootResult(&res) // a root the tables judged scores their result
	//gencopy:end
	if best.pvLen > 1 {
		res.PonderMove = best.pv[1]
	} else {
		res.PonderMove = e.ponderFromTT(pos, best.move)
	}
	return res
}

// ponderFromTT finds an expected reply when the PV is a single move.
func (e *Engine) ponderFromTT(pos *Position, best Move) Move {
	child := *pos
	var u Undo
	child.Make(best, &u)
	if entry, ok := e.TT.Probe(child.Key()); ok && child.IsLegal(unpackMove(entry.Move)) {
		return unpackMove(entry.Move)
	}
	return NullMove
}

// nodes sums the node counts the workers have published.
func (e *Engine) nodes() uint64 {
	var n uint64
	for _, w := range e.workers {
		n += w.publishedNodes.Load()
	}
	return n
}

// checkLimits is polled by the main thread every 1024 nodes.
func (e *Engine) checkLimits() { e.ctl.Check(e.nodes) }

// elapsed is the time since the search (or the ponder hit) started.
func (e *Engine) elapsed() time.Duration { return e.ctl.Elapsed() }
