package kit

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"tempest/kit/kittest"
)

const overhead = 30 * time.Millisecond

func clockLimits(left, inc time.Duration, movesToGo int) *Limits[int] {
	return &Limits[int]{Clock: true, Time: [MaxPlayers]time.Duration{left, left, left, left},
		Inc: [MaxPlayers]time.Duration{inc, inc, inc, inc}, MovesToGo: movesToGo}
}

func TestTimePlanAtCommonControls(t *testing.T) {
	tm := PlanTime(clockLimits(10*time.Second, 100*time.Millisecond, 0), 0, overhead, time.Now(), 35)
	assert.InDelta(t, 260, tm.Soft.Milliseconds(), 15, "10+0.1, first move")
	assert.InDelta(t, 1400, tm.Hard.Milliseconds(), 20)

	// The last move before the time control may use most of the clock.
	tm = PlanTime(clockLimits(time.Second, 0, 1), 0, overhead, time.Now(), 35)
	assert.InDelta(t, 680, tm.Soft.Milliseconds(), 5)
	assert.InDelta(t, 873, tm.Hard.Milliseconds(), 5)

	// movetime is exact, less the overhead.
	tm = PlanTime(&Limits[int]{MoveTime: time.Second}, 0, overhead, time.Now(), 35)
	assert.Equal(t, 970*time.Millisecond, tm.Soft)
	assert.Equal(t, 970*time.Millisecond, tm.Hard)

	// Without a clock or a move time, time never runs out.
	tm = PlanTime(&Limits[int]{Depth: 5}, 0, overhead, time.Now(), 35)
	assert.False(t, tm.Enabled)
}

// Only the mover's clock counts, whichever player it is of up to four.
func TestTimePlanReadsTheMoversClock(t *testing.T) {
	lim := &Limits[int]{Clock: true}
	lim.Time[3], lim.Inc[3] = 10*time.Second, 100*time.Millisecond
	lim.Time[0] = 10 * time.Millisecond
	fourth := PlanTime(lim, 3, overhead, time.Now(), 35)
	assert.InDelta(t, 1400, fourth.Hard.Milliseconds(), 20)
	first := PlanTime(lim, 0, overhead, time.Now(), 35)
	assert.Equal(t, time.Millisecond, first.Hard, "an empty clock still limits")
}

// The reserve holds whatever number of moves a game expects to last.
func TestClockReserveForEveryGameLength(t *testing.T) {
	for _, movesLeft := range []int{25, 35, 45, 60} {
		kittest.KeepsClockReserve(t, func(left, inc time.Duration) time.Duration {
			return PlanTime(clockLimits(left, inc, 0), 1, overhead, time.Now(), movesLeft).Hard
		})
	}
}

// recorder is a test that only notes whether it failed.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }

// The check itself fails on a plan without a reserve: one that spends a
// fixed share of the clock plus most of the increment, as the Chameleon
// and Stratego searches planned before they shared the kit.
func TestClockReserveCheckCatchesAPlanWithoutReserve(t *testing.T) {
	noReserve := func(left, inc time.Duration) time.Duration { return min(left/30+inc*3/4, left/3) }
	var r recorder
	kittest.KeepsClockReserve(&r, noReserve)
	assert.True(t, r.failed)
}

func TestConvertKeepsEveryLimit(t *testing.T) {
	hit := make(chan struct{})
	l := Limits[int]{Depth: 1, Nodes: 2, Mate: 3, MoveTime: 4, Infinite: true, Ponder: true, PonderHit: hit,
		Clock: true, Time: [MaxPlayers]time.Duration{5, 6, 7, 8}, Inc: [MaxPlayers]time.Duration{9, 10, 11, 12},
		MovesToGo: 13, SearchMoves: []int{14}}
	c := Convert[string](l)
	want := Limits[string]{Depth: 1, Nodes: 2, Mate: 3, MoveTime: 4, Infinite: true, Ponder: true, PonderHit: hit,
		Clock: true, Time: l.Time, Inc: l.Inc, MovesToGo: 13}
	assert.Equal(t, want, c)
}
