package chameleon

import (
	"context"
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
			assert.Equal(t, want, perftCount(t, p, d+1), "%s depth %d", tc.players, d+1)
		}
		if tc.players == "ry" || tc.players == "rb" {
			continue
		}
		r := refFrom(p)
		assert.Equal(t, r.perft(4), perftCount(t, p, 4), "%s: the reference agrees at depth 4", tc.players)
	}
}

// TestDivideSumsToPerft: the protocol's divide adds up to perft, one entry
// per legal move.
func TestDivideSumsToPerft(t *testing.T) {
	p := parse(t, "a3g7 a7yg,g7yr,b6rr,d6yb,b4rg,f4yy,d3ry y 0 0")
	div, err := Divide(context.Background(), p, 3)
	require.NoError(t, err)
	assert.Len(t, div, 29)
	var total uint64
	for _, n := range div {
		total += n
	}
	assert.Equal(t, perftCount(t, p, 3), total)
	stuck, err := Divide(context.Background(), parse(t, "e3g5 g5yg,f4rb r 7 20"), 2)
	require.NoError(t, err)
	assert.Equal(t, map[string]uint64{"0000": perftCount(t, parse(t, "e3g5 g5yg,f4rb y 8 21"), 1)}, stuck)
	over, err := Divide(context.Background(), parse(t, "e3g5 g5yg y 0 1"), 2)
	require.NoError(t, err)
	assert.Empty(t, over, "a finished game has no moves")
}

// perftCount is Perft without a deadline, for tests.
func perftCount(t *testing.T, p *Position, depth int) uint64 {
	t.Helper()
	n, err := Perft(context.Background(), p, depth)
	require.NoError(t, err)
	return n
}

// refGamePerft counts through the Game alone: the game replayed from its
// start for every node, whose Legal() is empty once the game is over for
// any reason, repetition included (clarifications 5 and 7).
func refGamePerft(t *testing.T, start *Position, tokens []string, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	g := NewGame(start)
	play(t, g, tokens...)
	var n uint64
	for _, tok := range g.Legal() {
		n += refGamePerft(t, start, append(tokens[:len(tokens):len(tokens)], tok), depth-1)
	}
	return n
}

// TestGamePerftStopsAtRepetition: in a game given with its moves, perft
// counts nothing below a move that repeats a position for the third time
// (issue 14, finding 19). The knights shuffle b1c3, e8d6 and back; the
// root is the second occurrence of the position after b1c3, and three
// plies later the start position occurs for the third time.
func TestGamePerftStopsAtRepetition(t *testing.T) {
	start := parse(t, "a1h8 e8yg,f8yr,g8yb,h8yy,a1rr,b1rg,c1ry,d1rb r 0 0")
	history := []string{"b1c3", "e8d6", "c3b1", "d6e8", "b1c3"}
	g := NewGame(start)
	play(t, g, history...)
	for depth := 1; depth <= 4; depth++ {
		want := refGamePerft(t, start, history, depth)
		div, err := g.Divide(context.Background(), depth)
		require.NoError(t, err)
		var total uint64
		for _, n := range div {
			total += n
		}
		assert.Equal(t, want, total, "divide at depth %d", depth)
		n, err := g.Perft(context.Background(), depth)
		require.NoError(t, err)
		assert.Equal(t, want, n, "perft at depth %d", depth)
	}
	// Without the history the same position counts more at depth 4: the
	// rule is what makes the difference.
	assert.Greater(t, perftCount(t, g.Pos(), 4), refGamePerft(t, start, history, 4))
}

// TestPerftCancels: a cancelled context stops perft at once with its error.
func TestPerftCancels(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := parse(t, start4)
	_, err := Perft(ctx, p, 12)
	assert.ErrorIs(t, err, context.Canceled)
	_, err = Divide(ctx, p, 12)
	assert.ErrorIs(t, err, context.Canceled)
	_, err = NewGame(p).Divide(ctx, 12)
	assert.ErrorIs(t, err, context.Canceled)
}

// TestPerftDoesNotAllocatePerNode: a perft allocates its key stack once,
// whatever the number of nodes.
func TestPerftDoesNotAllocatePerNode(t *testing.T) {
	p := parse(t, start4)
	allocs := testing.AllocsPerRun(5, func() { _, _ = Perft(context.Background(), p, 4) })
	assert.LessOrEqual(t, allocs, 2.0)
}
