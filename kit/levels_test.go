package kit

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLevelForElo(t *testing.T) {
	assert.Equal(t, 0, LevelForElo(0))
	last := len(PlayingLevels) - 1
	assert.Equal(t, last, LevelForElo(PlayingLevels[last].Elo))
	for i := 1; i < len(PlayingLevels); i++ {
		require.Greater(t, PlayingLevels[i].Elo, PlayingLevels[i-1].Elo, "levels ordered by Elo")
		assert.Equal(t, i, LevelForElo(PlayingLevels[i].Elo))
		assert.Equal(t, i-1, LevelForElo(PlayingLevels[i].Elo-1))
	}
}

func TestNarrow(t *testing.T) {
	l := Level{Kind: WeakSearch, Depth: 3, Nodes: 1000}
	d, n, mt := l.Narrow(0, 5000, 0)
	assert.Equal(t, 3, d)
	assert.Equal(t, uint64(1000), n)
	assert.Zero(t, mt)
	d, n, _ = l.Narrow(2, 10, 0)
	assert.Equal(t, 2, d, "a tighter request stays")
	assert.Equal(t, uint64(10), n)
}

// NoisyPick chooses each candidate about as often as its weight
// exp(-(best-score)/noise) says, never a decided one, and the best when
// the best is decided.
func TestNoisyPickFollowsTheWeights(t *testing.T) {
	scores := []int{50, 30, 10, -1000}
	const noise, draws = 20, 40000
	decided := func(s int) bool { return s <= -1000 }
	rng := rand.New(rand.NewPCG(3, 4))
	var counts [4]int
	for i := 0; i < draws; i++ {
		counts[NoisyPick(scores, noise, decided, rng)]++
	}
	total := 1 + math.Exp(-1) + math.Exp(-2)
	for i, want := range []float64{1, math.Exp(-1), math.Exp(-2)} {
		assert.InDelta(t, want/total, float64(counts[i])/draws, 0.01, "candidate %d", i)
	}
	assert.Zero(t, counts[3], "a decided score is never gambled on")

	mate := []int{30000, 29990}
	for i := 0; i < 100; i++ {
		assert.Zero(t, NoisyPick(mate, noise, func(s int) bool { return s > 20000 }, rng))
	}
	assert.Zero(t, NoisyPick(scores, 0, nil, rng), "no noise: the best")
	assert.Zero(t, NoisyPick(nil, noise, nil, rng))
}

func TestNoisyPickAllocatesNothing(t *testing.T) {
	scores := []int{50, 30, 10}
	rng := rand.New(rand.NewPCG(1, 1))
	allocs := testing.AllocsPerRun(100, func() { NoisyPick(scores, 20, nil, rng) })
	assert.Zero(t, allocs)
}

func TestApplyLevelCapsAndKeepsTheClock(t *testing.T) {
	weak := Level{Kind: WeakSearch, Depth: 3, Nodes: 100, MoveTime: time.Second}
	lim := Limits[int]{Depth: 9, Clock: true, Infinite: true, MoveTime: 2 * time.Second}
	lim.Time[0] = 300 * time.Millisecond
	got := ApplyLevel(weak, lim)
	assert.Equal(t, 3, got.Depth)
	assert.Equal(t, uint64(100), got.Nodes)
	assert.Equal(t, time.Second, got.MoveTime)
	assert.True(t, got.Clock && got.Infinite, "the clock and infinite stay")
	assert.Equal(t, 2, ApplyLevel(weak, Limits[int]{Depth: 2}).Depth, "a tighter limit of the search stays")
	assert.Equal(t, lim, ApplyLevel(Level{Kind: FullStrength}, lim))
	tm := PlanTime(&got, 0, 30*time.Millisecond, time.Now(), 35)
	assert.Less(t, tm.Hard, 300*time.Millisecond, "the clock's plan is tighter than the level's second")
}

// Chess's scale is the levels' own Elo, level by level.
func TestChessScaleIsThePlayingLevelsElo(t *testing.T) {
	s := ChessScale()
	assert.Zero(t, s.Players)
	require.Len(t, s.Elo, len(PlayingLevels))
	for i, l := range PlayingLevels {
		assert.Equal(t, l.Elo, s.Elo[i])
	}
}
