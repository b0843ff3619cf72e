package chessmate

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNoisyAndQuietSplitTheLegalActions: along random games, the search's
// two generators together give exactly the legal actions, each once, and
// the noisy ones include every card capture (Dark Mirror, and a Crusade
// ending on an enemy piece).
func TestNoisyAndQuietSplitTheLegalActions(t *testing.T) {
	cardCaptures := 0
	for seed := uint64(1); seed <= 40; seed++ {
		p, err := Deal(ShuffledDeck(seed))
		require.NoError(t, err)
		rng := rand.New(rand.NewPCG(seed, 7))
		for ply := 0; ply < 120; ply++ {
			legal := p.GenLegal(make([]Action, MaxActions))
			if len(legal) == 0 {
				break
			}
			count := map[Action]int{}
			for _, a := range p.GenNoisy(make([]Action, MaxActions)) {
				require.True(t, p.IsNoisy(a), "%s: noisy generator gave %s", p, a)
				count[a]++
				if a.Card() != NoCard {
					cardCaptures++
				}
			}
			for _, a := range p.GenQuiet(make([]Action, MaxActions)) {
				require.False(t, p.IsNoisy(a), "%s: quiet generator gave %s", p, a)
				count[a]++
			}
			require.Len(t, count, len(legal), "%s", p)
			for _, a := range legal {
				require.Equal(t, 1, count[a], "%s: %s generated %d times", p, a, count[a])
			}
			var u Undo
			p.Make(legal[rng.IntN(len(legal))], &u)
		}
	}
	require.Greater(t, cardCaptures, 0, "the games offered card captures")
}
