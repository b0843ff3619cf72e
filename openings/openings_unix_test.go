//go:build unix

package openings

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/ulikunitz/xz"

	"tempest/movegen"
	"tempest/tt"
)

// Issue 35, finding 1: a genfens book that is a FIFO, a device or a
// directory is refused at once (a6a6cc1 waited on the FIFO for ever and
// read /dev/zero until the runtime died); an .xz book that unpacks to more
// than the memory holds is refused as it grows (here 40 MiB available:
// 8 MiB beside the 32 MiB reserve, less than a batch of lines needs).
func TestReadOpeningsRefusesWhatIsNoFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "book.epd")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	for _, path := range []string{fifo, "/dev/zero", dir} {
		done := make(chan error, 1)
		go func() { _, _, err := ReadFile(context.Background(), path); done <- err }()
		select {
		case err := <-done:
			assert.ErrorContains(t, err, path+" is not a regular file")
		case <-time.After(2 * time.Second):
			t.Fatalf("ReadFile(%s) did not return", path)
		}
	}

	var packed bytes.Buffer
	w, err := xz.NewWriter(&packed)
	require.NoError(t, err)
	line := movegen.NewStartPosition().FEN() + "\n"
	_, err = w.Write([]byte(strings.Repeat(line, 200000)))
	require.NoError(t, err)
	require.NoError(t, w.Close())
	bomb := filepath.Join(dir, "many.epd.xz")
	require.NoError(t, os.WriteFile(bomb, packed.Bytes(), 0o644))
	fens, _, err := ReadFile(context.Background(), bomb)
	require.NoError(t, err)
	assert.Len(t, fens, 200000)
	old := tt.ProbeMemory
	tt.ProbeMemory = func() (tt.Memory, bool) { return tt.Memory{Total: 1 << 30, Available: 40 << 20}, true }
	defer func() { tt.ProbeMemory = old }()
	_, _, err = ReadFile(context.Background(), bomb)
	assert.ErrorContains(t, err, "many.epd.xz: the memory holds no more than the 65535 positions of its first 65536 lines")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err = ReadFile(ctx, bomb)
	assert.ErrorIs(t, err, context.Canceled)
}
