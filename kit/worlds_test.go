package kit

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestViewSeedHashesTheWholeText(t *testing.T) {
	assert.Equal(t, ViewSeed("ab", "c"), ViewSeed("abc"), "the parts are one text")
	assert.NotEqual(t, ViewSeed("abc"), ViewSeed("abd"))
}

func TestDealWorldsMergesEqualDeals(t *testing.T) {
	deals := []string{"x", "y", "x", "x", "z"}
	next := 0
	deal := func() string { next++; return deals[next-1] }
	worlds, weights := DealWorlds(5, deal, func(w *string) string { return *w })
	assert.Equal(t, []string{"x", "y", "z"}, worlds)
	assert.Equal(t, []int{3, 1, 1}, weights, "a world weighs as many deals as gave it")

	next = 0
	worlds, weights = DealWorlds(5, deal, nil)
	assert.Equal(t, deals, worlds, "without a key every deal is its own world")
	assert.Equal(t, []int{1, 1, 1, 1, 1}, weights)

	next = 0
	worlds, _ = DealWorlds(0, deal, nil)
	assert.Len(t, worlds, 1, "a decision always has a world")
}

func TestBallotAveragesClippedScores(t *testing.T) {
	const mate = 30000
	decided := func(s int) bool { return s > 20000 || s < -20000 }
	b := NewBallot[string](func(s int) int { return ClipTo(s, 2000) }, decided)
	// World weights 2, 1, 1: a mate in one world only is a big edge, not a mate.
	b.Vote("e4", 2)
	b.Score("e4", 100, 2)
	b.Vote("d4", 1)
	b.Score("d4", mate, 1)
	b.Vote("e4", 1)
	b.Score("e4", -50, 1)
	e4, d4 := b.Tally("e4"), b.Tally("d4")
	assert.Equal(t, 3, e4.Votes)
	assert.Equal(t, (2*100-50)/3, e4.Mean())
	assert.Equal(t, 2000, d4.Mean(), "the mate is clipped")
	assert.Equal(t, 1, d4.Decided)
	assert.Equal(t, mate, d4.Forced/d4.Decided, "forced results are kept unclipped apart")
	assert.Nil(t, b.Tally("c4"))
	assert.Equal(t, []string{"e4", "d4"}, b.ByVotes())

	// A tie in votes goes to the higher mean.
	b.Vote("d4", 2)
	assert.Equal(t, []string{"d4", "e4"}, b.ByVotes())

	// The comparison round: scores cleared, votes kept, then the mean
	// expected result decides.
	b.ClearScores(true)
	assert.Equal(t, 3, b.Tally("d4").Votes)
	assert.Zero(t, b.Tally("d4").Weight)
	b.Score("e4", 300, 1)
	b.Score("e4", 300, 1)
	b.Score("d4", 900, 1) // +900 in one world, -300 in the other: a mean of +300
	b.Score("d4", -300, 1)
	moves := b.Moves()
	b.ByExpected(moves)
	assert.Equal(t, "e4", moves[0], "the steady +300 beats a gamble of the same mean")
	b.ClearScores(false)
	assert.Zero(t, b.Tally("d4").Votes)
}

func TestBallotShiftCorrectsWithoutCountingAWorld(t *testing.T) {
	b := NewBallot[int](func(s int) int { return ClipTo(s, 100) }, nil)
	b.Score(0, 500, 1)
	b.Shift(0, -40, 1)
	assert.Equal(t, 60, b.Tally(0).Mean(), "clipped to 100, then corrected")
	assert.Equal(t, 1, b.Tally(0).Weight)
}

// Scoring known candidates allocates nothing, so a search may score every
// root move in every world and iteration.
func TestBallotScoringDoesNotAllocate(t *testing.T) {
	b := NewBallot[int](func(s int) int { return ClipTo(s, 100) }, nil)
	for i := 0; i < 40; i++ {
		b.Add(i)
	}
	allocs := testing.AllocsPerRun(100, func() {
		b.ClearScores(false)
		for i := 0; i < 40; i++ {
			b.Score(i, i*10, 1)
			b.Shift(i, 1, 1)
		}
	})
	require.Zero(t, allocs)
}

func TestExpectedScoreIsTheLogisticCurve(t *testing.T) {
	assert.InDelta(t, 0.5, ExpectedScore(0), 1e-12)
	assert.InDelta(t, 10.0/11, ExpectedScore(400), 1e-12, "+400: odds of 10 to 1")
	assert.InDelta(t, 1-ExpectedScore(250), ExpectedScore(-250), 1e-12)
}
