package search

import (
	"tempest/kit"
)

// Scores are centipawns from the side to move's point of view. Mates are
// MateScore minus the distance to mate in plies.
const (
	MaxPly    = 128
	Infinite  = 32000
	MateScore = 31000
	MateBound = MateScore - MaxPly // beyond this a score is a mate
	// decidedBound: from here on a score is a decided result, a mate or
	// one a game knows for certain short of a mate, which counts from the
	// node where it was found, not from the root.
	decidedBound = MateBound - 1 - MaxPly
	DrawScore    = 0
	noEval       = -Infinite - 1
	maxHistory   = 16384
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
type Info = kit.Report[Move]

// Result is the outcome of a search: BestMove is NullMove when the position
// has no legal move; Lines holds the scores of the best root moves when
// more than one line was searched (MultiPV), which callers that weigh
// several candidates, such as the card search over sampled worlds, read.
type Result = kit.Result[Move]

// Line is one root move and its score.
type Line = kit.Line[Move]
