package chsearch

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/kit"
	"tempest/variants/chameleon"
)

// randomTwoPlayer are the positions of random two-player games: roles
// changing, pawns hanging and taken, the board shrinking.
func randomTwoPlayer(t *testing.T, games int) []chameleon.Position {
	t.Helper()
	var out []chameleon.Position
	for seed := uint64(1); seed <= uint64(games); seed++ {
		rng := rand.New(rand.NewPCG(seed, 5))
		start, err := chameleon.StartPosition(1<<chameleon.Red | 1<<chameleon.Yellow)
		require.NoError(t, err)
		g := chameleon.NewGame(start)
		for ply := 0; ply < 200 && !g.Status().Over; ply++ {
			out = append(out, *g.Pos())
			legal := g.Legal()
			_, err := g.Play(legal[rng.IntN(len(legal))])
			require.NoError(t, err)
		}
	}
	return out
}

func randomWeights(rng *rand.Rand) Weights {
	w := HandSetWeights
	w.Pawn = 50 + rng.IntN(150)
	for r := 1; r < 4; r++ {
		w.Role[r] = rng.IntN(80)
	}
	w.FewPawns = [5]int{0, -rng.IntN(150), -rng.IntN(80), -rng.IntN(40), 0}
	w.Mobility, w.Hanging, w.Defended, w.Edge = rng.IntN(10), rng.IntN(150), rng.IntN(40), rng.IntN(15)
	w.FieldsAhead, w.Shrink = rng.IntN(20)-10, rng.IntN(20)-10
	w.Prepare()
	return w
}

// Terms counts what the evaluation adds: Σ weight × term is it, from the
// mover's view, up to the potentials' integer division, for the hand-set
// weights and random ones.
func TestTermsAgreeWithEvaluate(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	positions := randomTwoPlayer(t, 20)
	shrunk := 0
	for i := range positions {
		p := &positions[i]
		if p.Bounds() != chameleon.FullBoard {
			shrunk++
		}
		terms := Terms(p)
		for _, w := range []Weights{HandSetWeights, randomWeights(rng)} {
			v := w.Vector()
			sum := 0.0
			for j := range terms {
				sum += v[j] * terms[j]
			}
			pawns := p.Occupied().Count()
			if got := EvaluateWith(p, p.ToMove(), &w); math.Abs(float64(got)-sum) > float64(pawns) {
				t.Fatalf("position %d (%s): evaluation %d, terms give %.2f", i, p.String(), got, sum)
			}
		}
	}
	require.Positive(t, shrunk, "no shrunk board: the potentials' shares went untested")
}

func TestWeightsVectorRoundTrips(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for range 10 {
		w := randomWeights(rng)
		back := HandSetWeights.WithVector(w.Vector())
		assert.Equal(t, w.Vector(), back.Vector())
		assert.Equal(t, *w.pot, *back.pot, "the potentials follow the roles")
	}
}

// Without weights a game of two players at full strength plays the fitted
// weights node for node, and every other game, or a weaker level, the
// hand-set ones; other weights reach the evaluation.
func TestWeightsOption(t *testing.T) {
	two, err := chameleon.StartPosition(1<<chameleon.Red | 1<<chameleon.Yellow)
	require.NoError(t, err)
	four, err := chameleon.StartPosition(0xF)
	require.NoError(t, err)
	search := func(pos *chameleon.Position, opts Options, level kit.Level) Result {
		e := New(1)
		e.SetLevel(level, 1)
		opts.Algorithm = ParanoidModel
		e.SetOptions(opts)
		return e.Search(context.Background(), pos, nil, Limits{Depth: 4}, nil)
	}
	full := kit.Level{Kind: kit.FullStrength}
	require.NotEqual(t, FittedWeights.Vector(), HandSetWeights.Vector(), "no fitted weights to tell apart")
	fitted := search(two, Options{Weights: &FittedWeights}, full)
	hand := search(two, Options{Weights: &HandSetWeights}, full)
	require.NotEqual(t, []any{fitted.Score, fitted.Nodes}, []any{hand.Score, hand.Nodes}, "the two weightings search alike")
	assert.Equal(t, fitted, search(two, Options{}, full), "two players: the default is the fitted weights")
	assert.Equal(t, fitted, search(two, Options{StartPlayers: 2}, full))
	assert.Equal(t, hand, search(two, Options{StartPlayers: 4}, full), "a four-player game down to two keeps the hand-set weights")
	assert.Equal(t, search(four, Options{Weights: &HandSetWeights}, full), search(four, Options{}, full),
		"four players: the default is the hand-set weights")
	weak := kit.Level{Kind: kit.WeakSearch, Depth: 4}
	assert.Equal(t, search(two, Options{Weights: &HandSetWeights}, weak), search(two, Options{}, weak),
		"a weaker level keeps the hand-set weights it was calibrated with")
	other := HandSetWeights
	other.Mobility, other.Shrink, other.FieldsAhead = 9, 5, 4
	other.Prepare()
	got := search(two, Options{Weights: &other}, full)
	assert.NotEqual(t, []any{hand.Score, hand.Nodes}, []any{got.Score, got.Nodes}, "other weights searched as the hand-set ones")
}

// The evaluation allocates nothing, whichever weights it reads.
func TestEvaluateDoesNotAllocate(t *testing.T) {
	positions := randomTwoPlayer(t, 1)
	var score [4]int
	w := FittedWeights
	w.FieldsAhead = 3
	if n := testing.AllocsPerRun(100, func() {
		for i := range positions {
			evaluate(&positions[i], &score, &w)
		}
	}); n != 0 {
		t.Fatalf("evaluate allocates %.0f times per run", n)
	}
}
