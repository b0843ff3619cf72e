package stratego

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCountersStayReadableAtTheLimit: a position string whose counters are
// the largest the parser accepts stays readable after moves; the counters
// stop there (issue 14, finding 2).
func TestCountersStayReadableAtTheLimit(t *testing.T) {
	for _, s := range []string{
		fmt.Sprintf("9f/e9/10/10/10/10/E9/9F v 00 -,- - 0 %d", maxCounter),
		fmt.Sprintf("9f/e9/10/10/10/10/E9/9F v 00 -,- - 150 %d", maxCounter-1),
		strings.Replace(StartPosition, " 0 0", fmt.Sprintf(" 0 %d", maxCounter), 1),
	} {
		g := game(t, s)
		for i := 0; i < 3; i++ {
			play(t, g, g.Legal()[0])
			back, err := ParsePosition(g.Position())
			require.NoError(t, err, "printed %q", g.Position())
			assert.Equal(t, g.Position(), back.String())
			for side := Volcandria; side <= Everwinter; side++ {
				v := g.Pos().View(side)
				_, err := ParsePosition(v.String())
				require.NoError(t, err, "the %s view %q", side, v.String())
			}
		}
		assert.Equal(t, maxCounter, g.Pos().Ply())
	}
}

// cloneGame copies a game so that a move can be tried on the copy.
func cloneGame(g *Game) *Game {
	c := *g
	c.tokens = slices.Clone(g.tokens)
	c.keys = slices.Clone(g.keys)
	c.pkeys = slices.Clone(g.pkeys)
	return &c
}

// TestRandomPlayPositionStringsReadBack: random games from random setups,
// some starting with counters near their limits. After every move the
// position string and both views read back to the same position, the legal
// tokens are distinct, and each one is played by the game.
func TestRandomPlayPositionStringsReadBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 13))
	games, plies := 16, 300
	if testing.Short() {
		games = 4
	}
	positions := 0
	for i := 0; i < games; i++ {
		start := NewStart(RandomSetup(rng), RandomSetup(rng), Side(i%2))
		if i%2 == 1 {
			f := strings.Fields(start.String())
			f[5], f[6] = fmt.Sprint(rng.IntN(NoBattleLimit/2)), fmt.Sprint(maxCounter-rng.IntN(50))
			var err error
			start, err = ParsePosition(strings.Join(f, " "))
			require.NoError(t, err)
		}
		g := NewGame(start)
		for ply := 0; ply < plies && !g.Status().Over; ply++ {
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
			for side := Volcandria; side <= Everwinter; side++ {
				v := g.Pos().View(side)
				w, err := ParsePosition(v.String())
				require.NoError(t, err, "the %s view %q", side, v.String())
				require.Equal(t, v.String(), w.String())
			}
			positions++
		}
	}
	t.Logf("%d positions read back", positions)
}
