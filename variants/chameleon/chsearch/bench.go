package chsearch

import (
	"context"
	"fmt"
	"time"

	"tempest/kit"
	"tempest/tt"
	"tempest/variants/chameleon"
)

// BenchDepth is the default depth of the Chameleon Chess bench.
const BenchDepth = 6

// benchPositions: the starts of 2 and 4 players, two middlegames, and a
// three-player game of Tempest against itself after 12 plies (depth 2).
var benchPositions = []string{
	"a1h8 e8yg,f8yr,g8yb,h8yy,a1rr,b1rg,c1ry,d1rb r 0 0",
	"a1h8 a8bb,e8yg,f8yr,g8yb,h8yy,a7br,a6bg,a5by,h4gr,h3gb,h2gy,a1rr,b1rg,c1ry,d1rb,h1gg r 0 0",
	"a3g7 a7yg,g7yr,b6rr,d6yb,b4rg,f4yy,d3ry y 0 0",
	"a1h8 c8yy,e8yg,f8yr,b6bb,a5by,e5gr,c4rr,h3gb,b2rg,h1gg,d1rb g 3 21",
	"b1h8 h8yy,c7yg,h7yr,b5rr,e4yb,f3gr,g3gg,b2rb,d2rg,c1ry,f1gy,g1gb r 11 12",
}

// Bench searches every bench position to depth with the default scheme
// (paranoid search with the opponent model; without a game history no
// opponent is judged yet) and a fresh engine of hashMB MiB. The node total
// is the Chameleon search's signature. Cancelling ctx ends it after the
// current position (Stopped).
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
		pos, err := chameleon.ParsePosition(s)
		if err != nil {
			panic(fmt.Sprintf("Chameleon bench position %d %q: %v", i+1, s, err)) // a constant list: a bug, not input
		}
		t.Clear()
		e := NewWithTable(t)
		e.SetOptions(Options{Algorithm: ParanoidModel})
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
