package nnue

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/movegen"
)

// randomNet fills a net with weights in the ranges a trained one has.
func randomNet(seed uint64) *Network {
	rng := rand.New(rand.NewPCG(seed, 1))
	n := new(Network)
	for i := range n.FeatureWeights {
		n.FeatureWeights[i] = int16(rng.IntN(129) - 64)
	}
	for i := range n.FeatureBias {
		n.FeatureBias[i] = int16(rng.IntN(257) - 128)
	}
	for b := range n.OutputWeights {
		for i := range n.OutputWeights[b] {
			n.OutputWeights[b][i] = int16(rng.IntN(2*MaxOutputWeight+1) - MaxOutputWeight)
		}
		n.OutputBias[b] = int32(rng.IntN(20001) - 10000)
	}
	return n
}

// The output layer is chosen by the number of pieces, kings included, in
// buckets of four from two pieces up; the same accumulators score by the
// bucket's weights.
func TestOutputBucketsByPieces(t *testing.T) {
	for pieces, want := range map[int]int{2: 0, 5: 0, 6: 1, 9: 1, 17: 3, 29: 6, 30: 7, 32: 7} {
		assert.Equal(t, want, OutputBucket(pieces), "%d pieces", pieces)
	}
	n := new(Network)
	for b := range n.OutputBias {
		n.OutputBias[b] = int32(b) * QA * QB // bucket b scores b·Scale cp
	}
	var acc Accumulator
	for pieces := 2; pieces <= 32; pieces++ {
		assert.Equal(t, OutputBucket(pieces)*Scale, n.Evaluate(&acc, movegen.White, pieces), "%d pieces", pieces)
	}
}

func TestFeaturesMirrorForBlack(t *testing.T) {
	// A white pawn on e2 seen by White is a black pawn on e7 seen by Black.
	assert.Equal(t, Feature(movegen.White, movegen.WhitePawn, movegen.E2), Feature(movegen.Black, movegen.BlackPawn, movegen.E7))
	assert.Equal(t, 0, Feature(movegen.White, movegen.WhitePawn, movegen.A1))
	assert.Equal(t, Inputs-1, Feature(movegen.White, movegen.BlackKing, movegen.H8))
	seen := map[int]bool{}
	for pc := movegen.WhitePawn; pc <= movegen.BlackKing; pc++ {
		if pc.Type() < movegen.Pawn || pc.Type() > movegen.King {
			continue
		}
		for sq := movegen.Square(0); sq < 64; sq++ {
			for _, side := range []movegen.Color{movegen.White, movegen.Black} {
				f := Feature(side, pc, sq)
				require.True(t, f >= 0 && f < Inputs)
				if side == movegen.White {
					require.False(t, seen[f], "feature %d twice", f)
					seen[f] = true
				}
			}
		}
	}
	assert.Len(t, seen, Inputs)
}

// The accumulators kept up move by move equal the ones computed from
// scratch after every move of random games: captures, promotions, en
// passant and castling on both wings included.
func TestIncrementalAccumulatorsMatchRefresh(t *testing.T) { bothPaths(t, incrementalMatchesRefresh) }

// bothPaths runs a check with the SIMD kernels (where the machine has
// them) and with the portable ones.
func bothPaths(t *testing.T, check func(t *testing.T)) {
	simd := useSIMD
	defer func() { useSIMD = simd }()
	if simd {
		t.Run("simd", check)
	}
	useSIMD = false
	t.Run("portable", check)
}

func incrementalMatchesRefresh(t *testing.T) {
	n := randomNet(1)
	rng := rand.New(rand.NewPCG(2, 3))
	var buf [movegen.MaxMoves]movegen.Move
	kinds := map[string]int{}
	for game := 0; game < 200; game++ {
		pos := movegen.NewStartPosition()
		var acc, fresh Accumulator
		n.Refresh(&acc, pos)
		for ply := 0; ply < 300 && pos.Outcome() == movegen.Ongoing; ply++ {
			moves := pos.GenLegal(buf[:])
			m := moves[rng.IntN(len(moves))]
			switch {
			case m.IsCastling():
				kinds["castling"]++
			case m.IsEnPassant():
				kinds["en passant"]++
			case m.IsPromotion():
				kinds["promotion"]++
			}
			d := MoveDelta(pos, m)
			var next Accumulator
			n.Apply(&next, &acc, &d)
			var u movegen.Undo
			pos.Make(m, &u)
			acc = next
			n.Refresh(&fresh, pos)
			require.Equal(t, fresh, acc, "after %s in game %d at %s", m, game, pos.FEN())
		}
	}
	for _, k := range []string{"castling", "en passant", "promotion"} {
		assert.Positive(t, kinds[k], "the games met no %s", k)
	}
}

// Evaluate is Σ clamp(v,0,QA)²·w over both perspectives, scaled: checked
// against the formula in plain 64-bit arithmetic.
func TestEvaluateIsTheFormula(t *testing.T) { bothPaths(t, evaluateIsTheFormula) }

func evaluateIsTheFormula(t *testing.T) {
	n := randomNet(4)
	rng := rand.New(rand.NewPCG(5, 6))
	var buf [movegen.MaxMoves]movegen.Move
	pos := movegen.NewStartPosition()
	for ply := 0; ply < 200 && pos.Outcome() == movegen.Ongoing; ply++ {
		var acc Accumulator
		n.Refresh(&acc, pos)
		stm := pos.SideToMove()
		pieces := pos.Occupied().Count()
		b := (pieces - 2) / 4 // 2-5 pieces: bucket 0, ..., 30-32: bucket 7
		var sum int64
		for i := 0; i < Hidden; i++ {
			us := int64(min(max(acc.V[stm][i], 0), QA))
			them := int64(min(max(acc.V[stm^1][i], 0), QA))
			sum += us*us*int64(n.OutputWeights[b][i]) + them*them*int64(n.OutputWeights[b][Hidden+i])
		}
		want := min(max(int((sum/QA+int64(n.OutputBias[b]))*Scale/(QA*QB)), -MaxScore), MaxScore)
		require.Equal(t, want, n.Evaluate(&acc, stm, pieces))
		moves := pos.GenLegal(buf[:])
		var u movegen.Undo
		pos.Make(moves[rng.IntN(len(moves))], &u)
	}
}

