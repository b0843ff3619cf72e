package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// smallestAddressLimit is the smallest ulimit -v (KiB) under which the
// engine starts and plays with its defaults, found by running a short game
// under limits from 600 MB up in 10 to 50 MB steps, eight times each: from
// 880 MB it keeps the defaults, from 800 MB it starts with a smaller table,
// below 750 MB the Go runtime cannot start. This is 960 MB: at 900 MB, a
// run beside a full parallel test suite once found the runtime mapping
// 27 MiB more than on a quiet machine, and refused the default table.
// (Higher up, between about 1.18 and 1.32 GB, the runtime reserves 512 MiB
// for itself when the limit leaves room and then cannot start either:
// docs/PROTOCOL.md, "Memory limits".)
const smallestAddressLimit = 960000

// limited runs the engine with args under ulimit -v kib, as
// sh -c 'ulimit -v N; exec engine ...' does, ended after within.
func limited(ctx context.Context, kib int, args ...string) *exec.Cmd {
	return exec.CommandContext(ctx, "sh", append([]string{"-c", fmt.Sprintf(`ulimit -v %d && exec "$0" "$@"`, kib), engineBinary}, args...)...)
}

// runLimited runs a subcommand under ulimit -v and returns its output,
// failing the test if it has not ended within 60 s.
func runLimited(t *testing.T, kib int, args ...string) (string, string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	stdout, stderr, code := runCmd(t, limited(ctx, kib, args...))
	require.NoError(t, ctx.Err(), "engine %q did not end within 60 s", args)
	return stdout, stderr, code
}

// Issue 35, finding 4: every size flag is range-checked with the memory
// check the Hash option has, with a clear error and exit code 2: no panic,
// no runtime out of memory, no endless loop. Under a ulimit, so that an
// engine without the checks dies at once instead of taking the machine's
// memory.
func TestSizeFlagsAreChecked(t *testing.T) {
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"bench", "-hash", "100000", "2"}, "bench: -hash: a 100000 MiB table does not fit: "},
		{[]string{"bench", "-variant", "chessmate", "-hash", "100000", "2"}, "bench: -hash: a 100000 MiB table does not fit: "},
		{[]string{"bench", "-hash", "17592186044416", "2"}, "bench: -hash: a 17592186044416 MiB table does not fit: it is larger than any machine's memory"},
		{[]string{"bench", "-threads", "100000", "2"}, "bench: depth must be 1..64, threads 1..512, hash at least 1"},
		{[]string{"bench", "-threads", "512", "-hash", "2000", "2"}, "bench: -hash: a 2000 MiB table does not fit: "},
		{[]string{"perft", "-depth", "3", "-hash", "100000"}, "perft: -hash: a 100000 MiB table does not fit: "},
		{[]string{"perft", "-depth", "1", "-hash", "8796093022208"}, "perft: -hash: a 8796093022208 MiB table does not fit: it is larger than any machine's memory"},
		{[]string{"perft", "-depth", "3", "-threads", "100000"}, "perft: -threads must be from 1 to 512, -hash 0 (none) or more"},
		{[]string{"perft", "-depth", "3", "-hash", "-5"}, "perft: -threads must be from 1 to 512, -hash 0 (none) or more"},
	} {
		_, stderr, code := runLimited(t, 2*smallestAddressLimit, tc.args...)
		assert.Equal(t, 2, code, "%q: %s", tc.args, stderr)
		assert.Contains(t, stderr, tc.err, tc.args)
		assert.NotContains(t, stderr, "panic", tc.args)
		assert.NotContains(t, stderr, "fatal error", tc.args)
	}
	// Sizes that fit run as before.
	out, stderr, code := runLimited(t, 2*smallestAddressLimit, "perft", "-depth", "4", "-hash", "16", "-threads", "2", "-divide=false")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "Nodes searched: 197281\n")
	out, stderr, code = runLimited(t, 2*smallestAddressLimit, "bench", "-threads", "2", "-hash", "32", "2")
	require.Equal(t, 0, code, stderr)
	assert.Regexp(t, `\d+ nodes \d+ nps\n$`, out)
}

