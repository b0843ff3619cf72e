package movegen

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/movegen/internal/rays"
)

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func play(t *testing.T, p *Position, uciMoves ...string) {
	t.Helper()
	for _, text := range uciMoves {
		m, err := p.ParseUCIMove(text, false)
		require.NoError(t, err, text)
		var u Undo
		p.Make(m, &u)
	}
}

func TestRepetition(t *testing.T) {
	p := NewStartPosition()
	cycle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	assert.Equal(t, 1, p.RepetitionCount())
	play(t, p, cycle...)
	assert.True(t, p.IsRepetition())
	assert.Equal(t, 2, p.RepetitionCount())
	assert.Equal(t, Ongoing, p.Outcome())
	play(t, p, cycle...)
	assert.Equal(t, 3, p.RepetitionCount())
	assert.Equal(t, ThreefoldRepetition, p.Outcome())
	play(t, p, cycle...)
	play(t, p, cycle...)
	assert.Equal(t, 5, p.RepetitionCount())
	assert.Equal(t, FivefoldRepetition, p.Outcome())

	// A pawn move makes earlier positions unreachable.
	play(t, p, "e2e4")
	assert.Equal(t, 1, p.RepetitionCount())

	// Castling rights are part of the position: after the kings have moved
	// and come back, the position differs from the one with rights.
	q := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	play(t, q, "e1f1", "e8f8", "f1e1", "f8e8")
	assert.False(t, q.IsRepetition())
	play(t, q, "e1f1", "e8f8", "f1e1", "f8e8")
	assert.True(t, q.IsRepetition())
}

