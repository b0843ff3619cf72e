package book

import (
	"fmt"
	"strconv"
	"testing"

	"tempest/movegen"
)

// Positions chosen by hand: en passant where the capture is legal, where a
// pawn stands beside but is pinned or the king is in check, and where no
// pawn stands beside; castling rights partly lost.
var handSamples = []sample{
	{fen: "4k3/8/8/r2pP2K/8/8/8/8 w - - 0 1", ep: movegen.D6},         // e5 may not take: rank pin
	{fen: "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", ep: movegen.D6},        // legal capture
	{fen: "4k3/8/8/3p3P/8/8/8/4K3 w - - 0 1", ep: movegen.D6},         // no pawn beside
	{fen: "4k3/4r3/8/3pP3/8/8/8/4K3 w - - 0 1", ep: movegen.D6},       // e5 pinned on the file
	{fen: "8/8/2B5/8/3Pp3/5k2/8/4K3 b - - 0 1", ep: movegen.D3},       // e4 pinned on the diagonal
	{fen: "8/8/8/8/k2Pp2R/8/8/4K3 b - - 0 1", ep: movegen.D3},         // rank pin, Black to move
	{fen: "8/8/8/8/3pP3/8/8/k3K3 b - e3 0 1", ep: movegen.E3},         // legal, Black to move
	{fen: "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", ep: movegen.NoSquare}, // partial rights
	{fen: "r3k2r/8/8/8/8/8/8/R3K2R b Qk - 0 1", ep: movegen.NoSquare}, // partial rights
	{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ep: movegen.NoSquare},
}

// TestKeyMatchesOracle checks Key and KeyWithEnPassant against
// python-chess's zobrist_hash on every position of random games, and so
// proves the table of random numbers.
func TestKeyMatchesOracle(t *testing.T) {
	games, plies := 200, 120
	if testing.Short() {
		games = 60
	}
	samples := append(randomGames(1, games, plies), handSamples...)
	// Per sample, two FENs for the oracle: as Tempest writes it (for Key)
	// and with the step's square (for KeyWithEnPassant); mostly the same.
	var lines []string
	index := map[string]int{}
	ask := func(fen string) int {
		i, ok := index[fen]
		if !ok {
			i = len(lines)
			index[fen] = i
			lines = append(lines, fen)
		}
		return i
	}
	type question struct{ plain, full int }
	questions := make([]question, len(samples))
	for i, s := range samples {
		questions[i] = question{ask(s.fen), ask(s.oracleFEN())}
	}
	answers := oracle(t, "", lines)

	var epHashed, epNoPawn, epIllegal, partial, black, failures int
	for i, s := range samples {
		pos := s.position(t)
		want := func(line int) uint64 {
			v, err := strconv.ParseUint(answers[line][0], 16, 64)
			if err != nil {
				t.Fatalf("oracle line %d: %v", line, err)
			}
			return v
		}
		key, full := Key(pos), KeyWithEnPassant(pos, s.ep)
		if w := want(questions[i].plain); key != w {
			failures++
			t.Errorf("Key(%s) = %016x, python-chess %016x", s.fen, key, w)
		}
		if w := want(questions[i].full); full != w {
			failures++
			t.Errorf("KeyWithEnPassant(%s, %s) = %016x, python-chess %016x", s.fen, s.ep, full, w)
		}
		if failures > 10 {
			t.Fatal("too many failures")
		}
		plain := KeyWithEnPassant(pos, movegen.NoSquare)
		switch {
		case s.ep == movegen.NoSquare:
		case pos.EnPassant() != movegen.NoSquare:
			epHashed++
		case full == plain:
			epNoPawn++
		default:
			epIllegal++
			if altEnPassant(pos)&s.ep.Bit() == 0 {
				t.Errorf("%s: the step to %s is not among the alternatives Entries probes", s.fen, s.ep)
			}
		}
		if c := pos.Castling(); c != movegen.NoCastling && c != movegen.AllCastling {
			partial++
		}
		if pos.SideToMove() == movegen.Black {
			black++
		}
	}
	t.Logf("%d positions: en passant hashed %d, step without a pawn beside %d, beside but illegal %d; partial castling rights %d; Black to move %d",
		len(samples), epHashed, epNoPawn, epIllegal, partial, black)
	if epHashed < 20 || epNoPawn < 50 || epIllegal < 4 || partial < 500 || black < len(samples)/3 {
		t.Errorf("the positions do not cover the cases well enough")
	}
}

// TestKeyStartPosition checks the key the format's description gives for
// the start position and after 1.e4, 1.e4 d5 (hashed en passant is absent:
// no pawn beside) and 1.e4 d5 2.e5 f5 (hashed: e5 stands beside f5).
func TestKeyStartPosition(t *testing.T) {
	for _, tc := range []struct {
		fen string
		ep  movegen.Square
		key uint64
	}{
		{movegen.StartFEN, movegen.NoSquare, 0x463b96181691fc9c},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", movegen.E3, 0x823c9b50fd114196},
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", movegen.D6, 0x0756b94461c50fb0},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", movegen.F6, 0x22a48b5a8e47ff78},
	} {
		pos, err := movegen.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := Key(pos); got != tc.key {
			t.Errorf("Key(%s) = %016x, want %016x", tc.fen, got, tc.key)
		}
		if got := KeyWithEnPassant(pos, tc.ep); got != tc.key {
			t.Errorf("KeyWithEnPassant(%s) = %016x, want %016x", tc.fen, got, tc.key)
		}
	}
}

func TestKeyAllocatesNothing(t *testing.T) {
	pos := movegen.NewStartPosition()
	if n := testing.AllocsPerRun(100, func() { _ = Key(pos) }); n != 0 {
		t.Errorf("Key allocates %v times per call", n)
	}
}

func BenchmarkKey(b *testing.B) {
	pos := movegen.NewStartPosition()
	var sink uint64
	for b.Loop() {
		sink ^= Key(pos)
	}
	_ = fmt.Sprint(sink)
}
