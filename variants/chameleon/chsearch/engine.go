// Package chsearch searches Chameleon Chess positions for 2 to 4 players.
//
// Scores are per player: the evaluation gives each player its own score
// (eval.go) and the search reduces them to the view of the player to move
// at the root, the root player: its own score minus the mean of its
// opponents'. The tree is searched as paranoid alpha-beta (Sturtevant and
// Korf; Schadd and Winands' comparison): every opponent is assumed to play
// against the root player, so the root player maximises and every opponent
// minimises the same number, and ordinary alpha-beta pruning applies. With
// two players this is plain minimax alpha-beta. By default an opponent who
// has played sensibly so far in the game is searched with its sensible
// moves only (model.go); plain paranoid search stays available as an
// option (Options.Algorithm), the control the model is measured against
// (docs/CHAMELEON.md).
//
// Around that: iterative deepening, a transposition table, principal
// variation search with null windows, late-move reductions, a capture
// quiescence search, killer and history move ordering, draw detection
// (repetition along the game and the search path, the no-progress rule),
// time limits from movetime, the mover's clock, depth and nodes, and the
// playing levels of kit.PlayingLevels (random, greedy, limited search
// with noise). One thread; nothing in the node loop allocates.
package chsearch

import (
	"context"
	"math/rand/v2"
	"time"

	"tempest/kit"
	"tempest/tt"
	"tempest/variants/chameleon"
)

// Scores are centipawns from the root player's view. A forced win (every
// opponent eliminated, whatever they do) is WinScore minus its distance in
// plies; a forced elimination of the root player is the negative.
const (
	MaxPly   = 64
	Infinite = 32000
	WinScore = 31000
	WinBound = WinScore - MaxPly
)

// drawScore is a draw for the root player: as good as an even position.
const drawScore = 0

// IsWin reports whether a score announces a forced win or loss.
func IsWin(score int) bool { return score >= WinBound || score <= -WinBound }

// Algorithm is the multi-player search scheme.
type Algorithm int

const (
	// ParanoidModel is paranoid search in which the opponents who have
	// played sensibly so far (Options.Sensible) play only sensible moves.
	ParanoidModel Algorithm = iota
	Paranoid                // all opponents minimise the root player's score
)

func (a Algorithm) String() string {
	if a == Paranoid {
		return "paranoid"
	}
	return "model"
}

// Limits say when a search stops: the engine kit's limits over Chameleon
// moves. The clocks are indexed by colour (red 0, green 1, yellow 2, blue
// 3); Mate and Ponder are not read here (the protocol holds a pondering
// answer).
type Limits = kit.Limits[chameleon.Move]

// Info is the report of one finished iteration.
type Info = kit.Report[chameleon.Move]

// Result is what a search decided: BestMove is PassMove when the mover
// must pass, NoMove when the game is over.
type Result = kit.Result[chameleon.Move]

// Options are the engine settings.
type Options struct {
	MoveOverhead time.Duration
	Algorithm    Algorithm
	// Sensible holds the players (a bit per colour) that ParanoidModel
	// searches as sensible players (SensiblePlayers; model.go).
	Sensible uint8
	// Weights are the evaluation's; nil is the default: FittedWeights in
	// a game of two players at full strength (they beat the hand-set ones
	// there, and only there: docs/VARIANT-TRAINING.md), HandSetWeights
	// otherwise, the levels below full strength included, as calibrated.
	Weights *Weights
	// StartPlayers is how many players the game began with (0: as many as
	// the searched position has), which the default weights follow: a
	// four-player game down to two keeps the hand-set ones.
	StartPlayers int
}

// defaultWeights are the weights of Options.Weights nil for a search of
// pos (see Options).
func (e *Engine) defaultWeights(pos *chameleon.Position) *Weights {
	players := e.opts.StartPlayers
	if players == 0 {
		players = pos.Players()
	}
	if players == 2 && e.level.Kind == kit.FullStrength {
		return &FittedWeights
	}
	return &HandSetWeights
}

// Engine owns the transposition table and the search state. One search
// runs at a time.
type Engine struct {
	TT    *tt.Table // isolated: every search sees only its own entries
	w     *worker
	opts  Options
	level kit.Level
	rng   *rand.Rand
	ctl   kit.Control
}

// New returns an engine with a table of about hashMB MiB.
func New(hashMB int) *Engine {
	return NewWithTable(tt.MustNew(hashMB))
}

// NewWithTable returns an engine that searches with table t. The table is
// isolated (tt.Table.Isolate): every search starts from an empty-looking
// table, so a search's result never depends on the ones before it.
func NewWithTable(t *tt.Table) *Engine {
	t.Isolate()
	e := &Engine{TT: t}
	e.w = &worker{e: e}
	e.SetLevel(kit.Level{Kind: kit.FullStrength}, 1)
	return e
}

