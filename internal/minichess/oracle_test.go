package minichess

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"sync"
	"testing"
)

// The tests in this file hold the package to pyffish, Fairy-Stockfish's
// move generator as a Python module (variant "gardner"), through
// testdata/pyffish_oracle.py.

// pyffishPython returns the Python that has pyffish, skipping t when
// TEMPEST_PYTHON is unset or cannot import it. It asks Python once.
func pyffishPython(t *testing.T) string {
	t.Helper()
	pyffishCheck.Do(func() {
		pyffishPath = os.Getenv("TEMPEST_PYTHON")
		if pyffishPath == "" {
			pyffishSkip = "TEMPEST_PYTHON is unset: the pyffish oracle tests need a Python with pyffish (make test sets it)"
			return
		}
		if out, err := exec.Command(pyffishPath, "-c", "import pyffish").CombinedOutput(); err != nil {
			pyffishSkip = fmt.Sprintf("%s cannot import pyffish (pip install -r testdata/requirements.txt): %v\n%s", pyffishPath, err, out)
		}
	})
	if pyffishSkip != "" {
		t.Skip(pyffishSkip)
	}
	return pyffishPath
}

var (
	pyffishCheck             sync.Once
	pyffishPath, pyffishSkip string
)

// askPyffish sends the requests to the oracle and returns its answer lines
// in request order, failing t unless there are want of them. A pyffish call
// costs about a millisecond, so the requests are spread over up to four
// Pythons at once.
func askPyffish(t *testing.T, want int, requests ...any) [][]byte {
	t.Helper()
	py := pyffishPython(t)
	const pythons = 4
	answers := make([][][]byte, min(pythons, len(requests)))
	errs := make([]error, len(answers))
	var wg sync.WaitGroup
	for i := range answers {
		chunk := requests[i*len(requests)/len(answers) : (i+1)*len(requests)/len(answers)]
		wg.Go(func() { answers[i], errs[i] = runOracle(py, chunk) })
	}
	wg.Wait()
	var lines [][]byte
	for i := range answers {
		if errs[i] != nil {
			t.Fatalf("pyffish oracle: %v", errs[i])
		}
		lines = append(lines, answers[i]...)
	}
	if len(lines) != want {
		t.Fatalf("pyffish oracle: %d answers, want %d", len(lines), want)
	}
	return lines
}

// runOracle runs one Python on the requests and returns its answer lines.
func runOracle(py string, requests []any) ([][]byte, error) {
	var in bytes.Buffer
	for _, r := range requests {
		line, err := json.Marshal(r)
		if err != nil {
			return nil, err
		}
		in.Write(append(line, '\n'))
	}
	cmd := exec.Command(py, "testdata/pyffish_oracle.py")
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%v\n%s", err, stderr.String())
	}
	var lines [][]byte
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		lines = append(lines, bytes.Clone(sc.Bytes()))
	}
	return lines, sc.Err()
}

// askEach asks pyffish one request per case and decodes each answer.
func askEach[C, A any](t *testing.T, cases []C, request func(C) map[string]any) []A {
	t.Helper()
	var requests []any
	for _, c := range cases {
		requests = append(requests, request(c))
	}
	answers := make([]A, len(cases))
	for i, line := range askPyffish(t, len(cases), requests...) {
		decode(t, line, &answers[i])
	}
	return answers
}

func decode(t *testing.T, line []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(line, v); err != nil {
		t.Fatalf("pyffish oracle answer %q: %v", line, err)
	}
}

type perftPosition struct {
	name, fen string
	depth     int
}

// perftPositions cover what move generation can get wrong; each is perfted
// to its depth against pyffish. A pyffish call costs about a millisecond,
// so the depths keep the calls (the interior nodes) to some 4,500 in all.
var perftPositions = []perftPosition{
	{"start", StartFEN, 4},
	{"check with a pinned blocker", "4k/3n1/2B2/5/K3R b - - 0 1", 4},
	{"promotions on both sides", "r3k/1P2P/5/3p1/1K3 w - - 0 1", 4},
	{"mates and stalemates a move away", "k4/2K2/5/5/4R w - - 0 1", 4},
	{"pawn check", "rnbqk/ppp1p/5/PPPpP/RNBQK w - - 0 1", 4},
	{"promotions by capture", "1q2k/P1P2/5/2p1p/K1B1R b - - 0 1", 4},
	{"pawns racing", "2k2/P3P/4K/1p1p1/5 w - - 0 1", 4},
	{"middlegame", "r2qk/p1ppp/P1bPP/1Pp1Q/R1B1K w - - 0 7", 4},
}

