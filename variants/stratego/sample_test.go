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
		view, _, ok := randomView(t, rng, 120)
		if !ok {
			continue
		}
		distinct := map[uint64]bool{}
		for i := 0; i < 20; i++ {
			w := view.SampleWorld(rng)
			distinct[w.Key()] = true
			_, hidden := w.Viewer()
			require.False(t, hidden, "a world has no unknown pieces")
			requireWorldFitsView(t, &view, &w)
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

// TestSampleWorldWeightedConsistent: weighted worlds keep everything
// SampleWorld keeps (known pieces, marks, counts, ran: Scout, moved:
// movable) whatever the weights, repeat for a seed, allocate nothing, and
// follow the weights: a square whose Flag weight is high holds the Flag far
// more often than under uniform dealing.
func TestSampleWorldWeightedConsistent(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for n := 0; n < 10; n++ {
		view, viewer, ok := randomView(t, rng, 100)
		if !ok {
			continue
		}
		var lw KindWeights
		for sq := range lw {
			for k := range lw[sq] {
				lw[sq][k] = float32(rng.IntN(13)-6) / 2
			}
		}
		uniform := view.SampleWorld(rand.New(rand.NewPCG(1, 1)))
		for i := 0; i < 10; i++ {
			seed := uint64(100*n + i)
			w := view.SampleWorldWeighted(rand.New(rand.NewPCG(seed, 3)), &lw, 600)
			again := view.SampleWorldWeighted(rand.New(rand.NewPCG(seed, 3)), &lw, 600)
			require.Equal(t, w, again, "the same seed deals the same world")
			for k := Flag; k <= Unknown; k++ {
				require.Equal(t, uniform.Count(viewer.Other(), k), w.Count(viewer.Other(), k), "count of %s", k.Name(viewer.Other()))
			}
			requireWorldFitsView(t, &view, &w)
			require.Equal(t, w.Key(), func() uint64 { c := w; c.rebuild(); return c.Key() }(), "the keys are rebuilt")
		}
		assert.Zero(t, testing.AllocsPerRun(20, func() { view.SampleWorldWeighted(rng, &lw, 600) }), "sampling does not allocate")
	}

	// Direction: Everwinter's unmoved piece on a8 is the Flag in about one
	// world in 30 uniformly; with a high Flag weight there, in most.
	p, _ := ParsePosition(StartPosition)
	v := p.View(Volcandria)
	a8, _ := ParseSquare("a8")
	var lw KindWeights
	lw[a8][Flag] = 3
	flags := [2]int{}
	for i := 0; i < 300; i++ {
		u, w := v.SampleWorld(rng), v.SampleWorldWeighted(rng, &lw, 600)
		if u.At(a8).Kind() == Flag {
			flags[0]++
		}
		if w.At(a8).Kind() == Flag {
			flags[1]++
		}
	}
	assert.Less(t, flags[0], 30, "uniform")
	assert.Greater(t, flags[1], 100, "weighted: e^3/(e^3+29) is 0.41")
	var tally [numSquares][Unknown]int32
	v.TallyWeighted(rng, &lw, 400, &tally)
	assert.Greater(t, tally[a8][Flag], int32(100), "the marginals follow the weights")
	assert.Positive(t, tally[a8][Trap], "and exclude nothing")
}

// randomView plays a game of random setups and moves for up to plies plies
// and returns its mover's view and the mover; false when the game ended
// first.
func randomView(t *testing.T, rng *rand.Rand, plies int) (Position, Side, bool) {
	full := NewGame(NewStart(RandomSetup(rng), RandomSetup(rng), Volcandria))
	for ply := 0; ply < plies && !full.Status().Over; ply++ {
		legal := full.Legal()
		_, err := full.Play(legal[rng.IntN(len(legal))])
		require.NoError(t, err)
	}
	if full.Status().Over {
		return Position{}, 0, false
	}
	viewer := full.Pos().SideToMove()
	return full.Pos().View(viewer), viewer, true
}

// requireWorldFitsView checks a dealt world against its view: a valid
// position, the same squares, sides and marks, the known kinds kept, a
// piece that ran a Scout, one that moved movable, and the same look from
// outside (public key).
func requireWorldFitsView(t *testing.T, view, w *Position) {
	t.Helper()
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
