package chsearch

import (
	"context"
	"testing"

	"tempest/variants/chameleon"
)

// benchPositions: the starts of 2 and 4 players and two middlegames.
var benchPositions = []string{
	"a1h8 e8yg,f8yr,g8yb,h8yy,a1rr,b1rg,c1ry,d1rb r 0 0",
	"a1h8 a8bb,e8yg,f8yr,g8yb,h8yy,a7br,a6bg,a5by,h4gr,h3gb,h2gy,a1rr,b1rg,c1ry,d1rb,h1gg r 0 0",
	"a3g7 a7yg,g7yr,b6rr,d6yb,b4rg,f4yy,d3ry y 0 0",
	"a1h8 c8yy,e8yg,f8yr,b6bb,a5by,e5gr,c4rr,h3gb,b2rg,h1gg,d1rb g 3 21",
}

// BenchmarkSearch searches each bench position to a fixed depth, in plain
// paranoid search and with every opponent modelled as sensible (which
// looks at all of an opponent's moves before searching the sensible ones).
// Run with -benchmem: allocations are per search (reports, the PV), never
// per node.
func BenchmarkSearch(b *testing.B) {
	var positions []*chameleon.Position
	for _, s := range benchPositions {
		p, err := chameleon.ParsePosition(s)
		if err != nil {
			b.Fatal(err)
		}
		positions = append(positions, p)
	}
	for _, bc := range []struct {
		name string
		opts Options
	}{{"paranoid", Options{Algorithm: Paranoid}}, {"model", Options{Algorithm: ParanoidModel, Sensible: 0b1111}}} {
		b.Run(bc.name, func(b *testing.B) {
			e := New(16)
			e.SetOptions(bc.opts)
			var nodes uint64
			for b.Loop() {
				for _, p := range positions {
					nodes += e.Search(context.Background(), p, nil, Limits{Depth: 6}, nil).Nodes
				}
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
