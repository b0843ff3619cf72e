package protocol

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/kit"
	"tempest/tt"
)

// Regression tests for the findings of issue 14 that live in the session:
// what a hostile or merely hurried GUI sends must not crash or stall the
// engine.

// sendRaw writes text as one write, as a GUI that batches commands does.
func (l *live) sendRaw(text string) {
	_, err := io.WriteString(l.in, text)
	require.NoError(l.t, err)
}

// ended waits for the session to return from Run.
func (l *live) ended(within time.Duration) {
	l.t.Helper()
	select {
	case err := <-l.done:
		assert.NoError(l.t, err)
	case <-time.After(within):
		l.t.Fatalf("the session did not end within %v", within)
	}
}

// fakeMemory stands in for a machine with little memory for one test.
func fakeMemory(t *testing.T, m tt.Memory) {
	old := tt.ProbeMemory
	tt.ProbeMemory = func() (tt.Memory, bool) { return m, true }
	t.Cleanup(func() { tt.ProbeMemory = old })
}

// Finding 3: a Hash size the machine cannot hold is refused with an info
// string and the old table is kept; the advertised maximum fits the machine.
func TestHashBeyondMemoryIsRefused(t *testing.T) {
	fakeMemory(t, tt.Memory{Total: 1 << 30, Available: 600 << 20})
	var out strings.Builder
	s := NewSession(&out)
	s.Execute("uci")
	assert.Contains(t, out.String(), "option name Hash type spin default 16 min 1 max 512\n", "half of the memory")
	s.Execute("setoption name Hash value 65536")
	assert.Contains(t, out.String(), "info string option Hash value 65536 is outside 1..512; using 512")
	assert.Contains(t, out.String(), "info string error: option Hash: a 512 MiB table does not fit: 616 MiB of memory is available")
	assert.Equal(t, DefaultHashMB, s.engine.TableMB(), "the old table stays")
	assert.Equal(t, "16", s.findOption("Hash").value, "the option keeps its old value")

	s.Execute("setoption name Hash value 128")
	assert.Equal(t, 128, s.engine.TableMB(), "a size that fits is taken")
	s.Execute("position startpos")
	s.Execute("go depth 3")
	<-s.job.done
	assert.Contains(t, out.String(), "bestmove ")
}

func TestHashMaximumFitsTheMachine(t *testing.T) {
	m, ok := tt.ProbeMemory()
	if !ok {
		t.Skip("memory cannot be measured here")
	}
	max := 0
	for _, o := range Options() {
		if o.Name == "Hash" {
			max = o.Max
		}
	}
	assert.LessOrEqual(t, uint64(max)<<20, m.Total/2+1<<20, "at most half the memory")
	assert.GreaterOrEqual(t, max, DefaultHashMB)
}

// Finding 4: a ponderhit that arrives with "go ponder" in one write, before
// the search goroutine has started, is not lost.
func TestPonderHitInTheSameWrite(t *testing.T) {
	l := startLive(t)
	for i := 0; i < 20; i++ {
		l.sendRaw("position startpos moves e2e4\ngo ponder wtime 300 btime 300\nponderhit\n")
		l.expect("bestmove", 5*time.Second)
	}
}

// Finding 5: card chess searches several sampled worlds; a ponderhit must
// reach every one of them.
func TestCardChessPonderHit(t *testing.T) {
	l := startLive(t)
	l.send("setoption name UCI_Variant value chessmate", "position startpos seed 3 moves e2e4")
	for _, gap := range []time.Duration{0, 150 * time.Millisecond} {
		l.send("go ponder wtime 2000 btime 2000")
		time.Sleep(gap)
		if gap > 0 {
			l.quiet("bestmove", 50*time.Millisecond)
		}
		l.send("ponderhit")
		l.expect("bestmove", 10*time.Second)
	}
}

