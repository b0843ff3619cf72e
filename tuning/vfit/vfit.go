// Package vfit fits a variant's evaluation weights to self-play positions
// by Texel-style logistic regression (docs/VARIANT-TRAINING.md, "The
// fit"). An evaluation is a fixed part (the chess board's evaluation, held
// as it is) plus weights times how often each counts in the position; the
// fit minimises the mean squared error between each position's target,
// λ·result + (1−λ)·sigmoid(score/K), and sigmoid(evaluation/K).
package vfit

import (
	"errors"
	"fmt"
	"hash/fnv"
	"math"
)

// Sample is one position, everything from the side to move's view.
type Sample struct {
	Base       float64   // the evaluation's fixed part, centipawns
	Terms      []float32 // how often each weight counts (a fraction where the evaluation scales a term)
	Result     float64   // the game's result: 1 won, 0.5 drawn, 0 lost
	Score      float64   // the search score, centipawns
	Validation bool      // held out: measures the fit, never moves it
}

// Model names the weights and says which the data can tell.
type Model struct {
	Names []string
	Start []float64 // the weights the fit starts from (and its report's "before")
	// Frozen weights stay at Start.
	Frozen []bool
	// Tied weights count only through their differences (card chess: each
	// hand always holds three cards, so adding one amount to every card's
	// value changes no evaluation); the fit keeps their mean at Start's.
	Tied []bool
}

// Config sets up a fit.
type Config struct {
	Lambda       float64 // the game result's share of the target
	K            float64 // sigmoid scale in centipawns; 0: fitted to the results first
	Epochs       int
	LearningRate float64 // Adam's step, centipawns
	// L2 adds L2 × Σ((w − start)/100)² to the loss, so that a weight the
	// data says little about stays near where it started.
	L2     float64
	Report func(epoch int, train, validation float64)
}

// DefaultConfig is what tempest-dev vfit uses unless told otherwise.
var DefaultConfig = Config{Lambda: 0.3, Epochs: 1000, LearningRate: 1, L2: 1e-6}

// Result is the outcome of a fit.
type Result struct {
	Weights                           []float64
	K                                 float64
	TrainBefore, TrainAfter           float64
	ValidationBefore, ValidationAfter float64
	BestEpoch                         int
	Train, Validation                 int // positions
}

// Sigmoid is the expected result of an evaluation e at scale k:
// 1/(1+10^(−e/k)), the curve the card-chess search averages worlds with
// (k = 400 there).
func Sigmoid(e, k float64) float64 { return 1 / (1 + math.Exp(-e*math.Ln10/k)) }

// Evaluate is the sample's evaluation under weights w.
func (s *Sample) Evaluate(w []float64) float64 {
	e := s.Base
	for i, n := range s.Terms {
		if n != 0 {
			e += float64(n) * w[i]
		}
	}
	return e
}

// target is the sample's target at scale k.
func (s *Sample) target(k, lambda float64) float64 {
	return lambda*s.Result + (1-lambda)*Sigmoid(s.Score, k)
}

// Loss is the mean squared error over the samples of one side of the
// split (validation or training).
func Loss(samples []Sample, w []float64, k, lambda float64, validation bool) float64 {
	return loss(samples, targets(samples, k, lambda), w, k, validation)
}

// targets are the samples' targets at scale k, computed once per fit.
func targets(samples []Sample, k, lambda float64) []float64 {
	t := make([]float64, len(samples))
	for i := range samples {
		t[i] = samples[i].target(k, lambda)
	}
	return t
}

func loss(samples []Sample, targets, w []float64, k float64, validation bool) float64 {
	sum, n := 0.0, 0
	for i := range samples {
		s := &samples[i]
		if s.Validation != validation {
			continue
		}
		d := targets[i] - Sigmoid(s.Evaluate(w), k)
		sum += d * d
		n++
	}
	return sum / float64(max(n, 1))
}

// FitK finds the scale at which the starting weights best predict the
// game results (λ = 1: the scores' part of the target depends on the
// scale itself), by golden-section search over 50..4000 cp.
func FitK(samples []Sample, w []float64) float64 {
	lo, hi := 50.0, 4000.0
	phi := (math.Sqrt(5) - 1) / 2
	results := make([]float64, len(samples))
	for i := range samples {
		results[i] = samples[i].Result
	}
	loss := func(k float64) float64 { return loss(samples, results, w, k, false) }
	a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
	fa, fb := loss(a), loss(b)
	for hi-lo > 0.01 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - phi*(hi-lo)
			fa = loss(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + phi*(hi-lo)
			fb = loss(b)
		}
	}
	return (lo + hi) / 2
}

