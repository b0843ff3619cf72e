package eval

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/movegen"
)

func TestScorePacking(t *testing.T) {
	for _, mg := range []int{-3000, -1, 0, 1, 2999} {
		for _, eg := range []int{-3000, -1, 0, 1, 2999} {
			s := S(mg, eg)
			require.Equal(t, mg, s.MG(), "S(%d,%d)", mg, eg)
			require.Equal(t, eg, s.EG(), "S(%d,%d)", mg, eg)
			require.Equal(t, S(mg*3, eg*3), s*3)
			require.Equal(t, S(mg-7, eg+5), s+S(-7, 5))
		}
	}
}

// mirror flips the board top to bottom and swaps the colors, side to move,
// castling and en passant: the same position seen from the other side.
func mirror(t *testing.T, fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swap := func(s string) string {
		var b strings.Builder
		for _, c := range s {
			switch {
			case c >= 'a' && c <= 'z':
				b.WriteRune(c - 'a' + 'A')
			case c >= 'A' && c <= 'Z':
				b.WriteRune(c - 'A' + 'a')
			default:
				b.WriteRune(c)
			}
		}
		return b.String()
	}
	side := map[string]string{"w": "b", "b": "w"}[f[1]]
	castling := swap(f[2])
	ep := f[3]
	if ep != "-" {
		ep = string(ep[0]) + map[byte]string{'3': "6", '6': "3"}[ep[1]]
	}
	if castling != "-" { // upper case first, as FEN writes it
		upper, lower := "", ""
		for _, c := range castling {
			if c >= 'A' && c <= 'Z' {
				upper += string(c)
			} else {
				lower += string(c)
			}
		}
		castling = upper + lower
	}
	return strings.Join([]string{swap(strings.Join(ranks, "/")), side, castling, ep, "0", "1"}, " ")
}

var evalPositions = []string{
	movegen.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"2r3k1/1p2q1pp/2b1pr2/p1pp4/6Q1/1P1PP1R1/P1PN2PP/5RK1 w - - 0 1",
	"8/8/p2p3p/3k2p1/PP6/3K1P1P/8/8 b - - 0 1",
	"4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
	"6k1/5ppp/8/8/8/8/5PPP/3B2K1 b - - 0 1",
	"r1bq1rk1/pp2ppbp/2np2p1/2n5/P3PP2/N1P2N2/1PB3PP/R1B1QRK1 b - - 0 1",
}

// TestColorSymmetry: a position and its color-flipped mirror get the same
// evaluation for the side to move. Any asymmetry is a bug in a term.
func TestColorSymmetry(t *testing.T) {
	var e Evaluator
	for _, fen := range evalPositions {
		p, err := movegen.ParseFEN(fen)
		require.NoError(t, err)
		m := mirror(t, fen)
		q, err := movegen.ParseFEN(m)
		require.NoError(t, err, m)
		assert.Equal(t, e.Evaluate(p.Board()), e.Evaluate(q.Board()), "%s vs %s", fen, m)
		// The breakdown's terms swap colors too.
		a, b := Explain(p.Board()), Explain(q.Board())
		for term := Term(0); term < NumTerms; term++ {
			if term == TermTempo {
				continue
			}
			assert.Equal(t, a.Terms[term][movegen.White], b.Terms[term][movegen.Black], "%s %v", fen, term)
		}
	}
}

// evalFEN is the side to move's evaluation of fen.
func evalFEN(t *testing.T, fen string) int {
	t.Helper()
	p, err := movegen.ParseFEN(fen)
	require.NoError(t, err)
	var e Evaluator
	return e.Evaluate(p.Board())
}

func TestEvaluationSanity(t *testing.T) {
	eval := func(fen string) int { return evalFEN(t, fen) }
	start := eval(movegen.StartFEN)
	assert.InDelta(t, 0, start, 40, "start position is about equal")
	// An extra queen is worth a lot; a lone extra bishop cannot win.
	assert.Greater(t, eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), 700)
	assert.InDelta(t, 0, eval("4k3/8/8/8/8/8/8/4KB2 w - - 0 1"), 30)
	// Passed pawns are worth more as they advance.
	assert.Greater(t, eval("4k3/8/1P6/8/8/8/8/4K3 w - - 0 1"), eval("4k3/8/8/8/8/1P6/8/4K3 w - - 0 1"))
	// The side to move's view: the same position is good for White, bad for Black.
	assert.Less(t, eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"), -700)
}

