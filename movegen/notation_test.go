package movegen

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestUCIMoves(t *testing.T) {
	std := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	for _, tc := range []struct {
		text      string
		chess960  bool
		kind      MoveKind
		std, c960 string // how the move is written back in each mode
	}{
		{"e1g1", false, Castling, "e1g1", "e1h1"},
		{"e1h1", false, Castling, "e1g1", "e1h1"}, // king-takes-rook accepted in standard mode too
		{"e1c1", true, Castling, "e1c1", "e1a1"},
		{"e1a1", true, Castling, "e1c1", "e1a1"},
		{"a1a8", false, Normal, "a1a8", "a1a8"},
	} {
		m, err := std.ParseUCIMove(tc.text, tc.chess960)
		require.NoError(t, err, tc.text)
		assert.Equal(t, tc.kind, m.Kind(), tc.text)
		assert.Equal(t, tc.std, m.UCI(false), tc.text)
		assert.Equal(t, tc.c960, m.UCI(true), tc.text)
	}

	// Chess960 with the king on f1: "f1g1" is a king step, castling is "f1h1".
	c960 := mustFEN(t, "1r3k2/8/8/8/8/8/8/1R3K1R w Hb - 0 1")
	step, err := c960.ParseUCIMove("f1g1", true)
	require.NoError(t, err)
	assert.Equal(t, Normal, step.Kind())
	castle, err := c960.ParseUCIMove("f1h1", true)
	require.NoError(t, err)
	assert.Equal(t, Castling, castle.Kind())

	promo := mustFEN(t, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1")
	m, err := promo.ParseUCIMove("e7e8n", false)
	require.NoError(t, err)
	assert.Equal(t, Knight, m.PromotionType())
	assert.Equal(t, "e7e8n", m.UCI(false))
	assert.Equal(t, "0000", NullMove.UCI(false))
}

func TestUCIMoveErrors(t *testing.T) {
	start := NewStartPosition()
	promo := mustFEN(t, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1")
	check := mustFEN(t, "4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1")
	for _, tc := range []struct {
		pos  *Position
		text string
		msg  string
	}{
		{start, "e2e5", `move "e2e5": illegal in this position`},
		{start, "e3e4", `move "e3e4": illegal: no piece on e3`},
		{start, "e7e5", `move "e7e5": illegal: the piece on e7 is black's, but white is to move`},
		{start, "e2", `move "e2": not UCI notation`},
		{start, "e2e4qq", `not UCI notation`},
		{start, "i2i4", `not UCI notation`},
		{start, "e2e4x", `unknown promotion piece 'x'`},
		{start, "e2e4q", `only a pawn reaching the last rank can promote`},
		{promo, "e7e8", `a pawn reaching the last rank must promote`},
		{check, "a1a2", `white is in check`},
	} {
		_, err := tc.pos.ParseUCIMove(tc.text, false)
		var me *MoveError
		require.True(t, errors.As(err, &me), tc.text)
		assert.Equal(t, tc.text, me.Move)
		assert.Contains(t, err.Error(), tc.msg)
	}
}

func TestSAN(t *testing.T) {
	for _, tc := range []struct{ fen, uci, san string }{
		{StartFEN, "g1f3", "Nf3"},
		{StartFEN, "e2e4", "e4"},
		// File, rank and full-square disambiguation.
		{"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2"},
		{"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3"},
		{"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a1b2", "Qa1b2"},
		// A pinned knight does not count for disambiguation.
		{"4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1", "g1f3", "Nf3"},
		// Check, mate, promotion, en passant, castling.
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"},
		{"6k1/8/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8+"},
		{"2k5/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", "e8=Q+"},
		{"1k3n2/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7f8n", "exf8=N"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+"},
	} {
		pos := mustFEN(t, tc.fen)
		m, err := pos.ParseUCIMove(tc.uci, false)
		require.NoError(t, err, tc.uci)
		assert.Equal(t, tc.san, pos.SAN(m), tc.fen)
		back, err := pos.ParseSAN(tc.san)
		require.NoError(t, err, tc.san)
		assert.Equal(t, m, back, tc.san)
	}
}

func TestParseSANVariants(t *testing.T) {
	for _, tc := range []struct{ fen, san, uci string }{
		{StartFEN, "Nf3!?", "g1f3"},
		{StartFEN, "Ngf3", "g1f3"},
		{StartFEN, "Ng1f3", "g1f3"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0-0", "e1c1"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6 e.p.", "e5d6"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "ed6", "e5d6"},
		{"2k5/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8Q", "e7e8q"},
		{"2k5/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=n", "e7e8n"},
		{"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "N1d2", "b1d2"},
	} {
		pos := mustFEN(t, tc.fen)
		m, err := pos.ParseSAN(tc.san)
		require.NoError(t, err, tc.san)
		assert.Equal(t, tc.uci, m.UCI(false), tc.san)
	}
}

func TestSANErrors(t *testing.T) {
	for _, tc := range []struct{ fen, san, msg string }{
		{"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2", "ambiguous: both Nbd2 and Nfd2 fit"},
		{StartFEN, "Nf5", "illegal in this position"},
		{StartFEN, "O-O", "white cannot castle king side now"},
		{StartFEN, "", "empty move"},
		{StartFEN, "Zf3", "not SAN"},
		{StartFEN, "N", "no destination square"},
		{StartFEN, "Nz9", "is not a destination square"},
		{"2k5/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8", "must promote"},
		{"2k5/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=K", "unknown promotion piece 'K'"},
		{"4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1", "Ra2", "white is in check"},
	} {
		_, err := mustFEN(t, tc.fen).ParseSAN(tc.san)
		var me *MoveError
		require.True(t, errors.As(err, &me), "%q: %v", tc.san, err)
		assert.Contains(t, err.Error(), tc.msg, tc.san)
	}
}