// Finding 6 and the class: quit and the end of input end every job at once,
// whatever the game and whatever the job.
func TestQuitAndEOFEndEveryJob(t *testing.T) {
	jobs := []struct{ name, setup, start, answer string }{
		{"chess infinite", "position startpos", "go infinite", "bestmove"},
		{"chess deep depth", "position startpos", "go depth 60", "bestmove"},
		{"chess perft", "position startpos", "go perft 9", ""},
		{"bench", "", "bench 40", ""},
		{"card chess", "setoption name UCI_Variant value chessmate\nposition startpos seed 1", "go depth 60", "bestmove"},
		{"card chess perft", "setoption name UCI_Variant value chessmate\nposition startpos seed 1", "go perft 10", ""},
		{"chameleon depth", "setoption name UCI_Variant value chameleon\nposition startpos", "go depth 60", "bestmove"},
		{"chameleon nodes", "setoption name UCI_Variant value chameleon\nposition startpos", "go nodes 4000000000", "bestmove"},
		{"chameleon perft", "setoption name UCI_Variant value chameleon\nposition startpos", "go perft 10", ""},
		{"stratego", "setoption name UCI_Variant value stratego\nposition startpos seed 2", "go depth 60", "bestmove"},
		{"stratego perft", "setoption name UCI_Variant value stratego\nposition startpos seed 2", "go perft 10", ""},
	}
	for _, j := range jobs {
		for _, end := range []string{"quit", "EOF"} {
			t.Run(j.name+" "+end, func(t *testing.T) {
				l := startLive(t)
				if j.setup != "" {
					l.send(strings.Split(j.setup, "\n")...)
				}
				l.send(j.start, "isready")
				l.expect("readyok", 5*time.Second) // read while the job runs
				if end == "quit" {
					l.send("quit")
				} else {
					l.in.Close()
				}
				l.ended(5 * time.Second)
				if j.answer != "" {
					l.expect(j.answer, time.Second) // a stopped search still answers
				}
			})
		}
	}
}

// Finding 7: bench and variant perft run beside the command loop: isready
// is answered and stop ends them.
func TestBenchAndVariantPerftAreJobs(t *testing.T) {
	for _, tc := range []struct{ setup, start, stopped string }{
		{"", "bench 40", "info string bench stopped before it finished"},
		{"setoption name UCI_Variant value chameleon", "go perft 9", "info string perft stopped before it finished"},
		{"setoption name UCI_Variant value stratego", "go perft 9", "info string perft stopped before it finished"},
		{"setoption name UCI_Variant value chessmate", "go perft 9", "info string perft stopped before it finished"},
	} {
		l := startLive(t)
		if tc.setup != "" {
			l.send(tc.setup)
		}
		l.send("position startpos", tc.start, "isready")
		l.expect("readyok", 5*time.Second)
		l.send("stop")
		l.expect(tc.stopped, 5*time.Second)
		l.send("isready")
		l.expect("readyok", 5*time.Second)
	}
}

// Finding 8: inside loadpgn, stop, isready and quit are commands, not
// record text.
func TestLoadPGNDuringSearchReadsControlCommands(t *testing.T) {
	l := startLive(t)
	l.send("position startpos", "go infinite", "loadpgn", "[Event \"x\"]", "isready")
	l.expect("readyok", 5*time.Second)
	l.send("stop")
	l.expect("bestmove", 5*time.Second)
	l.send("", "1. e4 e5 *", "endpgn")
	l.expect("loadpgn ok moves 2", 5*time.Second)

	l.send("loadpgn", "[Event \"x\"]", "quit")
	l.expect("info string error: loadpgn: quit before endpgn; the record is not loaded", 5*time.Second)
	l.ended(5 * time.Second)
}

// Finding 15: a record line beyond the input limit fails the whole load,
// and the end of input inside a record says so.
func TestLoadPGNWithAnOverlongLine(t *testing.T) {
	long := "{" + strings.Repeat("x", MaxLineLength+10) + "}"
	out := runPiped(t, "position startpos moves d2d4\nloadpgn\n[Event \"x\"]\n\n"+long+"\n1. e4 *\nendpgn\nstate\n")
	assert.Contains(t, out, "info string error: loadpgn: a record line is longer than")
	assert.Contains(t, out, "info string error: loadpgn: the record is not loaded: it has a line longer than")
	assert.NotContains(t, out, "loadpgn ok")
	assert.Contains(t, out, "state position rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n")

	out = runPiped(t, "loadpgn\n[Event \"x\"]\n\n1. e4")
	assert.Contains(t, out, "info string error: loadpgn: the input ended before endpgn; the record is not loaded")
}

