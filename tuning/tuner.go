//go:build tune

package tuning

import (
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"runtime"

	"golang.org/x/sync/errgroup"

	"tempest/eval"
	"tempest/movegen"
	"tempest/search"
)

// The evaluation is linear in its weights for a given position:
//
//	eval = Σ_i d_i × (mg_i × phase + eg_i × (24 − phase) × scale/128) / 24
//
// where d_i is how often weight i counts for White minus for Black. The
// tuner records d_i, phase and scale once per position (from the trace of
// the quiet leaf's evaluation) and then fits all weights by gradient descent
// on the mean squared error between game results and sigmoid(K × eval).

// coeff is one non-zero d_i of a position.
type coeff struct {
	index uint16
	value int16
}

// Position is a training position reduced to what the loss needs.
type Position struct {
	Result   float64
	mgWeight float64 // phase / 24
	egWeight float64 // (24 - phase) / 24 × scale / 128
	coeffs   []coeff
	base     float64 // the evaluation with the weights it was traced with, for checking
}

// Vector holds every weight as floats: [slot][0] middlegame, [slot][1] endgame.
type Vector [eval.NumSlots][2]float64

// VectorOf converts weights to the tuner's floating-point form.
func VectorOf(p *eval.Params) *Vector {
	var v Vector
	for i, s := range p.Flat() {
		v[i] = [2]float64{float64(s.MG()), float64(s.EG())}
	}
	return &v
}

// Params rounds the vector back to evaluation weights.
func (v *Vector) Params() eval.Params {
	var p eval.Params
	flat := p.Flat()
	for i := range flat {
		flat[i] = eval.S(int(math.Round(v[i][0])), int(math.Round(v[i][1])))
	}
	return p
}

// Evaluate computes a position's evaluation (White's view) under weights v.
func (p *Position) Evaluate(v *Vector) float64 {
	var mg, eg float64
	for _, c := range p.coeffs {
		mg += float64(c.value) * v[c.index][0]
		eg += float64(c.value) * v[c.index][1]
	}
	return mg*p.mgWeight + eg*p.egWeight
}

