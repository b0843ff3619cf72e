package search

import (
	"testing"
	"time"

	"tempest/kit/kittest"
	"tempest/movegen"
)

// The chess search plans its time with the kit, so it keeps the clock
// reserve: short of time it answers at once and the increment rebuilds
// the clock.
func TestTimePlanKeepsTheClockReserve(t *testing.T) {
	kittest.KeepsClockReserve(t, func(left, inc time.Duration) time.Duration {
		lim := Limits{Clock: true}
		lim.Time[movegen.Black], lim.Inc[movegen.Black] = left, inc
		return timePlan(&lim, movegen.Black, 30*time.Millisecond, time.Now()).Hard
	})
}