func TestNullMoveHidesEarlierRepetitions(t *testing.T) {
	p := NewStartPosition()
	play(t, p, "g1f3", "g8f6", "f3g1", "f6g8")
	require.True(t, p.IsRepetition())
	var u Undo
	p.MakeNull(&u)
	p.UnmakeNull(&u)
	assert.True(t, p.IsRepetition(), "unmake restores the history")
	// Black loses a tempo with a null move and triangulates back: the
	// position after e1d1 e8d8 recurs, but only across the null move, which
	// search must not count as a repetition.
	k := mustFEN(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
	play(t, k, "e1d1", "e8d8")
	before := k.FEN()
	k.MakeNull(&u)
	play(t, k, "d8e8", "d1e1", "e8d7", "e1d1", "d7d8")
	require.Equal(t, before[:20], k.FEN()[:20])
	assert.False(t, k.IsRepetition(), "no repetition across a null move")
}

func TestFiftyMoveRule(t *testing.T) {
	p := mustFEN(t, "4k3/8/8/8/8/8/8/4K2R w - - 99 80")
	play(t, p, "h1h2")
	assert.True(t, p.IsFiftyMoveDraw())
	assert.Equal(t, FiftyMoveRule, p.Outcome())
	// Mate on the hundredth ply wins all the same.
	mate := mustFEN(t, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80")
	play(t, mate, "a1a8")
	assert.Equal(t, Checkmate, mate.Outcome())
	assert.Equal(t, SeventyFiveMoveRule, mustFEN(t, "4k3/8/8/8/8/8/8/4K2R w - - 150 200").Outcome())
}

func TestInsufficientMaterial(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		dead bool
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true},
		{"4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true},
		{"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true},
		{"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true},   // bishops on same-colored squares
		{"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", false},  // bishops on both colors can mate
		{"4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", false}, // opposite colors: a helpmate exists
		{"4kn2/8/8/8/8/8/8/4KN2 w - - 0 1", false},
		{"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false},
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false},
		{"4k3/8/8/8/8/8/8/4K2R w - - 0 1", false},
	} {
		assert.Equal(t, tc.dead, mustFEN(t, tc.fen).IsInsufficientMaterial(), tc.fen)
	}
	assert.Equal(t, InsufficientMaterial, mustFEN(t, "4k3/8/8/8/8/8/8/4KN2 w - - 0 1").Outcome())
	assert.Equal(t, Stalemate, mustFEN(t, "7k/5Q2/8/8/8/8/8/4K3 b - - 0 1").Outcome())
}

// TestEnPassantOnlyWhenLegal: the square is recorded only when a capture
// is possible, so the key does not distinguish identical positions.
func TestEnPassantOnlyWhenLegal(t *testing.T) {
	p := NewStartPosition()
	play(t, p, "e2e4")
	assert.Equal(t, NoSquare, p.EnPassant())
	q := mustFEN(t, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1")
	play(t, q, "e2e4")
	assert.Equal(t, E3, q.EnPassant())
	// Pinned along the rank through both pawns: the capture is illegal.
	r := mustFEN(t, "8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1")
	play(t, r, "e2e4")
	assert.Equal(t, NoSquare, r.EnPassant())
}

func TestMakeUnmakeRestoresEverything(t *testing.T) {
	for _, fen := range []string{StartFEN, kiwipete, "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"} {
		p := mustFEN(t, fen)
		before := *p
		var buf [MaxMoves]Move
		for _, m := range p.GenLegal(buf[:]) {
			var u Undo
			p.Make(m, &u)
			require.NoError(t, p.consistencyError(), "%s after %v", fen, m)
			p.Unmake(m, &u)
			before.history = p.history // Make writes the slot of the next ply
			require.Equal(t, before, *p, "%s after %v", fen, m)
		}
	}
}

func TestGeneratorKindsPartitionLegalMoves(t *testing.T) {
	for _, fen := range []string{StartFEN, kiwipete, "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "4k3/4r3/8/8/8/8/8/R3K3 w Q - 0 1"} {
		p := mustFEN(t, fen)
		var a, b, c, d [MaxMoves]Move
		all := p.GenLegal(a[:])
		noisy := p.GenNoisy(b[:])
		quiet := p.GenQuiet(c[:])
		assert.Len(t, all, p.CountLegal(), fen)
		assert.ElementsMatch(t, all, append(append([]Move{}, noisy...), quiet...), fen)
		for _, m := range noisy {
			assert.True(t, m.IsPromotion() || m.IsEnPassant() || p.Piece(m.To()) != NoPiece, "%s: %v is not noisy", fen, m)
		}
		if p.InCheck() {
			assert.ElementsMatch(t, all, p.GenEvasions(d[:]), fen)
		} else {
			assert.Empty(t, p.GenEvasions(d[:]), fen)
		}
	}
}

func TestSliderAttacksMatchRays(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20000; i++ {
		occ := rng.Uint64() & rng.Uint64()
		s := Square(rng.IntN(64))
		require.Equal(t, Bitboard(rays.Attacks(int(s), occ, rays.Rook)), RookAttacks(s, Bitboard(occ)))
		require.Equal(t, Bitboard(rays.Attacks(int(s), occ, rays.Bishop)), BishopAttacks(s, Bitboard(occ)))
	}
	assert.Equal(t, C1.Bit()|D1.Bit(), Between(B1, E1))
	assert.Equal(t, Rank1, Line(B1, E1))
	assert.Equal(t, Bitboard(0), Line(A1, B3))
	assert.Equal(t, B2.Bit()|C3.Bit(), Between(A1, D4))
}

func TestHotPathDoesNotAllocate(t *testing.T) {
	p := mustFEN(t, kiwipete)
	var buf [MaxMoves]Move
	moves := p.GenLegal(buf[:])
	var u Undo
	allocs := testing.AllocsPerRun(100, func() {
		var b [MaxMoves]Move
		for _, m := range moves {
			p.Make(m, &u)
			p.GenLegal(b[:])
			p.GenNoisy(b[:])
			p.CountLegal()
			p.Unmake(m, &u)
		}
		p.IsRepetition()
	})
	assert.Zero(t, allocs, "generation or make/unmake allocates")
}

func BenchmarkGenLegal(b *testing.B) {
	p := mustFEN(b, kiwipete)
	var buf [MaxMoves]Move
	b.ReportAllocs()
	for b.Loop() {
		p.GenLegal(buf[:])
	}
}

func BenchmarkMakeUnmake(b *testing.B) {
	p := mustFEN(b, kiwipete)
	var buf [MaxMoves]Move
	moves := p.GenLegal(buf[:])
	var u Undo
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range moves {
			p.Make(m, &u)
			p.Unmake(m, &u)
		}
	}
}

// TestIsLegalMatchesGenerator tries all 65536 move codes in positions full of
// special cases: exactly the generated moves must be legal.
func TestIsLegalMatchesGenerator(t *testing.T) {
	for _, fen := range []string{StartFEN, kiwipete, "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "4k3/4r3/8/8/8/8/8/R3K3 w Q - 0 1",
		"8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", "3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1", "2k5/4P3/8/8/8/8/8/4K3 w - - 0 1",
		"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", "8/6kR/8/8/8/bq6/1rqqqqqq/K1nqnbrq b - - 0 1"} {
		p := mustFEN(t, fen)
		var buf [MaxMoves]Move
		legal := map[Move]bool{}
		for _, m := range p.GenLegal(buf[:]) {
			legal[m] = true
		}
		for code := 0; code < 1<<16; code++ {
			m := Move(code)
			if p.IsLegal(m) != legal[m] {
				t.Fatalf("%s: IsLegal(%v, kind %d) = %v, generator says %v", fen, m, m.Kind()>>14, p.IsLegal(m), legal[m])
			}
		}
	}
}

// TestGivesCheckMatchesMake compares GivesCheck with making the move, on
// every legal move of the random games the oracle test also uses.
func TestGivesCheckMatchesMake(t *testing.T) {
	positions := []string{kiwipete, "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", "8/8/8/K2pP2q/8/8/8/7k w - d6 0 1",
		"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", "2k5/4P3/8/8/8/8/8/4K3 w - - 0 1", "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1"}
	checked := 0
	for _, fen := range positions {
		p := mustFEN(t, fen)
		// Walk a few plies of every line to see many positions.
		var walk func(depth int)
		walk = func(depth int) {
			var buf [MaxMoves]Move
			for _, m := range p.GenLegal(buf[:]) {
				want := func() bool { var u Undo; p.Make(m, &u); defer p.Unmake(m, &u); return p.InCheck() }()
				if got := p.GivesCheck(m); got != want {
					t.Fatalf("%s: GivesCheck(%v) = %v, making it gives %v", p.FEN(), m, got, want)
				}
				checked++
				if depth > 1 {
					var u Undo
					p.Make(m, &u)
					walk(depth - 1)
					p.Unmake(m, &u)
				}
			}
		}
		walk(3)
	}
	t.Logf("%d moves compared", checked)
}
