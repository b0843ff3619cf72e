// Package nnuetrain trains the neural evaluation (package nnue) on
// self-play data (package trainingdata): a float32 copy of the network,
// mini-batches spread over threads, Adam, a target blended from the search
// score and the game's result, held-out validation, a learning-rate
// schedule, checkpoints, and export to a quantised net file
// (docs/NNUE.md, "Training").
package nnuetrain

import (
	"math"
	"math/rand/v2"

	"tempest/movegen"
	"tempest/nnue"
	"tempest/tuning/trainingdata"
)

const (
	inputs  = nnue.Inputs
	hidden  = nnue.Hidden
	buckets = nnue.OutputBuckets
	// Weight bounds that keep the quantised net exact: an output weight
	// times QB within ±MaxOutputWeight, a feature weight times QA well
	// inside int16 even summed over 32 pieces.
	maxOutput  = float32(nnue.MaxOutputWeight) / nnue.QB
	maxFeature = float32(1.98)
)

// Model is the network in float32, in the units the quantised net
// divides out: an activation of 1 is QA, an output of 1 is Scale
// centipawns.
type Model struct {
	W1 []float32 // inputs × hidden, feature by feature
	B1 []float32 // hidden
	W2 []float32 // Buckets × 2 × hidden: per output bucket, the side to move's half first
	B2 []float32 // Buckets
	// Buckets is the number of output layers: nnue.OutputBuckets, or 1 for
	// one layer that the quantised net copies into every bucket (the nets
	// before buckets, to compare with).
	Buckets int
}

// newZeroModel is a model of zeros (a gradient's shape).
func newZeroModel(buckets int) *Model {
	return &Model{W1: make([]float32, inputs*hidden), B1: make([]float32, hidden),
		W2: make([]float32, buckets*2*hidden), B2: make([]float32, buckets), Buckets: buckets}
}

// bucket is the output layer the model scores s with.
func (m *Model) bucket(s *sample) int {
	if m.Buckets == 1 {
		return 0
	}
	return s.bucket
}

// NewModel initialises a model of 1 or nnue.OutputBuckets output layers:
// feature weights uniform in ±1/√(32), as 32 features are active at most,
// output weights small and random.
func NewModel(seed uint64, buckets int) *Model {
	rng := rand.New(rand.NewPCG(seed, 0x4E4E))
	m := newZeroModel(buckets)
	r1 := float32(1 / math.Sqrt(32))
	for i := range m.W1 {
		m.W1[i] = (rng.Float32()*2 - 1) * r1
	}
	r2 := float32(1 / math.Sqrt(2*hidden))
	for i := range m.W2 {
		m.W2[i] = (rng.Float32()*2 - 1) * r2
	}
	return m
}

// params lists the model's weights as one slice each, in a fixed order,
// for the optimiser.
func (m *Model) params() [][]float32 {
	return [][]float32{m.W1, m.B1, m.W2, m.B2}
}

// sample is one position's inputs and targets.
type sample struct {
	us, them [32]int32 // active features from the side to move's and the other side's view
	n        int
	bucket   int     // the output bucket, by the number of pieces
	score    float32 // the search score, centipawns, side to move's view
	result   float32 // the game's result, side to move's view: 1, 0.5, 0
}

// decode turns a record into a sample; mirror reflects the board from
// the a-file to the h-file, the same chess when no castling right is left.
func decode(r *trainingdata.Record, s *sample, mirror bool) {
	flip := movegen.Square(0)
	if mirror {
		flip = 7
	}
	stm := movegen.White
	if r.BlackToMove() {
		stm = movegen.Black
	}
	s.n = 0
	r.ForEachPiece(func(sq movegen.Square, pc movegen.Piece) {
		if s.n < 32 {
			s.us[s.n] = int32(nnue.Feature(stm, pc, sq^flip))
			s.them[s.n] = int32(nnue.Feature(stm^1, pc, sq^flip))
			s.n++
		}
	})
	s.bucket = nnue.OutputBucket(s.n)
	s.score = float32(r.Score())
	s.result = 0.5
	switch r.Result() {
	case trainingdata.WhiteWins:
		s.result = 1
	case trainingdata.BlackWins:
		s.result = 0
	}
	if stm == movegen.Black {
		s.result = 1 - s.result
	}
}

func sigmoid(x float32) float32 { return 1 / (1 + float32(math.Exp(float64(-x)))) }

// Objective is what the model is fitted to: a blend of the game's result
// (Lambda of it) and the search score's expected result on a logistic
// curve of WDLScale centipawns (the score at which the side to move is
// expected to make 73%), the net's output read on the same curve.
type Objective struct {
	Lambda   float32
	WDLScale float32 // centipawns; 0: nnue.Scale, as the first runs had it
}

func (o Objective) scale() float32 {
	if o.WDLScale == 0 {
		return nnue.Scale
	}
	return o.WDLScale
}

// target blends the two labels.
func (o Objective) target(s *sample) float32 {
	return o.Lambda*s.result + (1-o.Lambda)*sigmoid(s.score/o.scale())
}

// scratch is one thread's per-sample buffers.
type scratch struct {
	accUs, accThem [hidden]float32
}

