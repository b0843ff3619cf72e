package protocol

import (
	"bytes"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runScript feeds lines to a fresh session the way a patient client does:
// after a command that starts a job (a search, perft or bench) it waits for
// the job's answer before sending the next line. It returns everything the
// session printed.
func runScript(t *testing.T, script string) string {
	t.Helper()
	var out bytes.Buffer
	s := NewSession(&out)
	lines := newLineReader(strings.NewReader(script), MaxLineLength)
	for {
		line, err := lines.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			line = "" // an over-long line: Run reports it; skipped here
			s.out.errorf("input line longer than %d bytes ignored", MaxLineLength)
		}
		quit := !s.Execute(line)
		if s.job != nil {
			<-s.job.done
		}
		s.finishReading(true)
		if quit {
			break
		}
	}
	s.quit()
	return out.String()
}

// runPiped feeds the whole script at once, as a shell pipe does: the input
// ends while jobs may still run.
func runPiped(t *testing.T, script string) string {
	t.Helper()
	var out bytes.Buffer
	require.NoError(t, NewSession(&out).Run(strings.NewReader(script)))
	return out.String()
}

func TestHandshake(t *testing.T) {
	out := runScript(t, "uci\nisready\n")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.GreaterOrEqual(t, len(lines), 4)
	assert.True(t, strings.HasPrefix(lines[0], "id name Tempest"))
	assert.True(t, strings.HasPrefix(lines[1], "id author "))
	assert.Equal(t, "uciok", lines[len(lines)-2])
	assert.Equal(t, "readyok", lines[len(lines)-1])
}

// TestGoPerft: the divide format of Stockfish, which perft tools parse.
func TestGoPerft(t *testing.T) {
	out := runScript(t, "position startpos moves e2e4 e7e5\ngo perft 2\nquit\n")
	assert.Contains(t, out, "\ng1f3: 29\n")
	assert.Contains(t, out, "\n\nNodes searched: 835\n\n")
	assert.Len(t, regexp.MustCompile(`(?m)^[a-h][1-8][a-h][1-8][nbrq]?: \d+$`).FindAllString(out, -1), 29, "one line per root move")

	// Castling is written king-to-destination in standard chess.
	out = runScript(t, "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\ngo perft 1\n")
	assert.Contains(t, out, "\ne1g1: 1\n")
	assert.Contains(t, out, "\ne1c1: 1\n")
	assert.Contains(t, out, "Nodes searched: 26\n")
}

func TestPositionErrorsKeepPreviousPosition(t *testing.T) {
	for _, tc := range []struct{ cmd, msg string }{
		{"position", `info string error: position needs "startpos" or "fen <position>"`},
		{"position fen 8/8/8 w - -", `info string error: invalid FEN "8/8/8 w - -": piece placement: "8/8/8" has 3 ranks, want 8`},
		{"position startpos moves e2e4 e7e5 g1g3", `info string error: move 3 (g1g3) of the move list: move "g1g3": illegal in this position`},
		{"position startpos e2e4", `info string error: unexpected "e2e4" after startpos (want "moves")`},
		{"position somewhere", `info string error: position needs "startpos" or "fen <position>", not "somewhere"`},
	} {
		out := runScript(t, "position startpos moves d2d4\n"+tc.cmd+"\nd\n")
		assert.Contains(t, out, tc.msg, tc.cmd)
		assert.Contains(t, out, "Fen: rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", "position kept after %q", tc.cmd)
	}
}

func TestBadCommands(t *testing.T) {
	out := runScript(t, "xyzzy\ngo perft\ngo perft -3\ngo perft x\nisready\n")
	assert.Contains(t, out, `info string error: unknown command "xyzzy"`)
	assert.Contains(t, out, `info string error: go perft needs a depth`)
	assert.Contains(t, out, `info string error: go perft depth "-3" is not a number from 1 to 20`)
	assert.True(t, strings.HasSuffix(out, "readyok\n"))
}

func TestLongLineIsSkipped(t *testing.T) {
	long := "position startpos moves " + strings.Repeat("e2e4 ", MaxLineLength/5+10)
	out := runPiped(t, long+"\nisready\n")
	assert.Contains(t, out, "info string error: input line longer than")
	assert.True(t, strings.HasSuffix(out, "readyok\n"))
}

func TestLastLineWithoutNewline(t *testing.T) {
	assert.Equal(t, "readyok\n", runPiped(t, "isready"))
	assert.Equal(t, "readyok\n", runPiped(t, "\r\n\n  isready  \r\n"))
}

// Options may change while a perft or a bench runs: neither uses the
// engine. A GUI that switched the variant right after a perft's last line
// was refused when the perft had not quite returned.
func TestOptionsChangeBesideAPerft(t *testing.T) {
	var out safeBuffer
	s := NewSession(&out)
	s.Execute("go perft 5")
	s.Execute("setoption name UCI_Variant value chameleon")
	s.Execute("setoption name Hash value 32")
	s.stopJob()
	assert.NotContains(t, out.String(), "cannot change during a search")
	assert.Equal(t, "chameleon", s.variant.Name())
	assert.Equal(t, 32, s.settings.HashMB)
}

// An option a GUI may change during a search (UCI_ShowWDL) is kept and
// reaches the engine at the next "go".
func TestShowWDLSetDuringASearchAppliesNext(t *testing.T) {
	var out safeBuffer
	s := NewSession(&out)
	s.Execute("go infinite")
	s.Execute("setoption name UCI_ShowWDL value true")
	s.Execute("stop")
	assert.NotContains(t, out.String(), "error")
	s.Execute("go depth 2")
	<-s.job.done
	assert.Contains(t, out.String(), " wdl ")
}

// genfens is a job: isready is answered while it runs, stop ends it at
// once, and the session goes on; in a variant it is an unknown command.
func TestGenFENsIsAJob(t *testing.T) {
	var out safeBuffer
	s := NewSession(&out)
	s.Execute("genfens 1000000 seed 1")
	s.Execute("isready")
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(out.String(), "genfens ") && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	start := time.Now()
	s.Execute("stop")
	assert.Less(t, time.Since(start), time.Second, "stop ends genfens at once")
	s.Execute("isready")
	got := out.String()
	assert.Equal(t, 2, strings.Count(got, "readyok\n"))
	n := strings.Count(got, "info string genfens ")
	assert.Greater(t, n, 0)
	assert.Less(t, n, 1000000)
	assert.NotContains(t, got, "error")

	out2 := runScript(t, "setoption name UCI_Variant value stratego\ngenfens 3\n")
	assert.Contains(t, out2, `info string error: unknown command "genfens"`)
}
