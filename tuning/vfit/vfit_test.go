package vfit

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// synthetic makes positions of three weights, labelled by truth at scale k.
func synthetic(truth []float64, k float64, n int) []Sample {
	rng := rand.New(rand.NewPCG(1, 2))
	out := make([]Sample, n)
	for i := range out {
		s := Sample{Base: float64(rng.IntN(600) - 300), Terms: []float32{float32(rng.IntN(3) - 1), float32(rng.IntN(3) - 1), float32(rng.IntN(5) - 2)},
			Validation: i%10 == 0}
		e := s.Evaluate(truth)
		s.Score, s.Result = e, Sigmoid(e, k)
		out[i] = s
	}
	return out
}

// The fit finds the weights and the scale, keeps tied weights' mean and
// frozen weights, and gives the same answer every time.
func TestFit(t *testing.T) {
	truth := []float64{70, 10, -25}
	samples := synthetic(truth, 300, 2000)
	assert.InDelta(t, 300, FitK(samples, truth), 1)

	m := Model{Names: []string{"a", "b", "c"}, Start: []float64{40, 40, 0}}
	cfg := Config{Lambda: 0.3, Epochs: 600, LearningRate: 2}
	res, err := Fit(samples, m, cfg)
	require.NoError(t, err)
	assert.InDeltaSlice(t, truth, res.Weights, 1)
	assert.Equal(t, 1800, res.Train)
	assert.Equal(t, 200, res.Validation)
	again, err := Fit(samples, m, cfg)
	require.NoError(t, err)
	assert.Equal(t, res, again, "deterministic")

	m.Tied = []bool{true, true, false}
	m.Frozen = []bool{false, false, true}
	res, err = Fit(samples, m, cfg)
	require.NoError(t, err)
	assert.InDelta(t, 80, res.Weights[0]+res.Weights[1], 1e-9, "the tied weights keep their mean")
	assert.Equal(t, 0.0, res.Weights[2], "a frozen weight stays")
	assert.Greater(t, res.Weights[0], res.Weights[1])

	_, err = Fit(samples, Model{Names: []string{"a"}, Start: []float64{1, 2}}, cfg)
	require.Error(t, err)
	_, err = Fit(samples[:0], m, cfg)
	require.ErrorContains(t, err, "no training positions")
	cfg.Lambda = 2
	_, err = Fit(samples, m, cfg)
	require.ErrorContains(t, err, "λ")
}
