// Package vfittest holds the checks every variant's fit must pass
// (docs/VARIANT-TRAINING.md): the fitter recovers weights it was not
// told, and the committed weights file is the one the fitter writes.
package vfittest

import (
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"tempest/rules"
	"tempest/tuning/vfit"
)

// Recovery is a test that the fitter finds weights it was not told:
// samples labelled by the evaluation with weights Want (each one's score
// is that evaluation, its result what the score predicts at scale K) are
// fitted from other weights back to Want.
type Recovery struct {
	Want   []float64
	K      float64
	Epochs int
	// Terms non-zero in fewer than MinSupport samples are too rare to pin
	// down and are not checked; those in Common must not be so rare.
	MinSupport int
	Common     []int
	Delta      float64 // how near a checked weight must come to Want's
}

// Fit labels samples, fits them from start (learning rate 2, no L2) and
// fails unless every term common enough comes back within Delta.
func (r Recovery) Fit(t *testing.T, samples []vfit.Sample, start vfit.Model) vfit.Result {
	t.Helper()
	for i := range samples {
		e := samples[i].Evaluate(r.Want)
		samples[i].Score, samples[i].Result = e, vfit.Sigmoid(e, r.K)
	}
	support := make([]int, len(r.Want))
	for _, s := range samples {
		for j, x := range s.Terms {
			if x != 0 {
				support[j]++
			}
		}
	}
	for _, j := range r.Common {
		if support[j] < r.MinSupport {
			t.Fatalf("term %s is almost never non-zero (%d samples)", start.Names[j], support[j])
		}
	}
	cfg := vfit.DefaultConfig
	cfg.K, cfg.Epochs, cfg.LearningRate, cfg.L2 = r.K, r.Epochs, 2, 0
	res, err := vfit.Fit(samples, start, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for j, want := range r.Want {
		switch {
		case support[j] < r.MinSupport:
			t.Logf("%s: non-zero in %d samples only; not checked", start.Names[j], support[j])
		case !(math.Abs(res.Weights[j]-want) <= r.Delta):
			t.Errorf("%s: fitted %.2f, want %.2f ± %g", start.Names[j], res.Weights[j], want, r.Delta)
		}
	}
	return res
}

// RandomSamples are the positions of random games, a sample each with its
// row of the model and every tenth held out: game number i (1..games)
// starts as newGame makes it from a generator seeded by i, and plays up
// to plies random legal moves drawn from that generator.
func RandomSamples[G rules.Service](t *testing.T, games, plies int, newGame func(*rand.Rand) G, row func(G) []float32) []vfit.Sample {
	t.Helper()
	var out []vfit.Sample
	for seed := uint64(1); seed <= uint64(games); seed++ {
		rng := rand.New(rand.NewPCG(seed, 77))
		g := newGame(rng)
		for ply := 0; ply < plies && !g.Status().Over; ply++ {
			out = append(out, vfit.Sample{Terms: row(g), Validation: ply%10 == 3})
			legal := g.Legal()
			if _, err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// Generated fails unless the committed weights file at path is what
// source makes of its provenance (vfit.Provenance): the file is
// generated, not edited.
func Generated(t *testing.T, path string, source func(provenance []string) ([]byte, error)) {
	t.Helper()
	committed, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	written, err := source(vfit.Provenance(committed))
	if err != nil {
		t.Fatal(err)
	}
	a, b := strings.Split(string(committed), "\n"), strings.Split(string(written), "\n")
	for i := range max(len(a), len(b)) {
		if i >= len(a) || i >= len(b) || a[i] != b[i] {
			t.Fatalf("%s is not what the fitter writes for its weights, from line %d (regenerate it with tempest-dev vfit)", path, i+1)
		}
	}
}
