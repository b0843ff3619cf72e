//go:build tune

package tuning

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/eval"
)

func loadPositions(t *testing.T, limit int) []Position {
	t.Helper()
	zuri, err := ReadSamplesFile("../testdata/tuning/zurichess-quiet-labeled-sample.epd")
	require.NoError(t, err)
	tcec, err := ReadSamplesFile("../testdata/tuning/tcec-labeled.epd.xz")
	require.NoError(t, err)
	samples := append(zuri, tcec[:limit]...)
	positions, err := Prepare(context.Background(), samples, 2, false)
	require.NoError(t, err)
	require.Greater(t, len(positions), len(samples)*9/10)
	return positions
}

// TestLinearModelMatchesEngine: the traced linear model gives the engine's
// own evaluation (up to the rounding of integer arithmetic).
func TestLinearModelMatchesEngine(t *testing.T) {
	positions := loadPositions(t, 2000)
	v := VectorOf(&eval.Weights)
	for _, p := range positions {
		require.InDelta(t, p.base, p.Evaluate(v), 2.0)
	}
}

// TestRecoverKnownWeights labels positions with the expected score of a
// known, different set of weights and checks that the tuner, started from
// the engine's weights, finds weights that evaluate like the known ones.
func TestRecoverKnownWeights(t *testing.T) {
	positions := loadPositions(t, 6000)
	truth := VectorOf(&eval.Weights)
	// A different, plausible set: scale the structural terms, shift a few.
	for i := range truth {
		truth[i][0] *= 0.8
		truth[i][1] *= 1.15
	}
	slot := map[string]int{}
	for _, s := range eval.Slots() {
		slot[s.Name] = s.Index
	}
	truth[slot["BishopPair"]] = [2]float64{55, 20}
	truth[slot["Tempo"]] = [2]float64{30, 12}
	const k = 1.2
	for i := range positions {
		positions[i].Result = sigmoid(k, positions[i].Evaluate(truth))
	}
	train, validation := positions[:len(positions)*4/5], positions[len(positions)*4/5:]
	res := Tune(train, validation, VectorOf(&eval.Weights), Config{Epochs: 3000, LearningRate: 2, Threads: 2, K: k})

	assert.Less(t, res.ValidationAfter, res.ValidationBefore/20, "the fit explains the labels")
	var diff float64
	for _, p := range validation {
		diff += math.Abs(p.Evaluate(res.Weights) - p.Evaluate(truth))
	}
	diff /= float64(len(validation))
	assert.Less(t, diff, 8.0, "mean evaluation difference on held-out positions (cp)")
	assert.InDelta(t, 55, res.Weights[slot["BishopPair"]][0], 8)
	assert.InDelta(t, 30, res.Weights[slot["Tempo"]][0], 8)
	t.Logf("validation MSE %.2e -> %.2e, mean |eval - truth| %.2f cp, bishop pair %.1f, tempo %.1f",
		res.ValidationBefore, res.ValidationAfter, diff, res.Weights[slot["BishopPair"]][0], res.Weights[slot["Tempo"]][0])
}

// TestRealDataGeneralises: tuning on game results lowers the error on
// positions it did not see.
func TestRealDataGeneralises(t *testing.T) {
	positions := loadPositions(t, 20000)
	train, validation := positions[:len(positions)*4/5], positions[len(positions)*4/5:]
	res := Tune(train, validation, VectorOf(&eval.Weights), Config{Epochs: 200, LearningRate: 1, Threads: 2})
	assert.Less(t, res.ValidationAfter, res.ValidationBefore)
	assert.Less(t, res.TrainAfter, res.TrainBefore)
	t.Logf("K %.3f; train %.5f -> %.5f; validation %.5f -> %.5f", res.K, res.TrainBefore, res.TrainAfter, res.ValidationBefore, res.ValidationAfter)
}

// TestL2HoldsWeightsNearStart: the L2 pull keeps the fit closer to the
// starting weights than an unregularised fit, while still learning.
func TestL2HoldsWeightsNearStart(t *testing.T) {
	positions := loadPositions(t, 6000)
	start := VectorOf(&eval.Weights)
	truth := *start
	for i := range truth {
		truth[i][0] *= 0.7
		truth[i][1] *= 1.3
	}
	const k = 1.2
	for i := range positions {
		positions[i].Result = sigmoid(k, positions[i].Evaluate(&truth))
	}
	train, validation := positions[:len(positions)*4/5], positions[len(positions)*4/5:]
	drift := func(v *Vector) float64 {
		var d float64
		for i := range v {
			d += math.Abs(v[i][0]-start[i][0]) + math.Abs(v[i][1]-start[i][1])
		}
		return d / float64(2*len(v))
	}
	cfg := Config{Epochs: 400, LearningRate: 2, Threads: 2, K: k}
	free := Tune(train, validation, start, cfg)
	cfg.L2 = 1e-3
	held := Tune(train, validation, start, cfg)
	assert.Less(t, drift(held.Weights), drift(free.Weights)/2, "mean |w - w0|, cp")
	assert.Less(t, held.ValidationAfter, held.ValidationBefore, "the regularised fit still learns")
	assert.Greater(t, held.ValidationAfter, free.ValidationAfter, "the pull costs some fit on these noiseless labels")
	t.Logf("drift %.2f cp free, %.2f cp with L2; validation %.2e free, %.2e with L2 (from %.2e)",
		drift(free.Weights), drift(held.Weights), free.ValidationAfter, held.ValidationAfter, held.ValidationBefore)
}
