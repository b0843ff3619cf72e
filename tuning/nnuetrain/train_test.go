package nnuetrain

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/movegen"
	"tempest/nnue"
	"tempest/tuning/trainingdata"
)

var pieceValue = [7]int{0, 100, 300, 320, 500, 900, 0}

// materialData is positions of random games labelled with their material
// balance as the score and a result drawn from it: a target the net can
// learn, known in advance.
func materialData(t testing.TB, n int, seed uint64) []trainingdata.Record {
	rng := rand.New(rand.NewPCG(seed, 9))
	var out []trainingdata.Record
	var buf [movegen.MaxMoves]movegen.Move
	for len(out) < n {
		pos := movegen.NewStartPosition()
		for ply := 0; ply < 160 && pos.Outcome() == movegen.Ongoing && len(out) < n; ply++ {
			bal := 0
			for occ := pos.Occupied(); occ != 0; {
				sq := occ.PopLSB()
				pc := pos.Piece(sq)
				v := pieceValue[pc.Type()]
				if pc.Color() != pos.SideToMove() {
					v = -v
				}
				bal += v
			}
			res := trainingdata.Draw
			white := bal
			if pos.SideToMove() == movegen.Black {
				white = -bal
			}
			if p := 1 / (1 + math.Exp(-float64(white)/400)); rng.Float64() < p-0.25 {
				res = trainingdata.WhiteWins
			} else if rng.Float64() > p+0.25 {
				res = trainingdata.BlackWins
			}
			r, err := trainingdata.Pack(pos, bal, res)
			require.NoError(t, err)
			out = append(out, r)
			moves := pos.GenLegal(buf[:])
			var u movegen.Undo
			pos.Make(moves[rng.IntN(len(moves))], &u)
		}
	}
	return out
}

// The backward pass is the derivative of the loss: checked against
// central differences in a few weights of every kind.
func TestGradientMatchesFiniteDifferences(t *testing.T) {
	for _, nb := range []int{1, buckets} {
		t.Run(fmt.Sprintf("%d buckets", nb), func(t *testing.T) { gradientMatchesFiniteDifferences(t, nb) })
	}
}

func gradientMatchesFiniteDifferences(t *testing.T, nb int) {
	recs := materialData(t, 8, 1)
	m := NewModel(3, nb)
	for i := range m.B1 {
		m.B1[i] = 0.3 // most units inside the clamp, so gradients flow
	}
	// A curve narrower than the output's unit: the derivative carries the
	// curve's factor too.
	obj := Objective{Lambda: 0.4, WDLScale: 150}
	lossOf := func() float64 {
		var sum float64
		var s sample
		var sc scratch
		for i := range recs {
			decode(&recs[i], &s, false)
			l, _ := obj.loss(m.forward(&s, &sc), obj.target(&s))
			sum += float64(l)
		}
		return sum
	}
	g := newZeroModel(nb)
	var s sample
	var sc scratch
	for i := range recs {
		decode(&recs[i], &s, false)
		_, dOut := obj.loss(m.forward(&s, &sc), obj.target(&s))
		m.backward(&s, &sc, dOut, g)
	}
	decode(&recs[0], &s, false)
	b := m.bucket(&s)
	checks := []struct {
		name  string
		p, gp *float32
	}{
		{"B2", &m.B2[b], &g.B2[b]},
		{"W2 us", &m.W2[b*2*hidden+5], &g.W2[b*2*hidden+5]},
		{"W2 them", &m.W2[b*2*hidden+hidden+7], &g.W2[b*2*hidden+hidden+7]},
		{"B1", &m.B1[11], &g.B1[11]},
		{"W1 us", &m.W1[int(s.us[3])*hidden+13], &g.W1[int(s.us[3])*hidden+13]},
		{"W1 them", &m.W1[int(s.them[4])*hidden+17], &g.W1[int(s.them[4])*hidden+17]},
	}
	for _, c := range checks {
		const h = 1e-2
		old := *c.p
		*c.p = old + h
		up := lossOf()
		*c.p = old - h
		down := lossOf()
		*c.p = old
		numeric := (up - down) / (2 * h)
		assert.InDelta(t, numeric, float64(*c.gp), 1e-3+0.05*math.Abs(numeric), c.name)
	}
}

