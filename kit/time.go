package kit

import "time"

// TimeManager is one search's time budget: the soft limit, after which no
// new iteration is started (a game may stretch it while its best move is
// unstable), and the hard limit, at which the search stops mid-iteration.
// Without a clock or a move time it is disabled and time never runs out.
type TimeManager struct {
	Enabled    bool
	Start      time.Time // the search's start, or the ponder hit's
	Soft, Hard time.Duration
}

// ClockReserveMoves sets the clock reserve with an increment, in units of
// Move Overhead (20 × the default 30 ms = 0.6 s).
const ClockReserveMoves = 20

// PlanTime budgets one move of player us. movesLeft is the game's
// expected number of the mover's moves still to come in sudden death (a
// movestogo below it is used instead); overhead is Move Overhead, the lag
// outside the engine on every move. Every game plans with it, so every
// game keeps the clock reserve.
func PlanTime[M comparable](lim *Limits[M], us int, overhead time.Duration, start time.Time, movesLeft int) TimeManager {
	tm := TimeManager{Start: start}
	if lim.Clock {
		tm.Enabled = true
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
		// Keep a reserve of ClockReserveMoves overheads: near it, spend at
		// most half the increment plus half of what lies above it; below
		// it, a shrinking share of half the increment, so the clock climbs
		// back even when the machine loses more than the overhead on every
		// move, and a cushion is left for one long stall.
		reserve := ClockReserveMoves * overhead
		if mtg > 1 && inc > 0 && reserve > 0 {
			if left >= reserve {
				capShare = min(capShare, (left-reserve)/2+inc/2)
			} else {
				capShare = min(capShare, time.Duration(float64(inc/2)*float64(left)/float64(reserve)))
			}
		}
		tm.Soft = min(ideal*3/4, capShare)
		tm.Hard = max(min(ideal*4, capShare), time.Millisecond)
		tm.Soft = max(min(tm.Soft, tm.Hard), time.Millisecond)
	}
	if lim.MoveTime > 0 {
		// A fixed time per move; with a clock as well, the tighter wins.
		fixed := max(lim.MoveTime-overhead, time.Millisecond)
		if !tm.Enabled || fixed < tm.Hard {
			tm.Hard = fixed
		}
		if !tm.Enabled || fixed < tm.Soft {
			tm.Soft = fixed
		}
		tm.Enabled = true
	}
	return tm
}

// Elapsed is the time since the start.
func (tm *TimeManager) Elapsed() time.Duration { return time.Since(tm.Start) }

// HardExpired is polled during the search.
func (tm *TimeManager) HardExpired() bool { return tm.Enabled && tm.Elapsed() >= tm.Hard }

// SoftExpired is checked between iterations; instability scales the limit
// (1 = stable best move, more when it keeps changing or the score drops).
func (tm *TimeManager) SoftExpired(instability float64) bool {
	return tm.Enabled && float64(tm.Elapsed()) >= float64(tm.Soft)*instability
}
