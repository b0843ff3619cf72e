package perft

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/movegen"
)

// Issue 35, finding 4: a table size the memory cannot hold is refused with
// the transposition table's memory check, at once; one so large its bytes
// overflow once looped forever looking for its power of two, and one that
// fit no memory was allocated until the runtime died.
func TestTableSizeIsChecked(t *testing.T) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, mb := range []int{100000000, 8796093022208, 1 << 50, int(^uint(0) >> 1)} {
			_, err := NewTable(mb)
			assert.Error(t, err, "%d MiB", mb)
			_, err = Divide(context.Background(), movegen.NewStartPosition(), 1, Options{HashMB: mb})
			assert.Error(t, err, "%d MiB", mb)
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("a huge table size did not end")
	}

	// The largest power of two of 16-byte entries in the size.
	for mb, entries := range map[int]int{0: 1, 1: 1 << 16, 3: 1 << 17, 4: 1 << 18, 100: 1 << 22} {
		tab, err := NewTable(mb)
		require.NoError(t, err)
		assert.Len(t, tab.entries, entries, "%d MiB", mb)
	}
}
