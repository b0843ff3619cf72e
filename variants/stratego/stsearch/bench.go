package stsearch

import (
	"context"
	"fmt"
	"time"

	"tempest/kit"
	"tempest/variants/stratego"
)

// BenchDepth is the default depth of the Stratego bench: 4, the first at
// which the transposition table's policy changes the node count, so the
// bench signature guards it (depth 3 gave the same count for three
// different tables).
const BenchDepth = 4

// benchPositions: the default arrangement, an arrangement of the setup
// generator (seed 5), and two games of Tempest against itself (depth 2)
// after 40 and 80 plies, with pieces revealed and lost.
var benchPositions = []string{
	stratego.StartPosition,
	"msstftwwcc/tkkrtdywwt/eytwercxcr/10/10/LREMKXCRCS/TTRWTWTCDW/FTLEWKTCSW v 00 -,- - 0 0",
	"msstftwwcc/tkk1tdyw1t/1e'tr'1w'x'1w'1/L'4c'3W'/1R!'2M!'3S'1/2E2K!'CC'2/TTRWTWTC'D1/FTLEWKT1S'W v 00 -,- V:CXR,E:cryre 3 40",
	"1fstcrdsy1/1xc1t!tet!1k'/w'ttr'c'w'w'3/1w'8/S!'3W'5/1TWW2L'1X'1/FCTR1T4/TLT1E'TW2D!' v 00 -,- V:CCRCWMKRESK,E:rcwkemy 7 80",
}

// Bench decides the move of every bench position at depth from the mover's
// view, over the sampled worlds, with a fresh engine and the engine's
// default switches (Defaults). The node total is the
// Stratego search's signature. Cancelling ctx ends it after the current
// position (Stopped).
func Bench(ctx context.Context, depth int, report func(string)) kit.BenchResult {
	var total kit.BenchResult
	for i, s := range benchPositions {
		if ctx.Err() != nil {
			total.Stopped = true
			break
		}
		pos, err := stratego.ParsePosition(s)
		if err != nil {
			panic(fmt.Sprintf("Stratego bench position %d %q: %v", i+1, s, err)) // a constant list: a bug, not input
		}
		e := New()
		e.SetOptions(Defaults(nil, nil)) // no record: uniform worlds
		start := time.Now()
		res := e.Search(ctx, pos, nil, Limits{Depth: depth}, nil)
		elapsed := time.Since(start)
		total.Nodes += res.Nodes
		total.Elapsed += elapsed
		report(fmt.Sprintf("position %d/%d %-6s %10d nodes %8d ms  %s", i+1, len(benchPositions),
			res.BestMove, res.Nodes, elapsed.Milliseconds(), s))
	}
	return total
}
