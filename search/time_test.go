package search

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"tempest/movegen"
)

func clockLimits(left, inc time.Duration, movesToGo int) Limits {
	return Limits{Clock: true, Time: [2]time.Duration{left, left}, Inc: [2]time.Duration{inc, inc}, MovesToGo: movesToGo}
}

func TestTimePlanAtCommonControls(t *testing.T) {
	const overhead = 30 * time.Millisecond
	tm := newTimeManager(clockLimits(10*time.Second, 100*time.Millisecond, 0), movegen.White, overhead, time.Now())
	assert.InDelta(t, 260, tm.soft.Milliseconds(), 15, "10+0.1, first move")
	assert.InDelta(t, 1400, tm.hard.Milliseconds(), 20)

	// The last move before the time control may use most of the clock.
	tm = newTimeManager(clockLimits(time.Second, 0, 1), movegen.White, overhead, time.Now())
	assert.InDelta(t, 680, tm.soft.Milliseconds(), 5)
	assert.InDelta(t, 873, tm.hard.Milliseconds(), 5)

	// movetime is exact, less the overhead.
	tm = newTimeManager(Limits{MoveTime: time.Second}, movegen.White, overhead, time.Now())
	assert.Equal(t, 970*time.Millisecond, tm.soft)
	assert.Equal(t, 970*time.Millisecond, tm.hard)
}

// lowestClock plays moves on a clock that loses lag outside the engine on
// every move, each search running to its hard limit (the worst case), and
// returns the lowest the clock fell from move "from" on.
func lowestClock(t *testing.T, left, inc, lag time.Duration, moves, from int) time.Duration {
	t.Helper()
	const overhead = 30 * time.Millisecond
	lowest := left
	for move := 0; move < moves; move++ {
		tm := newTimeManager(clockLimits(left, inc, 0), movegen.Black, overhead, time.Now())
		left += inc - tm.hard - lag
		if move >= from {
			lowest = min(lowest, left)
		}
		assert.Positive(t, left, "move %d", move)
	}
	return lowest
}

// A GUI's lag is charged on every move. Short of time with a small
// increment, the engine must answer at once and let the increment rebuild
// a reserve that absorbs a sudden stall, instead of living on the edge.
func TestClockKeepsAReserveUnderLag(t *testing.T) {
	lowest := lowestClock(t, 2*time.Second, 20*time.Millisecond, 15*time.Millisecond, 300, 100)
	assert.Greater(t, lowest, 300*time.Millisecond, "the reserve after the opening phase")
}

// The same at 10+0.1 on a loaded machine: 60 ms lost outside the engine on
// every move, more than half the increment. The clock must settle well
// above what one more stall could take.
func TestClockKeepsAReserveUnderHeavyLag(t *testing.T) {
	lowest := lowestClock(t, 10*time.Second, 100*time.Millisecond, 60*time.Millisecond, 300, 0)
	assert.Greater(t, lowest, 400*time.Millisecond, "the lowest the clock fell")
}
