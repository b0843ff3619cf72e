package protocol

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runArguments runs lines as the engine runs its command-line arguments
// and fails the test if they have not ended within the bound.
func runArguments(t *testing.T, within time.Duration, lines ...string) (string, int) {
	t.Helper()
	var out safeBuffer
	s := NewSession(&out)
	s.argGoTime = 100 * time.Millisecond // ArgumentGoTime, shortened for the test
	done := make(chan int, 1)
	go func() { done <- s.RunCommands(lines) }()
	select {
	case errs := <-done:
		return out.String(), errs
	case <-time.After(within):
		t.Fatalf("the arguments %q did not end within %v; output so far:\n%s", lines, within, out.String())
		return "", 0
	}
}

// Issue 35, finding 7: an argument list ends when its commands are done,
// whatever "go" it holds: every go parameter alone, the ones the finding
// names, "quit" after an unlimited go, and the games' own go words. A
// search no limit ends gets ArgumentGoTime and a note saying so; each go
// gets its one bestmove.
func TestArgumentsEndWhateverGoTheyHold(t *testing.T) {
	for _, args := range [][]string{
		{"go"}, {"go", "quit"}, {"go searchmoves e2e4"}, {"go ponder"}, {"go infinite"},
		{"go wtime 300"}, {"go btime 300"}, {"go time 300"}, {"go winc 100"}, {"go binc 100"},
		{"go inc 100"}, {"go movestogo 5"}, {"go winc 100 binc 100"}, {"go depth 2"},
		{"go nodes 2000"}, {"go mate 1"}, {"go movetime 50"}, {"go frobnicate"},
		{"go mate 1", "go searchmoves d2d4", "isready"},
		{"setoption name UCI_Variant value chessmate", "position startpos seed 4", "go worlds known"},
		{"setoption name UCI_Variant value chameleon", "go algorithm paranoid"},
		{"setoption name UCI_Variant value stratego", "position startpos seed 4", "go deal uniform"},
	} {
		out, errs := runArguments(t, 20*time.Second, args...)
		gos := 0
		for _, a := range args {
			if strings.HasPrefix(a, "go") {
				gos++
			}
		}
		assert.Equal(t, gos, strings.Count(out, "bestmove "), "%q: one bestmove per go\n%s", args, out)
		assert.Zero(t, errs, "%q\n%s", args, out)
	}
	out, _ := runArguments(t, 20*time.Second, "go searchmoves e2e4")
	assert.Contains(t, out, "info string go: no limit ends this search and no stop can follow a command-line argument; searching for 100 ms")
	assert.Contains(t, out, "bestmove e2e4")

	// A limited search still runs to its limit before the next line, and
	// a perft to its count.
	out, _ = runArguments(t, 30*time.Second, "go depth 5", "isready", "go perft 3")
	assert.Regexp(t, `(?s)info depth 5 .*bestmove \S+\nreadyok\n`, out)
	assert.Contains(t, out, "Nodes searched: 8902")
	assert.NotContains(t, out, "no limit ends this search")
}

// Issue 35, finding 15: a loadpgn record the arguments leave unfinished is
// an error (and so a non-zero exit code), never dropped in silence; a
// finished one loads as in a session.
func TestArgumentsEndingInsideARecordFail(t *testing.T) {
	out, errs := runArguments(t, 10*time.Second, "loadpgn", `[Event "x"]`, "", "1. e4 e5 *")
	assert.Equal(t, 1, errs, out)
	assert.Contains(t, out, "info string error: loadpgn: the arguments ended before endpgn; the record is not loaded")

	out, errs = runArguments(t, 10*time.Second, "loadpgn", `[Event "x"]`, "", "1. e4 e5 *", "endpgn")
	require.Zero(t, errs, out)
	assert.Contains(t, out, "loadpgn ok moves 2")
}

// Issue 35, finding 8: a go with only increments or movestogo gets the one
// second the docs promise when no usable limit is left, with a note, in a
// session too (where it once searched until a stop the client would not
// send).
func TestClockPartsAloneEndTheSearch(t *testing.T) {
	l := startLive(t)
	for _, cmd := range []string{"go winc 100 binc 100", "go inc 100", "go movestogo 5", "go binc 50 movestogo 2"} {
		l.send("position startpos moves e2e4", cmd)
		note := l.expect("info string go ", waitLong)
		assert.Contains(t, note, "without a clock (wtime, btime or time) sets no limit; ignored", cmd)
		l.expect("info string go: no usable limit left; searching for 1000 ms", waitLong)
		legalIn(t, l.expect("bestmove", waitLong), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", false)
	}
}
