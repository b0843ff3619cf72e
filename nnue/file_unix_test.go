//go:build unix

package nnue

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Issue 35, finding 5: a FIFO as the net file is refused at once; opening
// it first waited for a writer that never came.
func TestLoadFileRefusesAFIFOAtOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "net.nnue")
	require.NoError(t, syscall.Mkfifo(path, 0o644))
	done := make(chan error, 1)
	go func() { _, _, _, err := LoadFile(path); done <- err }()
	select {
	case err := <-done:
		assert.ErrorContains(t, err, path+" is not a regular file (a named pipe)")
	case <-time.After(2 * time.Second):
		t.Fatal("LoadFile waits on a FIFO")
	}
}
