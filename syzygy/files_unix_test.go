//go:build linux || android || darwin || freebsd || netbsd || openbsd || dragonfly

package syzygy

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// copyTables copies committed tables (copies, never links: the tests cut
// them short) into a new directory.
func copyTables(t *testing.T, names ...string) string {
	dir := t.TempDir()
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join(committedTables, name))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), data, 0o644))
	}
	return dir
}

// probeWithin runs probe and fails t when it has not returned after two
// seconds: a probe that opens a FIFO waits for a writer forever.
func probeWithin(t *testing.T, what string, probe func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); probe() }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatalf("%s did not return within 2 s", what)
	}
}

const kqvk = "7k/8/8/8/2Q5/8/8/K7 w - - 0 1"

// Issue 35, finding 6: a FIFO named like a table, found when the path was
// opened or put in place of a table afterwards, makes the probe fail at
// once instead of waiting on it.
func TestFIFOTablesFailAtOnce(t *testing.T) {
	dir := copyTables(t, "KQvK.rtbw", "KQvK.rtbz", "KRvK.rtbw", "KRvK.rtbz")
	require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "KBvK.rtbw"), 0o644))
	tb, err := Open(dir)
	require.NoError(t, err)
	defer tb.Close()
	assert.Equal(t, 4, tb.Files(), "a FIFO named like a table is no table file")

	path := filepath.Join(dir, "KQvK.rtbw")
	require.NoError(t, os.Remove(path))
	require.NoError(t, syscall.Mkfifo(path, 0o644))
	pos := mustFEN(t, kqvk)
	probeWithin(t, "a probe of a FIFO table", func() {
		_, ok := tb.ProbeWDL(pos)
		assert.False(t, ok)
	})
	assert.ErrorContains(t, tb.errorOf("KQvK", false), "is not a regular file (a named pipe)")
	_, ok := tb.ProbeWDL(mustFEN(t, "7k/8/8/8/3R4/8/8/K7 w - - 0 1"))
	assert.True(t, ok, "the other tables still answer")
}

// A table file cut short while it is mapped (the kernel then sends SIGBUS
// on its lost pages) fails its probes; the engine lives, the probed
// position is as it was, and the other tables still answer.
func TestTruncatedTableFailsItsProbes(t *testing.T) {
	dir := copyTables(t, "KRPvK.rtbw", "KRPvK.rtbz", "KRvK.rtbw", "KRvK.rtbz")
	tb, err := Open(dir)
	require.NoError(t, err)
	defer tb.Close()
	// KRPvK with Black to move: its values are read from the file (White's
	// side of the WDL table is a single value its header holds).
	pos := mustFEN(t, "7k/8/8/8/8/8/4P3/K3R3 b - - 0 1")
	wdl, ok := tb.ProbeWDL(pos)
	require.True(t, ok)
	assert.Equal(t, -2, wdl)
	_, ok = tb.ProbeDTZ(pos)
	require.True(t, ok)

	for _, name := range []string{"KRPvK.rtbw", "KRPvK.rtbz"} {
		require.NoError(t, os.Truncate(filepath.Join(dir, name), 0))
	}
	fen := pos.FEN()
	_, ok = tb.ProbeWDL(pos)
	assert.False(t, ok, "WDL of a table cut short")
	_, ok = tb.ProbeDTZ(pos)
	assert.False(t, ok, "DTZ of a table cut short")
	_, ok = tb.RootMoves(pos, true)
	assert.False(t, ok, "root moves through a table cut short")
	assert.Equal(t, fen, pos.FEN(), "the probes took their moves back")
	assert.ErrorContains(t, tb.errorOf("KRPvK", false), "changed while mapped")

	_, ok = tb.ProbeWDL(mustFEN(t, "7k/8/8/8/3R4/8/8/K7 w - - 0 1"))
	assert.True(t, ok, "the other tables still answer")
}