// conversation talks to the engine line by line, as a GUI does.
type conversation struct {
	t     *testing.T
	in    io.WriteCloser
	lines chan string
	seen  []string
}

func converse(t *testing.T, cmd *exec.Cmd) *conversation {
	t.Helper()
	in, err := cmd.StdinPipe()
	require.NoError(t, err)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	c := &conversation{t: t, in: in, lines: make(chan string, 10000)}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
	}()
	return c
}

func (c *conversation) send(lines ...string) {
	for _, l := range lines {
		_, err := io.WriteString(c.in, l+"\n")
		require.NoError(c.t, err)
	}
}

// expect reads up to a line starting with prefix and returns it.
func (c *conversation) expect(prefix string) string {
	c.t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		select {
		case line, ok := <-c.lines:
			if !ok {
				c.t.Fatalf("the engine ended while %q was awaited; it said:\n%s", prefix, strings.Join(c.seen, "\n"))
			}
			c.seen = append(c.seen, line)
			if strings.HasPrefix(line, prefix) {
				return line
			}
		case <-deadline:
			c.t.Fatalf("no %q within 30 s", prefix)
		}
	}
}

func (c *conversation) said(text string) bool {
	return strings.Contains(strings.Join(c.seen, "\n"), text)
}

// Issue 35, finding 3: under the smallest ulimit -v that holds the
// defaults the engine starts with them (once it panicked below about
// 1.85 GB: the runtime's reserved address space was counted as used, and
// 256 MiB more), plays a game on a clock, and refuses what does not fit
// there cleanly: a large Hash, 512 threads. Below it, it starts with a
// smaller table and says so.
func TestStartsAndPlaysUnderTheSmallestAddressLimit(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	cmd := limited(ctx, smallestAddressLimit)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	c := converse(t, cmd)
	c.send("uci")
	c.expect("uciok")
	assert.False(t, c.said("warning"), "the defaults: %s", strings.Join(c.seen, "\n"))
	c.send("setoption name Hash value 1000", "setoption name Threads value 512", "isready")
	c.expect("readyok")
	assert.Regexp(t, `info string error: option Hash: a \d+ MiB table does not fit: the kernel maps \d+ MiB more for the engine`, strings.Join(c.seen, "\n"))
	assert.True(t, c.said("info string error: option Threads: "), strings.Join(c.seen, "\n"))
	assert.True(t, c.said("for 512 search threads does not fit: "), strings.Join(c.seen, "\n"))
	moves := ""
	for range 6 {
		c.send("position startpos moves"+moves, "go wtime 2000 btime 2000 winc 20 binc 20")
		moves += " " + strings.Fields(c.expect("bestmove"))[1]
	}
	c.send("go depth 8")
	c.expect("bestmove")
	c.send("quit")
	require.NoError(t, cmd.Wait(), stderr.String())
	assert.Empty(t, stderr.String())

	out, errOut, code := runLimited(t, smallestAddressLimit, "perft", "-depth", "3", "-hash", "1000")
	assert.Equal(t, 2, code, out)
	assert.Contains(t, errOut, "perft: -hash: a 1000 MiB table does not fit: the kernel maps ")

	// Below it, a smaller table and a warning, and the engine plays.
	out, errOut, code = runLimited(t, 840000, "position startpos", "go depth 6") // between 800 and 880 MB
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, `info string warning: Hash: a 16 MiB table does not fit: .*; using \d+ MiB\n`, out)
	assert.Contains(t, out, "bestmove ")
}

// The engine links no cgo: a thread cgo starts maps an 8 MiB stack and a
// 64 MiB malloc arena that ulimit -v counts, so a cgo engine needs far more
// address space, and more on machines with more cores.
func TestEngineLinksNoCgo(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.NotContains(t, strings.Fields(string(out)), "runtime/cgo")
}
