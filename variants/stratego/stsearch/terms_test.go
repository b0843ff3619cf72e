package stsearch

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"tempest/variants/stratego"
)

// randomWorlds are the full-knowledge positions of random games from
// generated setups: pieces revealed in battles, moved, lost, and late
// positions past the quiet fade (odd games avoid battles while they can).
func randomWorlds(t *testing.T, games, plies int) []stratego.Position {
	t.Helper()
	var out []stratego.Position
	for seed := uint64(1); seed <= uint64(games); seed++ {
		rng := rand.New(rand.NewPCG(seed, 3))
		g := stratego.NewGame(stratego.NewStart(stratego.GenerateSetup(stratego.Volcandria, rng),
			stratego.GenerateSetup(stratego.Everwinter, rng), stratego.Volcandria))
		for ply := 0; ply < plies && !g.Status().Over; ply++ {
			out = append(out, *g.Pos())
			legal := g.Legal()
			m := legal[rng.IntN(len(legal))]
			for try := 0; seed%2 == 1 && try < 20 && isBattle(g.Pos(), m); try++ {
				m = legal[rng.IntN(len(legal))]
			}
			if _, err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

func isBattle(p *stratego.Position, token string) bool {
	tok, err := stratego.ParseToken(token, p.SideToMove())
	return err == nil && p.At(tok.Move.To()) != stratego.NoPiece
}

// Terms counts what evaluate adds: Σ weight × term is the evaluation up
// to its integer divisions, for the hand-set weights and for random ones,
// from both roots.
func TestTermsAgreeWithEvaluate(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	worlds := randomWorlds(t, 12, 400)
	faded := 0
	for i := range worlds {
		p := &worlds[i]
		if p.Quiet() > quietFade {
			faded++
		}
		for _, w := range []Weights{HandSetWeights, randomWeights(rng)} {
			for root := stratego.Volcandria; root <= stratego.Everwinter; root++ {
				terms := Terms(p, root, w.HiddenShare)
				v := w.Vector()
				sum := 0.0
				for j := range terms {
					sum += v[j] * terms[j]
				}
				// Each unrevealed piece's share rounds down by under 1, the
				// second drive distance's half by under a step, the fade by
				// under 1.
				hidden := 0
				for sq := stratego.Square(0); sq < 80; sq++ {
					if pc := p.At(sq); pc != stratego.NoPiece && !pc.Revealed() {
						hidden++
					}
				}
				tolerance := float64(hidden) + float64(w.DriveStep) + 2
				if got := evaluate(p, root, &w); math.Abs(float64(got)-sum) > tolerance {
					t.Fatalf("position %d (%s), root %v: evaluate %d, terms give %.2f (tolerance %.0f)", i, p.String(), root, got, sum, tolerance)
				}
			}
		}
	}
	if faded == 0 {
		t.Fatal("no position past the quiet fade: the fade's scaling went untested")
	}
}

func randomWeights(rng *rand.Rand) Weights {
	w := HandSetWeights
	for _, k := range FittedKinds {
		w.Piece[k] = rng.IntN(500)
	}
	w.SlayerHunt, w.LastDwarfs, w.HiddenPiece, w.HiddenMoved = rng.IntN(200), rng.IntN(80), rng.IntN(60)-30, rng.IntN(60)-30
	w.DriveStep, w.SlayerStep, w.IntrusionStep, w.Danger = rng.IntN(20), rng.IntN(20), rng.IntN(20), rng.IntN(20)
	w.HiddenShare = 1 + rng.IntN(12)
	return w
}

// Vector and WithVector are each other's inverse on the fitted weights.
func TestWeightsVectorRoundTrips(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for range 20 {
		w := randomWeights(rng)
		if back := HandSetWeights.WithVector(w.Vector()); back.Vector() != w.Vector() {
			t.Fatalf("%+v came back as %+v", w, back)
		}
	}
}

// The evaluation allocates nothing, whichever weights it reads.
func TestEvaluateDoesNotAllocate(t *testing.T) {
	worlds := randomWorlds(t, 1, 50)
	if n := testing.AllocsPerRun(100, func() {
		for i := range worlds {
			evaluate(&worlds[i], stratego.Volcandria, &FittedWeights)
		}
	}); n != 0 {
		t.Fatalf("evaluate allocates %.0f times per run", n)
	}
}

// Without weights the search plays the hand-set ones node for node; the
// fitted weights reach the evaluation (other weights, another search).
func TestWeightsOption(t *testing.T) {
	g := midgame(t, 21, 40)
	search := func(w *Weights) Result {
		e := New()
		start := g.Begin().View(g.Pos().SideToMove())
		o := Defaults(&start, g.Observations())
		o.Weights = w
		e.SetOptions(o)
		return e.Search(context.Background(), g.Pos(), g.PublicHistory(), Limits{Nodes: 15000}, nil)
	}
	none := search(nil)
	assert.Equal(t, none, search(&HandSetWeights))
	if FittedWeights == HandSetWeights {
		assert.Equal(t, none, search(&FittedWeights))
	}
	other := HandSetWeights
	other.Piece[stratego.Scout], other.HiddenPiece, other.DriveStep = 80, 30, 0
	assert.NotEqual(t, none.Score, search(&other).Score, "other weights evaluated as the hand-set ones")
}
