//go:build linux

package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runWithin runs argv with stdin and fails t when it has not ended after
// d (then it is killed): an engine waiting on a FIFO never ends.
func runWithin(t *testing.T, d time.Duration, stdin string, argv ...string) (string, string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	stdout, stderr, code := runCommand(t, exec.CommandContext(ctx, argv[0], argv[1:]...), stdin)
	if ctx.Err() != nil {
		t.Fatalf("%q did not end within %v", argv, d)
	}
	return stdout, stderr, code
}

// Issue 35, the class "every path the engine opens": the files cmd/engine's
// flags name (bench -eval, the profile -profile-dir receives) may be a FIFO,
// a device or a directory; each is refused by name at once (a6a6cc1 waited
// on the FIFO for ever).
func TestCommandLineFilesAreChecked(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "net.nnue")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	for _, path := range []string{fifo, "/dev/zero", dir} {
		_, stderr, code := runWithin(t, 10*time.Second, "", engineBinary, "bench", "-eval", path, "-depth", "1")
		assert.Equal(t, 2, code, path)
		assert.Contains(t, stderr, "bench: -eval: "+path+" is not a regular file", path)
	}

	profiles := t.TempDir()
	require.NoError(t, syscall.Mkfifo(filepath.Join(profiles, "cpu.pprof"), 0o644))
	_, stderr, code := runWithin(t, 10*time.Second, "", engineBinary, "-profile", "cpu", "-profile-dir", profiles, "perft", "-depth", "1")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "engine: -profile: "+filepath.Join(profiles, "cpu.pprof")+" is not a regular file (a named pipe)")
	_, stderr, code = runWithin(t, 10*time.Second, "", engineBinary, "-profile", "cpu", "-profile-dir", fifo, "perft", "-depth", "1")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "not a directory")
}

// Findings 1 and 2 as users met them, under an address-space limit the
// engine's Hash 1000 fits (ulimit -v 3500000): a 1.9 GB book, and
// /dev/zero as a genfens book, are refused and the engine lives (a6a6cc1
// read both until the runtime died of it).
func TestFilesUnderAMemoryLimit(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.bin")
	require.NoError(t, os.WriteFile(big, nil, 0o644))
	require.NoError(t, os.Truncate(big, 1900<<20)) // sparse, all keys 0: a sorted book
	limited := []string{"sh", "-c", `ulimit -v 3500000 && exec "$0" "$@"`, engineBinary}
	for name, command := range map[string]string{
		"BookFile": "setoption name BookFile value " + big,
		"genfens":  "genfens 3 book /dev/zero",
	} {
		t.Run(name, func(t *testing.T) {
			// As arguments each command waits for the job it starts, so
			// genfens's error is printed before anything could stop it.
			args := slices.Concat(limited, []string{"setoption name Hash value 1000", command, "isready", "position startpos", "go depth 1"})
			out, stderr, code := runWithin(t, 60*time.Second, "", args...)
			assert.Equal(t, 1, code, "one error reported; %s", stderr)
			assert.NotContains(t, stderr, "fatal error")
			assert.NotContains(t, out, "error: option Hash", "Hash 1000 fits the limit")
			assert.Contains(t, out, "readyok\n")
			assert.Contains(t, out, "bestmove ")
			if name == "BookFile" {
				assert.Contains(t, out, "info string error: option BookFile: opening book: "+big+": 1900 MiB does not fit in the memory available")
			} else {
				assert.Contains(t, out, "info string error: genfens: book: /dev/zero is not a regular file (a character device)")
			}
		})
	}
}