// Finding 18: d and eval describe the current game after a variant switch.
func TestDisplayAndEvalFollowTheVariant(t *testing.T) {
	out := runScript(t, "position startpos moves e2e4\nsetoption name UCI_Variant value chameleon\nd\neval\n")
	assert.Contains(t, out, "Variant: chameleon\n")
	assert.Contains(t, out, "Position: a1h8 ")
	assert.NotContains(t, out, "Fen: ", "no chess board after the switch")
	assert.Contains(t, out, "info string error: eval: the term-by-term evaluation exists for chess only; UCI_Variant is chameleon")
	assert.NotContains(t, out, "Final evaluation")

	out = runScript(t, "setoption name UCI_Variant value chameleon\nsetoption name UCI_Variant value chess\nd\neval\n")
	assert.Contains(t, out, "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	assert.Contains(t, out, "Final evaluation")
}

// Finding 18: no diagnostic echoes a client's huge token in full.
func TestErrorLinesAreBounded(t *testing.T) {
	huge := strings.Repeat("Q", 5000)
	for _, cmd := range []string{
		huge,
		"position fen " + huge + " w - - 0 1",
		"position startpos moves " + huge,
		"setoption name " + huge + " value 1",
		"setoption name Threads value " + huge,
		"go " + huge,
		"go depth " + huge,
		"play " + huge,
		"setoption name UCI_Variant value chessmate\nposition fen " + huge,
		"setoption name UCI_Variant value chameleon\nposition fen a1h8 " + huge + " r 0 0",
		"setoption name UCI_Variant value stratego\nposition fen " + huge,
		"loadpgn\n[Event \"" + huge + "\"]\n1. " + huge + " *\nendpgn",
	} {
		out := runScript(t, cmd+"\nisready\n")
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, "info string") {
				assert.LessOrEqual(t, len(line), 500, "%.60s: %.200s", cmd, line)
			}
		}
		assert.True(t, strings.HasSuffix(out, "readyok\n"), "%.60s", cmd)
	}
}

