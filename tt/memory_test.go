package tt

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// withMemory stands in for a machine with the given memory for one test.
func withMemory(t *testing.T, m Memory) {
	old := ProbeMemory
	ProbeMemory = func() (Memory, bool) { return m, true }
	t.Cleanup(func() { ProbeMemory = old })
}

// The physical check keeps a reserve of a quarter of what is available,
// from 32 to 256 MiB: a small container that holds the defaults gets them,
// a large machine keeps 256 MiB for the system.
func TestReserveScalesWithTheMemory(t *testing.T) {
	withMemory(t, Memory{Total: 200 << 20, Available: 150 << 20})
	assert.NoError(t, CheckFits(16), "16 MiB + 37 MiB reserve in 150 MiB")
	assert.NoError(t, CheckFits(100))
	err := CheckFits(120)
	require.Error(t, err)
	assert.Equal(t, "a 120 MiB table does not fit: 150 MiB of memory is available (37 MiB kept in reserve)", err.Error())

	withMemory(t, Memory{Total: 1 << 30, Available: 40 << 20})
	assert.Error(t, CheckFits(16), "the reserve is at least 32 MiB")
	assert.NoError(t, CheckFits(1), "1 MiB is never refused")
	assert.NoError(t, CheckReplace(16, 16), "the replaced table's memory counts")

	withMemory(t, Memory{Total: 64 << 30, Available: 32 << 30})
	assert.NoError(t, CheckFits(32<<10-256))
	assert.Error(t, CheckFits(32<<10-255), "at most 256 MiB in reserve")
}

// Issue 35, finding 3: under ulimit -v the kernel refuses the runtime's
// next mapping, which counts whole 64 MiB heap arenas and never gets back
// the address space of a freed table unless the new one fits in it; one
// arena more is kept for the rest of the engine. The Go runtime's reserved
// address space is already in what the kernel has mapped, so it is not
// counted twice (once it was, with 256 MiB more, and a 16 MiB table did
// not fit under 1.8 GB).
func TestMappingLimits(t *testing.T) {
	withMemory(t, Memory{Total: 24 << 30, Available: 20 << 30, MapLimited: true, Mappable: 200 << 20})
	assert.NoError(t, CheckFits(16), "16 MiB: one arena and one to spare, 128 of 200 MiB")
	assert.NoError(t, CheckFits(64), "64 MiB: 128 MiB")
	assert.NoError(t, CheckFits(128), "65 to 128 MiB: two arenas and one to spare, 192 MiB")
	err := CheckFits(129)
	require.Error(t, err)
	assert.Equal(t, "a 129 MiB table does not fit: the kernel maps 200 MiB more for the engine (ulimit -v or -d, or strict overcommit), and it needs 256 MiB", err.Error())
	assert.NoError(t, CheckReplace(1000, 1000), "a table that fits where the old one was needs no new address space")
	assert.Error(t, CheckReplace(1001, 1000), "a larger one does: the old address space stays with the runtime")

	withMemory(t, Memory{Total: 24 << 30, Available: 20 << 30, MapLimited: true, Mappable: 60 << 20})
	assert.Error(t, CheckFits(8), "no arena to spare for the rest of the engine")
	assert.NoError(t, CheckFits(1), "1 MiB is never refused")
	assert.Error(t, CheckBytes("100 MiB for 40 search threads", 100<<20))
	assert.Contains(t, CheckBytes("100 MiB for 40 search threads", 100<<20).Error(), "100 MiB for 40 search threads does not fit: ")
}

// Issue 35, finding 4: a size whose bytes overflow 64 bits is refused,
// never wrapped round to a tiny table or a check that passes.
func TestHugeSizesAreRefused(t *testing.T) {
	for _, mb := range []int{1 << 31, 1 << 43, 1 << 44, 1 << 62, int(^uint(0) >> 1)} {
		assert.Error(t, CheckFits(mb), "%d MiB", mb)
		_, err := New(mb)
		assert.Error(t, err, "%d MiB", mb)
		tab, err := New(1)
		require.NoError(t, err)
		assert.Error(t, tab.Resize(mb), "%d MiB", mb)
		assert.Equal(t, 1, tab.SizeMB(), "the old table stays")
	}
	assert.Contains(t, CheckFits(1<<44).Error(), "a 17592186044416 MiB table does not fit: it is larger than any machine's memory")
}

// The real probe finds this machine's memory.
func TestProbeMeasuresThisMachine(t *testing.T) {
	m, ok := ProbeMemory()
	if !ok {
		t.Skip("memory cannot be measured here")
	}
	assert.Greater(t, m.Total, uint64(16<<20))
	assert.Greater(t, m.Available, uint64(0))
	assert.NoError(t, CheckFits(16), "the default table fits")
}
