// Package kittest holds the checks every game's engine must pass, for
// the games' own tests.
package kittest

import (
	"testing"
	"time"
)

// Plan budgets one move: the hard limit of a search with left on the
// mover's clock and inc per move, as the game's search computes it.
type Plan func(left, inc time.Duration) (hard time.Duration)

// LowestClock plays moves on a clock that loses lag outside the engine on
// every move, each search running to its hard limit (the worst case). It
// returns the lowest the clock fell from move "from" on, and the move at
// which the clock ran out (-1 if it never did).
func LowestClock(plan Plan, left, inc, lag time.Duration, moves, from int) (lowest time.Duration, flagged int) {
	lowest = left
	for move := 0; move < moves; move++ {
		left += inc - plan(left, inc) - lag
		if move >= from {
			lowest = min(lowest, left)
		}
		if left <= 0 {
			return left, move
		}
	}
	return lowest, -1
}

// KeepsClockReserve checks that a game's time plan, with the default Move
// Overhead of 30 ms, answers short of time at once and lets the increment
// rebuild a reserve that absorbs a stall: at 2+0.02 losing 15 ms a move
// outside the engine the clock settles above 300 ms after 100 moves, and
// at 10+0.1 losing 60 ms a move (a loaded machine) it never falls below
// 400 ms.
func KeepsClockReserve(t testing.TB, plan Plan) {
	t.Helper()
	for _, c := range []struct {
		name           string
		left, inc, lag time.Duration
		from           int
		floor          time.Duration
	}{
		{"2+0.02 with 15 ms lag", 2 * time.Second, 20 * time.Millisecond, 15 * time.Millisecond, 100, 300 * time.Millisecond},
		{"10+0.1 with 60 ms lag", 10 * time.Second, 100 * time.Millisecond, 60 * time.Millisecond, 0, 400 * time.Millisecond},
	} {
		low, flagged := LowestClock(plan, c.left, c.inc, c.lag, 300, c.from)
		switch {
		case flagged >= 0:
			t.Errorf("%s: the clock ran out at move %d", c.name, flagged)
		case low <= c.floor:
			t.Errorf("%s: the clock fell to %v; want above %v", c.name, low, c.floor)
		}
	}
}
