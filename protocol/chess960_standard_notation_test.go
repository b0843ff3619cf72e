package protocol

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// chess960Positions have castling rights whose king destination is a king
// step (f1g1) or the king's own square (c1c1).
var chess960Positions = []string{
	"1r3k2/8/8/8/8/8/8/1R3K1R w Hb - 0 1",
	"r1k5/8/8/8/8/8/8/R1K5 w Qq - 0 1",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
}

// legalTokens returns the tokens of the "legalmoves" line in out.
func legalTokens(t *testing.T, out string) []string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^legalmoves(.*)$`).FindStringSubmatch(out)
	require.NotNil(t, m, out)
	return strings.Fields(m[1])
}

// TestChess960PositionInStandardModeListsDistinctPlayableTokens: with
// UCI_Chess960 off, the tokens legalmoves lists for a Chess960 position are
// distinct, each is accepted by "position ... moves" and by "play", perft
// divides by the same tokens, and bestmove is one of them (issue 14,
// finding 17).
func TestChess960PositionInStandardModeListsDistinctPlayableTokens(t *testing.T) {
	for _, fen := range chess960Positions {
		out := runScript(t, "setoption name UCI_Chess960 value false\nposition fen "+fen+"\nlegalmoves\ngo perft 1\nisready\n")
		tokens := legalTokens(t, out)
		require.NotEmpty(t, tokens, fen)
		assert.Len(t, slices.Compact(slices.Clone(tokens)), len(tokens), "%s: distinct tokens in %v", fen, tokens)
		divided := regexp.MustCompile(`(?m)^([a-h][1-8][a-h][1-8][nbrq]?): 1$`).FindAllStringSubmatch(out, -1)
		var perftTokens []string
		for _, d := range divided {
			perftTokens = append(perftTokens, d[1])
		}
		slices.Sort(perftTokens)
		assert.Equal(t, tokens, perftTokens, "%s: perft divides by the listed tokens", fen)
		for _, tok := range tokens {
			assert.NotEqual(t, tok[:2], tok[2:4], "%s: %s moves nothing", fen, tok)
			played := runScript(t, "position fen "+fen+" moves "+tok+"\nstate\nposition fen "+fen+"\nplay "+tok+"\n")
			assert.NotContains(t, played, "error", "%s: %s", fen, tok)
		}

		l := startLive(t)
		l.send("setoption name UCI_Chess960 value false", "position fen "+fen, "go depth 4")
		best := strings.Fields(l.expect("bestmove", waitLong))
		require.GreaterOrEqual(t, len(best), 2)
		assert.Contains(t, tokens, best[1], "%s: bestmove is a listed token", fen)
		l.send("quit")
	}
}
