package protocol

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/game"
	"tempest/movegen"
	"tempest/tt"
)

// live is a session running on its own goroutine, driven line by line the
// way a GUI drives the engine.
type live struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
}

func startLive(t *testing.T) *live {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	l := &live{t: t, in: inW, lines: make(chan string, 10000), done: make(chan error, 1)}
	go func() {
		err := NewSession(outW).Run(inR)
		outW.Close()
		l.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			l.lines <- sc.Text()
		}
		close(l.lines)
	}()
	t.Cleanup(func() { inW.Close() })
	return l
}

func (l *live) send(lines ...string) {
	for _, line := range lines {
		_, err := io.WriteString(l.in, line+"\n")
		require.NoError(l.t, err)
	}
}

// expect reads lines until one starts with prefix and returns it, failing if
// none arrives in time (a liveness bound, not a speed measurement).
func (l *live) expect(prefix string, within time.Duration) string {
	l.t.Helper()
	deadline := time.After(within)
	for {
		select {
		case line, ok := <-l.lines:
			if !ok {
				l.t.Fatalf("output ended while waiting for %q", prefix)
			}
			if strings.HasPrefix(line, prefix) {
				return line
			}
		case <-deadline:
			l.t.Fatalf("no %q within %v", prefix, within)
		}
	}
}

// quiet asserts that nothing starting with prefix arrives for a while.
func (l *live) quiet(prefix string, d time.Duration) {
	l.t.Helper()
	deadline := time.After(d)
	for {
		select {
		case line := <-l.lines:
			if strings.HasPrefix(line, prefix) {
				l.t.Fatalf("unexpected %q", line)
			}
		case <-deadline:
			return
		}
	}
}

// legalIn parses a bestmove line and checks the move against the position.
func legalIn(t *testing.T, bestmove, fen string, chess960 bool) movegen.Move {
	t.Helper()
	fields := strings.Fields(bestmove)
	require.GreaterOrEqual(t, len(fields), 2, bestmove)
	pos, err := movegen.ParseFEN(fen)
	require.NoError(t, err)
	m, err := pos.ParseUCIMove(fields[1], chess960)
	require.NoError(t, err, "bestmove %q in %s", bestmove, fen)
	return m
}

const waitLong = 10 * time.Second

func TestUCIOptionsDeclared(t *testing.T) {
	out := runScript(t, "uci\n")
	for _, o := range Options() {
		assert.Contains(t, out, "option name "+o.Name+" type ", o.Name)
	}
	assert.Contains(t, out, fmt.Sprintf("option name Hash type spin default 16 min 1 max %d\n", tt.MaxMB()))
	assert.Contains(t, out, "option name UCI_Variant type combo default chess var "+strings.Join(variantNames(), " var ")+"\n")
	assert.Contains(t, out, " var chess var chessmate ")
	assert.Contains(t, out, "option name Clear Hash type button\n")
}

func TestSetOption(t *testing.T) {
	out := runScript(t, strings.Join([]string{
		"setoption name Hash value 0",
		"setoption name Threads value many",
		"setoption name Nonsense value 3",
		"setoption name MultiPV",
		"setoption name ponder value TRUE",
		"setoption name UCI_Variant value shogi",
		"setoption name Clear Hash",
		"setoption value 3",
		"isready",
	}, "\n")+"\n")
	assert.Contains(t, out, fmt.Sprintf("info string option Hash value 0 is outside 1..%d; using 1", tt.MaxMB()))
	assert.Contains(t, out, `info string error: option Threads needs a whole number from 1 to 512, not "many"`)
	assert.Contains(t, out, `info string error: unknown option "Nonsense"`)
	assert.Contains(t, out, "info string error: option MultiPV needs a value")
	assert.Contains(t, out, "info string error: option UCI_Variant must be one of "+strings.Join(variantNames(), ", ")+`, not "shogi"`)
	assert.Contains(t, out, `info string error: setoption needs "name <option> [value <value>]"`)
	assert.NotContains(t, out, "ponder value") // names are case-insensitive: no error
	assert.True(t, strings.HasSuffix(out, "readyok\n"))
}

