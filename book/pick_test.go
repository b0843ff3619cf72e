package book

import (
	"math"
	"math/rand/v2"
	"testing"

	"tempest/movegen"
)

// startBook returns a book for the start position with the given moves
// and weights, in that file order.
func startBook(t *testing.T, moves []string, weights []uint16) (*Book, *movegen.Position, []movegen.Move) {
	t.Helper()
	pos := movegen.NewStartPosition()
	var entries []KeyedEntry
	var ms []movegen.Move
	for i, text := range moves {
		m, err := pos.ParseUCIMove(text, false)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
		entries = append(entries, NewEntry(pos, m, weights[i], 0))
	}
	b, err := Parse(mustWrite(t, entries))
	if err != nil {
		t.Fatal(err)
	}
	return b, pos, ms
}

// TestPickDistribution draws many times and checks each move's share
// against its weight with a chi-square test. The bound is generous (a
// correct picker fails it about once in 10^9 runs with a fresh seed; the
// seed here is fixed anyway), yet a uniform or a best-only picker exceeds
// it many times over. A weight-0 move is never drawn.
func TestPickDistribution(t *testing.T) {
	weights := []uint16{60, 25, 10, 5, 0}
	b, pos, ms := startBook(t, []string{"e2e4", "d2d4", "g1f3", "c2c4", "b2b3"}, weights)
	const draws = 20000
	rng := rand.New(rand.NewPCG(42, 1))
	counts := map[movegen.Move]int{}
	for range draws {
		m, ok := b.Pick(pos, rng, Weighted)
		if !ok {
			t.Fatal("no move picked")
		}
		counts[m]++
	}
	if counts[ms[4]] != 0 {
		t.Fatalf("the weight-0 move was picked %d times", counts[ms[4]])
	}
	chi2 := func(observed func(i int) float64) float64 {
		var sum float64
		for i := 0; i < 4; i++ {
			want := draws * float64(weights[i]) / 100
			sum += (observed(i) - want) * (observed(i) - want) / want
		}
		return sum
	}
	// 3 degrees of freedom: P(chi2 > 50) is about 8e-11.
	const bound = 50
	got := chi2(func(i int) float64 { return float64(counts[ms[i]]) })
	t.Logf("counts %v (weights %v), chi-square %.1f", counts, weights, got)
	if got > bound {
		t.Errorf("chi-square %.1f > %d: picks are not proportional to weights", got, bound)
	}
	if u := chi2(func(int) float64 { return draws / 4 }); u <= bound {
		t.Fatalf("the test would not catch a uniform picker (%.1f)", u)
	}
	if u := chi2(func(i int) float64 { return map[bool]float64{true: draws}[i == 0] }); u <= bound {
		t.Fatalf("the test would not catch a best-only picker (%.1f)", u)
	}
}

// TestPickDeterministic checks that the same seed gives the same choices
// and that different seeds do not all agree.
func TestPickDeterministic(t *testing.T) {
	b, pos, _ := startBook(t, []string{"e2e4", "d2d4", "g1f3", "c2c4"}, []uint16{4, 3, 2, 1})
	run := func(seed uint64) []movegen.Move {
		rng := rand.New(rand.NewPCG(seed, seed))
		var out []movegen.Move
		for range 100 {
			m, _ := b.Pick(pos, rng, Weighted)
			out = append(out, m)
		}
		return out
	}
	a, again, other := run(1), run(1), run(2)
	differ := false
	for i := range a {
		if a[i] != again[i] {
			t.Fatalf("pick %d differs for the same seed: %v, %v", i, a[i], again[i])
		}
		differ = differ || a[i] != other[i]
	}
	if !differ {
		t.Error("seeds 1 and 2 picked the same 100 moves")
	}
}

func TestPickBest(t *testing.T) {
	b, pos, ms := startBook(t, []string{"g1f3", "e2e4", "d2d4", "c2c4"}, []uint16{5, 9, 9, 1})
	if m, ok := b.Pick(pos, nil, Best); !ok || m != ms[1] {
		t.Errorf("Best = %v, %v; want %v (the first of the highest weight)", m, ok, ms[1])
	}

	b, pos, _ = startBook(t, []string{"e2e4", "d2d4"}, []uint16{0, 0})
	for _, mode := range []Mode{Weighted, Best} {
		if m, ok := b.Pick(pos, rand.New(rand.NewPCG(1, 2)), mode); ok {
			t.Errorf("%v with only weight-0 entries picked %v", mode, m)
		}
	}
	if len(b.Entries(pos)) != 2 {
		t.Error("Entries should list weight-0 entries")
	}

	// A position the book does not hold, and a book move that is illegal.
	var u movegen.Undo
	m, _ := pos.ParseUCIMove("e2e4", false)
	pos.Make(m, &u)
	if m, ok := b.Pick(pos, nil, Best); ok {
		t.Errorf("picked %v in a position not in the book", m)
	}
	b, err := Parse(mustWrite(t, []KeyedEntry{{Key: Key(pos), Move: EncodeMove(m), Weight: 7}})) // e2e4 again, now illegal
	if err != nil {
		t.Fatal(err)
	}
	if m, ok := b.Pick(pos, nil, Weighted); ok {
		t.Errorf("picked the illegal book move %v", m)
	}
}

// TestPickLargeWeights checks that weights near the 16-bit limit add up
// without overflow.
func TestPickLargeWeights(t *testing.T) {
	moves := []string{"a2a3", "b2b3", "c2c3", "d2d3", "e2e3", "f2f3", "g2g3", "h2h3"}
	weights := make([]uint16, len(moves))
	for i := range weights {
		weights[i] = math.MaxUint16
	}
	b, pos, _ := startBook(t, moves, weights)
	rng := rand.New(rand.NewPCG(3, 3))
	seen := map[movegen.Move]bool{}
	for range 400 {
		m, ok := b.Pick(pos, rng, Weighted)
		if !ok {
			t.Fatal("no move")
		}
		seen[m] = true
	}
	if len(seen) != len(moves) {
		t.Errorf("only %d of %d equally weighted moves picked in 400 draws", len(seen), len(moves))
	}
}

// TestPickAllocatesNothing keeps probing cheap for the engine's first moves.
func TestPickAllocatesNothing(t *testing.T) {
	b, pos, _ := startBook(t, []string{"e2e4", "d2d4"}, []uint16{2, 1})
	rng := rand.New(rand.NewPCG(1, 1))
	if n := testing.AllocsPerRun(100, func() { b.Pick(pos, rng, Weighted) }); n != 0 {
		t.Errorf("Pick allocates %v times per call", n)
	}
}
