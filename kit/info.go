package kit

import (
	"fmt"
	"strings"
	"time"
)

// Info is one search report as every game gives it, in UCI terms: each
// game's search converts its own report (moves to tokens, its score scale
// to centipawns or "mate N"), and String writes the one info line format.
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
