package stratego

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSampleWorldConsistent: sampled worlds agree with the view on every
// known piece and mark, give Scouts to pieces that ran and movable pieces
// to pieces that moved, keep the army's counts, and vary with the seed.
func TestSampleWorldConsistent(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for n := 0; n < 10; n++ {
		full := NewGame(NewStart(RandomSetup(rng), RandomSetup(rng), Volcandria))
		for ply := 0; ply < 120 && !full.Status().Over; ply++ {
			legal := full.Legal()
			_, err := full.Play(legal[rng.IntN(len(legal))])
			require.NoError(t, err)
		}
		if full.Status().Over {
			continue
		}
		viewer := full.Pos().SideToMove()
		view := full.Pos().View(viewer)
		distinct := map[uint64]bool{}
		for i := 0; i < 20; i++ {
			w := view.SampleWorld(rng)
			distinct[w.Key()] = true
			_, hidden := w.Viewer()
			require.False(t, hidden, "a world has no unknown pieces")
			_, err := ParsePosition(w.String())
			require.NoError(t, err, "a world is a valid position: %s", w.String())
			for sq := Square(0); sq < numSquares; sq++ {
				v, x := view.At(sq), w.At(sq)
				require.Equal(t, v == NoPiece, x == NoPiece)
				if v == NoPiece {
					continue
				}
				require.Equal(t, v&markBits, x&markBits, "marks on %s", sq)
				require.Equal(t, v.Side(), x.Side())
				if v.Kind() != Unknown {
					require.Equal(t, v.Kind(), x.Kind(), "known piece on %s", sq)
					continue
				}
				if v.Ran() {
					require.Equal(t, Scout, x.Kind(), "a piece that ran is a Scout")
				}
				if v.Moved() {
					require.True(t, x.Kind().Movable(), "a piece that moved is movable")
				}
			}
			require.Equal(t, view.PublicKey(), w.PublicKey(), "a world looks the same from outside")
		}
		assert.Greater(t, len(distinct), 1, "worlds vary")
	}
	// The real position is one of the possible worlds: its unknown pieces'
	// identities are in the pool.
	p, _ := ParsePosition(StartPosition)
	v := p.View(Volcandria)
	w := v.SampleWorld(rand.New(rand.NewPCG(1, 1)))
	for k := Flag; k <= Trap; k++ {
		assert.Equal(t, Army[k], w.Count(Everwinter, k))
	}
	assert.Zero(t, testing.AllocsPerRun(50, func() { w = v.SampleWorld(rng) }), "sampling does not allocate")
}
