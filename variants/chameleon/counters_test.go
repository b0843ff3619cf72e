package chameleon

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPlyCounterStaysReadableAtTheLimit: a position string whose ply is
// the largest the parser accepts stays readable after a move; the counter
// stops there (issue 14, finding 2).
func TestPlyCounterStaysReadableAtTheLimit(t *testing.T) {
	g := game(t, fmt.Sprintf("a1h8 e8yg,f8yr,g8yb,h8yy,a1rr,b1rg,c1ry,d1rb r 0 %d", maxPly))
	play(t, g, "b1c3", "e8d6", "c3b1", "d6e8")
	back, err := ParsePosition(g.Position())
	require.NoError(t, err, g.Position())
	assert.Equal(t, g.Position(), back.String())
	assert.Equal(t, maxPly, g.Pos().Ply())
	assert.Equal(t, 4, g.Pos().QuietPlies())
}

// cloneGame copies a game so that a move can be tried on the copy.
func cloneGame(g *Game) *Game {
	c := *g
	c.tokens = slices.Clone(g.tokens)
	c.keys = slices.Clone(g.keys)
	c.eliminated = slices.Clone(g.eliminated)
	return &c
}

// TestRandomPlayPositionStringsReadBack: random games of 2 to 4 players,
// some starting with counters near their limits. After every move the
// position string reads back to the same position (string and key), the
// legal tokens are distinct, and each one is played by the game.
func TestRandomPlayPositionStringsReadBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 19))
	games := 120
	if testing.Short() {
		games = 30
	}
	positions := 0
	for i := 0; i < games; i++ {
		set := uint8(0)
		for set&(set-1) == 0 {
			set = uint8(rng.IntN(16))
		}
		start, err := StartPosition(set)
		require.NoError(t, err)
		if i%2 == 1 {
			f := strings.Fields(start.String())
			f[4] = fmt.Sprint(maxPly - rng.IntN(5))
			start = parse(t, strings.Join(f, " "))
		}
		g := NewGame(start)
		for !g.Status().Over {
			legal := g.Legal()
			require.NotEmpty(t, legal, g.Position())
			require.Len(t, slices.Compact(slices.Clone(legal)), len(legal), "tokens are distinct in %s", g.Position())
			for _, tok := range legal {
				_, err := cloneGame(g).Play(tok)
				require.NoError(t, err, "%s in %s", tok, g.Position())
			}
			_, err := g.Play(legal[rng.IntN(len(legal))])
			require.NoError(t, err)
			back, err := ParsePosition(g.Position())
			require.NoError(t, err, "printed %q", g.Position())
			require.Equal(t, g.Position(), back.String())
			require.Equal(t, g.Pos().Key(), back.Key())
			positions++
		}
		assert.Empty(t, g.Legal(), "a finished game has no legal moves")
	}
	t.Logf("%d positions read back", positions)
}
