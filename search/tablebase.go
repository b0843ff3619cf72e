package search

import (
	"slices"
	"sync/atomic"

	"tempest/kit"
	"tempest/syzygy"
	"tempest/tt"
)

// The endgame tables in the search: chess's alone, so gencopy leaves this
// file and the steps marked //gencopy:chess out of the card-chess copy.

// A tablebase win is TBWinScore minus the ply at which the tables were
// reached: above every evaluation, below every mate, in the band that
// decidedBound keeps for such results.
const (
	TBWinScore = decidedBound + MaxPly
	TBWinBound = decidedBound // from here to MateBound a score is a tablebase win
)

// tbDepthBonus: a tablebase result is stored in the table as that much
// deeper than the node's remaining depth, since no search of the node can
// make it more exact.
const tbDepthBonus = 6

// Tablebases are the endgame tables a search probes and how
// (docs/PROTOCOL.md, "Endgame tablebases").
type Tablebases struct {
	Tables     *syzygy.Tables // nil: none
	ProbeDepth int            // positions with ProbeLimit pieces are probed only from this depth on (SyzygyProbeDepth)
	ProbeLimit int            // at most this many pieces, kings included (SyzygyProbeLimit; the tables may hold fewer)
	Rule50     bool           // Syzygy50MoveRule: cursed wins and blessed losses are draws
}

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

// tablebaseState is the engine's tables and what they said of the root of
// the running search.
type tablebaseState struct {
	tb          Tablebases
	rootTBHits  uint64 // root moves the tables judged in this search
	rootInTB    bool   // the tables judged this search's root: its score is theirs (rootScore)
	rootTBScore int
}

// tableProbes is a worker's copy of the engine's tables for one search.
type tableProbes struct {
	tb       *syzygy.Tables // nil: none
	tbLimit  int            // probe positions of at most this many pieces ...
	tbDepth  int            // ... with that many only from this depth on
	tbRule50 bool
	tbHits   atomic.Uint64
}

// SetTablebases gives the search endgame tables; not during a search.
func (e *Engine) SetTablebases(t Tablebases) { e.tb = t }

// Tablebases returns the tables and settings the search probes with.
func (e *Engine) Tablebases() Tablebases { return e.tb }

// tbHits sums the workers' tablebase probes that found a result and the
// root's.
func (e *Engine) tbHits() uint64 {
	n := e.rootTBHits
	for _, w := range e.workers {
		n += w.tbHits.Load()
	}
	return n
}

// judgeRoot returns the root moves a search may play, of searchMoves
// (none: all): in a root in the tablebases only those that keep its
// result. The weakened levels play as they were calibrated, without
// tables. Its score is the tables' result, as docs/PROTOCOL.md promises,
// unless the search sees a mate: the evaluation cannot tell a won ending
// (rootScore).
func (e *Engine) judgeRoot(pos *Position, searchMoves []Move) []Move {
	e.rootTBHits, e.rootInTB = 0, false
	if e.tb.Tables == nil || e.level.Kind != kit.FullStrength {
		return searchMoves
	}
	j, ok := tbRoot(e.tb, pos, searchMoves)
	if !ok {
		return searchMoves
	}
	e.rootTBHits = uint64(j.Judged)
	e.rootInTB, e.rootTBScore = true, e.tbRootScore(j)
	return j.Keep
}

// tbRootScore is the score of a root the tables judged, from the side to
// move's view: a win or a loss as a tablebase result reached at the root
// (TBWinScore, above every evaluation and below every mate), a draw as the
// search scores one, a cursed win or blessed loss under the fifty-move rule
// one centipawn off it, as in the search (tbScore).
func (e *Engine) tbRootScore(j TablebaseJudgement) int {
	draw := DrawScore - e.opts.Contempt
	switch {
	case j.Result > 0:
		return TBWinScore
	case j.Result < 0:
		return -TBWinScore
	case e.tb.Rule50 && (j.WDL == 1 || j.WDL == -1):
		return draw + j.WDL
	}
	return draw
}

