package minichess

import (
	"slices"
	"strings"
	"testing"
)

func mustParse(t testing.TB, fen string) Position {
	t.Helper()
	p, err := Parse(fen)
	if err != nil {
		t.Fatalf("Parse(%q): %v", fen, err)
	}
	return p
}

// play makes the moves given in UCI form, each of which must be legal.
func play(t testing.TB, p *Position, moves string) {
	t.Helper()
	for _, token := range strings.Fields(moves) {
		m, err := p.ParseMove(token)
		if err != nil {
			t.Fatalf("%s: %v", p.FEN(), err)
		}
		p.Play(m)
	}
}

// TestStartPerft holds the start position to the counts pyffish 0.0.90
// gives (legal_moves("gardner", ...) counted recursively), so that it
// needs no Python.
func TestStartPerft(t *testing.T) {
	p := mustParse(t, StartFEN)
	for depth, want := range []uint64{1, 7, 53, 506, 4775, 52512} {
		if got := Perft(p, depth); got != want {
			t.Errorf("perft %d: %d, pyffish %d", depth, got, want)
		}
	}
}

func TestDivideSortedAndSumsToPerft(t *testing.T) {
	p := mustParse(t, StartFEN)
	counts := Divide(p, 3)
	var moves []string
	var sum uint64
	for _, c := range counts {
		moves = append(moves, c.Move)
		sum += c.Nodes
	}
	// The start position's moves by pyffish.
	want := []string{"a2a3", "b1a3", "b1c3", "b2b3", "c2c3", "d2d3", "e2e3"}
	if !slices.Equal(moves, want) || sum != 506 {
		t.Errorf("Divide(start, 3) moves %v sum %d, want %v and 506", moves, sum, want)
	}
}

func TestParseRejects(t *testing.T) {
	for _, c := range []struct{ fen, want string }{
		{"", "want 2 to 6 fields"},
		{"rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1 extra", "want 2 to 6 fields"},
		{"rnbqk/ppppp/5/PPPPP w - - 0 1", "want 5 ranks"},
		{"rnbqk/ppppp/5/PPPPP/RNBQK/5 w - - 0 1", "want 5 ranks"},
		{"rnbqk/pppp/5/PPPPP/RNBQK w - - 0 1", `rank 4 "pppp": want 5 squares, got 4`},
		{"rnbqk/pppppp/5/PPPPP/RNBQK w - - 0 1", `rank 4 "pppppp": want 5 squares, got more`},
		{"rnbqk/ppppp/6/PPPPP/RNBQK w - - 0 1", "unknown piece '6'"},
		{"rnbqk/ppppp/5/PPPPP/RNBQX w - - 0 1", "unknown piece 'X'"},
		{"rnbq1/ppppp/5/PPPPP/RNBQK w - - 0 1", "black has 0 kings"},
		{"rnbqk/ppppp/5/PPPPP/RNKQK w - - 0 1", "white has 2 kings"},
		{"rnbqP/ppppp/5/PPPPP/RNBQK w - - 0 1", "pawn on e5"},
		{"rnbqk/ppppp/5/PPPPP/pNBQK w - - 0 1", "pawn on a1"},
		{"rnbqk/ppppp/5/PPPPP/RNBQK x - - 0 1", `side to move "x"`},
		{"rnbqk/ppppp/5/PPPPP/RNBQK w KQkq - 0 1", "no castling"},
		{"rnbqk/ppppp/5/PPPPP/RNBQK w - a3 0 1", "en passant"},
		{"rnbqk/ppppp/5/PPPPP/RNBQK w - - -1 1", "halfmove clock"},
		{"rnbqk/ppppp/5/PPPPP/RNBQK w - - x 1", "halfmove clock"},
		{"rnbqk/ppppp/5/PPPPP/RNBQK w - - 1234567 1", "at most six digits"},
		{"rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 0", "move number \"0\": want at least 1"},
		{"rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 +1", "move number"},
		{"r3k/5/5/5/K4 b - - 0 1", "the side not to move (white) is in check"},
		{"k3R/5/5/5/4K w - - 0 1", "the side not to move (black) is in check"},
	} {
		_, err := Parse(c.fen)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want an error containing %q", c.fen, err, c.want)
		}
	}
}

