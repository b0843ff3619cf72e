package chessmate

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The card-chess perft of fixed deals: a regression signature of the
// rules. Depth 1 of the first deal is independent truth (§12 Example 1
// style: 20 moves + the cards' uses); deeper counts were produced by this
// implementation and pin its behaviour.
func TestPerftSignature(t *testing.T) {
	deal := func(codes string) *Position {
		p, err := ParsePosition(StartFEN + " - - - " + codes)
		require.NoError(t, err)
		return p
	}
	p := deal("FC,MS,CW/LJ,CH,RV DD,DM,RB,LC,HQ,CR,HF,VU,DI - -")
	var counts []uint64
	for depth := 1; depth <= 3; depth++ {
		n, err := Perft(context.Background(), p, depth)
		require.NoError(t, err)
		counts = append(counts, n)
	}
	t.Logf("perft 1-3: %v", counts)
	assert.Equal(t, []uint64{68, 4292, 210533}, counts)
}

// TestPlayMatchesGenerator: every generated action, written as a token and
// played through the game, gives the same position as applying it directly.
func TestPlayMatchesGenerator(t *testing.T) {
	for _, s := range []string{
		StartFEN + " - - - FC,MS,CW/LJ,CH,RV DD,DM,RB,LC,HQ,CR,HF,VU,DI - -",
		"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 1 2 e5 - - VU,HF,DI/LJ,CH,RV MS,CW,DD,DM,RB,LC,HQ,CR FC FC",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 d6 c3 - DD,RB,CR/HQ,LC,RV CW,DM,DI,CH,LJ,MS,FC,HF,VU - -",
	} {
		p, err := ParsePosition(s)
		require.NoError(t, err, s)
		var buf [maxActions]Action
		for _, a := range p.GenActions(buf[:0]) {
			g := NewGame(p)
			_, err := g.Play(a.String())
			require.NoError(t, err, a.String())
			direct := *p
			require.NoError(t, direct.Play(a, NoCard))
			require.Equal(t, direct.String(), g.Position(), a.String())
			// The written position reads back to the same position.
			back, err := ParsePosition(g.Position())
			if a.Claim() {
				continue
			}
			require.NoError(t, err, g.Position())
			require.Equal(t, g.Position(), back.String())
			require.Equal(t, direct.Key(), back.Key())
		}
	}
}
