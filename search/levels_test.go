package search

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/kit"
	"tempest/movegen"
)

func uci(t *testing.T, pos *movegen.Position, m movegen.Move) string {
	t.Helper()
	require.True(t, pos.IsLegal(m), "%v illegal in %s", m, pos.FEN())
	return m.UCI(false)
}

// TestGreedyChoices: positions where the greedy choice is known by its rule.
func TestGreedyChoices(t *testing.T) {
	for _, tc := range []struct{ name, fen, want string }{
		{"takes a hanging queen", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "d2d5"},
		{"mates rather than winning a knight", "6k1/5ppp/8/8/8/8/8/Rn4K1 w - - 0 1", "a1a8"},
		{"does not take a pawn defended by a pawn with its queen", "4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", ""},
		{"saves an attacked knight", "4k3/8/8/3p4/4N3/8/8/4K3 w - - 0 1", ""},
		{"prefers the bigger capture", "4k3/8/8/2r1n3/8/3N4/8/4K3 w - - 0 1", "d3c5"},
	} {
		pos, err := movegen.ParseFEN(tc.fen)
		require.NoError(t, err)
		for seed := uint64(0); seed < 5; seed++ {
			m := greedyMove(pos, rand.New(rand.NewPCG(seed, 0)))
			got := uci(t, pos, m)
			switch tc.want {
			case "":
				// The rule: no material is lost after the move.
				var u movegen.Undo
				pos.Make(m, &u)
				var buf [movegen.MaxMoves]movegen.Move
				for _, r := range pos.GenLegal(buf[:]) {
					if isNoisy(pos, r) {
						assert.LessOrEqual(t, pos.SEE(r), 0, "%s: after %s the reply %v wins material", tc.name, got, r)
					}
				}
				pos.Unmake(m, &u)
			default:
				assert.Equal(t, tc.want, got, tc.name)
			}
		}
	}
}

// TestRandomMoverIsUniform: over many draws every legal move of the start
// position comes up about equally often (chi-square test, 19 degrees of freedom).
func TestRandomMoverIsUniform(t *testing.T) {
	pos := movegen.NewStartPosition()
	rng := rand.New(rand.NewPCG(7, 7))
	counts := map[movegen.Move]int{}
	const draws = 20000
	for i := 0; i < draws; i++ {
		counts[randomMove(pos, rng)]++
	}
	require.Len(t, counts, 20)
	chi := 0.0
	for _, c := range counts {
		d := float64(c) - draws/20.0
		chi += d * d / (draws / 20.0)
	}
	assert.Less(t, chi, 43.8, "chi-square above the 0.1%% critical value")
}

func TestLevelsPlayLegalMoves(t *testing.T) {
	pos, _ := movegen.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	for i, l := range kit.PlayingLevels {
		e := New(4)
		e.SetLevel(l.Level, uint64(i))
		res := e.Search(context.Background(), pos, Limits{Depth: 6}, nil)
		assert.True(t, pos.IsLegal(res.BestMove), "level %d", i)
	}
}

// TestNoiseVariesNearEqualChoices: in the opening, where several moves are
// close, a noisy level does not always play the same move; full strength does.
func TestNoiseVariesNearEqualChoices(t *testing.T) {
	pos := movegen.NewStartPosition()
	distinct := func(l kit.Level) int {
		seen := map[movegen.Move]bool{}
		for seed := uint64(0); seed < 12; seed++ {
			e := New(4)
			e.SetLevel(l, seed)
			seen[e.Search(context.Background(), pos, Limits{}, nil).BestMove] = true
		}
		return len(seen)
	}
	assert.Greater(t, distinct(kit.PlayingLevels[4].Level), 2)
	assert.Equal(t, 1, distinct(kit.Level{Kind: kit.WeakSearch, Depth: 5}))
}