// TableMB is the table's size in MiB.
func (e *Engine) TableMB() int { return e.TT.SizeMB() }

// SetOptions changes the settings; not during a search.
func (e *Engine) SetOptions(o Options) { e.opts = o }

// SetLevel sets the playing strength (one of kit.PlayingLevels' levels);
// seed makes the weak levels' random choices reproducible.
func (e *Engine) SetLevel(l kit.Level, seed uint64) {
	e.level = l
	e.rng = rand.New(rand.NewPCG(seed, 0xC4A3))
}

// Search finds a move for the player to move in pos. history holds the keys
// of the game's positions, oldest first, ending with pos itself (for the
// repetition rule; nil is fine). report gets each finished iteration.
// Cancelling ctx stops the search; the best move so far is returned. The
// search has no ponder mode of its own: with Ponder it searches at once
// and returns after ponderhit (or cancellation), with Infinite after
// cancellation.
func (e *Engine) Search(ctx context.Context, pos *chameleon.Position, history []uint64, lim Limits, report func(Info)) Result {
	res := e.search(ctx, pos, history, lim, report, time.Now())
	kit.Hold(ctx, &lim)
	return res
}

func (e *Engine) search(ctx context.Context, pos *chameleon.Position, history []uint64, lim Limits, report func(Info), start time.Time) Result {
	if pos.Over() {
		return Result{BestMove: chameleon.NoMove}
	}
	var buf [chameleon.MaxMoves]chameleon.Move
	moves := pos.GenMoves(buf[:0])
	if len(moves) == 0 {
		return Result{BestMove: chameleon.PassMove, PV: []chameleon.Move{chameleon.PassMove}}
	}
	if len(lim.SearchMoves) > 0 {
		moves = restrict(moves, lim.SearchMoves)
	}
	switch e.level.Kind {
	case kit.RandomMover:
		return Result{BestMove: moves[e.rng.IntN(len(moves))]}
	case kit.GreedyMover:
		return Result{BestMove: greedyMove(pos, moves, e.rng)}
	case kit.WeakSearch:
		lim = kit.ApplyLevel(e.level, lim)
	}
	lines := 1
	if e.level.Kind == kit.WeakSearch && e.level.Noise > 0 {
		lines = max(e.level.Lines, 2)
	}
	e.TT.NewSearch()
	tm := timePlan(&lim, pos.ToMove(), e.opts.MoveOverhead, start)
	defer e.ctl.Start(ctx, tm, 0, false, nil)() // the node limit is exact: the worker keeps it
	w := e.w
	w.setup(pos, history, lim, tm)
	res := w.iterate(moves, lines, report)
	if lines > 1 && len(w.rootMoves) > 1 {
		res.BestMove = noisyChoice(w.rootMoves[:min(lines, len(w.rootMoves))], e.level.Noise, e.rng)
	}
	return res
}

// restrict keeps the moves that are in only (searchmoves); all of them if
// none is.
func restrict(moves, only []chameleon.Move) []chameleon.Move {
	var kept []chameleon.Move
	for _, m := range moves {
		for _, o := range only {
			if m == o {
				kept = append(kept, m)
			}
		}
	}
	if len(kept) == 0 {
		return moves
	}
	return kept
}

// noisyChoice picks among the best root moves with the kit's noisy
// choice; forced results are never gambled with.
func noisyChoice(moves []rootMove, noise int, rng *rand.Rand) chameleon.Move {
	var scores [4 * chameleon.MaxMoves]int
	for i, rm := range moves {
		scores[i] = rm.score
	}
	return moves[kit.NoisyPick(scores[:len(moves)], noise, IsWin, rng)].move
}

// movesLeft is the number of own moves the time manager (kit.PlanTime)
// expects a Chameleon Chess game to last from any point in sudden death
// (a game is 60 to 200 plies shared by 2 to 4 players), as this search's
// own plan did before the kit. 37, chosen to keep the old soft limit on a
// long clock, spent a third less at 2+0.02, where the kit charges Move
// Overhead for every move to come, and lost: 39.6% of the points in 100
// four-player games against the build before; 25 scored 50.6%
// (docs/STRENGTH.md).
const movesLeft = 25

// timePlan is the search's time budget for the player to move.
func timePlan(lim *Limits, mover chameleon.Color, overhead time.Duration, start time.Time) kit.TimeManager {
	return kit.PlanTime(lim, int(mover), overhead, start, movesLeft)
}