// gradient is d(training loss)/d(weights).
func gradient(samples []Sample, targets, w []float64, k float64, g []float64) {
	clear(g)
	n := 0
	for i := range samples {
		s := &samples[i]
		if s.Validation {
			continue
		}
		n++
		p := Sigmoid(s.Evaluate(w), k)
		// d/de (t − p)² = −2 (t − p) p (1 − p) ln10 / k
		f := -2 * (targets[i] - p) * p * (1 - p) * math.Ln10 / k
		for j, c := range s.Terms {
			if c != 0 {
				g[j] += f * float64(c)
			}
		}
	}
	for j := range g {
		g[j] /= float64(max(n, 1))
	}
}

// Fit fits the model's weights to the samples: K first (unless given),
// then full-batch Adam for the epochs, keeping the weights of the epoch
// with the lowest validation loss (every 10th epoch is measured), so the
// validation loss never ends above where it started. It is deterministic:
// the same samples in the same order give the same weights.
func Fit(samples []Sample, m Model, cfg Config) (Result, error) {
	nw := len(m.Start)
	if len(m.Names) != nw || (m.Frozen != nil && len(m.Frozen) != nw) || (m.Tied != nil && len(m.Tied) != nw) {
		return Result{}, errors.New("vfit: the model's names, start, frozen and tied lists differ in length")
	}
	var res Result
	for i := range samples {
		if len(samples[i].Terms) != nw {
			return res, fmt.Errorf("vfit: sample %d has %d terms, the model %d weights", i, len(samples[i].Terms), nw)
		}
		if samples[i].Validation {
			res.Validation++
		} else {
			res.Train++
		}
	}
	if res.Train == 0 {
		return res, errors.New("vfit: no training positions")
	}
	if cfg.Lambda < 0 || cfg.Lambda > 1 {
		return res, fmt.Errorf("vfit: λ %g is not in 0..1", cfg.Lambda)
	}
	w := append([]float64(nil), m.Start...)
	k := cfg.K
	if k == 0 {
		k = FitK(samples, w)
	}
	res.K = k
	t := targets(samples, k, cfg.Lambda)
	res.TrainBefore = loss(samples, t, w, k, false)
	res.ValidationBefore = loss(samples, t, w, k, true)
	best, bestLoss := append([]float64(nil), w...), res.ValidationBefore
	if res.Validation == 0 {
		bestLoss = res.TrainBefore // nothing held out: the training loss decides
	}
	g := make([]float64, nw)
	mom, vel, step := make([]float64, nw), make([]float64, nw), make([]float64, nw)
	const beta1, beta2, epsilon = 0.9, 0.999, 1e-12
	for epoch := 1; epoch <= cfg.Epochs; epoch++ {
		gradient(samples, t, w, k, g)
		for j := range g {
			g[j] += 2 * cfg.L2 / (100 * 100) * (w[j] - m.Start[j]) // d/dw of L2 × ((w − start)/100)²
		}
		tiedMean, tied := 0.0, 0
		for j := range w {
			step[j] = 0
			if m.Frozen != nil && m.Frozen[j] {
				continue
			}
			mom[j] = beta1*mom[j] + (1-beta1)*g[j]
			vel[j] = beta2*vel[j] + (1-beta2)*g[j]*g[j]
			mHat := mom[j] / (1 - math.Pow(beta1, float64(epoch)))
			vHat := vel[j] / (1 - math.Pow(beta2, float64(epoch)))
			step[j] = -cfg.LearningRate * mHat / (math.Sqrt(vHat) + epsilon)
			if m.Tied != nil && m.Tied[j] {
				tiedMean += step[j]
				tied++
			}
		}
		for j := range w {
			if m.Tied != nil && m.Tied[j] && !(m.Frozen != nil && m.Frozen[j]) {
				step[j] -= tiedMean / float64(tied) // the tied weights' mean stays where it began
			}
			w[j] += step[j]
		}
		if epoch%10 == 0 || epoch == cfg.Epochs {
			train := loss(samples, t, w, k, false)
			measured := train
			if res.Validation > 0 {
				measured = loss(samples, t, w, k, true)
			}
			if measured < bestLoss {
				copy(best, w)
				bestLoss, res.BestEpoch = measured, epoch
			}
			if cfg.Report != nil {
				cfg.Report(epoch, train, measured)
			}
		}
	}
	res.Weights = best
	res.TrainAfter = loss(samples, t, best, k, false)
	res.ValidationAfter = loss(samples, t, best, k, true)
	return res, nil
}

// Validation reports whether game number game of the shard of seed is
// held out: about one game in ten, by a hash of the split seed and the
// game, so a game's positions are all on one side and the split does not
// depend on the order files are read in.
func Validation(split, seed uint64, game int) bool {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d/%d/%d", split, seed, game)
	return h.Sum64()%10 == 0
}