func TestParseAcceptsShortFENs(t *testing.T) {
	for fen, want := range map[string]string{
		"rnbqk/ppppp/5/PPPPP/RNBQK w":       StartFEN,
		"rnbqk/ppppp/5/PPPPP/RNBQK b - -":   "rnbqk/ppppp/5/PPPPP/RNBQK b - - 0 1",
		"rnbqk/ppppp/5/PPPPP/RNBQK w - - 7": "rnbqk/ppppp/5/PPPPP/RNBQK w - - 7 1",
		"k4/5/2K2/5/4R  w  -  -  12  40":    "k4/5/2K2/5/4R w - - 12 40",
		"k4/5/2K2/5/4R w - - 000012 000040": "k4/5/2K2/5/4R w - - 12 40",
	} {
		p := mustParse(t, fen)
		if got := p.FEN(); got != want {
			t.Errorf("Parse(%q).FEN() = %q, want %q", fen, got, want)
		}
	}
}

func TestFENFollowsPyffish(t *testing.T) {
	// pyffish.get_fen("gardner", StartFEN, moves) for these moves.
	p := mustParse(t, StartFEN)
	play(t, &p, "b1c3 b5a3 c3b1")
	if got, want := p.FEN(), "r1bqk/ppppp/n4/PPPPP/RNBQK b - - 3 2"; got != want {
		t.Errorf("after b1c3 b5a3 c3b1: %s, pyffish %s", got, want)
	}
	play(t, &p, "a3b5 b2b3")
	if got, want := p.FEN(), "rnbqk/ppppp/1P3/P1PPP/RNBQK b - - 0 3"; got != want {
		t.Errorf("after a3b5 b2b3: %s, want %s", got, want)
	}
}

func TestParseMove(t *testing.T) {
	p := mustParse(t, "r3k/1P2P/5/3p1/1K3 w - - 0 1")
	for _, token := range []string{"b4b5q", "b4b5r", "b4b5b", "b4b5n", "b4a5q", "b1c2"} {
		if m, err := p.ParseMove(token); err != nil || m.String() != token {
			t.Errorf("ParseMove(%s) = %v, %v", token, m, err)
		}
	}
	for token, want := range map[string]string{
		"b4b5":   "b4b5 is not legal here",
		"b4b5k":  "promotion 'k' is not q, r, b or n",
		"a1a2":   "a1a2 is not legal here",
		"f2f3":   `"f2f3" is not a move on a 5x5 board`,
		"a0a1":   `"a0a1" is not a move on a 5x5 board`,
		"b1b6":   `"b1b6" is not a move on a 5x5 board`,
		"0000":   `"0000" is not a move on a 5x5 board`,
		"":       `"" is not a move`,
		"b1b2xx": `"b1b2xx" is not a move`,
		"B1B2":   "is not a move on a 5x5 board",
		"a\nb1":  `"a\nb1" is not a move`,
	} {
		if _, err := p.ParseMove(token); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseMove(%q) = %v, want an error containing %q", token, err, want)
		}
	}
}

func TestMoveZeroValue(t *testing.T) {
	var m Move
	if m.String() != "0000" {
		t.Errorf("zero Move prints %q", m)
	}
	p := mustParse(t, StartFEN)
	p.Play(m) // ignored
	if p.FEN() != StartFEN {
		t.Errorf("Play(zero Move) changed the position to %s", p.FEN())
	}
}

func TestPositionCopiesAreIndependent(t *testing.T) {
	p := mustParse(t, StartFEN)
	play(t, &p, "b1c3 b5a3 c3b1 a3b5")
	q := p
	play(t, &q, "b1c3 b5a3 c3b1 a3b5")
	if over, _, _ := p.Status(); over {
		t.Error("a copy's moves counted in the original's repetitions")
	}
	if over, _, reason := q.Status(); !over || reason != "threefold repetition" {
		t.Errorf("the copy: %v %q, want a threefold repetition", over, reason)
	}
}

