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

// A GUI's lag is charged on every move. Short of time with a small
// increment, the engine must answer at once and let the increment rebuild
// a reserve that absorbs a sudden stall, instead of living on the edge.
func TestClockKeepsAReserveUnderLag(t *testing.T) {
	const (
		overhead = 30 * time.Millisecond
		lag      = 15 * time.Millisecond
		inc      = 20 * time.Millisecond
	)
	left := 2 * time.Second
	lowest := left
	for move := 0; move < 300; move++ {
		tm := newTimeManager(clockLimits(left, inc, 0), movegen.Black, overhead, time.Now())
		left -= tm.hard + lag // the worst case: every search runs to its hard limit
		left += inc
		if move >= 100 {
			lowest = min(lowest, left)
		}
		assert.Positive(t, left, "move %d", move)
	}
	assert.Greater(t, lowest, 300*time.Millisecond, "the reserve after the opening phase")
}
