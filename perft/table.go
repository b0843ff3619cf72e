package perft

import "sync/atomic"

// Table caches subtree counts by position key and depth. Entries are two
// words written with atomic stores; the first holds key^depth^count so a
// torn read from two threads writing at once fails the check instead of
// returning a wrong count (lockless hashing in the style of Hyatt and Mann).
type Table struct {
	entries []entry
	mask    uint64
}

type entry struct {
	check atomic.Uint64 // key ^ depthSalt ^ nodes
	nodes atomic.Uint64
}

// NewTable allocates a table of about mb MiB (rounded down to a power of two entries).
func NewTable(mb int) *Table {
	n := uint64(1)
	for n*2*16 <= uint64(mb)<<20 {
		n *= 2
	}
	return &Table{entries: make([]entry, n), mask: n - 1}
}

// depthSalt makes the same position at different depths hash apart.
func depthSalt(depth int) uint64 { return uint64(depth) * 0x9E3779B97F4A7C15 }

func (t *Table) probe(key uint64, depth int) (uint64, bool) {
	e := &t.entries[(key^depthSalt(depth))&t.mask]
	nodes := e.nodes.Load()
	if e.check.Load() == key^depthSalt(depth)^nodes && nodes != 0 {
		return nodes, true
	}
	return 0, false
}

func (t *Table) store(key uint64, depth int, nodes uint64) {
	e := &t.entries[(key^depthSalt(depth))&t.mask]
	e.nodes.Store(nodes)
	e.check.Store(key ^ depthSalt(depth) ^ nodes)
}
