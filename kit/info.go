package kit

import (
	"fmt"
	"strings"
	"time"

	"tempest/tt"
)

// Info is one search report as every game gives it, in UCI terms: InfoOf
// converts a game's report (moves to tokens, its score scale to
// centipawns or "mate N"), and String writes the one info line format.
type Info struct {
	Depth    int
	SelDepth int // 0: not reported
	MultiPV  int // 0: not reported
	Score    int // centipawns, or moves to mate with Mate
	Mate     bool
	Bound    string // "lowerbound", "upperbound" or ""
	WDL      *[3]int
	Nodes    uint64
	Elapsed  time.Duration
	Hashfull int // -1: not reported
	TBHits   uint64
	// ShowTBHits reports TBHits: a chess search with tablebases.
	ShowTBHits bool
	PV         []string
	// CurrMove, when set, makes the line a "currmove" report of Depth.
	CurrMove       string
	CurrMoveNumber int
	// Comment is free text the game adds at the end ("string ...").
	Comment string
}

// InfoOf is the info line of a search report, in everything every game
// reports alike: a currmove line, or the depths, the line's number, the
// score with the bound of an aspiration failure, nodes, time, hashfull (a
// negative Hashfull: not reported), tablebase hits (shown when the caller
// sets ShowTBHits), the line, and the worlds a hidden-information search
// averaged over. move writes a move; mate, when not nil, turns a score
// that announces a forced result into moves ("mate N"). What only one
// game reports (chess's wdl) its caller adds.
func InfoOf[M comparable](r Report[M], move func(M) string, mate func(score int) (moves int, ok bool)) Info {
	var none M
	if r.CurrMove != none {
		return Info{Depth: r.Depth, CurrMove: move(r.CurrMove), CurrMoveNumber: r.CurrMoveNumber}
	}
	out := Info{Depth: r.Depth, SelDepth: r.SelDepth, MultiPV: r.MultiPV, Score: r.Score, Nodes: r.Nodes,
		Elapsed: r.Elapsed, Hashfull: r.Hashfull, TBHits: r.TBHits}
	if mate != nil {
		if moves, ok := mate(r.Score); ok {
			out.Score, out.Mate = moves, true
		}
	}
	switch r.Bound {
	case tt.BoundLower:
		out.Bound = "lowerbound"
	case tt.BoundUpper:
		out.Bound = "upperbound"
	}
	out.PV = make([]string, len(r.PV))
	for i, m := range r.PV {
		out.PV[i] = move(m)
	}
	if r.Worlds > 0 {
		out.Comment = fmt.Sprintf("worlds %d", r.Worlds)
	}
	return out
}

// String is the UCI info line.
func (i Info) String() string {
	if i.CurrMove != "" {
		return fmt.Sprintf("info depth %d currmove %s currmovenumber %d", i.Depth, i.CurrMove, i.CurrMoveNumber)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d", i.Depth)
	if i.SelDepth > 0 {
		fmt.Fprintf(&b, " seldepth %d", i.SelDepth)
	}
	if i.MultiPV > 0 {
		fmt.Fprintf(&b, " multipv %d", i.MultiPV)
	}
	if i.Mate {
		fmt.Fprintf(&b, " score mate %d", i.Score)
	} else {
		fmt.Fprintf(&b, " score cp %d", i.Score)
	}
	if i.Bound != "" {
		b.WriteString(" " + i.Bound)
	}
	if i.WDL != nil {
		fmt.Fprintf(&b, " wdl %d %d %d", i.WDL[0], i.WDL[1], i.WDL[2])
	}
	nps := uint64(float64(i.Nodes) / max(i.Elapsed.Seconds(), 0.001))
	fmt.Fprintf(&b, " nodes %d nps %d", i.Nodes, nps)
	if i.Hashfull >= 0 {
		fmt.Fprintf(&b, " hashfull %d", i.Hashfull)
	}
	if i.ShowTBHits {
		fmt.Fprintf(&b, " tbhits %d", i.TBHits)
	}
	fmt.Fprintf(&b, " time %d pv", i.Elapsed.Milliseconds())
	for _, m := range i.PV {
		b.WriteString(" " + m)
	}
	if i.Comment != "" {
		b.WriteString(" string " + i.Comment)
	}
	return b.String()
}
