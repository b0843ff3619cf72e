package perft

import (
	"math/bits"
	"sync/atomic"

	"tempest/tt"
)

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

// NewTable allocates a table of about mb MiB (rounded down to a power of
// two entries, at least one), or refuses a size the memory cannot hold
// with the transposition table's memory check.
func NewTable(mb int) (*Table, error) {
	if err := tt.CheckFits(mb); err != nil {
		return nil, err
	}
	// The largest power of two of 16-byte entries in mb MiB: 2^(20+log2 mb-4).
	n := uint64(1)
	if mb > 0 {
		n <<= max(bits.Len64(uint64(mb))-1+20-4, 0)
	}
	return &Table{entries: make([]entry, n), mask: n - 1}, nil
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
