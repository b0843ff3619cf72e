//go:build debug

package search

import (
	"fmt"

	"tempest/nnue"
)

// netCheck turns on, in the debug build, a comparison of every
// incrementally kept accumulator with one computed from scratch.
const netCheck = true

func (w *worker) checkNet(ply int) {
	var fresh nnue.Accumulator
	netRefresh(w.net, &fresh, &w.pos)
	if fresh != w.accs[ply].acc {
		panic(fmt.Sprintf("search: the accumulators at ply %d differ from a refresh", ply))
	}
}
