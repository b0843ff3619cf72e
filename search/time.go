package search

import "time"

// timeManager turns the clock into two limits: the soft limit, after which
// no new iteration is started (stretched when the best move is unstable),
// and the hard limit, at which the search is aborted mid-iteration.
type timeManager struct {
	enabled    bool
	start      time.Time
	soft, hard time.Duration
}

// Expected number of moves left in a sudden-death game; the search plans to
// spend 1/movesLeft of the time it will have over those moves.
const movesLeft = 35

// clockReserveMoves sets the clock reserve with an increment, in units of
// Move Overhead (20 × the default 30 ms = 0.6 s).
const clockReserveMoves = 20

func newTimeManager(lim Limits, us Color, overhead time.Duration, start time.Time) timeManager {
	tm := timeManager{start: start}
	if lim.Clock {
		tm.enabled = true
		left := max(lim.Time[us]-overhead, time.Millisecond)
		inc := lim.Inc[us]
		mtg := movesLeft
		if lim.MovesToGo > 0 {
			mtg = min(lim.MovesToGo, movesLeft)
		}
		// The GUI's lag is paid on every move, not once: plan with the
		// clock plus the increments to come, less the overhead of each of
		// those moves. Short of time this leaves almost nothing to spend,
		// so moves come at once and the increment rebuilds the clock.
		pool := lim.Time[us] + inc*time.Duration(mtg-1) - overhead*time.Duration(mtg+2)
		ideal := max(pool/time.Duration(mtg), time.Millisecond)
		// Never plan to use more than a share of what is left: all but a
		// margin on the last move before the time control, else half.
		capShare := left / 2
		if mtg == 1 {
			capShare = left * 9 / 10
		}
		// Keep a reserve of clockReserveMoves overheads: near it, spend at
		// most half the increment plus half of what lies above it; below
		// it, a shrinking share of half the increment, so the clock climbs
		// back even when the machine loses more than the overhead on every
		// move, and a cushion is left for one long stall.
		reserve := clockReserveMoves * overhead
		if mtg > 1 && inc > 0 && reserve > 0 {
			if left >= reserve {
				capShare = min(capShare, (left-reserve)/2+inc/2)
			} else {
				capShare = min(capShare, time.Duration(float64(inc/2)*float64(left)/float64(reserve)))
			}
		}
		tm.soft = min(ideal*3/4, capShare)
		tm.hard = max(min(ideal*4, capShare), time.Millisecond)
		tm.soft = max(min(tm.soft, tm.hard), time.Millisecond)
	}
	if lim.MoveTime > 0 {
		// A fixed time per move; with a clock as well, the tighter wins.
		fixed := max(lim.MoveTime-overhead, time.Millisecond)
		if !tm.enabled || fixed < tm.hard {
			tm.hard = fixed
		}
		if !tm.enabled || fixed < tm.soft {
			tm.soft = fixed
		}
		tm.enabled = true
	}
	return tm
}

func (tm *timeManager) elapsed() time.Duration { return time.Since(tm.start) }

// hardExpired is polled during the search.
func (tm *timeManager) hardExpired() bool { return tm.enabled && tm.elapsed() >= tm.hard }

// softExpired is checked between iterations; instability scales the limit
// (1 = stable best move, more when it keeps changing or the score drops).
func (tm *timeManager) softExpired(instability float64) bool {
	return tm.enabled && float64(tm.elapsed()) >= float64(tm.soft)*instability
}
