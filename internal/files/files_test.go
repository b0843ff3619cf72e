//go:build unix

package files

import (
	"context"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/tt"
)

// fakeMemory stands in for a machine with little free memory.
func fakeMemory(t *testing.T, avail uint64) {
	old := tt.ProbeMemory
	tt.ProbeMemory = func() (tt.Memory, bool) { return tt.Memory{Total: 2 * avail, Available: avail}, true }
	t.Cleanup(func() { tt.ProbeMemory = old })
}

// within fails t when f has not returned after d: a blocking open would
// hang the test otherwise.
func within(t *testing.T, d time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s did not return within %v", what, d)
	}
}

func fifo(t *testing.T) string {
	path := filepath.Join(t.TempDir(), "KQvK.rtbw")
	require.NoError(t, syscall.Mkfifo(path, 0o644))
	return path
}

// Whatever is not a regular file is refused by kind, at once, by every
// entry point: a FIFO, a device, a directory.
func TestOnlyRegularFiles(t *testing.T) {
	for path, want := range map[string]string{
		fifo(t):      "is not a regular file (a named pipe)",
		"/dev/zero":  "is not a regular file (a character device)",
		t.TempDir():  "is not a regular file (a directory)",
		"/dev/stdin": "is not a regular file",
	} {
		within(t, 2*time.Second, path, func() {
			_, err := Check(path)
			assert.ErrorContains(t, err, want, "Check")
			_, _, err = Open(path)
			assert.ErrorContains(t, err, want, "Open")
			_, err = Read(context.Background(), path, 0)
			assert.ErrorContains(t, err, want, "Read")
			_, err = Map(path)
			assert.ErrorContains(t, err, want, "Map")
		})
	}
	within(t, 2*time.Second, "ReadDir of a FIFO", func() {
		_, err := ReadDir(fifo(t))
		assert.ErrorContains(t, err, "is not a directory (a named pipe)")
	})
	dir := t.TempDir()
	for _, name := range []string{"b", "a", "c"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), nil, 0o644))
	}
	list, err := ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, list, 3)
	assert.Equal(t, []string{"a", "b", "c"}, []string{list[0].Name(), list[1].Name(), list[2].Name()})
	_, err = ReadDir(filepath.Join(dir, "a"))
	assert.ErrorContains(t, err, "is not a directory (a regular file)")

	_, err = Read(context.Background(), filepath.Join(t.TempDir(), "missing"), 0)
	assert.ErrorContains(t, err, "missing: no such file or directory")
	long := "/" + strings.Repeat("x", 5000)
	_, err = Check(long)
	assert.Less(t, len(err.Error()), 200, "a path is cut in messages")
}

// A file larger than the memory can hold is refused before anything is
// allocated; a smaller one is read whole, or its first bytes on request.
func TestReadIsBoundedByMemory(t *testing.T) {
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.bin")
	f, err := os.Create(huge)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(1<<40)) // sparse: a terabyte that takes no disk
	require.NoError(t, f.Close())
	fakeMemory(t, 600<<20)
	_, err = Check(huge)
	assert.ErrorContains(t, err, "huge.bin: 1048576 MiB does not fit in the memory available (600 MiB")
	_, err = Read(context.Background(), huge, 0)
	assert.ErrorContains(t, err, "does not fit in the memory available")
	head, err := Read(context.Background(), huge, 16)
	require.NoError(t, err, "the first bytes of a huge file fit")
	assert.Equal(t, make([]byte, 16), head)

	small := filepath.Join(dir, "small.txt")
	require.NoError(t, os.WriteFile(small, []byte("hello"), 0o644))
	data, err := Read(context.Background(), small, 0)
	require.NoError(t, err)
	assert.Equal(t, "hello", string(data))
	size, err := Check(small)
	require.NoError(t, err)
	assert.Equal(t, int64(5), size)
}

// A read stops when its context ends.
func TestReadStopsWithItsContext(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.bin")
	require.NoError(t, os.WriteFile(path, make([]byte, 3*chunk), 0o644))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Read(ctx, path, 0)
	assert.ErrorIs(t, err, context.Canceled)
}

var sink byte

// A mapped file cut short under the reader faults on the lost pages; with
// SetPanicOnFault the fault is a panic FaultAddr recognises, at an address
// inside the mapping, and the program lives.
func TestTruncatedMappingFaultsRecoverably(t *testing.T) {
	path := filepath.Join(t.TempDir(), "table.rtbw")
	require.NoError(t, os.WriteFile(path, make([]byte, 1<<20), 0o644))
	data, err := Map(path)
	require.NoError(t, err)
	defer Unmap(data)
	assert.Equal(t, byte(0), data[len(data)-1])
	require.NoError(t, os.Truncate(path, 0))

	var addr uintptr
	var fault bool
	func() {
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		defer func() { addr, fault = FaultAddr(recover()) }()
		sink = data[len(data)-1]
	}()
	require.True(t, fault, "reading a lost page is a recoverable fault")
	assert.True(t, Holds(data, addr), "the address is in the mapping")
	assert.False(t, Holds(data, addr+uintptr(len(data))))
	_, isFault := FaultAddr("not a fault")
	assert.False(t, isFault)
}