// forward computes the output (in units of Scale centipawns) and leaves
// the accumulators in sc.
func (m *Model) forward(s *sample, sc *scratch) float32 {
	copy(sc.accUs[:], m.B1)
	copy(sc.accThem[:], m.B1)
	for i := 0; i < s.n; i++ {
		rowUs := m.W1[int(s.us[i])*hidden:][:hidden]
		rowThem := m.W1[int(s.them[i])*hidden:][:hidden]
		for j := range hidden {
			sc.accUs[j] += rowUs[j]
			sc.accThem[j] += rowThem[j]
		}
	}
	b := m.bucket(s)
	out := m.B2[b]
	w2 := m.W2[b*2*hidden:][:2*hidden]
	w2us, w2them := w2[:hidden], w2[hidden:]
	for j := range hidden {
		out += screlu(sc.accUs[j])*w2us[j] + screlu(sc.accThem[j])*w2them[j]
	}
	return out
}

func screlu(x float32) float32 {
	x = min(max(x, 0), 1)
	return x * x
}

// dscrelu is screlu's derivative.
func dscrelu(x float32) float32 {
	if x <= 0 || x >= 1 {
		return 0
	}
	return 2 * x
}

// backward adds the gradient of the loss for one sample to g, given
// dOut, the loss's derivative by the output, and sc from forward.
func (m *Model) backward(s *sample, sc *scratch, dOut float32, g *Model) {
	b := m.bucket(s)
	g.B2[b] += dOut
	w2 := m.W2[b*2*hidden:][:2*hidden]
	g2 := g.W2[b*2*hidden:][:2*hidden]
	w2us, w2them := w2[:hidden], w2[hidden:]
	g2us, g2them := g2[:hidden], g2[hidden:]
	var dUs, dThem [hidden]float32
	for j := range hidden {
		g2us[j] += dOut * screlu(sc.accUs[j])
		g2them[j] += dOut * screlu(sc.accThem[j])
		dUs[j] = dOut * w2us[j] * dscrelu(sc.accUs[j])
		dThem[j] = dOut * w2them[j] * dscrelu(sc.accThem[j])
		g.B1[j] += dUs[j] + dThem[j]
	}
	for i := 0; i < s.n; i++ {
		rowUs := g.W1[int(s.us[i])*hidden:][:hidden]
		rowThem := g.W1[int(s.them[i])*hidden:][:hidden]
		for j := range hidden {
			rowUs[j] += dUs[j]
			rowThem[j] += dThem[j]
		}
	}
}

// loss is the squared error of the predicted expected result (the output,
// in units of nnue.Scale centipawns, on the objective's curve), and its
// derivative by the output.
func (o Objective) loss(out, t float32) (l, dOut float32) {
	k := nnue.Scale / o.scale()
	p := sigmoid(out * k)
	d := p - t
	return d * d, 2 * d * p * (1 - p) * k
}

// Quantise rounds the model to the integer net, clamping every weight to
// what the net's types and the SIMD path allow.
func (m *Model) Quantise() *nnue.Network {
	n := new(nnue.Network)
	q := func(x float32, scale float32, limit float64) int16 {
		v := math.Round(float64(x * scale))
		return int16(min(max(v, -limit), limit))
	}
	for i, w := range m.W1 {
		n.FeatureWeights[i] = q(w, nnue.QA, 32767)
	}
	for i, b := range m.B1 {
		n.FeatureBias[i] = q(b, nnue.QA, 32767)
	}
	for b := range nnue.OutputBuckets {
		from := b % m.Buckets // one layer serves every bucket
		for i, w := range m.W2[from*2*hidden:][:2*hidden] {
			n.OutputWeights[b][i] = q(w, nnue.QB, nnue.MaxOutputWeight)
		}
		n.OutputBias[b] = int32(math.Round(float64(m.B2[from] * nnue.QA * nnue.QB)))
	}
	return n
}

// clip keeps the weights within the quantised net's bounds.
func (m *Model) clip() {
	for i, w := range m.W1 {
		m.W1[i] = min(max(w, -maxFeature), maxFeature)
	}
	for i, w := range m.W2 {
		m.W2[i] = min(max(w, -maxOutput), maxOutput)
	}
}

// FitWDLScale finds the logistic curve's scale that best predicts the
// games' results from the search scores (least squares over every
// position, the scale in whole centipawns from 20 to 2,000), and the
// mean squared error there: the WDLScale that makes the score and the
// result tell the net the same thing.
func FitWDLScale(records []trainingdata.Record) (scale int, mse float64) {
	// Count positions by (score, result) once: the fit then costs the
	// number of distinct scores per trial, not the number of positions.
	type key struct {
		score  int16
		result float32
	}
	counts := map[key]float64{}
	var s sample
	for i := range records {
		decode(&records[i], &s, false)
		counts[key{int16(s.score), s.result}]++
	}
	errAt := func(k int) float64 {
		var sum, n float64
		for c, w := range counts {
			d := float64(sigmoid(float32(c.score)/float32(k)) - c.result)
			sum += w * d * d
			n += w
		}
		return sum / max(n, 1)
	}
	lo, hi := 20, 2000
	for hi-lo > 2 { // the error is unimodal in the scale: ternary search
		m1, m2 := lo+(hi-lo)/3, hi-(hi-lo)/3
		if errAt(m1) <= errAt(m2) {
			hi = m2
		} else {
			lo = m1
		}
	}
	scale, mse = lo, errAt(lo)
	for k := lo + 1; k <= hi; k++ {
		if e := errAt(k); e < mse {
			scale, mse = k, e
		}
	}
	return scale, mse
}
