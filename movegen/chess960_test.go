package movegen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestChess960CastlingInStandardNotation: without UCI_Chess960, castling
// from Chess960 squares is written king-takes-rook, as python-chess writes
// it (board.uci(move, chess960=False)), so no token stands for two moves and
// none is a king "moving" to its own square (issue 14, finding 17). The
// king-destination spelling is still read where it names nothing else.
func TestChess960CastlingInStandardNotation(t *testing.T) {
	for _, tc := range []struct {
		fen, castle, kingStep, kingDestination string
	}{
		// King f1, rook h1: "f1g1" is the king step.
		{"1r3k2/8/8/8/8/8/8/1R3K1R w Hb - 0 1", "f1h1", "f1g1", ""},
		// King c1, rook a1: the king does not move.
		{"r1k5/8/8/8/8/8/8/R1K5 w Qq - 0 1", "c1a1", "", "c1c1"},
		// King e1, rook b1 or g1: python-chess writes e1b1 and e1g1.
		{"4k3/8/8/8/8/8/8/1R2K3 w B - 0 1", "e1b1", "", "e1c1"},
		{"4k3/8/8/8/8/8/8/4K1R1 w G - 0 1", "e1g1", "", ""},
		// Standard squares keep the king's destination.
		{"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", "", ""},
	} {
		p := mustFEN(t, tc.fen)
		checkTokens(t, p)
		var buf [MaxMoves]Move
		var castles []string
		for _, m := range p.GenLegal(buf[:]) {
			if m.IsCastling() {
				castles = append(castles, m.UCI(false))
			}
		}
		assert.Equal(t, []string{tc.castle}, castles, tc.fen)
		m, err := p.ParseUCIMove(tc.castle, false)
		require.NoError(t, err, tc.fen)
		assert.True(t, m.IsCastling(), tc.fen)
		if tc.kingStep != "" {
			step, err := p.ParseUCIMove(tc.kingStep, false)
			require.NoError(t, err, tc.fen)
			assert.False(t, step.IsCastling(), "%s: %s is the king step", tc.fen, tc.kingStep)
		}
		if tc.kingDestination != "" {
			for _, chess960 := range []bool{false, true} {
				alt, err := p.ParseUCIMove(tc.kingDestination, chess960)
				require.NoError(t, err, tc.fen)
				assert.Equal(t, m, alt, "%s: %s read as castling", tc.fen, tc.kingDestination)
			}
		}
	}
}