// TestGoAlwaysAnswers: a "go" with missing, malformed, negative, zero or
// huge values still gets exactly one bestmove; what was changed is said in
// an info string (issue 14, "every go gets exactly one bestmove").
func TestGoAlwaysAnswers(t *testing.T) {
	for _, tc := range []struct{ cmd, note string }{
		{"go depth", "info string go depth needs a number; ignored"},
		{"go depth x", `info string go depth needs a number, not "x"; ignored`},
		{"go depth 0", "info string go depth 0 is out of range; using 1"},
		{"go depth -7", "info string go depth -7 is out of range; using 1"},
		{"go depth 100000 movetime 200", "info string go depth 100000 is out of range; using 127"},
		{"go wtime -5 btime 100", "info string go wtime -5 is out of range; using 0"},
		{"go wtime 0 btime 0", ""},
		{"go wtime 99999999999999999999 btime 1 depth 3", "is out of range; using 1099511627776"},
		{"go wtime 1000 winc -50 btime 1000", "info string go winc -50 is out of range; using 0"},
		{"go btime 1000", "info string go: no clock given for the side to move; using 100 ms"},
		{"go wtime 1000 movestogo 0", "info string go movestogo 0 is not positive; ignored"},
		{"go wtime 1000 movestogo -3", "info string go movestogo -3 is not positive; ignored"},
		{"go wtime 1000 movestogo 99999999", ""},
		{"go nodes 0", "info string go nodes 0 is out of range; using 1"},
		{"go nodes -1", "info string go nodes -1 is out of range; using 1"},
		{"go movetime 0", "info string go movetime 0 is out of range; using 1"},
		{"go movetime -100", "info string go movetime -100 is out of range; using 1"},
		{"go mate 0 depth 3", "info string go mate 0 is out of range; using 1"},
		{"go nodes 10 frobnicate", `info string go: unknown parameter "frobnicate" ignored`},
		{"go searchmoves e2e5 depth 2", `info string go searchmoves: move "e2e5": illegal in this position; ignored`},
		{"go frobnicate", "info string go: no usable limit left; searching for 1000 ms"},
	} {
		out := runScript(t, "position startpos\n"+tc.cmd+"\nisready\n")
		assert.Equal(t, 1, strings.Count(out, "bestmove "), "%s: exactly one bestmove\n%s", tc.cmd, out)
		if tc.note != "" {
			assert.Contains(t, out, tc.note, tc.cmd)
		}
		assert.NotContains(t, out, "error", tc.cmd)
		assert.True(t, strings.HasSuffix(out, "readyok\n"), tc.cmd)
		best := strings.Fields(out[strings.Index(out, "bestmove "):])[1]
		legalIn(t, "bestmove "+best, movegen.StartFEN, false)
	}
}

func TestGoWithoutPositionUsesStartpos(t *testing.T) {
	l := startLive(t)
	l.send("go depth 4")
	legalIn(t, l.expect("bestmove", waitLong), movegen.StartFEN, false)
}

func TestSearchLimitsAndInfo(t *testing.T) {
	l := startLive(t)
	fen := "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	l.send("position fen "+fen, "go depth 6")
	info := l.expect("info depth 6 ", waitLong)
	for _, field := range []string{" seldepth ", " multipv 1 ", " score cp ", " nodes ", " nps ", " hashfull ", " time ", " pv "} {
		assert.Contains(t, info, field)
	}
	legalIn(t, l.expect("bestmove", waitLong), fen, false)

	l.send("go nodes 5000")
	legalIn(t, l.expect("bestmove", waitLong), fen, false)
	l.send("go movetime 100")
	legalIn(t, l.expect("bestmove", waitLong), fen, false)
	l.send("go wtime 1000 btime 1000 winc 10 binc 10 movestogo 5")
	legalIn(t, l.expect("bestmove", waitLong), fen, false)
}

func TestSearchMovesAndMultiPV(t *testing.T) {
	l := startLive(t)
	l.send("position startpos", "go depth 5 searchmoves a2a3 h2h3")
	best := l.expect("bestmove", waitLong)
	assert.Contains(t, []string{"a2a3", "h2h3"}, strings.Fields(best)[1])

	l.send("setoption name MultiPV value 3", "go depth 5")
	first := map[string]bool{}
	for i := 1; i <= 3; i++ {
		line := l.expect("info depth 5 ", waitLong)
		assert.Contains(t, line, " multipv ")
		pv := strings.Fields(line[strings.Index(line, " pv ")+4:])
		first[pv[0]] = true
	}
	assert.Len(t, first, 3, "three distinct first moves")
	l.expect("bestmove", waitLong)
}

func TestStopInfiniteAndIsReadyMidSearch(t *testing.T) {
	l := startLive(t)
	l.send("position startpos", "go infinite")
	l.quiet("bestmove", 300*time.Millisecond) // infinite: no answer before stop
	l.send("isready")
	l.expect("readyok", waitLong)
	l.send("stop")
	legalIn(t, l.expect("bestmove", waitLong), movegen.StartFEN, false)
	l.send("stop") // idle: nothing
	l.send("isready")
	l.quiet("bestmove", 100*time.Millisecond)
}