func TestStatus(t *testing.T) {
	// Each case's ending is pyffish's: game_result for positions without
	// moves, is_optional_game_end for the fifty-move rule, and
	// has_insufficient_material (true for both sides) for material.
	for _, c := range []struct{ fen, result, reason string }{
		{StartFEN, "*", ""},
		{"k4/1Q3/1K3/5/5 b - - 0 1", "1-0", "checkmate"},
		{"4K/3q1/3k1/5/5 w - - 0 1", "0-1", "checkmate"},
		{"k4/2Q2/1K3/5/5 b - - 0 1", "1/2-1/2", "stalemate"},
		{"k4/1Q3/1K3/5/5 b - - 100 1", "1-0", "checkmate"}, // mate outranks the fifty-move rule
		{"k4/2Q2/1K3/5/5 b - - 100 1", "1/2-1/2", "stalemate"},
		{"k4/5/5/5/3RK w - - 99 60", "*", ""},
		{"k4/5/5/5/3RK w - - 100 60", "1/2-1/2", "fifty-move rule"},
		{"k4/5/5/5/4K w - - 0 1", "1/2-1/2", "insufficient material"},
		{"k4/5/5/5/3BK w - - 0 1", "1/2-1/2", "insufficient material"},
		{"k4/5/5/5/3NK w - - 0 1", "1/2-1/2", "insufficient material"},
		{"k4/5/5/5/1B1BK w - - 0 1", "1/2-1/2", "insufficient material"}, // bishops on one colour
		{"kb3/5/5/5/3BK w - - 0 1", "1/2-1/2", "insufficient material"},
		{"k4/5/5/5/2NNK w - - 0 1", "*", ""},
		{"k4/5/5/5/2BBK w - - 0 1", "*", ""},
		{"k1b2/5/5/5/3BK w - - 0 1", "*", ""},
		{"kn3/5/5/5/3BK w - - 0 1", "*", ""},
		{"kn3/5/5/5/3NK w - - 0 1", "*", ""},
		{"k4/5/5/5/2BNK w - - 0 1", "*", ""},
		{"k4/1p3/5/5/3NK w - - 0 1", "*", ""},
		{"kr3/5/5/5/3BK w - - 0 1", "*", ""},
	} {
		p := mustParse(t, c.fen)
		over, result, reason := p.Status()
		if over != (c.reason != "") || result != c.result || reason != c.reason {
			t.Errorf("%s: Status %v %q %q, want %q %q", c.fen, over, result, reason, c.result, c.reason)
		}
	}
}

func TestThreefoldRepetition(t *testing.T) {
	// pyffish's is_optional_game_end turns true at the eighth ply of this
	// knight dance, the start position's third occurrence.
	p := mustParse(t, StartFEN)
	moves := strings.Fields("b1c3 b5a3 c3b1 a3b5 b1c3 b5a3 c3b1 a3b5")
	for i, m := range moves {
		play(t, &p, m)
		over, _, reason := p.Status()
		if want := i == len(moves)-1; over != want {
			t.Errorf("after %d plies: over %v %q, want %v", i+1, over, reason, want)
		}
	}
	if _, result, reason := p.Status(); result != "1/2-1/2" || reason != "threefold repetition" {
		t.Errorf("after the dance: %q %q", result, reason)
	}
}

func TestDisplay(t *testing.T) {
	p := mustParse(t, "r3k/1P2P/5/3p1/1K3 b - - 0 1")
	want := []string{
		"5  r . . . k",
		"4  . P . . P",
		"3  . . . . .",
		"2  . . . p .",
		"1  . K . . .",
		"   a b c d e  black to move",
	}
	if got := p.Display(); !slices.Equal(got, want) {
		t.Errorf("Display:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestInCheckAndSide(t *testing.T) {
	p := mustParse(t, "rnbqk/ppp1p/5/PPPpP/RNBQK w - - 0 1")
	if !p.InCheck() || !p.WhiteToMove() {
		t.Errorf("%s: in check %v, white to move %v", p.FEN(), p.InCheck(), p.WhiteToMove())
	}
	play(t, &p, "c1d2")
	if p.InCheck() || p.WhiteToMove() {
		t.Errorf("after c1d2: in check %v, white to move %v", p.InCheck(), p.WhiteToMove())
	}
}

func TestLegalDoesNotAllocateBeyondItsSlice(t *testing.T) {
	p := mustParse(t, StartFEN)
	if n := testing.AllocsPerRun(100, func() { Perft(p, 3) }); n != 0 {
		t.Errorf("Perft allocates %.0f times", n)
	}
	if n := testing.AllocsPerRun(100, func() { p.Legal() }); n > 1 {
		t.Errorf("Legal allocates %.0f times, want at most 1 (its result)", n)
	}
}

func FuzzParse(f *testing.F) {
	f.Add(StartFEN)
	f.Add("r3k/1P2P/5/3p1/1K3 w - - 0 1")
	f.Add("4k/3n1/2B2/5/K3R b - - 0 1")
	f.Add("k4/5/5/5/R3K b - - 0 1")
	f.Add("rnbqk/ppppp/5/PPPPP/RNBQK w - - 999999 999999")
	f.Add("5/5/5/5/5 w")
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := Parse(fen)
		if err != nil {
			return
		}
		q, err := Parse(p.FEN())
		if err != nil || q != p {
			t.Fatalf("%q reads back from %q as %v, %v", fen, p.FEN(), q.FEN(), err)
		}
		// What Parse accepts the rest of the package handles.
		p.Status()
		for _, m := range p.Legal() {
			c := p
			c.Play(m)
			c.FEN()
		}
	})
}
