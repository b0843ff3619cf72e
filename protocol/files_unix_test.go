//go:build linux || android || darwin || freebsd || netbsd || openbsd || dragonfly

package protocol

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/movegen"
	"tempest/tt"
)

// Issue 35: every path the engine opens may name a FIFO, a device, a
// directory, a huge file or a file cut short under it. Each test fails on
// a6a6cc1 (it hung, ran out of memory or died of SIGBUS there).

// sendWithin writes lines as a GUI does and fails t when the session has
// not read them within d: a command loop blocked on a file reads nothing.
func (l *live) sendWithin(d time.Duration, lines ...string) {
	l.t.Helper()
	done := make(chan error, 1)
	go func() {
		_, err := io.WriteString(l.in, strings.Join(lines, "\n")+"\n")
		done <- err
	}()
	select {
	case err := <-done:
		require.NoError(l.t, err)
	case <-time.After(d):
		l.t.Fatalf("the session did not read %q within %v", lines, d)
	}
}

// collect reads lines up to and including the first that starts with
// prefix, failing t when none comes within d.
func (l *live) collect(prefix string, d time.Duration) []string {
	l.t.Helper()
	var got []string
	deadline := time.After(d)
	for {
		select {
		case line, ok := <-l.lines:
			if !ok {
				l.t.Fatalf("output ended while waiting for %q; got %q", prefix, got)
			}
			got = append(got, line)
			if strings.HasPrefix(line, prefix) {
				return got
			}
		case <-deadline:
			l.t.Fatalf("no %q within %v; got %q", prefix, d, got)
		}
	}
}

// hostileFiles makes what a path may name besides a file: a FIFO, a
// directory, a sparse file of a terabyte. /dev/zero is added by the tests
// where a6a6cc1 refused it already (reading it there never ends).
func hostileFiles(t *testing.T) map[string]string {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.bin")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	huge := filepath.Join(dir, "huge.bin")
	f, err := os.Create(huge)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(1<<40))
	require.NoError(t, f.Close())
	return map[string]string{"a FIFO": fifo, "a directory": t.TempDir(), "a sparse terabyte": huge}
}

// Findings 2 and 5 and their class: EvalFile and BookFile naming a FIFO,
// a device, a directory or a file larger than the memory are refused by
// name at once; isready is answered, and the engine plays on with what it
// had (here a book that still gives its move).
func TestFileOptionsRefuseWhatIsNoFile(t *testing.T) {
	fakeMemory(t, tt.Memory{Total: 8 << 30, Available: 4 << 30})
	good := writeBook(t, map[string]map[string]uint16{movegen.NewStartPosition().FEN(): {"g1f3": 1}})
	names := hostileFiles(t)
	names["a device"] = "/dev/zero"
	for _, option := range []string{"EvalFile", "BookFile"} {
		for what, path := range names {
			t.Run(option+" "+what, func(t *testing.T) {
				l := startLive(t)
				l.sendWithin(2*time.Second, "setoption name BookFile value "+good, "setoption name OwnBook value true")
				l.sendWithin(2*time.Second, "setoption name "+option+" value "+path, "isready")
				got := l.collect("readyok", 2*time.Second)
				assert.Contains(t, strings.Join(got, "\n"), "info string error: option "+option+": ", what)
				l.sendWithin(2*time.Second, "position startpos", "go depth 1")
				assert.Equal(t, "bestmove g1f3", l.expect("bestmove", 5*time.Second), "the book in force stays")
				l.sendWithin(2*time.Second, "quit")
				l.ended(5 * time.Second)
			})
		}
	}
}

// Finding 2: a book the memory cannot hold beside the engine is refused
// before it is read (a6a6cc1 read it whole; under a ulimit the engine
// died), with the memory in the message; one that fits is taken.
func TestBookBeyondMemoryIsRefused(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.bin")
	require.NoError(t, os.WriteFile(big, nil, 0o644))
	require.NoError(t, os.Truncate(big, 1<<30)) // sparse: 2^26 entries of key 0, sorted
	fakeMemory(t, tt.Memory{Total: 2 << 30, Available: 700 << 20})
	out := runScript(t, "setoption name BookFile value "+big+"\n")
	assert.Contains(t, out, "info string error: option BookFile: opening book: "+big+": 1024 MiB does not fit in the memory available (700 MiB")
	assert.NotContains(t, out, "entries")

	fakeMemory(t, tt.Memory{Total: 8 << 30, Available: 4 << 30})
	small := filepath.Join(dir, "small.bin")
	require.NoError(t, os.WriteFile(small, nil, 0o644))
	require.NoError(t, os.Truncate(small, 16<<20))
	out = runScript(t, "setoption name BookFile value "+small+"\n")
	assert.Contains(t, out, "info string BookFile: "+small+", 1048576 entries")
}

