package kit

import (
	"time"

	"tempest/tt"
)

// Result is what a search decided, in its game's moves (M) and score scale.
// Fields a game does not fill stay zero.
type Result[M comparable] struct {
	BestMove   M // the game's null move when there is nothing to play
	PonderMove M // the expected reply, or the null move
	Score      int
	Depth      int
	Nodes      uint64
	PV         []M       // the principal variation, best move first
	Lines      []Line[M] // with several lines searched (MultiPV): the best root moves, best first
	Worlds     int       // the worlds a hidden-information decision averaged over
}

// Line is one root move and its score.
type Line[M comparable] struct {
	Move  M
	Score int
}

// Report is one progress report of a search, in its game's moves and
// score scale: a finished iteration of one line, an aspiration failure
// (Bound), or, with CurrMove set, the root move being searched. InfoOf
// turns it into the one info line format (Info).
type Report[M comparable] struct {
	Depth, SelDepth int
	MultiPV         int // 0: one line
	Score           int
	Bound           tt.Bound // BoundExact, or lower/upper after an aspiration failure
	Nodes           uint64
	Elapsed         time.Duration
	Hashfull        int    // per mille; negative: the search does not report it
	TBHits          uint64 // endgame tablebase probes that found a result
	PV              []M
	Worlds          int // the worlds averaged over, for a hidden-information search

	CurrMove       M // when set, only Depth, CurrMove and CurrMoveNumber are meaningful
	CurrMoveNumber int
}
