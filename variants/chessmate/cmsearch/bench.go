package cmsearch

import (
	"context"
	"fmt"
	"time"

	"tempest/kit"
	"tempest/tt"
	"tempest/variants/chessmate"
)

// BenchDepth is the default depth of the card-chess bench.
const BenchDepth = 5

// benchPositions are full-knowledge card-chess positions: two deals at the
// start, two games of Tempest against itself after 20 and 40 plies (seeds
// 34 and 55, depth 2), and three positions of the tests, each with cards
// that matter (a champion, Holy Quest, Disintegration).
var benchPositions = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - - - HF,MS,HQ/CW,VU,LJ LC,CR,DI,RB,DM,FC,RV,DD,CH - -",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - - - FC,MS,CW/LJ,CH,RV DD,DM,RB,LC,HQ,CR,HF,VU,DI - -",
	"1rbqkb1r/1pp2pp1/p2p1n1p/3Pp3/PP1nP3/2N2N1P/2PP2P1/R1BQKB1R w KQk e6 0 11 - - - DD,FC,HF/DM,VU,CR LJ,RV,CW,DI,LC,CH,HQ RB,MS -",
	"r4rk1/p1ppp1pp/bpnq1p2/8/4PPP1/1NbP1N1P/P1P1K2R/1R3BQ1 w - - 1 21 - c6 - DI,FC,DD/DM,LC,LJ MS,RV,CW,VU,CR,CH,HF,HQ RB RB",
	"7k/8/2Q3n1/8/8/8/8/4K3 w - - 0 1 - - - DI,LC,DD/FC,MS,RB CH,HQ,LJ,VU,CR,RV,CW,HF,DM - -",
	"1r3kbQ/4p2p/pq2pp2/1p6/8/1P2PB2/1BP1PPPP/R2R2K1 w - - 2 24 - - - HQ,DI,MS/FC,DM,CW CR RV,VU,LC,CH,LJ,RB,HF,DD -",
	"r1bq1kbr/p3pppp/1p2p3/2p4Q/2B5/4P3/PPP1PPPP/R1B1K2R w K - 0 11 - - - HQ,DI,MS/DD,FC,DM CW,CR RV,VU,LC,CH,LJ,RB,HF HF",
}

// Bench decides the turn of every bench position at depth, as a game does
// (the mover's view, the sampled worlds), with a fresh engine of one thread
// and hashMB MiB. The node total is the card search's signature.
// Cancelling ctx ends it after the current position (Stopped).
func Bench(ctx context.Context, depth, hashMB int, report func(string)) kit.BenchResult {
	// One table for every position, emptied before each: a cleared table
	// is a new one, and a table per position would leave the last one's
	// memory to the collector while the next is made.
	t, err := tt.New(hashMB)
	if err != nil {
		return kit.BenchResult{Err: err}
	}
	var total kit.BenchResult
	for i, s := range benchPositions {
		if ctx.Err() != nil {
			total.Stopped = true
			break
		}
		pos, err := chessmate.ParsePosition(s)
		if err != nil {
			panic(fmt.Sprintf("card-chess bench position %d %q: %v", i+1, s, err)) // a constant list: a bug, not input
		}
		t.Clear()
		e := NewWithTable(t)
		start := time.Now()
		res := e.SearchHidden(ctx, pos, Limits{Depth: depth}, DefaultSamples, nil)
		elapsed := time.Since(start)
		total.Nodes += res.Nodes
		total.Elapsed += elapsed
		report(fmt.Sprintf("position %2d/%d %-10s %10d nodes %8d ms  %s", i+1, len(benchPositions),
			res.BestMove, res.Nodes, elapsed.Milliseconds(), s))
	}
	return total
}