// Trained on material-labelled positions, the net learns material: the
// held-out loss falls well below the start's, and the quantised net
// scores an extra queen as a large advantage.
func TestTrainingLearnsMaterial(t *testing.T) {
	recs := materialData(t, 30000, 2)
	cfg := DefaultConfig
	cfg.Epochs, cfg.BatchSize, cfg.LR, cfg.LRDropEpoch, cfg.Threads = 6, 256, 0.003, 4, 2
	idx := make([]int32, 2000)
	for i := range idx {
		idx[i] = int32(i)
	}
	before := Loss(NewModel(cfg.Seed, buckets), recs, idx, cfg.objective(), 2)
	m, hist, err := Train(context.Background(), recs, cfg, nil)
	require.NoError(t, err)
	require.Len(t, hist, 6)
	last := hist[len(hist)-1]
	assert.Less(t, last.ValLoss, before/3, "validation loss %v, at the start %v", last.ValLoss, before)
	assert.Less(t, last.TrainLoss, hist[0].TrainLoss)

	// Positions of other random games a queen's worth or more ahead (or
	// behind) for the side to move: the net scores them that way round.
	n := m.Quantise()
	var ahead, behind []int
	for _, r := range materialData(t, 10000, 3) {
		pos, err := r.Position()
		require.NoError(t, err)
		var acc nnue.Accumulator
		n.Refresh(&acc, pos)
		score := n.Evaluate(&acc, pos.SideToMove(), pos.Occupied().Count())
		switch {
		case r.Score() >= 900:
			ahead = append(ahead, score)
		case r.Score() <= -900:
			behind = append(behind, score)
		}
	}
	require.Greater(t, len(ahead), 100)
	require.Greater(t, len(behind), 100)
	mean := func(v []int) float64 {
		sum := 0
		for _, x := range v {
			sum += x
		}
		return float64(sum) / float64(len(v))
	}
	t.Logf("a queen or more ahead: %d positions, mean %+.0f cp; behind: %d, mean %+.0f cp", len(ahead), mean(ahead), len(behind), mean(behind))
	assert.Greater(t, mean(ahead), 600.0, "a queen or more up")
	assert.Less(t, mean(behind), -600.0, "a queen or more down")
}

// The quantised net computes what the trained float model does, to within
// the rounding of its weights.
func TestQuantisedNetMatchesTheModel(t *testing.T) {
	recs := materialData(t, 20000, 4)
	cfg := DefaultConfig
	cfg.Epochs, cfg.BatchSize, cfg.LR, cfg.Threads = 3, 256, 0.003, 2
	m, _, err := Train(context.Background(), recs, cfg, nil)
	require.NoError(t, err)
	mean, worst := quantisationError(t, m, recs[:500])
	// Rounding 196,608 feature weights to 1/255 moves each accumulator a
	// little; squared and summed over 512 units that is a few centipawns.
	t.Logf("quantised against float: mean %.2f cp, worst %.1f cp", mean, worst)
	assert.Less(t, mean, 12.0, "mean centipawns apart")
	assert.Less(t, worst, 50.0, "centipawns apart at worst")
}

// With weights the integers represent exactly, the quantised net and the
// float model differ only by the integer divisions: a centipawn or two.
func TestQuantisationIsExactOnRepresentableWeights(t *testing.T) {
	for _, nb := range []int{1, buckets} {
		t.Run(fmt.Sprintf("%d buckets", nb), func(t *testing.T) { quantisationIsExact(t, nb) })
	}
}

// A one-layer model's net has that layer in every bucket; a model of
// buckets scores with each; checked on positions of random games down to
// a few pieces, so on most buckets.
func quantisationIsExact(t *testing.T, nb int) {
	recs := materialData(t, 3000, 5)
	m := NewModel(6, nb)
	rng := rand.New(rand.NewPCG(7, 8))
	for i := range m.W1 {
		m.W1[i] = float32(math.Round(float64(m.W1[i]*nnue.QA))) / nnue.QA
	}
	for i := range m.B1 {
		m.B1[i] = float32(rng.IntN(128)) / nnue.QA
	}
	for i := range m.W2 {
		m.W2[i] = float32(rng.IntN(255)-127) / nnue.QB
	}
	for b := range m.B2 {
		m.B2[b] = float32(1234+100*b) / float32(nnue.QA*nnue.QB)
	}
	_, worst := quantisationError(t, m, recs)
	assert.LessOrEqual(t, worst, 2.0)
}

// quantisationError compares the quantised net's scores of the records'
// positions with the float model's: the mean and the largest difference,
// in centipawns.
func quantisationError(t *testing.T, m *Model, recs []trainingdata.Record) (mean, worst float64) {
	n := m.Quantise()
	var s sample
	var sc scratch
	var sum float64
	for i := range recs {
		decode(&recs[i], &s, false)
		want := float64(m.forward(&s, &sc)) * nnue.Scale
		pos, err := recs[i].Position()
		require.NoError(t, err)
		var acc nnue.Accumulator
		n.Refresh(&acc, pos)
		diff := math.Abs(float64(n.Evaluate(&acc, pos.SideToMove(), pos.Occupied().Count())) - want)
		worst, sum = max(worst, diff), sum+diff
	}
	return sum / float64(len(recs)), worst
}

// A run stopped after an epoch and started again with the same settings
// ends with the same weights as one that never stopped.
func TestTrainingResumesFromItsCheckpoint(t *testing.T) {
	recs := materialData(t, 3000, 6)
	cfg := DefaultConfig
	cfg.Epochs, cfg.BatchSize, cfg.Threads = 3, 256, 2
	whole, _, err := Train(context.Background(), recs, cfg, nil)
	require.NoError(t, err)

	cfg.CheckpointDir = t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	_, _, err = Train(ctx, recs, cfg, func(st EpochStats) {
		if st.Epoch == 1 {
			cancel()
		}
	})
	require.ErrorIs(t, err, context.Canceled)
	resumed, hist, err := Train(context.Background(), recs, cfg, nil)
	require.NoError(t, err)
	assert.Len(t, hist, 3)
	assert.Equal(t, whole.W1, resumed.W1)
	assert.Equal(t, whole.B2, resumed.B2)

	other := cfg
	other.LR *= 2
	_, _, err = Train(context.Background(), recs, other, nil)
	assert.ErrorContains(t, err, "other settings")
}

