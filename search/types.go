package search

import (
	"time"

	"tempest/kit"
	"tempest/tt"
)

// Scores are centipawns from the side to move's point of view. Mates are
// MateScore minus the distance to mate in plies.
const (
	MaxPly     = 128
	Infinite   = 32000
	MateScore  = 31000
	MateBound  = MateScore - MaxPly // beyond this a score is a mate
	DrawScore  = 0
	noEval     = -Infinite - 1
	maxHistory = 16384
)

// IsMate reports whether score announces a forced mate (for either side).
func IsMate(score int) bool { return score >= MateBound || score <= -MateBound }

// MateInMoves converts a mate score to UCI's "mate N": moves (not plies),
// positive when the side to move mates.
func MateInMoves(score int) int {
	if score > 0 {
		return (MateScore - score + 1) / 2
	}
	return -(MateScore + score) / 2
}

// Limits says when a search must stop: the engine kit's limits over this
// game's moves (clocks indexed by Color).
type Limits = kit.Limits[Move]

// Info is one progress report: a finished iteration of one PV line, an
// aspiration window failure, or the move being searched.
type Info struct {
	Depth, SelDepth int
	MultiPV         int
	Score           int
	Bound           tt.Bound // BoundExact, or lower/upper after an aspiration failure
	Nodes           uint64
	Elapsed         time.Duration
	Hashfull        int
	PV              []Move

	CurrMove       Move // when set, only Depth, CurrMove and CurrMoveNumber are meaningful
	CurrMoveNumber int
}

// Result is the outcome of a search.
type Result struct {
	BestMove   Move // NullMove when the position has no legal move
	PonderMove Move // expected reply, or NullMove
	Score      int
	Depth      int
	Nodes      uint64
	// Lines holds the scores of the best root moves, best first, when more
	// than one line was searched (MultiPV); callers that weigh several
	// candidate moves, such as the card search over sampled worlds, read it.
	Lines []Line
}

// Line is one root move and its score.
type Line struct {
	Move  Move
	Score int
}