// Finding 18: a lone carriage return ends a line.
func TestCarriageReturnLineEndings(t *testing.T) {
	out := runPiped(t, "position startpos moves e2e4\rd\risready\r")
	assert.Contains(t, out, "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	assert.True(t, strings.HasSuffix(out, "readyok\n"))
	// "\r\n" is still one line ending, not an extra empty line in a record.
	out = runPiped(t, "loadpgn\r\n[Event \"x\"]\r\n\r\n1. e4 *\r\nendpgn\r\n")
	assert.Contains(t, out, "loadpgn ok moves 1")
}

// Finding 18: bench's depth is a whole number.
func TestBenchArguments(t *testing.T) {
	for _, cmd := range []string{"bench 1abc", "bench 0", "bench 65", "bench 1 2", "bench -1"} {
		out := runScript(t, cmd+"\nisready\n")
		assert.Contains(t, out, "info string error: bench ", cmd)
		assert.NotContains(t, out, " nodes ", "%s must not run", cmd)
	}
	out := runScript(t, "bench 1\n")
	assert.Regexp(t, `(?m)^\d+ nodes \d+ nps$`, out)
}

// Finding 18: lowering Threads frees the dropped workers.
func TestLoweringThreadsFreesMemory(t *testing.T) {
	heap := func() uint64 {
		var m runtime.MemStats
		for i := 0; i < 3; i++ {
			runtime.GC()
		}
		runtime.ReadMemStats(&m)
		return m.HeapInuse
	}
	var out strings.Builder
	s := NewSession(&out)
	before := heap()
	s.Execute("setoption name Threads value 256")
	grown := heap()
	s.Execute("setoption name Threads value 1")
	after := heap()
	require.Greater(t, grown, before+(32<<20), "256 workers take memory")
	assert.Less(t, after, before+(grown-before)/10, fmt.Sprintf("heap %d MiB before, %d with 256 threads, %d after going back to 1",
		before>>20, grown>>20, after>>20))
	runtime.KeepAlive(s)
}

// An infinite or pondering search that reaches its depth limit still holds
// its answer until stop or ponderhit, as UCI requires, in every game.
func TestInfiniteAndPonderHoldTheAnswerAtTheirLimit(t *testing.T) {
	for _, setup := range []string{
		"position startpos",
		"setoption name UCI_Variant value chessmate\nposition startpos seed 4",
		"setoption name UCI_Variant value chameleon\nposition startpos",
		"setoption name UCI_Variant value stratego\nposition startpos seed 4",
	} {
		for _, tc := range []struct{ goCmd, release string }{
			{"go infinite depth 2", "stop"},
			{"go ponder depth 2", "ponderhit"},
			{"go ponder nodes 500", "stop"},
		} {
			l := startLive(t)
			l.send(strings.Split(setup, "\n")...)
			l.send(tc.goCmd)
			l.quiet("bestmove", 400*time.Millisecond)
			l.send(tc.release)
			l.expect("bestmove", 5*time.Second)
			l.send("isready")
			l.expect("readyok", 5*time.Second)
		}
	}
}

// TestEveryGoAnswersInEveryGame: the class of findings 4-7 and 9. Whatever
// values a "go" carries, in every game it gets exactly one bestmove, in
// bounded time, with a legal token (or "(none)" when it cannot search).
func TestEveryGoAnswersInEveryGame(t *testing.T) {
	params := []string{"depth", "depth x", "depth 0", "depth -3", "nodes 0", "nodes -1", "movetime 0",
		"movetime -50", "wtime -100 btime -100", "wtime 0 btime 0 winc 0 binc 0", "time 0 inc 0",
		"wtime 99999999999999999999 btime 99999999999999999999 depth 2", "btime 300", "wtime 300", "time 300 inc -5",
		"movestogo 0 wtime 300 btime 300", "movestogo -5 wtime 300 btime 300",
		"movestogo 99999999 wtime 300 btime 300", "mate 0 depth 2", "frobnicate", "searchmoves zz depth 2",
		"depth 2 searchmoves", "nodes 99999999999999999999 movetime 100"}
	for _, setup := range []string{
		"position startpos moves e2e4",
		"setoption name UCI_Variant value chessmate\nposition startpos seed 4 moves e2e4",
		"setoption name UCI_Variant value chameleon\nposition startpos",
		"setoption name UCI_Variant value stratego\nposition startpos seed 4 moves a3a4",
	} {
		l := startLive(t)
		l.send(strings.Split(setup, "\n")...)
		l.send("legalmoves")
		legal := strings.Fields(l.expect("legalmoves", 5*time.Second))[1:]
		for _, p := range params {
			l.send("go " + p)
			best := strings.Fields(l.expect("bestmove", 10*time.Second))[1]
			assert.Contains(t, legal, best, "%s: go %s", setup, p)
			l.send("isready")
			l.expect("readyok", 5*time.Second)
			l.quiet("bestmove", 20*time.Millisecond)
		}
	}
}

// The advertised option defaults are in force before any setoption: a GUI
// that sets nothing still gets Move Overhead's 30 ms (and with it the clock
// reserve); before, the chess engine ran with no overhead at all until some
// search option was set, and drained its clock at 1+0.01.
func TestDefaultsInForceWithoutSetoption(t *testing.T) {
	s := NewSession(io.Discard)
	opts := s.engine.Settings()
	for _, o := range s.options {
		switch o.Name {
		case "Move Overhead":
			assert.Equal(t, o.Default, fmt.Sprint(opts.MoveOverhead.Milliseconds()), "Move Overhead")
		case "Threads":
			assert.Equal(t, o.Default, fmt.Sprint(opts.Threads), "Threads")
		case "MultiPV":
			assert.Equal(t, o.Default, fmt.Sprint(opts.MultiPV), "MultiPV")
		case "Contempt":
			assert.Equal(t, o.Default, fmt.Sprint(opts.Contempt), "Contempt")
		case "Hash":
			assert.Equal(t, o.Default, fmt.Sprint(s.engine.TableMB()), "Hash")
		}
	}
	assert.Equal(t, kit.FullStrength, opts.Level.Kind)
}
