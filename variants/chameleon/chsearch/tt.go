package chsearch

import "tempest/variants/chameleon"

// Bounds of a stored score.
const (
	boundNone uint8 = iota
	boundExact
	boundLower // the score is at least this (a cutoff at a maximising node)
	boundUpper // the score is at most this
)

// ttEntry is one slot, 16 bytes: the full key, the best move, the score
// (win scores stored relative to the node), the depth, the bound, and the
// search it was written in: entries of older searches are ignored, so a
// reused table gives the same result as a fresh one.
type ttEntry struct {
	key        uint64
	move       chameleon.Move
	score      int16
	depth      int8
	bound      uint8
	generation uint16
}

// table is a transposition table owned by one search thread.
type table struct {
	entries    []ttEntry
	mask       uint64
	generation uint16
	used       int // entries written in this search (for hashfull)
}

// tableEntries is the number of entries of an mb MiB table: the largest
// power of two that fits.
func tableEntries(mb int) uint64 {
	n := uint64(1)
	for n*2*16 <= uint64(max(mb, 1))<<20 {
		n *= 2
	}
	return n
}

// TableMBFor is the size in MiB of the table New(mb) makes.
func TableMBFor(mb int) int { return int(tableEntries(mb) * 16 >> 20) }

// newTable makes a table of about mb MiB.
func newTable(mb int) *table {
	n := tableEntries(mb)
	return &table{entries: make([]ttEntry, n), mask: n - 1}
}

// newSearch starts a generation: everything stored before is invisible.
func (t *table) newSearch() {
	t.generation++
	if t.generation == 0 { // wrapped: old entries could look current
		clear(t.entries)
		t.generation = 1
	}
	t.used = 0
}

func (t *table) probe(key uint64) (ttEntry, bool) {
	e := t.entries[key&t.mask]
	return e, e.key == key && e.generation == t.generation && e.bound != boundNone
}

// store keeps the deeper entry of the same position, and always replaces
// entries of other positions or older searches.
func (t *table) store(key uint64, move chameleon.Move, score, depth int, bound uint8) {
	e := &t.entries[key&t.mask]
	current := e.generation == t.generation && e.bound != boundNone
	if current && e.key == key && int(e.depth) > depth && bound != boundExact {
		return
	}
	if !current {
		t.used++
	}
	if move == chameleon.NoMove && current && e.key == key {
		move = e.move
	}
	*e = ttEntry{key: key, move: move, score: int16(score), depth: int8(depth), bound: bound, generation: t.generation}
}

// hashfull is the per-mille of slots written in this search.
func (t *table) hashfull() int { return int(uint64(t.used) * 1000 / uint64(len(t.entries))) }
