package chameleon

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPerftSignature: perft from the start positions, a regression
// signature of the rules. Independent checks: each player starts with 13
// knight moves that cannot interact before everyone has moved once, so four
// players give 13^4 at depth 4 and three players 13^3 at depth 3; every
// count to depth 4 also agrees with the plain reference implementation
// (TestPerftAgainstReference). Depth 5 was produced by this implementation.
func TestPerftSignature(t *testing.T) {
	for _, tc := range []struct {
		players string
		counts  []uint64
	}{
		{"ry", []uint64{13, 169, 3496, 71470, 1576357}},
		{"rb", []uint64{10, 130, 1736, 27494, 387766}},
		{"rby", []uint64{13, 169, 2197, 44725, 886904}},
		{"rgyb", []uint64{13, 169, 2197, 28561, 570778}},
	} {
		set, err := ParsePlayers(tc.players)
		require.NoError(t, err)
		p, err := StartPosition(set)
		require.NoError(t, err)
		for d, want := range tc.counts {
			assert.Equal(t, want, Perft(p, d+1), "%s depth %d", tc.players, d+1)
		}
		if tc.players == "ry" || tc.players == "rb" {
			continue
		}
		r := refFrom(p)
		assert.Equal(t, r.perft(4), Perft(p, 4), "%s: the reference agrees at depth 4", tc.players)
	}
}

// TestDivideSumsToPerft: the protocol's divide adds up to perft, one entry
// per legal move.
func TestDivideSumsToPerft(t *testing.T) {
	p := parse(t, "a3g7 a7yg,g7yr,b6rr,d6yb,b4rg,f4yy,d3ry y 0 0")
	div := Divide(p, 3)
	assert.Len(t, div, 29)
	var total uint64
	for _, n := range div {
		total += n
	}
	assert.Equal(t, Perft(p, 3), total)
	stuck := Divide(parse(t, "e3g5 g5yg,f4rb r 7 20"), 2)
	assert.Equal(t, map[string]uint64{"0000": Perft(parse(t, "e3g5 g5yg,f4rb y 8 21"), 1)}, stuck)
	assert.Empty(t, Divide(parse(t, "e3g5 g5yg y 0 1"), 2), "a finished game has no moves")
}