// Finding 2: a large book is read beside the command loop. isready sent
// right after it is answered before the book is in (a6a6cc1 answered it
// only once the book was read: 10 s for a gigabyte); the next go waits
// for the book and plays from it, and quit does not wait for it.
func TestBookIsReadBesideTheCommandLoop(t *testing.T) {
	path := filepath.Join(t.TempDir(), "large.bin")
	require.NoError(t, os.WriteFile(path, nil, 0o644))
	require.NoError(t, os.Truncate(path, 64<<20)) // 2^22 entries: a read of tens of milliseconds at least
	fakeMemory(t, tt.Memory{Total: 8 << 30, Available: 4 << 30})

	l := startLive(t)
	l.sendWithin(2*time.Second, "setoption name BookFile value "+path, "isready")
	got := l.collect("readyok", 2*time.Second)
	assert.NotContains(t, strings.Join(got, "\n"), "entries", "isready is answered before the book is in")
	l.sendWithin(2*time.Second, "setoption name OwnBook value true", "position startpos", "go depth 1")
	got = l.collect("bestmove", 30*time.Second)
	assert.Contains(t, got, "info string BookFile: "+path+", 4194304 entries", "go waited for the book")
	assert.NotContains(t, strings.Join(got, "\n"), "no BookFile is set", "OwnBook knows a book is coming")
	l.sendWithin(2*time.Second, "quit")
	l.ended(5 * time.Second)

	l = startLive(t)
	l.sendWithin(2*time.Second, "setoption name BookFile value "+path, "quit")
	l.ended(5 * time.Second)
}

// Finding 1 and its class: genfens with a book that is a FIFO, a directory
// or larger than the memory is refused at once, and stop, isready and quit
// are answered (a6a6cc1 waited on the FIFO for ever, and read any regular
// file whole).
func TestGenfensBookIsNoFile(t *testing.T) {
	fakeMemory(t, tt.Memory{Total: 8 << 30, Available: 700 << 20})
	for what, path := range hostileFiles(t) {
		t.Run(what, func(t *testing.T) {
			l := startLive(t)
			l.sendWithin(2*time.Second, "genfens 3 book "+path)
			got := l.collect("info string error: genfens: book: "+path, 2*time.Second)
			assert.Len(t, got, 1, "no position before the error")
			l.sendWithin(2*time.Second, "stop", "isready")
			l.expect("readyok", 2*time.Second)
			l.sendWithin(2*time.Second, "quit")
			l.ended(5 * time.Second)
		})
	}
}

// copyTables copies every committed Syzygy table (copies: the tests cut
// them short or replace them) into a new directory.
func copyTables(t *testing.T) string {
	const committed = "../syzygy/testdata/tables"
	dir := t.TempDir()
	list, err := os.ReadDir(committed)
	require.NoError(t, err)
	for _, de := range list {
		data, err := os.ReadFile(filepath.Join(committed, de.Name()))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, de.Name()), data, 0o644))
	}
	return dir
}

// Finding 6: a FIFO named like a table, in SyzygyPath when it is set or
// put there afterwards, does not freeze the first go in its material (on
// a6a6cc1 the root probe waited on it on the command goroutine).
func TestSyzygyFIFOTable(t *testing.T) {
	const kqvk = "position fen 7k/8/8/8/2Q5/8/8/K7 w - - 0 1"
	for _, when := range []string{"before", "after"} {
		t.Run(when, func(t *testing.T) {
			dir := copyTables(t)
			table := filepath.Join(dir, "KQvK.rtbw")
			replace := func() {
				require.NoError(t, os.Remove(table))
				require.NoError(t, syscall.Mkfifo(table, 0o644))
			}
			if when == "before" {
				replace()
			}
			l := startLive(t)
			l.sendWithin(2*time.Second, "setoption name SyzygyPath value "+dir, "isready")
			l.expect("readyok", 5*time.Second)
			if when == "after" {
				replace()
			}
			l.sendWithin(2*time.Second, kqvk, "go depth 4")
			got := strings.Join(l.collect("bestmove", 5*time.Second), "\n")
			assert.NotContains(t, got, "info string tablebases:", "no table answers for KQvK")
			l.sendWithin(2*time.Second, "isready")
			l.expect("readyok", 2*time.Second)
			l.sendWithin(2*time.Second, "quit")
			l.ended(5 * time.Second)
		})
	}
}

// The mapped-file part of the class: a table file cut short while the
// engine has it mapped (the kernel then sends SIGBUS on its pages) costs
// the table, not the engine: the next go in its material still answers.
func TestSyzygyTableCutShortWhileMapped(t *testing.T) {
	const krpvk = "position fen 7k/8/8/8/8/8/4P3/K3R3 b - - 0 1"
	dir := copyTables(t)
	l := startLive(t)
	l.sendWithin(2*time.Second, "setoption name SyzygyPath value "+dir, krpvk, "go depth 4")
	assert.Contains(t, l.collect("bestmove", 10*time.Second), "info string tablebases: a loss; 3 of 3 moves keep it")
	for _, name := range []string{"KRPvK.rtbw", "KRPvK.rtbz"} {
		require.NoError(t, os.Truncate(filepath.Join(dir, name), 0))
	}
	l.sendWithin(2*time.Second, krpvk, "go depth 4")
	got := strings.Join(l.collect("bestmove", 10*time.Second), "\n")
	assert.NotContains(t, got, "info string tablebases:", "the table is no longer used")
	assert.Contains(t, got, "info depth 4 ", "the search went on without it")
	l.sendWithin(2*time.Second, "isready")
	l.expect("readyok", 2*time.Second)
	l.sendWithin(2*time.Second, "quit")
	l.ended(5 * time.Second)
}