// The parts the eval command prints combine, by the documented taper
// (docs/EVAL.md), into the score the search uses: the terms' sum, blended
// by Phase with the endgame part scaled, plus the mate drive, from the side
// to move's view. Includes a scaled ending and a mate-drive ending.
func TestExplainMatchesEvaluate(t *testing.T) {
	var e Evaluator
	fens := append([]string{
		"8/8/4k3/8/2b5/8/3B1P2/4K3 w - - 0 1", // opposite bishops: scaled
		"8/8/8/4k3/8/8/8/4K2Q b - - 0 1",      // a bare king: the mate drive
	}, evalPositions...)
	scaled, driven := false, false
	for _, fen := range fens {
		p, err := movegen.ParseFEN(fen)
		require.NoError(t, err)
		b := Explain(p.Board())
		var sum Score
		for _, term := range b.Terms {
			sum += term[0] - term[1]
		}
		white := (sum.MG()*b.Phase+sum.EG()*(MaxPhase-b.Phase)*b.Scale/ScaleNormal)/MaxPhase + b.MateDrive
		want := white
		if p.SideToMove() == movegen.Black {
			want = -white
		}
		assert.Equal(t, want, e.Evaluate(p.Board()), fen)
		assert.Equal(t, white, b.White, fen)
		scaled = scaled || b.Scale != ScaleNormal
		driven = driven || b.MateDrive != 0
	}
	assert.True(t, scaled && driven, "the positions exercise the scale and the mate drive")
}

func TestEvaluateDoesNotAllocate(t *testing.T) {
	var e Evaluator
	p, _ := movegen.ParseFEN(evalPositions[1])
	assert.Zero(t, testing.AllocsPerRun(100, func() { e.Evaluate(p.Board()) }))
}

func TestSlotsAndSource(t *testing.T) {
	slots := Slots()
	require.Len(t, slots, NumSlots)
	seen := map[string]bool{}
	for i, s := range slots {
		assert.Equal(t, i, s.Index)
		assert.False(t, seen[s.Name], "duplicate slot name %s", s.Name)
		seen[s.Name] = true
	}
	assert.Equal(t, "PST[Knight][e4]", slots[len(Weights.PieceValue)+2*64+28].Name)
	// Flat and the named fields are the same memory.
	p := Weights
	p.Flat()[len(Weights.PieceValue)+2*64+28] = S(1, 2)
	assert.Equal(t, S(1, 2), p.PST[movegen.Knight][movegen.E4])
	src, err := Weights.GoSource("// test\n")
	require.NoError(t, err)
	assert.Contains(t, string(src), "var Weights = Params{")
	assert.Regexp(t, `\n\tTempo: +S\(`, string(src))
}

func BenchmarkEvaluate(b *testing.B) {
	var e Evaluator
	p, _ := movegen.ParseFEN(evalPositions[1])
	b.ReportAllocs()
	for b.Loop() {
		e.Evaluate(p.Board())
	}
}

// TestMateDrive: against a bare king, a corner is worse for it than the
// centre and a near enemy king worse than a far one, for either colour.
func TestMateDrive(t *testing.T) {
	eval := func(fen string) int { return evalFEN(t, fen) }
	// The piece-square tables alone make these differences under 30 cp.
	assert.Greater(t, eval("k7/8/8/8/8/8/8/1R2K3 w - - 0 1")-eval("8/8/8/3k4/8/8/8/1R2K3 w - - 0 1"), 60)
	assert.Greater(t, eval("8/8/8/8/8/8/2K4Q/k7 w - - 0 1")-eval("8/8/8/8/8/8/6KQ/k7 w - - 0 1"), 30)
	assert.Greater(t, eval("r3k3/8/8/8/8/8/8/7K b - - 0 1")-eval("r3k3/8/8/8/3K4/8/8/8 b - - 0 1"), 60)
	// Not with material on both sides, nor with only a minor piece.
	p, _ := movegen.ParseFEN("k7/p7/8/8/8/8/8/1R2K3 w - - 0 1")
	assert.Zero(t, MateDrive(p.Board()))
	p, _ = movegen.ParseFEN("k7/8/8/8/8/8/8/B3K3 w - - 0 1")
	assert.Zero(t, MateDrive(p.Board()))
}