// mirrorFEN reflects a FEN's board from the a-file to the h-file (castling
// rights must be -).
func mirrorFEN(t *testing.T, fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, r := range ranks {
		b := []byte(r)
		slices.Reverse(b)
		ranks[i] = string(b)
	}
	f[0] = strings.Join(ranks, "/")
	require.Equal(t, "-", f[2])
	if f[3] != "-" {
		f[3] = string(rune('h'-(f[3][0]-'a'))) + f[3][1:]
	}
	return strings.Join(f, " ")
}

// A mirrored sample has exactly the features of the mirrored position.
func TestMirroredSampleIsTheMirroredPosition(t *testing.T) {
	for _, fen := range []string{
		"r3k2r/pp1b1ppp/2n1pn2/q7/1bBP4/2N2N2/PP1B1PPP/R2QK2R b - - 3 9",
		"8/5pk1/6p1/3P4/2K5/8/8/8 w - - 0 50",
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
	} {
		pos, err := movegen.ParseFEN(fen)
		require.NoError(t, err)
		mpos, err := movegen.ParseFEN(mirrorFEN(t, fen))
		require.NoError(t, err)
		r, err := trainingdata.Pack(pos, 37, trainingdata.WhiteWins)
		require.NoError(t, err)
		mr, err := trainingdata.Pack(mpos, 37, trainingdata.WhiteWins)
		require.NoError(t, err)
		require.Zero(t, r.Castling())
		var a, b sample
		decode(&r, &a, true)
		decode(&mr, &b, false)
		sorted := func(x []int32) []int32 { x = slices.Clone(x); slices.Sort(x); return x }
		assert.Equal(t, sorted(b.us[:b.n]), sorted(a.us[:a.n]), fen)
		assert.Equal(t, sorted(b.them[:b.n]), sorted(a.them[:a.n]), fen)
		assert.Equal(t, b.score, a.score)
		assert.Equal(t, b.result, a.result)
		decode(&r, &b, false)
		assert.NotEqual(t, sorted(b.us[:b.n]), sorted(a.us[:a.n]), "the reflection moved no piece: %s", fen)
	}
}

// Validation holds out whole games, about the share asked for, the same
// ones for the same seed; training and validation cover the data once.
func TestSplitHoldsOutWholeGames(t *testing.T) {
	recs := materialData(t, 1000, 7)
	gameOf := make([]int, len(recs))
	game := 0
	for i := range recs {
		gameOf[i] = game
		if i%10 == 9 || i%37 == 36 { // games of uneven length
			recs[i].MarkLastOfGame()
			game++
		}
	}
	val, train := split(recs, 3, 0.1)
	assert.InDelta(t, 100, len(val), 12)
	seen := make([]int, len(recs))
	heldGames := map[int]bool{}
	for _, i := range val {
		seen[i]++
		heldGames[gameOf[i]] = true
	}
	for _, i := range train {
		seen[i]++
		assert.False(t, heldGames[gameOf[i]], "record %d of held-out game %d is in training", i, gameOf[i])
	}
	for i, n := range seen {
		require.Equal(t, 1, n, "record %d", i)
	}
	val2, _ := split(recs, 3, 0.1)
	assert.Equal(t, val, val2)
	val3, _ := split(recs, 4, 0.1)
	assert.NotEqual(t, val, val3)

	// Without game marks: one position at a time.
	plain := materialData(t, 100, 8)
	val, train = split(plain, 1, 0.1)
	assert.Len(t, val, 10)
	assert.Len(t, train, 90)
}

// FitWDLScale recovers the curve the results were drawn from: positions
// with random scores, each won by the side to move with probability
// sigmoid(score/150) (White and Black to move alike).
func TestFitWDLScaleRecoversTheCurve(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	white := movegen.NewStartPosition()
	black, err := movegen.ParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	require.NoError(t, err)
	var recs []trainingdata.Record
	for i := 0; i < 60000; i++ {
		score := rng.IntN(1201) - 600
		pos := white
		if i%2 == 1 {
			pos = black
		}
		won := rng.Float64() < 1/(1+math.Exp(-float64(score)/150))
		res := trainingdata.BlackWins
		if won == (pos.SideToMove() == movegen.White) {
			res = trainingdata.WhiteWins
		}
		r, err := trainingdata.Pack(pos, score, res)
		require.NoError(t, err)
		recs = append(recs, r)
	}
	scale, mse := FitWDLScale(recs)
	assert.InDelta(t, 150, scale, 15)
	assert.Greater(t, mse, 0.0)
}
