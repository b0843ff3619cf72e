package movegen

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func mustFEN(t testing.TB, fen string) *Position {
	t.Helper()
	p, err := ParseFEN(fen)
	require.NoError(t, err, fen)
	return p
}

func TestFENRoundTrip(t *testing.T) {
	for _, tc := range []struct{ in, out string }{
		{StartFEN, StartFEN},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", ""},
		// Clocks default to "0 1" when a FEN stops after the en-passant field.
		{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
		{"8/8/8/8/8/8/8/K6k b - - 7", "8/8/8/8/8/8/8/K6k b - - 7 1"},
		{"8/8/8/8/8/8/8/K6k w - - 3 0", "8/8/8/8/8/8/8/K6k w - - 3 1"},
		// Extra spaces are tolerated.
		{"  8/8/8/8/8/8/8/K6k   w  -  -  0  5 ", "8/8/8/8/8/8/8/K6k w - - 0 5"},
		// An en-passant square without a legal capture is dropped (as python-chess writes it).
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		{"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", ""},
		// Chess960: Shredder letters are read; X-FEN written.
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"},
		// X-FEN with an inner rook: the file letter says which rook.
		{"r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1", ""},
		{"rk2r3/8/8/8/8/8/8/RK2R2R w Ek - 0 1", "rk2r3/8/8/8/8/8/8/RK2R2R w Ek - 0 1"},
	} {
		want := tc.out
		if want == "" {
			want = tc.in
		}
		assert.Equal(t, want, mustFEN(t, tc.in).FEN(), tc.in)
	}
	assert.Equal(t, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		mustFEN(t, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9").ShredderFEN())
}

func TestFENErrors(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		kind FENErrorKind
		msg  string
	}{
		{"", FENEmpty, "FEN: empty FEN"},
		{"8/8/8/8/8/8/8 w - -", FENRankCount, `piece placement: "8/8/8/8/8/8/8" has 7 ranks, want 8`},
		{"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FENRankLength, `piece placement: rank 7 ("ppppppp") covers 7 squares, want 8`},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FENPieceLetter, `'9'`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", FENPieceLetter, `piece placement: 'X' is not a piece letter`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", FENSideToMove, "side to move: missing"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1", FENSideToMove, `side to move: "white" is not "w" or "b"`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", FENCastling, "castling: missing"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", FENCastling, "castling: unknown castling letter 'x'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1", FENCastling, "second right"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", FENCastling, "castling: right 'K', but white has no rook on the king's h-side"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w Q - 0 1", FENKingCount, "white has 0 kings"},
		{"rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w Q - 0 1", FENCastling, "castling: right 'Q', but the white king is not on its first rank"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", FENEnPassant, "en passant: missing"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", FENEnPassant, `en passant: "e9" is not "-" or a square`},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", FENEnPassant, "en passant: e3 is not on rank 6"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", FENEnPassant, "no black pawn on e5"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", FENHalfmoveClock, `halfmove clock: "-1" is not a number`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", FENHalfmoveClock, "halfmove clock"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one", FENFullmoveNumber, `fullmove number: "one" is not a number`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999999999999", FENFullmoveNumber, "fullmove number"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", FENTooManyFields, `unexpected text "extra"`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w - - 0 1", FENKingCount, "white has 2 kings, want exactly 1"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQPBNR w - - 0 1", FENKingCount, "white has 0 kings"},
		{"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w - - 0 1", FENPawnOnBackRank, "position: pawn on h8"},
		{"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", FENOpponentInCheck, "position: black is not to move but its king on e8 is in check from e7"},
	} {
		_, err := ParseFEN(tc.fen)
		var fe *FENError
		if !assert.True(t, errors.As(err, &fe), "%q: want a *FENError, got %v", tc.fen, err) {
			continue
		}
		assert.Equal(t, tc.kind, fe.Kind, "%q: %v", tc.fen, err)
		assert.Contains(t, err.Error(), tc.msg, tc.fen)
	}
}

func TestSetFENKeepsPositionOnError(t *testing.T) {
	p := mustFEN(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	before := *p
	require.Error(t, p.SetFEN("r3k2r/p1ppqpb1/bn2pnp1 w KQkq -"))
	assert.Equal(t, before, *p)
	require.NoError(t, p.SetFEN(StartFEN))
	assert.Equal(t, StartFEN, p.FEN())
}

// TestImpossibleButParsablePositions: positions no game can reach (more
// than two checkers in line, nine queens) are still positions the generator
// must handle, as the public perft suites expect.
func TestImpossibleButParsablePositions(t *testing.T) {
	for _, tc := range []struct {
		fen   string
		moves int
	}{
		{"3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1", 4},
		{"8/6kR/8/8/8/bq6/1rqqqqqq/K1nqnbrq b - - 0 1", 7},
	} {
		assert.Equal(t, tc.moves, mustFEN(t, tc.fen).CountLegal(), tc.fen)
	}
}
