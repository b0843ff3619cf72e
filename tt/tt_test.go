package tt

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStoreProbe(t *testing.T) {
	tab := MustNew(1)
	_, ok := tab.Probe(12345)
	assert.False(t, ok)
	tab.Store(12345, 0x1234, -31000, 57, 9, BoundLower)
	e, ok := tab.Probe(12345)
	require.True(t, ok)
	assert.Equal(t, Entry{Move: 0x1234, Score: -31000, Eval: 57, Depth: 9, Bound: BoundLower}, e)

	// Quiescence depths below zero are stored too.
	tab.Store(999, 0, 12, -32001, -3, BoundUpper)
	e, ok = tab.Probe(999)
	require.True(t, ok)
	assert.Equal(t, -3, e.Depth)
	assert.Equal(t, int16(-32001), e.Eval)
}

func TestReplacement(t *testing.T) {
	tab := MustNew(1)
	tab.Store(7, 0x10, 100, 0, 12, BoundLower)
	// A much shallower non-exact result of the same search keeps the deep one.
	tab.Store(7, 0x20, 50, 0, 2, BoundUpper)
	e, _ := tab.Probe(7)
	assert.Equal(t, 12, e.Depth)
	// An exact result replaces it, and a missing move keeps the stored move.
	tab.Store(7, 0, 60, 0, 2, BoundExact)
	e, _ = tab.Probe(7)
	assert.Equal(t, Entry{Move: 0x10, Score: 60, Depth: 2, Bound: BoundExact}, e)
	// In a new search a stale deep entry gives way.
	tab.NewSearch()
	tab.Store(7, 0x30, 70, 0, 1, BoundUpper)
	e, _ = tab.Probe(7)
	assert.Equal(t, 1, e.Depth)
}

func TestBucketKeepsDeepEntries(t *testing.T) {
	tab := MustNew(1)
	tab.buckets = tab.buckets[:1] // one bucket: every key collides
	for k := uint64(1); k <= 4; k++ {
		tab.Store(k, 0, 0, 0, int(10*k), BoundExact)
	}
	tab.Store(100, 0, 0, 0, 1, BoundExact) // replaces the shallowest (key 1, depth 10)
	_, ok := tab.Probe(1)
	assert.False(t, ok)
	for k := uint64(2); k <= 4; k++ {
		_, ok := tab.Probe(k)
		assert.True(t, ok, k)
	}
}

func TestHashfullAndClear(t *testing.T) {
	tab := MustNew(1)
	assert.Equal(t, 0, tab.Hashfull())
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 100000; i++ {
		tab.Store(rng.Uint64(), 0, 0, 0, 1, BoundExact)
	}
	assert.Greater(t, tab.Hashfull(), 900)
	tab.NewSearch()
	assert.Equal(t, 0, tab.Hashfull(), "old generation does not count")
	tab.Clear()
	_, ok := tab.Probe(1)
	assert.False(t, ok)
	tab.Resize(2)
	assert.Equal(t, 2, tab.SizeMB())
}

// TestConcurrentAccess: threads storing and probing the same keys never
// read an entry whose data does not belong to the key (run with -race too).
func TestConcurrentAccess(t *testing.T) {
	tab := MustNew(1)
	tab.buckets = tab.buckets[:4] // heavy contention
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 20000; i++ {
				key := uint64(i%64 + 1)
				// The data is derived from the key, so a mismatch would show.
				tab.Store(key, uint16(key), int16(key), int16(-key), int(key%50), BoundExact)
				if e, ok := tab.Probe(key); ok && (e.Move != uint16(key) || e.Score != int16(key) || e.Eval != int16(-key)) {
					t.Errorf("key %d read back %+v", key, e)
					return
				}
			}
		}(g)
	}
	wg.Wait()
}

// An isolated table gives every search exactly what a table cleared before
// it would: the same probes, the same replacements, the same hashfull.
func TestIsolatedTableActsAsCleared(t *testing.T) {
	iso, fresh := MustNew(1), MustNew(1)
	iso.Isolate()
	rng := rand.New(rand.NewPCG(5, 6))
	// Keys crowd a few buckets, so replacement decides what is kept.
	keys := make([]uint64, 64)
	for i := range keys {
		keys[i] = rng.Uint64()>>56 | uint64(i)<<8
	}
	for search := 0; search < 150; search++ { // past the 6-bit generation's wrap
		fresh.Clear()
		fresh.NewSearch()
		iso.NewSearch()
		for op := 0; op < 400; op++ {
			k := keys[rng.IntN(len(keys))]
			if rng.IntN(3) == 0 {
				a, okA := iso.Probe(k)
				b, okB := fresh.Probe(k)
				require.Equal(t, okB, okA, "search %d op %d", search, op)
				require.Equal(t, b, a)
				continue
			}
			move, score, depth := uint16(rng.IntN(1000)), int16(rng.IntN(2000)-1000), rng.IntN(20)-3
			bound := Bound(1 + rng.IntN(3))
			iso.Store(k, move, score, 0, depth, bound)
			fresh.Store(k, move, score, 0, depth, bound)
		}
		require.Equal(t, fresh.Hashfull(), iso.Hashfull(), "search %d", search)
	}
}

// A table that is not isolated keeps earlier searches' entries.
func TestTableKeepsEntriesAcrossSearches(t *testing.T) {
	tab := MustNew(1)
	tab.Store(42, 7, 10, 0, 5, BoundExact)
	tab.NewSearch()
	_, ok := tab.Probe(42)
	assert.True(t, ok)
	tab.Isolate()
	tab.NewSearch()
	_, ok = tab.Probe(42)
	assert.False(t, ok, "isolated: the earlier search's entry is gone")
}
