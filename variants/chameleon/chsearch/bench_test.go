package chsearch

import (
	"context"
	"testing"

	"tempest/variants/chameleon"
)

// BenchmarkSearch searches each bench position to a fixed depth, in plain
// paranoid search and with every opponent modelled as sensible (which
// looks at all of an opponent's moves before searching the sensible ones).
// Run with -benchmem: allocations are per search (reports, the PV), never
// per node.
func BenchmarkSearch(b *testing.B) {
	var positions []*chameleon.Position
	// The first four bench positions, as recorded in docs/BENCHMARKS.md.
	for _, s := range benchPositions[:4] {
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
