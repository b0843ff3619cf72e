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
	// A tablebase win is TBWinScore minus the ply at which the tables
	// were reached: above every evaluation, below every mate.
	TBWinScore = MateBound - 1
	TBWinBound = TBWinScore - MaxPly // from here to MateBound a score is a tablebase win
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
type Info = kit.Report[Move]

// Result is the outcome of a search: BestMove is NullMove when the position
// has no legal move; Lines holds the scores of the best root moves when
// more than one line was searched (MultiPV), which callers that weigh
// several candidates, such as the card search over sampled worlds, read.
type Result = kit.Result[Move]

// Line is one root move and its score.
type Line = kit.Line[Move]

// TablebaseJudgement is what the tables say of a root in them
// (syzygy.RootMoves): the moves the search plays among those it may
// (searchmoves; none: all), which keep the best result of those, that
// result and the best kept move's WDL (a cursed win is a draw under the
// fifty-move rule), how many moves the search may play (Considered) and how
// many the tables judged (Judged: every legal move).
type TablebaseJudgement struct {
	Keep               []Move
	Result, WDL        int
	Considered, Judged int
}