// rootScore is the score reported for a root move: the tables' in a root
// they judged, unless the search has seen a mate, which says more.
func (e *Engine) rootScore(score int, bound tt.Bound) (int, tt.Bound) {
	if !e.rootInTB || IsMate(score) {
		return score, bound
	}
	return e.rootTBScore, tt.BoundExact
}

// rootResult gives a search's result and its lines the root's score
// (rootScore).
func (e *Engine) rootResult(res *Result) {
	res.Score, _ = e.rootScore(res.Score, tt.BoundExact)
	for i := range res.Lines {
		res.Lines[i].Score, _ = e.rootScore(res.Lines[i].Score, tt.BoundExact)
	}
}

// tablesInfo gives a report the root's score (rootScore) and the tables'
// hits.
func (e *Engine) tablesInfo(info *Info) {
	info.Score, info.Bound = e.rootScore(info.Score, info.Bound)
	info.TBHits = e.tbHits()
}

// prepareTables copies the engine's tables for a search, at full strength
// only.
func (w *worker) prepareTables() {
	w.tbHits.Store(0)
	w.tb = nil
	if t := w.engine.tb; t.Tables != nil && w.engine.level.Kind == kit.FullStrength {
		w.tb, w.tbLimit, w.tbDepth, w.tbRule50 = t.Tables, min(t.ProbeLimit, t.Tables.MaxPieces()), t.ProbeDepth, t.Rule50
	}
}

// tbScore is a tablebase result (WDL from the side to move's view) at ply
// as a score and the bound it gives. With the fifty-move rule
// (Syzygy50MoveRule) a cursed win or blessed loss is a draw, one
// centipawn better or worse, so the search still prefers the side of it
// that would win if the opponent erred.
func (w *worker) tbScore(wdl, ply int) (int, tt.Bound) {
	switch {
	case w.tbRule50 && (wdl == 1 || wdl == -1):
		return w.contempt(ply) + wdl, tt.BoundExact
	case wdl > 0:
		return TBWinScore - ply, tt.BoundLower
	case wdl < 0:
		return -TBWinScore + ply, tt.BoundUpper
	}
	return w.contempt(ply), tt.BoundExact
}

// probeTB probes the tablebases for a position just after a capture or
// pawn move (the tables assume a fifty-move counter of zero), without
// castling rights, of at most limit pieces, and of exactly limit only when
// deep: the WDL from the side to move's view.
func probeTB(t *syzygy.Tables, p *Position, limit int, deep bool) (int, bool) {
	if p.Rule50() != 0 || p.Castling() != 0 {
		return 0, false
	}
	n := p.Occupied().Count()
	if n > limit || n == limit && !deep {
		return 0, false
	}
	return t.ProbeWDL(p)
}

// tbRoot judges the root by the tablebases when it is in them (no
// castling rights, few enough pieces); with the fifty-move rule a winning
// move must also make progress in time for the counter. ok is false when
// the tables cannot judge the root or searchMoves names no legal move.
func tbRoot(t Tablebases, p *Position, searchMoves []Move) (j TablebaseJudgement, ok bool) {
	if p.Castling() != 0 || p.Occupied().Count() > min(t.ProbeLimit, t.Tables.MaxPieces()) {
		return j, false
	}
	moves, ok := t.Tables.RootMoves(p, t.Rule50)
	if !ok || len(moves) == 0 {
		return j, false
	}
	// moves come best first: the first one searchMoves allows sets the result.
	j.Judged = len(moves)
	for _, rm := range moves {
		if len(searchMoves) > 0 && !slices.Contains(searchMoves, rm.Move) {
			continue
		}
		if j.Considered == 0 {
			j.Result, j.WDL = rm.Result, rm.WDL
		}
		j.Considered++
		if rm.Result == j.Result {
			j.Keep = append(j.Keep, rm.Move)
		}
	}
	return j, len(j.Keep) > 0
}

// TablebaseRoot is what the search does with a root in the tablebases
// (tbRoot), for a caller that reports it.
func TablebaseRoot(t Tablebases, p *Position, searchMoves []Move) (TablebaseJudgement, bool) {
	return tbRoot(t, p, searchMoves)
}
