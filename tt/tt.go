// Package tt is the transposition table shared by all search threads.
//
// Entries are two 64-bit words written and read with atomic operations:
// the data word and the key XOR the data. A reader accepts an entry only if
// its key word XOR its data word gives back the position's key, so an entry
// torn by two threads writing at once is rejected, never misread, and no
// lock is needed (Hyatt and Mann's lockless hashing). Four entries make a
// 64-byte bucket, one cache line.
package tt

import (
	"fmt"
	"math/bits"
	"sync/atomic"
)

// Bound tells how a stored score relates to the true value.
type Bound uint8

const (
	BoundNone  Bound = 0
	BoundUpper Bound = 1 // the search failed low: true value <= score
	BoundLower Bound = 2 // the search failed high: true value >= score
	BoundExact Bound = 3
)

// Data word, 64 bits: 0-15 move, 16-31 score, 32-47 static eval,
// 48-55 depth+depthOffset, 56-57 bound, 58-63 generation.
type entry struct {
	keyXorData atomic.Uint64
	data       atomic.Uint64
}

const (
	bucketSize  = 4
	depthOffset = 8 // stored depth is depth+8, so quiescence depths down to -7 fit and 0 means empty
	genBits     = 6
	genMask     = 1<<genBits - 1
)

type bucket [bucketSize]entry

// Entry is what a probe found.
type Entry struct {
	Move  uint16
	Score int16
	Eval  int16
	Depth int
	Bound Bound
}

// Table is a transposition table. Resize and Clear must not run while a
// search is using it; Probe, Store and Hashfull may run from any number of
// threads at once.
type Table struct {
	buckets    []bucket
	generation uint8
	isolated   bool // each search sees only its own entries (Isolate)
}

// New returns a table of about mb MiB, or an error naming the shortfall
// when the machine cannot give it (see Resize).
func New(mb int) (*Table, error) {
	t := &Table{}
	if err := t.Resize(mb); err != nil {
		return nil, err
	}
	return t, nil
}

// MustNew is New for sizes that always fit: 1 MiB or less (a table that
// small is never refused), or a fixed size in a developer tool. Never for
// a size a user gave.
func MustNew(mb int) *Table {
	t, err := New(mb)
	if err != nil {
		panic("tt: " + err.Error())
	}
	return t
}

// Resize reallocates the table to about mb MiB (at least one bucket),
// dropping its contents. A size the machine's free memory cannot hold is
// refused with an error and the table is kept as it was: a Go program
// cannot survive an allocation the system refuses.
func (t *Table) Resize(mb int) error {
	if mb > maxTableMB {
		return tooLarge(mb)
	}
	n := max(uint64(max(mb, 0))<<20/uint64(bucketBytes), 1)
	old := uint64(len(t.buckets)) * bucketBytes
	if err := check(fmt.Sprintf("a %d MiB table", n*bucketBytes>>20), n*bucketBytes, old); err != nil {
		return err
	}
	t.buckets = nil
	release(old)
	t.buckets = make([]bucket, n)
	t.generation = 0
	return nil
}

const bucketBytes = bucketSize * 16

// SizeMB returns the size in MiB.
func (t *Table) SizeMB() int { return len(t.buckets) * bucketBytes >> 20 }

// Clear empties the table.
func (t *Table) Clear() {
	clear(t.buckets)
	t.generation = 0
}

// NewSearch ages the table: entries from earlier searches become the first
// to be replaced (in an isolated table, invisible).
func (t *Table) NewSearch() {
	t.generation = (t.generation + 1) & genMask
	if t.isolated && t.generation == 0 {
		// Wrapped: entries of 64 searches ago would look current.
		clear(t.buckets)
		t.generation = 1
	}
}

// Isolate makes every search see only the entries it stored itself: an
// entry of an earlier search counts as empty, exactly as if the table had
// been cleared before the search, but without the cost of clearing it.
// Card chess searches every sampled world as a new game, 16 times a move;
// clearing a large table that often would cost more than the searches.
// Not during a search.
func (t *Table) Isolate() { t.isolated = true }

// visible reports whether an entry's data belongs to a result this table
// may return.
func (t *Table) visible(data uint64) bool {
	return storedDepth(data) != 0 && (!t.isolated || generationOf(data) == t.generation)
}

// bucketFor maps a key to a bucket by multiplying, so any table size works.
func (t *Table) bucketFor(key uint64) *bucket {
	hi, _ := bits.Mul64(key, uint64(len(t.buckets)))
	return &t.buckets[hi]
}

func pack(move uint16, score, eval int16, depth int, bound Bound, gen uint8) uint64 {
	return uint64(move) | uint64(uint16(score))<<16 | uint64(uint16(eval))<<32 |
		uint64(uint8(depth+depthOffset))<<48 | uint64(bound)<<56 | uint64(gen)<<58
}

func unpack(data uint64) Entry {
	return Entry{
		Move:  uint16(data),
		Score: int16(data >> 16),
		Eval:  int16(data >> 32),
		Depth: int(uint8(data>>48)) - depthOffset,
		Bound: Bound(data >> 56 & 3),
	}
}

func storedDepth(data uint64) int    { return int(uint8(data >> 48)) }
func generationOf(data uint64) uint8 { return uint8(data>>58) & genMask }

// Probe looks key up.
func (t *Table) Probe(key uint64) (Entry, bool) {
	b := t.bucketFor(key)
	for i := range b {
		data := b[i].data.Load()
		if b[i].keyXorData.Load()^data == key && t.visible(data) {
			return unpack(data), true
		}
	}
	return Entry{}, false
}

// Store saves a search result. Within the bucket it overwrites the same
// position, else the entry that is least worth keeping: old generations
// first, then shallow depths. For the same position a shallower result
// replaces a deeper one only if it is exact or the old one is stale, and a
// missing move keeps the stored one.
func (t *Table) Store(key uint64, move uint16, score, eval int16, depth int, bound Bound) {
	b := t.bucketFor(key)
	victim := 0
	worst := 1 << 30
	for i := range b {
		data := b[i].data.Load()
		if t.isolated && !t.visible(data) {
			// Empty, or of an earlier search: worth what an empty entry
			// is worth in the first search after a clear.
			if v := -8; v < worst {
				worst, victim = v, i
			}
			continue
		}
		if b[i].keyXorData.Load()^data == key && storedDepth(data) != 0 {
			old := unpack(data)
			if bound != BoundExact && depth+3 < old.Depth && generationOf(data) == t.generation {
				return // keep the deeper result of this search
			}
			if move == 0 {
				move = old.Move
			}
			victim = i
			break
		}
		// Value of keeping an entry: its depth, less 8 plies per generation of age.
		age := int((t.generation - generationOf(data)) & genMask)
		if v := storedDepth(data) - 8*age; v < worst {
			worst, victim = v, i
		}
	}
	data := pack(move, score, eval, depth, bound, t.generation)
	b[victim].data.Store(data)
	b[victim].keyXorData.Store(key ^ data)
}

// Hashfull returns how many of the first 1000 entries hold a result of the
// current search, in permille, as UCI reports it.
func (t *Table) Hashfull() int {
	n, used := 0, 0
	for i := 0; i < len(t.buckets) && n < 1000; i++ {
		for j := range t.buckets[i] {
			data := t.buckets[i][j].data.Load()
			if storedDepth(data) != 0 && generationOf(data) == t.generation {
				used++
			}
			n++
		}
	}
	return used * 1000 / max(n, 1)
}

// Prefetch touches a key's bucket so a probe shortly after finds it in cache.
func (t *Table) Prefetch(key uint64) {
	_ = t.bucketFor(key)[0].data.Load()
}