// The largest output a net can hold neither overflows the SIMD path's
// 32-bit sums nor reaches the search's mate scores.
func TestExtremeNetsStayBounded(t *testing.T) { bothPaths(t, extremeNetsStayBounded) }

func extremeNetsStayBounded(t *testing.T) {
	for _, sign := range []int16{1, -1} {
		n := new(Network)
		for i := range n.FeatureBias {
			n.FeatureBias[i] = QA
		}
		for i := range n.OutputWeights[OutputBuckets-1] {
			n.OutputWeights[OutputBuckets-1][i] = sign * MaxOutputWeight
		}
		n.OutputBias[OutputBuckets-1] = int32(sign) * 1 << 30
		var acc Accumulator
		pos := movegen.NewStartPosition()
		n.Refresh(&acc, pos)
		assert.Equal(t, int(sign)*MaxScore, n.Evaluate(&acc, movegen.White, 32))
		n.OutputBias[OutputBuckets-1] = 0
		// 512 units at the clamp times the largest weight: about 405,000 cp before the bound.
		assert.Equal(t, int(sign)*MaxScore, n.Evaluate(&acc, movegen.White, 32))
	}
}

func TestNothingAllocates(t *testing.T) {
	n := randomNet(7)
	pos := movegen.NewStartPosition()
	var acc, next Accumulator
	m, err := pos.ParseUCIMove("e2e4", false)
	require.NoError(t, err)
	allocs := testing.AllocsPerRun(100, func() {
		n.Refresh(&acc, pos)
		d := MoveDelta(pos, m)
		n.Apply(&next, &acc, &d)
		_ = n.Evaluate(&next, movegen.Black, 32)
	})
	assert.Zero(t, allocs)
}

// BenchmarkKernels times a quiet move's update of both accumulators and
// the output, on each path the machine has (docs/NNUE.md).
func BenchmarkKernels(b *testing.B) {
	n := randomNet(8)
	pos := movegen.NewStartPosition()
	var acc, next Accumulator
	n.Refresh(&acc, pos)
	m, _ := pos.ParseUCIMove("g1f3", false)
	d := MoveDelta(pos, m)
	simd := useSIMD
	defer func() { useSIMD = simd }()
	for _, path := range []string{"simd", "portable"} {
		if path == "simd" && !simd {
			continue
		}
		useSIMD = path == "simd"
		b.Run(path+"/apply", func(b *testing.B) {
			for b.Loop() {
				n.Apply(&next, &acc, &d)
			}
		})
		b.Run(path+"/evaluate", func(b *testing.B) {
			for b.Loop() {
				_ = n.Evaluate(&acc, movegen.White, 32)
			}
		})
	}
}

// The SIMD kernels and the portable ones give identical accumulators and
// scores, move by move through random games with random nets (thousands
// of positions). Where the machine has no SIMD path there is nothing to
// compare; the other tests then check the portable path alone.
func TestSIMDAndPortablePathsAgree(t *testing.T) {
	if !useSIMD {
		t.Skip("no SIMD path on this machine")
	}
	defer func() { useSIMD = true }()
	rng := rand.New(rand.NewPCG(10, 11))
	var buf [movegen.MaxMoves]movegen.Move
	positions := 0
	for game := 0; game < 40; game++ {
		n := randomNet(uint64(100 + game))
		pos := movegen.NewStartPosition()
		var simd, portable Accumulator
		n.Refresh(&simd, pos)
		portable = simd
		for ply := 0; ply < 200 && pos.Outcome() == movegen.Ongoing; ply++ {
			moves := pos.GenLegal(buf[:])
			m := moves[rng.IntN(len(moves))]
			d := MoveDelta(pos, m)
			var nextSIMD, nextPortable Accumulator
			useSIMD = true
			n.Apply(&nextSIMD, &simd, &d)
			useSIMD = false
			n.Apply(&nextPortable, &portable, &d)
			require.Equal(t, nextPortable, nextSIMD, "after %s at %s", m, pos.FEN())
			var u movegen.Undo
			pos.Make(m, &u)
			simd, portable = nextSIMD, nextPortable
			for _, stm := range []movegen.Color{movegen.White, movegen.Black} {
				useSIMD = true
				a := n.Evaluate(&simd, stm, pos.Occupied().Count())
				useSIMD = false
				b := n.Evaluate(&portable, stm, pos.Occupied().Count())
				require.Equal(t, b, a, "at %s", pos.FEN())
			}
			positions++
		}
	}
	assert.Greater(t, positions, 2000)
	// Extremes: every lane at the clamp's edges and beyond, weights at their bounds.
	n := randomNet(12)
	for i := range n.OutputWeights[OutputBuckets-1] {
		n.OutputWeights[OutputBuckets-1][i] = []int16{MaxOutputWeight, -MaxOutputWeight}[i%2]
	}
	var acc Accumulator
	for i := range acc.V[0] {
		acc.V[0][i] = []int16{32767, -32768, QA, QA + 1, 0, -1}[i%6]
		acc.V[1][i] = QA
	}
	useSIMD = true
	a := n.Evaluate(&acc, movegen.White, 32)
	useSIMD = false
	assert.Equal(t, n.Evaluate(&acc, movegen.White, 32), a)
}