func TestPositionAndNewGameDuringSearch(t *testing.T) {
	l := startLive(t)
	l.send("position startpos", "go infinite")
	time.Sleep(50 * time.Millisecond)
	// position while searching: takes effect for the next search only.
	l.send("position startpos moves e2e4")
	l.send("ucinewgame") // stops the search, which answers
	legalIn(t, l.expect("bestmove", waitLong), movegen.StartFEN, false)
	l.send("go depth 3")
	legalIn(t, l.expect("bestmove", waitLong), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", false)
}

func TestPonder(t *testing.T) {
	l := startLive(t)
	l.send("setoption name Ponder value true", "position startpos moves e2e4", "go ponder wtime 60000 btime 60000")
	l.quiet("bestmove", 300*time.Millisecond)
	l.send("ponderhit")
	line := l.expect("bestmove", waitLong)
	legalIn(t, line, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", false)
	assert.Contains(t, line, " ponder ", "with Ponder on, bestmove names the expected reply")

	l.send("go ponder wtime 60000 btime 60000")
	l.quiet("bestmove", 200*time.Millisecond)
	l.send("stop")
	l.expect("bestmove", waitLong)
}

func TestNoLegalMove(t *testing.T) {
	l := startLive(t)
	l.send("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "go depth 5")
	assert.Equal(t, "bestmove 0000", l.expect("bestmove", waitLong))
	l.send("position fen 7k/5Q2/8/8/8/8/8/4K3 b - - 0 1", "go infinite")
	l.quiet("bestmove", 100*time.Millisecond)
	l.send("stop")
	assert.Equal(t, "bestmove 0000", l.expect("bestmove", waitLong))
}

func TestMateScoreReported(t *testing.T) {
	l := startLive(t)
	l.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "go depth 4")
	assert.Contains(t, l.expect("info depth 4 ", waitLong), " score mate 1 ")
	assert.Equal(t, "bestmove a1a8", l.expect("bestmove", waitLong))
	// No mate exists for Black: "go mate" searches on until another limit.
	l.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1", "go mate 3 movetime 200")
	l.expect("bestmove", waitLong)
}

func TestChess960Output(t *testing.T) {
	l := startLive(t)
	fen := "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1"
	l.send("setoption name UCI_Chess960 value true", "position fen "+fen+" moves e1b1", "d")
	l.expect("Fen: 1r2k1r1/8/8/8/8/8/8/2KR2R1 b kq - 1 1", waitLong)
}

func TestQuitAndEOFDuringSearch(t *testing.T) {
	for _, end := range []string{"quit", "EOF"} {
		l := startLive(t)
		l.send("go infinite")
		time.Sleep(50 * time.Millisecond)
		if end == "quit" {
			l.send("quit")
		} else {
			l.in.Close()
		}
		select {
		case err := <-l.done:
			assert.NoError(t, err)
		case <-time.After(waitLong):
			t.Fatalf("session did not end after %s", end)
		}
	}
}

func TestEvalCommand(t *testing.T) {
	out := runScript(t, "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\neval\n")
	for _, term := range []string{"Material", "Piece-square", "Pawns", "Mobility", "King safety", "Threats", "Passed pawns", "Tempo", "Final evaluation:"} {
		assert.Contains(t, out, term)
	}
}

func TestLongMoveList(t *testing.T) {
	// 1000 plies of knights going out and back.
	moves := strings.Repeat("g1f3 g8f6 f3g1 f6g8 ", 250)
	l := startLive(t)
	l.send("position startpos moves "+moves, "go depth 3")
	line := l.expect("bestmove", waitLong)
	legalIn(t, line, movegen.StartFEN, false)
}

// TestOptionsDocumented keeps docs/PROTOCOL.md in step with the option table:
// each option's row names its type, default and range.
func TestOptionsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../docs/PROTOCOL.md")
	require.NoError(t, err)
	for _, o := range Options() {
		row := ""
		for _, line := range strings.Split(string(doc), "\n") {
			if strings.HasPrefix(line, "| `"+o.Name+"` |") {
				row = line
			}
		}
		if !assert.NotEmpty(t, row, "option %s has no row in docs/PROTOCOL.md", o.Name) {
			continue
		}
		assert.Contains(t, row, "| "+game.KindNames[o.Kind]+" |", o.Name)
		if o.Default != "" {
			assert.Contains(t, row, "| "+o.Default+" |", o.Name)
		}
		switch {
		case o.Name == "Hash": // its maximum is the machine's
			assert.Contains(t, row, fmt.Sprintf("| %d..machine |", o.Min), o.Name)
		case o.Kind == Spin:
			assert.Contains(t, row, fmt.Sprintf("| %d..%d |", o.Min, o.Max), o.Name)
		}
	}
}

// The GUI decides when a game ends: moves after a draw by rule (here a
// dead position, then a threefold repetition) are still played through
// "position", while the rules service's "play" refuses them.
func TestPositionPlaysOnAfterADrawByRule(t *testing.T) {
	out := runScript(t, strings.Join([]string{
		"position fen 8/P7/8/8/8/8/8/k6K w - - 0 1 moves a7a8n a1b2 a8b6",
		"d",
		"position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e4",
		"d",
		"position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8",
		"play e2e4",
		"isready",
	}, "\n")+"\n")
	assert.NotContains(t, out, "of the move list")
	assert.Contains(t, out, "Fen: 8/8/1N6/8/8/8/1k6/7K b - - 2 2")
	assert.Contains(t, out, "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 5")
	assert.Contains(t, out, `info string error: move "e2e4": the game is over (threefold repetition)`)
}
