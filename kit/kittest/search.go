package kittest

import "testing"

// SearchAllocatesLittle checks that a search allocates a fixed handful of
// objects (root move lists, PV copies for reports), never in proportion to
// the nodes it searches. search runs one search from a new game and returns
// its nodes; it is called once to warm up the worker stacks and tables,
// and must search more than 10,000 nodes, so the bound means something.
func SearchAllocatesLittle(t testing.TB, search func() uint64) {
	t.Helper()
	search()
	var nodes uint64
	if allocs := testing.AllocsPerRun(3, func() { nodes = search() }); allocs >= 100 {
		t.Errorf("%.0f allocations per search; want fewer than 100", allocs)
	}
	if nodes <= 10000 {
		t.Errorf("the search visited %d nodes; want more than 10,000 for the bound to mean something", nodes)
	}
}
