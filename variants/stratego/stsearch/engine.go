package stsearch

import (
	"math/rand/v2"
	"time"

	"tempest/kit"
	"tempest/tt"
	"tempest/variants/stratego"
)

// Scores.
const (
	Win      = 30000 // a won game, less the plies to reach it
	infinite = 32000
	// WinClip bounds a world's score in the average over worlds: a flag
	// capture seen in some worlds only is a big chance, not a certain win.
	WinClip = 2000
	maxPly  = 64
)

// contempt is what a draw by repetition or by the no-battle limit costs
// the root side: without it the engine, whose worlds give the opponent
// full knowledge, settled for repetitions in playable positions.
// Gain against the greedy tier, same 400 setups at 20000 nodes: wins
// 79.5% -> 83.5%, draws 59 -> 35, losses 23 -> 31 (docs/STRATEGO.md).
const contempt = 200

// DefaultWorlds is the number of worlds searched per decision.
const DefaultWorlds = 12

// Limits bound one decision: the engine kit's limits over Stratego moves,
// the clocks indexed by side (Volcandria 0, Everwinter 1). Without any
// limit the search stops at DefaultDepth. Mate is not read; Ponder only
// holds the answer (Search).
type Limits = kit.Limits[stratego.Move]

// DefaultDepth is the depth searched when no limit is given.
const DefaultDepth = 4

// Info is one progress report: a depth completed over all worlds, PV
// holding the best move; the table's fill is not reported (Hashfull -1).
type Info = kit.Report[stratego.Move]

// Result is the decision; Worlds is the number of worlds averaged over.
type Result = kit.Result[stratego.Move]

// Engine makes decisions; it is reused between moves (its buffers are
// allocated once). It is not safe for concurrent use.
type Engine struct {
	// TT is the transposition table, shared by a decision's worlds and
	// cleared at every decision, so a decision never depends on the ones
	// before it.
	TT           *tt.Table
	w            *worker
	worlds       int
	level        kit.Level
	rng          *rand.Rand
	MoveOverhead time.Duration
	opts         Options
	belief       *belief
	ctl          kit.Control
}

// Options are a search's switches, set per "go" (games/stratego.go).
type Options struct {
	// Belief draws the worlds from the belief model (belief.go) instead of
	// uniformly, and takes the control variates' odds from its marginals.
	// Full strength only: the weak levels deal as they were calibrated.
	Belief bool
	// Start and Seen are the game's start and its plies as both players saw
	// them (stratego.Game.Begin, Observations): the belief's only evidence.
	// Without them, or when they do not lead to the position searched, the
	// worlds stay uniform.
	Start *stratego.Position
	Seen  []stratego.Obs
	// Weights are the evaluation's (nil: HandSetWeights); "go ... weights
	// fitted" gives FittedWeights. They must not change during a search.
	Weights *Weights
	// ByResult chooses the root move by its mean expected result over the
	// worlds instead of its mean centipawns (the default at full strength
	// since issue 34; "go ... average cp" turns it off). Full strength
	// only: the weak levels average centipawns, as they were calibrated.
	ByResult bool
}

// Defaults are the switches of the engine's full-strength decision
// (games/stratego.go, the bench): worlds from the belief, built from the
// game's start and plies (start and seen; without them the worlds stay
// uniform), and the move of the best mean expected result. The zero
// Options are the search as it was before issue 19 (docs/STRATEGO.md).
func Defaults(start *stratego.Position, seen []stratego.Obs) Options {
	return Options{Belief: true, Start: start, Seen: seen, ByResult: true}
}

// SetOptions sets the switches for the following searches.
func (e *Engine) SetOptions(o Options) { e.opts = o }

// Options returns the switches.
func (e *Engine) Options() Options { return e.opts }

// TableMB is the table's size in MiB, the size of the table this search
// had before the shared one: a 16 MiB table cost 15% of the speed in
// cache misses for 7% fewer nodes (docs/BENCHMARKS.md), and no game
// showed a gain from it (docs/STRENGTH.md).
const TableMB = 1

// New makes an engine at full strength.
func New() *Engine {
	t := tt.MustNew(TableMB)
	return &Engine{TT: t, w: &worker{}, worlds: DefaultWorlds, belief: &belief{},
		rng: rand.New(rand.NewPCG(1, 2)), MoveOverhead: 30 * time.Millisecond}
}

// SetWorlds sets the number of worlds per decision (at least 1).
func (e *Engine) SetWorlds(n int) { e.worlds = max(n, 1) }