func TestPerftAgainstPyffish(t *testing.T) {
	t.Parallel()
	depth := func(pos perftPosition) int {
		if testing.Short() {
			return pos.depth - 1
		}
		return pos.depth
	}
	answers := askEach[perftPosition, struct{ Divide map[string]uint64 }](t, perftPositions,
		func(pos perftPosition) map[string]any { return map[string]any{"perft": pos.fen, "depth": depth(pos)} })
	for i, pos := range perftPositions {
		want := answers[i]
		p, err := Parse(pos.fen)
		if err != nil {
			t.Fatalf("%s: %v", pos.name, err)
		}
		var total, wantTotal uint64
		got := map[string]uint64{}
		for _, c := range Divide(p, depth(pos)) {
			got[c.Move] = c.Nodes
			total += c.Nodes
		}
		for m, n := range want.Divide {
			wantTotal += n
			if got[m] != n {
				t.Errorf("%s (%s) depth %d: %s has %d leaves, pyffish %d", pos.name, pos.fen, depth(pos), m, got[m], n)
			}
		}
		for m := range got {
			if _, ok := want.Divide[m]; !ok {
				t.Errorf("%s (%s): %s is not a legal move for pyffish", pos.name, pos.fen, m)
			}
		}
		t.Logf("%s depth %d: %d leaves, pyffish %d", pos.name, depth(pos), total, wantTotal)
	}
}

// oracleGame is a random game as pyffish played and judged it.
type oracleGame struct {
	Plies []struct {
		FEN    string
		Legal  []string
		End    string
		Result string
		Play   string
	}
}

// TestRandomGamesAgainstPyffish replays seeded random games chosen by
// pyffish and compares at every ply the FEN, the legal moves and whether
// and how the game has ended.
func TestRandomGamesAgainstPyffish(t *testing.T) {
	t.Parallel()
	starts := []struct {
		fen   string
		games int
	}{
		{StartFEN, 80},
		{"kn3/5/5/5/3NK w - - 80 41", 60}, // near the fifty-move rule
		{"r3k/1P2P/5/3p1/1K3 w - - 0 1", 60},
	}
	// Each start's games in two requests, so that they spread over Pythons.
	var requests []any
	total := 0
	for i, s := range starts {
		if testing.Short() {
			s.games /= 10
		}
		for half := range 2 {
			requests = append(requests, map[string]any{"games": s.games / 2, "seed": 20261128 + 2*i + half, "start": s.fen})
			total += s.games / 2
		}
	}
	endings := map[string]int{}
	plies := 0
	for gi, line := range askPyffish(t, total, requests...) {
		var g oracleGame
		decode(t, line, &g)
		if err := replay(g, endings); err != nil {
			t.Fatalf("game %d: %v", gi, err)
		}
		plies += len(g.Plies)
	}
	t.Logf("%d games, %d positions agree with pyffish; endings %v", total, plies, endings)
	if !testing.Short() {
		for _, reason := range []string{"checkmate", "stalemate", "fifty-move rule", "threefold repetition", "insufficient material"} {
			if endings[reason] == 0 {
				t.Errorf("no game ended by %s: the games no longer test it", reason)
			}
		}
	}
}

// replay plays g on a Position, checking each ply against pyffish's view.
func replay(g oracleGame, endings map[string]int) error {
	if len(g.Plies) == 0 {
		return fmt.Errorf("an empty game")
	}
	p, err := Parse(g.Plies[0].FEN)
	if err != nil {
		return err
	}
	for i, want := range g.Plies {
		if got := p.FEN(); got != want.FEN {
			return fmt.Errorf("ply %d: FEN %s, pyffish %s", i, got, want.FEN)
		}
		var legal []string
		for _, m := range p.Legal() {
			legal = append(legal, m.String())
		}
		slices.Sort(legal)
		if !slices.Equal(legal, want.Legal) {
			return fmt.Errorf("ply %d (%s): legal moves\n%v\npyffish\n%v", i, want.FEN, legal, want.Legal)
		}
		over, result, reason := p.Status()
		if over != (want.End != "") || result != want.Result || reason != want.End {
			return fmt.Errorf("ply %d (%s): status %v %q %q, pyffish %q %q", i, want.FEN, over, result, reason, want.Result, want.End)
		}
		if over {
			endings[reason]++
			return nil
		}
		m, err := p.ParseMove(want.Play)
		if err != nil {
			return fmt.Errorf("ply %d (%s): %v", i, want.FEN, err)
		}
		p.Play(m)
	}
	return fmt.Errorf("the game stops at %s, which is not an ending", p.FEN())
}
