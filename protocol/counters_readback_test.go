package protocol

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// statePosition returns the position string of the last "state position"
// line in out.
func statePosition(t *testing.T, out string) string {
	t.Helper()
	all := regexp.MustCompile(`(?m)^state position (.*)$`).FindAllStringSubmatch(out, -1)
	require.NotEmpty(t, all, out)
	return all[len(all)-1][1]
}

// TestPrintedPositionsAreAcceptedAtCounterLimits: after a move from a
// position whose counters are at the largest value the parser accepts, the
// position "state" prints is accepted by "position fen" and prints the same
// again, in chess, Chameleon Chess and Stratego (issue 14, finding 2).
func TestPrintedPositionsAreAcceptedAtCounterLimits(t *testing.T) {
	for _, tc := range []struct{ setup, position, moves string }{
		{"", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1048576", "e7e5"},
		{"", "4k3/8/8/8/8/8/8/4K2R w K - 1048576 1048576", "h1h2 e8d8"},
		{chameleonOn, fmt.Sprintf("a1h8 e8yg,f8yr,g8yb,h8yy,a1rr,b1rg,c1ry,d1rb r 0 %d", 1<<30), "b1c3 e8d6"},
		{strategoOn, fmt.Sprintf("9f/e9/10/10/10/10/E9/9F v 00 -,- - 0 %d", 1<<24), "a2b2 a7b7"},
	} {
		out := runScript(t, tc.setup+"position fen "+tc.position+" moves "+tc.moves+"\nstate\n")
		require.NotContains(t, out, "error", tc.position)
		printed := statePosition(t, out)
		again := runScript(t, tc.setup+"position fen "+printed+"\nstate\n")
		assert.NotContains(t, again, "error", "%s after %s: %s", tc.position, tc.moves, printed)
		assert.Equal(t, printed, statePosition(t, again))
	}
}
