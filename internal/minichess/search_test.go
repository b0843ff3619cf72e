package minichess

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"
)

type mateCase struct {
	fen       string
	mate      int
	solutions string // pyffish's, in sorted order
}

// mateCases are mates the search must find; the oracle test checks with
// pyffish that these are the only mates of that length and none is shorter.
var mateCases = []mateCase{
	{"k4/2K2/5/5/4R w - - 0 1", 1, "e1a1"},
	{"r4/5/3k1/5/4K b - - 0 1", 1, "a5a1"},
	{"k4/5/2K2/5/4R w - - 0 1", 2, "c3b3 c3c4"},
	{"2bNk/r1p1p/pPP1p/P1P1K/R1BQ1 w - - 3 11", 2, "b3a4"},
	{"1nbqk/P1p2/2Pp1/1P1P1/R1BK1 b - - 2 11", 2, "d5e4"},
	{"2k2/4p/p3P/1pNPK/1qB2 b - - 0 24", 2, "b2c1q b2c1r"},
}

func TestSearchFindsMates(t *testing.T) {
	for _, c := range mateCases {
		p := mustParse(t, c.fen)
		var depths []int
		best, info := Search(context.Background(), p, 2*c.mate+1, 0, func(i Info) { depths = append(depths, i.Depth) })
		if !slices.Contains(strings.Fields(c.solutions), best.String()) || info.Mate != c.mate {
			t.Errorf("%s: %s, mate %d; want one of %q, mate %d", c.fen, best, info.Mate, c.solutions, c.mate)
		}
		if info.Score != mateScore-(2*c.mate-1) || len(info.PV) != 2*c.mate-1 || info.PV[0] != best {
			t.Errorf("%s: score %d, PV %v", c.fen, info.Score, info.PV)
		}
		checkLine(t, p, info.PV)
		if len(depths) == 0 || depths[len(depths)-1] != info.Depth {
			t.Errorf("%s: reports at depths %v, result at %d", c.fen, depths, info.Depth)
		}
		for i, d := range depths {
			if d != i+1 {
				t.Errorf("%s: reports at depths %v, want 1, 2, ...", c.fen, depths)
				break
			}
		}
		p.Play(best)
		for _, m := range info.PV[1:] {
			p.Play(m)
		}
		if _, _, reason := p.Status(); reason != "checkmate" {
			t.Errorf("%s: the PV %v ends in %q", c.fen, info.PV, reason)
		}
	}
}

// checkLine fails t unless every move of line is legal where it is played.
func checkLine(t *testing.T, p Position, line []Move) {
	t.Helper()
	for _, m := range line {
		if !slices.Contains(p.Legal(), m) {
			t.Errorf("%v: %s is not legal at %s", line, m, p.FEN())
			return
		}
		p.Play(m)
	}
}

func TestSearchBeingMated(t *testing.T) {
	// Black's one move, Ka4, allows Ra1 mate.
	p := mustParse(t, "k4/5/2K2/5/4R w - - 0 1")
	play(t, &p, "c3c4")
	_, info := Search(context.Background(), p, 4, 0, nil)
	if info.Mate != -1 {
		t.Errorf("%s: mate %d, want -1 (mated after its one move)", p.FEN(), info.Mate)
	}
}

func TestSearchStopsAtOnce(t *testing.T) {
	p := mustParse(t, StartFEN)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	called := false
	best, info := Search(ctx, p, 0, 0, func(Info) { called = true })
	if !slices.Contains(p.Legal(), best) || info.Depth != 0 || called {
		t.Errorf("cancelled search: %s, depth %d, reported %v; want a legal move, depth 0, no report", best, info.Depth, called)
	}
	best, info = Search(context.Background(), p, 0, 1, nil)
	if !slices.Contains(p.Legal(), best) || info.Depth != 0 || info.Nodes != 1 {
		t.Errorf("one-node search: %s, depth %d, %d nodes", best, info.Depth, info.Nodes)
	}
	mated := mustParse(t, "k4/1Q3/1K3/5/5 b - - 0 1")
	if best, _ := Search(context.Background(), mated, 3, 0, nil); best != (Move{}) {
		t.Errorf("a mated side's search plays %s", best)
	}
}

func TestSearchRespectsContext(t *testing.T) {
	p := mustParse(t, StartFEN)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	best, info := Search(ctx, p, 0, 0, nil)
	// The clock is generous because the machine may be busy; an ignored
	// context would run to depth 64.
	if elapsed := time.Since(start); elapsed > 5*time.Second {
		t.Errorf("the search took %v after a 100ms deadline", elapsed)
	}
	if !slices.Contains(p.Legal(), best) {
		t.Errorf("the search returned %s, not a legal move", best)
	}
	checkLine(t, p, info.PV)
}

func TestSearchLimitsAndDeterminism(t *testing.T) {
	p := mustParse(t, "r2qk/p1ppp/P1bPP/1Pp1Q/R1B1K w - - 0 7")
	best1, info1 := Search(context.Background(), p, 4, 0, nil)
	best2, info2 := Search(context.Background(), p, 4, 0, nil)
	if best1 != best2 || info1.Nodes != info2.Nodes || info1.Depth != 4 {
		t.Errorf("two depth-4 searches: %s %+v and %s %+v", best1, info1, best2, info2)
	}
	checkLine(t, p, info1.PV)
	_, info := Search(context.Background(), p, 0, 2000, nil)
	if info.Nodes != 2000 {
		t.Errorf("a 2000-node search counted %d nodes", info.Nodes)
	}
}

func TestSearchTakesFreeMaterial(t *testing.T) {
	// The black queen on c3 stands where the b2 and d2 pawns take it: a
	// queen for a pawn whatever follows.
	p := mustParse(t, "1nb1k/ppppp/2q2/PP1PP/RNBQK w - - 0 1")
	if best, _ := Search(context.Background(), p, 3, 0, nil); best.String() != "b2c3" && best.String() != "d2c3" {
		t.Errorf("%s: plays %s, not a pawn taking the queen", p.FEN(), best)
	}
}

// TestSearchMatesAgainstPyffish checks that the positions of the mate tests
// have the mates they claim, by pyffish, and that Search plays one of
// them and reports its length.
func TestSearchMatesAgainstPyffish(t *testing.T) {
	t.Parallel()
	answers := askEach[mateCase, struct{ Solutions, Shorter []string }](t, mateCases,
		func(c mateCase) map[string]any { return map[string]any{"mate": c.fen, "n": c.mate} })
	for i, c := range mateCases {
		want := answers[i]
		if len(want.Shorter) > 0 || !slices.Equal(want.Solutions, strings.Fields(c.solutions)) {
			t.Errorf("%s: pyffish's mates in %d: %v (shorter: %v), the test says %q", c.fen, c.mate, want.Solutions, want.Shorter, c.solutions)
		}
		p, err := Parse(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		best, info := Search(context.Background(), p, 2*c.mate+1, 0, nil)
		if !slices.Contains(want.Solutions, best.String()) || info.Mate != c.mate {
			t.Errorf("%s: Search plays %s, mate %d; pyffish's mates in %d: %v", c.fen, best, info.Mate, c.mate, want.Solutions)
		}
	}
}

func TestSearchAllocatesPerSearchNotPerNode(t *testing.T) {
	p := mustParse(t, StartFEN)
	// The searcher and each depth's PV: a few allocations whatever the nodes.
	if n := testing.AllocsPerRun(1, func() { Search(context.Background(), p, 4, 0, nil) }); n > 10 {
		t.Errorf("a depth-4 search allocates %.0f times", n)
	}
}
