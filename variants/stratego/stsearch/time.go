package stsearch

import (
	"time"

	"tempest/kit"
	"tempest/variants/stratego"
)

// movesLeft is the number of own moves the time manager (kit.PlanTime)
// expects a Stratego game to last from any point in sudden death. 45 keeps
// the point where no new depth is started (half the soft limit) where this
// search's own plan had it before the kit, about 1/120 of the clock.
const movesLeft = 45

// plan is the decision's time budget: no new depth after half its soft
// limit, a stop at its hard limit; disabled when time does not limit (an
// infinite search ignores the clock).
func (e *Engine) plan(lim *Limits, us stratego.Side, start time.Time) kit.TimeManager {
	if lim.Infinite {
		return kit.TimeManager{Start: start}
	}
	return kit.PlanTime(lim, int(us), e.MoveOverhead, start, movesLeft)
}

// stopNow asks the kit's control every 1024 nodes; with ignoreBudget (the
// first depth, which every decision completes) only whether it was
// cancelled. A limit passed at the first depth stays passed, so the
// second stops at its first check.
func (w *worker) stopNow(ignoreBudget bool) bool {
	if w.aborted {
		return true
	}
	if w.nodes&1023 != 0 {
		return false
	}
	if ignoreBudget {
		w.aborted = w.ctl.Cancelled()
	} else {
		w.ctl.Check(w.nodeCount)
		w.aborted = w.ctl.Stopped()
	}
	return w.aborted
}

// nodeCount is the node count the control compares with the node limit.
func (w *worker) nodeCount() uint64 { return w.nodes }
