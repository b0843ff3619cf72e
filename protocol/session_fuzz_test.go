package protocol

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"tempest/tt"
)

// FuzzSessionCommands sends fuzzed command scripts to a session in each of
// the four games, as a hostile client would, and checks what must hold
// whatever was sent: nothing panics, every search "go" gets exactly one
// bestmove, isready is answered, and the position string "state" prints is
// accepted back by "position fen".
func FuzzSessionCommands(f *testing.F) {
	for _, seed := range []string{
		"position startpos moves e2e4\ngo depth 2\nplay e7e5\nlegalmoves\npgn",
		"go wtime -1 btime 99999999999999999999 movestogo 0\nstop",
		"go ponder\nponderhit\ngo searchmoves zz depth 1",
		"loadpgn\n[Event \"x\"]\nisready\n1. e4 1-0 e5\nendpgn\nstate",
		"position fen 8/8/8/8/8/8/8/K6k w - - 0 1048576 moves a1a2\nstate",
		"setoption name UCI_Variant value chessmate\nposition startpos seed 3\ngo depth 1\nplay MS:e2@RV\nview b",
		"setoption name UCI_Variant value chameleon\nposition startpos players ry\ngo nodes 500 algorithm x\nboard",
		"setoption name UCI_Variant value stratego\nposition startpos seed 2\ngo depth 1\nsetup v seed 1\ngo perft 2",
		"d\reval\r\nbench x\ngo perft 3\nstop",
		"result 0-1 White resigns\nplay e2e4\nresult *\npgn\nposition startpos\nresult 1/2-1/2",
		"position startpos moves e2e4 e7e5\nmovelist\nresult 1-0\nmovelist",
	} {
		f.Add(byte(0), seed)
		f.Add(byte(1), seed)
	}
	variantsOn := []string{"chess", "chessmate", "chameleon", "stratego"}
	bestmove := regexp.MustCompile(`(?m)^bestmove `)
	f.Fuzz(func(t *testing.T, which byte, script string) {
		// Options that would make a fuzz run slow, not wrong.
		for _, slow := range []string{"bench", "Threads", "Hash", "MultiPV", "Skill", "UCI_Elo", "LimitStrength"} {
			if strings.Contains(script, slow) {
				return
			}
		}
		old := tt.ProbeMemory
		tt.ProbeMemory = func() (tt.Memory, bool) { return tt.Memory{Total: 256 << 20, Available: 512 << 20}, true }
		defer func() { tt.ProbeMemory = old }()

		// The fuzzer has no time limit per input: a hang becomes a crash
		// report that names the script.
		watchdog := time.AfterFunc(30*time.Second, func() {
			panic(fmt.Sprintf("the session hangs on %q", script))
		})
		defer watchdog.Stop()

		var out safeBuffer
		s := NewSession(&out)
		s.Execute("setoption name UCI_Variant value " + variantsOn[int(which)%len(variantsOn)])
		searches := 0
		lines := newLineReader(strings.NewReader(script), 4096)
		for i := 0; i < 40; i++ {
			line, err := lines.next()
			if err != nil {
				if err == errLineTooLong {
					continue
				}
				break
			}
			f := strings.Fields(line)
			isGo := s.loading == nil && len(f) > 0 && f[0] == "go" && !(len(f) > 1 && f[1] == "perft")
			if !s.Execute(line) {
				break
			}
			if isGo {
				searches++
			}
			if s.job != nil {
				select {
				case <-s.job.done:
				case <-time.After(100 * time.Millisecond):
					// An infinite, pondering or deep job: stop must end it
					// at once.
					start := time.Now()
					s.stopJob()
					if d := time.Since(start); d > 2*time.Second {
						t.Fatalf("stop took %v after %q", d, line)
					}
				}
				s.stopJob()
			}
		}
		s.loading, s.loadErr = nil, "" // a record left open
		s.quit()
		if n := len(bestmove.FindAllString(out.String(), -1)); n != searches {
			t.Fatalf("%d searches, %d bestmoves:\n%s", searches, n, out.String())
		}
		mark := out.Len()
		s.Execute("isready")
		s.Execute("state")
		tail := out.String()[mark:]
		if !strings.HasPrefix(tail, "readyok\n") {
			t.Fatalf("isready not answered: %q", tail)
		}
		pos := regexp.MustCompile(`(?m)^state position (.*)$`).FindStringSubmatch(tail)
		if pos == nil {
			t.Fatalf("no state position: %q", tail)
		}
		mark = out.Len()
		s.Execute("position fen " + pos[1])
		if back := out.String()[mark:]; strings.Contains(back, "error") {
			t.Fatalf("the engine refuses its own position %q: %s", pos[1], back)
		}
	})
}

// safeBuffer collects a session's output; the job goroutines write to it.
type safeBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (b *safeBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *safeBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

func (b *safeBuffer) Len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Len()
}

// Reset forgets what was written so far.
func (b *safeBuffer) Reset() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.b.Reset()
}