// Prepare resolves each sample to its quiet leaf (quiescence search) and
// traces the evaluation there. Positions in check after resolution, with a
// mate score or with a bare king against a mating force (eval.MateDrive,
// outside the linear model) are dropped; with quietOnly, so are positions whose leaf is not
// the position itself (a capture sequence was pending, so the game's result
// says less about the position's static features). Work is shared by
// threads goroutines.
func Prepare(ctx context.Context, samples []Sample, threads int, quietOnly bool) ([]Position, error) {
	out := make([]Position, len(samples))
	keep := make([]bool, len(samples))
	g, ctx := errgroup.WithContext(ctx)
	threads = max(threads, 1)
	chunk := (len(samples) + threads - 1) / threads
	for t := 0; t < threads; t++ {
		lo, hi := t*chunk, min((t+1)*chunk, len(samples))
		g.Go(func() error {
			resolver := search.NewResolver()
			var ev eval.Evaluator
			var trace eval.Trace
			for i := lo; i < hi; i++ {
				if i%4096 == 0 && ctx.Err() != nil {
					return ctx.Err()
				}
				pos, err := movegen.ParseFEN(samples[i].FEN)
				if err != nil {
					return fmt.Errorf("sample %d: %v", i, err)
				}
				leaf, score := resolver.QuietLeaf(pos)
				if leaf.InCheck() || search.IsMate(score) || eval.MateDrive(leaf.Board()) != 0 || (quietOnly && leaf.Key() != pos.Key()) {
					continue
				}
				white := float64(ev.EvaluateTrace(leaf.Board(), &trace))
				if leaf.SideToMove() == movegen.Black {
					white = -white
				}
				out[i] = positionFromTrace(samples[i].Result, &trace, white)
				keep[i] = true
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	n := 0
	for i := range out {
		if keep[i] {
			out[n] = out[i]
			n++
		}
	}
	return out[:n], nil
}

func positionFromTrace(result float64, t *eval.Trace, white float64) Position {
	p := Position{
		Result:   result,
		mgWeight: float64(t.Phase) / eval.MaxPhase,
		egWeight: float64(eval.MaxPhase-t.Phase) / eval.MaxPhase * float64(t.Scale) / eval.ScaleNormal,
		base:     white,
	}
	for i := range t.Coeff {
		if d := t.Coeff[i][movegen.White] - t.Coeff[i][movegen.Black]; d != 0 {
			p.coeffs = append(p.coeffs, coeff{index: uint16(i), value: int16(d)})
		}
	}
	return p
}

// sigmoid maps an evaluation to an expected score with scaling constant K.
func sigmoid(k, e float64) float64 { return 1 / (1 + math.Pow(10, -k*e/400)) }

// MeanSquaredError is the loss over the positions under weights v.
func MeanSquaredError(positions []Position, v *Vector, k float64, threads int) float64 {
	sums := make([]float64, max(threads, 1))
	parallel(len(positions), threads, func(t, lo, hi int) {
		for i := lo; i < hi; i++ {
			d := positions[i].Result - sigmoid(k, positions[i].Evaluate(v))
			sums[t] += d * d
		}
	})
	total := 0.0
	for _, s := range sums {
		total += s
	}
	return total / float64(max(len(positions), 1))
}

// FitK finds the sigmoid scale that best explains the results with the
// current weights (golden-section search on [0.1, 5]).
func FitK(positions []Position, v *Vector, threads int) float64 {
	lo, hi := 0.1, 5.0
	phi := (math.Sqrt(5) - 1) / 2
	a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
	fa, fb := MeanSquaredError(positions, v, a, threads), MeanSquaredError(positions, v, b, threads)
	for hi-lo > 1e-4 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - phi*(hi-lo)
			fa = MeanSquaredError(positions, v, a, threads)
		} else {
			lo, a, fa = a, b, fb
			b = lo + phi*(hi-lo)
			fb = MeanSquaredError(positions, v, b, threads)
		}
	}
	return (lo + hi) / 2
}

// gradient returns d(MSE)/d(weights), computed analytically.
func gradient(positions []Position, v *Vector, k float64, threads int) *Vector {
	parts := make([]Vector, max(threads, 1))
	parallel(len(positions), threads, func(t, lo, hi int) {
		g := &parts[t]
		for i := lo; i < hi; i++ {
			p := &positions[i]
			s := sigmoid(k, p.Evaluate(v))
			// d/de (r - s)^2 = -2 (r - s) s (1 - s) ln10 k / 400
			f := -2 * (p.Result - s) * s * (1 - s) * math.Ln10 * k / 400
			for _, c := range p.coeffs {
				g[c.index][0] += f * float64(c.value) * p.mgWeight
				g[c.index][1] += f * float64(c.value) * p.egWeight
			}
		}
	})
	var total Vector
	n := float64(max(len(positions), 1))
	for t := range parts {
		for i := range total {
			total[i][0] += parts[t][i][0] / n
			total[i][1] += parts[t][i][1] / n
		}
	}
	return &total
}

// parallel splits [0, n) into threads ranges and runs work on each.
func parallel(n, threads int, work func(t, lo, hi int)) {
	threads = max(threads, 1)
	chunk := (n + threads - 1) / threads
	var g errgroup.Group
	for t := 0; t < threads; t++ {
		lo, hi := t*chunk, min((t+1)*chunk, n)
		if lo >= hi {
			continue
		}
		g.Go(func() error { work(t, lo, hi); return nil })
	}
	g.Wait()
}

// Config sets up a tuning run.
type Config struct {
	Epochs       int
	LearningRate float64 // Adam step size, in centipawns
	Threads      int
	K            float64 // 0: fit it first
	// L2 adds L2 × Σ((w − w₀)/100)² to the loss, w₀ being the starting
	// weights: a weight the data says little about stays near its prior
	// instead of drifting to an extreme (1e-5: a 100 cp move must lower the
	// mean squared error by 1e-5 to pay for itself).
	L2     float64
	Frozen func(slot int) bool
	Report func(epoch int, train, validation float64)
}

// DefaultConfig is used by the documented tuning command.
var DefaultConfig = Config{Epochs: 2000, LearningRate: 1, Threads: runtime.GOMAXPROCS(0)}

// Result is the outcome of Tune.
type Result struct {
	Weights                           *Vector
	K                                 float64
	TrainBefore, TrainAfter           float64
	ValidationBefore, ValidationAfter float64
	BestEpoch                         int
}

// Tune fits the weights to the training positions with Adam (full-batch,
// analytic gradients), and keeps the weights of the epoch with the lowest
// validation error, so the validation error never ends above where it started.
func Tune(train, validation []Position, start *Vector, cfg Config) Result {
	v := *start
	k := cfg.K
	if k == 0 {
		k = FitK(train, &v, cfg.Threads)
	}
	res := Result{K: k}
	res.TrainBefore = MeanSquaredError(train, &v, k, cfg.Threads)
	res.ValidationBefore = MeanSquaredError(validation, &v, k, cfg.Threads)
	best, bestValidation := v, res.ValidationBefore
	var m, s Vector
	const beta1, beta2, epsilon = 0.9, 0.999, 1e-8
	for epoch := 1; epoch <= cfg.Epochs; epoch++ {
		g := gradient(train, &v, k, cfg.Threads)
		if cfg.L2 > 0 {
			f := 2 * cfg.L2 / (100 * 100) // d/dw of L2 × ((w − w₀)/100)²
			for i := range v {
				for j := 0; j < 2; j++ {
					g[i][j] += f * (v[i][j] - start[i][j])
				}
			}
		}
		for i := range v {
			if cfg.Frozen != nil && cfg.Frozen(i) {
				continue
			}
			for j := 0; j < 2; j++ {
				m[i][j] = beta1*m[i][j] + (1-beta1)*g[i][j]
				s[i][j] = beta2*s[i][j] + (1-beta2)*g[i][j]*g[i][j]
				mHat := m[i][j] / (1 - math.Pow(beta1, float64(epoch)))
				sHat := s[i][j] / (1 - math.Pow(beta2, float64(epoch)))
				v[i][j] -= cfg.LearningRate * mHat / (math.Sqrt(sHat) + epsilon)
			}
		}
		if epoch%25 == 0 || epoch == cfg.Epochs {
			val := MeanSquaredError(validation, &v, k, cfg.Threads)
			if val < bestValidation {
				best, bestValidation, res.BestEpoch = v, val, epoch
			}
			if cfg.Report != nil {
				cfg.Report(epoch, MeanSquaredError(train, &v, k, cfg.Threads), val)
			}
		}
	}
	res.Weights = &best
	res.TrainAfter = MeanSquaredError(train, &best, k, cfg.Threads)
	res.ValidationAfter = bestValidation
	return res
}

// Split divides positions into training and validation sets by a hash of
// the FEN, so the same position always lands on the same side.
func Split(samples []Sample, validationShare float64) (train, validation []Sample) {
	for _, s := range samples {
		h := fnv.New32a()
		h.Write([]byte(s.FEN))
		if float64(h.Sum32()%10000) < validationShare*10000 {
			validation = append(validation, s)
		} else {
			train = append(train, s)
		}
	}
	return train, validation
}
